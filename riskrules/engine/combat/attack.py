"""A battle under kill-rate combat in a game (a part of `Battle`, see battle.py): every army
of the attacking territory but those that stay behind fights at once; after a conquest every
surviving attacker moves in (Warzone's rule), so nobody is asked how many."""

from __future__ import annotations

from .kill_rates import draw_kills, futile


class KillRateBattle:
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
            self._event("battles", side, **{
                "from": self.board.territories[source], "to": self.board.territories[target],
                "defender": self.names[self.owner[target]], "attacker_armies": armies[source] + attacker_losses,
                "defender_armies": defending, "committed": committed, "rolled": committed,
                "defended": defending, "rolls": 1, "attacker_losses": attacker_losses,
                "defender_losses": defender_losses})
        if armies[target] == 0:
            survivors = committed - attacker_losses
            self.move_in(side, source, target, survivors, survivors)

    def kill_press(self, decider: int, side: int, source: int, target: int, floor: int) -> None:
        """Battles from `source` on `target` until it falls or `source` holds fewer than `floor`; an
        attack in which no battle can kill anybody stops."""
        armies, owner = self.armies, self.owner
        defender = owner[target]
        kr = self.rules.battle.kills
        while armies[source] >= floor and owner[target] == defender:
            if futile(kr, armies[source] - floor + 1, armies[target]):
                return
            self.kill_battle(decider, side, source, target, floor)
