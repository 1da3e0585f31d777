"""Narration of orders given together (issue 45): who has given orders, and each order carried
out or skipped with why (engine/schedule/orders.py)."""

from __future__ import annotations

from .i18n import Text


def order_line(e: dict, who: str, t: Text) -> str | None:
    place = t.territory
    if e["type"] == "orders_given":
        return t._("{player} has given orders.").format(player=who)
    if "from" not in e:
        return None
    source, target = place(e["from"]), place(e["to"])
    if e["done"] == "transfer":
        return t.n_("{player} transfers {n} army from {source} to {target} (an order).",
                    "{player} transfers {n} armies from {source} to {target} (an order).", e["armies"]).format(
            player=who, n=t.num(e["armies"]), source=source, target=target)
    if e["done"] == "attack":
        return t.n_("{player} attacks {target} from {source} with {n} army (an order).",
                    "{player} attacks {target} from {source} with {n} armies (an order).", e["armies"]).format(
            player=who, n=t.num(e["armies"]), source=source, target=target)
    why = {"source_lost": t._("it no longer holds {source}").format(source=source),
           "own_territory": t._("attack only, and {target} is its own").format(target=target),
           "not_own": t._("transfer only, and {target} is not its own").format(target=target),
           "partner": t._("{target} is a partner's").format(target=target),
           "forbidden": t._("a card forbids that attack"),
           "no_armies": t._("no armies there are free to go")}[e.get("why", "no_armies")]
    return t._("The order of {player} from {source} to {target} is skipped: {why}.").format(
        player=who, source=source, target=target, why=why)
