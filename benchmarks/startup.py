"""Start-up time of short `risk` commands, from this checkout and from an installed copy.

    python benchmarks/startup.py [--runs N] [--no-installed]

Each command runs N times in a fresh interpreter; the figure is the median wall time
(the CPU time beside it, user + system, is what a busy machine changes least). The
installed copy is a wheel built from this checkout (`pip wheel`, which fetches the build
requirements) and installed with `pip install --target` into a temporary directory,
then run with that directory first on the path, from a directory outside the checkout.
The last command is the start of most of the tests' child processes (tests/test_guests.py).
Targets on this machine: `risk --help` ≤ 0.15 s, `risk rules cs-riziko --json` ≤ 0.25 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = (
    ("risk --help", ["--help"]),
    ("risk rules cs-riziko --json", ["rules", "cs-riziko", "--json"]),
    ("risk editions", ["editions"]),
    # what most of the tests' child processes do: start, read a built-in edition, play a little
    ("risk play nl-1990 (1 turn)", ["play", "nl-1990", "--humans", "0", "-q", "--seed", "1", "--max-turns", "1"]),
)
TARGETS = {"risk --help": 0.15, "risk rules cs-riziko --json": 0.25}


def timed(argv: list[str], env: dict, cwd: Path, runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of `argv` in fresh processes (after one warm-up run)."""
    subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, check=True)
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def install(into: Path) -> Path:
    """Build a wheel of this checkout and install it (without dependencies) under `into`."""
    wheels = into / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
                   check=True)
    target = into / "site"
    wheel = next(wheels.glob("riskrules-*.whl"))
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True)
    return target


def measure(runs: int = 7, installed: bool = True) -> list[dict]:
    """Rows: place (checkout / installed), command, wall and CPU medians, target."""
    rows = []
    env = {**os.environ}
    env.pop("PYTHONPATH", None)
    wall, cpu = timed([sys.executable, "-c", "pass"], env, ROOT, runs)
    rows.append({"place": "-", "command": "python -c pass", "wall": wall, "cpu": cpu, "target": None})
    places = [("checkout", env, ROOT)]
    work = None
    if installed:
        work = tempfile.TemporaryDirectory(prefix="riskrules-startup-")
        site = install(Path(work.name))
        places.append(("installed", {**env, "PYTHONPATH": str(site)}, Path(work.name)))
    try:
        for place, place_env, cwd in places:
            for label, args in COMMANDS:
                wall, cpu = timed([sys.executable, "-m", "riskrules", *args], place_env, cwd, runs)
                rows.append({"place": place, "command": label, "wall": wall, "cpu": cpu,
                             "target": TARGETS.get(label)})
    finally:
        if work is not None:
            work.cleanup()
    return rows


def report(rows: list[dict]) -> list[str]:
    lines = []
    for r in rows:
        target = f"  (target ≤ {r['target']:.2f} s)" if r["target"] else ""
        lines.append(f"  {r['place']:<9} {r['command']:<30} {r['wall']:.3f} s wall, {r['cpu']:.3f} s CPU{target}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-installed", action="store_true", help="only the checkout (no wheel is built)")
    args = parser.parse_args()
    print(f"start-up, median of {args.runs} fresh processes:")
    print("\n".join(report(measure(args.runs, not args.no_installed))))


if __name__ == "__main__":
    main()
