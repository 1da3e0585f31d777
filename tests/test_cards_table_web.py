"""Cards that do something on a game's page (issue 44): the play question as the page gets it (a
card each, with its line, its shape and its targets as numbers) and the page's answer read strictly
— on a hand-built play decision (SPEC44's option shapes)."""

from __future__ import annotations

import pytest

from riskrules.engine.decisions import PLAY, Decision
from riskrules.text.i18n import Text
from riskrules.web.answers import Malformed, read
from riskrules.web.view import described
from test_cards_table_terminal import table, screen  # noqa: F401  (the shared position and kinds)


def test_the_page_gets_a_card_each_with_its_line_and_targets(table):  # noqa: F811
    s = table[0]
    sc, d = screen(table)
    out = described(d, sc.human.view, Text("en"), 7, 0)
    assert out["prompt"] == "Play a card: click it, then its target; or play none."
    assert (out["kind"], out["number"], out["optional"], out["stay"]) == ("play", 7, True, 1)
    cards = {c["name"]: c for c in out["cards"]}
    assert [c["name"] for c in out["cards"]] == ["reinforcement", "spy", "recon", "surveillance", "airlift", "gift",
                                                "diplomacy", "sanctions", "bomb", "emergency-blockade"]
    assert cards["bomb"] == {"kind": 8, "name": "bomb", "shape": "territory",
                             "text": "bomb: kill 50% of the armies on an enemy territory next to yours — "
                                     "Alberta 3 → 1, Kamchatka 8 → 4",
                             "options": [[s.t("kamchatka")], [s.t("alberta")]]}
    assert {name: c["shape"] for name, c in cards.items()} == {
        "reinforcement": "none", "spy": "player", "recon": "territory", "surveillance": "continent",
        "airlift": "move", "gift": "give", "diplomacy": "players", "sanctions": "player", "bomb": "territory",
        "emergency-blockade": "territory"}
    assert cards["reinforcement"]["options"] == [[]]
    assert cards["airlift"]["options"] == [[s.t("alaska"), s.t("ural")]]
    assert cards["gift"]["options"] == [[s.t("alaska"), 1], [s.t("alaska"), 2]]
    assert cards["diplomacy"]["options"] == [[1, 2], [0, 1]]


@pytest.mark.parametrize("raw, answer", [
    ({"play": [8, 29]}, (8, 29)), ({"play": [4, 0, 26, 5]}, (4, 0, 26, 5)), ({"play": [0]}, (0,)),
    ({"play": None}, None),
])
def test_a_play_is_read(raw, answer):
    d = Decision(PLAY, 0, [(0,)], optional=True)
    assert read(d, raw) == (answer, [], None)


@pytest.mark.parametrize("raw, why", [
    ({"play": []}, "'play' is [kind, targets…] (at most 4 numbers), or null"),
    ({"play": [1, 2, 3, 4, 5]}, "'play' is [kind, targets…] (at most 4 numbers), or null"),
    ({"play": [1, "2"]}, "'play' is [kind, targets…] (at most 4 numbers), or null"),
    ({"play": [1, True]}, "'play' is [kind, targets…] (at most 4 numbers), or null"),
    ({"play": 3}, "'play' is [kind, targets…] (at most 4 numbers), or null"),
    ({"play": [1], "x": 1}, "expected an object with 'play'"),
])
def test_a_malformed_play_is_refused(raw, why):
    d = Decision(PLAY, 0, [(0,)], optional=True)
    with pytest.raises(Malformed) as refused:
        read(d, raw)
    assert str(refused.value) == why
