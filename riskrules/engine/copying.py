"""Copies of a game as it stands, played on to the end: for bots that search."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .dice import Dice
from .errors import GameOver
from .sight import Sight
from .teams import share_hands

if TYPE_CHECKING:
    from .game import Game, Result


_AGENT_SEEDS: dict = {}  # a copy's seed → its agents' seeds (a search's playouts copy each seed again)


def agent_seeds(seed: int | None, agents: int) -> tuple[int, ...]:
    """The seeds of a copy's agents' random sources: drawn from a source seeded by the copy's seed
    (`agents:<seed>`), in seat order; the same draws each time, made once for a seed."""
    seeds = _AGENT_SEEDS.get(seed)
    if seeds is None or len(seeds) < agents:
        if len(_AGENT_SEEDS) >= 256:
            _AGENT_SEEDS.clear()
        sources = random.Random(f"agents:{seed}")
        seeds = _AGENT_SEEDS[seed] = tuple(sources.getrandbits(64) for _ in range(agents))
    return seeds


class Copying:
    """The copies of a `Game` (a part of it: see game.py)."""

    # the state that changes during play; everything else a copy shares with its original
    # (the rules, the board, option lists made once, the compiled phases and victory checks). A
    # new attribute that changes during play belongs here: tests/test_game_copy.py fails until it is.
    COPIED = ("owner", "armies", "territory_count", "alive", "trades_made", "missions", "declared", "capital",
              "targets", "pieces", "killer",
              "order_cards", "cycle_start")  # ---- issue 45 orders: the round's order cards, the cycle's order
    # dicts of lists kept between decisions: a copy starts with copies of the original's (a playout's
    CACHES = ("_owned",)  # copy: the seats' kept territories; copies: a plug-in's copy shares nothing)

    def copy(self, agents: Sequence[Any], seed: int | None = None, max_turns: int | None = None,
             state: dict | None = None) -> Game:
        """An independent copy of the game as it stands, played on by `agents` (started afresh,
        their random sources drawn from `seed`). Without `seed` the copy's random source
        continues exactly as the original's would (the same rolls, the same shuffles); with
        one, it rolls its own. A copy has no listeners and rolls fair dice; `max_turns` ends it
        early (as a turn limit). The copy holds everything, hidden cards and missions too:
        a bot that copies a game must replace what it may not see (see agents/strong.py).
        `state` gives parts of the copy instead of the game's own, which are then not read (a
        seat's view under fog: fog_view.FoggedSight.playout gives every part the fog hides); a copy is
        played without fog."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        given = state or {}
        for name in self.COPIED:
            setattr(other, name, list(given[name] if name in given else getattr(self, name)))
        for name in self.CACHES:  # (empty where `state` gives the board: answers of another board)
            setattr(other, name, {} if state is not None else
                    {key: kept[:] for key, kept in getattr(self, name).items()})
        other.continent_count = [counts[:] for counts in given.get("continent_count") or self.continent_count]
        other.hands = [hand[:] for hand in given.get("hands") or self.hands]
        other.capital_owner = dict(self.capital_owner)
        other.conquered_now = set(given["conquered_now"] if "conquered_now" in given else self.conquered_now)
        other.escalation_base = dict(self.escalation_base)
        other.deck = deque() if state is not None else deque(self.deck)
        if self.kind_hands is not None:  # cards that do something (engine/cards/play.py)
            other.kind_hands = [hand[:] for hand in self.kind_hands]
            other.kind_pieces = [pieces[:] for pieces in self.kind_pieces]
            other.kind_effects = list(self.kind_effects)
            other.kind_played = list(self.kind_played)
            other.kind_deck = deque() if state is not None else deque(self.kind_deck)
        # ---- issue 45 units: each unit a list of its own (engine/units.py)
        if self.units is not None:
            other.units = {t: [u[:] for u in here] for t, here in given.get("units", self.units).items()}
        other.fog = None
        other.holding = None  # ---- issue 45 orders: a copy's events are nobody's to hold back
        # ---- issue 45 SIDES: the acting neutral's memory; a shared hand stays one list per team
        if self.acting is not None:
            other.acting = self.acting.copy()
        if self.team_hand:
            share_hands(other)
        if seed is None:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
        else:  # (and its own seed: a copy lent to a plug-in tells nothing of the game's dice to come)
            other.rng = random.Random(seed)
            other.seed = seed
        other.dice = Dice(other.rng)
        other.listeners = []
        other.result = None
        if max_turns is not None:
            other.max_turns = max_turns
        other.agents = list(agents)
        other.sights = tuple(Sight(other, seat) for seat in range(len(other.agents)))
        if other.agents:  # (a guest's copy has none: seeding by a string is half the cost of its copy)
            sources = agent_seeds(seed, len(other.agents))
            for seat, agent in enumerate(other.agents):
                agent.start(other.sights[seat], seat, random.Random(sources[seat]))
        other.trusted = other.trust()
        return other

    def play_on(self, phase: int | None = None) -> Result:
        """Play a copied game on to its end from the active player's phase number `phase` (by
        default the phase under way; a phase entered again asks its next question afresh:
        an attack phase the next attack), then the following turns."""
        try:
            seat = self.active
            self.play_phases(seat, self.phase if phase is None else phase)
            self.loop((seat - self.first) % self.players + 1)
        except GameOver:
            pass
        assert self.result is not None
        return self.result
