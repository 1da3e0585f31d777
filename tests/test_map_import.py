"""`risk board import`: a Domination map (written here, in its format) becomes a board and a house rule that
play; every malformed variant gets a one-line error at its place."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.board import load_board
from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook
from riskrules.language.map_import import read_domination

runner = CliRunner()

MAP = """\
; two_lands.map — written here for riskrules' tests: a Domination map of 8 countries
name Two Lands
ver 1

[files]
pic two_lands_pic.jpg
crd two_lands.cards

[continents]
North_Land 3 blue
South_Land 2 red

[countries]
1 Frost_Fell 1 100 60
2 High_Moor 1 200 70
3 Grey_Water 1 150 140
4 Kings_Holm 1 250 150
5 Amber_Coast 2 120 300
6 Sun_Fields 2 220 310
7 Low_Marsh 2 170 380
8 Tide_Water 2 280 390

[borders]
1 2 3
2 1 3 4
3 1 2 4 5
4 2 3 6
5 3 6 7
6 4 5 7 8
7 5 6 8
8 6 7
"""
CARDS = "[cards]\nInfantry 1\nCavalry 2\nCannon 3\nInfantry 4\nCavalry 5\nCannon 6\nInfantry 7\nCavalry 8\nwildcard\n"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two_lands.map").write_text(MAP, encoding="utf-8")
    (tmp_path / "two_lands.cards").write_text(CARDS, encoding="utf-8")
    return tmp_path


def test_a_map_imports_checks_plays_and_replays(folder):
    result = runner.invoke(app, ["board", "import", "two_lands.map"])
    assert (result.exit_code, result.output) == (0, "Two Lands: 8 territories in 2 continents, 12 borders.\n"
                                                    "Written: two_lands.yaml and two-lands.risk. Play it: risk play "
                                                    "two-lands.risk\n")
    board = load_board(folder / "two_lands.yaml", "two_lands.yaml")
    assert board.territories[:3] == ("frost_fell", "high_moor", "grey_water")
    assert board.continents == ("north_land", "south_land") and len(board.borders) == 12
    assert board.layout.at[0] == (100, 60) and (board.layout.width, board.layout.height) == (320, 430)
    assert board.card_symbol[2] == board.symbols.index("artillery") and board.jokers == 1  # Cannon; one wildcard
    assert runner.invoke(app, ["check", "two-lands.risk"]).output == "two-lands.risk: ok\n"
    rules = open_rulebook(folder / "two-lands.risk").rules(None, 3)
    assert list(rules.continent_bonus) == [3, 2]
    played = runner.invoke(app, ["play", "two-lands.risk", "--humans", "0", "--players", "3", "--seed", "1",
                                 "--log", "g.jsonl", "--quiet"])
    assert played.exit_code == 0 and played.output.startswith("winner: ")
    assert "all" in runner.invoke(app, ["replay", "g.jsonl"]).output
    for bot in ("random", "balanced"):  # and with every player count the rule allows
        for players in range(2, 7):
            game = Game(open_rulebook(folder / "two-lands.risk").rules(None, players),
                        [make_bot(bot) for _ in range(players)], 5, max_turns=300)
            assert game.play().reason in ("domination", "opponent_eliminated", "turn_limit")


def test_a_map_without_its_cards_file_deals_symbols_in_turn(folder):
    (folder / "two_lands.cards").unlink()
    imported = read_domination(folder / "two_lands.map", "two_lands.map")
    assert imported.cards is None and imported.jokers == 2
    assert "    frost_fell: infantry\n    high_moor: cavalry\n    grey_water: artillery\n" in imported.board_yaml()


@pytest.mark.parametrize("change, message", [
    (("[borders]", "[bridges]"), "two_lands.map:23:1: unknown section [bridges]: a map has [files], [continents], "
                                 "[countries], [borders]"),
    (("1 Frost_Fell 1 100 60", "1 Frost_Fell 1 100"), "two_lands.map:14:1: a country is 'id Name continent x y'"),
    (("2 High_Moor 1 200 70", "3 High_Moor 1 200 70"), "two_lands.map:15:1: country 3 is out of order: the countries "
                                                        "are numbered 1, 2, 3 … (expected 2)"),
    (("3 Grey_Water 1 150 140", "3 Grey_Water 7 150 140"), "two_lands.map:16:1: continent 7 is not one of the 2 "
                                                            "continents above"),
    (("4 Kings_Holm 1 250 150", "4 Kings_Holm 1 250 999999"), "two_lands.map:17:1: the position 250, 999999 is "
                                                               "outside 0 to 100000"),
    (("North_Land 3 blue", "North_Land three blue"), "two_lands.map:10:1: a continent is 'Name bonus colour'"),
    (("8 6 7", "8 6 x"), "two_lands.map:31:1: a border line is 'id neighbour neighbour …', all numbers"),
    (("8 6 7", "8 6 7 9"), "two_lands.map:31:1: country 8 borders 9, which is not another of the 8 countries"),
    (("7 5 6 8", "7 5 6"), "two_lands.map:31:1: the border 8 → 7 goes one way only (tide_water may attack low_marsh, "
                           "not back): one-way borders are not played yet"),
])
def test_every_malformed_variant_gets_a_placed_error(folder, change, message):
    old, new = change
    assert old in MAP
    (folder / "two_lands.map").write_text(MAP.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RuleError) as err:
        read_domination(folder / "two_lands.map", "two_lands.map")
    assert err.value.first_line == message
    result = runner.invoke(app, ["board", "import", "two_lands.map"])
    assert result.exit_code == 1 and result.output.startswith("risk: " + message)
    assert not (folder / "two_lands.yaml").exists()


@pytest.mark.parametrize("cards, message", [
    ("[cards]\nInfantry 1\nTank 2\n", "two_lands.cards:3:1: a card is 'Infantry|Cavalry|Cannon country' or 'wildcard'"),
    ("[cards]\nInfantry 1\n", "two_lands.cards: no card for country 2 and 6 more"),
])
def test_a_malformed_cards_file(folder, cards, message):
    (folder / "two_lands.cards").write_text(cards, encoding="utf-8")
    with pytest.raises(RuleError) as err:
        read_domination(folder / "two_lands.map", "two_lands.map")
    assert err.value.first_line == message


def test_not_a_map_and_the_commands_refusals(folder):
    (folder / "notes.map").write_text("hello\n", encoding="utf-8")
    assert runner.invoke(app, ["board", "import", "notes.map"]).output == \
        "risk: notes.map: no [countries]: not a Domination map\n"
    assert runner.invoke(app, ["board", "import", "two_lands.map"]).exit_code == 0
    again = runner.invoke(app, ["board", "import", "two_lands.map"])
    assert (again.exit_code, again.output) == (1, "risk: two_lands.yaml: exists; give --force to write over it\n")
    assert runner.invoke(app, ["board", "import", "two_lands.map", "--force"]).exit_code == 0
    other = runner.invoke(app, ["board", "import", "two_lands.map", "--format", "conquest"])
    assert (other.exit_code, other.output) == (1, "risk: --format conquest: the formats read are: domination\n")
