"""Special units' events (issue 45) told as sentences (called by narrate.Narrator.tell). A unit's
name is the rule file's own."""

from __future__ import annotations

from .i18n import Text

UNIT_EVENTS = frozenset({"unit_placed", "unit_moved", "unit_lost", "unit_grown"})


def unit_line(e: dict, who: str, t: Text) -> str:
    kind, place, unit = e["type"], t.territory, e["unit"]
    if kind == "unit_placed":
        if e["strength"]:
            # Translators: a special unit (Warzone's commander, a boss) put on the board; {unit}: its name in the rules
            return t._("A {unit} of {player}, strength {n}, stands on {territory}.").format(
                unit=unit, player=who, n=t.num(e["strength"]), territory=place(e["territory"]))
        return t._("A {unit} of {player} stands on {territory}.").format(
            unit=unit, player=who, territory=place(e["territory"]))
    if kind == "unit_moved":
        return t._("The {unit} of {player} goes from {source} to {target}.").format(
            unit=unit, player=who, source=place(e["from"]), target=place(e["to"]))
    if kind == "unit_grown":
        return t._("The {unit} of {player} on {territory} grows to strength {n}.").format(
            unit=unit, player=who, territory=place(e["territory"]), n=t.num(e["strength"]))
    if "to_neutral" in e:
        # Translators: Warzone's commander killed: its owner is out, his territories go to the neutral army
        return t._("The {unit} of {player} falls on {territory}, killed by {by}: {player} is out and "
                   "his territories go to the neutral army.").format(
            unit=unit, player=who, territory=place(e["territory"]), by=t.player(e["by"]))
    return t._("The {unit} of {player} falls on {territory}, killed by {by}.").format(
        unit=unit, player=who, territory=place(e["territory"]), by=t.player(e["by"]))
