"""Speed of the game loop and the bots: 4-player nl-modern, one process.

    python benchmarks/engine.py [--games-random N] [--games-balanced N] [--edition E] [--players P]

For the random and the balanced bot it prints complete games per second, player turns per
second and the median game length, with the log off, then with the log on (written as
JSON Lines to an in-memory buffer), so that one can see writing the log is not what makes
a game slow. Targets on one core: random ≥ 10,000 player turns/s and 100 games/s; balanced
≥ 30 games/s, every game ending.

The random bot's games/s here is bounded by its turns/s divided by the turn limit: in
4-player nl-modern (escalating cards, world domination) uniformly random players never
finish. Their reinforcements, placed on any territory, pile up in interior territories,
out of reach of their attacks; the card values keep growing, and no player snowballs.
Even a random bot that never stops attacking reaches the turn limit in 20 of 20 games.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.engine.log import LogWriter
from riskrules.language.loader import load_rules


def measure(rules, players: int, bot: str, games: int, log: bool) -> dict:
    turns, reasons = [], []
    start = time.perf_counter()
    for seed in range(games):
        listeners = [LogWriter(io.StringIO())] if log else []
        result = Game(rules, [make_bot(bot) for _ in range(players)], seed, listeners=listeners).play()
        turns.append(result.turns)
        reasons.append(result.reason)
    seconds = time.perf_counter() - start
    return {
        "games_per_s": games / seconds,
        "turns_per_s": sum(turns) / seconds,
        "median_turns": statistics.median(turns),
        "turn_limit": reasons.count("turn_limit"),
        "games": games,
        "seconds": seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="nl-modern")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games-random", type=int, default=20)
    parser.add_argument("--games-balanced", type=int, default=200)
    args = parser.parse_args()
    rules = load_rules(args.edition, None, args.players)
    print(f"{args.edition}, {args.players} players, one process")
    for bot, games in (("random", args.games_random), ("balanced", args.games_balanced)):
        if games < 1:  # --games-… 0 skips that bot
            continue
        for log in (False, True):
            m = measure(rules, args.players, bot, games, log)
            print(f"  {bot:<8} log {'on ' if log else 'off'}: {m['games_per_s']:7.1f} games/s  "
                  f"{m['turns_per_s']:8.0f} player turns/s  median {m['median_turns']:6.1f} turns  "
                  f"turn limit {m['turn_limit']}/{m['games']}  ({m['seconds']:.1f} s)")


if __name__ == "__main__":
    main()
