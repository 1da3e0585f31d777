"""Attacks: the options, the attack phase, a battle's dice, a conquest and moving in, a player
eliminated, a capital captured."""

from __future__ import annotations

from . import decisions as D
from .decisions import Decision


class Battle:
    """The attacks of a `Game` (a part of it: see game.py)."""

    def attack_options(self, side: int) -> list[tuple[int, int]]:
        """(from, to) pairs `side` may attack now. The neutral army attacks only the active player."""
        owner, armies, adjacent = self.owner, self.armies, self.adjacent
        least = self.rules.battle.least_to_attack
        friends = self.friends
        if friends is not None and side != self.neutral:  # partners never attack each other
            mine = friends[side]
            trenched = self.conquered_now
            return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least and t not in trenched
                    for u in adjacent[t] if owner[u] not in mine]
        if self.conquered_now:  # trench warfare: what was conquered this turn attacks no more
            trenched = self.conquered_now
            return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least and t not in trenched
                    for u in adjacent[t] if owner[u] != side and (side != self.neutral or owner[u] == self.active)]
        if side == self.neutral:
            only = self.active
            return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least
                    for u in adjacent[t] if owner[u] == only]
        return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least
                for u in adjacent[t] if owner[u] != side]

    def attack_phase(self, decider: int, side: int) -> None:
        """`side` attacks as long as `decider` wants (and can).

        The options stay the same from one battle to the next unless an owner changed (a
        conquest, a capital's continent) or the attacking territory fell below the armies
        needed to attack: only then are they made again. (Anything else that changes them
        must count as an owner change.)"""
        least = self.rules.battle.least_to_attack
        armies = self.armies
        options: list[tuple[int, int]] = []
        made = -1  # owner_changes when the options were made
        while True:
            if made != self.owner_changes:
                made = self.owner_changes
                options = self.attack_options(side)
            if not options:
                return
            chosen = self.ask(Decision(D.ATTACK, decider, options, side, True))
            if chosen is None:
                return
            source = chosen[0]
            self.battle(decider, side, source, chosen[1])
            if armies[source] < least:
                made = -1

    def battle(self, decider: int, side: int, source: int, target: int) -> None:
        b = self.rules.battle
        armies = self.armies
        where = (source, target)
        options = self._dice_options[b.attacker_dice(armies[source])]
        if len(options) == 1:  # no choice to make
            committed, rolled = options[0]
        else:
            committed, rolled = self.ask(Decision(D.DICE, decider, options, side, False, 0, where))
        defender = self.owner[target]
        most_defending = b.defender_dice(armies[target])
        if b.defender_chooses and most_defending > 1 and self.alive[defender]:
            decides = defender if defender != self.neutral else self.other_player()  # self.controller(defender)
            # (its `most`: the dice the attacker rolls, chosen already, for the defender to see)
            defending = self.ask(Decision(D.DEFEND, decides, self._defend_options[most_defending],
                                          defender, False, rolled, where))
        else:
            defending = most_defending
        roll = self.dice.roll
        attack = roll(rolled)
        attack.sort(reverse=True)
        defence = roll(defending)
        defence.sort(reverse=True)
        attacker_losses = defender_losses = 0
        if b.ties_to_defender:
            for a, d in zip(attack, defence):
                if a > d:
                    defender_losses += 1
                else:
                    attacker_losses += 1
        else:
            for a, d in zip(attack, defence):
                if a >= d:
                    defender_losses += 1
                else:
                    attacker_losses += 1
        armies[source] -= attacker_losses
        armies[target] -= defender_losses
        if self.listeners:  # events follow their effects: the losses are already taken
            self._event("battle", side, **{
                "from": self.board.territories[source], "to": self.board.territories[target],
                "defender": self.names[defender], "attacker_armies": armies[source] + attacker_losses,
                "defender_armies": armies[target] + defender_losses, "committed": committed, "attacker_dice": attack,
                "defender_dice": defence, "attacker_losses": attacker_losses,
                "defender_losses": defender_losses})
        if armies[target] == 0:
            self.conquer(decider, side, source, target, committed if b.move_committed else rolled)

    def conquer(self, decider: int, side: int, source: int, target: int, least: int) -> None:
        armies = self.armies
        most = armies[source] - 1
        least = max(1, min(least, most))
        moved = least if least == most else self.ask(
            Decision(D.OCCUPY, decider, list(range(least, most + 1)), side, False, 0, (source, target)))
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
        if self.capital_owner.get(target) == victim and self.rules.capitals is not None:
            self.capture_capital(side, victim, target)
        if self.territory_count[victim] == 0 and self.alive[victim]:
            self.eliminate(victim, side)
        self.changed()

    def eliminate(self, victim: int, by: int, cards_given: bool = False) -> None:
        self.alive[victim] = False
        taken = self.hands[victim]
        self.hands[victim] = []
        if by == self.neutral:
            self.deck.extend(taken)  # the neutral army holds no cards (checks.py refuses 'cards yes')
        else:
            self.hands[by].extend(taken)
        self._event("elimination", victim, by=self.names[by], cards_taken=len(taken))
        if self.rules.victory == "assassin":  # whoever eliminates him, his hunter wins (Conquer Club)
            # nobody hunts a neutral army, and in a bot's playout the others' targets are unknown (None)
            hunter = next((s for s, target in enumerate(self.targets) if target == victim), None)
            if hunter is not None and self.alive[hunter]:
                self.end(hunter, "assassin")
        self.changed()  # before a trade of the victim's cards: a game won is over at once
        c = self.rules.cards
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
            self._event("elimination", victim, by=self.names[captor], cards_taken=0)
