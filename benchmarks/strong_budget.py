"""How many playout decisions the strong bot's searches spend per turn, in ordinary games.

    python benchmarks/strong_budget.py --games 12
    python benchmarks/strong_budget.py --edition nl-1990 --variant alternatief --games 12 --seed 500

One `strong` against three `balanced` bots (4 players), the strong seat's searches counted per
turn with the per-turn budget lifted. Prints the median, 90th and 99th percentile and the largest
turn. strong.TURN_DECISIONS must lie above what ordinary turns spend, so that the budget changes
nothing there and only bounds house rules whose battles take thousands of rolls.
"""

from __future__ import annotations

import argparse
import time

from riskrules.engine.agents import make_bot, strong
from riskrules.engine.game import Game
from riskrules.language.loader import load_rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="sv-2000")
    ap.add_argument("--variant", default="missions")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=500, help="the first game's seed; game g plays seed + g")
    args = ap.parse_args()

    spent: list[int] = []

    class Counted(strong.StrongAgent):
        def affordable(self) -> bool:
            if self.spent_turn != self.game.turn and self.spent_turn >= 0:
                spent.append(self.spent)
            super().affordable()  # starts the new turn's count
            return True  # the budget lifted

    rules = load_rules(args.edition, [args.variant] if args.variant else None, 4)
    started = time.process_time()
    for g in range(args.games):
        agents = [Counted()] + [make_bot("balanced") for _ in range(3)]
        Game(rules, agents, args.seed + g).play()
    spent.sort()
    n = len(spent)
    print(f"{args.edition} {args.variant}: {args.games} games (seeds {args.seed}–{args.seed + args.games - 1}), "
          f"{n} turns with a search; playout decisions per turn: median {spent[n // 2]:,}, "
          f"90% {spent[int(n * 0.9)]:,}, 99% {spent[int(n * 0.99)]:,}, largest {spent[-1]:,} "
          f"(budget {strong.TURN_DECISIONS:,}); {time.process_time() - started:.1f} s CPU")


if __name__ == "__main__":
    main()
