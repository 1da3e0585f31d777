"""Lines of the neutral army's own moves (issue 45: neutrals that act): an infection, a
territory taken back, growth. Its attacks are told as any player's (narrate.py)."""

from __future__ import annotations

from .i18n import Text

SIDES_EVENTS = frozenset({"neutral_infects", "neutral_takes_back", "neutral_grows"})


def sides_line(e: dict, t: Text) -> str:
    kind, place, num = e["type"], t.territory, t.num
    if kind == "neutral_infects":
        return t.n_("The neutral army infects {territory} of {player}: {n} army joins it.",
                    "The neutral army infects {territory} of {player}: {n} armies join it.", e["armies"]).format(
            territory=place(e["territory"]), player=t.player(e["from"]), n=num(e["armies"]))
    if kind == "neutral_takes_back":
        return t.n_("The neutral army takes {territory} back from {player}, with {n} army.",
                    "The neutral army takes {territory} back from {player}, with {n} armies.", e["armies"]).format(
            territory=place(e["territory"]), player=t.player(e["from"]), n=num(e["armies"]))
    return t.n_("The neutral army grows by {n} army on {territory}.",
                "The neutral army grows by {n} armies on {territory}.", e["armies"]).format(
        territory=place(e["territory"]), n=num(e["armies"]))
