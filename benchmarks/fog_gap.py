"""Where `strong` loses under fog: each of its searches judged by an oracle, per guess of the board.

One `strong` against three `balanced` under a fog (the strong seat rotated with the seed), the
strong seat playing as it does (its playouts on its belief: `--play`). At each of its searches
the same search (the same candidates, the same random source) is made again with each guess of
`--guesses` in its playouts, and every candidate is scored by an oracle: ORACLE playouts on the
TRUE board (a yardstick that reads what the fog hides, never the game's decision). For each
guess it prints, by kind of search, how often it takes another answer than balanced's, how often
it takes the oracle's best, and its mean gain over balanced's answer as the oracle scores it (a
share of the armies and income at the horizon, or a chance of winning): the guess that loses the
gain is where the gap is.

Guesses: `belief` (as the bot plays), `true` (the true board), `true-owners` (the true owners,
armies guessed as belief does), `true-armies` (owners drawn from the belief, the true armies),
`one` (the belief, one draw for every playout of a search), `mean-armies` (the belief's owners,
a hidden stack its expected size: belief.Belief.armies), `untold` (the belief without the
continents each player was told to hold), `interior-one` (the belief, one army on a hidden
territory all of whose neighbours are drawn its owner's) and any of fog_strong's. A guess's name
may end in variants of the search: `@c0.5` (CONFIDENCE 0.5), `@p20` (20 playouts a candidate),
e.g. `belief@c0.5`; each guess after the first is also compared with the first, paired.

    python benchmarks/fog_gap.py --games 10 --first 1 --max-turns 60
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from benchmarks.fog_strong import GUESSES as KNOWN
from riskrules.engine.agents import make_bot
from riskrules.engine.agents import strong as strong_module
from riskrules.engine.agents.strong import GameOver, StrongAgent, _Spent
from riskrules.engine.belief import belief_of
from riskrules.engine.fog_view import FoggedSight, settled
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook
from riskrules.language.visibility import SEE_OWNER

ORACLE = 30  # true-board playouts a candidate
BELIEF = FoggedSight.guess_board


def _hidden(view) -> list[int]:
    return [t for t in range(view.size) if view.level[t] < SEE_OWNER]


def true_owners(self, rng):
    """The true owners; armies as the belief's guess makes them (last seen under the owner last
    seen, else a stack seen of the owner)."""
    g, belief = self._game, belief_of(self)
    owner, armies = list(self.owner), list(self.armies)
    stacks = belief.stacks
    every = [a for s in belief.players for a in stacks[s]] or [1]
    for t in _hidden(self):
        o = g.owner[t]
        if o != owner[t] or armies[t] < 1:
            armies[t] = rng.choice(stacks.get(o) or every)
        owner[t] = o
    others = [s for s in range(len(self.names)) if s != self.seat and self.alive[s]]
    return settled(owner, armies, every, others, self.seat, len(self.names), rng)


def true_armies(self, rng):
    owner, _ = BELIEF(self, rng)
    return owner, list(self._game.armies)


def one_draw(self, rng):
    return BELIEF(self, random.Random(self.news * 1_000_003 + self.turn))


def mean_armies(self, rng):
    owner, armies = BELIEF(self, rng)
    for t, a in zip(belief_of(self).hidden, belief_of(self).armies(self)):
        if owner[t] >= 0:
            armies[t] = max(1, round(a))
    return owner, armies


def interior_one(self, rng):
    """The belief's guess, but a hidden territory whose neighbours are all its drawn owner's holds one
    army (balanced keeps its armies on its fronts)."""
    owner, armies = BELIEF(self, rng)
    adjacent = self.adjacent
    for t in belief_of(self).hidden:
        o = owner[t]
        if o >= 0 and all(owner[u] == o for u in adjacent[t]):
            armies[t] = 1
    return owner, armies


def untold(self, rng):
    """The belief without the continents each player was told to hold (as before 50's fog54)."""
    kept, cache = self.continents_told, self._belief
    self.continents_told, self._belief = [None] * len(kept), None
    try:
        return BELIEF(self, rng)
    finally:
        self.continents_told, self._belief = kept, cache


GUESSES = dict(KNOWN, untold=untold, **{"true-owners": true_owners, "true-armies": true_armies, "one": one_draw,
                         "mean-armies": mean_armies, "interior-one": interior_one})
KINDS = {"attack_searched": "attack", "place_searched": "place", "occupy_searched": "occupy",
         "fortify_searched": "fortify", "searched": "card"}


def oracle_scores(bot, candidates, apply, phase) -> list[float]:
    """Each candidate's mean score over ORACLE playouts on the true board (common random numbers)."""
    view = bot.view
    rng = random.Random(view.turn * 7919 + view.news)
    seeds = [rng.getrandbits(63) for _ in range(ORACLE)]
    limit = view.turn + sum(view.alive[:view.players]) * bot.horizon
    totals = [0.0] * len(candidates)
    kept = FoggedSight.guess_board
    FoggedSight.guess_board = KNOWN["true"]
    try:
        for seed in seeds:
            helpers = bot.styles(random.Random(~seed))
            for i, c in enumerate(candidates):
                copy = view.playout(helpers, seed, limit)
                bot.budget.left = bot.playout_decisions
                bot.determinize(copy, random.Random(seed))
                try:
                    apply(copy, c)
                    result = copy.play_on(phase)
                except GameOver:
                    result = copy.result
                except _Spent:
                    result = None
                totals[i] += bot.score(copy, result)
    finally:
        FoggedSight.guess_board = kept
    return [x / ORACLE for x in totals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--rules", default="fog-normal")
    parser.add_argument("--max-turns", type=int, default=60)
    parser.add_argument("--play", default="belief", help="the guess the strong seat plays on")
    parser.add_argument("--guesses", default="belief,true,true-owners,true-armies,one,mean-armies")
    args = parser.parse_args()
    names = [n for n in args.guesses.split(",") if n]
    rules = open_rulebook(args.rules).rules(None, 4)
    search = StrongAgent.search
    # per (guess, kind): [searches, not balanced's, the oracle's best, gain summed]
    table = defaultdict(lambda: [0, 0, 0, 0.0])
    counts = defaultdict(int)
    gains = defaultdict(list)  # per guess, the oracle's gain of each search (to pair with the first guess's)

    def judged(self, candidates, apply, phase):
        import sys

        frame = sys._getframe(1)
        kind = KINDS.get(frame.f_code.co_name, frame.f_code.co_name)
        counts[kind] += 1
        counts["candidates"] += len(candidates)
        level = getattr(self.view, "level", None)
        if kind == "attack" and level is not None:  # an attack candidate on a territory it does not see
            counts["unseen targets"] += sum(1 for c in candidates if c is not None and level[c[1]] < 2)
        if not names:
            return search(self, candidates, apply, phase)
        state, spent = self.rng.getstate(), self.spent
        oracle = oracle_scores(self, candidates, apply, phase)
        top = max(range(len(candidates)), key=lambda i: oracle[i])
        for name in names:
            self.rng.setstate(state)
            base, *mods = name.split("@")  # a variant of the search: @cX its CONFIDENCE, @pN its playouts
            FoggedSight.guess_board = GUESSES[base]
            kept = strong_module.CONFIDENCE, self.playouts
            for m in mods:
                if m[0] == "c":
                    strong_module.CONFIDENCE = float(m[1:])
                elif m[0] == "p":
                    self.playouts = int(m[1:])
            try:
                chosen = candidates.index(search(self, candidates, apply, phase))
            finally:
                strong_module.CONFIDENCE, self.playouts = kept
            gains[name].append(oracle[chosen] - oracle[0])
            row = table[name, kind]
            row[0] += 1
            row[1] += chosen != 0
            row[2] += oracle[chosen] == oracle[top]
            row[3] += oracle[chosen] - oracle[0]
        row = table["(oracle best)", kind]
        row[0] += 1
        row[1] += top != 0
        row[2] += 1
        row[3] += oracle[top] - oracle[0]
        self.rng.setstate(state)
        self.spent = spent
        FoggedSight.guess_board = GUESSES[args.play]
        return search(self, candidates, apply, phase)

    strong_module.StrongAgent.search = judged
    FoggedSight.guess_board = GUESSES[args.play]
    clock = time.process_time()
    won = turns = 0
    try:
        for seed in range(args.first, args.first + args.games):
            seat = seed % 4
            bots = ["balanced"] * 4
            bots[seat] = "strong"
            game = Game(rules, [make_bot(b) for b in bots], seed, max_turns=args.max_turns)
            result = game.play()
            won += result.winner == game.names[seat]
            turns += result.turns
    finally:
        StrongAgent.search = search
        FoggedSight.guess_board = BELIEF
    print(f"{args.rules}, seeds {args.first}..{args.first + args.games - 1}, max turns {args.max_turns}, strong plays "
          f"on {args.play}: won {won}/{args.games}, {turns} turns, {time.process_time() - clock:.0f} s of CPU; "
          f"searches {dict(counts)}; oracle {ORACLE} true-board playouts a candidate")
    print(f"{'guess':14} {'kind':8} {'searches':>8} {'moved':>6} {'best':>6} {'gain/search':>12}")
    for name in names + ["(oracle best)"]:
        total = [0, 0, 0, 0.0]
        for kind in sorted(counts):
            row = table[name, kind]
            if row[0]:
                print(f"{name:14} {kind:8} {row[0]:8} {row[1]:6} {row[2]:6} {row[3] / row[0]:12.5f}")
                total = [a + b for a, b in zip(total, row)]
        if total[0]:
            print(f"{name:14} {'all':8} {total[0]:8} {total[1]:6} {total[2]:6} {total[3] / total[0]:12.5f}")
    if len(names) > 1:  # each guess against the first, paired over the same searches
        first = gains[names[0]]
        for name in names[1:]:
            d = [a - b for a, b in zip(gains[name], first)]
            n = len(d)
            if n > 1:
                mean = sum(d) / n
                se = (sum((x - mean) ** 2 for x in d) / (n - 1) / n) ** 0.5
                print(f"{name} − {names[0]}: {mean:+.5f} a search (standard error {se:.5f}, {n} searches)")


if __name__ == "__main__":
    main()
