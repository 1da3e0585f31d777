"""What fog costs `strong`: its playouts on its guess of the board, or on the true board.

Under fog `strong` searches on copies of the game made of what it sees, the rest guessed
(fog_view.FoggedSight.guess_board, drawn from the seat's belief: engine/belief.py). This
measures how much of its edge that guess loses: one `strong` against three `balanced` under a
fog, the strong seat rotated with the seed, played on the same seeds with each guess asked for —
`belief` (as it is), `last-seen` (the guess before the belief, 163c00c: the owner last seen kept
while the counts told allow) and `true` (its playouts, only they, given the true board: a
yardstick, not a bot: it reads what the fog hides).

    python benchmarks/fog_strong.py --games 60 --first 1000 --rules fog-normal
    python benchmarks/fog_strong.py --games 6 --first 1 --max-turns 40 --guesses last-seen,belief

Prints the wins of each with a 95% Wilson interval, the turns played and the CPU seconds.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from riskrules.engine.agents import make_bot
from riskrules.engine.fog_view import FoggedSight, settled
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook
from riskrules.language.visibility import SEE_OWNER


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def wins(rules, games: int, first: int, max_turns: int | None = None) -> tuple[int, int]:
    won = turns = 0
    for seed in range(first, first + games):
        seat = seed % 4
        bots = ["balanced"] * 4
        bots[seat] = "strong"
        game = Game(rules, [make_bot(b) for b in bots], seed, **({"max_turns": max_turns} if max_turns else {}))
        result = game.play()
        won += result.winner == game.names[seat]
        turns += result.turns
    return won, turns


def true_board(self, rng: random.Random) -> tuple[list[int], list[int]]:
    return list(self._game.owner), list(self._game.armies)


def last_seen_guess(self, rng: random.Random) -> tuple[list[int], list[int]]:
    """guess_board as it was before the belief (163c00c), kept to compare: what the seat sees now
    as it is; what it does not see as it last saw it while that agrees with how many territories each player was
    last told to hold (the reinforcements told, `held`); the rest dealt to the players who must
    hold more, likelier next to where they were seen, with armies drawn from their stacks seen."""
    size, me, alive = self.size, self.seat, self.alive
    owner, armies, level = list(self.owner), list(self.armies), self.level
    others = [s for s in range(len(self.names)) if s != me and alive[s]]
    now = [0] * len(self.names)
    hidden = []
    for t in range(size):
        if level[t] >= SEE_OWNER:
            if owner[t] >= 0:
                now[owner[t]] += 1
        elif owner[t] != -1:
            hidden.append(t)
    need = {s: (None if self.held[s] is None else max(0, self.held[s] - now[s])) for s in others}
    rng.shuffle(hidden)
    pending = []
    for t in hidden:  # what it saw, where that still fits
        o = owner[t]
        if o in need and (need[o] is None or need[o] > 0):
            if need[o] is not None:
                need[o] -= 1
        else:
            pending.append(t)
    stacks = {s: [armies[t] for t in range(size) if owner[t] == s and armies[t] > 0] for s in others}
    every = [a for s in others for a in stacks[s]] or [1]
    adjacent = self.adjacent
    for t in pending:
        wanting = [s for s in others if need[s] is None or need[s] > 0] or others or [me]
        weights = [(need.get(s) or 1) * (1 + sum(1 for u in adjacent[t] if owner[u] == s)) for s in wanting]
        o = rng.choices(wanting, weights)[0]
        if need.get(o):
            need[o] -= 1
        owner[t] = o
        armies[t] = rng.choice(stacks.get(o) or every)
    return settled(owner, armies, every, others, me, len(self.names), rng)



GUESSES = {"belief": FoggedSight.guess_board, "last-seen": last_seen_guess, "true": true_board}


def games_parser(description: str) -> argparse.ArgumentParser:
    """The options of a run of one strong against three balanced (here and style_fog.py)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=1000, help="the first seed")
    parser.add_argument("--rules", default="fog-normal")
    parser.add_argument("--max-turns", type=int, default=None)
    return parser


def main() -> None:
    parser = games_parser(__doc__.split("\n\n")[0])
    parser.add_argument("--guesses", default="belief,true", help="of " + ", ".join(GUESSES))
    args = parser.parse_args()
    rules = open_rulebook(args.rules).rules(None, 4)
    kept = FoggedSight.guess_board
    try:
        for name in args.guesses.split(","):
            FoggedSight.guess_board = GUESSES[name]
            clock = time.process_time()
            won, turns = wins(rules, args.games, args.first, args.max_turns)
            spent = time.process_time() - clock
            low, high = wilson(won, args.games)
            print(f"{args.rules}, 4 players, seeds {args.first}..{args.first + args.games - 1}: strong, playouts on "
                  f"{name}: {won}/{args.games} = {won / args.games:.1%} ({low:.1%}–{high:.1%}); {turns} turns, "
                  f"{spent:.1f} s of CPU")
    finally:
        FoggedSight.guess_board = kept


if __name__ == "__main__":
    main()
