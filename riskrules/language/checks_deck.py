"""Checks of the deck and the goal (issue 43): the objective, its `or objective`, the points a
tie-break by points counts, a hand limit and card pieces. Functions of a checks._Checker `c`
(its `data`, `board` and `add`)."""

from __future__ import annotations

from typing import Any

from .errors import unknown

SET_SIZE = 3


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
