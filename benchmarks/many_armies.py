"""What armies by the million cost: turns of each bot under `reinforcements { territories N }`.

    python benchmarks/many_armies.py --armies 100,10000,1000000 --turns 60
    python benchmarks/many_armies.py --armies 1000000 --turns 20 --bots strong --seeds 1,2

Each N is a house rule that extends classic and gives every player N armies a turn (the rule
language's ceiling is 1,000,000). For each N, bot and seed it plays --turns turns (or to the
end) of --players bots and prints the CPU seconds, the turns played and the events of the
game. Issue 21's example: with N = 1,000,000, 60 turns of `balanced` did not end in 120 s,
the time growing with the armies, since every roll of an attack was its own battle.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--armies", default="100,10000,1000000", help="armies a turn, comma-separated")
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="random,balanced,strong")
    parser.add_argument("--seeds", default="1", help="game seeds, comma-separated")
    args = parser.parse_args()

    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    print(f"{'armies':>9} {'bot':>9} {'seed':>5} {'CPU s':>7} {'turns':>6} {'events':>8}")
    for n in (int(x) for x in args.armies.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "many.risk"
            path.write_text(f"rulebook many\nextends classic\nreinforcements {{\n    territories {n}\n}}\n",
                            encoding="utf-8")
            rules = open_rulebook(path).rules(None, args.players)
        for bot in args.bots.split(","):
            for seed in (int(s) for s in args.seeds.split(",")):
                events = []
                game = Game(rules, [make_bot(bot) for _ in range(args.players)], seed, max_turns=args.turns,
                            listeners=[events.append])
                started = time.process_time()
                game.play()
                spent = time.process_time() - started
                print(f"{n:>9,} {bot:>9} {seed:>5} {spent:>7.2f} {game.turn:>6} {len(events):>8,}")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
