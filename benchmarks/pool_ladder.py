"""The opponent pool's ladder: one bot against three of each style, `strong` and `balanced` in the
same seat on the same seeds, so that what `strong` adds is measured against players unlike the
policy its playouts model (issue 27; docs/bots.md, "The opponent pool").

    python benchmarks/pool_ladder.py --games 100 --seed 1              # sv-2000 missions, 4 players
    python benchmarks/pool_ladder.py --games 100 --seed 1,2            # each seed, then both pooled
    python benchmarks/pool_ladder.py --edition nl-1990 --variant alternatief --games 100 --seed 2
    python benchmarks/pool_ladder.py --pool aggressive,spreader --json
    PYRISK_PATH=… PYTHONHASHSEED=0 python benchmarks/pool_ladder.py --edition benchmarks/pyrisk.risk --variant "" \
        --pool benchmarks/pyrisk_bridge.py:AlAI,benchmarks/pyrisk_bridge.py:BetterAI
    PYRISK_PATH=… PYTHONHASHSEED=0 python benchmarks/pool_ladder.py --edition benchmarks/pyrisk.risk --variant "" \
        --pool benchmarks/pyrisk_bridge.py:ChronAI --bot-timeout 0 --max-turns 300   # over 60 s to place; stalemates

For each opponent: each bot's win share with its Wilson 95% interval (`risk tournament`'s), and
the difference strong − balanced with a 95% interval (the two shares are from independent sets
of games on the same seeds: the normal approximation of a difference of two proportions). With
several seeds, a table for each and one of the games of all of them pooled (wins and games summed).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from riskrules.engine.agents import TIMEOUT, make_bot
from riskrules.engine.errors import GameError
from riskrules.engine.game import DEFAULT_MAX_TURNS
from riskrules.instrument.stats import wilson
from riskrules.instrument.tournament import Match, games_for, run, standings

POOL = ("balanced", "random", "aggressive", "turtle", "spreader")


def share(edition: str, variants, bot: str, opponent: str, players: int, games: int, seed: int, workers: int,
          bot_timeout: float | None = TIMEOUT, max_turns: int = DEFAULT_MAX_TURNS):
    match = Match(edition, variants, (bot,) + (opponent,) * (players - 1), max_turns=max_turns, bot_timeout=bot_timeout)
    start, wall, total, done = time.process_time(), time.perf_counter(), games_for(games, players), 0

    def progress(n: int) -> None:  # on stderr, so a run of hours shows where it is
        nonlocal done
        done += n
        print(f"seed {seed}: {bot} against {opponent}, {done}/{total} games, "
              f"{time.perf_counter() - wall:.0f} s", file=sys.stderr, flush=True)

    played = run(match, total, seed, workers, progress)
    row = next(r for r in standings(match, played, seed)["bots"] if r["bot"] == bot)
    row["cpu_s_per_game"] = (time.process_time() - start) / len(played) if workers <= 1 else None
    row["unfinished"] = sum(1 for p in played if p.winner is None)  # cut at the turn limit, won by nobody
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
    parser.add_argument("--seed", default="1", help="a seed, or several: 1,2 (each, then pooled)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pool", default=",".join(POOL), help="the opponents, comma-separated")
    parser.add_argument("--bot-timeout", type=float, default=TIMEOUT,
                        help=f"seconds a plug-in may take over a decision, 0 for no limit (default {TIMEOUT:g}: "
                             "pyrisk's ChronAI takes longer over some placements)")
    parser.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS,
                        help=f"player turns after which a game ends unfinished, won by nobody (default {DEFAULT_MAX_TURNS}: "
                             "a game against pyrisk's ChronAI can run past 500)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    timeout = args.bot_timeout or None
    variants = (args.variant,) if args.variant else None
    for bot in args.pool.split(","):  # a bot that cannot be made is said in one line, before any game
        try:
            make_bot(bot, timeout)
        except ValueError as e:
            raise SystemExit(f"pool_ladder.py: {e}")
    ladders = []
    for seed in [int(s) for s in args.seed.split(",")]:
        rows = []
        for opponent in args.pool.split(","):
            try:
                strong = share(args.edition, variants, "strong", opponent, args.players, args.games, seed,
                               args.workers, timeout, args.max_turns)
                balanced = share(args.edition, variants, "balanced", opponent, args.players, args.games, seed,
                                 args.workers, timeout, args.max_turns) if opponent != "balanced" else None
            except GameError as e:
                raise SystemExit(f"pool_ladder.py: seed {seed}, against {opponent}: {e}")
            rows.append({"opponent": opponent, "strong": strong, "balanced": balanced,
                         "difference": difference(strong, balanced) if balanced else None})
        ladders.append({"edition": args.edition, "variant": args.variant, "players": args.players, "seed": seed,
                        "games": args.games, "rows": rows})
        if not args.json:  # each seed's table as soon as it is played (a long ladder's first seed is not lost with the rest)
            print_table(ladders)
    if len(ladders) > 1:
        ladders.append(pooled(ladders))
        if not args.json:
            print_table(ladders)
    if args.json:
        print(json.dumps(ladders if len(ladders) > 1 else ladders[0], indent=2))


def print_table(ladders: list[dict]) -> None:
    """The last of `ladders` as text, a blank line after the one before."""
    if len(ladders) > 1:
        print()
    print(table(ladders[-1]), flush=True)


def pooled(ladders: list[dict]) -> dict:
    """The ladders of several seeds as one: per opponent and bot, the wins and games summed."""
    first = ladders[0]

    def summed(rows: list[dict | None]) -> dict | None:
        if rows[0] is None:
            return None
        wins, games, seats = sum(r["wins"] for r in rows), sum(r["games"] for r in rows), rows[0]["seats"]
        low, high = wilson(wins, games)
        return {"wins": wins, "games": games, "seats": seats, "win_share": wins / (seats * games),
                "low": low / seats, "high": high / seats, "unfinished": sum(r.get("unfinished", 0) for r in rows)}

    rows = []
    for i, row in enumerate(first["rows"]):
        strong = summed([ladder["rows"][i]["strong"] for ladder in ladders])
        balanced = summed([ladder["rows"][i]["balanced"] for ladder in ladders])
        rows.append({"opponent": row["opponent"], "strong": strong, "balanced": balanced,
                     "difference": difference(strong, balanced) if balanced else None})
    seeds = " and ".join(str(ladder["seed"]) for ladder in ladders)
    return {**first, "seed": f"{seeds} pooled", "games": sum(ladder["games"] for ladder in ladders), "rows": rows}


def table(data: dict) -> str:
    """The ladder as text (also from a --json run: python -c 'import pool_ladder; …')."""
    rules = f"{data['edition']} {data['variant']}" if data["variant"] else data["edition"]
    lines = [f"{rules}, {data['players']} players, seed {data['seed']}: one bot "
             f"against {data['players'] - 1} of each opponent, seats rotated",
             f"{'opponent':12} {'strong':>22} {'balanced':>22} {'strong − balanced':>26}"]

    def cell(r: dict) -> str:
        return f"{r['win_share']:.1%} ({r['low']:.1%}–{r['high']:.1%})"

    for row in data["rows"]:
        s, b, d = row["strong"], row["balanced"], row["difference"]
        name = row["opponent"].rpartition(":")[2]  # (a plug-in by its class: pyrisk_bridge.py:AlAI → AlAI)
        lines.append(f"{name:12} {cell(s):>22} {cell(b) if b else '—':>22} "
                     f"{f'{d[0]:+.1%} ({d[1]:+.1%}…{d[2]:+.1%})' if d else '—':>26}")
    cut = [(row["opponent"].rpartition(":")[2], row["strong"], row["balanced"]) for row in data["rows"]
           if row["strong"].get("unfinished") or (row["balanced"] or {}).get("unfinished")]
    for name, s, b in cut:  # (only where a game was cut: most ladders have none; older --json files say nothing)
        lines.append(f"  against {name}, games cut at the turn limit (won by nobody): strong {s.get('unfinished', 0)} "
                     f"of {s['games']}" + (f", balanced {b.get('unfinished', 0)} of {b['games']}" if b else ""))
    return "\n".join(lines)


if __name__ == "__main__":
    main()
