"""pyrisk's AIs at riskrules' table: a plug-in bridge (benchmarks only; pyrisk is never a dependency).

    export PYRISK_PATH=/path/to/pyrisk     # a clone of github.com/chronitis/pyrisk (51ad467)
    export PYTHONHASHSEED=0                # pyrisk walks sets: a fixed order, so a seed replays its game
    risk tournament benchmarks/pyrisk.risk --bots strong,benchmarks/pyrisk_bridge.py:BetterAI --games 100
    python benchmarks/pool_ladder.py --edition benchmarks/pyrisk.risk --variant "" \
        --pool benchmarks/pyrisk_bridge.py:AlAI,benchmarks/pyrisk_bridge.py:BetterAI

Each class here (StupidAI, BetterAI, AlAI, ChronAI) is a riskrules agent that plays one of pyrisk's
AIs, loaded from PYRISK_PATH as benchmarks/pyrisk.py loads them (with Python 2's meaning where they
need it), on pyrisk's own objects: a pyrisk World of the classic map, its territories' owners and
forces set from the seat's view before every call, and a pyrisk Player per seat. The game is
benchmarks/pyrisk.risk, pyrisk's rules in riskrules' language. The bridge asks the AI what pyrisk's
game.py asks it, when it asks it:

- the setup: `initial_placement(empty, remaining)` for every claim and setup army;
- a turn's reinforcements: `reinforce(available)` once, its territory → armies placed in turn;
- attacks: `attack()`'s generator, read lazily as game.py reads it (the board brought up to date
  before each item): an item is checked as game.py checks it (its own source, an enemy target,
  neighbours on pyrisk's map) and skipped if it fails; then one roll at a time while the item's
  `atk_strategy(attackers, defenders)` (default: on and on) says go on and the rules allow; the
  item's `move_strategy(attackers)` (default: all but one) gives the armies moved in, held to
  what the rules allow;
- `freemove()` once a turn: its (source, target, count), if the rules allow it, else no move.
Dice and defence: the most, as game.py rolls them. pyrisk's AIs draw from Python's global random:
it is seeded from the seat's own random source before each call, and AI.simulate's cache is
emptied when a game starts, so that a seed plays the same game. They also walk sets of territories
(a territory's neighbours are a set), whose order Python varies from process to process unless
PYTHONHASHSEED is fixed: the bridge will not load without it (run with PYTHONHASHSEED=0).
"""

from __future__ import annotations

import importlib
import logging
import os
import random
import sys
from pathlib import Path

from riskrules.engine.agents.base import Agent
from riskrules.engine.decisions import ATTACK, CLAIM, DEFEND, DICE, FORTIFY, OCCUPY, PLACE
from riskrules.engine.sight import left_to_place

if sys.flags.hash_randomization and os.environ.get("PYTHONHASHSEED", "random") == "random":
    _UNFIXED = ("pyrisk's AIs walk sets, whose order varies from process to process: "
                "run with PYTHONHASHSEED=0, so that a seed plays the same game")
    if __name__ == "__main__":
        raise SystemExit(f"pyrisk_bridge.py: {_UNFIXED}")
    raise RuntimeError(_UNFIXED)  # (the plug-in loader says it in one line)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyrisk import _Finder, pyrisk_dir  # noqa: E402  (benchmarks/pyrisk.py: its loader)

RENAMED = {"Northwest Territories": "northwest_territory", "Mexico": "central_america", "Venezuala": "venezuela",
           "Scandanavia": "scandinavia", "South East Asia": "siam"}  # pyrisk's names → the classic board's
_LOADED: dict = {}


def loaded() -> dict:
    """pyrisk's modules (ai, territory, player, world), imported once a process."""
    if not _LOADED:
        root = pyrisk_dir(None)
        if root is None:
            raise RuntimeError("set PYRISK_PATH to a clone of github.com/chronitis/pyrisk")
        sys.meta_path.insert(0, _Finder(root))
        logging.getLogger("pyrisk").disabled = True
        for name in ("ai", "territory", "player", "world", "ai.stupid", "ai.better", "ai.al", "ai.chron"):
            _LOADED[name] = importlib.import_module(name)
    return _LOADED


class _Table:
    """What a pyrisk Player and AI read of game.py's Game: its world and its players by name."""

    def __init__(self, world):
        self.world = world
        self.players: dict = {}


class PyriskAI(Agent):
    """One of pyrisk's AIs (`ai`: its module and class) in a riskrules seat."""

    ai = ("ai.stupid", "StupidAI")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = f"pyrisk-{cls.ai[1]}"  # how the game log names it

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        m = loaded()
        m["ai"].AI._sim_cache.clear()
        world = m["territory"].World()
        world.load(m["world"].AREAS, m["world"].CONNECT)
        index = view.board.index
        self.places = [None] * view.size  # riskrules' territory → pyrisk's
        self.index = {}  # pyrisk's territory name → riskrules'
        for name, t in world.territories.items():
            i = index[RENAMED.get(name, name.lower().replace(" ", "_"))]
            self.places[i], self.index[name] = t, i
        table = _Table(world)
        ai_class = getattr(m[self.ai[0]], self.ai[1])
        self.players = []
        for s, name in enumerate(view.names[:view.players]):
            player = m["player"].Player(name, table, ai_class if s == seat else (lambda *a, **k: None), {})
            table.players[name] = player
            self.players.append(player)
        self.me = self.players[seat].ai
        self.world = world
        self.turn, self.plan, self.attacks, self.current, self.move = -1, [], iter(()), None, None
        self.call("start")

    def call(self, method: str, *args):
        """The AI's `method` on the board as it stands, with Python's random seeded from the seat's."""
        self.sync()
        random.seed(self.rng.getrandbits(64))
        return getattr(self.me, method)(*args)

    def sync(self) -> None:
        """pyrisk's world brought up to date with the seat's view."""
        view, players = self.view, self.players
        owner, armies = view.owner, view.armies
        for i, t in enumerate(self.places):
            o = owner[i]
            t.owner = players[o] if 0 <= o < len(players) else None
            t.forces = armies[i]

    def where(self, t) -> int | None:
        """A territory an AI named (its object or its name) as riskrules' index."""
        t = self.world.territory(t)
        return None if t is None else self.index[t.name]

    def decide(self, d):
        kind, view = d.kind, self.view
        if view.turn != self.turn:  # a new turn: what was asked for the last one is done
            self.turn, self.plan, self.attacks, self.current, self.move = view.turn, [], None, None, None
        if kind is CLAIM:
            empty = [self.places[t] for t in d.options]
            t = self.where(self.call("initial_placement", empty, left_to_place(view, d)))
            return t if t in d.options else d.options[0]
        if kind is PLACE:
            return self.place(d)
        if kind is ATTACK:
            return self.attack(d)
        if kind is OCCUPY:
            move = self.move or (lambda a: a - 1)
            random.seed(self.rng.getrandbits(64))
            n = int(move(view.armies[d.where[0]]))
            return min(max(n, d.options[0]), d.options[-1])
        if kind is FORTIFY:
            return self.fortify(d)
        if kind is DICE or kind is DEFEND:
            return d.options[-1]
        return d.options[0]

    def place(self, d):
        if self.view.turn == 0:  # the setup: one army at a time
            t = self.where(self.call("initial_placement", None, left_to_place(self.view, d)))
            return (t if t in d.options else d.options[0]), 1
        if not self.plan:
            chosen = self.call("reinforce", d.most)
            self.plan = [(self.where(t), int(n)) for t, n in chosen.items() if int(n) > 0]
        while self.plan:
            t, n = self.plan.pop(0)
            if t in d.options:
                return t, min(n, d.most)
        return d.options[0], d.most  # (an AI whose plan falls short: the rest where pyrisk would refuse it)

    def attack(self, d):
        view = self.view
        owner, armies = view.owner, view.armies
        if self.attacks is None:
            self.attacks = iter(self.call("attack"))
        while True:
            if self.current is not None:
                source, target, victim, go_on = self.current
                random.seed(self.rng.getrandbits(64))
                if (source, target) in d.options and owner[target] == victim and go_on(armies[source], armies[target]):
                    return source, target
                self.current = None
            self.sync()  # the generator reads the board as game.py leaves it after each attack
            random.seed(self.rng.getrandbits(64))
            item = next(self.attacks, None)
            if item is None:
                return None
            src, dst = self.world.territory(item[0]), self.world.territory(item[1])
            if src is None or dst is None or dst not in src.connect:
                continue
            source, target = self.index[src.name], self.index[dst.name]
            if owner[source] != self.seat or owner[target] == self.seat:
                continue
            self.current = (source, target, owner[target], item[2] or (lambda a, d: True))
            self.move = item[3]

    def fortify(self, d):
        chosen = self.call("freemove")
        if not chosen:
            return None
        source, target, n = self.where(chosen[0]), self.where(chosen[1]), int(chosen[2])
        if (source, target) in d.options and 1 <= n < self.view.armies[source]:
            return source, target, n
        return None


class StupidAI(PyriskAI):
    ai = ("ai.stupid", "StupidAI")


class BetterAI(PyriskAI):
    ai = ("ai.better", "BetterAI")


class AlAI(PyriskAI):
    ai = ("ai.al", "AlAI")


class ChronAI(PyriskAI):
    ai = ("ai.chron", "ChronAI")


def own_engine(ai: str, against: str, games: int, seed: int) -> int:
    """Games won by one `ai` against three `against` in pyrisk's own game.py (turn order shuffled by it)."""
    m = loaded()
    game_module = importlib.import_module("game")
    classes = {c.__name__: c for c in (StupidAI, BetterAI, AlAI, ChronAI)}
    one, other = (getattr(m[classes[n].ai[0]], classes[n].ai[1]) for n in (ai, against))
    wins = 0
    for i in range(games):
        random.seed(f"{seed}:{i}")  # (not seed + i: seeds 1 and 2 would share all games but one)
        m["ai"].AI._sim_cache.clear()
        g = game_module.Game(curses=False, connect=m["world"].CONNECT, areas=m["world"].AREAS)
        g.add_player("P0", one)
        for i in range(1, 4):
            g.add_player(f"P{i}", other)
        wins += g.play() == "P0"
    return wins


def main() -> None:
    """Does the bridge play as pyrisk plays? One AI against three of another, here and in game.py."""
    import argparse

    from riskrules.instrument.stats import wilson
    from riskrules.instrument.tournament import Match, games_for, run, standings

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--ai", default="AlAI")
    parser.add_argument("--against", default="StupidAI")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    here = Path(__file__).resolve()
    one, other = f"{here}:{args.ai}", f"{here}:{args.against}"
    match = Match(str(here.parent / "pyrisk.risk"), None, (one,) + (other,) * 3)
    played = run(match, games_for(args.games, 4), args.seed, args.workers)
    row = next(r for r in standings(match, played, args.seed)["bots"] if r["bot"] == one)
    print(f"{args.ai} against three {args.against}, {len(played)} games, seed {args.seed}:")
    print(f"  through the bridge (riskrules, benchmarks/pyrisk.risk): {row['win_share']:.1%} "
          f"({row['low']:.1%}–{row['high']:.1%})")
    wins = own_engine(args.ai, args.against, len(played), args.seed)
    low, high = wilson(wins, len(played))
    print(f"  in pyrisk's own game.py:                               {wins / len(played):.1%} ({low:.1%}–{high:.1%})")


if __name__ == "__main__":
    main()
