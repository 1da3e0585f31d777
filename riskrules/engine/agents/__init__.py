"""Agents answer decisions: bots, the human at the terminal, scripts and logs."""

from .base import Agent
from .random_agent import RandomAgent

BOTS = ("random", "balanced", "strong")


def make_bot(kind: str) -> Agent:
    """A bot by its name: random, balanced, strong (strong-N: with N playouts per candidate),
    or a plug-in (module:Class, path/to/file.py:Class, or a name in the entry-point group
    riskrules.bots — see docs/bots.md)."""
    if kind == "random":
        return RandomAgent()
    if kind == "balanced":
        from .balanced import BalancedAgent

        return BalancedAgent()
    if kind == "strong" or kind.startswith("strong-"):
        from .strong import StrongAgent

        if kind == "strong":
            return StrongAgent()
        playouts = kind[len("strong-"):]
        if not playouts.isdigit() or not 1 <= int(playouts) <= 10_000:
            raise ValueError(f"unknown bot '{kind}': strong-N takes 1 to 10000 playouts")
        return StrongAgent(int(playouts))
    from .plugins import plugin

    return plugin(kind)()


def check_bot(kind: str) -> str | None:
    """None if `kind` names a bot make_bot can make (loading a plug-in to see), else why not."""
    try:
        make_bot(kind)
    except ValueError as err:
        return str(err)
    return None


__all__ = ["Agent", "RandomAgent", "make_bot", "check_bot", "BOTS"]
