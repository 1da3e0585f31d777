"""Checks of cards that do something (issue 44): each kind's amount in its range, a duration only
where an effect lasts, the minimums within the pieces a turn earns, and the statements that need
a kind (`earn`, `card limit`, `hide card plays`). Functions of a checks._Checker `c` (its `data`
and `add`)."""

from __future__ import annotations

from typing import Any

# what an amount is, and its range, by effect (armies: the schema's, and the expression checks)
AMOUNTS = {"income": ("takes", "% of an income", 1, 100), "strike": ("strikes", "% of the armies", 1, 100),
           "abandon": ("multiplies the armies by", "", 1, 100)}
LASTING = ("see", "forbid", "income")  # the effects a `for N rounds` holds for


def card_kind_paths(data: dict) -> list[tuple]:
    """Where an armies card's amount (a number or an expression) stands."""
    kinds = data["cards"].get("kinds") or {}
    return [("cards", "kinds", name, "amount") for name, k in kinds.items() if k.get("effect") == "armies"]


def card_problems(c: Any) -> None:
    d = c.data
    cards = d["cards"]
    kinds = cards.get("kinds") or {}
    unread = frozenset().union(*(f.unread for f in c.config.chain))
    for name, k in kinds.items():
        effect = k["effect"]
        if effect in AMOUNTS:
            verb, unit, low, high = AMOUNTS[effect]
            if not low <= k["amount"] <= high:
                c.add(f"the card '{name}' {verb} {k['amount']}{unit}; say {low} to {high}",
                      "cards", "kinds", name, "amount", "=")
        if "turns" in k and effect not in LASTING:
            rounds = "round" if k["turns"] == 1 else "rounds"
            c.add(f"'for {k['turns']} {rounds}': only a see, forbid or income card lasts; "
                  f"the card '{name}' ({effect}) acts at once", "cards", "kinds", name, "turns")
        if "minimum" in k and "copies" in k:
            c.add(f"the card '{name}' is whole cards in the deck ('{k['copies']} in the deck'): "
                  f"it has no minimum of pieces", "cards", "kinds", name, "minimum")
    if "cap" in cards and cards["sets"]["kind"] == "nuclear":
        c.add("'sets at most' caps the value of a set, but a nuclear set gives no armies", "cards", "cap")
    earned = cards.get("earned", 1)
    pieced = {n: k for n, k in kinds.items() if "copies" not in k}
    least = sum(k.get("minimum", 0) for k in pieced.values())
    if least > earned:
        where = ("earned",) if "earned" in cards else ("kinds", next(n for n, k in pieced.items() if "minimum" in k),
                                                         "minimum")
        c.add(f"the minimums of the cards add up to {least} pieces, more than the {earned} a turn earns: "
              f"say 'earn {least} pieces per turn with conquest'", "cards", *where)
    elif pieced and least < earned and not any(k.get("weight", 1) for k in pieced.values()):
        c.add("every card has weight 0: the pieces a turn earns beyond the minimums can be of no card",
              "cards", "kinds", next(iter(pieced)), "weight")
    if not kinds and "kinds" not in unread and "card" not in unread:
        for key, words in (("earned", "'earn N pieces per turn with conquest'"), ("card_limit", "'card limit N'")):
            if key in cards:
                c.add(f"{words} needs a card that does something: 'card NAME: EFFECT, …'", "cards", key)
        if "card_plays" in (d.get("visibility") or {}).get("hide", ()):
            c.add("'hide card plays' needs a card that does something: 'card NAME: EFFECT, …'",
                  "visibility", "hide")
