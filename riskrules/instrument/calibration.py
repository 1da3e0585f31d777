"""Does the instrument keep its promises? A/A tests and coverage tests of `risk compare`.

A/A: an edition against an identical copy of itself, each on seeds of its own, many times.
No difference is real, so every "significant" row is a false one: its rate per row must stay
at most 5%, and with Holm's correction the rate of replications with any false row (the
family-wise rate) must stay at most 5% too.

Coverage: a rule change whose effect is known (measured once with many games), compared on
common seeds many times, each replication on new seeds: the paired 95% intervals must cover
the known difference about 95% of the time — with a fixed count of games (`coverage`), and
with the count decided by the --precision rule (`sequential_coverage`), where the count
depends on the data.

Used by tests/test_calibration.py (a small, fast slice) and benchmarks/calibration.py (full size).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from .experiment import arm_seed, compare
from .precision import FIRST_BATCH, MAX_GAMES, Stopping
from .simulate import Job, game_seed, run
from .stats import correct, differences, rows



def row_names(players: int) -> list[str]:
    return [f"seat {k + 1}" for k in range(players)] + ["unfinished", "turns"]


def replication_seed(seed: int, replication: int) -> int:
    """Replication r of a calibration seeded `seed` plays on seeds no other replication shares."""
    return game_seed(seed, 1_000_000 + replication)


def aa(job: Job, copy: Job, games: int, replications: int, seed: int, workers: int = 1) -> dict:
    """A/A: `job` against `copy` (the same rules) on independent seeds, `replications` times."""
    tested = raw = adjusted = families = 0
    for r in range(replications):
        s = replication_seed(seed, r)
        a = run(job, games, s, workers)
        b = run(copy, games, arm_seed(s, 1, independent=True), workers)
        diff = differences(a, b, job.players, same_seeds=False)
        correct([diff])
        found = rows(diff)
        tested += len(found)
        raw += sum(1 for row in found if row["p"] < 0.05)
        hits = sum(1 for row in found if row["significant"])
        adjusted += hits
        families += hits > 0
    return {"replications": replications, "games": games, "rows": tested,
            "raw_false_rate": raw / tested, "holm_false_rate": adjusted / tested,
            "familywise_false_rate": families / replications}


def truth(base: Job, changed: Job, games: int, seed: int, workers: int = 1) -> dict[str, float]:
    """The difference `changed` − `base` of every row, measured once with many games on common seeds."""
    diff = differences(run(base, games, seed, workers), run(changed, games, seed, workers), base.players)
    return {name: row["difference"] for name, row in zip(row_names(base.players), rows(diff))}


def coverage(base: Job, changed: Job, known: dict[str, float], games: int, replications: int, seed: int,
             workers: int = 1, names: Sequence[str] | None = None) -> dict[str, float]:
    """How often the paired 95% interval of each row covers its known difference."""
    names = list(names or known)
    covered = dict.fromkeys(names, 0)
    for r in range(replications):
        s = replication_seed(seed, r)
        diff = differences(run(base, games, s, workers), run(changed, games, s, workers), base.players)
        for name, row in zip(row_names(base.players), rows(diff)):
            if name in covered and row["low"] <= known[name] <= row["high"]:
                covered[name] += 1
    return {name: count / replications for name, count in covered.items()}


def sequential_coverage(base: Job, changed: Job, known: dict[str, float], precision: float, replications: int,
                        seed: int, workers: int = 1, first: int = FIRST_BATCH, max_games: int = MAX_GAMES,
                        names: Sequence[str] | None = None) -> dict:
    """Coverage when the --precision rule decides the count: each replication is `risk compare
    --precision` on new seeds (experiment.compare, its stopping rule, looking first after `first`
    games), and the count differs from one replication to the next. Per row, how often the paired
    95% interval covers its known difference; and how often the simultaneous (Bonferroni)
    intervals of all the named rows cover together (at least 95% is promised). Also the counts the
    rule stopped at, and how often it reached the precision before `max_games`."""
    names = list(names or known)
    covered = dict.fromkeys(names, 0)
    together = reached = 0
    counts = []
    stopping = Stopping(precision=precision, max_games=max_games, first=first)

    def runner(job: Job, games: int, s: int, first_game: int):
        return run(job, games, s, workers, first=first_game)

    for r in range(replications):
        _, [[diff]], _, report = compare([[base, changed]], replication_seed(seed, r), stopping, runner)
        counts.append(report["games"])
        reached += report["reached"]
        found = dict(zip(row_names(base.players), rows(diff)))
        for name in names:
            if found[name]["low"] <= known[name] <= found[name]["high"]:
                covered[name] += 1
        together += all(found[name]["adjusted_low"] <= known[name] <= found[name]["adjusted_high"] for name in names)
    return {"replications": replications, "precision": precision, "first": first,
            "rates": {name: count / replications for name, count in covered.items()},
            "simultaneous": together / replications, "reached": reached / replications,
            "games": {"min": min(counts), "mean": statistics.fmean(counts), "max": max(counts)}}
