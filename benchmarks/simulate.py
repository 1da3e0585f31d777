"""Speed of simulations: games/s per edition at 1 and 2 workers, the odds table, a compare.

    python benchmarks/simulate.py [--games N] [--compare-games N] [--skip-compare]

Targets on this 2-core machine: 2 workers at least 1.7× one worker; `risk odds --table 200`
under 1 s; `risk compare` of two editions at 2,000 games each within 2 minutes.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from riskrules.engine.odds import Odds
from riskrules.language.loader import builtin_ids, load_rules, open_rulebook
from riskrules.instrument.simulate import Job, run


def risk_command() -> list[str]:
    found = shutil.which("risk")
    return [found] if found else [sys.executable, str(Path(__file__).resolve().parent.parent / "cli.py")]


def games_per_second(job: Job, games: int, workers: int) -> float:
    start = time.perf_counter()
    run(job, games, seed=1, workers=workers)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per measurement")
    parser.add_argument("--compare-games", type=int, default=2000)
    parser.add_argument("--skip-compare", action="store_true")
    args = parser.parse_args()

    print(f"balanced bots, default variant, 3 players, {args.games} games per measurement")
    for edition in builtin_ids():
        if open_rulebook(edition).base:
            continue
        job = Job(edition, None, 3)
        job.rules()
        one = games_per_second(job, args.games, 1)
        two = games_per_second(job, args.games, 2)
        print(f"  {edition:<10} 1 worker {one:7.1f} games/s   2 workers {two:7.1f} games/s   speed-up {two / one:4.2f}×")

    rules = load_rules("classic")
    start = time.perf_counter()
    Odds(rules.battle, 200)
    inside = time.perf_counter() - start
    start = time.perf_counter()
    subprocess.run([*risk_command(), "odds", "--table", "200"], check=True, stdout=subprocess.DEVNULL)
    whole = time.perf_counter() - start
    print(f"odds 200×200: the dynamic programme {inside:.3f} s; `risk odds --table 200` in a new process {whole:.2f} s")

    if not args.skip_compare:
        start = time.perf_counter()
        subprocess.run([*risk_command(), "compare", "sv-2000", "nl-1990", "--players", "3", "--games",
                        str(args.compare_games), "--seed", "7", "--workers", "2"], check=True, stdout=subprocess.DEVNULL)
        print(f"`risk compare sv-2000 nl-1990 --games {args.compare_games} --workers 2`: "
              f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
