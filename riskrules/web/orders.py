"""Orders given together (issue 45) on a game's page: the `order` question described, the page's
list of orders read and checked whole, and whose orders are in this round.

The page answers the round's first `order` question with its whole list, `{"orders": [[mode,
from, to, armies], …]}` (an empty list: no orders); the engine's next `order` questions of the
turn are answered from the rest of it, then None (person.WebPerson), as the terminal does
(terminal/orders.py). A page is told who has given orders (the `orders_given` events its seat is
told), never what they are: the others' orders reach it only as they are carried out, as its
seat is told them."""

from __future__ import annotations

from typing import Any

from ..engine.decisions import Decision, N_, Refusal
from ..engine.schedule.orders import ORDER
from ..engine.schedule.together import MAX_ORDERS
from ..text.i18n import Text

MOST_ORDERS = 4000  # orders in one answer, whatever the board (MAX_ORDERS a territory bounds it below)
# events that tell a round's orders are being carried out: whose orders were in is no longer news
_CARRIED_OUT = {"place", "order", "battle", "battles", "conquest", "autodeploy", "game_over"}


class Malformed(Exception):
    """The body is not a list of orders (answers.Malformed is raised in its place)."""


def read_orders(d: Decision, raw: dict) -> tuple[Any, list[tuple], None]:
    """(the first order or None, the orders that follow, None)."""
    if set(raw) != {"orders"} or type(raw["orders"]) is not list or len(raw["orders"]) > MOST_ORDERS:
        raise Malformed("expected an object with 'orders': a list of [mode, from, to, armies]")
    orders = raw["orders"]
    if not all(type(o) is list and len(o) == 4 and all(type(v) is int for v in o) for o in orders):
        raise Malformed("'orders' is a list of [mode, from, to, armies]")
    listed = [tuple(o) for o in orders]
    return (listed[0] if listed else None), listed[1:], None


def orders_refusal(d: Decision, answer: Any, rest: list[tuple]) -> Refusal | None:
    """Why the rules do not allow the list (each order as the engine checks it), or None."""
    most = MAX_ORDERS * d.view.size if d.view is not None else MAX_ORDERS
    if len(rest) + 1 > most:
        return Refusal(N_("at most {most} orders a round"), most=most)
    for order in ([answer] if answer is not None else []) + rest:
        why = d.check(order)
        if why is not None:
            return why
    return None


def order_described(d: Decision, view, t: Text) -> dict[str, Any]:
    """The `order` question for the page: the pairs an order may go between, the modes allowed,
    the seat's own deployments of the round, the most armies an order may name, and its words."""
    modes, deployed, given = d.shown
    return {
        "options": [list(pair) for pair in d.options], "modes": list(modes), "deployed": [list(p) for p in deployed],
        "given": [list(o) for o in given], "most": d.most, "guard": view.rules.battle.guard,
        "prompt": t._("Your orders: click one of your territories, then a neighbour; send them all together."),
        "labels": {
            "modes": [t._("attack or transfer"), t._("attack only"), t._("transfer only")],
            "add": t._("Add the order"), "remove": t._("Remove"), "send": t._("Send orders"),
            "none": t._("No orders yet: the armies stay where they are."),
            "deployed": t._("Your deployments this round: {list}"),
        },
    }


class OrdersIn:
    """Whose orders are in this round, from the events one seat is told."""

    def __init__(self) -> None:
        self.round = None
        self.given: list[str] = []

    def hear(self, event: dict) -> None:
        kind = event["type"]
        if kind == "turn_start" and event.get("round") != self.round:
            self.round, self.given = event.get("round"), []
        elif kind == "orders_given" and event.get("player") not in self.given:
            self.given.append(event.get("player"))
        elif kind in _CARRIED_OUT:
            self.given = []

    def shown(self, names: list[str], t: Text) -> dict[str, Any]:
        """For the page: the seats whose orders are in, and that in words."""
        seats = [names.index(n) for n in self.given if n in names]
        if not seats:
            return {"seats": [], "text": ""}
        players = ", ".join(t.player(names[s]) for s in seats)
        return {"seats": seats, "text": t._("Orders given this round: {players}.").format(players=players)}


def is_order(d: Decision) -> bool:
    return d.kind == ORDER
