"""What every agent is: something that answers a Decision."""

from __future__ import annotations

import random
from typing import Any

from ..decisions import Decision


class Agent:
    """Answers decisions for one seat. `kind` names it in the game log."""

    kind = "agent"

    def start(self, game: Any, seat: int, rng: random.Random) -> None:
        """Called once when the game is made: the game, this agent's seat, its random source."""
        self.game = game
        self.seat = seat
        self.rng = rng

    def decide(self, decision: Decision) -> Any:
        raise NotImplementedError
