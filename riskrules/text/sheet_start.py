"""The rule sheet's rows of the start rules of issue 43 (warlords, cities, a territory limit, an even
deal, armies on each territory, removed territories, wastelands, a scenario): called by sheet._rows."""

from __future__ import annotations

from ..language.rules import Rules
from .i18n import Text


def start_rows(rules: Rules, add, t: Text) -> None:
    """The start rules of issue 43 (after today's setup rows)."""
    s = rules.start
    if s is None:
        return
    names = rules.board.territories
    if s.scenario:
        held: dict[int, list[str]] = {}
        for x, seat, armies in s.scenario:
            held.setdefault(seat, []).append(f"{t.territory(names[x])} {armies}")
        parts = [(t.term("neutral") if seat < 0 else t._("seat {n}").format(n=seat + 1)) + ": " + ", ".join(v)
                 for seat, v in sorted(held.items(), key=lambda kv: (kv[0] < 0, kv[0]))]
        # Translators: a row label of the rule sheet: a whole start given per seat (owner and armies of territories)
        add("setup.scenario", t._("Scenario"), t._("{seats}; territories not named start neutral with {n} each; "
                                                    "nothing is placed").format(seats="; ".join(parts),
                                                                                n=s.neutral_start))
    if s.pickable == "warlords":
        # Translators: a row label of the rule sheet: which territories may be dealt or drafted (warlords, cities)
        add("setup.pickable", t._("Pickable territories"), t._(
            "only one territory of each continent, drawn at random, may be dealt or drafted, each player "
            "getting as many as the others; every other territory starts neutral"))
    elif s.pickable == "cities":
        add("setup.pickable", t._("Pickable territories"), t._(
            "all but one territory of each continent (the one left out is drawn at random) may be dealt or "
            "drafted, each player getting as many as the others; every other territory starts neutral"))
    if s.limit is not None:
        # Translators: a row label of the rule sheet: how many territories each player starts with
        add("setup.limit", t._("Territory limit"), t.n_("{n} territory each; the rest start neutral",
                                                         "{n} territories each; the rest start neutral",
                                                         s.limit).format(n=s.limit))
    elif s.even and not s.pickable:  # (warlords and cities say it in their own row)
        # Translators: a row label of the rule sheet: every player is dealt as many territories as the others
        add("setup.even", t._("Even deal"), t._("every player the same number of territories; those left over "
                                                "start neutral (there may be none)"))
    if s.armies_each is not None:
        # Translators: a row label of the rule sheet: the armies put on every starting territory (nothing placed)
        add("setup.armies_each", t._("Armies on each territory"), t.n_(
            "{n} army on every starting territory; nothing is placed",
            "{n} armies on every starting territory; nothing is placed", s.armies_each).format(n=s.armies_each))
    if s.remove:
        # Translators: a row label of the rule sheet: territories taken out of play at the start
        add("setup.remove", t._("Removed territories"), t.n_(
            "{n} territory drawn at random is out of play: no owner, no borders, not counted in its continent; "
            "the board is never split nor a continent emptied",
            "{n} territories drawn at random are out of play: no owner, no borders, not counted in their "
            "continents; the board is never split nor a continent emptied", s.remove).format(n=s.remove))
    count, armies = s.wastelands
    if count:
        # Translators: a row label of the rule sheet: neutral territories of another size (Warzone's wastelands)
        add("neutral.wastelands", t._("Wastelands"), t.n_(
            "{k} territory drawn at random starts neutral with {n} armies",
            "{k} territories drawn at random start neutral with {n} armies each", count).format(k=count, n=armies))
