"""Issue 49, "Keep what the map says": territory and continent names exactly as the map writes them (accents,
other scripts, punctuation; ids stay ASCII), continent colours, the map's name, author and source in the
board, mission texts beside the missions — in every place a name is shown (board show, the drawing, the rule
sheet, a game)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.board import board_of_text, load_board
from riskrules.language.errors import RuleError
from riskrules.language.map_import import ident, said
from riskrules.language.map_named import read_conquest
from riskrules.text.board_svg import board_svg
from riskrules.text.i18n import Text

runner = CliRunner()
DATA = Path(__file__).parent / "data" / "maps49"
ALPEN = ["Kitzbühel", "St. Anton am Arlberg", "Zell am See", "Bad Gastein", "Zürich", "Genève", "Nice",
         "Saint-Tropez", "東京", "10 Downing St."]
SCHRIFT = ["Αθήνα", "Θεσσαλονίκη", "Москва", "Санкт-Петербург", "Paris (Rive Gauche)", "L'Haÿ-les-Roses",
           "Saint-Denis #93"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    load_board.cache_clear()
    for found in DATA.iterdir():
        shutil.copy(found, tmp_path / found.name)
    return tmp_path


def shown(board_file: str, lang: str = "en") -> tuple[list[str], list[str]]:
    board = load_board(Path(board_file), board_file)
    t = Text(lang, board=board)
    return [t.territory(i) for i in board.territories], [t.continent(c) for c in board.continents]


def test_a_domination_maps_names_colours_and_title_survive(folder):
    assert runner.invoke(app, ["board", "import", "alpen.map"]).exit_code == 0
    board = load_board(folder / "alpen.yaml", "alpen.yaml")
    assert board.territories == ("kitzbuhel", "st_anton_am_arlberg", "zell_am_see", "bad_gastein", "zurich",
                                 "geneve", "nice", "saint_tropez", "dongjing", "t_10_downing_st")
    assert board.continents == ("tirol", "salzburger_land", "schweiz_ch", "cote_d_azur")
    assert shown("alpen.yaml") == (ALPEN, ["Tirol", "Salzburger Land", "Schweiz (CH)", "Côte d'Azur"])
    assert shown("alpen.yaml", "de")[0] == ALPEN  # (a map's names are its author's, in every language)
    assert (board.title, board.about.author, board.about.source) == ("Die Alpen (Test)", None, "alpen.map (Domination)")
    assert board.about.colours == {"tirol": "#ff0000", "salzburger_land": "#90ee90", "schweiz_ch": "#3366cc",
                                   "cote_d_azur": "#ff00ff"}
    show = runner.invoke(app, ["board", "show", "alpen.risk"])
    assert show.output.splitlines()[:3] == [
        "Die Alpen (Test): 10 territories in 4 continents, 13 borders; drawn from its layout.",
        "  Tirol (+3): Kitzbühel, St. Anton am Arlberg", "  Salzburger Land (+2): Zell am See, Bad Gastein"]
    svg = board_svg(board, Text("en"), title=board.title)
    assert all(f">{name}<" in svg or name in svg for name in ALPEN)
    assert 'fill="#ff8c8c"' in svg  # Tirol's red, lightened
    sheet = runner.invoke(app, ["rules", "alpen.risk", "--lang", "en"]).output
    assert "Tirol 3, Salzburger Land 2, Schweiz (CH) 4, Côte d'Azur 2" in sheet and "Die Alpen (Test): 10 territories" in sheet


def test_a_conquest_maps_names_in_other_scripts_and_its_author_survive(folder):
    result = runner.invoke(app, ["board", "import", "schrift.map"])
    assert result.exit_code == 0
    text = (folder / "schrift.yaml").read_text(encoding="utf-8")
    assert text.startswith('# schrift — imported from a map of another program by `risk board import`.\n'
                           'id: schrift\nname: "schrift"\nauthor: "Ана Петрова & J. O\'Brien"\n'
                           'source: "schrift.map (Conquest)"\ncontinents:\n  ellada: [athina, thessaloniki]\n'
                           '  rossiya: [moskva, sankt_peterburg]\n'
                           '  ile_de_france: [paris_rive_gauche, l_hay_les_roses, saint_denis_93]\n')
    assert shown("schrift.yaml") == (SCHRIFT, ["Ελλάδα", "Россия", "Île-de-France"])
    assert runner.invoke(app, ["check", "schrift.risk"]).output == "schrift.risk: ok\n"
    game = runner.invoke(app, ["play", "schrift.risk", "--humans", "0", "--seed", "3"])
    assert game.exit_code == 0 and "Москва" in game.output and "Moskva" not in game.output


def test_a_conquer_club_maps_names_survive(folder):
    names = ["São Paulo", "Bora Bora & Tahiti", "Ōsaka <Kita>"]
    xml = ["<map>", "<continents><continent><name>Süd &amp; Ost</name><bonus>2</bonus><components>"
           + "".join(f"<territory>{n.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</territory>"
                     for n in names) + "</components></continent></continents>", "<territories>"]
    for k, name in enumerate(names):
        escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        others = "".join(f"<border>{o.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</border>"
                         for o in names if o != name)
        xml.append(f"<territory><name>{escaped}</name><borders>{others}</borders><coordinates><largex>{10 + 50 * k}"
                   f"</largex><largey>20</largey></coordinates></territory>")
    (folder / "sud.xml").write_text("\n".join(xml + ["</territories>", "</map>"]), encoding="utf-8")
    assert runner.invoke(app, ["board", "import", "sud.xml"]).exit_code == 0
    assert shown("sud.yaml") == (names, ["Süd & Ost"])
    assert load_board(folder / "sud.yaml", "sud.yaml").about.source == "sud.xml (Conquer Club)"


def test_mission_texts_stand_beside_the_missions(folder):
    assert runner.invoke(app, ["board", "import", "alpen.map"]).exit_code == 0
    assert ("missions {\n    conquer tirol and one more  # Conquer Tirol and one continent of your choice\n"
            "    destroy blue or else occupy 5 territories  # Destroy the blue army\n"
            "    occupy 6 territories  # Occupy 6 countries of your choice\n}\n") in \
        (folder / "alpen.risk").read_text(encoding="utf-8")


def test_a_colour_the_map_gives_that_names_none_is_noted(folder):
    text = (folder / "alpen.map").read_text(encoding="utf-8").replace("Tirol 3 red", "Tirol 3 rotweiss")
    (folder / "alpen.map").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["board", "import", "alpen.map"])
    assert result.output.splitlines()[0] == ("risk: note: alpen.map:13: the colour 'rotweiss' is not a colour name "
                                             "or #rrggbb: the continent is drawn in one of the palette's")
    assert "tirol" not in load_board(folder / "alpen.yaml", "alpen.yaml").about.colours


BOARD = "id: b\ncontinents:\n  a: [x, y, z]\nborders: [[x, y], [y, z]]\ndeck:\n  symbols: [s]\n  jokers: 0\n" \
        "  cards: {x: s, y: s, z: s}\n"


@pytest.mark.parametrize("extra, message", [
    ("colours: {a: red}\n", "b.yaml:9:14: colours.a: 'red' does not match '^#[0-9a-f]{6}$'"),
    ("names: {territories: {x: ''}}\n", "b.yaml:9:26: names.territories.x: '' should be non-empty"),
    ("names: {places: {x: X}}\n", "b.yaml:9:8: names: Additional properties are not allowed ('places' was "
                                  "unexpected)"),
    ("author: \"a\\tb\"\n", "b.yaml:9:9: author: 'a\tb' is not words on one line (no tab, line break or other control "
                               "character)"),
])
def test_the_boards_own_words_are_checked(extra, message):
    with pytest.raises(RuleError) as err:
        board_of_text(BOARD + extra, "b.yaml")
    assert err.value.first_line == message


def test_a_board_without_its_own_words_shows_its_ids_as_ever():
    board = board_of_text(BOARD, "b.yaml")
    assert (board.about, board.title, Text("en", board=board).territory("x")) == (None, "b", "X")
    named = board_of_text(BOARD + "name: Bé\nnames:\n  territories: {x: Ïks}\n", "b.yaml")
    assert (named.title, Text("en", board=named).territory("x"), Text("en").on(named).territory("y")) == \
        ("Bé", "Ïks", "Y")
    assert json.dumps(named.to_json()["names"], ensure_ascii=False) == '{"territories": {"x": "Ïks"}}'


NAME = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters=",;[="),
               min_size=1, max_size=30).map(str.strip).filter(lambda s: s and not s.startswith(("[", ";")))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(NAME, min_size=3, max_size=6, unique_by=str.lower))
def test_every_name_a_conquest_map_can_hold_survives_the_import(tmp_path_factory, names):
    """Any names (any script, punctuation, case) of a ring of territories come back as written, and ids are ASCII."""
    folder = tmp_path_factory.mktemp("names")
    rows = "".join(f"{n},{10 * k},{10 * k},Land,{names[k - 1]}\n" for k, n in enumerate(names))
    (folder / "any.map").write_text(f"[Continents]\nLand=1\n[Territories]\n{rows}", encoding="utf-8")
    imported = read_conquest(folder / "any.map", "any.map")
    (folder / "any.yaml").write_text(imported.board_yaml(), encoding="utf-8")
    board = board_of_text((folder / "any.yaml").read_text(encoding="utf-8"), "any.yaml")
    assert [Text("en", board=board).territory(i) for i in board.territories] == names
    assert all(i.isascii() for i in board.territories)


def test_ids_are_ascii_letters_of_the_name_in_any_script():
    assert [ident("Kitzbühel"), ident("Côte d'Azur"), ident("東京"), ident("Санкт-Петербург"), ident("10 Downing St."),
            ident("", "territory")] == ["kitzbuhel", "cote_d_azur", "dongjing", "sankt_peterburg", "t_10_downing_st",
                                        "territory"]


def test_a_name_with_a_tab_is_kept_on_one_line(tmp_path):
    """A board's words are one line: a tab in a map's name is a space (the reproducer of
    `python benchmarks/fuzz.py --kind imports --seed 49 --start 5 --count 1`)."""
    (tmp_path / "tab.map").write_text("[Continents]\nLand=1\n[Territories]\ntab\there,1,1,Land,b\nb,2,2,Land,tab\there,d\n"
                                      "d,3,3,Land,b\n", encoding="utf-8")
    board = board_of_text(read_conquest(tmp_path / "tab.map", "tab.map").board_yaml(), "tab.yaml")
    assert [Text("en", board=board).territory(i) for i in board.territories] == ["tab here", "b", "d"]
    assert said("a\u2028b") == '"a\\u2028b"'  # (a line separator escaped: YAML would fold it)
