"""Cards that do something (issue 44), as a person at the table reads them: the cards a play
decision offers, each with what it would do now and its targets, and the seat's own cards of
these kinds and pieces of them. One home for the terminal's prompt and the browser's buttons;
made from the seat's view (engine/sight.py) alone.

A play option is a tuple of ints, the kind's index first (engine/decisions.py, D.PLAY); what
follows it is the kind's *shape*:

    shape      option                 the card's effect and target
    none       (k,)                   armies
    player     (k, seat)              see a player, income of a player
    players    (k, seat_a, seat_b)    forbid attacks between two players
    territory  (k, territory)         see a territory, strike, abandon
    continent  (k, continent)         see a continent
    move       (k, from, to)          move armies (answered (k, from, to, armies))
    give       (k, territory, seat)   give a territory
"""

from __future__ import annotations

from typing import Any

from ..engine.cards.effects import strike_killed
from ..engine.sight import seen_now
from .i18n import Text

SHOWN_TARGETS = 8  # targets a card's line names (then "…")


def kinds_of(view) -> tuple:
    """The rules' kinds of card (empty without any)."""
    kinds = view.rules.cards.kinds
    return kinds.kinds if kinds is not None else ()


def shape(kind) -> str:
    """What a play of `kind` names after the kind (see the module's doc)."""
    if kind.effect == "armies":
        return "none"
    if kind.effect == "move":
        return "move"
    if kind.effect == "give":
        return "give"
    if kind.target in ("player", "players", "continent"):
        return kind.target
    return "territory"


def by_kind(options) -> dict[int, list[tuple]]:
    """The options of a play decision grouped by kind, in the order they first come."""
    found: dict[int, list[tuple]] = {}
    for option in options:
        found.setdefault(option[0], []).append(option)
    return found


# ---- names ------------------------------------------------------------------------------------


def territory_name(view, t: Text, x: int) -> str:
    return t.territory(view.board.territories[x])


def player_name(view, t: Text, seat: int) -> str:
    return t.player(view.names[seat])


def continent_name(view, t: Text, c: int) -> str:
    return t.continent(view.board.continents[c])


def seen_armies(view, t: Text, x: int) -> str:
    """The armies on `x` as the seat sees them now ('?' under fog where it does not)."""
    return t.num(seen_now(view, x)[1])


# ---- what a card does -------------------------------------------------------------------------


def rounds(t: Text, n: int) -> str:
    return t.n_("for {n} round", "for {n} rounds", n).format(n=t.num(n))


def effect_text(view, t: Text, kind) -> str:
    """What a card of `kind` does, in general: 'kill 50% of the armies on an enemy territory next to yours'."""
    e = kind.effect
    if e == "armies":
        n = view.value(kind.amount, view.seat)
        return t.n_("{n} army more to place", "{n} armies more to place", n).format(n=t.num(n))
    if e == "see":
        if kind.target == "player":
            what = t._("see a player's territories and armies {rounds}")
        elif kind.target == "continent":
            what = t._("see a continent {rounds}")
        elif kind.around:
            what = t._("see a territory and its neighbours {rounds}")
        else:
            what = t._("see a territory {rounds}")
        return what.format(rounds=rounds(t, kind.turns))
    if e == "move":
        return t._("move armies between any two of your territories")
    if e == "give":
        return t._("give one of your territories, with its armies, to another player")
    if e == "forbid":
        return t._("no attacks between two players {rounds}").format(rounds=rounds(t, kind.turns))
    if e == "income":
        percent = view.value(kind.amount, view.seat)
        return t._("a player's income cut by {percent}% {rounds}").format(percent=t.num(percent),
                                                                         rounds=rounds(t, kind.turns))
    if e == "strike":
        return t._("kill {percent}% of the armies on an enemy territory next to yours").format(
            percent=t.num(view.value(kind.amount, view.seat)))
    if e == "abandon":
        return t._("one of your territories goes to the neutral army, its armies times {n}").format(
            n=t.num(max(1, view.value(kind.amount, view.seat))))
    return e


def target_text(view, t: Text, kind, option: tuple) -> str:
    """One target of a play as its card's line names it: 'kamchatka 8 → 4', 'blue', 'europe'."""
    form = shape(kind)
    if form == "player":
        return player_name(view, t, option[1])
    if form == "players":
        return f"{player_name(view, t, option[1])} + {player_name(view, t, option[2])}"
    if form == "continent":
        return continent_name(view, t, option[1])
    if form == "move":
        return f"{territory_name(view, t, option[1])} → {territory_name(view, t, option[2])}"
    if form == "give":
        return t._("{territory} to {player}").format(territory=territory_name(view, t, option[1]),
                                                     player=player_name(view, t, option[2]))
    x = option[1]
    name = territory_name(view, t, x)
    armies = seen_now(view, x)[1]
    if kind.effect == "strike" and armies is not None:  # (as engine/cards/effects.py strikes)
        left = armies - strike_killed(armies, view.value(kind.amount, view.seat))
        return f"{name} {t.num(armies)} → {t.num(left)}"
    if kind.effect == "abandon":
        times = max(1, view.value(kind.amount, view.seat))
        return f"{name} {t.num(view.armies[x])} → {t.num(view.armies[x] * times)}"
    return name


def targets_text(view, t: Text, kind, options: list[tuple]) -> str:
    """The targets of a card's options, at most SHOWN_TARGETS of them (a move: the territories it may leave)."""
    form = shape(kind)
    if form == "none":
        return ""
    if form == "move":
        names = sorted({territory_name(view, t, o[1]) for o in options})
    elif form == "give":
        names = sorted({territory_name(view, t, o[1]) for o in options})
    else:
        seen: dict[Any, str] = {}
        for o in options:
            key = frozenset(o[1:]) if form == "players" else o[1:]
            if key not in seen:
                seen[key] = target_text(view, t, kind, o)
        names = list(seen.values())
        if form != "territory":
            names.sort()
        else:
            names.sort(key=lambda s: s.casefold())
    more = len(names) - SHOWN_TARGETS
    return ", ".join(names[:SHOWN_TARGETS]) + (", …" if more > 0 else "")


def play_line(view, t: Text, kind, options: list[tuple]) -> str:
    """A playable card as the prompt lists it: 'bomb: kill 50% … — kamchatka 8 → 4, alaska 3 → 2'."""
    line = f"{kind.name}: {effect_text(view, t, kind)}"
    targets = targets_text(view, t, kind, options)
    return f"{line} — {targets}" if targets else line


def playable(view, t: Text, options) -> list[dict[str, Any]]:
    """Each card a play decision offers: its kind's index, name and shape, its line, its options."""
    kinds = kinds_of(view)
    return [{"kind": k, "name": kinds[k].name, "shape": shape(kinds[k]),
             "text": play_line(view, t, kinds[k], found), "options": found}
            for k, found in by_kind(options).items()]


# ---- the seat's own cards ---------------------------------------------------------------------


def held(view) -> tuple[list[int], list[int]]:
    """The seat's cards of these kinds (kind indexes) and its pieces of each kind."""
    return list(view.kind_hand), list(view.kind_pieces)


def kinds_held_text(view, t: Text) -> str | None:
    """'Cards that do something: bomb, spy ×2; pieces: airlift 2/5.' — None without kinds in the rules."""
    kinds = kinds_of(view)
    if not kinds:
        return None
    hand, pieces = held(view)
    counted: dict[int, int] = {}
    for k in hand:
        counted[k] = counted.get(k, 0) + 1
    cards = ", ".join(kinds[k].name + (f" ×{t.num(n)}" if n > 1 else "") for k, n in sorted(counted.items()))
    parts = [f"{kinds[k].name} {t.num(n)}/{t.num(kinds[k].pieces)}" for k, n in enumerate(pieces)
             if n and kinds[k].pieces > 1]
    text = t._("Your cards that do something: {cards}.").format(cards=cards) if cards else \
        t._("You hold no card that does something.")
    if parts:
        text += " " + t._("Pieces: {pieces}.").format(pieces=", ".join(parts))
    return text


# ---- what a card forbids ----------------------------------------------------------------------

FORBIDS = "{card} forbids attacks between {a} and {b} until {holder}'s turn in round {round}"  # engine/cards/play.py


def refusal_text(t: Text, refusal) -> str:
    """An engine's refusal in the game's language, the players named by their colour's word."""
    values = {k: t.player(v) if k in ("a", "b", "holder") else v for k, v in refusal.values.items()} \
        if refusal.template == FORBIDS else refusal.values
    return t._(refusal.template).format(**values)


def forbidden_attacks(view, t: Text, d) -> list[str]:
    """What the cards in play forbid of an attack decision now, a sentence each ('diplomacy forbids
    attacks between red and blue until red's turn in round 5'): the attacks left out of its options
    between territories the seat sees."""
    from ..engine.cards.play import ForbiddenAttack

    if not isinstance(d, ForbiddenAttack):
        return []
    found: dict[str, None] = {}
    for a in range(view.size):
        if view.owner[a] != d.side:
            continue
        for b in view.adjacent[a]:
            owner = seen_now(view, b)[0]
            if owner is None or owner < 0 or owner == d.side or (a, b) in d.options:
                continue
            refusal = d.check((a, b))
            if refusal is not None and refusal.template == FORBIDS:
                found[refusal_text(t, refusal)] = None
    return list(found)
