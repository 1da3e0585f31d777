"""How balanced's games cost with the size of the board: games/s on generated boards of 42, 100, 250 territories.

    python benchmarks/board_size.py
    python benchmarks/board_size.py --territories 42,100,250,500 --games 20 --players 3 --continent 7

Each board is big_board.py's (a chain of near borders, more near ones and a few long ones, twice
as many borders as territories) cut into continents of --continent territories, with its house
rule (a bonus per continent; missions of occupying half the board; enough starting armies). The
games are played side by side — one game of each size in turn, seeds 1, 2, … — by --players
balanced bots to the end (or --max-turns), and each is timed in CPU seconds. It prints, per
size, games/s, and per game the turns, the decisions (events) and the CPU per turn, which
together say how the cost grows: more turns per game, and more work per turn.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_board import write_case  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--territories", default="42,100,250")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--continent", type=int, default=7, help="territories a continent")
    parser.add_argument("--max-turns", type=int, default=2000)
    args = parser.parse_args()

    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    sizes = [int(x) for x in args.territories.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        rules = {}
        for n in sizes:
            directory = Path(tmp) / str(n)
            directory.mkdir()
            rules[n] = open_rulebook(write_case(directory, n, args.players, 1, args.continent)).rules(None, args.players)
        cpu = {n: [] for n in sizes}
        turns = {n: [] for n in sizes}
        events = {n: [] for n in sizes}
        for seed in range(1, args.games + 1):
            for n in sizes:  # side by side: one game of each size in turn
                counted = []
                started = time.process_time()
                result = Game(rules[n], [make_bot("balanced") for _ in range(args.players)], seed,
                              listeners=[counted.append], max_turns=args.max_turns).play()
                cpu[n].append(time.process_time() - started)
                turns[n].append(result.turns)
                events[n].append(len(counted))
    print(f"balanced, {args.players} players, {args.games} games a size, continents of {args.continent} "
          f"(CPU seconds)")
    print(f"{'territories':>11} {'games/s':>8} {'turns/game':>11} {'events/game':>12} {'ms/turn':>8} {'µs/event':>9}")
    for n in sizes:
        total = sum(cpu[n])
        print(f"{n:>11} {len(cpu[n]) / total:>8.2f} {statistics.mean(turns[n]):>11.0f} "
              f"{statistics.mean(events[n]):>12.0f} {1000 * total / sum(turns[n]):>8.2f} "
              f"{1e6 * total / sum(events[n]):>9.1f}")


if __name__ == "__main__":
    main()
