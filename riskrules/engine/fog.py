"""Fog of war: what each seat sees of the board, kept as the game goes (rules.visibility).

Under fog every seat has a view of its own (FoggedSight, below): for each territory the owner
and armies it last saw, and how much of it it sees now (its `level`: SEE_NOTHING, SEE_OWNER or
SEE_ALL). `Fog` keeps those views: it is the game's first listener, so it hears every change
of the board as an event (the events rebuild the board: log.Tracker) and puts into each view
what that seat may see of it, reading the true state only for what the seat sees. A game
without fog has no `Fog`, builds no events for it and shares the true lists with its seats.

What a seat sees, from its sources (its own territories, its partners' when partners share
sight, and the neutral army's when the players play it):
- its sources' territories: owner and armies;
- territories a border away (along the direction armies may attack): `adjacent`;
- 2 to `within` borders away: `near`; the rest: `rest`;
- both territories of a battle it fights, for the rest of the turn: the owner, and the armies
  too when `battles reveal`;
- a free territory of the setup is free for everyone (a draft's options show which are free);
- everything once the game is over when `lifted at end`.

`Fog.told(event, seat)` is what a seat is told of an event: the event as it may be told (or
nothing), then a `seen` event with what changed in the seat's view — each territory's owner
and armies as the seat sees them now, null for what it does not see. A seat's log (`--log-for`,
`replay --as`) is that stream; the game's own log stays the whole truth. Nothing of the seed or
the random state is in a seat's stream but the game_start line's seed, which the header of
every log carries: it is withheld from a seat under fog (see `_told`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..language.rules import SEE_ALL, SEE_OWNER, Visibility
from .holdings import Holdings
from .sight import Sight, told

UNKNOWN = -2  # the owner in a view of a territory its seat has never seen (free is -1, as in the game)

# events that name territories: the fields that name them
_PLACES = {
    "claim": ("territory",), "place": ("territory",), "attack": ("from", "to"), "battle": ("from", "to"),
    "battles": ("from", "to"), "conquest": ("from", "to"), "fortify": ("from", "to"),
}
_BATTLES = ("attack", "battle", "battles", "conquest")


def neutral_played(rules) -> bool:
    """Do the players decide for the neutral army (place, reinforce, attack or move it)? Then they
    see its territories as their own."""
    n = rules.neutral
    return n is not None and bool(n.placement or n.reinforcements is not None or n.attacks
                                  or "neutral_fortify" in rules.phases)


class Fog:
    """The seats' views of one game under fog (see the module's doc): a listener."""

    def __init__(self, game: Any, visibility: Visibility):
        self.game = game
        self.vis = visibility
        self.reach = max(1, visibility.within)
        self.players = players = game.players
        size = game.size
        every = len(game.names)  # the seats of the board: the players and a neutral army
        sources = []
        for s in range(players):
            mine = {s}
            if visibility.partners and game.friends is not None:
                mine |= game.friends[s]
            if game.neutral is not None and neutral_played(game.rules):
                mine.add(game.neutral)
            sources.append(frozenset(mine))
        self.sources = sources
        self.watchers = [frozenset(s for s in range(players) if x in sources[s]) for x in range(every)]
        self.revealed: list[dict[int, int]] = [{} for _ in range(players)]
        self.lifted = False
        self.level = [[visibility.rest] * size for _ in range(players)]
        self.owner_was = [-1] * size  # the true owners as of the last event heard
        self.shown: list[list[tuple]] = [[(-1, 0)] * size for _ in range(players)]  # what each seat was told
        self.changed: list[list[int]] = [[] for _ in range(players)]  # by the last event, per seat
        self.views: list[Any] = []  # the seats' FoggedSights (set by the game)
        self.index = game.board.index
        self.defender = -1  # the defending side of the last event heard, if a battle's

    # ---- hearing the game ------------------------------------------------------------------

    def __call__(self, event: dict) -> None:
        g = self.game
        kind = event["type"]
        ix = self.index
        touched: list[int] = [ix[event[f]] for f in _PLACES.get(kind, ())]
        if kind == "trade":
            touched = [ix[b["territory"]] for b in event["territory_bonus"]]
        elif kind == "capital_captured":
            touched = [ix[event["territory"]]] + [ix[name] for name in event["replaced"]]
        again: set[int] = set()  # seats whose levels change
        was = self.owner_was
        owner = g.owner
        self.defender = -1
        if kind in _BATTLES:  # (before the owners are brought up to date: a conquest's loser)
            self.defender = self._defender(event, ix[event["to"]])
        for t in touched:
            if owner[t] != was[t]:
                for x in (was[t], owner[t]):
                    if x >= 0:
                        again |= self.watchers[x]
                was[t] = owner[t]
        if kind in _BATTLES:  # both sides of a battle see its territories until the turn's end
            source, target = ix[event["from"]], ix[event["to"]]
            sides = {g.owner[source], self.defender}
            seen = SEE_ALL if self.vis.battles_reveal else SEE_OWNER
            for x in sides:
                if x >= 0:
                    for s in self.watchers[x]:
                        for t in (source, target):
                            if self.revealed[s].get(t, -1) < seen:
                                self.revealed[s][t] = seen
                                if self.level[s][t] < seen:  # (else nothing to show now: kept for later)
                                    again.add(s)
        if kind == "reinforcements":  # how many territories the player holds, to those told it
            x = g.names.index(event["player"])
            for s in (range(self.players) if not self.vis.hide_reinforcements else self.watchers[x]):
                self.views[s].held[x] = event["territories_held"]
        if kind == "conquest" and g.rules.battle.trench:  # (the seat's own conquests of the turn)
            for s in self.watchers[owner[touched[1]]]:
                self.views[s].conquered_now.add(touched[1])
        if kind == "turn_start":
            for view in self.views:
                view.conquered_now.clear()
            for s in range(self.players):
                if self.revealed[s]:
                    self.revealed[s].clear()
                    again.add(s)
        elif kind == "game_over" and self.vis.lifted:
            self.lifted = True
            again = set(range(self.players))
        for s in range(self.players):
            if s in again:
                self._levels(s)
                self.changed[s] = self._show(s, range(g.size))
            else:
                self.changed[s] = self._show(s, touched) if touched else []

    def _defender(self, event: dict, target: int) -> int:
        name = event.get("defender")
        return self.game.names.index(name) if name is not None else self.owner_was[target]

    def _levels(self, s: int) -> None:
        """Seat `s`'s levels from where its sources stand now."""
        g = self.game
        vis = self.vis
        level = self.level[s]
        if self.lifted:
            level[:] = [SEE_ALL] * g.size
            return
        level[:] = [vis.rest] * g.size
        owner, adjacent, mine = g.owner, g.adjacent, self.sources[s]
        own = [t for t in range(g.size) if owner[t] in mine]
        if self.reach == 1:  # (the usual fog: one border away, then the rest)
            seen = vis.adjacent
            for t in own:
                for u in adjacent[t]:
                    level[u] = seen
        else:  # breadth first, `reach` borders out
            by_distance = [vis.level(d) for d in range(self.reach + 1)]
            distance = [-1] * g.size
            for t in own:
                distance[t] = 0
            frontier = own
            for d in range(1, self.reach + 1):
                seen, reached = by_distance[d], []
                for t in frontier:
                    for u in adjacent[t]:
                        if distance[u] < 0:
                            distance[u] = d
                            level[u] = seen
                            reached.append(u)
                frontier = reached
        for t in own:
            level[t] = SEE_ALL
        for t, seen in self.revealed[s].items():
            if seen > level[t]:
                level[t] = seen

    def _show(self, s: int, territories) -> list[int]:
        """Put into seat `s`'s view what it sees of `territories`; the ones whose shown owner or
        armies changed."""
        g = self.game
        view = self.views[s]
        level, shown = self.level[s], self.shown[s]
        owner, armies = g.owner, g.armies
        changed = []
        for t in territories:
            o = owner[t]
            seen = level[t]
            if o < 0:  # free, in the setup: everyone knows which are free
                now = (-1, 0)
            elif seen == SEE_ALL:
                now = (o, armies[t])
            elif seen == SEE_OWNER:
                now = (o, None)
            else:
                now = (None, None)
            if now != shown[t]:
                shown[t] = now
                changed.append(t)
                view._see(t, now)
        return changed

    # ---- telling a seat ----------------------------------------------------------------------

    def told(self, event: dict, seat: int) -> list[dict]:
        """What seat `seat` is told of `event` (heard last): the event as it may be told, if at
        all, and what changed in its view (a `seen` event), if anything."""
        out = []
        e = self._told(event, seat)
        if e is not None:
            out.append(e)
        changed = self.changed[seat]
        if changed:
            names, territories = self.game.names, self.game.board.territories
            shown = self.shown[seat]
            out.append({"type": "seen", "turn": event["turn"], "territories": {
                territories[t]: [None if o is None else "" if o < 0 else names[o], a]
                for t in changed for o, a in (shown[t],)}})
        return out

    def _told(self, e: dict, seat: int) -> dict | None:
        kind = e["type"]
        g = self.game
        vis = self.vis
        player = e.get("player")
        mine = self.sources[seat]
        concerned = player is not None and g.names.index(player) in mine
        if kind == "game_start":
            return {k: v for k, v in e.items() if k != "seed"}
        if kind in ("reinforcements", "neutral_reinforcements"):
            if vis.hide_reinforcements and not concerned and not (
                    kind == "neutral_reinforcements" and g.names.index(e["placed_by"]) in mine):
                return None
            return e
        if kind in ("card_drawn", "trade") and vis.hide_cards and not concerned:
            return None
        if kind == "elimination" and vis.hide_cards and not concerned and g.names.index(e["by"]) not in mine:
            return {k: v for k, v in e.items() if k != "cards_taken"}
        if kind == "trade":
            level = self.level[seat]
            bonus = [b for b in e["territory_bonus"] if level[self.index[b["territory"]]] == SEE_ALL]
            return e if len(bonus) == len(e["territory_bonus"]) else {**e, "territory_bonus": bonus}
        level = self.level[seat]
        if kind == "capital_captured":
            if concerned or g.names.index(e["victim"]) in mine:
                return e
            named = [e["territory"], *e["replaced"]]
            return e if all(level[self.index[n]] == SEE_ALL for n in named) else None
        places = _PLACES.get(kind)
        if places is None:  # an event of no territory: as without fog, less the others' secrets
            return told(e, (g.names[seat],))
        if kind in _BATTLES:
            if concerned or self.defender in mine:
                if kind in ("battle", "battles"):  # a side sees the armies it fought only when battles reveal
                    hidden = [f for f, where in (("attacker_armies", "from"), ("defender_armies", "to"))
                              if level[self.index[e[where]]] != SEE_ALL]
                    if hidden:
                        return {k: (None if k in hidden else v) for k, v in e.items()}
                return e
        elif concerned or (kind == "place" and "by" in e and g.names.index(e["by"]) in mine):
            return e
        return e if all(level[self.index[e[f]]] == SEE_ALL for f in places) else None


class FoggedSight(Holdings, Sight):
    """A seat's view under fog: the owners and armies it last saw, in lists of its
    own that the game's `Fog` keeps; how much of each territory it sees now (`level`); every count
    of the others made from those (territories, continents, armies), the reinforcements and cards
    the rules hide left out. Nothing here reads the game's board: only the game's public numbers
    (turn, round, who is alive, capitals, trades so far) and the seat's own hand and mission."""

    __slots__ = ("level", "fog", "held", "_changes", "_hidden_cards", "_hidden_reinforcements")

    def __init__(self, game: Any, seat: int, fog: Any):
        Sight.__init__(self, game, seat)
        self.fog = fog
        self.level = fog.level[seat]
        size, seats = game.size, len(game.names)
        self.owner = [-1] * size
        self.armies = [0] * size
        self.territory_count = [0] * seats
        self.continent_count = [[0] * len(game.board.continents) for _ in range(seats)]
        self.conquered_now = set()
        self.held: list[int | None] = [None] * seats  # territories each player was last told to hold (Fog)
        self._changes = 0
        self._hidden_cards = fog.vis.hide_cards
        self._hidden_reinforcements = fog.vis.hide_reinforcements

    def _see(self, territory: int, now: tuple) -> None:
        """The Fog's news: what the seat sees of `territory` now ((owner, armies), None for what it
        does not see); what it does not see keeps what it saw last (UNKNOWN: never seen)."""
        owner, armies = now
        if owner is None:
            if self.owner[territory] != -1:
                return
            owner = UNKNOWN  # (was free, is claimed, and the seat does not see by whom)
        old = self.owner[territory]
        if owner != old:
            k = self.continent_of[territory]
            if old >= 0:
                self.territory_count[old] -= 1
                self.continent_count[old][k] -= 1
            if owner >= 0:
                self.territory_count[owner] += 1
                self.continent_count[owner][k] += 1
            self.owner[territory] = owner
            self._changes += 1
        if armies is not None:
            self.armies[territory] = armies

    def _mine(self, seat: int) -> bool:
        return seat in self.fog.sources[self.seat]

    @property
    def owner_changes(self) -> int:
        return self._changes

    @property
    def turn_total(self) -> int | None:
        """The active player's reinforcements this turn; None when the rules hide another's."""
        if self._hidden_reinforcements and not self._mine(self._game.active):
            return None
        return self._game.turn_total

    @property
    def trades_made(self) -> list[int | None]:
        """Sets traded by each player; None for another's when the rules hide cards."""
        made = self._game.trades_made
        if not self._hidden_cards:
            return list(made)
        return [n if self._mine(s) else None for s, n in enumerate(made)]

    @trades_made.setter
    def trades_made(self, value) -> None:  # (Sight.__init__ sets it: here it is read off the game)
        pass

    def hand_size(self, seat: int) -> int | None:
        """How many cards `seat` holds; None when the rules hide it."""
        if self._hidden_cards and not self._mine(seat):
            return None
        return len(self._game.hands[seat])

    @property
    def deck_size(self) -> int | None:
        return None if self._hidden_cards else len(self._game.deck)

    owned = Holdings.territories_of  # (a list of its own each time: a view's counts are cheap)

    def guess_board(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Owners and armies of the whole board, one guess: what the seat sees now as it is; what it
        does not see as it last saw it while that agrees with how many territories each player was
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
        for t in range(size):
            if owner[t] >= 0 and armies[t] < 1:
                armies[t] = rng.choice(every)
        held = [0] * len(self.names)
        for o in owner:
            if o >= 0:
                held[o] += 1
        for s in others:  # a player still in holds something
            if held[s] == 0:
                spare = [t for t in range(size) if owner[t] != me and owner[t] >= 0 and held[owner[t]] > 1]
                if spare:
                    t = rng.choice(spare)
                    held[owner[t]] -= 1
                    owner[t], held[s] = s, 1
        return owner, armies

    def quantities(self, seat: int, names: frozenset[str], total: int = 0) -> dict[str, int]:
        """As Sight.quantities, counted from what this seat sees (all true of its own)."""
        from ..language.quantities import counters

        count = counters()
        counted = _Counted(self, seat)
        env = {"total": total}
        for name in names:
            if name != "total":
                env[name] = count[name](counted, seat)
        return env

    def value(self, number, seat: int) -> int:
        if number.__class__ is int:
            return number
        return number(self.quantities(seat, number.names))

    def set_worth(self, cards) -> tuple[int, list[int], int]:
        from .trading import worth

        return worth(_Counted(self, self.seat), self.seat, cards)

    def tell(self, event: dict) -> dict | None:
        """The event as this seat is told it under fog (Fog.told), or None."""
        return self.fog._told(event, self.seat)

    def playout(self, agents: Sequence[Any], seed: int, max_turns: int | None = None):
        """A copy of the game made of this seat's view: the board as `guess_board` guesses it, then
        blanked as Sight.playout blanks (hands, missions, deck). Nothing of the true board is read."""
        g = self._game
        rng = random.Random(seed ^ 0x5EED)
        me = self.seat
        owner, armies = self.guess_board(rng)
        counts = [0] * len(g.names)
        continents = [[0] * len(g.board.continents) for _ in g.names]
        for t, o in enumerate(owner):
            if o >= 0:
                counts[o] += 1
                continents[o][self.continent_of[t]] += 1
        hands = [list(g.hands[me]) if s == me else [-1] * (self.hand_size(s) if self.hand_size(s) is not None else 2)
                 for s in range(len(g.names))]
        missions = [g.missions[me] if s == me else None for s in range(len(g.names))]
        targets = [g.targets[me] if s == me else None for s in range(len(g.names))]
        made = [n if n is not None else 0 for n in self.trades_made]
        state = {"owner": owner, "armies": armies, "territory_count": counts, "continent_count": continents,
                 "hands": hands, "missions": missions, "targets": targets, "trades_made": made,
                 "conquered_now": set(self.conquered_now)}
        return g.copy(agents, seed=seed, max_turns=max_turns, state=state)


class _Counted:
    """What the rule language's quantities and trading.worth read of a game, made of a seat's view
    under fog (FoggedSight): counts from the view, the seat's own hand, public numbers."""

    def __init__(self, view: FoggedSight, seat: int):
        game = view._game
        self.rules = view.rules
        self.territory_count = view.territory_count
        self.held_continents = view.held_continents
        self.armies_of = view.armies_of
        self.hands = _Hands(view)
        self.trades_made = [n if n is not None else 0 for n in view.trades_made]
        self.trade_count = game.trade_count
        self.players = game.players
        self.alive = game.alive
        self.round = game.round
        self.escalation_base = game.escalation_base
        self.quantities = view.quantities
        self.owner = view.owner
        self.size = view.size
        self.seat = seat


class _Hands:
    def __init__(self, view: FoggedSight):
        self.view = view

    def __getitem__(self, seat: int):
        view = self.view
        if seat == view.seat:
            return view.hand
        n = view.hand_size(seat)
        return [-1] * (n if n is not None else 0)
