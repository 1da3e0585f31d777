"""Time to load and validate every built-in rulebook in a fresh Python process.

    python benchmarks/load_rulebooks.py [--runs N]

Each run starts a new interpreter that imports riskrules, parses every rulebook in
rulebooks/, merges and validates every variant and player count (what `risk check`
does) and compiles each edition's default rules. Prints the median and the spread.
Target: under 0.3 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CHILD = """
from riskrules.language.loader import builtin_ids, open_rulebook
for ref in builtin_ids():
    book = open_rulebook(ref)
    assert book.check() == [], ref
    book.rules()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-c", CHILD], check=True)  # warm the OS cache and lark's grammar cache
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", CHILD], check=True)
        times.append(time.perf_counter() - start)
    bare = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - start)
    print(f"load + validate all rulebooks, fresh process: median {statistics.median(times):.3f} s "
          f"(min {min(times):.3f}, max {max(times):.3f}, {args.runs} runs); "
          f"bare interpreter start {statistics.median(bare):.3f} s")


if __name__ == "__main__":
    main()
