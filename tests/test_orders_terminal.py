"""Orders given together (issue 45) at the terminal: a person types the round's short order list,
sees it shown back, and sends it; the engine's `order` questions are then answered from it."""

from __future__ import annotations

import random

from cards_kinds import placed
from riskrules.engine.schedule.orders import ORDER, OrderDecision
from riskrules.language.loader import open_rulebook
from riskrules.terminal.human import HumanAgent
from riskrules.text.i18n import Text
from scenario import Script

RULES = open_rulebook("warzone-default").rules(None, 3)
T = RULES.board.index


def person_and_decision(typed: list[str]):
    shown: list[str] = []
    answers = iter(typed)
    person = HumanAgent(Text("en"), read=lambda prompt: shown.append(prompt) or next(answers), write=shown.append)
    game = placed(RULES, [person, Script(), Script()], {"alaska": (0, 10), "alberta": (0, 3), "kamchatka": (1, 4)})
    person.start(game.sights[0], 0, random.Random(1))
    person._board_shown = game.turn  # (the turn's first screen is not what is tested)
    options = [(t, u) for t in game.owned(0) for u in game.adjacent[t]]
    shown_deploy = ((T["alaska"], 3),)

    def asked(given=()):
        return OrderDecision(ORDER, 0, options, 0, True, 16, None, game.sights[0], ((0, 1, 2), shown_deploy,
                                                                                     tuple(given)))
    return person, asked, shown


def test_an_order_list_is_typed_shown_back_and_sent():
    person, asked, shown = person_and_decision(["alaska kamchatka 12 attack; alb alaska 2", "yes"])
    first = person.decide(asked())
    assert first == (1, T["alaska"], T["kamchatka"], 12)
    assert "Your deployments this round: Alaska +3" in shown
    assert "Your orders: 'from to armies [attack|transfer]', separated by ';', or Enter for none: " in shown
    assert "Your orders:\n  1) Alaska → Kamchatka, 12, attack\n  2) Alberta → Alaska, 2" in shown
    assert "Send these orders? (yes/no): " in shown
    assert person.decide(asked([first])) == (0, T["alberta"], T["alaska"], 2)
    assert person.decide(asked([first, (0, T["alberta"], T["alaska"], 2)])) is None


def test_a_list_not_sent_or_not_allowed_is_asked_again():
    person, asked, shown = person_and_decision(["alaska kamchatka 20", "alaska kamchatka", "alaska kamchatka 2",
                                                "no", ""])
    assert person.decide(asked()) is None
    assert "Not allowed: order between 1 and 16 armies." in shown
    assert "Not allowed: type 'from to armies' for each order: alaska kamchatka." in shown
    assert "Not allowed: not sent: type the orders again." in shown


def test_hostile_order_lists_are_refused_in_one_line():
    hostile = ["x" * 100000, "alaska kamchatka -5", "alaska kamchatka 99999999999999999999999",
               "alaska; ; ;", "alaska kamchatka 3 attack attack", "\u202e\u0000 3", "alaska alaska 1"]
    person, asked, shown = person_and_decision(hostile + [""])
    assert person.decide(asked()) is None
    refusals = [line for line in shown if line.startswith("Not allowed: ")]
    assert len(refusals) == len(hostile) and all("\n" not in line and len(line) < 400 for line in refusals)


def test_orders_are_narrated_in_every_language():
    from riskrules.text.narrate import Narrator

    order = {"type": "order", "turn": 4, "player": "red", "from": "alaska", "to": "kamchatka", "mode": "either",
             "asked": 5, "done": "skipped", "armies": 0, "why": "source_lost"}
    transfer = {**order, "done": "transfer", "armies": 2}
    del transfer["why"]
    lines = {lang: [Narrator(RULES, Text(lang))(e) for e in (order, transfer)] for lang in ("en", "de", "sv")}
    assert lines["en"] == ["The order of red from Alaska to Kamchatka is skipped: it no longer holds Alaska.",
                           "Red transfers 2 armies from Alaska to Kamchatka (an order)."]
    assert lines["de"][1] == "Rot verlegt 2 Armeen von Alaska nach Kamtschatka (ein Befehl)."
    assert all(line for texts in lines.values() for line in texts)
