"""Checks of orders given together (issue 45): the `orders` statements that need `given
together`, the order priority and delay cards, and the neutral phases a round of orders does not
play. A function of a checks._Checker `c` (its `data` and `add`)."""

from __future__ import annotations

from typing import Any

# the statements of an `orders` section that say something only of orders given together
_TOGETHER_ONLY = {"move_order": "move order", "multi_attack": "multi-attack",
                  "modes": "attack only and transfer only"}


def orders_problems(c: Any) -> None:
    d = c.data
    orders = d.get("orders") or {}
    together = orders.get("given") == "together"
    if not together:
        for key, words in _TOGETHER_ONLY.items():
            if key in orders:
                c.add(f"'{words}' says how orders given together are carried out: "
                      f"say 'given together' in the orders section", "orders", key)
        for name, k in (d["cards"].get("kinds") or {}).items():
            if k["effect"] in ("orders_first", "orders_last"):
                words = "orders " + k["effect"][7:]
                c.add(f"the card '{name}' ({words}) needs orders given together: "
                      f"'orders {{ given together }}'", "cards", "kinds", name, "effect")
        return
    for phase in ("neutral_attack", "neutral_fortify"):
        if phase in d["turn"]:
            c.add(f"'{phase.replace('_', ' ')}' cannot be played with orders given together: "
                  f"only the seats give orders", "turn")
