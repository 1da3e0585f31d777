"""Where two codes of `strong` first decide differently in the games one won and the other lost
(issue 50: the games of seeds 1 and 2 that today's bot lost to b50be78, the code before it read
the others).

Each code records its own decisions in those games (run with PYTHONPATH at its tree; an older tree
works too: only Match, play_one and StrongAgent.decide are used), then the records are compared:

    python benchmarks/strong_variants.py --variants today --games 200 --seed 1 --json > today.json
    PYTHONPATH=/tmp/before python benchmarks/strong_variants.py --variants today --games 200 --seed 1 --json > before.json
    PYTHONPATH=/tmp/before python benchmarks/reading_turns.py --record b.jsonl --turned before.json today.json
    python benchmarks/reading_turns.py --record t.jsonl --turned before.json today.json
    python benchmarks/reading_turns.py --record u.jsonl --turned before.json today.json --unread
    python benchmarks/reading_turns.py --compare b.jsonl t.jsonl

`--turned A B` plays the games (same seed and seatings) whose winner is strong in one of the two
runs and not in the other (a strong_variants --json run, or a record of this script's: the games it
holds); `--indices 3,17` names them instead. `--unread` plays today's
bot with every other player taken for `balanced` in its playouts (the model of b50be78): if it
then decides as b50be78 did, the reading alone made the difference; `--prior N` plays it with the
reading's prior leaning to balanced (reading.py's PRIOR_SEEN). For each game the comparison
gives the first decision of strong's that differs: its number, round, kind, both answers, and
the weights the reading (where the record has it) put on each style of each other player then.
"""

from __future__ import annotations

import argparse
import json
from unittest.mock import patch

import riskrules.engine.agents.strong as strong
from riskrules.instrument.tournament import Match, play_one

STYLE_NAMES = ("balanced", "aggressive", "turtle", "spreader", "random")  # reading.STYLES' order


def won(name: str) -> tuple[int, dict[int, bool]]:
    """The seed and, by game, whether strong won: from a strong_variants --json run (its first
    variant) or from a record of this script's (the games it holds)."""
    with open(name) as f:
        text = f.read()
    if text.startswith('{"edition"'):  # (strong_variants.py's)
        run = json.loads(text)
        return run["seed"], dict(enumerate(next(iter(run["won"].values()))))
    held = [json.loads(line) for line in text.splitlines()]
    return held[0]["seed"], {g["index"]: g["winner"] == "strong" for g in held}


def turned(a: str, b: str) -> tuple[int, list[int]]:
    """The seed of two runs of the same games, and the games (held in both) whose win differs."""
    (seed, x), (other, y) = won(a), won(b)
    if seed != other:
        raise SystemExit(f"{a} and {b} hold other seeds: {seed}, {other}")
    return seed, [i for i in sorted(set(x) & set(y)) if x[i] != y[i]]


def record(match: Match, indices: list[int], seed: int, unread: bool):
    """Strong's decisions in each game, game by game: (round, turn, kind, answer, the reading's
    weights or None)."""
    log: list = []
    decide = strong.StrongAgent.decide

    def recorded(self, d):
        answer = decide(self, d)
        view, reader = self.view, getattr(self, "reader", None)
        weights = None
        if reader is not None:
            weights = {s: [round(w, 3) for w in ws] for s in range(view.players)
                       if s != self.seat and (ws := reader.weights(s)) is not None}
        log.append((getattr(view, "round", None), view.turn, str(d.kind), repr(answer), weights))
        return answer

    def balanced_only(self, rng):
        helpers = list(self.helpers[0])
        helpers[self.seat] = self.script
        return helpers

    with patch.object(strong.StrongAgent, "decide", recorded):
        if unread:
            patch.object(strong.StrongAgent, "styles", balanced_only).start()
        try:
            for i in indices:
                log = []
                played = play_one(match, i, seed)
                yield {"seed": seed, "index": i, "winner": played.winner, "seats": list(played.seats), "decisions": log}
        finally:
            patch.stopall()


def games(name: str) -> dict[int, dict]:
    """A record's games by number (one JSON line each)."""
    with open(name) as f:
        return {g["index"]: g for g in map(json.loads, f)}


def compare(a: str, b: str) -> None:
    ra, rb = games(a), games(b)
    both = sorted(set(ra) & set(rb))
    print(f"{a} against {b}: strong's first decision that differs, in the {len(both)} games both hold")
    for i in both:
        ga, gb = ra[i], rb[i]
        da, db = ga["decisions"], gb["decisions"]
        first = next((k for k, (x, y) in enumerate(zip(da, db)) if x[:4] != y[:4]), None)
        head = f"game {i:>4}: strong won {'a' if ga['winner'] == 'strong' else '-'}/{'b' if gb['winner'] == 'strong' else '-'}"
        if first is None:
            print(f"{head}  same {min(len(da), len(db))} decisions" + ("" if len(da) == len(db) else " (then one ends)"))
            continue
        x, y = da[first], db[first]
        print(f"{head}  decision {first} (round {x[0]}, turn {x[1]}, {x[2]}): a {x[3]}  b {y[3]}")
        weights = x[4] or y[4]
        for seat, ws in sorted((weights or {}).items()):
            shown = "  ".join(f"{n} {w:.3f}" for n, w in zip(STYLE_NAMES, ws) if w >= 0.001)
            print(f"             seat {seat}: {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="sv-2000")
    parser.add_argument("--variant", default="missions")
    parser.add_argument("--opponent", default="balanced")
    parser.add_argument("--seed", type=int, help="with --indices")
    parser.add_argument("--indices", help="comma-separated game numbers or ranges: 3,17,40-59")
    parser.add_argument("--turned", nargs=2, metavar="JSON", help="two strong_variants --json runs of the same games")
    parser.add_argument("--record", metavar="OUT", help="play the games and write strong's decisions here, a JSON line a game")
    parser.add_argument("--unread", action="store_true", help="every other player taken for balanced in the playouts")
    parser.add_argument("--prior", type=int, help="the reading's PRIOR_SEEN (reading.py; strong_variants.py's priorN)")
    parser.add_argument("--compare", nargs=2, metavar="RECORD")
    args = parser.parse_args()
    if args.prior is not None:
        import riskrules.engine.agents.reading as reading
        reading.PRIOR_SEEN = args.prior
    if args.compare:
        compare(*args.compare)
        return
    if args.turned:
        seed, indices = turned(*args.turned)
    else:
        seed, indices = args.seed, [i for part in args.indices.split(",") for i in numbers(part)]
    match = Match(args.edition, (args.variant,) if args.variant else None, ("strong",) + (args.opponent,) * 3)
    with open(args.record, "w") as f:
        for game in record(match, indices, seed, args.unread):
            f.write(json.dumps(game) + "\n")
            f.flush()  # (a run stopped early keeps the games it finished)
    print(f"{len(indices)} games of seed {seed} recorded in {args.record}: {','.join(map(str, indices))}")


def numbers(part: str) -> list[int]:
    """'7' or a range '0-99'."""
    first, _, last = part.partition("-")
    return list(range(int(first), int(last or first) + 1))


if __name__ == "__main__":
    main()
