"""What one seat may see of a game: the one answer to "what does seat s see".

Everything a seat is given is made from its `Sight`: the agent deciding for it (a bot, a
person at the terminal, a plug-in), the events it is told (`Sight.tell`), the board a person
looks at. Today a seat sees the whole board and every public count, and not the others'
cards (only how many), missions and assassin targets, nor the deck's order or the game's
random state. The board arrays are the game's own lists, shared and read-only (a bot reads
them in its inner loops; copying them for every decision would cost more than the game);
what is hidden is simply not here. That is for the built-in bots, the person at the terminal
and the engine's own agents: a plug-in bot is given a view of a copy of the game instead,
made for each of its decisions (`Sight.lend`, for agents/guest.py), so that nothing it
does to what it is handed reaches the game.

Under fog of war a seat's view is a FoggedSight (engine/fog_view.py) instead: lists of its own,
holding what the seat has seen, kept by the game's Fog.

A bot that searches (agents/strong.py) plays on a copy of the game from `Sight.playout`,
where the hidden parts are blanked: the others' hands are cards it cannot know (-1), their
missions and targets None, the deck empty; it fills them with its own guesses.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from copy import deepcopy
from typing import Any
from weakref import finalize, ref

# what an event tells only the player it concerns (and the whole truth: the full log)
_SECRET_FIELDS = {
    "mission_dealt": ("mission", "own_colour"),
    "target_assigned": ("target",),
    "card_drawn": ("card",),
    "card_discarded": ("card",),  # (a discard is face down: the others learn only that one was made)
}


# cards that do something (engine/cards/): events of a `hidden` kind, told to its holder only
_HIDDEN_PLAYS = ("card_played", "card_effect_ended")


_CARDS = frozenset({"card_drawn", "card_discarded"})  # what a shared hand's partners see of each other


def told(event: dict, players, hand=()) -> dict:
    """`event` as the seats of `players` (names: the people at one terminal) are told it:
    the mission, target and drawn card of anyone else are left out — but the cards of `hand`
    (partners sharing one hand of cards: engine/teams.py), not their missions. Another's play of
    a hidden card is told as nothing: an event of its type and turn alone, which nobody narrates
    and Game.teller does not pass on (`untold`)."""
    if event.get("hidden") is True and event["type"] in _HIDDEN_PLAYS and event.get("player") not in players:
        return {"type": event["type"], "turn": event["turn"]}
    secret = _SECRET_FIELDS.get(event["type"])
    if secret is None or event.get("player") in players or (event["type"] in _CARDS and event.get("player") in hand):
        return event
    return {k: v for k, v in event.items() if k not in secret}


def untold(event: dict) -> bool:
    """Is `event` what `told` makes of another's hidden play (nothing to pass on)?"""
    return "player" not in event and event["type"] in _HIDDEN_PLAYS


def blank_kinds(copy, me: int) -> None:
    """A playout's cards that do something as seat `me` knows them: the others' hands and pieces
    unknown (empty), the deck of whole cards unknown (empty), the others' hidden effects gone."""
    for seat in range(len(copy.kind_hands)):
        if seat != me:
            copy.kind_hands[seat] = []
            copy.kind_pieces[seat] = [0] * len(copy.kind_pieces[seat])
    copy.kind_deck.clear()
    kinds = copy.rules.cards.kinds.kinds
    copy.kind_effects = [e for e in copy.kind_effects if e[2] == me or not kinds[e[1]].hidden]


def seen_now(view, x: int) -> tuple[int | None, int | None]:
    """What `view` shows of territory `x` now: (owner, armies), None for what its seat does not
    see now under fog (what it saw before is not shown: it may be old)."""
    level = getattr(view, "level", None)
    if level is None or view.owner[x] == -1:
        return view.owner[x], view.armies[x]
    from ..language.visibility import SEE_ALL, SEE_OWNER  # (here: `risk --help` imports this module, not the rule language)

    seen = level[x]
    return (view.owner[x] if seen >= SEE_OWNER else None), (view.armies[x] if seen >= SEE_ALL else None)


def left_to_place(view, d) -> int:
    """The armies a place decision `d` has still to place: its own bound, or in the setup (one
    army a placing turn) all that its side has left to place."""
    if d.most > 1 or view.turn > 0:
        return d.most
    rules = view.rules
    if d.side == view.neutral:
        return max(d.most, rules.neutral.armies - view.armies_of(d.side))
    return max(d.most, rules.starting_armies_of(view.players, d.side, view.first) - view.armies_of(d.side))


class Sight:
    __slots__ = ("_game", "seat", "rules", "board", "size", "adjacent", "continent_of", "members", "names",
                 "players", "neutral", "colour_seat", "friends", "team", "owner", "armies", "territory_count",
                 "continent_count", "alive", "capital", "capital_owner", "trades_made", "conquered_now")

    def __init__(self, game: Any, seat: int):
        self._game = game
        self.seat = seat
        # the rules and the board: public
        self.rules = game.rules
        self.board = game.board
        self.size = game.size
        self.adjacent = game.adjacent
        self.continent_of = game.continent_of
        self.members = game.members
        self.names = game.names
        self.players = game.players
        self.neutral = game.neutral
        self.colour_seat = game.colour_seat
        self.friends = game.friends
        self.team = game.team
        # the state of the board and the public counts: the game's lists (never rebound during
        # play, so these stay current), to be read and never written
        self.owner = game.owner
        self.armies = game.armies
        self.territory_count = game.territory_count
        self.continent_count = game.continent_count
        self.alive = game.alive
        self.capital = game.capital
        self.capital_owner = game.capital_owner
        self.trades_made = game.trades_made
        self.conquered_now = game.conquered_now

    # ---- the moment ----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def round(self) -> int:
        return self._game.round

    @property
    def active(self) -> int:
        return self._game.active

    @property
    def phase(self) -> int:
        """The number of the phase under way in rules.phases (-1: the setup)."""
        return self._game.phase

    @property
    def first(self) -> int:
        return self._game.first

    @property
    def conquered(self) -> bool:
        """Has the active player conquered a territory this turn?"""
        return self._game.conquered

    @property
    def turn_total(self) -> int:
        """The active player's reinforcements this turn (announced as they are placed)."""
        return self._game.turn_total

    @property
    def units(self) -> dict[int, list[list[int]]] | None:
        """Special units (issue 45; engine/units.py): territory → its units [kind, strength, used],
        the game's own (read-only); None in a game without units. Under fog: where it sees all."""
        return self._game.units

    @property
    def trade_count(self) -> int:
        return self._game.trade_count

    @property
    def owner_changes(self) -> int:
        """Counts owner changes: something read before is stale once it moves."""
        return self._game.owner_changes

    # ---- the seat's own secrets, and what is known of the others' ---------------------------

    @property
    def hand(self) -> list[int]:
        """The seat's own cards (read-only)."""
        return self._game.hands[self.seat]

    def hand_size(self, seat: int) -> int:
        return len(self._game.hands[seat])

    def pieces_held(self, seat: int) -> int:
        """Pieces of a card `seat` holds (`pieces N per card`): public, as a hand's size is."""
        return self._game.pieces[seat]

    @property
    def kind_hand(self) -> list[int]:
        """The seat's own cards that do something: kind indexes into rules.cards.kinds.kinds
        (read-only; empty without kinds)."""
        hands = self._game.kind_hands
        return hands[self.seat] if hands is not None else []

    @property
    def kind_pieces(self) -> list[int]:
        """The seat's own pieces of each kind (read-only; empty without kinds)."""
        pieces = self._game.kind_pieces
        return pieces[self.seat] if pieces is not None else []

    def kind_hand_size(self, seat: int) -> int | None:
        """How many cards that do something `seat` holds: the count is public (None where the fog's
        `hide cards` hides it from this seat)."""
        hands = self._game.kind_hands
        return len(hands[seat]) if hands is not None else 0

    @property
    def kind_effects(self) -> list[tuple]:
        """The effects that last (engine/cards/play.py), as this seat knows them: the others' hidden
        cards' effects left out."""
        effects = self._game.kind_effects
        if not effects:
            return []
        kinds = self.rules.cards.kinds.kinds
        return [e for e in effects if e[2] == self.seat or not kinds[e[1]].hidden]

    @property
    def mission(self):
        """The seat's own mission card, or None."""
        return self._game.missions[self.seat]

    @property
    def target(self) -> int | None:
        """The seat's own assassin target, or None."""
        return self._game.targets[self.seat]

    @property
    def deck_size(self) -> int:
        return len(self._game.deck)

    # ---- what follows from the board and the rules -------------------------------------------

    def holds(self, seat: int, continent: int) -> bool:
        return self._game.holds(seat, continent)

    def held_continents(self, seat: int) -> list[int]:
        return self._game.held_continents(seat)

    def territories_of(self, seat: int) -> list[int]:
        return self._game.territories_of(seat)

    def owned(self, seat: int) -> list[int]:
        return self._game.owned(seat)

    def armies_of(self, seat: int) -> int:
        return self._game.armies_of(seat)

    def quantities(self, seat: int, names: frozenset[str], total: int = 0) -> dict[str, int]:
        """The game quantities an expression of the rules reads, for `seat`: all are public counts."""
        return self._game.quantities(seat, names, total)

    def value(self, number, seat: int) -> int:
        return self._game.value(number, seat)

    def set_worth(self, cards) -> tuple[int, list[int], int]:
        """What trading `cards` (a set of this seat's hand) would give now, the game unchanged:
        (the set's armies, the territories whose card earns the territory bonus, the bonus on
        each; per card, or on the one the player picks). See trading.worth."""
        from .trading import worth

        return worth(self._game, self.seat, cards)

    def mission_cards(self) -> list:
        return self._game.mission_cards()

    def as_held(self, seat: int, mission):
        return self._game.as_held(seat, mission)

    # ---- events ----------------------------------------------------------------------------

    def tell(self, event: dict) -> dict:
        """The event as this seat is told it: another player's mission, target and drawn card
        are left out."""
        return told(event, (self.names[self.seat],))

    # ---- for a bot that searches -------------------------------------------------------------

    def playout(self, agents: Sequence[Any], seed: int, max_turns: int | None = None):
        """A copy of the game to play on, with its own random source (`seed`: no future roll of
        the real game can be read from it) and what this seat cannot see blanked."""
        copy = self._game.copy(agents, seed=seed, max_turns=max_turns)
        me = self.seat
        for seat, hand in enumerate(copy.hands):
            if seat != me:
                copy.hands[seat] = [-1] * len(hand)
                copy.missions[seat] = None
                copy.targets[seat] = None
        copy.deck.clear()
        if copy.kind_hands is not None:
            blank_kinds(copy, me)
        return copy

    # ---- for a guest (a plug-in bot: agents/guest.py) ------------------------------------------

    def lend(self, rules: Any, memo: dict, view: GuestSight | None = None) -> GuestSight:
        """This seat's view for a guest: `view` (lent before: a plug-in keeps the one it was
        started with) or a new one, of a copy of the game as it stands now, made as the view is
        read (GuestSight). A decision answered without a look at the board (most dice and
        defence decisions) costs no copy, one that reads a few lists a copy of those."""
        if view is None:
            view = GuestSight.__new__(GuestSight)
            finalize(view, _LENT.pop, id(view), None)
        else:  # what it holds is of an earlier moment, and goes, so that the next read comes to __getattr__
            lent = _LENT.get(id(view))
            for name in _SLOTS if lent is None else lent[4]:
                try:
                    delattr(view, name)
                except AttributeError:
                    pass
        _LENT[id(view)] = (ref(self._game), self.seat, rules, memo, [])  # (weak: a view kept after its game keeps nothing)
        return view

    def _apart(self, rules: Any, memo: dict, view: Sight) -> None:
        """`view` made this seat's view of a copy of the game that shares nothing changeable
        with it. The copy is a playout's (the state copied, what the seat cannot see blanked);
        what the game never changes during play and a copy shares — the rules, the board, the
        players' names and colours, option tables — is deep-copied with `memo`, the guest's
        own for the whole game: made once, then found again (`rules` is the deep copy of the
        game's rules made with it). Tuples, numbers and strings are shared: they cannot be
        changed (tests/test_guests.py checks that nothing shared holds a list, dict or set)."""
        original = vars(self._game)
        copy = self.playout((), seed=0)
        mine = vars(copy)
        for name, value in mine.items():
            if type(value) in _CONTAINERS and value is original.get(name):
                mine[name] = deepcopy(value, memo)
        copy.rules = rules
        copy.board = rules.board
        mission = copy.missions[self.seat]
        if mission is not None:
            copy.missions[self.seat] = deepcopy(mission, memo)  # (a card of the rules: their copy's)
        Sight.__init__(view, copy, self.seat)
        view.level, view.held = _PARTS["level"](self, rules, memo), _PARTS["held"](self, rules, memo)
        if view.level is not None:  # under fog the copy's board is a guess: the lists stay what the seat saw
            for name in ("owner", "armies", "territory_count", "continent_count"):
                setattr(view, name, _PARTS[name](self, rules, memo))


class GuestSight(Sight):
    """A guest's view (Sight.lend): a Sight of a copy of the game, what a plug-in bot is handed.

    Its attributes are unset when it is lent, so that a read comes to `__getattr__`: a list
    of the board (owner, armies …) is copied alone; anything else that needs the game (its
    methods, its own cards and mission: `_game`) has the whole copy made (`Sight._apart`),
    which sets them all. Its numbers of the moment (turn, active …) are read off the game
    until then: numbers cannot be changed. What it was lent from is kept in `_LENT`, not in
    the view: nothing a plug-in is handed leads to the game."""

    __slots__ = ("__weakref__", "level", "held")  # (under fog: what the seat sees now, FoggedSight's; else None)

    def __getattr__(self, name: str):
        lent = _LENT.get(id(self)) if name in _SLOTS else None
        game = lent[0]() if lent is not None else None
        if game is None:
            raise AttributeError(f"'Sight' object has no attribute '{name}'")
        _, seat, rules, memo, read = lent
        seat_view = game.sights[seat]
        part = _PARTS.get(name)
        if part is None:  # (_game)
            del _LENT[id(self)]
            seat_view._apart(rules, memo, self)
        else:
            object.__setattr__(self, name, part(seat_view, rules, memo))
            read.append(name)
        return object.__getattribute__(self, name)

    def __setattr__(self, name: str, value) -> None:
        object.__setattr__(self, name, value)
        lent = _LENT.get(id(self))
        if lent is not None:  # (a plug-in's own write, before any read: it goes too when the view is lent again)
            lent[4].append(name)

    def _now(self, name: str):
        """A number of the moment, as the seat's own view has it (under fog, its own: FoggedSight)."""
        lent = _LENT.get(id(self))
        game = lent[0]() if lent is not None else None
        return getattr(game.sights[lent[1]] if game is not None else self._game, name)


for _name in ("turn", "round", "active", "phase", "first", "conquered", "turn_total", "trade_count", "owner_changes"):
    setattr(GuestSight, _name, property(lambda self, name=_name: self._now(name), doc=getattr(Sight, _name).__doc__))


def _copied(name: str):
    return lambda view, rules, memo: deepcopy(getattr(view, name), memo)  # the guest's own, made once a game


def _fresh(name: str):
    return lambda view, rules, memo: list(getattr(view, name))


def _same(name: str):
    return lambda view, rules, memo: getattr(view, name)  # (numbers and tuples)


# how each attribute of a view is made alone for a guest, as the whole copy (`_apart`) makes it
_PARTS = {
    "seat": _same("seat"), "size": _same("size"), "adjacent": _same("adjacent"), "players": _same("players"),
    "continent_of": _same("continent_of"), "members": _same("members"), "neutral": _same("neutral"),
    "rules": lambda view, rules, memo: rules, "board": lambda view, rules, memo: rules.board,
    "names": _copied("names"), "colour_seat": _copied("colour_seat"), "friends": _copied("friends"),
    "team": _copied("team"),
    "owner": _fresh("owner"), "armies": _fresh("armies"), "territory_count": _fresh("territory_count"),
    "alive": _fresh("alive"), "capital": _fresh("capital"), "trades_made": _fresh("trades_made"),
    "continent_count": lambda view, rules, memo: [counts[:] for counts in view.continent_count],
    "capital_owner": lambda view, rules, memo: dict(view.capital_owner),
    "conquered_now": lambda view, rules, memo: set(view.conquered_now),
    # a guest's own, under fog (FoggedSight's; None without fog)
    "level": lambda view, rules, memo: list(view.level) if hasattr(view, "level") else None,
    "held": lambda view, rules, memo: list(view.held) if hasattr(view, "held") else None,
}
_SLOTS = frozenset(Sight.__slots__) | {"level", "held"}
# a guest's view (its id, until it is gone) → (its game, weakly; its seat; the guest's rules and memo; what has
# been set since it was lent)
_LENT: dict[int, tuple] = {}
_CONTAINERS = frozenset((list, dict, set, deque))
