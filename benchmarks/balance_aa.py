"""The A/A check of `risk balance A B`: a rule set against itself, each side on seeds of its own.

    python benchmarks/balance_aa.py [--replications 8] [--games 150] [--skill-games 30] [--workers 1]

sv-2000 against benchmarks/rules/sv-2000-copy.risk (the same rules), as `risk balance sv-2000
benchmarks/rules/sv-2000-copy.risk --independent` plays them: --replications times (replication r
at seed 1000 + r), with --games games of the shape run and --skill-games of the one skill pairing
balanced>random. Nothing differs, so every difference marked * is false. It prints, per
replication, the differences flagged out of those tested, then the share of all differences
flagged (the issue's bound: at most 5%; Holm promises far fewer: a family-wise rate of at most 5%)
and the replications with any flagged difference. About 2 minutes of CPU at the defaults.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from riskrules.instrument import balance as b
from riskrules.instrument.simulate import Job

COPY = str(Path(__file__).resolve().parent / "rules" / "sv-2000-copy.risk")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replications", type=int, default=8)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--skill-games", type=int, default=30)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    flagged = tested = any_flagged = 0
    for r in range(args.replications):
        jobs = (Job("sv-2000", None, 3, "balanced"), Job(COPY, None, 3, "balanced"))
        plan = b.Plan(jobs, (("balanced", "random"),), args.games, args.skill_games, b.ROUNDS, 1000 + r,
                      independent=True)
        shapes, skills = b.play(plan, args.workers)
        data = b.measure(plan, shapes, skills)
        diffs = data["differences"]
        marked = [d["key"] for d in diffs if d["significant"]]
        flagged += len(marked)
        tested += len(diffs)
        any_flagged += bool(marked)
        print(f"seed {1000 + r}: {len(marked)} of {len(diffs)} differences flagged"
              + (f" ({', '.join(marked)})" if marked else "") + f"; family m = {data['family']['comparisons']}")
    print(f"A/A, {args.replications} replications of {args.games} games (+ {args.skill_games} of balanced>random) a "
          f"side: {flagged} of {tested} differences flagged ({100 * flagged / tested:.1f}%); replications with any: "
          f"{any_flagged} of {args.replications}; {time.process_time() - start:.0f} s of CPU (this process)")


if __name__ == "__main__":
    main()
