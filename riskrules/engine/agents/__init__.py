"""Agents answer decisions: bots, the human at the terminal, scripts and logs.

The one list of bots: the built-in ones are declared below as plug-ins are named
(module:Class, agents/plugins.py), so that the CLI's help, the loader's "unknown bot"
message and a replay's choice of who may play on all read the same table.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import GameError
from .base import Agent
from .guest import TIMEOUT
from .random_agent import RandomAgent


@dataclass(frozen=True)
class Bot:
    """A built-in bot: its name, where its class is, and the number it may take (strong-N)."""

    name: str
    spec: str  # module:Class, as a plug-in is named
    about: str  # for the CLI's help
    number: tuple[int, int] | None = None  # name-N: the range of N, passed to the class
    number_means: str = ""


BUILT_IN = (
    Bot("random", "riskrules.engine.agents.random_agent:RandomAgent", "random"),
    Bot("balanced", "riskrules.engine.agents.balanced:BalancedAgent", "balanced"),
    Bot("strong", "riskrules.engine.agents.strong:StrongAgent",
        "strong (strong-N: N playouts per candidate move; default 10)", (1, 10_000), "playouts"),
    # the opponent pool: players unlike balanced, to measure a bot against (agents/styles.py)
    Bot("aggressive", "riskrules.engine.agents.styles:AggressiveAgent", "aggressive"),
    Bot("turtle", "riskrules.engine.agents.styles:TurtleAgent", "turtle"),
    Bot("spreader", "riskrules.engine.agents.styles:SpreaderAgent", "spreader"),
)
BOTS = tuple(bot.name for bot in BUILT_IN)
_BY_NAME = {bot.name: bot for bot in BUILT_IN}


def make_bot(kind: str, timeout: float | None = TIMEOUT) -> Agent:
    """A bot by its name: random, balanced, strong (strong-N: with N playouts per candidate),
    or a plug-in (module:Class, path/to/file.py:Class, or a name in the entry-point group
    riskrules.bots — see docs/bots.md), played as a guest (agents/guest.py) that may take
    `timeout` seconds over each decision (None or 0: no limit), or a program (cmd:PROGRAM ARGS,
    the seat protocol: agents/seat.py, docs/seat-protocol.md) under the same time limit."""
    from .guest import Guest
    from .plugins import plugin

    if kind.startswith("cmd:"):
        from .seat import CommandSeat

        return CommandSeat(kind, timeout)

    bot = _BY_NAME.get(kind)
    if bot is not None:
        return plugin(bot.spec)()
    name, dash, number = kind.partition("-")
    bot = _BY_NAME.get(name)
    if dash and bot is not None and bot.number is not None:
        low, high = bot.number
        if not number.isdigit() or not low <= int(number) <= high:
            raise ValueError(f"unknown bot '{kind}': {name}-N takes {low} to {high} {bot.number_means}")
        return plugin(bot.spec)(int(number))
    return Guest(plugin(kind), kind, timeout)


def check_bot(kind: str, timeout: float | None = TIMEOUT) -> str | None:
    """None if `kind` names a bot make_bot can make (loading a plug-in and making one to see), else why not."""
    try:
        make_bot(kind, timeout)
    except (ValueError, GameError) as err:
        return str(err)
    return None


__all__ = ["Agent", "Bot", "BUILT_IN", "RandomAgent", "TIMEOUT", "make_bot", "check_bot", "BOTS"]
