"""How well the strong bot guesses the others' secret missions from their conquests: the mean
weight its guess puts on each opponent's true mission, by round, against 1 in the pool by chance.

    python benchmarks/mission_guess.py --games 12 --seed 500
    python benchmarks/mission_guess.py --edition nl-modern --variant missions --games 12

One strong bot (2 playouts per candidate: the guess does not depend on the search) against
`balanced` in the other seats; game g plays seed + g with the bot in seat g mod the players.
The guess is read at each of the bot's searches.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.strong import StrongAgent
from riskrules.engine.game import Game
from riskrules.language.loader import load_rules

BUCKET = 3  # rounds per line


class Reader(StrongAgent):
    """Strong, noting the weight of each opponent's true mission whenever it guesses."""

    def __init__(self, found: dict[int, list[float]]):
        super().__init__(playouts=2)
        self.found = found

    def guess_missions(self) -> None:
        super().guess_missions()
        game = self.game
        pool, weights = self.guess
        for seat, row in weights.items():
            true = game.missions[seat].data
            on_true = sum(w for m, w in zip(pool, row) if m.data == true)
            self.found[game.round // BUCKET].append(on_true / sum(row))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="sv-2000")
    ap.add_argument("--variant", default="missions")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=500)
    args = ap.parse_args()

    rules = load_rules(args.edition, [args.variant] if args.variant else None, args.players)
    found: dict[int, list[float]] = defaultdict(list)
    pool = 0  # the number of missions an opponent may hold
    for g in range(args.games):
        seat = g % args.players
        agents = [make_bot("balanced") for _ in range(args.players)]
        agents[seat] = reader = Reader(found)
        Game(rules, agents, args.seed + g).play()
        if reader.guess is not None:
            pool = len(reader.guess[0])
    if not pool:
        raise SystemExit("no guesses: are these rules played with secret missions?")
    print(f"{args.edition} ({args.variant}), {args.players} players, {args.games} games "
          f"(seeds {args.seed}–{args.seed + args.games - 1}): the weight on the true mission, "
          f"against {1 / pool:.3f} (1 in {pool}) by chance")
    for bucket in sorted(found):
        values = found[bucket]
        print(f"  rounds {bucket * BUCKET:>3}–{bucket * BUCKET + BUCKET - 1:<3} {sum(values) / len(values):.3f}"
              f"   ({len(values)} guesses)")


if __name__ == "__main__":
    main()
