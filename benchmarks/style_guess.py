"""How well the strong bot reads the others' styles (engine/agents/reading.py): a `balanced` seat that
reads as `strong` does, against three of one kind, and the weight it puts on each style by round.

    python benchmarks/style_guess.py --games 12 --seed 500          # the pool, sv-2000 missions
    PYRISK_PATH=… PYTHONHASHSEED=0 python benchmarks/style_guess.py --games 12 --edition benchmarks/pyrisk.risk --variant "" \
        --against benchmarks/pyrisk_bridge.py:BetterAI,benchmarks/pyrisk_bridge.py:AlAI

For each kind of opponent and each round asked for: the mean weight over his seats and games on
each style, and the share of seats whose likeliest style is his own (pool bots only). Games
seeds seed, seed + 1, …; a game over before a round counts for the rounds it reached. Under fog
(`--edition fog-normal --variant ""`) `--fog-stopping` reads stopping too, as the reader did before.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.agents.reading import STYLES, StyleReader
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

NAMES = [style.kind for style in STYLES]


class Reading(BalancedAgent):
    """balanced, reading the others as strong does: the weights at its first decision of each round."""

    hears = True

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        self.reader = StyleReader(view, seat)
        self.read: dict[int, list] = {}

    def hear(self, event: dict) -> None:
        self.reader.hear(event)

    def decide(self, d):
        view = self.view
        if view.round not in self.read:
            self.read[view.round] = [self.reader.weights(s) for s in range(view.players)]
        return super().decide(d)


def guessed(edition: str, variant: str, against: str, games: int, seed: int, rounds: list[int],
            stopping: bool = False) -> dict:
    rules = open_rulebook(edition).rules([variant] if variant else None, 4)
    weights: dict[int, list[list[float]]] = defaultdict(list)
    for g in range(games):
        reader = Reading()
        game = Game(rules, [reader] + [make_bot(against, None) for _ in range(3)], seed + g)
        if stopping:  # under fog, read stopping too (as before: reading.py)
            reader.reader.fogged = False
        game.play()
        for r in rounds:
            if r in reader.read:
                weights[r] += [w for w in reader.read[r][1:] if w is not None]
    out = {}
    for r in rounds:
        rows = weights[r]
        if rows:
            mean = [sum(w[i] for w in rows) / len(rows) for i in range(len(STYLES))]
            own = sum(NAMES[w.index(max(w))] == against for w in rows) / len(rows) if against in NAMES else None
            out[r] = {"seats": len(rows), "mean": mean, "own_likeliest": own}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="sv-2000")
    parser.add_argument("--variant", default="missions")
    parser.add_argument("--against", default="aggressive,turtle,spreader,random,balanced")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--rounds", default="2,4,8,12")
    parser.add_argument("--fog-stopping", action="store_true", help="under fog, read stopping too (as before)")
    args = parser.parse_args()
    rounds = [int(r) for r in args.rounds.split(",")]
    rules = f"{args.edition} {args.variant}" if args.variant else args.edition
    print(f"{rules}, 4 players, {args.games} games from seed {args.seed}: the mean weight "
          f"on each style of three players of one kind, as a reader in the fourth seat puts it")
    print(f"{'against':12} {'round':>5} {'seats':>5}  " + "  ".join(f"{n:>10}" for n in NAMES) + "   own likeliest")
    for against in args.against.split(","):
        for r, row in guessed(args.edition, args.variant, against, args.games, args.seed, rounds,
                                 args.fog_stopping).items():
            own = f"{row['own_likeliest']:.0%}" if row["own_likeliest"] is not None else "—"
            print(f"{against.rpartition(':')[2]:12} {r:>5} {row['seats']:>5}  "
                  + "  ".join(f"{w:>10.2f}" for w in row["mean"]) + f"   {own:>13}")


if __name__ == "__main__":
    main()
