"""Experiments: several arms (rules × bots) grown together, game by game, to one stopping rule.

Every arm plays games 0, 1, 2, … of its run seed; with common seeds (the default) game i is
dealt and rolled alike in every arm as far as the rules allow, so differences are paired
game by game. `independent` gives every arm a seed of its own (for A/A checks). `compare`
compares each arm with the first; `sweep` each value with the next and with the first, and
along the values. `identical` names the arms whose rules play alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Sequence

from .precision import Stopping, play_until
from .simulate import Job, Record, game_seed
from ..language.rules import Rules, fingerprint
from .stats import SWEEP_MEASURES, correct, differences, difference_half_width, rate_half_width, trend, wilson

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


SWEEP_FAMILY = ("every paired difference (each value against the next, and each against the first) and every "
                "trend (numeric values) of every measure (wins by seat, unfinished, turns, trades), in every "
                "bot population")


def sweep(groups: Sequence[Sequence[Job]], xs: Sequence[float] | None, seed: int, stopping: Stopping,
          runner: Runner) -> tuple[list[list[list[Record]]], list[list[dict]], list[dict | None], dict, dict]:
    """Each group (one bot population) plays its jobs (one per value of a sweep) on the same seeds.
    Every pair of `sweep.pairs` is compared game by game, and where the values are numbers (`xs`)
    every measure's trend along them; all the rows of all the groups are corrected together, as
    in `compare`. Returns runs[group][value], diffs[group][pair], trends[group] (None without
    `xs`), the correction and the stopping report. The intervals of interest, as in compare:
    every run's win rates by seat and the simultaneous intervals of the differences in rates."""
    from .sweep import pairs

    arms = [[Arm(job, seed) for job in jobs] for jobs in groups]
    players = groups[0][0].players
    compared = pairs(len(groups[0]))

    def analyse() -> tuple[list[list[dict]], list[dict | None], dict]:
        diffs = [[differences(g[i].records, g[j].records, players, measures=SWEEP_MEASURES) for i, j in compared]
                 for g in arms]
        trends = [trend([a.records for a in g], xs, players) if xs else None for g in arms]
        every = [d for ds in diffs for d in ds] + [t for t in trends if t is not None]
        return diffs, trends, correct(every, family=SWEEP_FAMILY)

    def half_width() -> float:
        diffs, _, _ = analyse()
        widths = [seat_half_width(a.records, players) for g in arms for a in g]
        widths += [difference_half_width(d) for ds in diffs for d in ds]
        return max(widths)

    report = grow([a for g in arms for a in g], stopping, runner, half_width)
    diffs, trends, correction = analyse()
    return [[a.records for a in g] for g in arms], diffs, trends, correction, report


# What a rule model holds only to name and describe the rules (their words, their place among the
# rulebooks): two models that differ only here play the same games.
DESCRIPTIVE = ("id", "title", "language", "base", "extends", "variant", "variants", "set", "terms")


def play_fingerprint(rules: Rules) -> str:
    """A fingerprint of what the rules make happen in a game: the merged model without its
    DESCRIPTIVE parts, and the board. Unlike Rules.fingerprint it is the same for an edition, a
    house rule that extends it and changes nothing, and a --set that sets what was already so."""
    model = {k: v for k, v in rules.model.items() if k not in DESCRIPTIVE}
    return fingerprint({"model": model, "board": rules.board.to_json()})


def identical(rules: Sequence[Rules]) -> list[tuple[int, int]]:
    """The pairs (i, j), i < j, of runs whose rules play alike: on common seeds with the same bots
    they play the same games, so every difference between them is 0 by construction."""
    prints = [play_fingerprint(r) for r in rules]
    return [(i, j) for j in range(len(prints)) for i in range(j) if prints[i] == prints[j]]
