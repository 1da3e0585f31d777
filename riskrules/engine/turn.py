"""The turns: round after round to the end, the phases of a turn (compiled once from the
rules into what each one runs), reinforcements and placing armies."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..language.expr import Condition, Expression
from ..language.rules import Rules
from . import decisions as D
from . import income
from .decisions import Decision
from .acting import round_start as acting_round
from .teams import place_options

# what a phase of the rules' turn runs for the player `seat` whose turn it is; each calls the
# game's own methods, so the table holds no game and serves every game and its copies


def _reinforce(game: Any, seat: int) -> None:
    game.reinforce(seat)


def _attack(game: Any, seat: int) -> None:
    game.attack_phase(seat, seat)
    game.draw_cards(seat)


def _fortify(game: Any, seat: int) -> None:
    game.fortify(seat)


def _neutral_reinforce(game: Any, seat: int) -> None:
    game.neutral_reinforce(seat)


def _neutral_attack(game: Any, seat: int) -> None:
    if game.alive[game.neutral]:
        game.attack_phase(game.other_player(), game.neutral)


def _neutral_fortify(game: Any, seat: int) -> None:
    if game.alive[game.neutral]:
        game.fortify(game.neutral, game.other_player())


def _nothing(game: Any, seat: int) -> None:
    """A phase of no known name (the rule files' schema lets none through): played as nothing."""


PHASES: dict[str, Callable[[Any, int], None]] = {
    "reinforce": _reinforce,
    "attack": _attack,
    "fortify": _fortify,
    "neutral_reinforce": _neutral_reinforce,
    "neutral_attack": _neutral_attack,
    "neutral_fortify": _neutral_fortify,
}


def compile_phases(rules: Rules) -> tuple[tuple[str, Condition | None, Callable[[Any, int], None]], ...]:
    """The rules' turn, by phase number: (its name, the condition for playing it or None, what
    it runs). Made once per game and shared by its copies. Rules that declare more of income
    than territories and continents (rules.income) reinforce by engine/income.py; rules that
    declare kinds of cards reinforce and attack by engine/cards/play.py."""
    phases = PHASES if rules.income is None else {**PHASES, "reinforce": income.reinforce}
    if rules.cards.kinds is not None:  # cards that do something (engine/cards/play.py)
        from .cards.play import PHASES as WITH_CARDS

        phases = {**phases, **WITH_CARDS}
    return tuple((phase, rules.conditions[index], phases.get(phase, _nothing))
                 for index, phase in enumerate(rules.phases))


@lru_cache(maxsize=64)
def income_table(count: Expression, size: int) -> tuple[int, ...] | None:
    """The armies of 0 … `size` territories held by the rules' `territories` expression `count`,
    where it reads nothing else (Turn.territory_income), else None: made once an expression (a
    game of the same rules shares its table, as a copy does)."""
    if not count.names <= {"territories", "total"}:
        return None
    return tuple(count({"territories": n, "total": 0}) for n in range(size + 1))


class Turn:
    """The turns of a `Game` (a part of it: see game.py)."""

    def loop(self, start: int = 0) -> None:
        """Turns in order, round after round, to the end. `start`: the place in the turn order
        to begin at within the current round (a copied game continues after its active turn)."""
        if self._rounds is not None:  # orders given together (issue 45): engine/schedule/together.py
            return self._rounds(self, start)
        n = self.players
        at_start = self._at_turn_start
        trench = self.rules.battle.trench
        limit = self.rules.round_limit
        while True:
            if start == 0:
                if limit is not None and self.round >= self.value(limit, self.first):
                    self.end_by_round_limit()
                self.round += 1
                if self.acting is not None:  # a neutral army that acts (issue 45): its moves first
                    acting_round(self)
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
                if at_start is not None:
                    at_start(self)
                self.play_phases(seat, 0)
            start = 0

    def play_phases(self, seat: int, first: int) -> None:
        """The phases of `seat`'s turn from the rules' phase number `first` on, and the end of the turn."""
        phases = self._phases
        for index in range(first, len(phases)):
            self.phase = index
            phase, test, run = phases[index]
            if test is not None and not test(self.quantities(seat, test.names)):
                if self.listeners:
                    self._event("phase_skipped", seat, phase=phase, condition=test.text)
                continue
            run(self, seat)
        at_end = self._at_turn_end
        if at_end is not None:
            at_end(self)

    def reinforce(self, seat: int) -> None:
        from_cards = self.trade_cards(seat, down_to=None)
        from_territories = self.territory_income(seat)
        held = self.held_continents(seat)
        bonus = self.rules.continent_bonus
        if self._bonus_counted:
            from_continents = sum(self.value(bonus[k], seat) for k in held)
        else:
            from_continents = 0  # (a loop: a generator costs more than the few continents held)
            for k in held:
                from_continents += bonus[k]
        total = from_territories + from_continents + from_cards
        self.turn_total = total
        if self.listeners:
            self.tell_reinforcements(seat, held, from_territories, from_continents, from_cards, total)
        self.place(seat, seat, total)

    def territory_income(self, seat: int) -> int:
        """The armies `seat`'s territories earn (the rules' `territories` expression, counted for it
        now): an expression of the territories held alone is read from its table by their count,
        made once an expression (income_table; the same number: it reads nothing else)."""
        table = self._income_table
        if table is None:
            count = self.rules.territory_armies
            return count(self.quantities(seat, count.names))
        return table[self.territory_count[seat]]

    def tell_reinforcements(self, seat: int, held, from_territories: int, from_continents: int, from_cards: int,
                            total: int, **more: int) -> None:
        """The `reinforcements` event of a turn (today's income, engine/income.py's and engine/cards'
        alike; `more`: what cards that do something cut or add, where they did)."""
        self._event("reinforcements", seat, territories_held=self.territory_count[seat],
                    from_territories=from_territories,
                    continents_held=[self.board.continents[k] for k in held],
                    from_continents=from_continents, from_cards=from_cards, total=total, **more)

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
        options = self.owned(side) if not self.team_place or not self.turn else place_options(self, side)
        quick = self.trusted[decider]  # (a proven agent is asked at once: Agent.quick_place)
        territory, armies = quick.quick_place(options, side, most) if quick is not None else \
            self.ask(Decision(D.PLACE, decider, options, side, False, most))
        self.armies[territory] += armies
        if self.listeners:
            self.tell_place(decider, side, territory, armies)
        if self.turn:  # a placement in play, not in the setup
            self.changed()
        return armies

    def tell_place(self, decider: int, side: int, territory: int, armies: int) -> None:
        """The `place` event: `armies` placed on `territory` for `side` (by `decider`, if another)."""
        if decider == side:
            self._event("place", side, territory=self.board.territories[territory], armies=armies)
        else:
            self._event("place", side, territory=self.board.territories[territory], armies=armies,
                        by=self.names[decider])

    def place(self, decider: int, side: int, amount: int) -> None:
        """Place `amount` armies of `side` as `decider` chooses, a territory at a time; nothing
        where `side` holds no territory (a nuclear set can take its trader's last: Trading._nuke)."""
        if not self.territory_count[side]:
            return
        if self._cap is not None:  # armies at most N per territory
            return income.place(self, decider, side, amount)
        quick = self.trusted[decider]
        if quick is None or (self.team_place and self.turn):
            while amount > 0:
                amount -= self._place_one(decider, side, amount)
            return
        armies, owned = self.armies, self.owned(side)  # (_place_one for a proven agent, spelled out:
        checked = self.turn and self._armies_read  # a placement changes no owner, and wins nothing new
        while amount > 0:  # where only owners and who is alive win)
            territory, placed = quick.quick_place(owned, side, amount)
            armies[territory] += placed
            if self.listeners:
                self.tell_place(decider, side, territory, placed)
            if checked:
                self.changed()
            amount -= placed
