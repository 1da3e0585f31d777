"""A seat's view under fog of war: what the seat has seen, kept by the game's Fog (fog.py).

`FoggedSight` is what a seat's agent is handed under fog instead of a Sight: lists of its own
for the owners and armies it last saw, its levels (how much of each territory it sees now),
the others' counts made of those, and a guess of the whole board for a bot's playouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..language.quantities import counters
from ..language.visibility import SEE_ALL, SEE_OWNER
from .belief import belief_of
from .holdings import Holdings
from .sight import Sight

_QUANTITY = counters()  # how each quantity of the rule language is counted (as Game's)
ARMY_DRAWS = 2  # a hidden territory's armies under an owner not last seen there: the least of so many of
# his stacks seen (those seen are his fronts: one drawn guesses him too many: benchmarks/fog_joint.py)
UNKNOWN = -2  # the owner in a view of a territory its seat has never seen (free is -1, as in the game)


class FoggedSight(Holdings, Sight):
    """A seat's view under fog: the owners and armies it last saw, in lists of its
    own that the game's `Fog` keeps; how much of each territory it sees now (`level`); every count
    of the others made from those (territories, continents, armies), the reinforcements and cards
    the rules hide left out. Nothing here reads the game's board: only the game's public numbers
    (turn, round, who is alive, capitals, trades so far) and the seat's own hand and mission."""

    __slots__ = ("level", "_fog", "held", "_changes", "_hidden_cards", "_hidden_reinforcements", "dark_since",
                 "news", "_belief", "continents_told")

    def __init__(self, game: Any, seat: int, fog: Any):
        Sight.__init__(self, game, seat)
        self._fog = fog
        self.level = fog.level[seat]
        size, seats = game.size, len(game.names)
        self.owner = [-1] * size
        self.armies = [0] * size
        self.territory_count = [0] * seats
        self.continent_count = [[0] * len(game.board.continents) for _ in range(seats)]
        self.conquered_now = set()
        self.held: list[int | None] = [None] * seats  # territories each player was last told to hold (Fog)
        self._changes = 0
        self.dark_since = [-1] * size  # the turn each territory went out of sight (-1: never seen)
        self.news = 0  # counts what the seat was shown (a belief made of the view is stale once it grows)
        self._belief = None  # (news, held, the Belief made then): belief.py
        # per player, the continents he was last told to hold (his reinforcements) and the turn told
        self.continents_told: list[tuple[tuple[int, ...], int] | None] = [None] * seats
        self._hidden_cards = fog.vis.hide_cards
        self._hidden_reinforcements = fog.vis.hide_reinforcements

    @property
    def units(self) -> dict[int, list[list[int]]] | None:
        """Special units (issue 45): those on the territories the seat sees now with their armies."""
        units = self._game.units
        if not units:
            return units
        level = self.level
        return {t: here for t, here in units.items() if level[t] == SEE_ALL}

    def _see(self, territory: int, now: tuple) -> None:
        """The Fog's news: what the seat sees of `territory` now ((owner, armies), None for what it
        does not see); what it does not see keeps what it saw last (UNKNOWN: never seen; armies
        never seen count as the one army every held territory has)."""
        owner, armies = now
        old = self.owner[territory]
        self.news += 1
        if owner is None:  # kept as last seen, but if free before or its own side's: neither now, whose unseen
            self.dark_since[territory] = self._game.turn
            owner = UNKNOWN if old == -1 or (old >= 0 and self.shares(old)) else old
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
        elif self.armies[territory] < 1:  # (armies never seen: a held territory holds one at least)
            self.armies[territory] = 1

    def told_income(self, seat: int, event: dict) -> None:
        """The Fog's news of `seat`'s reinforcements: how many territories and which continents he holds."""
        self.held[seat] = event["territories_held"]
        names = self.board.continents
        self.continents_told[seat] = (tuple(names.index(k) for k in event.get("continents_held", ())),
                                      self._game.turn)

    def shares(self, seat: int) -> bool:
        """Does this seat see `seat`'s territories as its own (itself, a partner sharing sight, the
        neutral army its players play)?"""
        return seat in self._fog.sources[self.seat]

    @property
    def owner_changes(self) -> int:
        """Counts the changes of owner in this view (a bot's lists read before are stale once it moves)."""
        return self._changes

    @property
    def conquered(self) -> bool:
        """Has the active player conquered this turn? Known only of one's own side's turn (False else)."""
        return self._game.conquered and self.shares(self._game.active)

    @property
    def turn_total(self) -> int | None:
        """The active player's reinforcements this turn; None when the rules hide another's."""
        if self._hidden_reinforcements and not self.shares(self._game.active):
            return None
        return self._game.turn_total

    @property
    def trades_made(self) -> list[int | None]:
        """Sets traded by each player; None for another's when the rules hide cards."""
        made = self._game.trades_made
        if not self._hidden_cards:
            return list(made)
        return [n if self.shares(s) else None for s, n in enumerate(made)]

    @trades_made.setter
    def trades_made(self, value) -> None:  # (Sight.__init__ sets it: here it is read off the game)
        pass

    def hand_size(self, seat: int) -> int | None:
        """How many cards `seat` holds; None when the rules hide it."""
        if self._hidden_cards and not self.shares(seat):
            return None
        return len(self._game.hands[seat])

    def kind_hand_size(self, seat: int) -> int | None:
        """How many cards that do something `seat` holds; None when the rules hide cards."""
        if self._hidden_cards and not self.shares(seat):
            return None
        return Sight.kind_hand_size(self, seat)

    def pieces_held(self, seat: int) -> int | None:
        """Pieces of a card `seat` holds; None when the rules hide cards."""
        if self._hidden_cards and not self.shares(seat):
            return None
        return self._game.pieces[seat]

    @property
    def deck_size(self) -> int | None:
        return None if self._hidden_cards else len(self._game.deck)

    owned = Holdings.territories_of  # (a list of its own each time: a view's counts are cheap)

    def guess_board(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Owners and armies of the whole board, one guess: what the seat sees now as it is; the
        owners of what it does not see drawn from its belief (belief.py: the last sighting and its
        age, the neighbours, the counts each player was last told to hold); armies as last seen where
        the owner drawn is the one last seen, else drawn from that player's stacks seen."""
        me = self.seat
        owner, armies = list(self.owner), list(self.armies)
        belief = belief_of(self)
        drawn = belief.sample(rng)
        others = [s for s in range(len(self.names)) if s != me and self.alive[s]]
        stacks = belief.stacks
        every = [a for s in belief.players for a in stacks[s]] or [1]
        for t, o in drawn.items():
            if o != owner[t] or armies[t] < 1:
                seen = stacks.get(o) or every
                armies[t] = min([rng.choice(seen) for _ in range(ARMY_DRAWS)])
            owner[t] = o
        return settled(owner, armies, every, others, me, len(self.names), rng)

    def quantities(self, seat: int, names: frozenset[str], total: int = 0) -> dict[str, int]:
        """As Sight.quantities, counted from what this seat sees (all true of its own)."""
        count = _QUANTITY
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
        """The event heard last as this seat is told it under fog (Fog._told, which counts on the
        levels and sides of the event heard last), or None."""
        return self._fog._told(event, self.seat)

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
        hands = [list(g.hands[me]) if s == me else [-1] * _guessed_hand(self.hand_size(s), s, self)
                 for s in range(len(g.names))]
        missions = [g.missions[me] if s == me else None for s in range(len(g.names))]
        targets = [g.targets[me] if s == me else None for s in range(len(g.names))]
        made = [n if n is not None else 0 for n in self.trades_made]
        state = {"owner": owner, "armies": armies, "territory_count": counts, "continent_count": continents,
                 "hands": hands, "missions": missions, "targets": targets, "trades_made": made,
                 "conquered_now": set(self.conquered_now), "units": self.units}
        copy = g.copy(agents, seed=seed, max_turns=max_turns, state=state)
        # the numbers of the moment as this seat knows them (a guest reads them off its copy)
        copy.turn_total = self.turn_total or 0
        copy.conquered = self.conquered
        copy.owner_changes = self._changes
        if copy.kind_hands is not None:
            from .sight import blank_kinds

            blank_kinds(copy, me)
        return copy


def settled(owner: list[int], armies: list[int], every: list[int], others: list[int], me: int, players: int,
            rng: random.Random) -> tuple[list[int], list[int]]:
    """A guessed board made whole: an army at least wherever someone holds a territory (drawn from
    the stacks seen, `every`), and a territory for each player still in who was left none."""
    size = len(owner)
    for t in range(size):
        if owner[t] >= 0 and armies[t] < 1:
            armies[t] = rng.choice(every)
    held = [0] * players
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


def _guessed_hand(size: int | None, seat: int, view: FoggedSight) -> int:
    """How many cards a playout gives `seat`: as many as it holds when that is shown; when the rules
    hide it, two for a player still in (a guess), none for the neutral army or a player out, nor
    where no territory card is ever drawn (`sets none`: a guessed set would be traded for nothing)."""
    if size is not None:
        return size
    return 2 if seat < view.players and view.alive[seat] and view.rules.cards.draw else 0


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
