"""Issue 49, "Accept what the formats allow": a deck that covers part of the map, missions with more than
one continent of the player's choice, a map whose borders all go one way (tests/data/maps49/, written here
in Domination's format, each the shape of a community map that was refused), and every flag of
`risk board import` checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.board import load_board
from riskrules.language.loader import open_rulebook

runner = CliRunner()
DATA = Path(__file__).parent / "data" / "maps49"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    load_board.cache_clear()
    for found in DATA.iterdir():
        shutil.copy(found, tmp_path / found.name)
    return tmp_path


def imported(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["board", "import", *args])
    return result.exit_code, result.output


def played(rule: str, seed: int, players: int) -> str:
    game = Game(open_rulebook(Path(rule)).rules(None, players), [make_bot("balanced") for _ in range(players)], seed,
                max_turns=200)
    return game.play().reason


def test_a_deck_of_part_of_the_map_and_missions_of_many_choices_import_check_and_play(folder):
    code, output = imported("alpen.map")
    assert (code, output.splitlines()) == (0, [
        "risk: note: alpen.map: its map image 'alpen_map.gif' is not beside it: drawn from its positions",
        "risk: note: alpen.cards: no card for country 8 and 2 more: given symbols in turn (a board's deck has a "
        "card for every territory)",
        "risk: note: alpen.cards:14: the mission 'Conquer three continents of your choice' asks for 3 continents "
        "of the player's choice and names none: set aside (a mission of riskrules names a continent, and at most one "
        "more of choice)",
        "risk: note: alpen.cards:15: the mission 'Conquer the Côte d'Azur and two continents of your choice' asks "
        "for 2 continents of the player's choice: set aside (a mission of riskrules names a continent, and at most "
        "one more of choice)",
        "Die Alpen (Test): 10 territories in 4 continents, 13 borders.",
        "Written: alpen.yaml and alpen.risk. Play it: risk play alpen.risk"])
    board = load_board(folder / "alpen.yaml", "alpen.yaml")
    symbols = [board.symbols[s] for s in board.card_symbol]
    # the cards file's own for 1 to 7; the three it leaves out in turn, as a map without a cards file
    assert symbols == ["infantry", "cavalry", "artillery", "infantry", "cavalry", "artillery", "infantry",
                       "cavalry", "artillery", "infantry"]
    assert board.jokers == 2
    assert runner.invoke(app, ["check", "alpen.risk"]).output == "alpen.risk: ok\n"
    rule = (folder / "alpen.risk").read_text(encoding="utf-8")
    assert rule.count("    conquer ") == 1 and "    conquer tirol and one more  # Conquer Tirol and one continent of your " \
                                                 "choice\n" in rule
    assert played("alpen.risk", 1, 3) == "domination"
    game = runner.invoke(app, ["play", "alpen.risk", "--humans", "0", "--players", "3", "--seed", "4",
                               "--set", "victory missions", "--quiet"])
    assert (game.exit_code, game.output) == (0, "winner: blue, reason: mission, turns: 1, seed: 4\n")


@pytest.mark.parametrize("line, message", [
    ("0 0 0 0 0 0 Nothing at all", "alpen.cards:14:1: a mission names no continent of the map, or one it does not "
                                   "have"),
    ("0 0 0 5 * * Conquer the fifth", "alpen.cards:14:1: a mission names no continent of the map, or one it does "
                                      "not have"),
])
def test_a_mission_naming_no_continent_or_one_not_there_is_still_refused(folder, line, message):
    text = (folder / "alpen.cards").read_text(encoding="utf-8")
    head = text.split("[missions]")[0]
    (folder / "alpen.cards").write_text(head + "[missions]\n" + line + "\n", encoding="utf-8")
    assert imported("alpen.map") == (1, f"risk: {message}\n")


def test_a_mission_of_choices_alone_is_set_aside(folder):
    cards = (folder / "alpen.cards").read_text(encoding="utf-8").split("[missions]")[0]
    (folder / "alpen.cards").write_text(cards + "[missions]\n0 0 0 * 0 0\n", encoding="utf-8")
    code, output = imported("alpen.map")
    assert code == 0 and output.splitlines()[2] == (
        "risk: note: alpen.cards:14: the mission '0 0 0 * 0 0' asks for 1 continent of the player's choice and "
        "names none: set aside (a mission of riskrules names a continent, and at most one more of choice)")
    assert "    occupy 5 territories\n" in (folder / "alpen.risk").read_text(encoding="utf-8")  # (the map's size)


def test_a_map_whose_borders_all_go_one_way_imports_checks_draws_and_plays(folder):
    assert imported("kreisel.map") == (0, "Kreisel: 8 territories in 2 continents, 10 borders (10 of them one "
                                          "way).\nWritten: kreisel.yaml and kreisel.risk. Play it: risk play "
                                          "kreisel.risk\n")
    text = (folder / "kreisel.yaml").read_text(encoding="utf-8")
    assert "borders: []  # every border of the map goes one way\none_way:" in text
    board = load_board(folder / "kreisel.yaml", "kreisel.yaml")
    assert (board.borders, len(board.one_way)) == ((), 10)
    assert board.adjacent[0] == (1,) and board.incoming[0] == (7,)  # Start → Bahnhof; Mühle → Start
    assert runner.invoke(app, ["check", "kreisel.risk"]).output == "kreisel.risk: ok\n"
    drawn = runner.invoke(app, ["board", "show", "kreisel.yaml", "--svg", "k.svg"])
    assert drawn.exit_code == 0 and (folder / "k.svg").read_text(encoding="utf-8").count('marker-end="url(#arrow)"') == 10
    game = runner.invoke(app, ["play", "kreisel.risk", "--humans", "0", "--seed", "1", "--quiet"])
    assert (game.exit_code, game.output) == (0, "winner: blue, reason: domination, turns: 23, seed: 1\n")
    assert [played("kreisel.risk", seed, players) for seed, players in ((1, 2), (2, 4), (3, 6))] == \
        ["opponent_eliminated", "domination", "domination"]  # (2 players: the neutral army is left)


def test_a_board_file_with_no_border_both_ways_is_a_board(folder):
    (folder / "ring.yaml").write_text(
        "id: ring\ncontinents:\n  a: [x, y, z]\nborders: []\none_way:\n  - [x, y]\n  - [y, z]\n  - [z, x]\n"
        "deck:\n  symbols: [infantry]\n  jokers: 0\n  cards: {x: infantry, y: infantry, z: infantry}\n",
        encoding="utf-8")
    board = load_board(folder / "ring.yaml", "ring.yaml")
    assert (board.adjacent, board.incoming) == (((1,), (2,), (0,)), ((2,), (0,), (1,)))


def test_every_flag_is_checked(folder):
    assert imported("alpen.map", "--cards", "nope.cards") == (1, "risk: nope.cards: no such file\n")
    (folder / "ring_cq.map").write_text("[Map]\n[Continents]\nA=1\n[Territories]\na,1,1,A,b\nb,2,2,A,c\n"
                                        "c,3,3,A,a\n", encoding="utf-8")
    assert imported("ring_cq.map", "--cards", "alpen.cards") == (
        1, "risk: --cards alpen.cards: only a Domination map has a cards file (ring_cq.map is read as a Conquest "
           "map)\n")
    assert imported("ring_cq.map", "--cards", "nope.cards") == (1, "risk: nope.cards: no such file\n")
    assert imported("alpen.map", "--out", "alpen.map") == (1, "risk: --out alpen.map: not a directory\n")
    code, output = imported("kreisel.map", "--out", "maps/kreisel")
    assert code == 0 and output.endswith("Written: maps/kreisel/kreisel.yaml and maps/kreisel/kreisel.risk. Play "
                                         "it: risk play maps/kreisel/kreisel.risk\n")
    assert runner.invoke(app, ["check", "maps/kreisel/kreisel.risk"]).output == "maps/kreisel/kreisel.risk: ok\n"


def test_one_continent_is_said_in_the_singular(folder):
    (folder / "one.map").write_text("[Map]\n[Continents]\nA=1\n[Territories]\na,1,1,A,b\nb,2,2,A,c\nc,3,3,A,a\n",
                                    encoding="utf-8")
    assert imported("one.map")[1].splitlines()[0] == "one: 3 territories in 1 continent, 3 borders (3 of them one way)."
