"""What every agent is: something that answers a Decision."""

from __future__ import annotations

import random
from typing import Any

from ..decisions import Decision


class Agent:
    """Answers decisions for one seat. `kind` names it in the game log."""

    kind = "agent"
    # True only for a built-in bot whose answers tests/test_engine_options.py proves legal
    # (the same games, byte for byte, with every answer checked): the engine skips checking
    # them again. A subclass is checked unless it says so itself.
    proven = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "proven" not in cls.__dict__:
            cls.proven = False

    def start(self, game: Any, seat: int, rng: random.Random) -> None:
        """Called once when the game is made: the game, this agent's seat, its random source."""
        self.game = game
        self.seat = seat
        self.rng = rng

    def decide(self, decision: Decision) -> Any:
        raise NotImplementedError
