"""The rule sheet's rows of seat compensation (issue 46): extra armies by seat — a place in the order
of play, seat 1 the player who moves first — at the start and in each seat's first turn."""

from __future__ import annotations

from .i18n import Text


def _by_seat(values: tuple[int, ...], t: Text) -> str:
    return ", ".join(t._("seat {n}").format(n=i + 1) + f": {v:+d}" for i, v in enumerate(values))


def seat_rows(rules, add, t: Text) -> None:
    """Extra starting armies by seat, and extra armies in each seat's first turn."""
    if rules.seat_armies:
        # Translators: a row label of the rule sheet: starting armies that differ by seat (seat compensation)
        add("setup.seat_armies", t._("Extra starting armies by seat"),
            t._("{seats}, seat 1 moving first; seats not named get none").format(
                seats=_by_seat(rules.seat_armies, t)))
    if rules.income is not None and rules.income.first_turn:
        # Translators: a row label of the rule sheet: armies added to each seat's income in its first turn only
        add("reinforcements.first_turn", t._("Extra armies in the first turn by seat"),
            t._("{seats}, seat 1 moving first; seats not named get none; the income is never below 0").format(
                seats=_by_seat(rules.income.first_turn, t)))
