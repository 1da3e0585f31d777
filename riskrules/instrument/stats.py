"""Honest statistics of simulated games: rates with Wilson intervals, paired differences.

`summarize` turns a run's records into plain numbers (JSON-able); `differences` compares
two runs played on the same seeds (common random numbers) game by game, so that each
difference comes with a confidence interval and a yes/no on whether it is meaningful.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from .simulate import Record

Z = 1.959964  # two-sided 95%


def wilson(successes: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion (stays inside 0..1, sound for small n)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(successes: int, n: int) -> dict:
    low, high = wilson(successes, n)
    return {"count": successes, "rate": successes / n if n else 0.0, "low": low, "high": high}


def summarize(records: Sequence[Record], players: int, continents: Sequence[str], neutral: bool) -> dict:
    n = len(records)
    turns = [r.turns for r in records]
    q1, median, q3 = statistics.quantiles(turns, n=4, method="inclusive") if n > 1 else (turns[0],) * 3
    reasons: dict[str, int] = {}
    for r in records:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    summary = {
        "games": n,
        "wins_by_seat": [_rate(sum(1 for r in records if r.winner == seat), n) for seat in range(players)],
        "reasons": dict(sorted(reasons.items())),
        "unfinished": _rate(reasons.get("turn_limit", 0), n),
        "turns": {"mean": statistics.fmean(turns), "median": median, "q1": q1, "q3": q3,
                  "min": min(turns), "max": max(turns)},
        "continents_held": {c: sum(1 for r in records if k in r.continents) / n for k, c in enumerate(continents)},
        "cards": {"traded_mean": statistics.fmean(r.trades for r in records),
                  "largest_trade": max(r.largest_trade for r in records)},
    }
    if neutral:
        summary["neutral_survival"] = _rate(sum(1 for r in records if r.neutral_left > 0), n)
    return summary


def _paired(xs: Sequence[float], ys: Sequence[float]) -> dict:
    """Mean of y - x over paired games, its 95% interval, and whether the interval excludes 0."""
    d = [y - x for x, y in zip(xs, ys)]
    n = len(d)
    mean = statistics.fmean(d)
    sd = statistics.stdev(d) if n > 1 else 0.0
    half = Z * sd / math.sqrt(n) if n > 1 else math.inf
    return {"difference": mean, "low": mean - half, "high": mean + half,
            "meaningful": bool(n > 1 and (mean - half > 0 or mean + half < 0))}


def differences(base: Sequence[Record], other: Sequence[Record], players: int) -> dict:
    """How `other` differs from `base`, game by game on the same seeds."""
    assert [r.seed for r in base] == [r.seed for r in other], "runs must share their seeds"
    out = {
        "wins_by_seat": [_paired([r.winner == seat for r in base], [r.winner == seat for r in other])
                         for seat in range(players)],
        "unfinished": _paired([r.reason == "turn_limit" for r in base], [r.reason == "turn_limit" for r in other]),
        "turns": _paired([r.turns for r in base], [r.turns for r in other]),
    }
    return out
