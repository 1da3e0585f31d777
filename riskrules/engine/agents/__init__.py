"""Agents answer decisions: bots, the human at the terminal, scripts and logs."""

from .base import Agent
from .random_agent import RandomAgent

BOTS = ("random", "balanced")


def make_bot(kind: str) -> Agent:
    """A bot by its name: random or balanced."""
    if kind == "random":
        return RandomAgent()
    if kind == "balanced":
        from .balanced import BalancedAgent

        return BalancedAgent()
    raise ValueError(f"unknown bot '{kind}'; bots: {', '.join(BOTS)}")


__all__ = ["Agent", "RandomAgent", "make_bot", "BOTS"]
