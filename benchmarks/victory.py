"""No game goes on past a win: whole bot games of every mission configuration, judged event
by event by the independent referee of tests/referee.py (it reads the log alone).

    python benchmarks/victory.py [--seeds N] [--first-seed S] [--bots random,balanced] [--max-turns T]

For each bot, each mission configuration (edition, variant, player count) and seeds
S … S+N-1, one game is played to its end (or the turn limit, default the engine's) and
judged. Prints, per bot, the games judged, how many ended in a win and how many at the turn
limit, the events judged, and every problem found; exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from referee import Referee  # noqa: E402  (tests/ is not a package)

from riskrules.engine.agents import make_bot  # noqa: E402
from riskrules.engine.game import DEFAULT_MAX_TURNS, Game  # noqa: E402
from riskrules.language.loader import builtin_ids, open_rulebook  # noqa: E402


def mission_configurations():
    for edition in builtin_ids():
        book = open_rulebook(edition)
        if book.base:
            continue
        for variant in book.variants:
            rules = book.rules([variant])
            for players in range(rules.min_players, rules.max_players + 1):
                if book.rules([variant], players).victory == "missions":
                    yield edition, variant, players


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="games per configuration and bot")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--bots", default="random,balanced")
    parser.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS)
    args = parser.parse_args()
    configs = list(mission_configurations())
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(f"{len(configs)} mission configurations × seeds {seeds.start}…{seeds.stop - 1}, "
          f"turn limit {args.max_turns}", flush=True)
    failed = 0
    for bot in args.bots.split(","):
        start = time.perf_counter()
        reasons: Counter = Counter()
        events = 0
        problems: list[str] = []
        for edition, variant, players in configs:
            rules = open_rulebook(edition).rules([variant], players)
            for seed in seeds:
                game = Game(rules, [make_bot(bot) for _ in range(players)], seed, max_turns=args.max_turns)
                referee = Referee(rules, game.names)
                game.listeners.append(referee)
                result = game.play()
                reasons[result.reason] += 1
                events += referee.events
                problems += [f"{edition} {variant} {players}p seed {seed}: {p}" for p in referee.problems]
            print(f"  {bot}: {edition} {variant} {players}p done", file=sys.stderr, flush=True)
        games = sum(reasons.values())
        won = games - reasons["turn_limit"]
        print(f"{bot:8} {games} games judged: {won} won ({', '.join(f'{r} {n}' for r, n in sorted(reasons.items()) if r != 'turn_limit')}), "
              f"{reasons['turn_limit']} at the turn limit; {events} events; "
              f"{len(problems)} problems  ({time.perf_counter() - start:.0f} s)", flush=True)
        for p in problems[:20]:
            print("   ", p)
        failed += len(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
