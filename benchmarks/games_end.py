"""Every configuration's balanced games end and replay: tests/test_engine_games.py's check at full size.

    python benchmarks/games_end.py [--seeds 20] [--first-seed 0]

For each edition, variant and player count (tests/test_engine_games.py's CONFIGS) and seeds
S … S+N-1, a balanced game is played with its log written; it must end by a win, not the turn
limit, and its log must replay to the same winner, every line checked against the log schema
first (`end_and_replay`, the test's own check; CI plays the first SEEDS seeds and checks the
schema of the first SCHEMA_SEEDS logs). Prints the games played, the time, and every configuration that
failed with its first problem; exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_engine_games import CONFIGS, SEEDS, end_and_replay  # noqa: E402  (tests/ is not a package)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help=f"games per configuration (CI plays {SEEDS})")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    start = time.perf_counter()
    failed = []
    for edition, variant, players in CONFIGS:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                end_and_replay(Path(tmp), edition, variant, players, seeds)
            except AssertionError as err:
                failed.append(f"{edition} {variant} {players}: {str(err).splitlines()[0][:300]}")
    games = len(CONFIGS) * len(seeds)
    print(f"{len(CONFIGS)} configurations × seeds {seeds.start}…{seeds.stop - 1}: {games} balanced games, "
          f"{len(failed)} configurations failed, {time.perf_counter() - start:.1f} s")
    for line in failed:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
