"""What follows from who holds what: the board's counts read one way, for the game and for a view.

`Holdings` is a part of the game (game.py), counting on its true board, and of a seat's view
under fog (fog_view.FoggedSight), counting on what the seat saw: both have `owner`, `armies`,
`continent_count`, `members` and `size`.
"""

from __future__ import annotations


class Holdings:
    __slots__ = ()

    def holds(self, seat: int, continent: int) -> bool:
        return self.continent_count[seat][continent] == len(self.members[continent])

    def held_continents(self, seat: int) -> list[int]:
        counts = self.continent_count[seat]  # (comprehensions: map(seat.__eq__, …) costs twice as much here)
        return [k for k, m in enumerate(self.members) if counts[k] == len(m)]

    def territories_of(self, seat: int) -> list[int]:
        owner = self.owner
        return [t for t in range(self.size) if owner[t] == seat]

    def armies_of(self, seat: int) -> int:
        return sum([a for a, o in zip(self.armies, self.owner) if o == seat])
