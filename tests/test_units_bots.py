"""The bots with special units (issue 45; agents/unit_values.py): balanced reckons a unit's strength
under kill rates, goes for another's commander when the odds allow and keeps its armies about its
own."""

from __future__ import annotations

import random

from riskrules.engine.agents import make_bot
from riskrules.engine.decisions import ATTACK, FORTIFY, Decision

from scenario import Scenario


def balanced_for(s: Scenario, seat: int = 0):
    bot = make_bot("balanced")
    bot.start(s.game.sights[seat], seat, random.Random(1))
    return bot


def test_balanced_attacks_the_commanders_territory_of_two_alike():
    s = Scenario("warzone-commanders", 3, holds={"alberta": (0, 30), "ontario": (1, 2), "northwest_territory": (1, 2)})
    g = s.game
    g.units[s.t("ontario")] = [[0, 7, 0]]
    bot = balanced_for(s)
    options = [(s.t("alberta"), s.t("northwest_territory")), (s.t("alberta"), s.t("ontario"))]
    assert bot.decide(Decision(ATTACK, 0, options, 0, True, view=g.sights[0])) == options[1]


def test_balanced_reckons_a_commander_as_seven_armies():
    """3 armies and a commander fight as 10: 5 attackers (4 committed) do not take it."""
    s = Scenario("warzone-commanders", 3, holds={"alberta": (0, 5), "ontario": (1, 3)})
    g = s.game
    bot = balanced_for(s)
    plain = bot.chance(0, s.t("alberta"), s.t("ontario"))
    g.units[s.t("ontario")] = [[0, 7, 0]]
    assert plain > 0.6 and bot.chance(0, s.t("alberta"), s.t("ontario")) == 0.0


def test_balanced_keeps_its_armies_about_its_own_commander():
    behind = {"alaska": (0, 1), "northwest_territory": (0, 1), "western_united_states": (0, 1)}
    s = Scenario("warzone-commanders", 3, holds={"alberta": (0, 9), "ontario": (0, 1), "quebec": (1, 3), **behind})
    g = s.game
    bot = balanced_for(s)
    options = [(s.t("alberta"), s.t("ontario"))]
    assert bot.decide(Decision(FORTIFY, 0, options, 0, True, view=g.sights[0])) is not None
    g.units[s.t("alberta")] = [[0, 7, 0]]
    bot._plan_turn = None
    assert bot.decide(Decision(FORTIFY, 0, options, 0, True, view=g.sights[0])) is None
