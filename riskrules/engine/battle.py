"""Attacks: the options, the attack phase, a battle's dice, a conquest and moving in, a player
eliminated, a capital captured.

An attack answer (from, to) rolls once; (from, to, keep) attacks again and again until the
territory falls or the attacking one holds `keep` armies (or too few to attack). Such an attack
of a million armies costs a few draws, not a million rolls: while both territories hold so many
armies that the dice each side may roll cannot change (`Game._steady`: from 4 and 2 in the
classic game), the rolls that cannot bring either below that are asked for once (dice and
defence) and drawn at once (`Dice.outcomes`), as one `battles` event; nearer the end every
roll is rolled.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import partial

from ..language.rules import DICE_LOOKUP
from . import decisions as D
from .combat.attack import KillRateBattle
from .decisions import Decision
from .teams import kept_by_team
from .dice import fought
from .odds import roll_outcomes

AT_ONCE = 8  # rolls at the least that are drawn at once; fewer are rolled one by one


class Battle(KillRateBattle):
    """The attacks of a `Game` (a part of it: see game.py)."""

    def combat_model(self) -> tuple:
        """One battle, an attack pressed on, and whether an attack can change nothing (None: every
        battle does), of the rules' combat model: chosen once, when the game is made (`_fight`,
        `_press`, `_futile`), as plain functions called with the game (a copy shares them, and
        they act on the copy). The attack phase drops an attack that changed nothing and can
        change nothing, so that no agent asks for it for ever."""
        b = self.rules.battle
        if b.kills is None:  # (six-sided dice that nothing modifies or rolls again: the same in one function)
            plain = b.modifiers is None and not b.reroll and b.sides == 6 and not b.modified
            return Battle.plain_battle if plain else Battle.battle, Battle.dice_press, None
        return KillRateBattle.kill_battle, KillRateBattle.kill_press, KillRateBattle.futile_attack

    def attack_options(self, side: int) -> list[tuple[int, int]]:
        """(from, to) pairs `side` may attack now, by territory of origin. The neutral army attacks
        only the active player; partners never attack each other; under trench warfare what was
        conquered this turn attacks no more."""
        if self.friends is None and side != self.neutral and not self.conquered_now:  # (the usual case in one pass)
            owner, armies, adjacent, least = self.owner, self.armies, self.adjacent, self.rules.battle.least_to_attack
            # (a comprehension: map(side.__ne__, …) and compress cost twice as much on borders of a few)
            return [(t, u) for t in self.owned(side) if armies[t] >= least for u in adjacent[t] if owner[u] != side]
        attacks_from = self._attacks_from
        return [pair for t in self.owned(side) for pair in attacks_from(t, side)]

    def _attacks_from(self, t: int, side: int) -> list[tuple[int, int]]:
        """The pairs of `attack_options(side)` from `t`, in their order (the attack phase keeps its
        options up to date with them)."""
        owner = self.owner
        if owner[t] != side or self.armies[t] < self.rules.battle.least_to_attack or t in self.conquered_now:
            return []
        adjacent = self.adjacent[t]
        friends = self.friends
        if friends is not None and side != self.neutral:
            mine = friends[side]
            return [(t, u) for u in adjacent if owner[u] not in mine]
        if side == self.neutral:
            only = self.active
            return [(t, u) for u in adjacent if owner[u] == only]
        return [(t, u) for u in adjacent if owner[u] != side]

    def attack_phase(self, decider: int, side: int) -> None:
        """`side` attacks as long as `decider` wants (and can).

        The options are made once and then kept up to date: after a battle that took nothing
        only the attacking territory can have dropped out (below the armies needed to attack),
        and after a conquest — one owner changed, nobody put out — the attacks on the territory
        taken drop out and its own come in, in their place in the order. Anything else that
        changes owners (a capital's continent, a player put out, whose cards may be traded
        and placed at once) makes them again from the whole board, as does anything else
        that counts as an owner change."""
        least = self.rules.battle.least_to_attack
        armies, owner, alive = self.armies, self.owner, self.alive
        options = self.attack_options(side)
        made = self.owner_changes  # owner_changes when the options were last brought up to date
        fight = self._fight  # one battle of the rules' combat model (combat_model)
        futile = self._futile
        quick = self.trusted[decider]  # (a proven agent is asked at once: Agent.quick_attack)
        # a proven agent's plain battles (Battle.plain_battle) in this loop, spelled out: no call a battle
        plain = fight is Battle.plain_battle and quick is not None
        if plain:
            b = self.rules.battle
            attacker_most, attacker_open, defender_most, defender_open = \
                b.attacker_most, b.attacker_open, b.defender_most, b.defender_open
            chooses, ties, move_committed = b.defender_chooses, b.ties_to_defender, b.move_committed
            dice_options, defend_options, trusted = self._dice_options, self._defend_options, self.trusted
            quick_dice, neutral = quick.quick_dice, self.neutral
            # (Dice.fight by the counts of dice: rolls[rolled][defending]() draws as fight(rolled, defending, ties))
            rolls = self.dice.fighters(ties, len(dice_options) - 1, len(defend_options) - 1)
        while options:
            chosen = quick.quick_attack(options, side) if quick is not None else \
                self.ask(Decision(D.ATTACK, decider, options, side, True))
            if chosen is None:
                return
            if len(chosen) == 2:
                source, target = chosen
                victim = owner[target]
                if not plain:
                    fight(self, decider, side, source, target)
                else:  # (plain_battle's body, the same questions and draws in the same order)
                    a, d, where = armies[source], armies[target], (source, target)
                    dice = dice_options[attacker_most[a] if a < DICE_LOOKUP else attacker_open]
                    committed, rolled = dice[0] if len(dice) == 1 else quick_dice(dice, side, where)
                    defending = defender_most[d] if d < DICE_LOOKUP else defender_open
                    if defending > 1 and chooses and alive[victim]:
                        decides = victim if victim != neutral else self.other_player()
                        asked = trusted[decides]
                        defending = asked.quick_defend(defend_options[defending], victim, rolled, where) \
                            if asked is not None else self.ask(Decision(D.DEFEND, decides, defend_options[defending],
                                                                        victim, False, rolled, where))
                    attacker_losses, defender_losses, attack, defence = rolls[rolled][defending]()
                    armies[source] = a - attacker_losses
                    armies[target] = d - defender_losses
                    if self.listeners:
                        self.tell_battle(side, source, target, victim, a, d, committed, attack, defence,
                                         attacker_losses, defender_losses)
                    if d != defender_losses:  # (nothing taken, no owner changed: only the attacking
                        if armies[source] < least:  # territory can drop out, as below)
                            options = _without(options, source)
                        continue
                    self.conquer(decider, side, source, target, committed if move_committed else rolled)
            else:
                source, target, keep = chosen
                victim = owner[target]
                self.press(decider, side, source, target, keep)
            if self.owner_changes == made:
                if armies[source] < least:
                    options = _without(options, source)
                elif futile is not None and futile(self, source, target):  # (kill rates: it would change nothing again)
                    options = _less(options, (source, target))
                continue
            if self.owner_changes == made + 1 and owner[target] == side and alive[victim]:
                options = _without(options, source) if armies[source] < least else options[:]
                for t in self.incoming[target]:  # (a new list: an agent may keep the one it was shown)
                    at = bisect_left(options, (t, -1))
                    if at < len(options) and options[at][0] == t:  # (t attacks: its pairs, less those on target)
                        end = bisect_left(options, (t + 1, -1), at)
                        options[at:end] = _not_on(options[at:end], target)
                at = bisect_left(options, (target, -1))
                options[at:at] = self._attacks_from(target, side)
            else:
                options = self.attack_options(side)
            made = self.owner_changes

    def press(self, decider: int, side: int, source: int, target: int, keep: int) -> None:
        """Attack from `source` on `target` until it falls, or `source` holds `keep` armies or too
        few to attack (see the module's docstring)."""
        if self.listeners:
            self._event("attack", side, **{"from": self.board.territories[source],
                                           "to": self.board.territories[target], "keep": keep})
        self._press(self, decider, side, source, target, max(keep + 1, self.rules.battle.least_to_attack))

    def dice_press(self, decider: int, side: int, source: int, target: int, floor: int) -> None:
        """Rolls from `source` on `target` until it falls or `source` holds fewer than `floor`."""
        armies, owner = self.armies, self.owner
        defender = owner[target]
        while armies[source] >= floor and owner[target] == defender:
            self.battle(decider, side, source, target, floor)

    def battle(self, decider: int, side: int, source: int, target: int, floor: int = 0) -> None:
        """One roll; with a `floor` (the armies `source` attacks on with) as many rolls as may be
        drawn at once."""
        b = self.rules.battle
        armies = self.armies
        where = (source, target)
        a, d = armies[source], armies[target]  # (b.attacker_dice(a), b.defender_dice(d), spelled out)
        most_attacking = b.attacker_most[a] if a < DICE_LOOKUP else b.attacker_open
        most_defending = b.defender_most[d] if d < DICE_LOOKUP else b.defender_open
        ties_to_defender = b.ties_to_defender
        if b.modified and b.modifiers is not None:  # battle modifiers (language/marks.py)
            most_attacking, most_defending, ties_to_defender = b.modifiers.battle(
                self, side, source, target, most_attacking, most_defending, ties_to_defender)
        options = self._dice_options[most_attacking]
        if len(options) == 1:  # no choice to make
            committed, rolled = options[0]
        else:
            quick = self.trusted[decider]  # (a proven agent is asked at once: Agent.quick_dice)
            committed, rolled = quick.quick_dice(options, side, where) if quick is not None else \
                self.ask(Decision(D.DICE, decider, options, side, False, 0, where))
        defender = self.owner[target]
        if b.defender_chooses and most_defending > 1 and self.alive[defender]:
            decides = defender if defender != self.neutral else self.other_player()  # self.controller(defender)
            # (its `most`: the dice the attacker rolls, chosen already, for the defender to see)
            quick = self.trusted[decides]
            defending = quick.quick_defend(self._defend_options[most_defending], defender, rolled, where) \
                if quick is not None else self.ask(Decision(D.DEFEND, decides, self._defend_options[most_defending],
                                                            defender, False, rolled, where))
        else:
            defending = most_defending
        if floor and self.dice.many:
            pairs = min(rolled, defending)  # the most armies a side can lose in one roll
            steady_attacker, steady_defender = self._steady
            if b.modified:  # the modified dice stay while neither side is held below them
                steady_attacker, steady_defender = max(steady_attacker, most_attacking + 1), \
                    max(steady_defender, most_defending)
            rolls = min(armies[source] - max(floor, steady_attacker), armies[target] - steady_defender) // pairs
            if rolls >= AT_ONCE and (b.modifiers is None or b.modifiers.steady) and not b.reroll:
                self._rolls(side, source, target, committed, rolled, defending, rolls, ties_to_defender)
                return
        rerolled = None
        if b.sides == 6 and not b.reroll:  # (six-sided dice read from a table: Dice.fight)
            attacker_losses, defender_losses, attack, defence = self.dice.fight(rolled, defending, ties_to_defender)
        else:
            roll = self.dice.roll if b.sides == 6 else partial(self.dice.roll_sides, sides=b.sides)
            attack = roll(rolled)
            attack.sort(reverse=True)
            defence = roll(defending)
            defence.sort(reverse=True)
            rerolled = self._reroll(decider, side, source, target, attack, defence, roll) if b.reroll else None
            attacker_losses, defender_losses = fought(attack, defence, ties_to_defender)
        armies[source] -= attacker_losses
        armies[target] -= defender_losses
        if self.listeners:  # events follow their effects: the losses are already taken
            self.tell_battle(side, source, target, defender, armies[source] + attacker_losses,
                             armies[target] + defender_losses, committed, attack, defence, attacker_losses,
                             defender_losses, rerolled)
        if armies[target] == 0:
            self.conquer(decider, side, source, target, committed if b.move_committed else rolled)

    def plain_battle(self, decider: int, side: int, source: int, target: int, floor: int = 0) -> None:
        """`battle` where six-sided dice roll that nothing modifies or rolls again (the usual rules),
        one roll at a time: the same questions, the same draws and the same event (the dice's own
        `fight`: fair dice read their table of rolls). An attack pressed on (a `floor`) is `battle`'s."""
        if floor:
            return self.battle(decider, side, source, target, floor)
        b = self.rules.battle
        armies = self.armies
        a, d = armies[source], armies[target]
        options = self._dice_options[b.attacker_most[a] if a < DICE_LOOKUP else b.attacker_open]
        trusted = self.trusted
        if len(options) == 1:
            committed, rolled = options[0]
        else:
            quick = trusted[decider]
            committed, rolled = quick.quick_dice(options, side, (source, target)) if quick is not None else \
                self.ask(Decision(D.DICE, decider, options, side, False, 0, (source, target)))
        defender = self.owner[target]
        defending = b.defender_most[d] if d < DICE_LOOKUP else b.defender_open
        if defending > 1 and b.defender_chooses and self.alive[defender]:
            decides = defender if defender != self.neutral else self.other_player()
            quick = trusted[decides]
            defending = quick.quick_defend(self._defend_options[defending], defender, rolled, (source, target)) \
                if quick is not None else self.ask(Decision(D.DEFEND, decides, self._defend_options[defending],
                                                            defender, False, rolled, (source, target)))
        attacker_losses, defender_losses, attack, defence = self.dice.fight(rolled, defending, b.ties_to_defender)
        armies[source] = a - attacker_losses
        armies[target] = d - defender_losses
        if self.listeners:
            self.tell_battle(side, source, target, defender, a, d, committed, attack, defence, attacker_losses,
                             defender_losses)
        if d == defender_losses:
            self.conquer(decider, side, source, target, committed if b.move_committed else rolled)

    def tell_battle(self, side: int, source: int, target: int, defender: int, attacking: int, defending: int,
                    committed: int, attack, defence, attacker_losses: int, defender_losses: int,
                    rerolled: list[int] | None = None) -> None:
        """The `battle` event (asked only when someone listens): the armies before the battle, the dice
        and the losses."""
        self._event("battle", side, **{
            "from": self.board.territories[source], "to": self.board.territories[target],
            "defender": self.names[defender], "attacker_armies": attacking, "defender_armies": defending,
            "committed": committed, "attacker_dice": list(attack), "defender_dice": list(defence),
            "attacker_losses": attacker_losses, "defender_losses": defender_losses,
            **({"reroll": rerolled} if rerolled else {})})

    def _reroll(self, decider: int, side: int, source: int, target: int, attack: list[int], defence: list[int],
                roll) -> list[int] | None:
        """Hasbro's experts: an attacker who holds the card of `source` or `target` may roll one of
        his dice again (the card stays in his hand). `attack` is changed in place, still sorted;
        [the face rolled again, the new face], or None."""
        hand = self.hands[side]
        if side == self.neutral or (source not in hand and target not in hand):
            return None
        face = self.ask(Decision(D.REROLL, decider, sorted(set(attack)), side, True, 0, (source, target), None,
                                 (tuple(attack), tuple(defence))))
        if face is None:
            return None
        new = roll(1)[0]
        attack[attack.index(face)] = new
        attack.sort(reverse=True)
        return [face, new]

    def _rolls(self, side: int, source: int, target: int, committed: int, rolled: int, defending: int,
               rolls: int, ties_to_defender: bool) -> None:
        """`rolls` rolls of the same dice drawn at once: none of them can take the territory."""
        armies = self.armies
        outcomes = roll_outcomes(rolled, defending, ties_to_defender, self.rules.battle.sides)
        counts = self.dice.outcomes(rolls, [chance for chance, _, _ in outcomes])
        attacker_losses = sum(n * lost for n, (_, lost, _) in zip(counts, outcomes))
        defender_losses = sum(n * lost for n, (_, _, lost) in zip(counts, outcomes))
        armies[source] -= attacker_losses
        armies[target] -= defender_losses
        if self.listeners:
            self.tell_battles(side, source, target, committed, rolled, defending, rolls, attacker_losses,
                              defender_losses)

    def conquer(self, decider: int, side: int, source: int, target: int, least: int) -> None:
        armies = self.armies
        most = armies[source] - 1
        if self._cap is not None:  # armies at most N per territory: the rest stay behind
            most = min(most, self._cap)
        least = max(1, min(least, most))
        if least == most:
            moved = least
        else:  # (a proven agent is asked at once: Agent.quick_occupy)
            quick = self.trusted[decider]
            moved = quick.quick_occupy(least, most, side, (source, target)) if quick is not None else self.ask(
                Decision(D.OCCUPY, decider, range(least, most + 1), side, False, 0, (source, target)))
        self.move_in(side, source, target, moved, least)

    def move_in(self, side: int, source: int, target: int, moved: int, least: int) -> None:
        """The rest of a conquest, once `moved` armies are chosen (at least `least`): a bot that
        searches the choice plays it on a copy from here."""
        armies = self.armies
        victim = self.owner[target]
        armies[source] -= moved
        self.set_owner(target, side)
        armies[target] = moved
        if self.listeners:
            self._event("conquest", side, **{"from": self.board.territories[source],
                                             "to": self.board.territories[target], "moved": moved,
                                             "min_move": least})
        if side == self.active:
            self.conquered = True
        if self.rules.battle.trench:
            self.conquered_now.add(target)
        if self.capital_owner and self.capital_owner.get(target) == victim:  # (filled only under capitals: setup)
            self.capture_capital(side, victim, target)
        if self.territory_count[victim] == 0 and self.alive[victim]:
            self.eliminate(victim, side)
        self.changed()

    def eliminate(self, victim: int, by: int, cards_given: bool = False) -> None:
        self.alive[victim] = False
        self.killer[victim] = by
        taken = self.hands[victim] if not self.team_hand or not kept_by_team(self, victim) else []
        self.hands[victim] = []  # (a shared hand stays with the partners alive: issue 45)
        c = self.rules.cards
        if by == self.neutral or not c.victim_cards:
            # the neutral army holds no cards (checks.py refuses 'cards yes'); `victim cards taken no`:
            # they go where traded cards go (under the deck, or out of the game: Lux's transfer off)
            if c.recycle:
                self.deck.extend(taken)
            if by != self.neutral:
                taken = []
        else:
            self.hands[by].extend(taken)
        self._event("elimination", victim, by=self.names[by], cards_taken=len(taken))
        if self.rules.victory == "assassin":  # whoever eliminates him, his hunter wins (Conquer Club)
            # nobody hunts a neutral army, and in a bot's playout the others' targets are unknown (None)
            hunter = next((s for s, target in enumerate(self.targets) if target == victim), None)
            if hunter is not None and self.alive[hunter]:
                self.end(hunter, "assassin")
        self.changed()  # before a trade of the victim's cards: a game won is over at once
        if c.trade_at_once and by != self.neutral and taken and len(self.hands[by]) >= c.after_elimination_cards:
            gained = self.trade_cards(by, down_to=c.down_to)
            self.place(by, by, gained)

    def capture_capital(self, captor: int, victim: int, territory: int) -> None:
        cap = self.rules.capitals
        taken = 0
        if cap.takes_cards:
            cards = self.hands[victim]
            self.hands[victim] = []
            taken = len(cards)
            if captor == self.neutral:
                self.deck.extend(cards)
            else:
                self.hands[captor].extend(cards)
        replaced = []
        if cap.replaces_continent:
            for t in self.members[self.continent_of[territory]]:
                if self.owner[t] == victim:
                    self.set_owner(t, captor)
                    self.armies[t] = 1
                    replaced.append(t)
        self._event("capital_captured", captor, victim=self.names[victim],
                    territory=self.board.territories[territory],
                    replaced=[self.board.territories[t] for t in replaced], cards_taken=taken)
        if cap.eliminates and self.alive[victim]:
            self.alive[victim] = False
            self.killer[victim] = captor
            self._event("elimination", victim, by=self.names[captor], cards_taken=0)


def _less(options: list[tuple[int, int]], pair: tuple[int, int]) -> list[tuple[int, int]]:
    """`options` but `pair`, as a new list. (Here, not in the attack phase: a comprehension there
    would make its source and target cells, read more slowly at every battle.)"""
    return [o for o in options if o != pair]


def _not_on(options: list[tuple[int, int]], target: int) -> list[tuple[int, int]]:
    """`options` but those on `target`, as a new list (as `_less`)."""
    return [o for o in options if o[1] != target]


def _without(options: list[tuple[int, int]], source: int) -> list[tuple[int, int]]:
    """`options` (ordered by territory of origin) but those from `source`, as a new list."""
    return options[:bisect_left(options, (source, -1))] + options[bisect_left(options, (source + 1, -1)):]
