"""`risk tune`'s search against a uniform grid over the same values, side by side, one run.

    python benchmarks/tune_vs_grid.py [--budget 480] [--values 1..16] [--target rounds=17..21] [--max-turns 150]

classic, 3 players, balanced bots, --vary "reinforcements { territories max({a}, territories // 3) }" over
--values, seed 1. Successive halving (instrument/tune.py, as `risk tune` runs it) spends about --budget games;
the uniform grid gives every value as many games as the chosen one got, on the same seeds (games
0, 1, … of seed 1: the halving's games are a prefix of the grid's, played once), and picks the value of
the best score. It prints each one's answer and games, and their ratio. Confirmation is left out: it
is the same for both. About 1.5 minutes of CPU at the defaults (a game of high income is long:
--max-turns cuts them at 50 rounds).
"""

from __future__ import annotations

import argparse
import time

from riskrules.instrument import tune as tn
from riskrules.instrument.balance import run_shapes
from riskrules.instrument.simulate import Job

VARY = "reinforcements { territories max({a}, territories // 3) }"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=480)
    parser.add_argument("--values", default="1..16")
    parser.add_argument("--target", default="rounds=17..21")
    parser.add_argument("--max-turns", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    target = tn.parse_target(args.target)
    values = tn.candidates(VARY, tn.parse_over([f"a={args.values}"]))
    jobs = [Job("classic", None, 3, "balanced", args.max_turns, (tn.fill(VARY, v),)) for v in values]
    played: dict[int, list] = {}

    def run(job: Job, games: int, seed: int, first: int) -> list:
        return run_shapes(job, games, seed, 1, None, first=first)

    search = tn.halving(jobs, target, args.budget, args.seed, run)
    chosen = search["chosen"]
    each = search["games"][chosen]
    for k, job in enumerate(jobs):  # the grid: every value to `each` games, reusing the search's prefix
        have = search["played"][k]
        played[k] = have[:each] + (run(job, each - len(have), args.seed, len(have)) if len(have) < each else [])
    scores = {k: tn.score(target, g, 3) for k, g in played.items()}
    grid = min(scores, key=lambda k: (scores[k], k))
    grid_games = each * len(jobs)
    name = lambda k: f"a={values[k]['a']}"  # noqa: E731
    print(f"{VARY} over a={args.values}, target {args.target}, classic, 3 players, balanced, seed {args.seed}, "
          f"max turns {args.max_turns}")
    print(f"successive halving: {name(chosen)} after {search['spent']:,} games "
          f"({len(search['rungs'])} rungs; the chosen value played {each})")
    print(f"uniform grid:       {name(grid)} after {grid_games:,} games ({each} a value)")
    print(f"same answer: {'yes' if grid == chosen else 'no'}; the grid spends {grid_games / search['spent']:.1f}× "
          f"the games; {time.process_time() - start:.0f} s of CPU")
    print("scores (|mean rounds − middle of the target|, the grid's games): "
          + ", ".join(f"{name(k)} {scores[k]:.2f}" for k in sorted(scores)))


if __name__ == "__main__":
    main()
