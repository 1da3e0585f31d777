"""Orders given together compiled (issue 45): the `orders { … }` section, and `fortify { moved
armies stay }`, which holds in sequential turns too (engine/schedule/ plays them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MOVE_ORDERS = ("random", "cycle", "no_luck_cycle")
# an order's mode (the second part of an `order` answer: engine/schedule/orders.py)
EITHER, ATTACK_ONLY, TRANSFER_ONLY = 0, 1, 2


@dataclass(frozen=True)
class OrderRules:
    """How a round is played: in turns (today's), or every seat's orders given together."""

    together: bool = False  # every seat's orders of a round given without seeing the others', then carried out
    move_order: str = "random"  # one of MOVE_ORDERS: whose orders go first in a round
    multi_attack: bool = True  # armies that moved or attacked this round may move again
    modes: bool = True  # an order may say attack only or transfer only
    moved_stay: bool = False  # fortify { moved armies stay }: armies moved this turn do not move again


def compile_orders(d: dict[str, Any]) -> OrderRules | None:
    """The merged model's `orders` section and `fortify.moved_stay`; None when neither is stated
    (every earlier rulebook: today's turns, untouched)."""
    o = d.get("orders") or {}
    stay = d.get("fortify", {}).get("moved_stay", False)
    if not o and not stay:
        return None
    return OrderRules(together=o.get("given", "in_turns") == "together", move_order=o.get("move_order", "random"),
                      multi_attack=o.get("multi_attack", True), modes=o.get("modes", True), moved_stay=stay)
