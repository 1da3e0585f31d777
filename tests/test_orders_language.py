"""Orders given together (issue 45), the language: `orders { … }`, `fortify { moved armies stay }`
and the cards `orders first` / `orders last` — their meaning, every error word for word, the sheet,
the writer's round trip and `--set`."""

from __future__ import annotations

import pytest

from conftest import house, problems_of
from riskrules.language.loader import open_rulebook
from riskrules.language.orders import OrderRules
from riskrules.language.parse import parse_rulebook
from riskrules.language.write import write_rulebook
from riskrules.text.i18n import Text
from riskrules.text.sheet import build_sheet

EVERYTHING = """
orders {
    given together
    move order no luck cycle
    multi-attack no
    attack only and transfer only no
}
fortify { moved armies stay }
cards {
    card priority: orders first, pieces 4
    card delay: orders last, pieces 4, weight 2
}
"""


def test_the_orders_section_compiles(write):
    rules = open_rulebook(write("house.risk", house(EVERYTHING))).rules(None, 3)
    assert rules.orders == OrderRules(together=True, move_order="no_luck_cycle", multi_attack=False, modes=False,
                                      moved_stay=True)
    assert [(k.name, k.effect, k.target) for k in rules.cards.kinds.kinds] == [
        ("priority", "orders_first", None), ("delay", "orders_last", None)]


def test_every_earlier_rulebook_has_no_orders():
    assert open_rulebook("classic").rules(None, 3).orders is None


def test_moved_armies_stay_alone_keeps_turns(write):
    rules = open_rulebook(write("house.risk", house("fortify { moved armies stay }"))).rules(None, 3)
    assert rules.orders == OrderRules(together=False, moved_stay=True)


ERRORS = [
    ("orders {\n    move order cycle\n}\n",
     "house.risk:4:5: 'move order' says how orders given together are carried out: say 'given together' in the "
     "orders section\n        move order cycle\n        ^"),
    ("orders {\n    given in turns\n    multi-attack no\n}\n",
     "house.risk:5:5: 'multi-attack' says how orders given together are carried out: say 'given together' in the "
     "orders section\n        multi-attack no\n        ^"),
    ("cards { card prio: orders first, pieces 4 }\n",
     "house.risk:3:9: the card 'prio' (orders first) needs orders given together: 'orders { given together }'\n"
     "    cards { card prio: orders first, pieces 4 }\n            ^"),
    ("orders {\n    move order randon\n}\n",
     "house.risk:4:16: unexpected 'randon'; expected one of: cycle, no, random; did you mean 'random'?\n"
     "        move order randon\n                   ^"),
    ("orders {\n    given togther\n}\n",
     "house.risk:4:11: unexpected 'togther'; expected one of: in, together; did you mean 'together'?\n"
     "        given togther\n              ^"),
    ("orders {\n    multiattack no\n}\n",
     "house.risk:4:5: unknown statement 'multiattack'; did you mean 'multi-attack'?\n        multiattack no\n"
     "        ^"),
    ("orders { given together }\nturn reinforce, attack, neutral attack\nneutral {\n    territories 6 start 3\n    attacks active player\n}\n",
     "house.risk:4:1: 'neutral attack' cannot be played with orders given together: only the seats give orders\n"
     "    turn reinforce, attack, neutral attack\n    ^\n"
     "house.risk:7:5: with 3 players nobody plays the neutral army: it cannot attack; say so inside "
     "'for 2 players { … }'\n        attacks active player\n        ^"),
]


@pytest.mark.parametrize("body, expected", ERRORS, ids=[e[0].split("\n")[1].strip()[:30] for e in ERRORS])
def test_errors_word_for_word(write, body, expected):
    assert problems_of(write, house(body)) == expected


def test_the_sheet_says_it(write):
    book = open_rulebook(write("house.risk", house(EVERYTHING)))
    rows = build_sheet(book, None, Text("en"), 3).rows()
    assert rows["game/game.orders"][2].startswith("given together: each player gives his deployments")
    assert rows["game/game.move_order"][2] == ("seat order, then the next player first each round; each player's first "
                                          "order in that order, then each one's second in the reverse order, "
                                          "and so on")
    assert rows["game/game.multi_attack"][2] == "no: armies that attacked or moved this round stay where they are"
    assert rows["fortify/fortify.moved_stay"][2] == "armies moved this turn do not move again"
    assert rows["cards/cards.kind.priority"][2].startswith("one's first order of the round goes before the others'")


def test_the_writer_round_trips_it():
    book = parse_rulebook(house(EVERYTHING), "house")
    text = write_rulebook(book)
    assert "orders {\n    given together\n    move order no luck cycle\n    multi-attack no\n" in text
    assert "    card delay: orders last, pieces 4, weight 2\n" in text
    assert write_rulebook(parse_rulebook(text, "again")) == text


def test_set_gives_orders_together():
    rules = open_rulebook("classic", sets=["orders { given together }", "orders { move order cycle }"]).rules(None, 3)
    assert rules.orders == OrderRules(together=True, move_order="cycle")
