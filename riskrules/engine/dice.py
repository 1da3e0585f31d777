"""Where die faces come from: the game's seeded random source, or a loaded sequence."""

from __future__ import annotations

import random
from collections.abc import Iterable

from .errors import GameError  # (a name other modules still import from here)


class Dice:
    """Fair dice drawn from the game's random source."""

    def __init__(self, rng: random.Random):
        self._random = rng.random

    def roll(self, n: int) -> list[int]:
        r = self._random
        if n == 1:  # the usual counts spelled out: a battle rolls twice
            return [int(r() * 6) + 1]
        if n == 2:
            return [int(r() * 6) + 1, int(r() * 6) + 1]
        if n == 3:
            return [int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1]
        return [int(r() * 6) + 1 for _ in range(n)]


class LoadedDice:
    """Dice that show the given faces in order: the attacker's first, then the defender's.

    Tests load the exact rolls of a rulebook's worked example.
    """

    def __init__(self, faces: Iterable[int]):
        self._faces = list(faces)
        self._next = 0
        for face in self._faces:
            if not 1 <= face <= 6:
                raise ValueError(f"a die shows 1 to 6, not {face}")

    def roll(self, n: int) -> list[int]:
        if self._next + n > len(self._faces):
            raise GameError(f"the loaded dice ran out after {self._next} faces")
        faces = self._faces[self._next:self._next + n]
        self._next += n
        return faces

    @property
    def left(self) -> int:
        return len(self._faces) - self._next
