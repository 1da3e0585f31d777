"""Checks of the deck and the goal: the sets and their values, and (issue 43) the objective, its `or objective`, the points a
tie-break by points counts, a hand limit and card pieces. Functions of a checks._Checker `c`
(its `data`, `board` and `add`)."""

from __future__ import annotations

from typing import Any

from .errors import unknown

SET_SIZE = 3


def set_problems(c: Any) -> None:
    """The sets of territory cards: their symbols and values, the escalation, the cap, the trade
    after an elimination."""
    cards = c.data["cards"]
    sets = cards["sets"]
    symbols = c.board.symbols
    if len(symbols) != SET_SIZE:
        c.add(f"sets of three cards need a deck with 3 symbols; board '{c.board.id}' has "
              f"{len(symbols)}", "board")
    if sets["kind"] == "fixed":
        for name in sets["values"]:
            if name in ("joker", "jokers") and name not in symbols:  # jokers are no symbol of three alike
                c.add(f"unknown card symbol '{name}': a set with a joker is written 'joker with a pair: N'",
                      "cards", "sets", "values", name)
            elif name not in ("mixed", "joker_pair") and name not in symbols:
                c.add(unknown("card symbol", name, symbols), "cards", "sets", "values", name)
        if "joker_pair" in sets["values"] and not c.board.jokers:  # (issue 43: Domination's Italian cards)
            c.add(f"'joker with a pair' needs jokers: board '{c.board.id}' has none",
                  "cards", "sets", "values", "joker_pair")
        for symbol in symbols:
            if symbol not in sets["values"]:
                c.add(f"no value for a set of 3 {symbol}", "cards", "sets")
    elif sets["kind"] == "escalating":
        values = sets["values"]
        for i in range(1, len(values)):
            if isinstance(values[i], int) and isinstance(values[i - 1], int) and values[i] <= values[i - 1]:
                c.add(f"escalating set values must increase: {values[i]} after {values[i - 1]}",
                      "cards", "sets", "values", i)
        if c.config.origins.get(("cards", "sets", "step")) and isinstance(sets["step"], int) \
                and sets["step"] <= 0:
            c.add("the step after the listed values must be more than 0", "cards", "sets", "step")
    if "escalation_after" in cards and sets["kind"] != "escalating":
        c.add("'escalation after' needs escalating sets ('sets escalating …')", "cards", "escalation_after")
    if "cap" in cards and sets["kind"] == "none":
        c.add("'sets at most' caps the value of a set, but 'sets none' has no sets", "cards", "cap")
    after = cards["after_elimination"]
    if after["trade"] == "at_once" and after.get("down_to", 0) >= after["cards"]:
        c.add(f"trading at once from {after['cards']} cards down to {after['down_to']} trades nothing",
              "cards", "after_elimination")


def goal_problems(c: Any) -> None:
    """The objective's territories, the `or objective` that makes it win, and the points a
    tie-break by points counts."""
    d = c.data
    # a statement a syntax error left unread may have said what these look for: its error speaks
    unread = frozenset().union(*(f.unread for f in c.config.chain))
    objective = d.get("objective")
    if objective is not None:
        for i, name in enumerate(objective):
            if name not in c.board.index:
                c.add("the objective names " + unknown("territory", name, c.board.territories), "objective", i)
        if not d.get("objective_wins") and "victory" not in unread:
            c.add("the objective wins nothing: say 'victory … or objective'", "objective")
    elif d.get("objective_wins") and "objective" not in unread:
        c.add("'or objective' needs an 'objective' statement naming the territories to hold", "objective_wins")
    limit = d.get("round_limit")
    breaks = (limit["by"], *limit.get("then", ())) if limit else ()
    if "points" not in d and "points" in breaks and "points" not in unread:
        c.add("'by most points' needs a 'points' statement saying what a player's points are", "round_limit")
    elif "points" in d and "points" not in breaks and "victory" not in unread:
        c.warn("the points decide nothing: say 'victory … by most points' (or 'then points')", "points")


def hand_problems(c: Any) -> None:
    """A hand limit and card pieces need cards, and a limit must leave room for a set."""
    cards = c.data["cards"]
    for key, words in (("hand_limit", "a hand limit needs"), ("pieces", "card pieces need")):
        if key in cards and cards["sets"]["kind"] == "none":
            c.add(f"{words} cards, but 'sets none' has none", "cards", key)
        elif key == "hand_limit" and key in cards and cards[key] < SET_SIZE:
            c.add(f"a hand limit of {cards[key]} leaves no room for a set of {SET_SIZE} cards", "cards", key, "=")
    if "pieces" in cards and cards["draw"] == 0:
        c.add("card pieces need 'draw N per turn with conquest': the pieces a turn earns", "cards", "pieces")
