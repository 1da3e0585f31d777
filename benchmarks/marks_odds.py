"""`risk odds` under dice modifiers (issue 43) against the engine's own battles: 10^5 attacks
of each case, each pressed to the end, and the share that takes the territory against the
exact odds (tests/test_marks_odds.py runs 1,500 of one case in CI).

    python benchmarks/marks_odds.py [--attacks 100000] [--seed 1]

Cases: a capital's extra defence die (capital-defence, 5 on 3), eight-sided dice
(eight-sided-dice, 5 on 3), ties to the attacker against the neutral army and the neutral
army's attack die fewer (zombie-neutrals, 4 on 3 both ways). It prints each case's share, the
exact chance and the difference in standard errors; it exits 1 if any is 3 or more.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from scenario import Scenario  # noqa: E402  (the tests' position-setting helper)

from riskrules.engine.dice import Dice  # noqa: E402
from riskrules.engine.odds import Odds  # noqa: E402

# (name, rulebook, players, attacker's seat, defender's seat, attackers, defenders, capital, situation)
CASES = [
    ("capital +1 defence die", "capital-defence", 3, 0, 1, 5, 3, True, (("defender_capital", 1),)),
    ("eight-sided dice", "eight-sided-dice", 3, 0, 1, 5, 3, False, ()),
    ("ties to the attacker on the neutral", "zombie-neutrals", 2, 0, 2, 4, 3, False, (("defender_neutral", 1),)),
    ("the neutral attacks with a die fewer", "zombie-neutrals", 2, 2, 0, 4, 3, False, (("attacker_neutral", 1),)),
]


def share(rulebook: str, players: int, attacker: int, defender: int, attackers: int, defenders: int,
          capital: bool, n: int, seed: int) -> float:
    s = Scenario(rulebook, players, holds={"alberta": (attacker, attackers + 1), "ontario": (defender, defenders)})
    g = s.game
    g.dice = Dice(random.Random(seed))
    source, target = s.t("alberta"), s.t("ontario")
    if capital:
        g.capital_owner[target] = defender
    decider = attacker if attacker < players else 1  # the neutral army is played by a player
    won = 0
    for _ in range(n):
        g.set_owner(target, defender)
        g.armies[source], g.armies[target] = attackers + 1, defenders
        g.press(decider, attacker, source, target, 0)
        won += g.owner[target] == attacker
    return won / n


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attacks", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    worst = 0.0
    for name, rulebook, players, attacker, defender, a, d, capital, situation in CASES:
        start = time.perf_counter()
        rules = Scenario(rulebook, players).rules
        p = Odds(rules.battle, max(a, d), situation).p_win[a][d]
        got = share(rulebook, players, attacker, defender, a, d, capital, args.attacks, args.seed)
        se = sqrt(p * (1 - p) / args.attacks)
        z = (got - p) / se
        worst = max(worst, abs(z))
        print(f"{name:40} {a} on {d}: simulated {got:.5f}, exact {p:.5f}, {z:+.2f} standard errors "
              f"({args.attacks:,} attacks, {time.perf_counter() - start:.1f} s)")
    print(f"largest deviation: {worst:.2f} standard errors (bound 3)")
    return 0 if worst < 3 else 1


if __name__ == "__main__":
    sys.exit(main())
