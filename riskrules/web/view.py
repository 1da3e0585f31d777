"""What one seat's page shows, made from that seat's view alone (engine/sight.py: a `Sight`, or
under fog a `FoggedSight`), never from the game: the board as the seat sees it now, each
player's line, its own cards and mission, and the question put to it, with its options and
its prompt in the game's language.

Territories are numbers (their place on the board: the page's SVG names its cells c0, c1, …);
everything a person reads is already in words.
"""

from __future__ import annotations

from typing import Any

from ..engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, OCCUPY, PLACE, PLAY,
                                REROLL, TRADE, UNIT, Decision)
from ..engine.sight import seen_now
from ..text.card_plays import forbidden_attacks, kinds_held_text, playable
from ..text.i18n import Text
from ..text.seat_words import attack_faced, card_text, committed_note, mission_line, set_text
from .orders import is_order, order_described


def seat_state(view, t: Text) -> dict[str, Any]:
    """The board, the players and this seat's own things, as its seat sees them now: an owner or
    armies it does not see now (under fog) is None; a free territory's owner is -1, one out of play -3."""
    board = view.board
    owner: list[int | None] = []
    armies: list[int | None] = []
    for x in range(view.size):
        o, a = seen_now(view, x)
        owner.append(o)
        armies.append(a)
    inside = {x for m in board.members for x in m}  # (a game's board leaves removed territories out)
    for x in range(view.size):
        if x not in inside:
            owner[x], armies[x] = -3, 0  # out of play: greyed out
    fogged = getattr(view, "level", None) is not None
    players = []
    for seat in range(len(view.names)):
        line: dict[str, Any] = {"alive": bool(view.alive[seat]), "cards": view.hand_size(seat)}
        if view.rules.cards.pieces:  # pieces of a card held, of those a card takes: "3/4"
            held = view.pieces_held(seat)
            line["pieces"] = None if held is None else f"{held}/{view.rules.cards.pieces}"
        if fogged and not view.shares(seat):  # (what it saw of another may be old: only what it sees now)
            line["territories"] = line["armies"] = None
            line["continents"] = [k for k, m in enumerate(board.members) if all(owner[x] == seat for x in m)]
        else:
            line["territories"] = view.territory_count[seat]
            line["armies"] = view.armies_of(seat)
            line["continents"] = list(view.held_continents(seat))
        players.append(line)
    state: dict[str, Any] = {
        "turn": view.turn, "round": view.round,
        "active": view.active if view.active >= 0 else None,
        "owner": owner, "armies": armies, "players": players,
        "hand": [card_text(view, t, c) for c in sorted(view.hand)],
        "mission": mission_line(view, t),
        # has the seat anything of its own a person at the same screen must not see? (hot seat)
        "private": bool(view.hand) or view.mission is not None or view.target is not None or fogged,
    }
    kinds = kinds_held_text(view, t)  # cards that do something (issue 44), and pieces of them
    if kinds is not None:
        state["kinds"] = kinds
        state["private"] = state["private"] or bool(view.kind_hand) or any(view.kind_pieces)
    units = getattr(view, "units", None)  # special units (issue 45): those the seat sees, by territory
    if units:
        kinds = view.rules.units.kinds
        state["units"] = {x: [kinds[u[0]].name + (f" ({u[1]})" if u[1] else "") for u in here]
                          for x, here in units.items()}
    if view.target is not None:
        state["mission"] = t._("Your secret target: {target}.").format(target=t.player(view.names[view.target]))
    return state


def described(d: Decision, view, t: Text, number: int, left: int) -> dict[str, Any]:
    """The question `d` for the page: its kind and number, a prompt in words, and its options as
    numbers. `left`: the armies still to place (in the setup, all the side has left)."""
    name = lambda x: t.territory(view.board.territories[x])  # noqa: E731
    k = d.kind
    out: dict[str, Any] = {"number": number, "kind": k, "optional": d.optional, "side": d.side}
    if k in (CLAIM, CAPITAL, BONUS, PLACE, UNIT):
        out["options"] = sorted(d.options)
    if k is CLAIM:
        out["prompt"] = t._("Claim a free territory: click it.")
    elif k is CAPITAL:
        out["prompt"] = t._("Choose your capital: click one of your territories.")
    elif k == UNIT:  # a special unit (issue 45), by its name in the rules
        out["prompt"] = t._("Where does your {unit} stand? Click one of your territories.").format(unit=d.shown[0])
    elif k is BONUS:
        out["prompt"] = t._("The card bonus: click the territory it goes to.")
    elif k is PLACE:
        out["most"] = d.most
        out["left"] = left
        if d.most == 1 and left > 1:  # (the setup: one army a click, in turns)
            ask = t.n_("Place an army: click a territory ({n} left to place).",
                       "Place an army: click a territory ({n} left to place).", left)
        elif d.side == d.player:
            ask = t.n_("Place {n} army: click a territory.",
                       "Place {n} armies: click territories, then Place.", left)
        else:
            ask = t.n_("Place {n} army of {neutral}: click a territory.",
                       "Place {n} armies of {neutral}: click territories, then Place.", left)
        out["prompt"] = ask.format(n=t.num(left), neutral=t.term("neutral"))
    elif k is TRADE:
        out["options"] = [set_text(view, t, cards).replace("\xa0", " ") for cards in d.options]
        out["prompt"] = t._("Trade a set of cards?") if d.optional else t._("Trade a set of cards: you must.")
    elif k is DISCARD:
        out["options"] = [card_text(view, t, c) for c in d.options]
        limit = view.rules.cards.hand_limit
        out["prompt"] = t.n_("Over the hand limit of {n} card: discard one.",
                             "Over the hand limit of {n} cards: discard one.", limit).format(n=t.num(limit))
    elif k is ATTACK:
        out["options"] = [list(pair) for pair in d.options]
        if t.voice("attack") == "liberation":
            # Translators: the liberation voice: choose a country to liberate (befreien)
            out["prompt"] = t.p_("liberation", "Liberate: click one of your territories, then a neighbour.")
        else:
            out["prompt"] = t._("Attack: click one of your territories, then a neighbour.")
        forbidden = forbidden_attacks(view, t, d)  # (what a card forbids: its sentence)
        if forbidden:
            out["faced"] = " ".join(f"{line[0].upper()}{line[1:]}." for line in forbidden)
    elif k is DICE:
        out["options"] = [list(o) for o in d.options]
        out["labels"] = [t._("{armies}, {dice}").format(
            armies=t.n_("{n} army", "{n} armies", c).format(n=t.num(c)),
            dice=t.n_("{n} die", "{n} dice", r).format(n=t.num(r))) for c, r in d.options]
        out["where"] = list(d.where)
        out["prompt"] = t._("Attack {target} from {source}: armies to send and dice to roll.").format(
            target=name(d.where[1]), source=name(d.where[0]))
        note = committed_note(view.rules, t)  # (armies committed: the dice up to them, and the move-in)
        if note:
            out["faced"] = note
            out["labels"] = [t._("send {armies}, roll {dice}").format(
                armies=t.n_("{n} army", "{n} armies", c).format(n=t.num(c)),
                dice=t.n_("{n} die", "{n} dice", r).format(n=t.num(r))) for c, r in d.options]
    elif k is DEFEND:
        out["options"] = list(d.options)
        out["labels"] = [t.n_("{n} die", "{n} dice", n).format(n=t.num(n)) for n in d.options]
        out["where"] = list(d.where)
        out["prompt"] = t._("Dice to defend {territory} with:").format(territory=name(d.where[1]))
        out["faced"] = attack_faced(view, t, d.where, d.most)
    elif k is OCCUPY:
        out["options"] = [d.options[0], d.options[-1]]
        out["where"] = list(d.where)
        out["prompt"] = t._("Armies to move into {territory} ({least}–{most}):").format(
            territory=name(d.where[1]), least=t.num(d.options[0]), most=t.num(d.options[-1]))
    elif k is FORTIFY:
        out["options"] = [list(pair) for pair in d.options]
        out["stay"] = view.rules.fortify.stay  # armies that stay behind (0 under `guard 0`)
        out["prompt"] = t._("Move armies: click a territory of yours, then where to; or end the turn.")
    elif k is REROLL:  # Hasbro's experts: one die rolled again with a card of the territory
        attack, defence = d.shown
        out["options"] = list(d.options)
        out["labels"] = [t._("roll a {face} again").format(face=face) for face in d.options]
        out["where"] = list(d.where)
        out["prompt"] = t._("Your dice {rolls} against {defence}: roll one again with your card of the "
                            "territory?").format(rolls=" ".join(map(str, attack)), defence=" ".join(map(str, defence)))
        out["keep"] = t._("Keep the dice")
    elif k == PLAY:  # a card that does something (issue 44): a button each, then its target
        out["cards"] = [{"kind": card["kind"], "name": card["name"], "shape": card["shape"], "text": card["text"],
                         "options": [list(o[1:]) for o in card["options"]]} for card in playable(view, t, d.options)]
        out["stay"] = view.rules.fortify.stay  # (an airlift leaves as many as a move does)
        out["prompt"] = t._("Play a card: click it, then its target; or play none.")
    elif is_order(d):  # orders given together (issue 45): web/orders.py
        out.update(order_described(d, view, t))
    return out
