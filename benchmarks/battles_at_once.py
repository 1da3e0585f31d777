"""The statistical tests of tests/test_battles_at_once.py, at many seeds: do rolls drawn at once
follow the chances of rolling them one by one, whatever the seed?

    python benchmarks/battles_at_once.py --seeds 1-20

For each seed: the binomial sampler against the exact distribution (Kolmogorov–Smirnov, 3,000
draws, five (n, p)); the multinomial counts of 3 dice against 2 (2,000 draws of 1,000 rolls);
and 1,000 attacks of 210 armies on 250 to the last (win rate and defenders left against the
exact dynamic programme). It prints the largest deviations, each against the bound its test
allows (about once in a thousand seeds for a correct sampler).
"""

from __future__ import annotations

import argparse
import random
import sys
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from scenario import Scenario  # noqa: E402  (the tests' position-setting helper)
from test_battles_at_once import binomial_cdf  # noqa: E402

from riskrules.engine.dice import Dice, binomial  # noqa: E402
from riskrules.engine.odds import Odds, roll_outcomes  # noqa: E402

CASES = [(7, 0.5), (30, 0.2), (1000, 0.3), (1_000_000, 0.37), (200, 0.9)]


def ks(seed: int, n: int, p: float, count: int = 3000) -> float:
    """√count · the largest distance of the empirical distribution from the exact one."""
    rng = random.Random(f"reseed:{seed}:{n}:{p}")
    draws = sorted(binomial(rng.random, n, p) for _ in range(count))
    cdf = binomial_cdf(n, p, draws[-1])
    worst, seen = 0.0, 0
    for k in sorted(set(draws)):
        while seen < count and draws[seen] <= k:
            seen += 1
        worst = max(worst, abs(seen / count - cdf[k]))
    return worst * sqrt(count)


def multinomial(seed: int) -> float:
    """The largest |z| of an outcome's mean count."""
    chances = [chance for chance, _, _ in roll_outcomes(3, 2, True)]
    dice = Dice(random.Random(seed))
    draws = [dice.outcomes(1000, chances) for _ in range(2000)]
    return max(abs(sum(d[i] for d in draws) / 2000 - 1000 * p) / sqrt(1000 * p * (1 - p) / 2000)
               for i, p in enumerate(chances))


def attacks(seed: int, trials: int = 1000) -> tuple[float, float]:
    """z of the win rate and of the mean defenders left, 210 on 250."""
    s = Scenario("classic", 3, holds={"alberta": (0, 211), "ontario": (1, 250)})
    g = s.game
    g.dice = Dice(random.Random(seed))
    alberta, ontario = s.t("alberta"), s.t("ontario")
    wins, left = 0, []
    for _ in range(trials):
        g.set_owner(ontario, 1)
        g.armies[alberta], g.armies[ontario] = 211, 250
        g.press(0, 0, alberta, ontario, 1)
        wins += g.owner[ontario] == 0
        left.append(g.armies[ontario] if g.owner[ontario] == 1 else 0)
    odds = Odds(g.rules.battle, 250)
    p, e = odds.p_win[210][250], odds.expected_defender[210][250]
    mean = sum(left) / trials
    spread = sqrt(sum((x - mean) ** 2 for x in left) / (trials - 1) / trials)
    return (wins / trials - p) / sqrt(p * (1 - p) / trials), (mean - e) / spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1-20", help="a range, e.g. 1-20")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    worst_ks = max(ks(seed, n, p) for seed in seeds for n, p in CASES)
    print(f"binomial, {len(seeds)} seeds x {len(CASES)} (n, p): largest D·√N {worst_ks:.2f} (test's bound 1.95)")
    print(f"multinomial, {len(seeds)} seeds: largest |z| {max(multinomial(s) for s in seeds):.2f} (bound 3.3)")
    zs = [attacks(s) for s in seeds]
    print(f"210 on 250, {len(seeds)} seeds x 1,000 attacks: win rate |z| at most {max(abs(a) for a, _ in zs):.2f}, "
          f"defenders left |z| at most {max(abs(b) for _, b in zs):.2f} (bound 3.3)")


if __name__ == "__main__":
    main()
