"""Same games? A hash of every game's log over a fixed set of games, to compare before and after a change.

    python benchmarks/event_hashes.py [--seeds N] [--strong N] [--out FILE] [--against FILE]

The set: every built-in edition (the common ancestor `classic` too) × each of its variants ×
every player count its rules allow, played by `random` and by `balanced` bots, on seeds
0 … N-1 (default 2), each game to its end or to 300 turns; `--strong N` adds N games a
configuration with one `strong` bot (seat 0, `balanced` in the others) at 40 turns. A game's
hash is the SHA-256 of its log lines exactly as `--log` writes them. Prints one line a game
(`edition variant players bot seed hash`) and, last, the count and a hash of all the lines;
`--out` writes the lines to a file, `--against` compares them with such a file and exits 1,
naming the first game that differs, if any does.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.engine.log import line_of
from riskrules.language.loader import builtin_ids, open_rulebook

MAX_TURNS = 300
STRONG_TURNS = 40


def configurations():
    for edition in builtin_ids():
        book = open_rulebook(edition)
        for variant in book.variants or [None]:
            rules = book.rules([variant] if variant else None)
            for players in range(rules.min_players, rules.max_players + 1):
                yield edition, variant, players


def game_hash(edition: str, variant: str | None, players: int, bots: list[str], seed: int, max_turns: int) -> str:
    rules = open_rulebook(edition).rules([variant] if variant else None, players)
    digest = hashlib.sha256()
    game = Game(rules, [make_bot(b) for b in bots], seed, max_turns=max_turns, edition=edition,
                listeners=[lambda event: digest.update(line_of(event).encode() + b"\n")])
    game.play()
    return digest.hexdigest()[:16]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="seeds 0 … N-1 a configuration and bot")
    parser.add_argument("--strong", type=int, default=0, help="games a configuration with one strong bot")
    parser.add_argument("--out", help="write the lines here")
    parser.add_argument("--against", help="compare with the lines of an earlier --out")
    args = parser.parse_args()
    start = time.perf_counter()
    lines = []
    for edition, variant, players in configurations():
        for bot in ("random", "balanced"):
            for seed in range(args.seeds):
                h = game_hash(edition, variant, players, [bot] * players, seed, MAX_TURNS)
                lines.append(f"{edition} {variant or '-'} {players} {bot} {seed} {h}")
        for seed in range(args.strong):
            h = game_hash(edition, variant, players, ["strong"] + ["balanced"] * (players - 1), seed, STRONG_TURNS)
            lines.append(f"{edition} {variant or '-'} {players} strong {seed} {h}")
    for line in lines:
        print(line)
    total = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    print(f"{len(lines)} games, all: {total} ({time.perf_counter() - start:.0f} s)")
    if args.out:
        with open(args.out, "w") as out:
            out.write("\n".join(lines) + "\n")
    if args.against:
        with open(args.against) as earlier:
            before = earlier.read().splitlines()
        if before != lines:
            differ = next((f"{a}  ≠  {b}" for a, b in zip(before, lines) if a != b),
                          f"{len(before)} games before, {len(lines)} now")
            print(f"DIFFERENT: {differ}")
            return 1
        print(f"the same as {args.against}: {len(lines)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
