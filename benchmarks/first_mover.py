"""Who wins: by colour and by place in the order of play (1: moved first), for one rule set with
the same bot in every seat. Where the rules draw the first player, a colour's share is even and a
place's is not: that is why seat compensation (`extra starting armies by seat`) gives its armies
by place in the order of play, not by colour (issue 46).

    python benchmarks/first_mover.py [--edition nl-1990] [--players 3] [--games 300] [--bot balanced] [--first 1]

Game i plays seed first+i, at most 1,000 turns (a game at the limit has no winner: "none").
"""

from __future__ import annotations

import argparse
from collections import Counter

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="nl-1990")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bot", default="balanced")
    parser.add_argument("--first", type=int, default=1)
    args = parser.parse_args()
    n = args.players
    rules = open_rulebook(args.edition).rules(None, n)
    by_seat, by_place = Counter(), Counter()
    for seed in range(args.first, args.first + args.games):
        game = Game(rules, [make_bot(args.bot) for _ in range(n)], seed, max_turns=1000)
        game.play()
        winner = game.result.winner
        seat = game.names.index(winner) if winner in game.names else None
        by_seat["none" if seat is None else seat + 1] += 1
        by_place["none" if seat is None else (seat - game.first) % n + 1] += 1
    print(f"{args.edition}, {n} players, {args.games} games of {args.bot} (seeds {args.first}–{args.first + args.games - 1})")
    for title, counts in (("by colour", by_seat), ("by place in the order of play", by_place)):
        print(f"  {title}: " + ", ".join(f"{k}: {counts[k]}" for k in [*range(1, n + 1), "none"] if counts[k]))


if __name__ == "__main__":
    main()
