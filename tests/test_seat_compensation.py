"""Seat compensation as rules (issue 46, item 2): `extra starting armies by seat` and `extra first
turn armies by seat` — what each seat starts with and is given in its first turn, played from a
fixed seed; the sheet's rows, the narration, the round trip and the checks' words."""

from __future__ import annotations

from riskrules.engine.agents.random_agent import RandomAgent
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook
from riskrules.language.parse import read_rulebook
from riskrules.language.write import write_rulebook
from riskrules.text.i18n import Text
from riskrules.text.narrate import Narrator
from riskrules.text.sheet import build_sheet
from conftest import house, problems_of

BODY = """
    setup {
        extra starting armies by seat 0, 1, -2
    }
    reinforcements {
        extra first turn armies by seat 0, 0, 3
    }
"""


def play(write, turns: int, players: int = 3):
    rules = open_rulebook(write("house.risk", house(BODY))).rules(None, players)
    events: list[dict] = []
    game = Game(rules, [RandomAgent() for _ in range(players)], seed=1, listeners=[events.append])
    game.setup()
    start = [game.armies_of(s) for s in range(players)]
    game.max_turns = turns
    game.play()
    return rules, game, start, events


def test_each_seat_starts_with_the_table_and_its_extra(write):
    rules, _, start, _ = play(write, 0)
    assert (rules.seat_armies, rules.income.first_turn) == ((0, 1, -2), (0, 0, 3))
    assert start == [35, 36, 33]  # classic's 35 with 3 players: +0, +1, -2
    assert [rules.starting_armies_of(3, s) for s in range(3)] == [35, 36, 33]


def test_a_seat_past_the_list_gets_nothing_extra(write):
    rules, _, start, _ = play(write, 0, players=4)
    assert start == [30, 31, 28, 30]


def test_the_first_turn_gives_the_seat_its_extra_once(write):
    _, game, _, events = play(write, 6)
    by_seat = {}
    for e in events:
        if e["type"] == "reinforcements":
            by_seat.setdefault(e["player"], []).append(e)
    third = by_seat[game.names[2]]
    assert [e.get("from_seat") for e in third] == [3, None]
    first = third[0]
    assert first["total"] == first["from_territories"] + first["from_continents"] + 3 + first["from_cards"]
    assert all("from_seat" not in e for s in (0, 1) for e in by_seat[game.names[s]])
    line = Narrator(game.rules, Text("en"))(first)
    assert line == (f"{game.names[2].capitalize()} receives {first['total']} armies "
                    f"({first['from_territories']} for {first['territories_held']} territories; "
                    "3 for this seat's first turn).")


def test_the_sheet_says_both(write):
    rows = {k.split("/")[1]: v for k, (_, _, v) in
            build_sheet(open_rulebook(write("house.risk", house(BODY))), None, Text("en"), 3).rows().items()}
    assert rows["setup.seat_armies"] == "seat 1: +0, seat 2: +1, seat 3: -2; seats not named get none"
    assert rows["reinforcements.first_turn"] == ("seat 1: +0, seat 2: +0, seat 3: +3; seats not named get none; "
                                                 "the income is never below 0")


def test_written_back_it_reads_the_same(write):
    path = write("house.risk", house(BODY))
    text = write_rulebook(read_rulebook(path, path.name))
    assert "    extra starting armies by seat 0, 1, -2\n" in text
    assert "    extra first turn armies by seat 0, 0, 3\n" in text
    again = open_rulebook(write("again.risk", text)).rules(None, 3)
    assert (again.seat_armies, again.income.first_turn) == ((0, 1, -2), (0, 0, 3))


def test_more_seats_than_the_rules_seat_is_refused(write):
    assert problems_of(write, house("""
        setup {
            extra starting armies by seat 0, 1, 2, 3, 4, 5, 6
        }
    """)) == ("house.risk:4:5: 'extra starting armies by seat' gives 7 seats: these rules seat at most 6 players\n"
              "        extra starting armies by seat 0, 1, 2, 3, 4, 5, 6\n        ^")


def test_an_expression_is_not_a_seat_number(write):
    found = problems_of(write, house("""
        setup {
            extra starting armies by seat 0, players
        }
    """))
    assert found.splitlines()[0].startswith("house.risk:4:38: unexpected 'players'")
