"""Does `strong` under fog attack too eagerly, or stop too early? One `strong` against three
`balanced`, seat rotated with the seed, on a rulebook without fog and one with it: per turn of
each, the battles (dice rolled), attacks begun (a new pair of territories) and conquests, and
the armies it loses a turn against those it kills; `strong`'s seat and the `balanced` seats apart.

    python benchmarks/fog_attacks.py --games 4 --first 1 --max-turns 40 --rules classic,fog-normal
    python benchmarks/fog_attacks.py --games 4 --first 1 --max-turns 40 --rules fog-normal --true-board
"""

from __future__ import annotations

import argparse

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook


def counts(rules, games: int, first: int, max_turns: int) -> dict[str, list[int]]:
    """Per 'strong'/'balanced': [turns, battles, attacks begun, conquests, armies lost, armies killed]."""
    out = {"strong": [0] * 6, "balanced": [0] * 6}
    for seed in range(first, first + games):
        seat = seed % 4
        bots = ["balanced"] * 4
        bots[seat] = "strong"
        game = Game(rules, [make_bot(b) for b in bots], seed, max_turns=max_turns)
        last = {}

        def listen(e, game=game, seat=seat, last=last):
            kind = e["type"]
            who = e.get("player")
            if who is None:
                return
            row = out["strong" if who == game.names[seat] else "balanced"]
            if kind == "turn_start":
                row[0] += 1
                last.clear()
            elif kind == "battle":
                row[1] += 1
                pair = (e["from"], e["to"])
                if last.get("pair") != pair:
                    row[2] += 1
                    last["pair"] = pair
                row[4] += e["attacker_losses"]
                row[5] += e["defender_losses"]
            elif kind == "conquest":
                row[3] += 1
                last.clear()
        game.listeners.append(listen)
        game.play()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--max-turns", type=int, default=40)
    parser.add_argument("--rules", default="classic,fog-normal")
    parser.add_argument("--true-board", action="store_true",
                        help="strong's playouts on the true board (fog_strong.py's yardstick: it reads what fog hides)")
    args = parser.parse_args()
    if args.true_board:
        from fog_strong import true_board
        from riskrules.engine.fog_view import FoggedSight

        FoggedSight.guess_board = true_board
    print(f"seeds {args.first}..{args.first + args.games - 1}, {args.max_turns} turns; per turn:")
    print("rules | seat | turns | battles | attacks begun | conquests | armies lost | armies killed")
    for name in args.rules.split(","):
        rules = open_rulebook(name).rules(None, 4)
        for who, (turns, battles, begun, won, lost, killed) in counts(rules, args.games, args.first,
                                                                      args.max_turns).items():
            t = max(1, turns)
            print(f"{name} | {who} | {turns} | {battles / t:.2f} | {begun / t:.2f} | {won / t:.2f} | {lost / t:.2f}"
                  f" | {killed / t:.2f}")


if __name__ == "__main__":
    main()
