"""Seat compensation as rules (issue 46, item 2): `extra starting armies by seat` and `extra first
turn armies by seat` — what each seat (a place in the order of play: seat 1 moves first) starts
with and is given in its first turn, played from fixed seeds; the sheet's rows, the narration, the
round trip and the checks' words."""

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


def play(write, turns: int, players: int = 3, seed: int = 1):
    rules = open_rulebook(write("house.risk", house(BODY))).rules(None, players)
    events: list[dict] = []
    game = Game(rules, [RandomAgent() for _ in range(players)], seed=seed, listeners=[events.append],
                max_turns=turns)
    if turns:
        game.play()
    else:
        game.setup()
    return rules, game, [game.armies_of(s) for s in range(players)], events


def in_order_of_play(game, by_colour: list) -> list:
    return [by_colour[(game.first + i) % game.players] for i in range(game.players)]


def test_each_seat_starts_with_the_table_and_its_extra(write):
    rules, game, start, _ = play(write, 0)
    assert (rules.seat_armies, rules.income.first_turn) == ((0, 1, -2), (0, 0, 3))
    assert game.first == 2  # the seats are places in the order of play, not colours
    assert start == [36, 33, 35]
    assert in_order_of_play(game, start) == [35, 36, 33]  # classic's 35 with 3 players: +0, +1, -2
    assert [rules.starting_armies_of(3, s, 2) for s in range(3)] == [36, 33, 35]
    assert [rules.starting_armies_of(3, s, 0) for s in range(3)] == [35, 36, 33]


def test_whoever_moves_first_the_places_get_the_extras(write):
    firsts = set()
    for seed in range(1, 7):
        _, game, start, _ = play(write, 0, seed=seed)
        firsts.add(game.first)
        assert in_order_of_play(game, start) == [35, 36, 33], seed
    assert firsts == {0, 1, 2}


def test_a_seat_past_the_list_gets_nothing_extra(write):
    _, game, start, _ = play(write, 0, players=4)
    assert in_order_of_play(game, start) == [30, 31, 28, 30]


def test_the_first_turn_gives_the_seat_its_extra_once(write):
    _, game, _, events = play(write, 6)
    by_seat = {}
    for e in events:
        if e["type"] == "reinforcements":
            by_seat.setdefault(e["player"], []).append(e)
    last = game.names[(game.first + 2) % 3]  # the third to move
    assert last == game.names[1]
    third = by_seat[last]
    assert [e.get("from_seat") for e in third] == [3, None]
    first = third[0]
    assert first["total"] == first["from_territories"] + first["from_continents"] + 3 + first["from_cards"]
    assert all("from_seat" not in e for s in (0, 2) for e in by_seat[game.names[s]])
    line = Narrator(game.rules, Text("en"))(first)
    assert line == (f"{last.capitalize()} receives {first['total']} armies "
                    f"({first['from_territories']} for {first['territories_held']} territories; "
                    "3 for this seat's first turn).")


def test_the_sheet_says_both(write):
    rows = {k.split("/")[1]: v for k, (_, _, v) in
            build_sheet(open_rulebook(write("house.risk", house(BODY))), None, Text("en"), 3).rows().items()}
    assert rows["setup.seat_armies"] == ("seat 1: +0, seat 2: +1, seat 3: -2, seat 1 moving first; "
                                         "seats not named get none")
    assert rows["reinforcements.first_turn"] == ("seat 1: +0, seat 2: +0, seat 3: +3, seat 1 moving first; "
                                                 "seats not named get none; the income is never below 0")


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
