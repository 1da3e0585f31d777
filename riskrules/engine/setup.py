"""The setup: who starts, the territories dealt or drafted, the starting armies placed,
capitals chosen, missions dealt, assassins' targets drawn, the deck shuffled."""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

from ..language.board import Board
from ..language.rules import Mission
from ..language.start_rules import StartRules
from . import decisions as D
from .decisions import Decision


class Setup:
    """The setup of a `Game` (a part of it: see game.py)."""

    def setup(self) -> None:
        rules = self.rules
        n = self.players
        if rules.highest_roll_starts:
            self.first = self._roll_for_first()
        else:
            dealer = self.rng.randrange(n)
            self.first = (dealer + 1) % n
            self._event("dealer", dealer, first=self.names[self.first])
        order = [(self.first + i) % n for i in range(n)]
        if rules.start is not None:
            self._start(order)
        else:
            if rules.deal:
                self._deal(order)
            else:
                self._draft(order)
            self._place_the_rest(order)
        if rules.capitals is not None:
            for seat in order:
                territory = self.ask(Decision(D.CAPITAL, seat, self.territories_of(seat)))
                self.capital[seat] = territory
                self.capital_owner[territory] = seat
                self._event("capital_chosen", seat, territory=self.board.territories[territory])
        if rules.victory == "missions":
            self._deal_missions(order)
        if rules.victory == "assassin":
            self._assign_targets(order)
        cards = list(range(self.size + self.board.jokers))
        self.rng.shuffle(cards)
        self.deck = deque(cards)

    def _assign_targets(self, order: list[int]) -> None:
        """Assassin: each player secretly gets another as his target, all in one shuffled circle
        (so nobody is his own target and everyone is someone's). With teams the circle goes from
        team to team, so a target is always an opponent: partners never attack each other."""
        circle = list(order)
        self.rng.shuffle(circle)
        if self.friends is not None:  # the shuffled seats dealt team by team: equal teams alternate
            teams: dict[int, list[int]] = {}
            for seat in circle:
                teams.setdefault(self.team[seat], []).append(seat)
            circle = [seat for row in zip(*teams.values()) for seat in row]
        for i, seat in enumerate(circle):
            self.targets[seat] = circle[(i + 1) % len(circle)]
            self._event("target_assigned", seat, target=self.names[self.targets[seat]])

    def _roll_for_first(self) -> int:
        rolling = list(range(self.players))
        while True:
            faces = self.dice.roll(len(rolling))
            self._event("roll_for_first", None, rolls={self.names[s]: f for s, f in zip(rolling, faces)})
            best = max(faces)
            rolling = [s for s, f in zip(rolling, faces) if f == best]
            if len(rolling) == 1:
                return rolling[0]

    def _claim(self, territory: int, seat: int) -> None:
        self.set_owner(territory, seat)
        self.armies[territory] = 1
        if self.listeners:  # (a claim a territory: built only when someone listens)
            self._event("claim", seat, territory=self.board.territories[territory])

    def _deal(self, order: list[int], pool: list[int] | None = None) -> None:
        """Deal the territory cards (jokers out) one at a time, the neutral army a hand of its own;
        `pool`: the territories still to share out (the start rules took the others)."""
        neutral = self.rules.neutral
        cards = list(range(self.size)) if pool is None else list(pool)
        self.rng.shuffle(cards)
        if neutral is not None and neutral.named:  # `territories named …`: those first, the rest to the players
            held = {t for t, _ in neutral.named}
            for territory, _ in neutral.named:
                self._claim(territory, self.neutral)
            cards = [c for c in cards if c not in held]
            hands = order
        elif neutral is not None and neutral.first:  # `territories N`: its N cards first, the rest to the players
            first = min(neutral.territories, len(cards) - self.players)
            for territory in cards[:first]:
                self._claim(territory, self.neutral)
            cards = cards[first:]
            hands = order
        else:
            hands = order + ([self.neutral] if neutral is not None and neutral.dealt else [])
        for i, territory in enumerate(cards):
            self._claim(territory, hands[i % len(hands)])

    def _draft(self, order: list[int], pool: range | list[int] | None = None, picks: int | None = None) -> None:
        """Players take free territories of `pool` in turn (`picks` in all); a neutral army takes what the draft leaves."""
        pool = range(self.size) if pool is None else pool
        free = len(pool)
        leftover = self.rules.neutral.territories if self.neutral is not None else 0
        if picks is not None:
            leftover = free - picks
        i = 0
        options = [t for t in pool if self.owner[t] < 0]
        while free > leftover:
            seat = order[i % len(order)]
            chosen = self.ask(Decision(D.CLAIM, seat, options))
            self._claim(chosen, seat)
            at = options.index(chosen)  # (a claim changes that one owner: a new list, less it)
            options = options[:at] + options[at + 1:]
            free -= 1
            i += 1
        if picks is None:
            for t in pool:
                if self.owner[t] < 0:
                    self._claim(t, self.neutral)

    def _armies(self, territory: int, side: int, armies: int) -> None:
        """Make `territory`'s one army (its claim's) `armies`: the rest put on at once, as one place event."""
        if armies > 1:
            self.armies[territory] += armies - 1
            self._event("place", side, territory=self.board.territories[territory], armies=armies - 1)

    def _start(self, order: list[int]) -> None:
        """The start rules of issue 43, in this order: territories out of play (drawn in Game's
        __init__), a scenario (the whole start), wastelands, the pickable territories (warlords,
        cities), an even deal or draft of them (a territory limit, leftover deal) or today's, then
        the armies (n on each, or placed as today)."""
        s = self.rules.start
        names = self.board.territories
        if self.removed:
            self._event("territories_removed", None, territories=[names[t] for t in self.removed])
        out = set(self.removed)
        free = [t for t in range(self.size) if t not in out]
        if s.scenario:
            for t, seat, armies in s.scenario:
                side = self.neutral if seat < 0 else seat
                self._claim(t, side)
                self._armies(t, side, armies)
            for t in free:
                if self.owner[t] < 0:
                    self._claim(t, self.neutral)
                    self._armies(t, self.neutral, s.neutral_start)
            if self.neutral is not None and self.territory_count[self.neutral] == 0:
                self.alive[self.neutral] = False
            return
        sized: set[int] = set()
        count, size = s.wastelands
        if count:
            keep = {t for t, _ in self.rules.neutral.named} if self.rules.neutral else set()
            sized = set(self.rng.sample([t for t in free if t not in keep], count))
            self._event("wastelands", None, territories=[names[t] for t in sorted(sized)], armies=size)
            for t in sorted(sized):
                self._claim(t, self.neutral)
                self._armies(t, self.neutral, size)
            free = [t for t in free if t not in sized]
        pool = free
        if s.pickable is not None:
            taken: set[int] = set()
            free_set = set(free)
            for members in self.members:
                here = [t for t in members if t in free_set]
                if here:
                    one = self.rng.choice(here)
                    taken |= {one} if s.pickable == "warlords" else set(here) - {one}
            pool = [t for t in free if t in taken]
            self._event("pickable", None, territories=[names[t] for t in pool])
        if s.even:
            n = self.players
            each = min(s.limit if s.limit is not None else len(pool), len(pool) // n)
            if self.rules.deal:
                cards = list(pool)
                self.rng.shuffle(cards)
                for i in range(each * n):
                    self._claim(cards[i], order[i % n])
            else:
                self._draft(order, pool, each * n)
            for t in free:
                if self.owner[t] < 0:
                    self._claim(t, self.neutral)
        elif self.rules.deal:
            self._deal(order, free)
        else:
            self._draft(order, free)
        if self.neutral is not None and self.territory_count[self.neutral] == 0:
            self.alive[self.neutral] = False  # (an even deal left none: it never acts, as if out)
        if s.armies_each is not None:
            for t in free:
                if 0 <= self.owner[t] < self.players:
                    self._armies(t, self.owner[t], s.armies_each)
            self._place_the_rest(order, sized, place=False)
        else:
            self._place_the_rest(order, sized)

    def _place_the_rest(self, order: list[int], sized: set[int] | frozenset[int] = frozenset(),
                        place: bool = True) -> None:
        """The neutral army's armies put on its territories (but those `sized` already), then the
        players' starting armies placed in turn (unless not `place`)."""
        rules = self.rules
        left = [rules.starting_armies_of(self.players, s, self.first) - self.territory_count[s] if place else 0
                for s in range(self.players)]
        neutral_left = 0
        if self.neutral is not None:
            nr = rules.neutral
            start = rules.start
            if start is not None and start.decides_neutrals:
                each = {t: start.neutral_start for t in self.territories_of(self.neutral) if t not in sized}
            elif nr.named:
                each = dict(nr.named)
            else:
                each = {t: nr.start for t in self.territories_of(self.neutral) if t not in sized}
            for t, armies in each.items():
                if armies > 1:
                    self.armies[t] += armies - 1
                    self._event("place", self.neutral, territory=self.board.territories[t], armies=armies - 1)
            neutral_left = 0 if start is not None and (start.decides_neutrals or not place) \
                else max(0, nr.armies - sum(each.values()))
        while any(x > 0 for x in left) or (neutral_left > 0 and rules.neutral.placement):
            for seat in order:
                for _ in range(min(rules.placement, left[seat])):
                    self._place_one(seat, seat, 1)
                    left[seat] -= 1
                if self.neutral is not None:
                    for _ in range(min(rules.neutral.placement, neutral_left)):
                        self._place_one(seat, self.neutral, 1)
                        neutral_left -= 1

    def mission_cards(self) -> list[Mission]:
        """The mission cards dealt from: those of colours not in play are taken out."""
        return [m for m in self.rules.missions if m.kind != "destroy" or m.colour in self.colour_seat]

    def as_held(self, seat: int, mission: Mission) -> Mission:
        """A mission card as `seat` holds it: his own colour to destroy becomes its fallback,
        the territories to occupy."""
        if mission.kind == "destroy" and self.colour_seat.get(mission.colour) == seat:
            return Mission("occupy", count=mission.count, armies=1, data=mission.data)
        return mission

    def _deal_missions(self, order: list[int]) -> None:
        deck = self.mission_cards()
        self.rng.shuffle(deck)
        for i, seat in enumerate(order):
            mission = self.missions[seat] = self.as_held(seat, deck[i])
            self._event("mission_dealt", seat, mission=mission.data,
                        own_colour=mission.kind == "occupy" and "destroy" in mission.data)


def draw_removed(rng: Any, board: Board, start: StartRules) -> tuple[int, ...]:
    """`remove N territories at random`: drawn from the shuffled board one by one, passing over a
    territory a scenario names and any whose loss would split the rest of the board or empty its
    continent (so fewer are removed only when no other territory may go)."""
    named = {t for t, _, _ in start.scenario}
    order = list(range(board.size))
    rng.shuffle(order)
    both = [set(a) | set(i) for a, i in zip(board.adjacent, board.incoming)]
    out: set[int] = set()
    for t in order:
        if len(out) == start.remove:
            break
        if t in named or all(u in out or u == t for u in board.members[board.continent_of[t]]):
            continue
        if _connected([u for u in range(board.size) if u not in out and u != t], both):
            out.add(t)
    return tuple(sorted(out))


def _connected(territories: list[int], both: list[set[int]]) -> bool:
    if not territories:
        return True
    left = set(territories)
    todo = [territories[0]]
    left.discard(territories[0])
    while todo:
        for u in both[todo.pop()]:
            if u in left:
                left.discard(u)
                todo.append(u)
    return not left


def without(board: Board, removed: tuple[int, ...]) -> Board:
    """The board of a game with `removed` out of play: no borders to or from them, not in their continents."""
    gone = set(removed)
    keep = lambda ts: tuple(u for u in ts if u not in gone)  # noqa: E731
    return replace(board, adjacent=tuple(() if t in gone else keep(a) for t, a in enumerate(board.adjacent)),
                   incoming=tuple(() if t in gone else keep(i) for t, i in enumerate(board.incoming)),
                   members=tuple(keep(m) for m in board.members))
