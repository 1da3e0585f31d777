"""Honest statistics of simulated games: rates with Wilson intervals, paired differences.

`summarize` turns a run's records into plain numbers (JSON-able); `differences` compares
two runs played on the same seeds (common random numbers) game by game, so that each
difference comes with a confidence interval and a p-value; `correct` adjusts the p-values
of every row of every comparison together (Holm), so that "significant" stays honest
however many rows a table has. docs/statistics.md explains it all.
"""

from __future__ import annotations

import math
import statistics
from statistics import NormalDist
from collections.abc import Sequence

from .simulate import Record

Z = 1.959964  # two-sided 95%
ALPHA = 0.05


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
    """Mean of y - x over paired games, its standard error, 95% interval and two-sided p-value
    (a z-test on the mean of the paired differences: the games are independent pairs)."""
    d = [y - x for x, y in zip(xs, ys)]
    n = len(d)
    mean = statistics.fmean(d)
    sd = statistics.stdev(d) if n > 1 else 0.0
    se = sd / math.sqrt(n) if n > 1 else math.inf
    half = Z * se
    if se == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = min(1.0, 2 * (1 - NormalDist().cdf(abs(mean) / se)))
    return {"difference": mean, "se": se, "low": mean - half, "high": mean + half, "p": p}


RATE_ROWS = ("wins_by_seat", "unfinished")  # differences in shares of games (the rows --precision watches)


def differences(base: Sequence[Record], other: Sequence[Record], players: int, same_seeds: bool = True) -> dict:
    """How `other` differs from `base`, game by game: on the same seeds (common random numbers),
    or, with `same_seeds` off, game i against game i of an independent run (an A/A check)."""
    if same_seeds:
        assert [r.seed for r in base] == [r.seed for r in other], "runs must share their seeds"
    return {
        "wins_by_seat": [_paired([r.winner == seat for r in base], [r.winner == seat for r in other])
                         for seat in range(players)],
        "unfinished": _paired([r.reason == "turn_limit" for r in base], [r.reason == "turn_limit" for r in other]),
        "turns": _paired([r.turns for r in base], [r.turns for r in other]),
    }


def rows(diff: dict) -> list[dict]:
    """The tested rows of one comparison, in table order."""
    return [*diff["wins_by_seat"], diff["unfinished"], diff["turns"]]


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979): reject where adjusted p < alpha, and the
    chance of any false rejection among all the rows stays at most alpha, whatever their dependence."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def correct(diffs: Sequence[dict], alpha: float = ALPHA) -> dict:
    """Holm-correct every row of every comparison in `diffs` together (in place): each row gets
    `p_adjusted`, `significant`, and a simultaneous (Bonferroni) interval `adjusted_low…adjusted_high`.
    Returns what was done, for the line under the table and for JSON."""
    every = [row for diff in diffs for row in rows(diff)]
    m = len(every)
    z = NormalDist().inv_cdf(1 - alpha / (2 * m)) if m else Z
    for row, adjusted in zip(every, holm([row["p"] for row in every])):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < alpha
        half = z * row["se"]
        row["adjusted_low"], row["adjusted_high"] = row["difference"] - half, row["difference"] + half
    return {"method": "holm", "comparisons": m, "alpha": alpha, "interval": "bonferroni",
            "interval_level": 1 - alpha / m if m else 1 - alpha}


def rate_half_width(r: dict) -> float:
    """The larger side of a rate's interval (Wilson intervals are not symmetric)."""
    return max(r["rate"] - r["low"], r["high"] - r["rate"])


def summary_half_width(summary: dict) -> float:
    return max(rate_half_width(r) for r in summary["wins_by_seat"])


def difference_half_width(diff: dict, adjusted: bool = True) -> float:
    """The widest side of the rate differences' intervals (the simultaneous ones when `adjusted`)."""
    lo, hi = ("adjusted_low", "adjusted_high") if adjusted else ("low", "high")
    found = [*diff["wins_by_seat"], diff["unfinished"]]
    return max(max(r["difference"] - r[lo], r[hi] - r["difference"]) for r in found)
