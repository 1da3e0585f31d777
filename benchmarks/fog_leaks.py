"""The no-leak check of fog of war at full size (issue 23; tests/test_fog.py runs a slice).

Every edition under several fogs and every gallery fog on the classic rules, each seat of
each game watched: its stream, its decisions' views and its board screens compared value by
value with what it may see (tests/fogcheck.py, worked out from the full log by its own means).

    python benchmarks/fog_leaks.py --games 4          # seeds 1..4 of each setting, every seat

Prints each setting's games, events checked and leaks found (0 expected); exits 1 on a leak.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fogcheck import leaks, play_watched  # noqa: E402
from riskrules.language.loader import open_rulebook  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FOGS = {
    "normal": ["visibility { rest nothing }"],
    "heavy, hidden counts": ["visibility { adjacent owner }", "visibility { rest nothing }",
                             "visibility { hide reinforcements, cards }"],
    "complete, no reveal": ["visibility { adjacent nothing }", "visibility { rest nothing }",
                            "visibility { battles reveal no }"],
    "within 2": ["visibility { within 2 owner }", "visibility { rest nothing }"],
}
MORE = [
    ("sv-2000", "capitals", ["visibility { rest nothing }"], 4),
    ("nl-1990", "super-risk", ["visibility { rest owner }", "visibility { hide cards }"], 4),
    ("rulebooks/house/doubles.risk", None, ["visibility { partners share sight no }", "visibility { adjacent nothing }",
                                            "visibility { rest nothing }"], 4),
    ("rulebooks/house/doubles.risk", None, ["visibility { rest nothing }"], 4),
    ("rulebooks/house/neutral-territories.risk", None, ["visibility { rest nothing }", "visibility { lifted at end no }"], 3),
    ("rulebooks/house/assassin.risk", None, ["visibility { rest nothing }", "visibility { battles reveal no }"], 3),
]
PLAYERS = {"sv-2000": 4, "nl-1990": 3, "de-deluxe": 4, "nl-modern": 3, "cs-riziko": 2}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games (seeds 1..N) of each setting")
    parser.add_argument("--max-turns", type=int, default=300)
    args = parser.parse_args()
    settings = [(f"{edition}, {name}", open_rulebook(edition, sets=sets).rules(None, n), n)
                for edition, n in PLAYERS.items() for name, sets in FOGS.items()]
    for path in sorted((ROOT / "rulebooks" / "house").glob("fog-*.risk")):
        settings.append((path.stem, open_rulebook(str(path)).rules(None, 4), 4))
    for edition, variant, sets, n in MORE:  # capitals, teams, neutral territories, assassins
        settings.append((f"{edition.split('/')[-1]} {variant or ''}, {'; '.join(sets)}"[:60],
                         open_rulebook(str(ROOT / edition) if "/" in edition else edition, sets=sets).rules(
                             [variant] if variant else None, n), n))
    total = 0
    for label, rules, n in settings:
        events = found = 0
        for seed in range(1, args.games + 1):
            bots = (["strong-2", "balanced", "random", "balanced", "balanced", "balanced"] if seed % 2 else
                    ["balanced", "random", "balanced", "balanced", "random", "balanced"])[:n]
            for seat in range(n):
                full, stream, decisions = play_watched(rules, bots, seed, seat, args.max_turns)
                events += len(full)
                found += len(leaks(rules, full, stream, decisions, seat))
        total += found
        print(f"{label:60} {args.games} games × {n} seats, {events:>8,} events checked, {found} leaks", flush=True)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
