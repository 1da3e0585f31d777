"""The Hypothesis properties CI runs small, at full size: their test files run with more examples.

    python benchmarks/properties.py [--scale 3] [--runs 1]

tests/test_loader_properties.py (whatever text: rules or RuleError, nothing else) and
tests/test_bounds.py (a house rule check accepts shows, plays with every bot and simulates)
try 50 examples a property in CI; --scale multiplies that (RISKRULES_PROPERTY_SCALE): 3 gives
150, more than either file had before CI's time ran short (150/150/100 and 100). Hypothesis
draws new examples each run. Prints each run's pytest summary; exit 1 if any run failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ["tests/test_loader_properties.py", "tests/test_bounds.py"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=3, help="examples a property: 50 × this (CI: 1)")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    env = dict(os.environ, RISKRULES_PROPERTY_SCALE=str(args.scale),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    failed = 0
    for k in range(args.runs):
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "pytest", *FILES, "-n", "0", "-q", "-p", "no:cacheprovider"],
                             cwd=ROOT, env=env, capture_output=True, text=True)
        failed += run.returncode != 0
        lines = (run.stdout + run.stderr).strip().splitlines()
        shown = lines[-40:] if run.returncode else lines[-1:]
        print(f"run {k + 1} ({50 * args.scale} examples a property, {time.monotonic() - start:.0f} s):\n  "
              + "\n  ".join(shown), flush=True)
    print(f"{args.runs} runs, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
