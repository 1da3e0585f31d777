"""The turns: round after round to the end, the phases of a turn, reinforcements and placing
armies."""

from __future__ import annotations

from . import decisions as D
from .decisions import Decision
from .victory import TURN_END, TURN_START


class Turn:
    """The turns of a `Game` (a part of it: see game.py)."""

    def loop(self, start: int = 0) -> None:
        """Turns in order, round after round, to the end. `start`: the place in the turn order
        to begin at within the current round (a copied game continues after its active turn)."""
        n = self.players
        timing = self.rules.mission_timing
        trench = self.rules.battle.trench
        limit = self.rules.round_limit
        while True:
            if start == 0:
                if limit is not None and self.round >= self.value(limit, self.first):
                    self.end_by_round_limit()
                self.round += 1
            for i in range(start, n):
                seat = (self.first + i) % n
                if not self.alive[seat]:
                    continue
                if self.turn >= self.max_turns:
                    self.end(None, "turn_limit")
                self.turn += 1
                self.active = seat
                self.conquered = False
                self.turn_total = 0
                if trench:
                    self.conquered_now.clear()
                if self.listeners:
                    self._event("turn_start", seat, round=self.round)
                if timing is not None:
                    self.mission_moment(TURN_START)
                self.play_phases(seat, 0)
            start = 0

    def play_phases(self, seat: int, first: int) -> None:
        """The phases of `seat`'s turn from the rules' phase number `first` on, and the end of the turn."""
        phases = self.rules.phases
        timing = self.rules.mission_timing
        conditions = self.rules.conditions
        for index in range(first, len(phases)):
            self.phase = index
            phase = phases[index]
            test = conditions[index]
            if test is not None and not test(self.quantities(seat, test.names)):
                if self.listeners:
                    self._event("phase_skipped", seat, phase=phase, condition=test.text)
                continue
            if phase == "reinforce":
                self.reinforce(seat)
            elif phase == "attack":
                self.attack_phase(seat, seat)
                self.draw_cards(seat)
            elif phase == "fortify":
                self.fortify(seat)
            elif phase == "neutral_reinforce":
                self.neutral_reinforce(seat)
            elif phase == "neutral_attack" and self.alive[self.neutral]:
                self.attack_phase(self.other_player(), self.neutral)
            elif phase == "neutral_fortify" and self.alive[self.neutral]:
                self.fortify(self.neutral, self.other_player())
        if timing is not None:
            self.mission_moment(TURN_END)

    def reinforce(self, seat: int) -> None:
        from_cards = self.trade_cards(seat, down_to=None)
        count = self.rules.territory_armies
        from_territories = count(self.quantities(seat, count.names))
        held = self.held_continents(seat)
        bonus = self.rules.continent_bonus
        if self._bonus_counted:
            from_continents = sum(self.value(bonus[k], seat) for k in held)
        else:
            from_continents = sum(bonus[k] for k in held)
        total = from_territories + from_continents + from_cards
        self.turn_total = total
        if self.listeners:
            self._event("reinforcements", seat, territories_held=self.territory_count[seat],
                    from_territories=from_territories,
                    continents_held=[self.board.continents[k] for k in held],
                    from_continents=from_continents, from_cards=from_cards, total=total)
        self.place(seat, seat, total)

    def neutral_reinforce(self, seat: int) -> None:
        neutral = self.neutral
        expression = self.rules.neutral.reinforcements
        if neutral is None or expression is None or not self.alive[neutral]:
            return
        armies = expression(self.quantities(neutral, expression.names, self.turn_total))
        placer = self.other_player()
        self._event("neutral_reinforcements", neutral, placed_by=self.names[placer], armies=armies,
                    active_total=self.turn_total)
        self.place(placer, neutral, armies)

    def _place_one(self, decider: int, side: int, most: int) -> int:
        territory, armies = self.ask(Decision(D.PLACE, decider, self.owned(side), side, False, most))
        self.armies[territory] += armies
        if self.listeners:
            if decider == side:
                self._event("place", side, territory=self.board.territories[territory], armies=armies)
            else:
                self._event("place", side, territory=self.board.territories[territory], armies=armies,
                            by=self.names[decider])
        if self.turn:  # a placement in play, not in the setup
            self.changed()
        return armies

    def place(self, decider: int, side: int, amount: int) -> None:
        """Place `amount` armies of `side` as `decider` chooses, a territory at a time."""
        while amount > 0:
            amount -= self._place_one(decider, side, amount)
