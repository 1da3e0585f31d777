"""What follows from who holds what: the board's counts read one way, for the game and for a view.

`Holdings` is a part of the game (game.py), counting on its true board, and of a seat's view
under fog (fog_view.FoggedSight), counting on what the seat saw: both have `owner`, `armies`,
`continent_count`, `members` and `size`.
"""

from __future__ import annotations

from itertools import compress
from operator import eq


class Holdings:
    __slots__ = ()

    def holds(self, seat: int, continent: int) -> bool:
        return self.continent_count[seat][continent] == len(self.members[continent])

    def held_continents(self, seat: int) -> list[int]:
        counts = self.continent_count[seat]  # (those whose count is the continent's size, at C speed)
        return list(compress(range(len(counts)), map(eq, counts, map(len, self.members))))

    def territories_of(self, seat: int) -> list[int]:
        return list(compress(range(self.size), map(seat.__eq__, self.owner)))  # (owner[t] == seat, at C speed)

    def armies_of(self, seat: int) -> int:
        return sum(compress(self.armies, map(seat.__eq__, self.owner)))
