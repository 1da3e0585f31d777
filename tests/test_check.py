"""Tools for rule authors: `risk check` in one run, its warnings and JSON, the sheet per player
count, `risk diff --players`, and the sheet and diff as tables that fit 80 columns.

Messages are asserted word for word, in English and in German (`--lang de`).
"""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.loader import open_rulebook
from riskrules.text.i18n import Text
from riskrules.text.diff import diff_rows, diff_table
from riskrules.text.sheet import build_sheet, sheet_table

runner = CliRunner()


def check(*args: str):
    result = runner.invoke(app, ["check", *args])
    return result.exit_code, result.stderr, result.stdout


SIX_MISTAKES = """\
rulebook house
extends nl-1990

fortfy {
    moves 2
}
reinforcements {
    continents europa 4
}
ties attacker
cards {
    must trade at 0 cards
}
battle {
    tiez attacker
}
"""

SIX_EN = """\
house.risk:4:1: unknown statement 'fortfy'; did you mean 'fortify'?
    fortfy {
    ^
house.risk:8:16: unknown continent 'europa'; did you mean 'europe'?
        continents europa 4
                   ^
house.risk:10:1: 'ties' does not belong here; it goes in a 'battle { … }' block
    ties attacker
    ^
house.risk:12:5: cards.must_trade: 0 is less than the minimum of 3
        must trade at 0 cards
        ^
house.risk:15:5: unknown statement 'tiez'; did you mean 'ties'?
        tiez attacker
        ^
house.risk: 5 problems
"""

SIX_DE = """\
house.risk:4:1: unbekannte Anweisung 'fortfy'; meinten Sie 'fortify'?
    fortfy {
    ^
house.risk:8:16: unknown continent 'europa'; did you mean 'europe'?
        continents europa 4
                   ^
house.risk:10:1: 'ties' gehört nicht hierher; es steht in einem Block 'battle { … }'
    ties attacker
    ^
house.risk:12:5: cards.must_trade: 0 is less than the minimum of 3
        must trade at 0 cards
        ^
house.risk:15:5: unbekannte Anweisung 'tiez'; meinten Sie 'ties'?
        tiez attacker
        ^
house.risk: 5 Probleme
"""


@pytest.mark.parametrize("lang, expected", [("en", SIX_EN), ("de", SIX_DE)])
def test_one_run_reports_syntax_schema_and_semantic_problems(write, lang, expected):
    """A misspelt section, a misplaced and a misspelt statement (syntax), a number the schema
    refuses and an unknown continent (semantic) — all five in one run."""
    write("house.risk", SIX_MISTAKES)
    code, err, _ = check("house.risk", "--lang", lang)
    assert code == 1
    assert err == expected


def test_check_json(write):
    write("house.risk", SIX_MISTAKES)
    code, _, out = check("house.risk", "--json")
    assert code == 1
    found = json.loads(out)
    assert [(p["line"], p["column"]) for p in found] == [(4, 1), (8, 16), (10, 1), (12, 5), (15, 5)]
    assert found[0] == {"file": "house.risk", "line": 4, "column": 1,
                        "message": "unknown statement 'fortfy'; did you mean 'fortify'?",
                        "severity": "error", "chain": ["house.risk"]}
    code, _, out = check("house.risk", "--json", "--lang", "de")
    assert json.loads(out)[2]["message"] == "'ties' gehört nicht hierher; es steht in einem Block 'battle { … }'"


def test_check_json_of_a_sound_file_is_an_empty_list(write):
    write("house.risk", "rulebook house\nextends nl-1990\n")
    assert check("house.risk", "--json") == (0, "", "[]\n")


TWICE = """\
rulebook house
extends nl-1990
cards {
    must trade at 5 cards
}
cards {
    must trade at 6 cards
    draw 1 per turn with conquest
}
for 3 players {
    battle { ties attacker }
}
for 3 players {
    battle { ties defender }
}
"""


@pytest.mark.parametrize("lang, expected", [
    ("en", """\
house.risk:4:5: warning: replaced by line 7 in the same scope: only the later statement counts
        must trade at 5 cards
        ^
house.risk:6:1: warning: the 'cards' block is stated twice here (first on line 3); their rules are merged, the later ones winning
    cards {
    ^
house.risk:13:5: warning: this player-count block is stated twice here (first on line 10); their rules are merged, the later ones winning
    for 3 players {
        ^
"""),
    ("de", """\
house.risk:4:5: Warnung: ersetzt durch Zeile 7 auf derselben Ebene: nur die spätere Anweisung gilt
        must trade at 5 cards
        ^
house.risk:6:1: Warnung: der Block 'cards' steht hier zweimal (zuerst in Zeile 3); die Regeln werden zusammengeführt, die späteren gelten
    cards {
    ^
house.risk:13:5: Warnung: dieser Block für eine Spielerzahl steht hier zweimal (zuerst in Zeile 10); die Regeln werden zusammengeführt, die späteren gelten
    for 3 players {
        ^
"""),
])
def test_a_block_or_statement_stated_twice_is_a_warning(write, lang, expected):
    write("house.risk", TWICE)
    code, err, out = check("house.risk", "--lang", lang)
    assert code == 0  # warnings do not fail the check, and the rules still load
    assert err == expected
    assert out == {"en": "house.risk: ok, 3 warnings\n", "de": "house.risk: in Ordnung, 3 Warnungen\n"}[lang]
    assert open_rulebook("house.risk").rules(None, 3).battle.ties_to_defender  # the later block wins


def test_a_statement_replaced_in_a_variant_is_a_warning_there(write):
    write("house.risk", "rulebook house\nextends nl-1990\nvariant v {\n    battle { ties attacker }\n"
                        "    battle { ties defender }\n}\n")
    _, err, _ = check("house.risk")
    assert err.splitlines()[0] == ("house.risk:4:14: warning: replaced by line 5 in the same scope: only the "
                                   "later statement counts")


@pytest.mark.parametrize("lang, message", [
    ("en", "house.risk:1:10: 'MyHouse' cannot be a rulebook id: an id is lower-case letters and digits, words "
           "joined by '-' (such as 'myhouse')"),
    ("de", "house.risk:1:10: 'MyHouse' kann keine Regelbuch-ID sein: eine ID besteht aus Kleinbuchstaben und "
           "Ziffern, Wörter mit '-' verbunden (etwa 'myhouse')"),
])
def test_a_bad_rulebook_id_has_its_own_message(write, lang, message):
    write("house.risk", "rulebook MyHouse\nextends nl-1990\n")
    code, err, _ = check("house.risk", "--lang", lang)
    assert code == 1
    assert err.splitlines()[0] == message
    assert "must begin with" not in err


def test_play_shows_the_bad_id_message(write):
    write("house.risk", "rulebook My_House 2\nextends nl-1990\n")
    result = runner.invoke(app, ["play", "house.risk", "--humans", "0"])
    assert result.exit_code == 1
    assert result.stderr == ("risk: house.risk:1:10: 'My_House' cannot be a rulebook id: an id is lower-case "
                             "letters and digits, words joined by '-' (such as 'my-house')\n")


def test_a_list_going_on_is_not_an_unknown_statement(write):
    """After a comma a list goes on at the next line: its first word is no statement."""
    write("house.risk", "rulebook house\nextends nl-1990\ncolours red, blue,\n    2green\n")
    _, err, _ = check("house.risk")
    assert "unknown statement" not in err


# ---- the sheet for every player-count section, and diff --players -------------------------------

THREE = """\
rulebook three-ties
extends nl-1990
for 3 players {
    battle { ties attacker }
}
for 5+ players {
    cards { must trade at 6 cards }
}
"""


def test_rules_shows_every_player_count_section(write):
    write("three.risk", THREE)
    result = runner.invoke(app, ["rules", "three.risk", "--lang", "en"])
    assert result.exit_code == 0
    text = result.stdout
    assert "WITH 3 PLAYERS\n  Ties                           the attacker wins\n" in text
    assert "WITH 5 TO 6 PLAYERS\n  Must trade                     with 6 cards or more, at the start of the turn\n" \
        in text
    assert "WITH 2 PLAYERS\n" in text  # the edition's own 2-player rules are still there
    german = runner.invoke(app, ["rules", "three.risk", "--lang", "de"]).stdout
    assert "MIT 3 SPIELERN\n" in german and "MIT 5 BIS 6 SPIELERN\n" in german


def test_diff_for_a_number_of_players(write):
    write("three.risk", THREE)
    same = runner.invoke(app, ["diff", "nl-1990", "three.risk", "--players", "4", "--lang", "en"])
    assert same.stdout == "nl-1990 and three-ties have the same rules.\n"
    three = runner.invoke(app, ["diff", "nl-1990", "three.risk", "--players", "3", "--json"])
    assert json.loads(three.stdout) == [{"section": "Strijd", "rule": "Gelijkspel",
                                         "nl-1990": "de verdediger wint", "three.risk": "de aanvaller wint"}]
    general = runner.invoke(app, ["diff", "nl-1990", "three.risk", "--json", "--lang", "en"])
    assert [(r["section"], r["rule"]) for r in json.loads(general.stdout)] == [
        ("With 3 players", "Ties"), ("With 5 to 6 players", "Must trade")]


# ---- tables that fit the terminal ----------------------------------------------------------------

def _render(renderable, width: int = 80) -> str:
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("edition", ["sv-2000", "de-deluxe", "cs-riziko"])
def test_the_sheet_as_a_table_fits_80_columns(edition):
    book = open_rulebook(edition)
    t = Text("en", book.rules().terms)
    shown = _render(sheet_table(build_sheet(book, None, t)))
    assert max(len(line) for line in shown.splitlines()) <= 80
    assert "Ties" in shown and "With 2 players" in shown or edition == "de-deluxe"


def test_the_diff_as_a_table_fits_80_columns():
    a, b = open_rulebook("sv-2000"), open_rulebook("nl-1990")
    t = Text("en")
    sheet_a, sheet_b = build_sheet(a, None, Text("en", a.rules().terms)), build_sheet(b, None, Text("en", b.rules().terms))
    shown = _render(diff_table(sheet_a, sheet_b, diff_rows(sheet_a, sheet_b), t))
    lines = [line for line in shown.splitlines() if line.strip()]
    assert max(len(line) for line in lines) <= 80
    assert lines[0].split() == ["Rule", "sv-2000", "nl-1990"]
    assert "ceil(total / 2)" in shown and "total // 2" in shown


def test_thousands_of_problems_show_fifty_and_say_how_many_more(write):
    write("house.risk", "rulebook house\nextends classic\nreinforcements {\n"
          + "    territories territories // 3\n" * 300 + "}\n")
    code, err, out = check("house.risk")
    assert code == 0
    lines = err.splitlines()
    assert len(lines) == 50 * 3 + 1  # each warning: its message, the line, the caret
    assert lines[0] == "house.risk:4:5: warning: replaced by line 5 in the same scope: only the later statement counts"
    assert lines[-1] == "… and 249 more not shown (--json lists them all)"
    assert out == "house.risk: ok, 299 warnings\n"
    assert len(json.loads(check("house.risk", "--json")[2])) == 299
