"""The seat protocol's messages (docs/seat-protocol.md): what a program in a seat is told, as JSON.

Everything here is made from the seat's own view (its `Sight`, or its `FoggedSight` under fog):
a territory's owner and armies as the seat sees them now (`sight.seen_now`: null for what the
fog hides), the seat's own hand and mission, the public counts as its view gives them (null where
the rules hide them). Never the game itself. Messages are checked by
riskrules/language/schema/seat.schema.json in the tests.
"""

from __future__ import annotations

from typing import Any

from ..decisions import DEFEND, FORTIFY, PLACE, PLAY, Decision
from ..sight import seen_now

PROTOCOL = 1  # the version of the protocol: raised when a message changes meaning


def hello(view, seat: int, seed: int) -> dict:
    """The first message: the protocol's version, the seat, the players, the board and its rules."""
    rules, board = view.rules, view.board
    bonus = rules.continent_bonus
    return {
        "type": "hello", "protocol": PROTOCOL, "seat": seat, "name": view.names[seat],
        "players": list(view.names[:view.players]), "neutral": view.neutral, "seed": seed,
        "rules": {"title": rules.title, "variant": rules.variant, "victory": rules.victory,
                  "phases": list(rules.phases), "fog": rules.visibility is not None and rules.visibility.foggy,
                  "stay": rules.fortify.stay},
        "board": {
            "territories": list(board.territories),
            "continents": [{"name": name, "territories": list(view.members[k]),
                            "bonus": bonus[k] if k < len(bonus) and type(bonus[k]) is int else None}
                           for k, name in enumerate(board.continents)],
            "adjacent": [list(a) for a in view.adjacent],
            "card_symbol": list(board.card_symbol), "symbols": list(board.symbols), "jokers": board.jokers,
        },
    }


def view_json(view) -> dict:
    """What the seat sees now: the board as `seen_now` shows it, the moment, its own cards."""
    owner, armies = [], []
    for x in range(view.size):
        o, a = seen_now(view, x)
        owner.append(o)
        armies.append(a)
    seats = range(len(view.names))
    mission = view.mission
    return {
        "turn": view.turn, "round": view.round, "active": view.active, "phase": view.phase,
        "owner": owner, "armies": armies, "alive": list(view.alive),
        "hand": sorted(view.hand), "kind_hand": list(view.kind_hand),
        "hand_sizes": [view.hand_size(s) for s in seats],
        "trades_made": list(view.trades_made), "turn_total": view.turn_total, "conquered": view.conquered,
        "mission": dict(mission.data) if mission is not None else None, "target": view.target,
        **_units(view),
    }


def _units(view) -> dict:
    """Special units (issue 45) where the seat sees them: {"units": {territory: [[kind name,
    strength], …]}}; nothing in a game without them."""
    units = view.units
    if units is None:
        return {}
    names = [k.name for k in view.rules.units.kinds]
    return {"units": {str(t): [[names[u[0]], u[1]] for u in here] for t, here in sorted(units.items())}}


def question(d: Decision, view, number: int) -> dict:
    """A decision put to the seat: its kind, its options (or their range), its bounds, and the view."""
    q: dict[str, Any] = {"type": "question", "id": number, "kind": d.kind, "optional": d.optional}
    options = d.options
    if type(options) is range:
        q["range"] = [options.start, options.stop - 1]
    else:
        q["options"] = [_listed(o) for o in options]
    if d.kind == PLACE or d.kind == "order":  # (an order's armies: at most its own and its deployments)
        q["most"] = d.most
    elif d.kind == DEFEND:
        q["attacker_dice"] = d.most
    if d.kind in (FORTIFY, PLAY):
        q["stay"] = view.rules.fortify.stay
    if d.where is not None:
        q["where"] = list(d.where)
    if d.shown:
        q["shown"] = _listed(d.shown)
    q["view"] = view_json(view)
    return q


def _listed(value: Any) -> Any:
    """A tuple (of tuples) as JSON arrays."""
    if isinstance(value, (tuple, list)):
        return [_listed(v) for v in value]
    return value


def answer_of(value: Any) -> Any:
    """A decoded JSON answer as the engine's answers are made: arrays as tuples (the engine
    checks the rest: a float, a string or an object is refused as not an option)."""
    if type(value) is list:
        return tuple(answer_of(v) for v in value)
    if type(value) is dict:
        return tuple(sorted(value))  # (hashable, and never an option: refused by the check)
    return value
