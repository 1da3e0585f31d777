"""The A/A and coverage tests of `risk compare` at full size (tests/test_calibration.py runs a slice).

    python benchmarks/calibration.py [--replications 200] [--games 100] [--truth-games 10000] [--workers 2]

A/A: sv-2000 against benchmarks/rules/sv-2000-copy.risk (the same rules), each on seeds of its
own, --replications times with --games games each: the rate of false "significant" rows, raw
and after Holm's correction, and the family-wise rate (replications with any false row).

Coverage: sv-2000 against benchmarks/rules/sv-2000-ties-attacker.risk (ties go to the attacker,
which shortens games a lot). The true difference of every row is measured once with
--truth-games games on common seeds (seed --truth-seed); then --replications comparisons of
--games games, each on new seeds, report how often the paired 95% interval covers it.
Seeds: replication r plays on seeds derived from (--seed, r); the truth uses other seeds.

Coverage under --precision: the same comparison, --replications times on new seeds, but the
count of games decided by the stopping rule of `risk compare --precision P` (P: --precision,
default 10pp; first look after --first games, default 200 as on the command line; at most
--max-games): how often each row's paired 95% interval covers the known difference, how often
all the rows' simultaneous (Bonferroni) intervals cover together, and where the rule stopped.
--precision 0 leaves it out.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from riskrules.instrument.calibration import aa, coverage, sequential_coverage, truth
from riskrules.instrument.precision import FIRST_BATCH
from riskrules.instrument.simulate import Job

RULES = Path(__file__).resolve().parent / "rules"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replications", type=int, default=200)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--truth-games", type=int, default=10000)
    parser.add_argument("--truth-seed", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--precision", type=float, default=0.1, help="the stopping rule's half-width, as a share "
                        "(0.1: 10pp); 0: no coverage test under --precision")
    parser.add_argument("--first", type=int, default=FIRST_BATCH, help="games before the rule's first look")
    parser.add_argument("--max-games", type=int, default=20000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    base = Job("sv-2000", None, 3)
    copy = Job(str(RULES / "sv-2000-copy.risk"), None, 3)
    changed = Job(str(RULES / "sv-2000-ties-attacker.risk"), None, 3)
    start = time.perf_counter()
    known = truth(base, changed, args.truth_games, args.truth_seed, args.workers)
    if not args.json:
        print(f"Known differences, ties to the attacker − sv-2000 ({args.truth_games} games, seed {args.truth_seed}): "
              + ", ".join(f"{k} {v:+.4f}" for k, v in known.items()), flush=True)
    found_aa = aa(base, copy, args.games, args.replications, args.seed, args.workers)
    found_cov = coverage(base, changed, known, args.games, args.replications, args.seed + 1, args.workers,
                         names=[name for name in known if name != "unfinished"])
    names = [name for name in known if name != "unfinished"]
    found_seq = None
    if args.precision > 0:
        found_seq = sequential_coverage(base, changed, known, args.precision, args.replications, args.seed + 2,
                                        args.workers, args.first, args.max_games, names=names)
    result = {"aa": found_aa, "truth": {"games": args.truth_games, "seed": args.truth_seed, "differences": known},
              "coverage": {"replications": args.replications, "games": args.games, "rates": found_cov},
              "sequential_coverage": found_seq, "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"A/A, sv-2000 against a copy, {args.replications} replications of {args.games} games, independent seeds:")
    print(f"  false 'significant' rows: raw {found_aa['raw_false_rate']:.1%}, after Holm "
          f"{found_aa['holm_false_rate']:.1%} (of {found_aa['rows']} rows); family-wise "
          f"{found_aa['familywise_false_rate']:.1%}   (targets: raw ≈ 5%, Holm ≤ 5%, family-wise ≤ 5%)")
    print(f"Coverage of the paired 95% intervals, {args.replications} replications of {args.games} games:")
    print("  " + ", ".join(f"{k} {v:.1%}" for k, v in found_cov.items()) + "   (target ≈ 95%)")
    if found_seq is not None:
        games = found_seq["games"]
        print(f"Coverage with the count decided by --precision {args.precision * 100:g}pp (first look after "
              f"{args.first} games), {args.replications} replications: stopped at {games['min']}–{games['max']} "
              f"games (mean {games['mean']:.0f}), precision reached in {found_seq['reached']:.0%}:")
        print("  " + ", ".join(f"{k} {v:.1%}" for k, v in found_seq["rates"].items()) + "   (target ≈ 95%); "
              f"all rows' simultaneous intervals together {found_seq['simultaneous']:.1%}   (target ≥ 95%)")
    print(f"({result['seconds']} s)")


if __name__ == "__main__":
    main()
