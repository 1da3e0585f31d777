"""Every two house rules of the gallery combined, every combination played by every bot: the full
size of tests/test_combinations.py's test_every_two_gallery_rules_combine (in CI a sample of the
pairs, sample_pairs: each rule with the next 3 in house_ids' order and every pair of REFUSED, each
combination played by one bot).

    python benchmarks/gallery_pairs.py [--every 1]

Calls the test's own `gallery_pairs`: each gallery rule extended by each other's statements is
checked; what check accepts plays random (100 turns), balanced (60) and strong-1 (4) at its
fewest players and with 3 (bot i plays combination n when n - i is a multiple of --every).
Prints the pairs refused, the combinations played, how many gallery rules each bot met, and the
time, then each pair whose refusal differs from the test's REFUSED (a new gallery rule's pairs:
`--check-only` finds them in seconds, playing nothing); an assertion error (a game that failed)
ends it with exit status 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_combinations import REFUSED, gallery_pairs  # noqa: E402  (tests/ is not a package)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="each bot plays every n-th combination")
    parser.add_argument("--check-only", action="store_true", help="check every pair, play nothing")
    args = parser.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        refused, played, met = gallery_pairs(Path(tmp), args.every, play=not args.check_only)
    print(f"{len(refused)} pairs refused ({'as' if refused == REFUSED else 'NOT as'} the test expects), "
          f"{len(played)} combinations{' (none played)' if args.check_only else ' played'}; gallery rules met: "
          f"{', '.join(f'{bot} {len(rules)}' for bot, rules in met.items())}; "
          f"{time.perf_counter() - start:.1f} s")
    for pair in sorted(set(refused) | set(REFUSED)):  # what to bring REFUSED up to, as its lines
        if refused.get(pair) != REFUSED.get(pair):
            print(f"  {pair!r}: {refused.get(pair)!r},  # REFUSED says {REFUSED.get(pair)!r}")
    return 0 if refused == REFUSED else 1


if __name__ == "__main__":
    raise SystemExit(main())
