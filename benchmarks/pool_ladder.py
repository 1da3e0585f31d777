"""The opponent pool's ladder: one bot against three of each style, `strong` and `balanced` in the
same seat on the same seeds, so that what `strong` adds is measured against players unlike the
policy its playouts model (issue 27; docs/bots.md, "The opponent pool").

    python benchmarks/pool_ladder.py --games 100 --seed 1              # sv-2000 missions, 4 players
    python benchmarks/pool_ladder.py --edition nl-1990 --variant alternatief --games 100 --seed 2
    python benchmarks/pool_ladder.py --pool aggressive,spreader --json

For each opponent: each bot's win share with its Wilson 95% interval (`risk tournament`'s), and
the difference strong − balanced with a 95% interval (the two shares are from independent sets
of games on the same seeds: the normal approximation of a difference of two proportions).
"""

from __future__ import annotations

import argparse
import json
import math
import time

from riskrules.instrument.tournament import Match, games_for, run, standings

POOL = ("balanced", "random", "aggressive", "turtle", "spreader")


def share(edition: str, variants, bot: str, opponent: str, players: int, games: int, seed: int, workers: int):
    match = Match(edition, variants, (bot,) + (opponent,) * (players - 1))
    start = time.process_time()
    played = run(match, games_for(games, players), seed, workers)
    row = next(r for r in standings(match, played, seed)["bots"] if r["bot"] == bot)
    row["cpu_s_per_game"] = (time.process_time() - start) / len(played) if workers <= 1 else None
    return row


def difference(a: dict, b: dict) -> tuple[float, float, float]:
    """a − b with a 95% interval (normal approximation)."""
    pa, pb = a["win_share"], b["win_share"]
    se = math.sqrt(pa * (1 - pa) / a["games"] + pb * (1 - pb) / b["games"])
    d = pa - pb
    return d, d - 1.96 * se, d + 1.96 * se


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="sv-2000")
    parser.add_argument("--variant", default="missions")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100, help="games per bot and opponent (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pool", default=",".join(POOL), help="the opponents, comma-separated")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = (args.variant,) if args.variant else None
    rows = []
    for opponent in args.pool.split(","):
        strong = share(args.edition, variants, "strong", opponent, args.players, args.games, args.seed, args.workers)
        balanced = share(args.edition, variants, "balanced", opponent, args.players, args.games, args.seed,
                         args.workers) if opponent != "balanced" else None
        rows.append({"opponent": opponent, "strong": strong, "balanced": balanced,
                     "difference": difference(strong, balanced) if balanced else None})
    data = {"edition": args.edition, "variant": args.variant, "players": args.players, "seed": args.seed,
            "games": args.games, "rows": rows}
    print(json.dumps(data, indent=2) if args.json else table(data))


def table(data: dict) -> str:
    """The ladder as text (also from a --json run: python -c 'import pool_ladder; …')."""
    lines = [f"{data['edition']} {data['variant'] or ''}, {data['players']} players, seed {data['seed']}: one bot "
             f"against {data['players'] - 1} of each opponent, seats rotated",
             f"{'opponent':12} {'strong':>22} {'balanced':>22} {'strong − balanced':>26}"]

    def cell(r: dict) -> str:
        return f"{r['win_share']:.1%} ({r['low']:.1%}–{r['high']:.1%})"

    for row in data["rows"]:
        s, b, d = row["strong"], row["balanced"], row["difference"]
        lines.append(f"{row['opponent']:12} {cell(s):>22} {cell(b) if b else '—':>22} "
                     f"{f'{d[0]:+.1%} ({d[1]:+.1%}…{d[2]:+.1%})' if d else '—':>26}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
