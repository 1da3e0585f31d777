"""What every agent is: something that answers a Decision."""

from __future__ import annotations

import random

from ..decisions import Decision
from ..sight import Sight


class Agent:
    """Answers decisions for one seat. `kind` names it in the game log."""

    kind = "agent"
    # True only for a built-in bot whose answers tests/test_engine_options.py proves legal
    # (the same games, byte for byte, with every answer checked): the engine skips checking
    # them again. A subclass is checked unless it says so itself.
    proven = False
    # True for an agent that hears the game's events as its seat is told them: the game calls its
    # hear(event) with each (Game.teller; a playout's copy has no listeners, so it hears nothing)
    hears = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "proven" not in cls.__dict__:
            cls.proven = False

    def start(self, view: Sight, seat: int, rng: random.Random) -> None:
        """Called once when the game is made: what this agent's seat sees of the game (its
        `Sight`: the board, the public counts, its own cards and mission — engine/sight.py),
        the seat, its own random source. `self.game` is the same view, by its older name."""
        self.view = self.game = view
        self.seat = seat
        self.rng = rng

    def hear(self, event: dict) -> None:
        """An event of the game as this seat is told it: called only if `hears`."""

    def decide(self, decision: Decision) -> Any:
        raise NotImplementedError
