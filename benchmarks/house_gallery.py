"""Play every house rule of the gallery (rulebooks/house/) to the end with balanced bots, 20 seeds
at each player count, and replay every game line for line.

    .venv/bin/python benchmarks/house_gallery.py [--seeds 20] [--max-turns 1000]

Prints, for each house rule: games, how they ended, mean turns, replays that matched, seconds.
Seeds 0..N-1 for every rule and count (a fixed policy, not chosen to look good).
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from collections import Counter
from pathlib import Path

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.engine.log import LogWriter
from riskrules.engine.replay import replay
from riskrules.language.loader import house_ids, open_rulebook


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args()
    print(f"{'house rule':<24}{'games':>6}{'replayed':>9}{'turns':>7}{'secs':>7}  ends")
    total = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for house in house_ids():
            book = open_rulebook(house)
            general = book.rules()
            reasons: Counter = Counter()
            turns = replayed = games = 0
            start = time.perf_counter()
            for players in range(general.min_players, general.max_players + 1):
                rules = book.rules(None, players)
                for seed in range(args.seeds):
                    out = io.StringIO()
                    game = Game(rules, [make_bot("balanced") for _ in range(players)], seed,
                                max_turns=args.max_turns, listeners=[LogWriter(out)], edition=house)
                    result = game.play()
                    path = Path(tmp) / "game.jsonl"
                    path.write_text(out.getvalue(), encoding="utf-8")
                    report = replay(path)
                    replayed += report.ok and report.result.winner == result.winner
                    reasons[result.reason] += 1
                    turns += result.turns
                    games += 1
            secs = time.perf_counter() - start
            total.update(reasons)
            ends = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
            print(f"{house:<24}{games:>6}{replayed:>9}{turns / games:>7.1f}{secs:>7.1f}  {ends}", flush=True)
    print("all:", ", ".join(f"{k} {v}" for k, v in sorted(total.items())))


if __name__ == "__main__":
    main()
