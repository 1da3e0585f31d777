"""The phrases of a card that does something (issue 44), as write.py writes them back:
`strike 50% of an enemy neighbour`, then its options in their order."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .write_words import _choice, _int, _only, write_expression

_SEE = {("player", False): "a player", ("territory", False): "a territory",
        ("territory", True): "a territory and its neighbours", ("continent", False): "a continent"}
_EFFECTS: dict[str, Callable[[Mapping], str]] = {  # a card's effect phrase (cards that do something, issue 44)
    "armies": lambda v: "armies " + write_expression(v["amount"]),
    "see": lambda v: "see " + _SEE[(v["target"], v.get("around", False))],
    "move": lambda v: "move armies",
    "give": lambda v: "give a territory",
    "forbid": lambda v: "forbid attacks between two players",
    "income": lambda v: f"income -{_int(v['amount'])}% of a player",
    "strike": lambda v: f"strike {_int(v['amount'])}% of an enemy neighbour",
    "abandon": lambda v: f"abandon a territory times {_int(v['amount'])}",
    "orders_first": lambda v: "orders first",  # orders given together (issue 45)
    "orders_last": lambda v: "orders last",
}
_OPTIONS: dict[str, Callable[[Any], str]] = {
    "copies": lambda n: f"{_int(n)} in the deck",
    "pieces": lambda n: f"pieces {_int(n)}",
    "weight": lambda n: f"weight {_int(n)}",
    "minimum": lambda n: f"minimum {_int(n)}",
    "start": lambda n: f"{_int(n)} pieces at the start",
    "moment": lambda v: "played " + _choice(v, {"start": "at start", "reinforce": "with reinforcements",
                                                  "attack": "in attack", "end": "at end"}),
    "per_turn": lambda n: f"at most {_int(n)} a turn",
    "turns": lambda n: f"for {_int(n)} round" + ("" if n == 1 else "s"),
    "hidden": lambda v: _only(v, True, "hidden"),
}


def card_phrases(v: Mapping) -> list[str]:
    """A kind's effect, then its options; a duration said first goes with the effect
    (`see a player for 2 rounds`)."""
    options = [_OPTIONS[k](x) for k, x in v.items() if k not in ("effect", "target", "around", "amount")]
    effect = _EFFECTS[v["effect"]](v)
    if options and next(k for k in v if k not in ("effect", "target", "around", "amount")) == "turns":
        effect += " " + options.pop(0)
    return [effect, *options]
