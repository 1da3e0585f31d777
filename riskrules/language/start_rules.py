"""The start rules of issue 43 (which territories may be taken, how many each, the armies on
them, the territories out of play, a scenario): their compiled form, and which words of a merged
model state them. Compiled by language/rules.py's compile_start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class StartRules:
    """The start beyond today's deal and draft (issue 43): which territories may be taken, how
    many each, the armies on them, the territories out of play, a whole scenario."""

    pickable: str | None = None  # "warlords" | "cities": one / all but one territory of each continent may be taken
    limit: int | None = None  # territories each player starts with; the rest neutral
    even: bool = False  # the players get the same number each; what is left starts neutral
    armies_each: int | None = None  # armies on every starting territory of a player; nothing placed
    remove: int = 0  # territories out of play, drawn at random
    wastelands: tuple[int, int] = (0, 0)  # (how many, armies on each): neutral, drawn before the share-out
    neutral_start: int = 2  # armies on each territory these rules leave neutral
    scenario: tuple[tuple[int, int, int], ...] = ()  # (territory, seat or -1 for the neutral army, armies)

    @property
    def decides_neutrals(self) -> bool:
        """These rules say which territories start neutral (the 2-player neutral army's dealt hand is not dealt)."""
        return self.even or bool(self.scenario)


def start_keys(d: dict[str, Any]) -> list[str]:
    """The start rules of issue 43 a merged model states (setup, neutral and scenario words)."""
    setup, neutral = d.get("setup", {}), d.get("neutral", {})
    keys = [k for k in ("pickable", "limit", "armies_each", "remove") if k in setup]
    keys += [k for k in ("leftover_deal", "wastelands") if k in neutral]
    return keys + (["scenario"] if "scenario" in d else [])


def makes_neutrals(d: dict[str, Any]) -> bool:
    """A neutral army exists: a `neutral` block, or start rules that leave territories neutral."""
    return "neutral" in d or bool(set(start_keys(d)) & {"pickable", "limit", "scenario"})


DEFAULT_NEUTRAL_START = 2  # armies on a territory the start rules leave neutral, unless `neutral { start N }`
