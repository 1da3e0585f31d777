"""The bot ladder: random, balanced and strong in one tournament, with ratings.

    python benchmarks/tournament.py [--edition sv-2000] [--variant missions] [--games 60]
                                    [--seed 1] [--workers 0]

Three players, one seat each, the seats rotated on common seeds (as `risk tournament`
plays them): each bot's win share and its Plackett–Luce rating on Elo's scale, both with
95% intervals, and the time the run took. The default edition is one where random games
end (fixed card values). `ladder()` returns the lines, for a side-by-side benchmark to
print.
"""

from __future__ import annotations

import argparse
import os
import time

from riskrules.instrument.tournament import Match, run, standings

LADDER = ("random", "balanced", "strong")


def ladder(edition: str = "sv-2000", variant: str | None = "missions", games: int = 60, seed: int = 1,
           workers: int = 0) -> list[str]:
    workers = workers or len(os.sched_getaffinity(0))
    match = Match(edition, (variant,) if variant else None, LADDER)
    start = time.perf_counter()
    played = run(match, games, seed, workers)
    seconds = time.perf_counter() - start
    s = standings(match, played, seed)
    lines = [f"bot ladder: {edition}" + (f" ({variant})" if variant else "") + f", 3 players, {len(played)} games "
             f"(seats rotated on common seeds, seed {seed}), {seconds:.0f} s with {workers} workers"]
    for b in sorted(s["bots"], key=lambda b: -b["rating"]):
        lines.append(f"  {b['bot']:<10} rating {b['rating']:6.0f} ({b['rating_low']:.0f}–{b['rating_high']:.0f})   "
                     f"win share {100 * b['win_share']:5.1f}% ({100 * b['low']:.1f}–{100 * b['high']:.1f}%)")
    unfinished = s["reasons"].get("turn_limit", 0)
    if unfinished:
        lines.append(f"  ({unfinished} games hit the turn limit)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="sv-2000")
    parser.add_argument("--variant", default="missions")
    parser.add_argument("--games", type=int, default=60, help="games (rounded up to a multiple of 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=0, help="default: one per core")
    args = parser.parse_args()
    games = -(-args.games // 3) * 3
    print("\n".join(ladder(args.edition, args.variant or None, games, args.seed, args.workers)))


if __name__ == "__main__":
    main()
