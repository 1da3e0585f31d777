"""Honest statistics of simulated games: rates and means with intervals, paired differences, trends.

`summarize` turns a run's records into plain numbers (JSON-able), every rate and mean with its
95% interval; `differences` compares two runs played on the same seeds (common random numbers)
game by game, and `trend` the runs of a sweep along its numeric values, so that each difference
and each slope comes with a confidence interval and a p-value; `correct` adjusts the p-values of
every row of every comparison together (Holm), so that "significant" stays honest however many
rows a table has. docs/statistics.md explains it all.
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


def mean_interval(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """The mean of counts (turns, sets traded) and its 95% interval, mean ± 1.96·s/√n (a normal
    approximation: sound for the hundreds of games a run plays); no interval (None) with fewer
    than two values. The interval stops at 0, below which no count is: a mean of 3 games was
    shown as "265.7 (-87.6–619)". Cutting off what cannot hold loses no coverage."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None, None
    half = Z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, max(0.0, mean - half), mean + half


def summarize(records: Sequence[Record], players: int, continents: Sequence[str], neutral: bool) -> dict:
    n = len(records)
    turns = [r.turns for r in records]
    q1, median, q3 = statistics.quantiles(turns, n=4, method="inclusive") if n > 1 else (turns[0],) * 3
    reasons: dict[str, int] = {}
    for r in records:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    mean, low, high = mean_interval(turns)
    traded, traded_low, traded_high = mean_interval([r.trades for r in records])
    summary = {
        "games": n,
        "wins_by_seat": [_rate(sum(1 for r in records if r.winner == seat), n) for seat in range(players)],
        "reasons": dict(sorted(reasons.items())),
        "reason_rates": {reason: _rate(count, n) for reason, count in sorted(reasons.items())},
        "unfinished": _rate(reasons.get("turn_limit", 0), n),
        "turns": {"mean": mean, "mean_low": low, "mean_high": high, "median": median, "q1": q1, "q3": q3,
                  "min": min(turns), "max": max(turns)},
        "continents_held": {c: _rate(sum(1 for r in records if k in r.continents), n)
                            for k, c in enumerate(continents)},
        "cards": {"traded_mean": traded, "traded_low": traded_low, "traded_high": traded_high,
                  "largest_trade": max(r.largest_trade for r in records)},
    }
    if neutral:
        summary["neutral_survival"] = _rate(sum(1 for r in records if r.neutral_left > 0), n)
    return summary


def _test(d: Sequence[float], estimate: str = "difference") -> dict:
    """The mean of per-game values `d` (a difference or a contrast of one game's outcomes), its
    standard error, 95% interval and two-sided p-value: a z-test, the games being independent."""
    n = len(d)
    mean = statistics.fmean(d)
    sd = statistics.stdev(d) if n > 1 else 0.0
    se = sd / math.sqrt(n) if n > 1 else math.inf
    half = Z * se
    if se == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = min(1.0, 2 * (1 - NormalDist().cdf(abs(mean) / se)))
    return {estimate: mean, "se": se, "low": mean - half, "high": mean + half, "p": p}


def paired(xs: Sequence[float], ys: Sequence[float]) -> dict:
    """Mean of y - x over paired games, its standard error, 95% interval and two-sided p-value
    (a z-test on the mean of the paired differences: the games are independent pairs)."""
    return _test([y - x for x, y in zip(xs, ys)])


RATE_ROWS = ("wins_by_seat", "unfinished")  # differences in shares of games (the rows --precision watches)
MEASURES = ("wins_by_seat", "unfinished", "turns")  # the tested measures of compare, in table order …
SWEEP_MEASURES = (*MEASURES, "trades")  # … and of sweep: also the sets traded a game


def outcomes(records: Sequence[Record], players: int) -> dict:
    """Each measure game by game: per seat 1 if it won, 1 if unfinished, the turns, the sets traded."""
    return {"wins_by_seat": [[float(r.winner == seat) for r in records] for seat in range(players)],
            "unfinished": [float(r.reason == "turn_limit") for r in records],
            "turns": [float(r.turns) for r in records],
            "trades": [float(r.trades) for r in records]}


def differences(base: Sequence[Record], other: Sequence[Record], players: int, same_seeds: bool = True,
                measures: Sequence[str] = MEASURES) -> dict:
    """How `other` differs from `base`, game by game: on the same seeds (common random numbers),
    or, with `same_seeds` off, game i against game i of an independent run (an A/A check)."""
    if same_seeds:
        assert [r.seed for r in base] == [r.seed for r in other], "runs must share their seeds"
    x, y = outcomes(base, players), outcomes(other, players)
    found = {"wins_by_seat": [paired(a, b) for a, b in zip(x["wins_by_seat"], y["wins_by_seat"])]}
    found.update({m: paired(x[m], y[m]) for m in measures if m != "wins_by_seat"})
    return found


def slope_weights(xs: Sequence[float]) -> list[float]:
    """c_j = (x_j − x̄) / Σ(x − x̄)²: Σ c_j·y_j is the least-squares slope of y on x."""
    centre = statistics.fmean(xs)
    spread = sum((x - centre) ** 2 for x in xs)
    return [(x - centre) / spread for x in xs]


def trend(runs: Sequence[Sequence[Record]], xs: Sequence[float], players: int,
          measures: Sequence[str] = SWEEP_MEASURES) -> dict:
    """The least-squares slope of every measure on the values `xs`, paired game by game: for game
    i, b_i = Σ_j c_j·y_ij over the runs j (`slope_weights`); the mean of the b_i is the slope of the
    runs' means, and its standard error comes from the spread of the b_i, as for a paired
    difference. Rows carry "slope" where differences carry "difference". (Σ c_j = 0, so b_i is
    computed as Σ_j c_j·(y_ij − y_i0): a game that goes alike under every value gives exactly 0.)"""
    assert len({tuple(r.seed for r in run) for run in runs}) == 1, "runs must share their seeds"
    weights = slope_weights(xs)
    each = [outcomes(run, players) for run in runs]
    n = len(runs[0])

    def slope(columns: Sequence[Sequence[float]]) -> dict:
        return _test([sum(w * (col[i] - columns[0][i]) for w, col in zip(weights, columns)) for i in range(n)],
                     "slope")

    found = {"wins_by_seat": [slope([o["wins_by_seat"][seat] for o in each]) for seat in range(players)]}
    found.update({m: slope([o[m] for o in each]) for m in measures if m != "wins_by_seat"})
    return found


def rows(diff: dict) -> list[dict]:
    """The tested rows of one comparison (or trend), in table order."""
    return [*diff["wins_by_seat"], *(diff[m] for m in SWEEP_MEASURES[1:] if m in diff)]


def estimate(row: dict) -> float:
    """What a row estimates: a difference, or a trend's slope."""
    return row["difference"] if "difference" in row else row["slope"]


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


COMPARE_FAMILY = ("every difference from the first run (wins by seat, unfinished, turns), in every bot population")


def correct(diffs: Sequence[dict], alpha: float = ALPHA, family: str = COMPARE_FAMILY) -> dict:
    """Holm-correct every row of every comparison (or trend) in `diffs` together (in place): each
    row gets `p_adjusted`, `significant`, and a simultaneous (Bonferroni) interval
    `adjusted_low…adjusted_high`. Returns what was done — the family, in words, and its size m —
    for the line under the table and for JSON."""
    every = [row for diff in diffs for row in rows(diff)]
    m = len(every)
    z = NormalDist().inv_cdf(1 - alpha / (2 * m)) if m else Z
    for row, adjusted in zip(every, holm([row["p"] for row in every])):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < alpha
        half = z * row["se"]
        row["adjusted_low"], row["adjusted_high"] = estimate(row) - half, estimate(row) + half
    return {"method": "holm", "family": family, "comparisons": m, "alpha": alpha, "interval": "bonferroni",
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
