"""What the review of issue 45's merged parts found, each held by a test: a neutral army that acts
acts in rounds of orders too; partners who share a hand are told each other's cards, not their
missions; strong answers as balanced where orders are given together (its playouts cannot resume
a round); the environment refuses, in one line, rules it cannot encode."""

from __future__ import annotations

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

ACTING_ORDERS = """
rulebook acting-orders
extends classic
players 3 to 6
orders {
    given together
}
neutral {
    territories named iceland 3, peru 3
    grows 2 per territory a round
}
"""


def test_a_neutral_army_that_acts_acts_in_rounds_of_orders_too(write):
    rules = open_rulebook(write("acting-orders.risk", ACTING_ORDERS)).rules(None, 3)
    events: list[dict] = []
    Game(rules, [make_bot("random") for _ in range(3)], 1, max_turns=9, listeners=[events.append]).play()
    grown = [e for e in events if e["type"] == "neutral_grows"]
    rounds = [e["round"] for e in events if e["type"] == "turn_start"] or [e["round"] for e in events
                                                                          if e["type"] == "orders_given"]
    assert max(rounds) == 3
    assert len(grown) == 2 * 2  # rounds 2 and 3 (round 1 only infects), its two territories each


SHARED = ["victory missions", "teams 2 with fortify into partners, shared hand"]


def test_partners_sharing_a_hand_see_each_other_s_cards_not_their_missions():
    rules = open_rulebook("classic", sets=SHARED).rules(None, 4)
    heard: list[dict] = []
    game = Game(rules, [make_bot("balanced") for _ in range(4)], 3, max_turns=12)
    game.listeners.append(game.teller(0, heard.append))  # red; its partner is yellow (seats 0 and 2)
    game.play()
    partner, other = game.names[2], game.names[1]
    missions = {e["player"]: e for e in heard if e["type"] == "mission_dealt"}
    assert "mission" in missions[game.names[0]] and "mission" not in missions[partner]
    assert "mission" not in missions[other]
    drawn = [e for e in heard if e["type"] == "card_drawn"]
    assert any("card" in e for e in drawn if e["player"] == partner)
    assert all("card" not in e for e in drawn if e["player"] in (other, game.names[3]))


def test_strong_answers_as_balanced_where_orders_are_given_together():
    rules = open_rulebook("warzone-default").rules(None, 3)
    logs = []
    for bot in ("strong-2", "balanced"):
        events: list[dict] = []
        Game(rules, [make_bot(bot)] + [make_bot("random") for _ in range(2)], 5, max_turns=6,
             listeners=[events.append]).play()
        logs.append([e for e in events if e["type"] != "game_start"])
    assert logs[0] == logs[1]


@pytest.mark.parametrize("rules, words", [("warzone-default", "orders given together"),
                                          ("warzone-commanders", "special units")])
def test_the_environment_refuses_what_it_cannot_encode(rules, words):
    pytest.importorskip("pettingzoo", reason="the environment's extra (riskrules[env]) is not installed")
    from riskrules.env.played import Played

    with pytest.raises(ValueError) as refused:
        Played(rules, None, 3, 50, [], None, [None, None, None])
    assert str(refused.value) == f"the environment cannot play rules with {words} yet: {rules}"


def test_the_seat_protocol_puts_orders_and_units_as_its_schema_says():
    import json

    import jsonschema

    from riskrules.engine.agents.base import Agent
    from riskrules.engine.agents.seat_json import question
    from riskrules.resources import schema_path

    schema = json.loads(schema_path("seat.schema.json").read_text(encoding="utf-8"))
    questions = {"$ref": "#/$defs/question", "$defs": schema["$defs"]}
    jsonschema.Draft202012Validator.check_schema(questions)
    checker = jsonschema.Draft202012Validator(questions)  # (once: jsonschema.validate checks the schema each call)
    seen: set[str] = set()

    class Probe(Agent):  # a random seat whose every question is also put as the protocol puts it
        kind = "probe"

        def __init__(self):
            self.inner = make_bot("random")

        def start(self, view, seat, rng):
            super().start(view, seat, rng)
            self.inner.start(view, seat, rng)

        def decide(self, d):
            q = question(d, self.view, 1)
            checker.validate(q)
            seen.add(d.kind)
            if d.kind == "order":
                assert q["most"] == d.most
            if "units" in q["view"]:
                seen.add("a view with units")
            return self.inner.decide(d)

    for rules in ("warzone-default", "risk-2210-commanders"):
        Game(open_rulebook(rules).rules(None, 3), [Probe(), make_bot("random"), make_bot("random")], 1,
             max_turns=6).play()
    assert {"order", "unit", "a view with units"} <= seen
