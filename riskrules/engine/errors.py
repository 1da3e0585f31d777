"""The game layer's two exceptions: an error it cannot go on with, and the end of a game."""

from __future__ import annotations


class GameError(Exception):
    """Something the engine cannot go on with: an illegal answer, a loaded die run dry,
    a save file that does not match its game. The one error type of the game layer."""


class GameOver(Exception):
    """Raised inside the turn loop when a victory condition is met (or the turn limit)."""
