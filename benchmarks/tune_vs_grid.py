"""`risk tune`'s search against a uniform grid over the same values, side by side, one run.

    python benchmarks/tune_vs_grid.py [--budget 1200] [--values 1..16] [--target rounds=17..21] [--max-turns 150]
    python benchmarks/tune_vs_grid.py --seats [--budget 4000]

The default: classic, 3 players, balanced bots, --vary "reinforcements { territories max({a}, territories // 3) }"
over --values, seed 1 (about 4 minutes of CPU: a game of high income is long, --max-turns cuts them at
50 rounds). --seats: the two-placeholder seat search, --vary "setup { extra starting armies by seat 0, {a},
{b} }" over --over a=… --over b=… (default a=0,3,6,9 and b=0,3,6,9,12: 20 candidates, the search space of
the first compensation runs, kept) on --edition (default nl-1990) at 3 players (--players), seed 1, --budget 4000
(about 6 minutes of CPU at the defaults). The score is the largest seat gap, whatever the band of --target.

Successive halving (instrument/tune.py, as `risk tune` runs it) spends about --budget games, and for a
seats target over whole numbers `risk tune` answers by the surface fitted to all of them (tune.surface);
the uniform grid gives every candidate as many games as the halving's last one got, on the same seeds
(games 0, 1, … of the seed: the halving's games are a prefix of the grid's, played once), and picks the
candidate of the best score. It prints each one's answer and games, and their ratio, where the search's answer ranks among
the grid's scores and, when the answers differ, whether the grid's own games can tell them apart (a
paired bootstrap of the difference of their scores). Confirmation is left out: it is the same for both.
"""

from __future__ import annotations

import argparse
import time

from riskrules.instrument import tune as tn
from riskrules.instrument.balance import run_shapes
from riskrules.instrument.simulate import Job

INCOME = "reinforcements { territories max({a}, territories // 3) }"
SEATS = "setup { extra starting armies by seat 0, {a}, {b} }"


BOOTSTRAP = 1000


def paired_bootstrap(target, mine: list, theirs: list, players: int) -> tuple[float, float]:
    """The 95% percentile interval of score(mine) − score(theirs), the games resampled together
    (game i of both was played on the same seed): random.Random(0), so the same every run."""
    import random

    rng = random.Random(0)
    n = len(mine)
    found = []
    for _ in range(BOOTSTRAP):
        picked = rng.choices(range(n), k=n)
        found.append(tn.score(target, [mine[i] for i in picked], players)
                     - tn.score(target, [theirs[i] for i in picked], players))
    found.sort()
    return found[int(0.025 * BOOTSTRAP)], found[int(0.975 * BOOTSTRAP) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", action="store_true", help="the two-placeholder seat search")
    parser.add_argument("--budget", type=int)
    parser.add_argument("--values", default="1..16", help="the income rule's values of {a}")
    parser.add_argument("--over", action="append", help="--seats: a=LOW..HIGH, b=LOW..HIGH")
    parser.add_argument("--target")
    parser.add_argument("--edition")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--max-turns", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    if args.seats:
        vary, edition, over = SEATS, args.edition or "nl-1990", args.over or ["a=0,3,6,9", "b=0,3,6,9,12"]
        budget, target_text, max_turns = args.budget or 4000, args.target or "seats=1.5pp", args.max_turns or 1000
    else:
        vary, edition, over = INCOME, args.edition or "classic", [f"a={args.values}"]
        budget, target_text, max_turns = args.budget or 1200, args.target or "rounds=17..21", args.max_turns or 150
    players = args.players
    target = tn.parse_target(target_text)
    values = tn.candidates(vary, tn.parse_over(over))
    jobs = [Job(edition, None, players, "balanced", max_turns, (tn.fill(vary, v),)) for v in values]

    def run(job: Job, games: int, seed: int, first: int) -> list:
        return run_shapes(job, games, seed, 1, None, first=first)

    search = tn.halving(jobs, target, budget, args.seed, run)
    last = chosen = search["chosen"]
    each = search["games"][last]
    refined = tn.surface(target, values, search["played"], players)  # as `risk tune` chooses (a seats target)
    if refined is not None:
        chosen = refined["chosen"]
    played: dict[int, list] = {}
    for k, job in enumerate(jobs):  # the grid: every candidate to `each` games, reusing the search's prefix
        have = search["played"][k]
        played[k] = have[:each] + (run(job, each - len(have), args.seed, len(have)) if len(have) < each else [])
    scores = {k: tn.score(target, g, players) for k, g in played.items()}
    ranked = sorted(scores, key=lambda k: (scores[k], k))
    grid = ranked[0]
    grid_games = each * len(jobs)
    name = lambda k: ", ".join(f"{p}={v}" for p, v in values[k].items())  # noqa: E731
    print(f"{vary} over {' '.join(over)}, target {target_text}, {edition}, {players} players, balanced, "
          f"seed {args.seed}, max turns {max_turns}")
    print(f"successive halving: {name(last)} after {search['spent']:,} games "
          f"({len(search['rungs'])} rungs; the last candidate played {each})")
    if refined is not None:
        print(f"its surface:        {name(chosen)} (the quadratic over all its games; predicted largest gap "
              f"{100 * refined['gap'][chosen]:.2f} pp): `risk tune`'s answer")
    print(f"uniform grid:       {name(grid)} after {grid_games:,} games ({each} a candidate)")
    print(f"same answer: {'yes' if grid == chosen else 'no'}; the grid spends {grid_games / search['spent']:.1f}× "
          f"the games; the search's answer ranks {ranked.index(chosen) + 1} of {len(jobs)} by the grid's scores; "
          f"{time.process_time() - start:.0f} s of CPU")
    if grid != chosen:  # can the grid's own games tell the two answers apart?
        low, high = paired_bootstrap(target, played[chosen], played[grid], players)
        unit = 100 if target.kind == "seats" else 1
        print(f"the search's answer scores {unit * (scores[chosen] - scores[grid]):.2f} worse on the grid's games "
              f"(95% paired bootstrap interval {unit * low:.2f} to {unit * high:.2f}, {BOOTSTRAP} resamples of "
              f"the {each} common games): "
              + ("the grid cannot tell the two apart" if low <= 0 <= high else "the grid's answer is better"))
    what = "the largest seat gap, pp" if target.kind == "seats" else "|mean rounds − middle of the target|"
    unit = 100 if target.kind == "seats" else 1
    print(f"scores ({what}, the grid's games): "
          + ", ".join(f"{name(k)} {unit * scores[k]:.2f}" for k in sorted(scores)))


if __name__ == "__main__":
    main()
