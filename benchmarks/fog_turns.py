"""Where `strong` under fog first decides otherwise with the true board in its playouts, and what
its belief held there against the truth (issue 50; as reading_turns.py for the reader).

One `strong` against three `balanced` under a fog, the strong seat rotated with the seed (as
fog_strong.py plays them). `--record` plays the seeds with the playouts on one guess (fog_strong's
GUESSES: `belief`, `true` …) and writes a JSON line a game: the winner and each of strong's
decisions in its own turn with a digest of the belief against the true board at that moment (the
true board is read here, by the yardstick, never by the bot). The two games of a seed are the
same up to the first decision that differs, so the digest there is the one both saw. `--compare`
pairs two records seed by seed and counts, by outcome (won with both, only with the first, only
with the second, neither), where they first differ and what the belief held there:

    python benchmarks/fog_turns.py --record /tmp/belief.jsonl --guesses belief --games 24 --first 3000
    python benchmarks/fog_turns.py --record /tmp/true.jsonl --guesses true --games 24 --first 3000
    python benchmarks/fog_turns.py --compare /tmp/belief.jsonl /tmp/true.jsonl

A record of `--guesses belief` also pairs two codes of the bot (run with PYTHONPATH at each tree).
The digest, per decision: hidden territories held by others; of them, those whose likeliest owner
in the belief is wrong; per other player his armies out of sight, true and as the belief expects
them (belief.Belief.armies); the largest stack out of sight: its armies, its owner, how many
borders from the seat, the belief's expectation there; continents held whole by another of
which a territory is hidden, and of those the ones whose holder the belief does not give every
hidden territory of it.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter, deque
from unittest.mock import patch

import riskrules.engine.agents.strong as strong
from benchmarks.fog_strong import GUESSES, games_parser, wilson
from riskrules.engine.agents import make_bot
from riskrules.engine.belief import belief_of
from riskrules.engine.fog_view import FoggedSight
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook


def distances(adjacent, start: list[int], size: int) -> list[int]:
    """Borders from the nearest territory of `start` (size + 1 where none reaches)."""
    far = [size + 1] * size
    queue = deque(start)
    for t in start:
        far[t] = 0
    while queue:
        t = queue.popleft()
        for u in adjacent[t]:
            if far[u] > far[t] + 1:
                far[u] = far[t] + 1
                queue.append(u)
    return far


def digest(view) -> dict:
    """The belief at this moment against the true board (read off the game: a yardstick's)."""
    game, belief = view._game, belief_of(view)
    players, hidden = belief.players, belief.hidden
    expected = belief.armies(view)
    mean = {s: sum(belief.stacks[s]) / len(belief.stacks[s]) if belief.stacks[s] else 1.0 for s in players}
    wrong = 0
    true_out, guessed_out = Counter(), Counter()
    for t, row in zip(hidden, belief.chance):
        likeliest = players[max(range(len(row)), key=row.__getitem__)] if row else -1
        wrong += likeliest != game.owner[t]
        true_out[game.owner[t]] += game.armies[t]
        for j, p in enumerate(row):  # as Belief.armies, by player
            s = players[j]
            guessed_out[s] += p * (max(1, view.armies[t]) if s == view.owner[t] else mean[s])
    far = distances(view.adjacent, [t for t in range(view.size) if game.owner[t] == view.seat], view.size)
    big = max(hidden, key=lambda t: game.armies[t], default=None)
    whole, misread = 0, 0
    rows = belief.owners()
    for members in view.board.members:
        holders = {game.owner[t] for t in members}
        if len(holders) == 1 and (h := holders.pop()) != view.seat and h >= 0 and any(t in rows for t in members):
            whole += 1
            j = players.index(h) if h in players else None
            if j is None or any(t in rows and max(rows[t]) > rows[t][j] for t in members):
                misread += 1
    return {"hidden": len(hidden), "wrong": wrong,
            "out": {s: [true_out[s], round(guessed_out[s], 1)] for s in players},
            "big": None if big is None else [game.armies[big], game.owner[big], far[big],
                                              round(expected[hidden.index(big)], 1)],
            "continents": [whole, misread]}


def record(rules, games: int, first: int, max_turns: int | None, out: str) -> None:
    decide = strong.StrongAgent.decide
    log: list = []

    def recorded(self, d):
        view = self.view
        mine = d.player == view.active == self.seat and view.phase >= 0
        note = digest(view) if mine and isinstance(view, FoggedSight) else None
        answer = decide(self, d)
        if mine:
            log.append([view.round, view.turn, str(d.kind), repr(answer), note])
        return answer

    with patch.object(strong.StrongAgent, "decide", recorded), open(out, "w") as f:
        for seed in range(first, first + games):
            seat = seed % 4
            bots = ["balanced"] * 4
            bots[seat] = "strong"
            log = []
            clock = time.process_time()
            game = Game(rules, [make_bot(b) for b in bots], seed, **({"max_turns": max_turns} if max_turns else {}))
            result = game.play()
            f.write(json.dumps({"seed": seed, "seat": seat, "won": result.winner == game.names[seat],
                                "turns": result.turns, "cpu": round(time.process_time() - clock, 2),
                                "decisions": log}) + "\n")
            f.flush()  # (a run stopped early keeps the games it finished)


def games(name: str) -> dict[int, dict]:
    with open(name) as f:
        return {g["seed"]: g for g in map(json.loads, f)}


def compare(a: str, b: str) -> None:
    ra, rb = games(a), games(b)
    both = sorted(set(ra) & set(rb))
    n = len(both)
    wa, wb = sum(ra[s]["won"] for s in both), sum(rb[s]["won"] for s in both)
    print(f"{n} seeds in both: strong won {wa} with {a} ({wa / n:.1%}), {wb} with {b} ({wb / n:.1%}); "
          f"CPU a game {sum(ra[s]['cpu'] for s in both) / n:.1f} s and {sum(rb[s]['cpu'] for s in both) / n:.1f} s")
    groups: dict[str, list] = {"both": [], "only a": [], "only b": [], "neither": []}
    for s in both:
        x, y = ra[s]["won"], rb[s]["won"]
        groups["both" if x and y else "only a" if x else "only b" if y else "neither"].append(s)
    print(f"won with both {len(groups['both'])}, only with a {len(groups['only a'])}, "
          f"only with b {len(groups['only b'])}, neither {len(groups['neither'])}")
    only_a, only_b = len(groups["only a"]), len(groups["only b"])
    d = (only_b - only_a) / n  # the paired difference b − a and its normal 95% interval
    se = math.sqrt(max(0.0, (only_a + only_b) / n - d * d) / n)
    print(f"b − a, paired: {d:+.1%} ({d - 1.96 * se:+.1%}…{d + 1.96 * se:+.1%}), standard error {se:.1%}")
    shared = {"round 1": [0, 0, 0], "later": [0, 0, 0]}  # the decisions both games share: hidden, wrong in a, in b
    for s in both:
        da, db = ra[s]["decisions"], rb[s]["decisions"]
        for x, y in zip(da, db):
            if x[4] and y[4]:
                counts = shared["round 1" if x[0] == 1 else "later"]
                counts[0] += x[4]["hidden"]
                counts[1] += x[4]["wrong"]
                counts[2] += y[4]["wrong"]
            if x[:4] != y[:4]:
                break
    for when, (hidden, x, y) in shared.items():  # (the same board, each code's belief of it)
        if hidden:
            print(f"{when}, on the board both games share (to the first decision that differs, that one too): of "
                  f"{hidden} hidden territories the belief's likeliest owner is wrong at {x} ({x / hidden:.1%}) "
                  f"in a, {y} ({y / hidden:.1%}) in b")
    for name, seeds in groups.items():
        rows = []
        for s in seeds:
            da, db = ra[s]["decisions"], rb[s]["decisions"]
            k = next((k for k, (x, y) in enumerate(zip(da, db)) if x[:4] != y[:4]), None)
            if k is None:
                rows.append((s, None))
                continue
            rows.append((s, (k, da[k], db[k])))
        print(f"\n{name} ({len(seeds)} games)")
        kinds = Counter(r[1][1][2] for r in rows if r[1])
        print("  first difference by kind: " + ", ".join(f"{k} {c}" for k, c in kinds.most_common())
              + (f", none {sum(1 for r in rows if not r[1])}" if any(not r[1] for r in rows) else ""))
        notes = [r[1][1] for r in rows if r[1] and r[1][1][4]]
        if notes:
            rounds = Counter(x[0] for x in notes)
            hidden = sum(x[4]["hidden"] for x in notes)
            wrong = sum(x[4]["wrong"] for x in notes)
            bigs = [x[4]["big"] for x in notes if x[4]["big"]]
            near = [b for b in bigs if b[2] <= 2]
            print(f"  at it: rounds {dict(sorted(rounds.items()))}; likeliest owner wrong {wrong} of {hidden} hidden "
                  f"({wrong / hidden:.0%}); the largest hidden stack {sum(b[0] for b in bigs) / len(bigs):.1f} armies, "
                  f"the belief expects {sum(b[3] for b in bigs) / len(bigs):.1f} there; "
                  f"2 borders from the seat or nearer in {len(near)} of {len(bigs)}")
        for s, found in rows:
            if not found:
                print(f"  seed {s}: the same decisions")
                continue
            k, x, y = found
            note = x[4] or {}
            out = note.get("out", {})
            err = "  ".join(f"p{p} {t}/{g:.0f}" for p, (t, g) in sorted(out.items()))
            big = note.get("big")
            print(f"  seed {s}: decision {k} (round {x[0]}, {x[2]}): a {x[3]}  b {y[3]}; hidden {note.get('hidden')}, "
                  f"owner wrong {note.get('wrong')}; out of sight true/guessed {err}; largest hidden "
                  f"{big and f'{big[0]} of p{big[1]} at {big[2]} borders, guessed {big[3]}'}; continents "
                  f"held whole with a hidden part {note.get('continents')}")


def main() -> None:
    parser = games_parser(__doc__.split("\n\n")[0])
    parser.add_argument("--guesses", default="belief", help="one of " + ", ".join(GUESSES))
    parser.add_argument("--record", metavar="OUT")
    parser.add_argument("--compare", nargs=2, metavar="RECORD")
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    rules = open_rulebook(args.rules).rules(None, 4)
    kept = FoggedSight.guess_board
    FoggedSight.guess_board = GUESSES[args.guesses]
    try:
        record(rules, args.games, args.first, args.max_turns, args.record)
    finally:
        FoggedSight.guess_board = kept
    held = games(args.record)
    won = sum(g["won"] for g in held.values())
    low, high = wilson(won, len(held))
    print(f"{args.rules}, seeds {args.first}..{args.first + args.games - 1}, playouts on {args.guesses}: "
          f"{won}/{len(held)} ({low:.1%}–{high:.1%}) in {args.record}")


if __name__ == "__main__":
    main()
