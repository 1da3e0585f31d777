"""How `risk check` scales with the size of a rule file, shape by shape.

    python benchmarks/check_scale.py [--sizes 25,50,100,250] [--runs 3]

For each shape (a long table, chained variants, many variants, many continents, many
statements, comments, many syntax errors, deep brackets) it writes files of the given
sizes in KB, checks each in this process (parse, merge, schema, semantic checks in every
variant and player count: what `risk check` does after start-up) and prints the best of
--runs times side by side, with the time per KB relative to the smallest size: a ratio
near 1 (or below: most shapes are refused at a bound) is linear; 10 at 10 × the size
would be quadratic. Target: every 250 KB file under 2 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook
from riskrules.language.parse import parser

HEAD = "rulebook scale\nextends classic\n"


def _fill(size: int, head: str, item: Callable[[int], str], tail: str = "") -> str:
    parts, total, i = [head], len(head) + len(tail), 0
    while total < size:
        piece = item(i)
        parts.append(piece)
        total += len(piece)
        i += 1
    return "".join(parts) + tail


SHAPES: dict[str, Callable[[int], str]] = {
    "table": lambda size: _fill(size, HEAD + "battle {\n    defender dice 1: 1", lambda i: f", {i + 2}: 2",
                                ", 9999999+: 2 always\n}\n"),
    "chained variants": lambda size: _fill(size, HEAD + "variant v0 {\n}\n",
                                           lambda i: f"variant v{i + 1} extends v{i} {{\n}}\n"),
    "variants": lambda size: _fill(size, HEAD, lambda i: f"variant v{i} {{\n    battle {{\n        ties attacker\n"
                                                         f"    }}\n}}\n"),
    "continents": lambda size: _fill(size, HEAD + "reinforcements {\n    continents europe 5",
                                     lambda i: f",\n        c{i} {i % 7}", "\n}\n"),
    "statements": lambda size: _fill(size, HEAD, lambda i: f"battle {{\n    ties {('attacker', 'defender')[i % 2]}\n}}\n"),
    "comments": lambda size: _fill(size, HEAD, lambda i: f"# a comment line number {i}, quoting a rulebook at length\n"),
    "syntax errors": lambda size: _fill(size, HEAD, lambda i: f"battle {{\n    ties sideways {i}\n}}\n"),
    "brackets": lambda size: HEAD + "reinforcements {\n    territories " + "(" * (size // 2) + "3" + ")" * (size // 2)
    + "\n}\n",
}


def check_time(path: Path, runs: int) -> tuple[float, int]:
    best, found = float("inf"), 0
    for _ in range(runs):
        started = time.perf_counter()
        try:
            found = len(open_rulebook(path, strict=False).check())
        except RuleError as err:
            found = len(err.problems)
        best = min(best, time.perf_counter() - started)
    return best, found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="25,50,100,250", help="file sizes in KB")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    parser()  # the parser is built once per process, not per file
    print(f"{'shape':<18}" + "".join(f"{f'{s} KB':>16}" for s in sizes) + f"{'per-KB ratio':>14}")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for shape, make in SHAPES.items():
            times = []
            for kb in sizes:
                path = Path(tmp) / f"{shape.replace(' ', '-')}-{kb}.risk"
                path.write_text(make(kb * 1000), encoding="utf-8")
                seconds, problems = check_time(path, args.runs)
                times.append((seconds, problems))
                worst = max(worst, seconds)
            ratio = (times[-1][0] / sizes[-1]) / (times[0][0] / sizes[0])
            print(f"{shape:<18}" + "".join(f"{t:>9.3f} s ({p:>2})" for t, p in times) + f"{ratio:>14.2f}")
    print(f"slowest: {worst:.3f} s (target: under 2 s); (n): problems found")


if __name__ == "__main__":
    main()
