"""The engine's quick paths (issue 47) play the same games as the general ones they stand for: a
battle of plain six-sided dice in one function (Battle.plain_battle) against Battle.battle, and
a connected-fortify question offering its regions (decisions.Regions, agents/regions.py)
against one offering every pair."""

from __future__ import annotations

from pathlib import Path

import pytest

from riskrules.engine import fortify as fortify_module
from riskrules.engine.agents import make_bot
from riskrules.engine.battle import Battle
from riskrules.engine.decisions import Decision, Regions
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = open_rulebook("classic").rules(None, 3)
CHAINED = open_rulebook(str(ROOT / "rulebooks" / "house" / "chained-fortify.risk")).rules(None, 3)


def played(rules, bots, seed, turns, general_battle=False):
    events = []
    game = Game(rules, [make_bot(b) for b in bots], seed, max_turns=turns, listeners=[events.append])
    if general_battle:
        game._fight = Battle.battle
    game.play()
    return game, events


def test_the_plain_battle_is_chosen_only_where_nothing_modifies_the_dice():
    assert Game(CLASSIC, [make_bot("random")] * 3, 1)._fight is Battle.plain_battle
    for name in ("experts-reroll", "eight-sided-dice"):  # (a die rolled again; dice of 8 sides)
        rules = open_rulebook(str(ROOT / "rulebooks" / "house" / f"{name}.risk")).rules(None, 3)
        assert rules.battle.modified and Game(rules, [make_bot("random")] * 3, 1)._fight is Battle.battle


@pytest.mark.parametrize("bots", [["random"] * 3, ["balanced"] * 3])
def test_the_plain_battle_plays_as_the_general_one(bots):
    quick, quick_events = played(CLASSIC, bots, 4, 60)
    assert quick._fight is Battle.plain_battle
    _, general_events = played(CLASSIC, bots, 4, 60, general_battle=True)
    assert quick_events == general_events
    assert sum(e["type"] == "battle" for e in quick_events) > 100


def test_a_connected_fortify_question_offers_its_regions():
    asked = []

    class Watching(type(make_bot("balanced"))):
        proven = True

        def decide(self, d):
            if isinstance(d, Regions):
                asked.append(d)
                region = d.reach[d.options[0][0]]
                assert d.options[0][1] in region and sorted(region) == region
                # the regions' answer is the pairs' answer (the same Decision without its regions)
                assert self.fortify(d) == self.fortify(Decision(d.kind, d.player, d.options, d.side, True))
            return super().decide(d)

    Game(CHAINED, [Watching() for _ in range(3)], 2, max_turns=60).play()
    assert len(asked) > 20


@pytest.mark.parametrize("bot", ["random", "balanced"])
def test_regions_play_as_every_pair(bot, monkeypatch):
    quick = played(CHAINED, [bot] * 3, 5, 90)[1]
    monkeypatch.setattr(fortify_module, "Regions",  # every pair made at once, no regions offered
                        lambda kind, player, make, side, optional, reach: Decision(kind, player, make(), side, optional))
    general = played(CHAINED, [bot] * 3, 5, 90)[1]
    assert quick == general
    assert sum(e["type"] == "fortify" for e in quick) > 15
