"""Orders given together at the terminal where the rules have no attack-only or transfer-only
orders (`attack only and transfer only no`): an order that says either is refused in one line, as
the page's is, rather than carried out as one that does not."""

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


def test_attack_only_is_refused_where_the_rules_have_no_such_order():
    shown: list[str] = []
    typed = iter(["alaska kamchatka 2 attack", "alaska alberta 2 transfer", "alaska kamchatka 2", "yes"])
    person = HumanAgent(Text("en"), read=lambda prompt: shown.append(prompt) or next(typed), write=shown.append)
    game = placed(RULES, [person, Script(), Script()], {"alaska": (0, 10), "alberta": (0, 3), "kamchatka": (1, 4)})
    person.start(game.sights[0], 0, random.Random(1))
    person._board_shown = game.turn
    options = [(t, u) for t in game.owned(0) for u in game.adjacent[t]]
    asked = OrderDecision(ORDER, 0, options, 0, True, 16, None, game.sights[0], ((0,), (), ()))
    assert person.decide(asked) == (0, T["alaska"], T["kamchatka"], 2)
    assert [line for line in shown if line.startswith("Not allowed")] == [
        "Not allowed: not an order these rules allow.", "Not allowed: not an order these rules allow."]
