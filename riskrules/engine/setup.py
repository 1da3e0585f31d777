"""The setup: who starts, the territories dealt or drafted, the starting armies placed,
capitals chosen, missions dealt, assassins' targets drawn, the deck shuffled."""

from __future__ import annotations

from collections import deque

from ..language.rules import Mission
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
        self._event("claim", seat, territory=self.board.territories[territory])

    def _deal(self, order: list[int]) -> None:
        """Deal the territory cards (jokers out) one at a time, the neutral army a hand of its own."""
        neutral = self.rules.neutral
        cards = list(range(self.size))
        self.rng.shuffle(cards)
        if neutral is not None and neutral.named:  # `territories named …`: those first, the rest to the players
            held = {t for t, _ in neutral.named}
            for territory, _ in neutral.named:
                self._claim(territory, self.neutral)
            cards = [c for c in cards if c not in held]
            hands = order
        elif neutral is not None and neutral.first:  # `territories N`: its N cards first, the rest to the players
            first = min(neutral.territories, self.size - self.players)
            for territory in cards[:first]:
                self._claim(territory, self.neutral)
            cards = cards[first:]
            hands = order
        else:
            hands = order + ([self.neutral] if neutral is not None and neutral.dealt else [])
        for i, territory in enumerate(cards):
            self._claim(territory, hands[i % len(hands)])

    def _draft(self, order: list[int]) -> None:
        """Players take free territories in turn; a neutral army takes what the draft leaves."""
        free = self.size
        leftover = self.rules.neutral.territories if self.neutral is not None else 0
        i = 0
        while free > leftover:
            seat = order[i % len(order)]
            options = [t for t in range(self.size) if self.owner[t] < 0]
            self._claim(self.ask(Decision(D.CLAIM, seat, options)), seat)
            free -= 1
            i += 1
        for t in range(self.size):
            if self.owner[t] < 0:
                self._claim(t, self.neutral)

    def _place_the_rest(self, order: list[int]) -> None:
        rules = self.rules
        left = [rules.starting_armies[self.players] - self.territory_count[s] for s in range(self.players)]
        neutral_left = 0
        if self.neutral is not None:
            nr = rules.neutral
            each = dict(nr.named) if nr.named else {t: nr.start for t in self.territories_of(self.neutral)}
            for t, armies in each.items():
                if armies > 1:
                    self.armies[t] += armies - 1
                    self._event("place", self.neutral, territory=self.board.territories[t], armies=armies - 1)
            neutral_left = max(0, nr.armies - sum(each.values()))
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
