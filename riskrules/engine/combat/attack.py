"""A battle under kill-rate combat in a game (a part of `Battle`, see battle.py): every army
of the attacking territory but those that stay behind fights at once; after a conquest every
surviving attacker moves in (Warzone's rule), so nobody is asked how many."""

from __future__ import annotations

from math import log

from .events import BattlesEvent
from .kill_rates import STILL, draw_kills, futile, pressed_outcomes, still_chance

MAX_ROLLS = 10 ** 12  # battles a `battles` event counts at most (the log schema's largest count)


class KillRateBattle(BattlesEvent):
    """The kill-rate battles of a `Game`."""

    def kill_battle(self, decider: int, side: int, source: int, target: int, floor: int = 0) -> None:
        """One battle: every army in `source` but the guard (with a `floor`, but floor − 1) attacks
        `target`; an empty territory (`guard 0`) is taken without a fight."""
        b = self.rules.battle
        kr = b.kills
        armies = self.armies
        committed = armies[source] - (floor - 1 if floor else b.guard)
        defending = armies[target]
        if not defending:
            self.move_in(side, source, target, committed, committed)
            return
        dice = self.dice
        kills = getattr(dice, "kills", None)
        random = dice.uniform
        attacker_kills = draw_kills(committed, kr.attacker, kr.luck, kr.weighted, random, kills)
        defender_kills = draw_kills(defending, kr.defender, kr.luck, kr.weighted, random, kills)
        defender_losses = min(attacker_kills, defending)
        attacker_losses = min(defender_kills, committed)
        if defender_losses == defending and attacker_losses == committed:
            defender_losses -= 1  # both wiped out: one defending army survives and holds the territory
        armies[source] -= attacker_losses
        armies[target] -= defender_losses
        if self.listeners:  # one battle of all the committed armies: a `battles` event of one roll
            self.tell_battles(side, source, target, committed, committed, defending, 1, attacker_losses,
                              defender_losses)
        if armies[target] == 0:
            survivors = committed - attacker_losses
            self.move_in(side, source, target, survivors, survivors)

    def futile_attack(self, source: int, target: int) -> bool:
        """Whether no battle from `source` on `target` as they stand can kill anybody."""
        defending = self.armies[target]
        return bool(defending) and futile(self.rules.battle.kills, self.armies[source] - self.rules.battle.guard,
                                          defending)

    def kill_press(self, decider: int, side: int, source: int, target: int, floor: int) -> None:
        """Battles from `source` on `target` until it falls or `source` holds fewer than `floor`; an
        attack in which no battle can kill anybody stops (`futile`). A battle that kills nobody
        changes nothing: where one would more often than not (STILL), the battles until one
        changes something are drawn at once (`_kill_battles`), with fair draws."""
        armies, owner = self.armies, self.owner
        defender = owner[target]
        kr = self.rules.battle.kills
        at_once = self.dice.many
        while armies[source] >= floor and owner[target] == defender:
            committed, defending = armies[source] - floor + 1, armies[target]
            if defending:
                if futile(kr, committed, defending):
                    return
                if at_once:
                    still = still_chance(kr, committed, defending)
                    if still >= STILL:
                        outcomes = pressed_outcomes(kr, committed, defending)
                        if outcomes is None:  # (every chance of a kill too small for a float)
                            return
                        self._kill_battles(side, source, target, committed, defending, still, outcomes)
                        continue
            self.kill_battle(decider, side, source, target, floor)

    def _kill_battles(self, side: int, source: int, target: int, committed: int, defending: int,
                      still: float, outcomes: tuple[tuple[float, int, int], ...]) -> None:
        """The battles of `committed` on `defending` up to the first that kills anybody, drawn at
        once: how many were fought (one, and then as many more as a geometric draw of chance `still`
        says), then how that one ended (`outcomes`, from `pressed_outcomes`: those that change
        something, in their chances given that one does); one `battles` event of that many rolls."""
        armies = self.armies
        uniform = self.dice.uniform
        rolls = min(1 + int(log(1.0 - uniform()) / log(still)), MAX_ROLLS)
        u, attacker_losses, defender_losses = uniform(), 0, 0
        for chance, attacker_losses, defender_losses in outcomes:
            u -= chance
            if u < 0.0:
                break  # (rounding may leave u at or just above 0 after the last: it is taken then)
        armies[source] -= attacker_losses
        armies[target] -= defender_losses
        if self.listeners:
            self.tell_battles(side, source, target, committed, committed, defending, rolls, attacker_losses,
                              defender_losses)
        if armies[target] == 0:
            survivors = committed - attacker_losses
            self.move_in(side, source, target, survivors, survivors)
