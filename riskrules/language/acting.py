"""Neutrals that act (issue 45), compiled: what a `neutral` block's `grows`, `attacks its …
neighbour when it has …`, `takes back …` and `infects …` make the neutral army do at each
round's start, played by the engine (engine/acting.py) from the game's rng, no agent."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Board

TARGETS = ("weakest", "strongest", "random")  # which neighbour the neutral army attacks


@dataclass(frozen=True)
class ActingNeutral:
    """The neutral army's own moves each round (None in `Rules.acting`: it only holds territories)."""

    grows: int = 0  # armies every neutral territory gains at each round's start …
    grows_percent: int = 0  # … or this percentage of its armies (rounded down)
    target: str | None = None  # attacks: "weakest" | "strongest" | "random" neighbour of another player; None: never
    ratio: int = 2  # … when its territory holds at least `ratio` times the neighbour's armies
    takes_back: tuple[int, ...] = ()  # killer neutrals: territories it takes back once conquered
    takes_back_own: bool = False  # `takes back its territories`: every territory it holds when play begins
    after: int = 1  # … this many rounds after the round of the conquest
    back_armies: int = 0  # … with these armies (0: `with their starting armies`, each its own)
    infects: bool = False  # at the first round's start, one territory of each player (drawn) joins it, armies and all


def compile_acting(d: dict[str, Any], board: Board) -> ActingNeutral | None:
    """The acting statements of the merged model's `neutral` block; None when it states none."""
    n = d.get("neutral") or {}
    if not any(k in n for k in ("grows", "assault", "takes_back", "infects")):
        return None
    grows, assault, back = n.get("grows", {}), n.get("assault"), n.get("takes_back")
    named = tuple(board.index[t] for t in back["named"]) if back and "named" in back else ()
    return ActingNeutral(
        grows=grows.get("per_territory", 0), grows_percent=grows.get("percent", 0),
        target=assault["target"] if assault else None, ratio=assault["ratio"] if assault else 2,
        takes_back=named, takes_back_own=bool(back) and "named" not in back, after=back["after"] if back else 1,
        back_armies=back["armies"] if back and back["armies"] != "starting" else 0, infects=n.get("infects", False))

