"""How many games: a fixed count, or as many as it takes for the intervals to be narrow enough.

With `--precision 1pp` a run plays in batches until every interval of interest is at most
1 percentage point wide on each side, or until `--max-games`. The rule looks only at the
widths of the intervals, never at the differences or p-values themselves, so the intervals
keep their coverage (a fixed-width sequential procedure in the sense of Chow and Robbins,
1965; see docs/statistics.md). Every arm of an experiment plays the same game numbers, so
paired comparisons stay paired whatever the stopping point.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from collections.abc import Callable

from . import InputError
from .simulate import CHUNK

FIRST_BATCH = 200  # games before the first look at the widths
MAX_GAMES = 20000
GROWTH = 1.1  # aim a little past the projected count, to save a batch


@dataclass(frozen=True)
class Stopping:
    """`games` for a fixed count; else `precision` (a half-width, as a share) up to `max_games`,
    looking first after `first` games (the command line's is always FIRST_BATCH; the calibration
    looks earlier, to test the rule where its data-dependence is largest)."""

    games: int | None = None
    precision: float | None = None
    max_games: int = MAX_GAMES
    first: int = FIRST_BATCH

    def report(self, played: int, half_width: float) -> dict:
        """The stopping rule and where it ended, for the results."""
        if self.precision is None:
            return {"rule": "fixed", "games": played, "half_width": half_width}
        return {"rule": "precision", "precision": self.precision, "max_games": self.max_games, "games": played,
                "half_width": half_width, "reached": half_width <= self.precision}


def parse_precision(text: str) -> float:
    """'1pp', '0.5 pp', '1%' or a share such as '0.01' → 0.01; an InputError (a ValueError) with the reason."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(pp|%)?\s*", text)
    if not m:
        raise InputError("precision", "precision", f" '{text}': give percentage points such as 1pp or 0.5pp")
    value = float(m[1]) / 100 if m[2] else float(m[1])
    if not 0.0005 <= value <= 0.25:
        raise InputError("precision", "precision", f" '{text}': choose between 0.05pp and 25pp")
    return value


def next_count(played: int, half_width: float, precision: float, max_games: int) -> int:
    """Where the next batch should end: the count at which the widest interval is projected to
    reach `precision` (a half-width shrinks as 1/sqrt(n)), in whole chunks, at least one more."""
    if half_width == math.inf or half_width != half_width:
        wanted = played * 2
    else:
        wanted = math.ceil(played * (half_width / precision) ** 2 * GROWTH)
    wanted = max(played + CHUNK, math.ceil(wanted / CHUNK) * CHUNK)
    return min(max_games, wanted)


def play_until(stopping: Stopping, play_to: Callable[[int], None], half_width: Callable[[], float]) -> dict:
    """Call `play_to(n)` (every arm has then played games 0..n-1) until the stopping rule holds;
    `half_width()` measures the widest interval of interest so far. Returns `Stopping.report`."""
    if stopping.precision is None:
        assert stopping.games is not None
        play_to(stopping.games)
        return stopping.report(stopping.games, half_width())
    played = min(stopping.first, stopping.max_games)
    play_to(played)
    widest = half_width()
    while widest > stopping.precision and played < stopping.max_games:
        played = next_count(played, widest, stopping.precision, stopping.max_games)
        play_to(played)
        widest = half_width()
    return stopping.report(played, widest)
