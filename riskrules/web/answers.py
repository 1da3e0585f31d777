"""A page's answer to a question, read strictly: JSON → the engine's answer, or why not.

    kind      the page sends                           the engine is given
    claim     {"territory": x}   (capital, bonus too)   x
    place     {"place": [[x, n], …]}                    (x, n), the rest kept for the next asks
    trade     {"trade": i} | {"trade": null}            the i-th set | None (keep the cards)
    attack    {"attack": [a, b], "until": "taken"}      (a, b, 1): until taken
              {"attack": [a, b], "until": k}            (a, b, k): until taken or k armies are left
              {"attack": [a, b], "until": "once"}       (a, b): one roll
              {"attack": null}                          None: no more attacks
              {"attack": null, "end": true}             None, and None to the fortify question
    dice      {"dice": [armies, dice]}                  (armies, dice)
    defend    {"defend": n}                             n
    occupy    {"occupy": n}                             n
    reroll    {"reroll": face} | {"reroll": null}        face | None (keep the dice)
    fortify   {"fortify": [a, b, n]} | {"fortify": null}  (a, b, n) | None: the turn ends
    play      {"play": [k, …]} | {"play": null}          (k, …): a card of kind k and its targets
                                                        (text/card_plays.py) | None: none now
    order     {"orders": [[mode, a, b, n], …]}          (mode, a, b, n), the rest kept for the next
                                                        asks, then None (web/orders.py; [] : None)
    any       {"protocol": value}                       the value as the seat protocol answers (a
                                                        program at the seat: web/program.py)

A body of another shape is `Malformed` (the server says 400); an answer of the right shape
that the rules do not allow is refused with the engine's own reason (Decision.check), in the
game's language.
"""

from __future__ import annotations

from typing import Any

from ..engine.agents.seat_json import answer_of
from ..engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, N_, OCCUPY, PLACE,
                                 PLAY, REROLL, TRADE, UNIT, Decision, Refusal)
from ..text.i18n import Text
from .orders import Malformed as NotOrders, is_order, orders_refusal, read_orders
from .program import by_program

MOST_PLACEMENTS = 1000  # territories named in one place answer (a board has at most that many)


class Malformed(Exception):
    """The body is not an answer to this kind of question."""


def _int(value: Any) -> bool:
    return type(value) is int  # (not a bool, a float, a string of digits)


def _ints(value: Any, n: int) -> bool:
    return type(value) is list and len(value) == n and all(_int(v) for v in value)


def _only(raw: dict, key: str, *optional: str) -> Any:
    if key not in raw or set(raw) - {key, *optional}:
        raise Malformed(f"expected an object with '{key}'" + "".join(f" (and '{o}')" for o in optional))
    return raw[key]


def read(d: Decision, raw: Any) -> tuple[Any, list[tuple[int, int]], int | None]:
    """(the answer, placements still to come, the armies to keep in an attack pressed on, or None)."""
    if by_program(raw):
        return answer_of(raw["protocol"]), [], None
    if type(raw) is not dict:
        raise Malformed("an answer is a JSON object")
    k = d.kind
    if k in (CLAIM, CAPITAL, BONUS, UNIT):
        x = _only(raw, "territory")
        if not _int(x):
            raise Malformed("'territory' is a territory's number")
        return x, [], None
    if k is PLACE:
        plan = _only(raw, "place")
        if type(plan) is not list or not 1 <= len(plan) <= MOST_PLACEMENTS or not all(_ints(p, 2) for p in plan):
            raise Malformed("'place' is a list of [territory, armies]")
        placements = [(x, n) for x, n in plan]
        return placements[0], placements[1:], None
    if k is TRADE:
        i = _only(raw, "trade")
        if i is None:
            return None, [], None
        if not _int(i):
            raise Malformed("'trade' is the number of a set, or null")
        return (d.options[i] if 0 <= i < len(d.options) else (-1, -1, -1)), [], None
    if k is DISCARD:
        i = _only(raw, "discard")
        if not _int(i):
            raise Malformed("'discard' is the number of a card")
        return (d.options[i] if 0 <= i < len(d.options) else -1), [], None
    if k is ATTACK:
        pair = _only(raw, "attack", "until", "end")
        if pair is None:  # ("end": true — and the turn ends, no armies moved: answered at the fortify question)
            if raw.get("end", False) not in (True, False):
                raise Malformed("'end' is true (the turn ends too) or false")
            return None, [], None
        until = raw.get("until", "taken")
        if not _ints(pair, 2) or not (until in ("taken", "once") or _int(until)):
            raise Malformed("'attack' is [from, to] and 'until' is \"taken\", \"once\" or the armies to keep")
        if until == "once":
            return (pair[0], pair[1]), [], None
        keep = 1 if until == "taken" else until
        return (pair[0], pair[1], keep), [], keep
    if k is DICE:
        pair = _only(raw, "dice")
        if not _ints(pair, 2):
            raise Malformed("'dice' is [armies, dice]")
        return tuple(pair), [], None
    if k in (DEFEND, OCCUPY):
        n = _only(raw, k)
        if not _int(n):
            raise Malformed(f"'{k}' is a number")
        return n, [], None
    if k is REROLL:
        face = _only(raw, "reroll")
        if face is not None and not _int(face):
            raise Malformed("'reroll' is a face of one's dice, or null")
        return face, [], None
    if k is FORTIFY:
        move = _only(raw, "fortify")
        if move is None:
            return None, [], None
        if not _ints(move, 3):
            raise Malformed("'fortify' is [from, to, armies], or null")
        return tuple(move), [], None
    if k == PLAY:
        play = _only(raw, "play")
        if play is None:
            return None, [], None
        if type(play) is not list or not 1 <= len(play) <= 4 or not all(_int(v) for v in play):
            raise Malformed("'play' is [kind, targets…] (at most 4 numbers), or null")
        return tuple(play), [], None
    if is_order(d):  # orders given together (issue 45): the whole list at once
        try:
            return read_orders(d, raw)
        except NotOrders as err:
            raise Malformed(str(err)) from None
    raise Malformed(f"no answer is read for a '{k}' question")


def refusal(d: Decision, answer: Any, rest: list[tuple[int, int]], left: int = 0) -> Refusal | None:
    """Why the rules do not allow the answer (and, for placements, the whole plan), or None.
    `left`: the armies the side has still to place (in the setup, one a question: a plan of
    several is given one army at a time, to the questions that follow)."""
    if is_order(d):  # (the whole list of orders: web/orders.py)
        return orders_refusal(d, answer, rest)
    if rest:  # all the armies named must be there to place, on territories that may take them
        total = answer[1] + sum(n for _, n in rest)
        most = left if d.most == 1 and left > 1 else d.most
        if total > most or any(not 1 <= n <= d.most for _, n in rest):
            return Refusal(N_("place between 1 and {most} armies"), most=most)
        if any(x not in d.options for x, _ in rest):
            return Refusal(N_("not a territory you may place on"))
    return d.check(answer)


def in_words(reason: Refusal, t: Text) -> str:
    """A refusal as a person reads it: 'Not allowed: …' in the game's language."""
    return t._("Not allowed: {reason}.").format(reason=t._(reason.template).format(**reason.values))
