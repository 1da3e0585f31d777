"""Every speed figure of riskrules in one run, side by side.

    python benchmarks/run_all.py [--pyrisk DIR] [--games N] [--no-installed] [--only SECTION …]

Sections (each also a script of its own in benchmarks/):
  ceiling   riskrules ÷ a hand-written loop on the identical random 4-player nl-modern game
            (ceiling.py; target ≥ 0.5)
  engine    games/s and player turns/s per bot and edition, 4 players, the default
            variant; random bots' games/s only where their games end (engine.py has more)
  ladder    the bots' tournament ladder with ratings (tournament.py's `ladder`, when present)
  startup   start-up of short commands, checkout and installed copy (startup.py;
            targets ≤ 0.15 s and ≤ 0.25 s)
  pyrisk    beside pyrisk on its own game (pyrisk.py; needs --pyrisk DIR or PYRISK_PATH)
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

SECTIONS = ("ceiling", "engine", "ladder", "startup", "pyrisk")
PLAYERS = 4


def ceiling(args) -> list[str]:
    import ceiling as c

    m = c.measure(games=args.games)
    verdict = "meets" if m["ratio"] >= 0.5 else "below"
    return [f"riskrules ÷ hand-written, {m['games']} identical games, interleaved: {m['ratio']:.3f} "
            f"(median; {m['low']:.3f}–{m['high']:.3f}); {verdict} the target 0.5",
            f"  riskrules {m['turns'] / m['riskrules_s']:,.0f} turns/s, hand-written "
            f"{m['turns'] / m['handwritten_s']:,.0f} turns/s"]


def engine(args) -> list[str]:
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import builtin_ids, load_rules, open_rulebook

    lines = [f"{'edition':<11} {'bot':<9} {'games/s':>8} {'turns/s':>9} {'median turns':>13} {'turn limit':>11}"]
    for edition in builtin_ids():
        if open_rulebook(edition).base:
            continue
        rules = load_rules(edition, None, PLAYERS)
        for bot, games in (("random", max(2, args.games // 2)), ("balanced", args.games * 2)):
            turns, limit = [], 0
            start = time.perf_counter()
            for seed in range(games):
                result = Game(rules, [make_bot(bot) for _ in range(PLAYERS)], seed).play()
                turns.append(result.turns)
                limit += result.reason == "turn_limit"
            seconds = time.perf_counter() - start
            per_game = f"{games / seconds:8.1f}" if limit == 0 else f"{'—':>8}"
            lines.append(f"{edition:<11} {bot:<9} {per_game} {sum(turns) / seconds:9,.0f} "
                         f"{statistics.median(turns):13.0f} {f'{limit}/{games}':>11}")
    lines.append("  (— : random bots' games reach the turn limit there, so only turns/s is a figure)")
    return lines


def ladder(args) -> list[str]:
    try:
        module = importlib.import_module("tournament")
        ladder = module.ladder
    except (ImportError, AttributeError):
        return ["skipped: no benchmarks/tournament.py with a `ladder(games=…)` function in this checkout"]
    return list(ladder(games=-(-args.ladder_games // 3) * 3))


def startup(args) -> list[str]:
    import startup as s

    return [line.strip() for line in s.report(s.measure(args.runs, not args.no_installed))]


def pyrisk(args) -> list[str]:
    import pyrisk as p

    return [line.strip() for line in p.run(args.pyrisk, args.games, 0)[1:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per measurement (default 10)")
    parser.add_argument("--ladder-games", type=int, default=60, help="tournament games of the ladder (default 60)")
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per start-up figure")
    parser.add_argument("--pyrisk", help="pyrisk's directory (else $PYRISK_PATH; without it, that section skips)")
    parser.add_argument("--no-installed", action="store_true", help="start-up of the checkout only (no wheel)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    args = parser.parse_args()
    for name in SECTIONS:
        if name not in args.only:
            continue
        print(f"== {name}")
        start = time.perf_counter()
        for line in globals()[name](args):
            print(f"   {line}")
        print(f"   ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
