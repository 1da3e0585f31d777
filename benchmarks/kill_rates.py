"""Kill-rate combat: the engine's attacks against the exact odds of `risk odds`.

    python benchmarks/kill_rates.py [--attacks 100000] [--seed 43]

For each case (kill rates 60%/70%; luck 0, 16, 50, 100%; straight and weighted rounding; with a
guard, and under `guard 0`) a game under that house rule plays `--attacks` attacks of A armies on
D to the end (the engine's own press, its own seeded draws: with a guard from a territory of A+1
keeping 1, under guard 0 from a territory of A keeping none) and counts the territories taken. Prints the share taken, the
exact chance (engine/odds.py) and their distance in standard errors; it fails (exit 1) if
any case is 3 or more standard errors off.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from scenario import Scenario  # noqa: E402  (the tests' position-setting helper)

from riskrules.engine.dice import Dice  # noqa: E402
from riskrules.engine.odds import Odds  # noqa: E402

CASES = [(0, "straight", 5, 5, 1), (16, "straight", 6, 5, 1), (16, "weighted random", 6, 5, 1),
         (50, "weighted random", 12, 10, 1), (100, "straight", 8, 6, 1), (100, "weighted random", 5, 5, 1),
         (16, "weighted random", 6, 5, 0), (100, "straight", 4, 3, 0)]  # (luck, rounding, A, D, guard)


def run(attacks: int, seed: int) -> int:
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for luck, rounding, a, d, guard in CASES:
            path = Path(folder) / f"k{luck}{rounding[0]}{guard}.risk"
            path.write_text(f"rulebook k\nextends classic\nbattle {{\n    combat kill rates\n    luck {luck}%\n"
                            f"    rounding {rounding}\n    guard {guard}\n}}\n", encoding="utf-8")
            s = Scenario(str(path), 3)
            g = s.game
            g.listeners = []
            g.dice = Dice(random.Random(seed))
            source, target = s.t("alberta"), s.t("ontario")
            taken = 0
            for _ in range(attacks):
                g.set_owner(target, 1)
                g.armies[source], g.armies[target] = a + guard, d
                g.press(0, 0, source, target, guard)  # (keep the guard: 1, or none under guard 0)
                taken += g.owner[target] == 0
            exact = Odds(g.rules.battle, max(a, d)).p_win[a][d]
            share = taken / attacks
            se = (exact * (1 - exact) / attacks) ** 0.5
            z = abs(share - exact) / se if se else (0.0 if share == exact else float("inf"))
            worst = max(worst, z)
            print(f"luck {luck:3}% {rounding:15} guard {guard} {a:2} on {d:2}: taken {share:.5f}, exact {exact:.5f}, "
                  f"{z:.2f} standard errors")
    print(f"worst: {worst:.2f} standard errors ({attacks:,} attacks a case)")
    return 0 if worst < 3 else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attacks", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=43)
    args = parser.parse_args()
    sys.exit(run(args.attacks, args.seed))


if __name__ == "__main__":
    main()
