"""The loader's properties at full size: tests/test_loader_properties.py run with more examples.

    python benchmarks/loader_properties.py [--examples 150] [--runs 1]

Each run is the test file (mutated rulebooks, token soup, any text: the loader returns rules or
raises RuleError, nothing else) with --examples examples a property; CI tries the file's EXAMPLES.
Hypothesis draws new examples each run. Prints each run's pytest summary; exit 1 if any run failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=150, help="examples a property (CI: the test's EXAMPLES)")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    env = dict(os.environ, RISKRULES_LOADER_EXAMPLES=str(args.examples),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    failed = 0
    for k in range(args.runs):
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "pytest", "tests/test_loader_properties.py", "-n", "0", "-q",
                              "-p", "no:cacheprovider"], cwd=ROOT, env=env, capture_output=True, text=True)
        failed += run.returncode != 0
        lines = (run.stdout + run.stderr).strip().splitlines()
        shown = lines[-40:] if run.returncode else lines[-1:]
        print(f"run {k + 1} ({args.examples} examples a property, {time.monotonic() - start:.0f} s):\n  "
              + "\n  ".join(shown), flush=True)
    print(f"{args.runs} runs, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
