"""`risk board import`: a Domination map (written here, in its format) becomes a board and a house rule that
play; every malformed variant gets a one-line error at its place."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.board import load_board
from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook
from riskrules.language.map_import import read_domination
from riskrules.language.map_named import read_map

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
])
def test_every_malformed_variant_gets_a_placed_error(folder, change, message):
    old, new = change
    assert old in MAP
    (folder / "two_lands.map").write_text(MAP.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RuleError) as err:
        read_domination(folder / "two_lands.map", "two_lands.map")
    assert err.value.first_line == message
    result = runner.invoke(app, ["board", "import", "two_lands.map"])
    assert (result.exit_code, result.output) == (1, "risk: " + message + "\n")
    assert not (folder / "two_lands.yaml").exists()


@pytest.mark.parametrize("cards, message", [
    ("[cards]\nInfantry 1\nTank 2\n", "two_lands.cards:3:1: a card is 'Infantry|Cavalry|Cannon country' or 'wildcard'"),
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
    other = runner.invoke(app, ["board", "import", "two_lands.map", "--format", "lux"])
    assert (other.exit_code, other.output) == (1, "risk: --format lux: the formats read are: domination, conquest, "
                                                  "conquerclub\n")


CONQUEST = """\
[Map]
author=riskrules tests
image=two_lands.bmp
wrap=no

[Continents]
North Land=3
South Land=2

[Territories]
Frost Fell,100,60,North Land,High Moor,Grey Water
High Moor,200,70,North Land,Frost Fell,Grey Water,Kings Holm
Grey Water,150,140,North Land,Frost Fell,High Moor,Kings Holm,Amber Coast
Kings Holm,250,150,North Land,High Moor,Grey Water,Sun Fields
Amber Coast,120,300,South Land,Grey Water,Sun Fields,Low Marsh
Sun Fields,220,310,South Land,Kings Holm,Amber Coast,Low Marsh,Tide Water
Low Marsh,170,380,South Land,Amber Coast,Sun Fields,Tide Water
Tide Water,280,390,South Land,Sun Fields,Low Marsh
"""

NAMES = ["Frost Fell", "High Moor", "Grey Water", "Kings Holm", "Amber Coast", "Sun Fields", "Low Marsh", "Tide Water"]
XY = [(100, 60), (200, 70), (150, 140), (250, 150), (120, 300), (220, 310), (170, 380), (280, 390)]
EDGES = [(1, 2), (1, 3), (2, 3), (2, 4), (3, 4), (3, 5), (4, 6), (5, 6), (5, 7), (6, 7), (6, 8), (7, 8)]


def conquer_club(neutral: bool = False) -> str:
    out = ["<?xml version=\"1.0\"?>", "<map>", "<continents>"]
    for name, bonus, members in (("North Land", 3, NAMES[:4]), ("South Land", 2, NAMES[4:])):
        out.append(f"<continent><name>{name}</name><bonus>{bonus}</bonus><components>"
                   + "".join(f"<territory>{m}</territory>" for m in members) + "</components></continent>")
    out += ["</continents>", "<territories>"]
    for k, name in enumerate(NAMES, 1):
        borders = [NAMES[b - 1] for a, b in EDGES if a == k] + [NAMES[a - 1] for a, b in EDGES if b == k]
        x, y = XY[k - 1]
        out.append(f"<territory>\n<name>{name}</name><borders>" + "".join(f"<border>{b}</border>" for b in borders)
                   + f"</borders><coordinates><smallx>{x // 2}</smallx><smally>{y // 2}</smally><largex>{x}</largex>"
                   f"<largey>{y}</largey></coordinates>" + ("<neutral>3</neutral>" if neutral and k == 8 else "")
                   + "</territory>")
    out += ["</territories>"] + (["<minreinforcement>4</minreinforcement>"] if neutral else []) + ["</map>"]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name, text, notes", [
    ("two_lands_cq.map", CONQUEST, ""),
    ("two_lands_cc.xml", conquer_club(neutral=True), ""),
])
def test_conquest_and_conquer_club_maps_import_the_same_board(folder, name, text, notes):
    (folder / name).write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["board", "import", name])
    stem = name.split(".")[0]
    assert (result.exit_code, result.output) == (0, notes + f"{stem.replace('_', ' ')}: 8 territories in 2 continents, "
                                                 f"12 borders.\nWritten: {stem}.yaml and {stem.replace('_', '-')}.risk. "
                                                 f"Play it: risk play {stem.replace('_', '-')}.risk\n")
    board = load_board(folder / f"{stem}.yaml", f"{stem}.yaml")
    assert board.territories == ("frost_fell", "high_moor", "grey_water", "kings_holm", "amber_coast", "sun_fields",
                                 "low_marsh", "tide_water")
    assert sorted(board.borders) == sorted((board.territories[a - 1], board.territories[b - 1]) for a, b in EDGES)
    assert board.layout.at[7] == (280, 390)
    rule = f"{stem.replace('_', '-')}.risk"
    assert runner.invoke(app, ["check", rule]).output == f"{rule}: ok\n"
    assert "North Land" in runner.invoke(app, ["rules", rule, "--lang", "en"]).output
    played = runner.invoke(app, ["play", rule, "--humans", "0", "--players", "3", "--seed", "2", "--log", "g.jsonl",
                                 "--quiet"])
    assert played.exit_code == 0 and played.output.startswith("winner: ")
    assert "all" in runner.invoke(app, ["replay", "g.jsonl"]).output
    simulated = runner.invoke(app, ["simulate", rule, "--games", "6", "--workers", "1", "--json"])
    assert simulated.exit_code == 0 and '"games": 6' in simulated.output


@pytest.mark.parametrize("change, message", [
    (("North Land=3", "North Land=three"), "two_lands_cq.map:7:1: a continent is 'Name=bonus'"),
    (("Tide Water,280,390,South Land,", "Tide Water,280,South Land,"), "two_lands_cq.map:18:1: a territory is "
                                                                       "'Name,x,y,Continent,Neighbour,…'"),
    (("Low Marsh,170,380,South Land", "Low Marsh,170,380,Middle Land"), "two_lands_cq.map:17:1: the continent "
                                                                         "'Middle Land' is not one of [Continents]"),
])
def test_a_malformed_conquest_map(folder, change, message):
    old, new = change
    assert old in CONQUEST
    (folder / "two_lands_cq.map").write_text(CONQUEST.replace(old, new, 1), encoding="utf-8")
    result = runner.invoke(app, ["board", "import", "two_lands_cq.map"])
    assert result.exit_code == 1 and result.output.splitlines()[0] == "risk: " + message


@pytest.mark.parametrize("change, message", [
    (("<bonus>3</bonus>", "<bonus>lots</bonus>"), "two_lands_cc.xml:4:1: a continent has a <name> and a <bonus>"),
    (("<largex>150</largex>", "<largex>far</largex>"), "two_lands_cc.xml:13:1: a territory has a <name> and "
                                                       "<coordinates> with <largex> and <largey>"),
    (("<border>Tide Water</border>", "<border>Atlantis</border>"), "two_lands_cc.xml:19:1: the border 'Atlantis' of "
                                                                    "'Sun Fields' is not another territory of the map"),
    (("</map>", "</mapp>"), "two_lands_cc.xml:25:1: not well-formed XML (mismatched tag)"),
    (("<map>", "<!DOCTYPE map [<!ENTITY a 'aaaa'>]><map>"), "two_lands_cc.xml: a map with a DOCTYPE or ENTITY "
                                                            "declaration is not read"),
])
def test_a_malformed_conquer_club_map(folder, change, message):
    text = conquer_club()
    old, new = change
    assert old in text
    (folder / "two_lands_cc.xml").write_text(text.replace(old, new, 1), encoding="utf-8")
    result = runner.invoke(app, ["board", "import", "two_lands_cc.xml"])
    assert result.exit_code == 1 and result.output.splitlines()[0] == "risk: " + message
    line = message.split(":")[1]
    if line.isdigit():  # the place is the line of the element that is wrong
        wrong = text.replace(old, new, 1).splitlines()[int(line) - 1]
        assert new.split(">")[1].split("<")[0] in wrong or new in wrong


MISSIONS = """
[missions]
2 0 0 0 0 0 Destroy the blue army
0 5 0 0 0 0 Occupy 5 countries
0 4 2 0 0 0 Occupy 4 countries with 2 armies each
0 0 0 1 * 0 Conquer North Land and one more
0 0 0 1 2 0 Conquer North Land and South Land
"""


def test_missions_of_the_cards_file_in_the_rule_language(folder):
    (folder / "two_lands.cards").write_text(CARDS + MISSIONS, encoding="utf-8")
    assert runner.invoke(app, ["board", "import", "two_lands.map"]).exit_code == 0
    rule = (folder / "two-lands.risk").read_text(encoding="utf-8")
    assert ("# the map's own missions, for 2 to 5 players; played with: --set \"victory missions\"\nmissions {\n"
            "    destroy blue or else occupy 4 territories  # Destroy the blue army\n"
            "    occupy 5 territories  # Occupy 5 countries\n"
            "    occupy 4 territories with 2 armies each  # Occupy 4 countries with 2 armies each\n"
            "    conquer north_land and one more  # Conquer North Land and one more\n"
            "    conquer north_land and south_land  # Conquer North Land and South Land\n}\n") in rule
    played = runner.invoke(app, ["play", "two-lands.risk", "--humans", "0", "--players", "3", "--seed", "2",
                                 "--set", "victory missions", "--quiet"])
    assert (played.exit_code, played.output) == (0, "winner: red, reason: mission, turns: 3, seed: 2\n")


@pytest.mark.parametrize("line, message", [
    ("0 0 0 3 0 0 Conquer the third land", "two_lands.cards:13:1: a mission names no continent of the map, or one "
                                           "it does not have"),
    ("9 0 0 0 0 0 Destroy nine", "two_lands.cards:13:1: a mission destroys player 9: the colours are 6"),
    ("0 x 0 0 0 0 What", "two_lands.cards:13:1: a mission is 'player countries armies continent continent continent "
                         "text'"),
])
def test_a_malformed_mission(folder, line, message):
    (folder / "two_lands.cards").write_text(CARDS + "\n[missions]\n" + line + "\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        read_domination(folder / "two_lands.map", "two_lands.map")
    assert err.value.first_line == message


def test_a_border_given_one_way_is_a_one_way_border_and_the_engine_follows_it(folder):
    """Tide Water may attack Low Marsh, not back: the board says so, every attack and fortify option
    of whole games follows it (and the options kept between decisions are the fresh ones)."""
    from test_engine_options import fresh_attack_options, watched_game

    (folder / "two_lands.map").write_text(MAP.replace("7 5 6 8", "7 5 6"), encoding="utf-8")
    result = runner.invoke(app, ["board", "import", "two_lands.map"])
    assert result.output.splitlines()[0] == "Two Lands: 8 territories in 2 continents, 12 borders (1 of them one way)."
    board = load_board(folder / "two_lands.yaml", "two_lands.yaml")
    assert board.one_way == (("tide_water", "low_marsh"),)
    low, tide = board.index["low_marsh"], board.index["tide_water"]
    assert low in board.adjacent[tide] and tide not in board.adjacent[low]
    assert tide in board.incoming[low] and low not in board.incoming[tide]
    from riskrules.text.board_svg import board_svg
    from riskrules.text.i18n import Text

    assert board_svg(board, Text("en"), title="t").count('marker-end="url(#arrow)"') == 1  # drawn with its arrow
    twice = (folder / "two_lands.yaml").read_text(encoding="utf-8").replace(
        "one_way:", "one_way:\n  - [sun_fields, low_marsh]", 1)
    (folder / "twice.yaml").write_text(twice, encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(folder / "twice.yaml", "twice.yaml")
    assert err.value.first_line.endswith("the border sun_fields–low_marsh is listed twice")
    rules = open_rulebook(folder / "two-lands.risk").rules(None, 2)
    game = Game(rules, [make_bot("random") for _ in range(2)], 1)
    for t in range(board.size):
        game.set_owner(t, 0 if t != low else 1)
        game.armies[t] = 5
    assert (tide, low) in fresh_attack_options(game, 0) and game.attack_options(0) == fresh_attack_options(game, 0)
    game.set_owner(tide, 1)
    game.set_owner(low, 0)
    assert (low, tide) not in game.attack_options(0)
    attacks = 0
    for players in (2, 3, 4):
        for bot in ("random", "balanced"):
            attacks += watched_game(open_rulebook(folder / "two-lands.risk").rules(None, players), players, bot,
                                    seed=3, max_turns=80)["attack"]
    assert attacks > 100


def variants(text: str):
    """Damaged copies of a map, made line by line: each line left out, cut in half, doubled, and each
    number in it made a word, negative or huge."""
    lines = text.splitlines(keepends=True)
    for k, line in enumerate(lines):
        yield "".join(lines[:k] + lines[k + 1:])
        yield "".join(lines[:k] + [line[:len(line) // 2] + "\n"] + lines[k + 1:])
        yield "".join(lines[:k] + [line, line] + lines[k + 1:])
        for number in set(re.findall(r"\d+", line)):
            for bad in ("x", "-" + number, "9" * 12):
                yield "".join(lines[:k] + [line.replace(number, bad, 1)] + lines[k + 1:])


@pytest.mark.parametrize("name, text", [("two_lands.map", MAP), ("two_lands_cq.map", CONQUEST),
                                        ("two_lands_cc.xml", conquer_club(neutral=True))])
def test_every_generated_damage_imports_or_is_refused_at_a_place(folder, name, text):
    """Whatever the damage: the map imports (and its board loads), or every problem has a place
    (a line, or the file named) — never another exception."""
    (folder / "two_lands.cards").unlink()
    tried = refused = 0
    for damaged in variants(text):
        (folder / name).write_text(damaged, encoding="utf-8")
        tried += 1
        try:
            imported = read_map(folder / name, name)
        except RuleError as err:
            refused += 1
            assert all((p.pos is not None and p.pos.file == name and p.pos.line >= 1) or p.message.startswith(name)
                       for p in err.problems), err.problems
            continue
        (folder / "out.yaml").write_text(imported.board_yaml(), encoding="utf-8")
        try:
            load_board(folder / "out.yaml", "out.yaml")
        except RuleError as err:  # a board the map makes may still be refused: not connected, say — in words
            assert err.problems and all(p.message for p in err.problems)
    assert tried > 100 and refused > 20


def test_an_imported_rule_shows_and_simulates(folder):
    assert runner.invoke(app, ["board", "import", "two_lands.map"]).exit_code == 0
    shown = runner.invoke(app, ["rules", "two-lands.risk", "--lang", "en"])
    assert shown.exit_code == 0 and "north_land 3" not in shown.output and "North Land" in shown.output
    simulated = runner.invoke(app, ["simulate", "two-lands.risk", "--games", "12", "--workers", "1", "--json"])
    assert simulated.exit_code == 0 and '"games": 12' in simulated.output


def test_board_name_at_the_table_shows_a_one_way_border(folder):
    from riskrules.terminal.board import territory_view
    from riskrules.text.i18n import Text

    (folder / "two_lands.map").write_text(MAP.replace("7 5 6 8", "7 5 6"), encoding="utf-8")
    assert runner.invoke(app, ["board", "import", "two_lands.map"]).exit_code == 0
    game = Game(open_rulebook(folder / "two-lands.risk").rules(None, 2), [make_bot("random") for _ in range(2)], 1)
    board = game.board
    for t in range(board.size):
        game.set_owner(t, t % 2)
        game.armies[t] = 1 + t
    view = game.sights[0]
    low, tide = board.index["low_marsh"], board.index["tide_water"]
    assert territory_view(view, Text("en"), low).splitlines()[-1] == "  Tide Water (blue, 8) (one way: attacks here only)"
    assert territory_view(view, Text("en"), tide).splitlines()[-1] == \
        "  Low Marsh (red, 7) (one way: attacked from here only)"


def test_conquer_clubs_starting_neutrals_are_held_by_a_neutral_army(folder):
    """<neutral>3</neutral> on Tide Water: the house rule's neutral army holds it with 3 armies, and a game
    of 3 players starts so (the rest dealt to the players)."""
    (folder / "two_lands_cc.xml").write_text(conquer_club(neutral=True), encoding="utf-8")
    assert runner.invoke(app, ["board", "import", "two_lands_cc.xml"]).exit_code == 0
    rule = (folder / "two-lands-cc.risk").read_text(encoding="utf-8")
    assert "neutral {\n    territories named tide_water 3\n}\n" in rule
    assert "    territories max(4, territories // 3)\n" in rule  # its <minreinforcement>
    assert runner.invoke(app, ["check", "two-lands-cc.risk"]).output == "two-lands-cc.risk: ok\n"
    events = []
    Game(open_rulebook(folder / "two-lands-cc.risk").rules(None, 3), [make_bot("balanced") for _ in range(3)], 4,
         listeners=[events.append], max_turns=300).play()
    claims = [e for e in events if e["type"] == "claim"]
    assert claims[0] == {"type": "claim", "turn": 0, "player": "neutral", "territory": "tide_water"}
    assert [e for e in events if e["type"] == "place" and e["player"] == "neutral"][0]["armies"] == 2
    assert len(claims) == 8 and all(e["player"] != "neutral" for e in claims[1:])
    assert events[-1]["type"] == "game_over"


@pytest.mark.parametrize("text, message", [
    ("""rulebook nn\nextends classic\nneutral {\n    territories named alsaka 3\n}\n""",
     "nn.risk:4:23: unknown territory 'alsaka'; did you mean 'alaska'?"),
    ("""rulebook nn\nextends classic\nneutral {\n    territories named alaska 0\n}\n""",
     "nn.risk:4:30: the neutral army's alaska needs at least 1 army"),
    ("""rulebook nn\nextends classic\nneutral {\n    territories named alaska 3, alaska 2\n}\n""",
     "nn.risk:4:33: the territory 'alaska' is named twice"),
])
def test_named_neutral_territories_are_checked(folder, text, message):
    (folder / "nn.risk").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", "nn.risk"])
    assert result.exit_code == 1 and result.output.splitlines()[0] == message
