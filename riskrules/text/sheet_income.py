"""The rule sheet's rows of income beyond territories and continents (issue 43): local
deployments, autodeploy, decay, the card bonus placed anywhere, the caps, negative bonuses."""

from __future__ import annotations

from .i18n import Text


def income_rows(rules, t: Text, add) -> None:
    """The rows of what the reinforcements section says beyond territories and continents (issue 43)."""
    r = rules.income
    if r is None:
        return
    board = rules.board
    if any(isinstance(b, int) and b < 0 for b in rules.continent_bonus):
        add("reinforcements.negative", t._("Income"),
            t._("territories and continents together, a negative bonus taken off; never below 0"))
    if r.local:
        add("reinforcements.local", t._("Local deployments"),
            t._("each continent's bonus is placed inside that continent; the rest anywhere"))
    if r.autodeploy:
        add("reinforcements.autodeploy", t._("Autodeploy"), t._("{places}: placed there at the start of its "
                                                                "holder's turn").format(
            places=", ".join(f"{t.territory(board.territories[k])} {n}" for k, n in r.autodeploy)))
    if r.decay:
        add("reinforcements.decay", t._("Decay"), t._("{places}: lost there at the start of its holder's turn, "
                                                      "never the last army").format(
            places=", ".join(f"{t.territory(board.territories[k])} {n}" for k, n in r.decay)))
    if r.card_bonus_anywhere:
        add("reinforcements.card_bonus", t._("Card bonus"),
            t._("the territory bonus of traded cards joins the armies to place, anywhere (not on the territory)"))
    if r.territory_cap is not None:
        add("reinforcements.territory_cap", t._("Armies per territory"),
            t._("at most {n}: none placed, moved in or moved beyond it; armies with no room left are lost").format(
                n=r.territory_cap))
    if r.income_cap is not None:
        add("reinforcements.income_cap", t._("Income cap"),
            t._("{expression}: the income (cards aside) is at most this, never below 0").format(
                expression=r.income_cap.text))
