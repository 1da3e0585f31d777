"""Cards that do something (issue 44) told in words: every card event of a game narrated in the
five languages; the English lines word for word."""

from __future__ import annotations

import dataclasses

import pytest

from cards_kinds import EVERY_KIND, kinds_rules
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.text.i18n import Text
from riskrules.text.narrate import Narrator

CARD_EVENTS = {"card_piece", "card_gained", "card_played", "card_effect_ended", "nuclear"}


@pytest.fixture(scope="module")
def game_events():
    rules = kinds_rules(tuple(dataclasses.replace(k, pieces=2, start=2) for k in EVERY_KIND), nuclear=True)
    events: list[dict] = []
    Game(rules, [make_bot("random") for _ in range(3)], 4, max_turns=40, listeners=[events.append]).play()
    return rules, events


@pytest.mark.parametrize("lang", ["cs", "de", "en", "nl", "sv"])
def test_every_card_event_is_told_in_each_language(game_events, lang):
    rules, events = game_events
    narrator = Narrator(rules, Text(lang))
    told = [e for e in events if e["type"] in CARD_EVENTS]
    assert {e["type"] for e in told} == CARD_EVENTS
    lines = [narrator(e) for e in told]
    assert all(lines) and not any("{" in line for line in lines)


def test_the_english_lines():
    rules = kinds_rules()
    n = Narrator(rules, Text("en"))
    said = [n({"type": "card_played", "turn": 3, "player": "red", **e}) for e in (
        {"card": "bomb", "effect": "strike", "territory": "kamchatka", "target": "blue", "killed": 5, "armies": 5},
        {"card": "airlift", "effect": "move", "from": "alaska", "to": "argentina", "armies": 5},
        {"card": "diplomacy", "effect": "forbid", "players": ["red", "blue"], "until_round": 2},
        {"card": "sanctions", "effect": "income", "target": "blue", "percent": 50, "until_round": 2},
        {"card": "spy", "effect": "see", "target": "yellow", "until_round": 2},
        {"card": "blockade", "effect": "abandon", "territory": "alaska", "armies": 12},
        {"card": "gift", "effect": "give", "territory": "alaska", "target": "yellow", "armies": 6},
        {"card": "reinforcement", "effect": "armies", "armies": 5},
        {"card": "bomb", "effect": "strike", "target": "blue"})]
    assert said == [
        "Red plays bomb on Kamchatka: 5 armies killed.",
        "Red plays airlift: 5 armies from Alaska to Argentina.",
        "Red plays diplomacy: no attacks between red and blue until round 2.",
        "Red plays sanctions: the income of blue cut by 50% until round 2.",
        "Red plays spy: sees the territories of yellow until round 2.",
        "Red plays blockade: Alaska goes to the neutral army with 12 armies.",
        "Red plays gift: gives Alaska to yellow.",
        "Red plays reinforcement: 5 armies more.",
        "Red plays bomb.",
    ]
    assert n({"type": "card_played", "turn": 3}) is None  # another's hidden play (sight.told)
    assert n({"type": "reinforcements", "turn": 4, "player": "blue", "territories_held": 15, "from_territories": 5,
              "continents_held": [], "from_continents": 0, "from_cards": 0, "total": 3, "cut": 2}) == \
        "Blue receives 3 armies (5 for 15 territories; 2 cut off by a card)."
