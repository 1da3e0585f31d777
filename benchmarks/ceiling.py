"""The engine against its ceiling: riskrules and a hand-written loop play the same games.

    python benchmarks/ceiling.py [--games N] [--turns T] [--seed S]

Random bots, 4-player nl-modern. For each seed riskrules plays the game, then the
hand-written loop of benchmarks/handwritten.py plays it too (interleaved, so that a noisy
machine slows both alike); the two must end in the same state, turn and winner, else the
benchmark stops: they would not be playing the same game. Prints the ratio of their speeds,
riskrules ÷ hand-written (1.0: no cost for being a generic interpreter), as the median of
the per-game ratios with the lowest and highest, and the total time of each. Target ≥ 0.5.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import handwritten  # noqa: E402

from riskrules.engine.agents import make_bot  # noqa: E402
from riskrules.engine.game import Game  # noqa: E402
from riskrules.language.loader import load_rules  # noqa: E402

PLAYERS = 4


def measure(games: int = 10, max_turns: int = 1000, seed: int = 0) -> dict:
    """Interleaved timings of both loops on seeds seed … seed+games-1."""
    rules = load_rules("nl-modern", None, PLAYERS)
    ratios, ours, theirs, turns = [], 0.0, 0.0, 0
    for s in range(seed, seed + games):
        start = time.perf_counter()
        game = Game(rules, [make_bot("random") for _ in range(PLAYERS)], s, max_turns=max_turns)
        result = game.play()
        middle = time.perf_counter()
        hand_turns, winner, owner, armies = handwritten.play(rules.board, s, PLAYERS, max_turns)
        end = time.perf_counter()
        if (hand_turns, owner, armies) != (result.turns, game.owner, game.armies) or \
                (game.names[winner] if winner is not None else None) != result.winner:
            raise SystemExit(f"seed {s}: the hand-written loop did not play riskrules' game")
        ratios.append((end - middle) / (middle - start))
        ours += middle - start
        theirs += end - middle
        turns += result.turns
    return {"ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios),
            "games": games, "turns": turns, "riskrules_s": ours, "handwritten_s": theirs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--turns", type=int, default=1000, help="turn limit of each game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    m = measure(args.games, args.turns, args.seed)
    print(f"ceiling, random bots, 4-player nl-modern, {m['games']} games, {m['turns']} turns, identical in both:")
    print(f"  riskrules / hand-written speed: {m['ratio']:.3f} (median; {m['low']:.3f}–{m['high']:.3f})  "
          f"riskrules {m['turns'] / m['riskrules_s']:,.0f} turns/s, hand-written "
          f"{m['turns'] / m['handwritten_s']:,.0f} turns/s")


if __name__ == "__main__":
    main()
