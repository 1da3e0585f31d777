"""Marks (issue 43), the language: board marks and their errors, battle modifiers, dice sides and
the re-roll — each typical mistake word for word; the sheet, the writer and --set."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import house, problems_of
from riskrules.cli import app
from riskrules.language.board import board_of_text
from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook
from riskrules.resources import rulebooks_dir

runner = CliRunner()
ISLES = (rulebooks_dir() / "house" / "walled-isles.yaml").read_text(encoding="utf-8")


def board_problems(text: str) -> str:
    with pytest.raises(RuleError) as err:
        board_of_text(text, "isles.yaml")
    return "\n".join(p.format() for p in err.value.problems)


# ---- the board ---------------------------------------------------------------------------------

def test_the_marked_board_indexes_its_marks():
    board = board_of_text(ISLES, "isles.yaml")
    i = board.index
    assert board.marked("capital") == {i["kingsholm"], i["sunfields"], i["saltpans"]}
    assert board.marked("nothing") == frozenset()
    assert board.marked_borders("wall") == {(i["kingsholm"], i["ambercoast"]), (i["ravenscar"], i["redcliffs"])}
    # impassable: no border for attack or fortify (or sight), either way
    assert i["greywater"] not in board.adjacent[i["highmoor"]]
    assert i["highmoor"] not in board.adjacent[i["greywater"]]
    assert i["highmoor"] not in board.incoming[i["greywater"]]
    assert board.to_json()["border marks"]["impassable"] == [["highmoor", "greywater"]]


BOARD_MISTAKES = [
    (("capital: [kingsholm", "capital: [kingshom"),
     "isles.yaml:33:13: unknown territory 'kingshom'; did you mean 'kingsholm'?\n"
     "      capital: [kingshom, sunfields, saltpans]\n"
     "                ^"),
    (("[ravenscar, redcliffs]]", "[ravenscar, lastport]]"),
     "isles.yaml:35:35: the border mark 'wall' is on ravenscar–lastport, which is not a border\n"
     "      wall: [[kingsholm, ambercoast], [ravenscar, lastport]]\n"
     "                                      ^"),
    (("impassable: [[highmoor, greywater]]", "impassable: [[kingsholm, ambercoast], [tidewater, emberwood]]"),
     "isles.yaml:10:3: the board is not connected: ambercoast, sunfields, lowmarsh, tidewater cannot be reached "
     "from 'frostfell'\n"
     "      - [frostfell, highmoor]\n"
     "      ^"),
    (("  capital:", "  Capital:"),
     "isles.yaml:33:3: marks: 'Capital' is not a mark's name: lower case letters, digits and _, beginning with a "
     "letter\n"
     "      Capital: [kingsholm, sunfields, saltpans]\n"
     "      ^"),
]


@pytest.mark.parametrize("change, expected", BOARD_MISTAKES, ids=["territory", "border", "connected", "name"])
def test_board_mistake(change, expected):
    old, new = change
    assert old in ISLES
    assert board_problems(ISLES.replace(old, new)) == expected


# ---- the rules ---------------------------------------------------------------------------------

NAMES = ("alive_players, armies, attacker_armies, attacker_capital, attacker_neutral, board_continents, "
         "board_territories, cards, continents, defender_armies, defender_capital, defender_neutral, own_trades, "
         "players, round, territories, trades")

MISTAKES = [
    ("battle {\n    defender dice + 1 when defender_capitol\n}",
     "house.risk:4:28: unknown name 'defender_capitol'; did you mean 'defender_capital'? "
     f"(names allowed here: {NAMES})\n"
     "        defender dice + 1 when defender_capitol\n"
     "                               ^"),
    ("battle {\n    defender dice + 1 when border_wall\n}",
     "house.risk:4:28: unknown name 'border_wall': the board classic marks no border 'wall' (its border marks: none)\n"
     "        defender dice + 1 when border_wall\n"
     "                               ^"),
    ("battle {\n    ties attacker when defender_armies\n}",
     "house.risk:4:24: 'defender_armies' is a number, not a test: compare it, as in 'defender_armies > 1'\n"
     "        ties attacker when defender_armies\n"
     "                           ^"),
    ("battle {\n    attacker dice - 1 when attacker_armies // (defender_armies - 1) > 2\n}",
     "house.risk:4:48: 'attacker_armies // (defender_armies - 1) > 2' can divide by zero: 'defender_armies - 1' "
     "can be 0 (with defender_armies from 1 to 1,000,000)\n"
     "        attacker dice - 1 when attacker_armies // (defender_armies - 1) > 2\n"
     "                                                   ^"),
    ("battle {\n    defender dice + 0 when defender_capital\n}",
     "house.risk:4:5: a dice change of 0 changes nothing: write + 1 to + 3, or - 1 to - 3\n"
     "        defender dice + 0 when defender_capital\n"
     "        ^"),
    ("battle {\n    defender dice + 4 when defender_capital\n}",
     "house.risk:4:5: battle.modifiers.0.change: 4 is greater than the maximum of 3\n"
     "        defender dice + 4 when defender_capital\n"
     "        ^"),
    ("battle {\n" + "    defender dice + 3 when defender_capital\n" * 3 + "    defender dice + 1 when round > 2\n}",
     "house.risk:3:1: the defender's dice modifiers add up to 10 dice: at most 9\n"
     "    battle {\n"
     "    ^"),
    ("battle {\n    dice sides 1\n}",
     "house.risk:4:5: battle.sides: 1 is less than the minimum of 2\n"
     "        dice sides 1\n"
     "        ^"),
    ("cards {\n    sets none\n}\nbattle {\n    reroll one die with a card of the territory\n}",
     "house.risk:7:5: a re-roll is paid with a card, but 'sets none' plays without cards\n"
     "        reroll one die with a card of the territory\n"
     "        ^"),
]


@pytest.mark.parametrize("body, expected", MISTAKES, ids=[str(i) for i in range(len(MISTAKES))])
def test_typical_mistake(write, body, expected):
    assert problems_of(write, house(body)) == expected


def test_a_misspelt_mark_of_the_board_gets_a_did_you_mean(write):
    text = "rulebook house\nextends walled-isles\nbattle {\n    attacker dice - 1 when border_wal\n}\n"
    assert problems_of(write, text).split(" (names allowed")[0] == \
        "house.risk:4:28: unknown name 'border_wal'; did you mean 'border_wall'?"


def test_the_compiled_modifiers(write):
    path = write("house.risk", house("""
        battle {
            dice sides 8
            defender dice + 1 when defender_capital
            attacker dice - 1 when attacker_neutral and round > 2
            ties attacker when defender_neutral
        }"""))
    b = open_rulebook(path).rules(None, 3).battle
    assert (b.sides, b.modified, b.reroll) == (8, True, False)
    m = b.modifiers
    assert [(a, c, t.text) for a, c, t in m.dice] == [(False, 1, "defender_capital"),
                                                     (True, -1, "attacker_neutral and round > 2")]
    assert [(d, t.text) for d, t in m.ties] == [(False, "defender_neutral")]
    assert [name for name, _ in m.counts] == ["attacker_neutral", "defender_capital", "defender_neutral", "round"]
    assert m.steady
    # a battle's dice: the table's, changed, then held within 1 and what the armies allow
    env = {"attacker_neutral": 1, "defender_capital": 1, "defender_neutral": 0, "round": 3}
    assert m.apply(env, 3, 2, True, 5, 7) == (2, 3, True)
    assert m.apply(env, 1, 2, True, 1, 2) == (1, 2, True)
    assert m.apply({**env, "defender_neutral": 1, "round": 1}, 3, 1, True, 5, 1) == (3, 1, False)
    plain = open_rulebook("classic").rules(None, 3).battle
    assert (plain.sides, plain.modified, plain.modifiers) == (6, False, None)


def test_a_later_block_replaces_the_modifiers_and_none_removes_them(write):
    write("parent.risk", house("battle {\n    defender dice + 1 when defender_capital\n}", ) .replace("house", "parent"))
    child = write("house.risk", 'rulebook house\nextends "parent.risk"\nbattle {\n    ties attacker when '
                                'defender_neutral\n}\nvariant plain "Plain" {\n    battle {\n        modifiers none\n'
                                '        reroll none\n    }\n}\n')
    book = open_rulebook(child)
    assert book.rules().model["battle"]["modifiers"] == [{"ties": "attacker", "when": "defender_neutral"}]
    assert book.rules(["plain"]).battle.modifiers is None


def test_sheet_diff_and_set():
    sheet = runner.invoke(app, ["rules", "walled-isles", "--lang", "en"])
    assert sheet.exit_code == 0
    assert ("Battle modifiers               the defender may roll 1 die more when defender_capital;\n"
            "                                 the defender may roll 1 die more when border_wall;\n"
            "                                 never fewer than 1 die, nor more than the armies allow") in sheet.stdout
    diff = runner.invoke(app, ["diff", "classic", "eight-sided-dice", "--json", "--lang", "en"])
    assert json.loads(diff.stdout) == [{"section": "Battle", "rule": "Dice", "classic": "—",
                                        "eight-sided-dice": "8 sides"}]
    de = runner.invoke(app, ["rules", "classic", "--set", "battle { attacker dice - 2 when attacker_neutral }",
                             "--lang", "de"])
    assert de.exit_code == 0
    assert "der Angreifer wirft 2 Würfel weniger, wenn attacker_neutral" in de.stdout
    wrong = runner.invoke(app, ["rules", "classic", "--set", "battle { ties attacker when defender_neutrl }"])
    assert wrong.exit_code == 1
    assert wrong.output.startswith("risk: --set:1:29: unknown name 'defender_neutrl'; did you mean "
                                   "'defender_neutral'?")
