"""What fog costs `strong`: its playouts on its guess of the board, or on the true board.

Under fog `strong` searches on copies of the game made of what it sees, the rest guessed
(fog_view.FoggedSight.guess_board). This measures how much of its edge that guess loses: one
`strong` against three `balanced` under a fog, the strong seat rotated with the seed, played
twice on the same seeds — as it is, and with its playouts (only they) given the true board.
The second is a yardstick, not a bot: it reads what the fog hides.

    python benchmarks/fog_strong.py --games 60 --first 1000 --rules fog-normal

Prints the wins of each, with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math

from riskrules.engine.agents import make_bot
from riskrules.engine.fog_view import FoggedSight
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def wins(rules, games: int, first: int) -> int:
    won = 0
    for seed in range(first, first + games):
        seat = seed % 4
        bots = ["balanced"] * 4
        bots[seat] = "strong"
        game = Game(rules, [make_bot(b) for b in bots], seed)
        won += game.play().winner == game.names[seat]
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=1000, help="the first seed")
    parser.add_argument("--rules", default="fog-normal")
    args = parser.parse_args()
    rules = open_rulebook(args.rules).rules(None, 4)
    guessed = wins(rules, args.games, args.first)
    board = FoggedSight.guess_board
    FoggedSight.guess_board = lambda self, rng: (list(self._game.owner), list(self._game.armies))
    try:
        true = wins(rules, args.games, args.first)
    finally:
        FoggedSight.guess_board = board
    for label, won in (("playouts on its guess", guessed), ("playouts on the true board", true)):
        low, high = wilson(won, args.games)
        print(f"{args.rules}, 4 players, seeds {args.first}..{args.first + args.games - 1}: strong, {label}: "
              f"{won}/{args.games} = {won / args.games:.1%} ({low:.1%}–{high:.1%})")


if __name__ == "__main__":
    main()
