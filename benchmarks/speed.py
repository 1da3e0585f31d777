"""Where the time goes, and how fast against the yardsticks (issue 47), in one job.

    python benchmarks/speed.py profile [--editions E …] [--games N] [--turns T] [--no-log]
    python benchmarks/speed.py ratios [--pyrisk DIR] [--rounds R]
    python benchmarks/speed.py against DIR [--workloads W …] [--rounds R]
    python benchmarks/speed.py opcodes WORKLOAD [--games N] [--top K]

`profile`: for each built-in edition (default: all), N games of `random` and N of `balanced`
bots (at most T turns, the log written to memory, so that events cost what they cost with a
log; --no-log: nobody listens) under cProfile, in CPU time; each function's own time is
counted to one of: dice (engine/dice.py, the odds of a roll, kill-rate draws), decisions (the Decision, Game.ask and the engine's option
lists: attack, fortify, card sets), events (Game._event and what builds and writes them,
the log, what a seat is told), bots (engine/agents/) and the rest of the rules (turn, battle,
placing, victory …). Prints each share of the whole, per edition and bot. cProfile slows
small functions most: the shares say where the time goes, not how long a game takes.

`ratios`: the side-by-side ratios of the issue, interleaved round by round in one process,
in CPU time: random bots on 4-player nl-modern against the hand-written loop of
benchmarks/handwritten.py (the same games: ceiling.py's check); balanced against pyrisk's
AlAI on pyrisk's rules (benchmarks/pyrisk.py; skipped without pyrisk's directory: --pyrisk
or PYRISK_PATH); and strong's CPU seconds a 4-player nl-modern game (three balanced, 40 turns).

`against DIR`: the same workloads timed in this checkout and in DIR (another commit's tree,
e.g. `git worktree add /tmp/before <commit>`), each round one child process of each in
turn, A then B; prints each workload's median of the per-round ratios (this ÷ DIR, in
turns a second: above 1 is faster here) with the lowest and highest. Workloads: random
(4-player nl-modern, random bots, 300 turns), balanced (pyrisk's rules, balanced bots),
strong (one strong and three balanced, 4-player nl-modern, 40 turns).

`opcodes WORKLOAD`: the Python bytecode instructions a turn of a workload executes (first N
seeds), counted, not timed: the same figure on a busy machine as on an idle one, so that each
change can be weighed alone (what runs in C is not in it: `against` has the time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

PLAYERS = 4
WORKLOADS = {"random": 8, "balanced": 8, "strong": 1}  # games a round of `against`

# ---- where the time goes ----------------------------------------------------------------------

DICE = ("engine/dice.py", "engine/odds.py", "combat/kill_rates.py")
EVENTS = ("engine/log.py", "engine/sight.py", "engine/fog.py", "engine/fog_view.py")
DECISION_FUNCTIONS = {"ask", "attack_options", "_attacks_from", "fortify_options", "_own_fortify_options",
                      "_reach", "owned", "territories_of", "sets_in", "is_set", "symbol_of", "_canonical", "_without"}
EVENT_FUNCTIONS = {"_event", "tell_place", "tell_reinforcements", "tell_battles", "card_json", "teller"}


def category(filename: str, function: str) -> str | None:
    """The category of a function of riskrules; None for one of Python's or a library's."""
    name = filename.replace("\\", "/")
    if "riskrules/" not in name:
        return None
    if "engine/agents/" in name:
        return "bots"
    if name.endswith(DICE):
        return "dice"
    if name.endswith("engine/decisions.py") or function in DECISION_FUNCTIONS:
        return "decisions"
    if name.endswith(EVENTS) or function in EVENT_FUNCTIONS:
        return "events"
    return "rules"


def shares(stats: pstats.Stats) -> dict[str, float]:
    """Each category's share of the total own time in `stats`. The own time of a function that is
    not riskrules' (a builtin, json, random …) goes to the categories of those that called it, in
    proportion to the time spent in it from each (through chains of such functions too); what
    nothing of riskrules called is "rest"."""
    kinds = ("dice", "decisions", "events", "bots", "rules", "rest")
    memo: dict[tuple, dict[str, float]] = {}

    def spread(key: tuple, seen: frozenset = frozenset()) -> dict[str, float]:
        if key in memo:
            return memo[key]
        filename, _, function = key
        kind = category(filename, function)
        callers = stats.stats[key][4] if key in stats.stats else {}
        if kind is not None:
            out = {kind: 1.0}
        elif not callers or key in seen:
            out = {"rest": 1.0}
        else:
            total = sum(c[3] for c in callers.values()) or 1.0
            out = {}
            for caller, c in callers.items():
                for k, v in spread(caller, seen | {key}).items():
                    out[k] = out.get(k, 0.0) + v * c[3] / total
        memo[key] = out
        return out

    by = dict.fromkeys(kinds, 0.0)
    for key, (_, _, own, _, _) in stats.stats.items():
        for k, v in spread(key).items():
            by[k] += own * v
    whole = sum(by.values()) or 1.0
    return {k: v / whole for k, v in by.items()}


def profile(editions: list[str], games: int, turns: int, log: bool = True) -> list[str]:
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.engine.log import LogWriter
    from riskrules.language.loader import builtin_ids, load_rules

    lines = [f"share of the CPU time (cProfile, own time; builtins to their callers), log {'on' if log else 'off'}:",
             f"  {'edition':<14} {'bot':<9} {'dice':>6} {'decide':>7} {'events':>7} {'bots':>6} {'rules':>6} "
             f"{'other':>6}  turns/s (profiled)"]
    for edition in editions or list(builtin_ids()):
        rules = load_rules(edition, None, PLAYERS if _allows(edition, PLAYERS) else None)
        players = rules.player_count or rules.min_players
        if rules.player_count is None:
            rules = load_rules(edition, None, players)
        for bot in ("random", "balanced"):
            Game(rules, [make_bot(bot) for _ in range(players)], 10_000, max_turns=20).play()  # (tables made)
            profiler = cProfile.Profile(time.process_time)  # (CPU time: the machine may be shared)
            played = 0
            start = time.process_time()
            profiler.enable()
            for seed in range(games):
                game = Game(rules, [make_bot(bot) for _ in range(players)], seed, max_turns=turns,
                            listeners=[LogWriter(io.StringIO())] if log else [])
                played += game.play().turns
            profiler.disable()
            seconds = time.process_time() - start
            s = shares(pstats.Stats(profiler))
            lines.append(f"  {edition:<14} {bot:<9} {s['dice']:6.0%} {s['decisions']:7.0%} {s['events']:7.0%} "
                         f"{s['bots']:6.0%} {s['rules']:6.0%} {s['rest']:6.0%}  {played / seconds:,.0f}")
    return lines


def _allows(edition: str, players: int) -> bool:
    from riskrules.language.loader import open_rulebook

    rules = open_rulebook(edition).rules(None)
    return rules.min_players <= players <= rules.max_players


# ---- the ratios ------------------------------------------------------------------------

def ratios(pyrisk: str | None, rounds: int) -> list[str]:
    import handwritten
    import pyrisk as yardstick

    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import load_rules, open_rulebook

    modern = load_rules("nl-modern", None, PLAYERS)
    theirs = open_rulebook(yardstick.RULES).rules(None, PLAYERS)
    root = yardstick.pyrisk_dir(pyrisk)
    alai = None
    if root is not None:
        finder = yardstick._Finder(root)
        sys.meta_path.insert(0, finder)
        import logging
        logging.disable(logging.CRITICAL)
        game_module, world = __import__("game"), __import__("world")
        alai = __import__("ai.al", fromlist=["AlAI"]).AlAI
    import random as stdlib_random
    t = {"ours": 0.0, "hand": 0.0, "balanced": 0.0, "alai": 0.0, "strong": 0.0}
    n = {"ours": 0, "hand": 0, "balanced": 0, "alai": 0, "strong": 0}
    for r in range(rounds):
        seed = r
        a = time.process_time()
        game = Game(modern, [make_bot("random") for _ in range(PLAYERS)], seed, max_turns=300)
        result = game.play()
        b = time.process_time()
        hand_turns, _, owner, armies = handwritten.play(modern.board, seed, PLAYERS, 300)
        c = time.process_time()
        if (hand_turns, owner, armies) != (result.turns, game.owner, game.armies):
            raise SystemExit(f"seed {seed}: the hand-written loop did not play riskrules' game")
        t["ours"] += b - a
        t["hand"] += c - b
        n["ours"] += result.turns
        n["hand"] += hand_turns
        for _ in range(5):
            a = time.process_time()
            Game(theirs, [make_bot("balanced") for _ in range(PLAYERS)], seed).play()
            t["balanced"] += time.process_time() - a
            n["balanced"] += 1
            seed += rounds
        if alai is not None:
            stdlib_random.seed(r)
            a = time.process_time()
            g = game_module.Game(curses=False, connect=world.CONNECT, areas=world.AREAS)
            for i in range(PLAYERS):
                g.add_player(f"P{i}", alai)
            g.play()
            t["alai"] += time.process_time() - a
            n["alai"] += 1
        a = time.process_time()
        Game(modern, [make_bot("strong")] + [make_bot("balanced") for _ in range(PLAYERS - 1)], r,
             max_turns=40).play()
        t["strong"] += time.process_time() - a
        n["strong"] += 1
    ours, hand = n["ours"] / t["ours"], n["hand"] / t["hand"]
    lines = [f"side by side, {rounds} interleaved rounds, CPU time:",
             f"  random, 4-player nl-modern: {ours:,.0f} turns/s, the hand-written loop {hand:,.0f}: "
             f"{ours / hand:.2f}×",
             f"  balanced, pyrisk's rules: {n['balanced'] / t['balanced']:.1f} games/s"]
    if alai is not None:
        alai_rate = n["alai"] / t["alai"]
        lines[-1] += f", pyrisk's AlAI {alai_rate:.1f} games/s: {n['balanced'] / t['balanced'] / alai_rate:.1f}×"
    else:
        lines[-1] += " (pyrisk skipped: give --pyrisk DIR or PYRISK_PATH)"
    lines.append(f"  strong (and three balanced), 4-player nl-modern, 40 turns: "
                 f"{t['strong'] / n['strong']:.2f} s a game")
    return lines


# ---- this checkout against another ----------------------------------------------------------------

def child(workload: str, games: int) -> None:
    """Plays `games` games of `workload` (after one untimed) and prints CPU seconds and turns."""
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game

    rules, bots, turns = setting(workload)
    Game(rules, [make_bot(b) for b in bots], 10_000, max_turns=10).play()
    played = 0
    start = time.process_time()
    for seed in range(games):
        played += Game(rules, [make_bot(b) for b in bots], seed, max_turns=turns).play().turns
    print(f"{time.process_time() - start} {played}")


def setting(workload: str) -> tuple:
    """The rules, bots and turn limit of a workload."""
    import pyrisk as yardstick

    from riskrules.language.loader import load_rules, open_rulebook

    if workload == "balanced":
        return open_rulebook(yardstick.RULES).rules(None, PLAYERS), ["balanced"] * PLAYERS, 1000
    if workload == "strong":
        return load_rules("nl-modern", None, PLAYERS), ["strong"] + ["balanced"] * 3, 40
    return load_rules("nl-modern", None, PLAYERS), ["random"] * PLAYERS, 300


def opcodes(workload: str, games: int, top: int) -> list[str]:
    """Python bytecode instructions executed a turn (sys.settrace's opcode events) over `games` games
    of `workload`: a count, not a clock, so the same on a busy machine as on an idle one (what
    runs in C, dice draws, sorting, builtins, is not in it). With the `top` functions by count."""
    import collections

    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game

    rules, bots, turns = setting(workload)
    Game(rules, [make_bot(b) for b in bots], 10_000, max_turns=10).play()  # (the tables made before)
    counts: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            counts[frame.f_code] += 1
        return tracer

    played = 0
    sys.settrace(tracer)
    try:
        for seed in range(games):
            played += Game(rules, [make_bot(b) for b in bots], seed, max_turns=turns).play().turns
    finally:
        sys.settrace(None)
    total = sum(counts.values())
    lines = [f"{workload}: {total / played:,.0f} bytecode instructions a turn ({games} games, {played} turns)"]
    for code, n in counts.most_common(top):
        lines.append(f"  {n / played:8.1f}  {code.co_filename.split('riskrules/')[-1]}:{code.co_firstlineno} "
                     f"{code.co_name}")
    return lines


def timed(tree: Path, workload: str, games: int) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "child", workload, str(games)],
                         env=env, cwd=tree, capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def against(other: Path, workloads: list[str], rounds: int) -> list[str]:
    lines = [f"this checkout ({ROOT}) ÷ {other}, turns a second, {rounds} rounds, each A then B:"]
    for workload in workloads:
        games = WORKLOADS[workload]
        ratios_, ours_all, theirs_all = [], 0.0, 0.0
        for _ in range(rounds):
            ours, turns = timed(ROOT, workload, games)
            theirs, their_turns = timed(other, workload, games)
            if turns != their_turns:
                raise SystemExit(f"{workload}: {turns} turns here, {their_turns} there: not the same games")
            ratios_.append(theirs / ours)
            ours_all += ours
            theirs_all += theirs
        lines.append(f"  {workload:<9} {statistics.median(ratios_):.2f}× (median; {min(ratios_):.2f}–"
                     f"{max(ratios_):.2f})  here {ours_all / rounds:.3f} s, there {theirs_all / rounds:.3f} s "
                     f"a round of {games} games")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("profile")
    p.add_argument("--editions", nargs="*", default=[])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--turns", type=int, default=200)
    p.add_argument("--no-log", action="store_true", help="no listener: events are not even built")
    r = sub.add_parser("ratios")
    r.add_argument("--pyrisk", help="pyrisk's directory (else $PYRISK_PATH)")
    r.add_argument("--rounds", type=int, default=5)
    a = sub.add_parser("against")
    a.add_argument("dir", help="another checkout's root")
    a.add_argument("--workloads", nargs="*", default=list(WORKLOADS), choices=list(WORKLOADS))
    a.add_argument("--rounds", type=int, default=5)
    o = sub.add_parser("opcodes")
    o.add_argument("workload", choices=list(WORKLOADS))
    o.add_argument("--games", type=int, default=2)
    o.add_argument("--top", type=int, default=0, help="and the functions that execute most")
    c = sub.add_parser("child")
    c.add_argument("workload", choices=list(WORKLOADS))
    c.add_argument("games", type=int)
    args = parser.parse_args()
    if args.command == "profile":
        print("\n".join(profile(args.editions, args.games, args.turns, not args.no_log)))
    elif args.command == "ratios":
        print("\n".join(ratios(args.pyrisk, args.rounds)))
    elif args.command == "opcodes":
        print("\n".join(opcodes(args.workload, args.games, args.top)))
    elif args.command == "against":
        print("\n".join(against(Path(args.dir).resolve(), args.workloads, args.rounds)))
    else:
        child(args.workload, args.games)


if __name__ == "__main__":
    main()
