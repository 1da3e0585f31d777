"""The validator's properties of tests/test_saves_logs.py at full size: any value anywhere in a log
is accepted or refused with a GameError, and any damaged bytes are refused with one (CI: 25
examples; here --examples, 600 by default), the same test run by pytest with RISKRULES_EXAMPLES.

    python benchmarks/saves_logs_values.py [--examples 600]

Prints pytest's last line; exits with its status.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=600)
    args = parser.parse_args()
    env = dict(os.environ, RISKRULES_EXAMPLES=str(args.examples),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    run = subprocess.run([sys.executable, "-m", "pytest", "tests/test_saves_logs.py", "-n", "0", "-q",
                          "-p", "no:cacheprovider", "-k", "any_value_anywhere or any_damaged_bytes"],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    print((run.stdout.strip().splitlines() or [""])[-1])
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
