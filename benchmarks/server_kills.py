"""`risk serve` killed (SIGKILL) at random moments, many times: tests/test_web_kills.py run again and again,
each run 20 games of people and bots, `--kills` kills at moments drawn from its own seed.

    python benchmarks/server_kills.py --runs 20 --kills 5 --seed 1     # 100 kills

Each run checks what the test checks (every answer acknowledged before a kill is in the game after
it; each game, across its kills, is the game its answers make unkilled, byte for byte; every state a
page was shown is one that game showed). Prints each run's line and the totals; exit 1 if any run failed.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"(\d+) games, (\d+) kills: (\d+) answers acknowledged and kept, (\d+) sent without a reply, "
                  r"(\d+) states shown, none undone")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--kills", type=int, default=5, help="kills in each run")
    parser.add_argument("--games", type=int, default=20, help="games in each run (the test alone: 10)")
    parser.add_argument("--seed", type=int, default=1, help="the first run's seed; run k has seed + k")
    args = parser.parse_args()
    totals = [0, 0, 0, 0, 0]  # games, kills, acknowledged, unknown, shown
    failed = 0
    for k in range(args.runs):
        seed = args.seed + k
        env = dict(os.environ, RISKRULES_KILLS=str(args.kills), RISKRULES_KILL_SEED=str(seed),
                   RISKRULES_KILL_GAMES=str(args.games),
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "pytest", "tests/test_web_kills.py", "-n", "0", "-q", "-s",
                              "-p", "no:cacheprovider"], cwd=ROOT, env=env, capture_output=True, text=True)
        found = LINE.search(run.stdout)
        if run.returncode != 0 or found is None:
            failed += 1
            tail = (run.stdout + run.stderr).strip().splitlines()[-12:]
            print(f"run {k + 1} (seed {seed}): FAILED\n  " + "\n  ".join(tail), flush=True)
            continue
        for i, value in enumerate(found.groups()):
            totals[i] += int(value)
        print(f"run {k + 1} (seed {seed}, {time.monotonic() - start:.0f} s): {found.group(0)}", flush=True)
    games, kills, acknowledged, unknown, shown = totals
    print(f"{args.runs} runs, {failed} failed: {games} games, {kills} kills, {acknowledged} answers acknowledged "
          f"and kept, {unknown} sent without a reply, {shown} states shown, none undone")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
