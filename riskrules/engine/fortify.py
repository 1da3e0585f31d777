"""Fortifying: armies moved between one's own territories (along a chain of them, or into a
partner's, as the rules allow)."""

from __future__ import annotations

from functools import partial

from . import decisions as D
from .decisions import Decision, Later, Regions
from .units import follow


class Fortify:
    """The fortify moves of a `Game` (a part of it: see game.py)."""

    def fortify(self, seat: int, decider: int | None = None) -> None:
        """`seat` moves armies, as `decider` (the other player, for the neutral army) chooses."""
        decider = seat if decider is None else decider
        f = self.rules.fortify
        if f.moves == 1 and not f.connected and self._cap is None and self.fog is None and self.rules.orders is None \
                and not self.rules.fortify_partners:
            return self._one_move(seat, decider)
        return self._moves(seat, decider)

    def _one_move(self, seat: int, decider: int) -> None:
        """`_moves` under the usual rules (one move, to a neighbour; no cap, fog, orders or partners),
        spelled out: the same question, its options made only if the answer reads them."""
        if not self._can_fortify(seat):
            return
        make = partial(self._own_fortify_options, seat, {}, None)
        quick = self.trusted[decider]  # (a proven agent is asked at once: Agent.quick_fortify)
        chosen = quick.quick_fortify(make, seat) if quick is not None else \
            self.ask(Later(D.FORTIFY, decider, make, seat, True))
        if chosen is not None:
            self._move(seat, decider, *chosen)

    def _moves(self, seat: int, decider: int) -> None:
        """`fortify` under any rules."""
        f = self.rules.fortify
        moves = f.moves if f.moves is not None else 10 * self.size  # "unlimited", bounded all the same
        sent: dict[int, int] = {}  # source → its one target, when sources may not split
        # moving armies changes no owner: the territories each can reach are found once
        reach = self._reach(seat) if f.connected else None
        orders = self.rules.orders
        arrived = {} if orders is not None and orders.moved_stay else None  # territory → armies moved in (lux10)
        plain = self._cap is None and arrived is None and not self.rules.fortify_partners and \
            self.fog is None  # (under fog the options are made before the seat decides, from the true board)
        while moves > 0:
            if plain and not sent:  # (the usual rules: the options made only if the answer reads them)
                if reach is None:
                    if not self._can_fortify(seat):
                        return
                    make = partial(self._own_fortify_options, seat, sent, None)
                    quick = self.trusted[decider]  # (a proven agent is asked at once: Agent.quick_fortify)
                    chosen = quick.quick_fortify(make, seat) if quick is not None else \
                        self.ask(Later(D.FORTIFY, decider, make, seat, True))
                else:  # (along connected territories: every pair of a region, or the regions themselves)
                    if not self._can_move_within(seat, reach):
                        return
                    chosen = self.ask(Regions(D.FORTIFY, decider, partial(self._own_fortify_options, seat, sent, reach),
                                              seat, True, reach))
            else:
                chosen = self._fortify_asked(seat, decider, sent, reach, arrived)
            if chosen is None:
                return
            source, target, armies = chosen
            if self._cap is not None:  # armies at most N per territory: what does not fit stays
                armies = min(armies, self._cap - self.armies[target])
            if arrived is not None:  # (an answer of more is cut to the armies free to move)
                armies = min(armies, self.armies[source] - f.stay - arrived.get(source, 0))
                arrived[target] = arrived.get(target, 0) + armies
            if not f.split:
                sent[source] = target
            self._move(seat, decider, source, target, armies)
            moves -= 1

    def _move(self, seat: int, decider: int, source: int, target: int, armies: int) -> None:
        """`armies` of `seat`'s moved from `source` to `target` (as `decider` chose)."""
        self.armies[source] -= armies
        self.armies[target] += armies
        if self.listeners:
            by = {"by": self.names[decider]} if decider != seat else {}
            self._event("fortify", seat, **{"from": self.board.territories[source],
                                            "to": self.board.territories[target], "armies": armies}, **by)
        if self.units is not None:  # special units (issue 45) go where the last of their armies go
            follow(self, source, target)
        if self._armies_read:  # (a move changes no owner: under domination nothing to check)
            self.changed()

    def _fortify_asked(self, seat: int, decider: int, sent: dict[int, int], reach: list[list[int]] | None,
                       arrived: dict[int, int] | None):
        """The answer to a fortify question whose options are made at once (None: none to make)."""
        options = self.fortify_options(seat, sent, reach)
        if self._cap is not None:  # armies at most N per territory: none into a full one
            options = [(t, u) for t, u in options if self.armies[u] < self._cap]
        if arrived:  # `moved armies stay`: only the armies that have not moved this turn move
            stay = self.rules.fortify.stay
            options = [(t, u) for t, u in options if self.armies[t] - stay - arrived.get(t, 0) > 0]
        return self.ask(Decision(D.FORTIFY, decider, options, seat, True)) if options else None

    def _can_fortify(self, seat: int) -> bool:
        """Whether `_own_fortify_options(seat, {}, None)` would hold a move: found at the first."""
        owner, armies, adjacent = self.owner, self.armies, self.adjacent
        stay = self.rules.fortify.stay
        for t in self.owned(seat):
            if armies[t] > stay:
                for u in adjacent[t]:
                    if owner[u] == seat:
                        return True
        return False

    def _can_move_within(self, seat: int, reach: list[list[int]]) -> bool:
        """Whether `_own_fortify_options(seat, {}, reach)` would hold a move."""
        armies, stay = self.armies, self.rules.fortify.stay
        return any(armies[t] > stay and len(reach[t]) > 1 for t in self.owned(seat))

    def fortify_options(self, seat: int, sent: dict[int, int],
                        reach: list[list[int]] | None = None) -> list[tuple[int, int]]:
        """(from, to) pairs `seat` may move armies along now; `reach` is `_reach(seat)` when
        the rules let armies move through a chain of territories (made here if not given)."""
        owner, armies, adjacent = self.owner, self.armies, self.adjacent
        if reach is None and self.rules.fortify.connected:
            reach = self._reach(seat)
        if self.rules.fortify_partners and seat != self.neutral:  # also into a partner's neighbouring territory
            partners = self.friends[seat] - {seat}
            stay = self.rules.fortify.stay
            into = [(t, u) for t in self._all if owner[t] == seat and armies[t] > stay
                    for u in adjacent[t] if owner[u] in partners and (t not in sent or sent[t] == u)]
            return self._own_fortify_options(seat, sent, reach) + into
        return self._own_fortify_options(seat, sent, reach)

    def _own_fortify_options(self, seat: int, sent: dict[int, int],
                             reach: list[list[int]] | None) -> list[tuple[int, int]]:
        owner, armies, adjacent = self.owner, self.armies, self.adjacent
        stay = self.rules.fortify.stay  # 1 (0 under `guard 0`: a territory may be emptied)
        if reach is None and not sent:  # the common case, in one pass over the seat's own (ascending)
            return [(t, u) for t in self.owned(seat) if armies[t] > stay for u in adjacent[t] if owner[u] == seat]
        options = []
        for t in self.owned(seat):
            if armies[t] <= stay:
                continue
            if reach is not None:
                targets = reach[t]
                if t in sent:
                    targets = [u for u in targets if u == sent[t]]
                options += [(t, u) for u in targets if u != t]
                continue
            targets = [u for u in adjacent[t] if owner[u] == seat]
            if t in sent:
                targets = [u for u in targets if u == sent[t]]
            options += [(t, u) for u in targets]
        return options

    def _reach(self, seat: int) -> list[list[int]]:
        """For each territory of `seat`, the territories of its connected region, ascending
        (itself included): one search per region, not one per territory."""
        owner, adjacent = self.owner, self.adjacent
        reach: list[list[int]] = [[] for _ in range(self.size)]
        for start in self.owned(seat):
            if reach[start]:
                continue
            region = [start]
            reach[start] = region  # (a territory found is marked at once: `reach` is the search's own "seen")
            for t in region:  # grows while it is read: a breadth-first search
                for u in adjacent[t]:
                    if owner[u] == seat and not reach[u]:
                        reach[u] = region
                        region.append(u)
            region.sort()
        return reach
