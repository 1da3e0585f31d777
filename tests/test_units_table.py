"""A person places his special unit (issue 45: `1 each chosen at the start`) at the terminal and in
the browser's page: the question names the unit; a territory of another is refused with why."""

from __future__ import annotations

from riskrules.engine.decisions import UNIT, Decision
from riskrules.text.i18n import Text
from riskrules.web.view import described

from scenario import Scenario
from test_prompts import Screen


def test_a_person_types_where_his_commander_stands():
    s = Scenario("risk-2210-commanders", 3, holds={"alberta": (0, 3), "ontario": (1, 2), "quebec": (0, 1)})
    screen = Screen(s, typed=["ontario", "queb"])
    options = [s.t("alberta"), s.t("quebec")]
    assert screen.ask(Decision(UNIT, 0, options, 0, False, 0, None, None, ("land",))) == s.t("quebec")
    assert screen.asked[0].endswith("Where does your land stand (one of your territories)? ")
    assert any("Ontario" in line for line in screen.refusals())


def test_the_page_asks_for_a_click_naming_the_unit():
    s = Scenario("risk-2210-commanders", 3, holds={"alberta": (0, 3), "quebec": (0, 1)})
    d = Decision(UNIT, 0, [s.t("quebec"), s.t("alberta")], 0, False, 0, None, s.game.sights[0], ("diplomat",))
    page = described(d, s.game.sights[0], Text("de"), 1, 0)
    assert page["options"] == sorted([s.t("quebec"), s.t("alberta")])
    assert page["prompt"] == "Wo steht dein diplomat? Klicke eines deiner Gebiete an."
