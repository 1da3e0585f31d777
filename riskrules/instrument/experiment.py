"""Experiments: several arms (rules × bots) grown together, game by game, to one stopping rule.

Every arm plays games 0, 1, 2, … of its run seed; with common seeds (the default) game i is
dealt and rolled alike in every arm as far as the rules allow, so differences are paired
game by game. `independent` gives every arm a seed of its own (for A/A checks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Sequence

from .precision import Stopping, play_until
from .simulate import Job, Record, game_seed
from .stats import correct, differences, difference_half_width, rate_half_width, wilson

Runner = Callable[[Job, int, int, int], list[Record]]  # (job, games, seed, first game) → records


@dataclass
class Arm:
    job: Job
    seed: int
    records: list[Record] = field(default_factory=list)


def arm_seed(seed: int, index: int, independent: bool) -> int:
    """The run seed of arm `index`: the experiment's seed, or with `independent` one derived from it."""
    return game_seed(seed, -1 - index) if independent and index else seed


def seat_half_width(records: Sequence[Record], players: int) -> float:
    n = len(records)
    widest = 0.0
    for seat in range(players):
        k = sum(1 for r in records if r.winner == seat)
        low, high = wilson(k, n)
        widest = max(widest, rate_half_width({"rate": k / n if n else 0.0, "low": low, "high": high}))
    return widest


def grow(arms: Sequence[Arm], stopping: Stopping, runner: Runner,
         half_width: Callable[[], float]) -> dict:
    """Play every arm to the stopping rule; returns the rule's report."""

    def play_to(n: int) -> None:
        for arm in arms:
            have = len(arm.records)
            if have < n:
                arm.records += runner(arm.job, n - have, arm.seed, have)

    return play_until(stopping, play_to, half_width)


def simulate(job: Job, seed: int, stopping: Stopping, runner: Runner) -> tuple[list[Record], dict]:
    """One arm; the intervals of interest are the win rates by seat."""
    arm = Arm(job, seed)
    report = grow([arm], stopping, runner, lambda: seat_half_width(arm.records, job.players))
    return arm.records, report


def compare(groups: Sequence[Sequence[Job]], seed: int, stopping: Stopping, runner: Runner,
            independent: bool = False) -> tuple[list[list[list[Record]]], list[list[dict]], dict, dict]:
    """Each group (one bot population) compares its jobs, each against the first; all rows of all
    groups are corrected together. Returns runs[group][job], diffs[group][job-1], the correction
    and the stopping report. The intervals of interest: every run's win rates by seat and the
    simultaneous intervals of the differences in rates."""
    arms = [[Arm(job, arm_seed(seed, k, independent)) for k, job in enumerate(jobs)] for jobs in groups]
    players = groups[0][0].players

    def analyse() -> tuple[list[list[dict]], dict]:
        diffs = [[differences(g[0].records, a.records, players, same_seeds=not independent) for a in g[1:]]
                 for g in arms]
        return diffs, correct([d for ds in diffs for d in ds])

    def half_width() -> float:
        diffs, _ = analyse()
        widths = [seat_half_width(a.records, players) for g in arms for a in g]
        widths += [difference_half_width(d) for ds in diffs for d in ds]
        return max(widths)

    report = grow([a for g in arms for a in g], stopping, runner, half_width)
    diffs, correction = analyse()
    return [[a.records for a in g] for g in arms], diffs, correction, report


def several(jobs: Sequence[Job], seed: int, stopping: Stopping, runner: Runner) -> tuple[list[list[Record]], dict]:
    """Independent questions on common seeds (a sweep): each job's own win rates by seat are the
    intervals of interest."""
    arms = [Arm(job, seed) for job in jobs]
    report = grow(arms, stopping, runner, lambda: max(seat_half_width(a.records, a.job.players) for a in arms))
    return [a.records for a in arms], report
