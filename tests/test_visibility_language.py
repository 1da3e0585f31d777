"""Fog of war in the rule language: the `visibility { … }` section (`fog { … }` the same), from the
grammar to the model, the schema, the compiled `Visibility`, the writer, the rule sheet, `risk diff`,
`--set`, the checks (word for word) and the gallery's fog rules (docs/rule-language.md, "visibility
(fog of war)"). What a seat then sees in a game is the engine's (riskrules/engine/)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.loader import open_rulebook
from riskrules.language.parse import parse_rulebook
from riskrules.language.visibility import SEE_ALL, SEE_NOTHING, SEE_OWNER, Visibility
from riskrules.language.write import write_fragment, write_rulebook
from riskrules.text.i18n import Text
from riskrules.text.sheet import build_sheet

from conftest import house, problems_of

runner = CliRunner()


def rules_of(write, body: str, extends: str = "classic", players: int | None = None):
    return open_rulebook(write("house.risk", house(body, extends))).rules(None, players)


# ---- each statement: the model it makes ------------------------------------------------------------

FORMS = [
    ("visibility {\n    adjacent owner and armies\n}", {"adjacent": "owner_and_armies"}),
    ("visibility {\n    adjacent owner\n}", {"adjacent": "owner"}),
    ("visibility {\n    adjacent nothing\n}", {"adjacent": "nothing"}),
    ("visibility {\n    within 2 owner\n}", {"within": {"hops": 2, "sees": "owner"}}),
    ("visibility {\n    within 100 owner and armies\n}", {"within": {"hops": 100, "sees": "owner_and_armies"}}),
    ("visibility {\n    rest nothing\n}", {"rest": "nothing"}),
    ("visibility {\n    hide reinforcements\n}", {"hide": ["reinforcements"]}),
    ("visibility {\n    hide cards, reinforcements\n}", {"hide": ["cards", "reinforcements"]}),
    ("visibility {\n    hide reinforcements,\n         cards\n}", {"hide": ["reinforcements", "cards"]}),
    ("visibility {\n    hide nothing\n}", {"hide": []}),
    ("visibility {\n    partners share sight no\n}", {"partners": False}),
    ("visibility {\n    battles reveal no\n}", {"battles_reveal": False}),
    ("visibility {\n    lifted at end no\n}", {"lifted": False}),
    ("visibility { rest owner }", {"rest": "owner"}),
    ("fog { adjacent owner }", {"adjacent": "owner"}),
    ("fog {\n    adjacent owner and armies\n    within 3 owner\n    rest nothing\n    hide reinforcements, cards\n"
     "    partners share sight yes\n    battles reveal yes\n    lifted at end yes\n}",
     {"adjacent": "owner_and_armies", "within": {"hops": 3, "sees": "owner"}, "rest": "nothing",
      "hide": ["reinforcements", "cards"], "partners": True, "battles_reveal": True, "lifted": True}),
]


@pytest.mark.parametrize("body, model", FORMS, ids=[f[0].replace("\n", " ")[:40] for f in FORMS])
def test_each_form_sets_its_path(write, body, model):
    rules = rules_of(write, body)
    assert rules.model["visibility"] == model
    assert isinstance(rules.visibility, Visibility)


def test_fog_and_visibility_are_the_same_section(write):
    body = "{\n    adjacent owner\n    within 4 nothing\n    rest nothing\n    hide cards\n}"
    by_fog = rules_of(write, "fog " + body)
    by_visibility = rules_of(write, "visibility " + body)
    assert by_fog.model == by_visibility.model and by_fog.fingerprint == by_visibility.fingerprint
    assert by_fog.visibility == by_visibility.visibility


def test_a_fog_block_and_a_visibility_block_in_one_scope_are_one_section_stated_twice(write):
    text = house("visibility {\n    rest owner\n}\nfog {\n    hide cards\n}")
    assert problems_of(write, text) == (
        "house.risk:6:1: warning: the 'visibility' block is stated twice here (first on line 3); their rules are "
        "merged, the later ones winning\n"
        "    fog {\n"
        "    ^")
    assert open_rulebook("house.risk").rules().model["visibility"] == {"rest": "owner", "hide": ["cards"]}


# ---- what is compiled, and the defaults ----------------------------------------------------------------

def test_no_block_no_fog():
    assert open_rulebook("classic").rules().visibility is None
    assert all(open_rulebook(e).rules().visibility is None for e in ("sv-2000", "nl-1990", "de-deluxe"))
    assert "visibility" not in open_rulebook("classic").rules().model


def test_an_empty_block_says_nothing(write):
    assert rules_of(write, "visibility {\n}").visibility is None


def test_what_a_block_leaves_out_shows_everything(write):
    v = rules_of(write, "visibility {\n    rest nothing\n}").visibility
    assert v == Visibility(adjacent=SEE_ALL, within=1, near=SEE_ALL, rest=SEE_NOTHING, hide_reinforcements=False,
                           hide_cards=False, partners=True, battles_reveal=True, lifted=True)
    assert Visibility() == Visibility(SEE_ALL, 1, SEE_ALL, SEE_ALL, False, False, True, True, True)
    assert (SEE_NOTHING, SEE_OWNER, SEE_ALL) == (0, 1, 2)


def test_every_statement_compiled(write):
    v = rules_of(write, """
        fog {
            adjacent owner
            within 3 nothing
            rest owner and armies
            hide cards, reinforcements
            partners share sight no
            battles reveal no
            lifted at end no
        }
    """).visibility
    assert v == Visibility(adjacent=SEE_OWNER, within=3, near=SEE_NOTHING, rest=SEE_ALL, hide_reinforcements=True,
                           hide_cards=True, partners=False, battles_reveal=False, lifted=False)


def test_level_by_distance():
    v = Visibility(adjacent=SEE_ALL, within=3, near=SEE_OWNER, rest=SEE_NOTHING)
    assert [v.level(d) for d in range(6)] == [SEE_ALL, SEE_ALL, SEE_OWNER, SEE_OWNER, SEE_NOTHING, SEE_NOTHING]
    no_band = Visibility(adjacent=SEE_NOTHING, rest=SEE_OWNER)
    assert [no_band.level(d) for d in range(4)] == [SEE_ALL, SEE_NOTHING, SEE_OWNER, SEE_OWNER]
    assert Visibility(adjacent=SEE_NOTHING, rest=SEE_NOTHING).level(0) == SEE_ALL  # one's own: always


def test_foggy():
    assert not Visibility().foggy
    assert not Visibility(near=SEE_NOTHING).foggy  # no band (within 1): `near` counts for nothing
    assert Visibility(within=2, near=SEE_NOTHING).foggy
    assert Visibility(rest=SEE_OWNER).foggy and Visibility(adjacent=SEE_NOTHING).foggy
    assert Visibility(hide_reinforcements=True).foggy and Visibility(hide_cards=True).foggy
    assert not Visibility(partners=False, battles_reveal=False, lifted=False).foggy


def test_the_fingerprint_follows_the_block(write):
    classic = open_rulebook("classic").rules().fingerprint
    normal = open_rulebook("fog-normal").rules().fingerprint
    heavy = open_rulebook("fog-heavy").rules().fingerprint
    assert len({classic, normal, heavy}) == 3
    assert rules_of(write, "fog {\n    hide nothing\n}").fingerprint != classic  # the block is in the model


def test_rules_json_holds_the_block_and_passes_the_schema():
    result = runner.invoke(app, ["rules", "fog-conquer-club", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["visibility"] == {"adjacent": "owner_and_armies", "rest": "nothing",
                                                       "hide": ["reinforcements"]}


# ---- inheritance, player counts, --set -------------------------------------------------------------------

def test_a_child_overrides_its_parent_statement_by_statement(write):
    write("parent.risk", house("""
        visibility {
            adjacent owner and armies
            within 2 owner
            rest nothing
            hide reinforcements
        }
    """).replace("rulebook house", "rulebook parent"))
    child = open_rulebook(write("house.risk", house("visibility {\n    rest owner\n    hide cards\n}",
                                                    '"parent.risk"'))).rules()
    assert child.model["visibility"] == {"adjacent": "owner_and_armies", "within": {"hops": 2, "sees": "owner"},
                                         "rest": "owner", "hide": ["cards"]}  # a list is replaced whole
    assert child.visibility == Visibility(adjacent=SEE_ALL, within=2, near=SEE_OWNER, rest=SEE_OWNER,
                                          hide_cards=True)


def test_a_gallery_fog_rule_extended(write):
    v = rules_of(write, "fog {\n    hide cards\n}", extends="fog-normal").visibility
    assert v == Visibility(adjacent=SEE_ALL, rest=SEE_NOTHING, hide_cards=True)


def test_fog_for_some_player_counts_only(write):
    path = write("house.risk", house("for 2 players {\n    visibility {\n        rest nothing\n    }\n}"))
    book = open_rulebook(path)
    assert book.rules(None, 3).visibility is None
    assert book.rules(None, 2).visibility == Visibility(rest=SEE_NOTHING)


def test_set_adds_or_changes_the_block():
    assert open_rulebook("classic", sets=["visibility { rest nothing }"]).rules().visibility == \
        Visibility(rest=SEE_NOTHING)
    assert open_rulebook("fog-heavy", sets=["fog { adjacent owner and armies }"]).rules(None, 4).visibility == \
        Visibility(adjacent=SEE_ALL, rest=SEE_NOTHING)
    result = runner.invoke(app, ["rules", "classic", "--json", "--set", "visibility { rest nothing }"])
    assert result.exit_code == 0 and json.loads(result.stdout)["visibility"] == {"rest": "nothing"}
    diff = runner.invoke(app, ["diff", "classic", "classic", "--set-b", "fog { rest owner }", "--json",
                               "--lang", "en"])
    assert [r["rule"] for r in json.loads(diff.stdout)] == ["Sight", "Also hidden", "Shown"]


def test_set_error_points_into_the_text():
    result = runner.invoke(app, ["rules", "classic", "--set", "visibility { within 1 owner }"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("risk: --set:1:21: 'within 1' must reach 2 or more borders away: "
                                             "territories 1 border away are 'adjacent'")


# ---- mistakes, word for word --------------------------------------------------------------------------------

MISTAKES = [
    ("visibility {\n    within 1 owner\n}",
     "house.risk:4:12: 'within 1' must reach 2 or more borders away: territories 1 border away are 'adjacent'\n"
     "        within 1 owner\n"
     "               ^"),
    ("fog {\n    within 0 nothing\n}",
     "house.risk:4:12: 'within 0' must reach 2 or more borders away: territories 1 border away are 'adjacent'\n"
     "        within 0 nothing\n"
     "               ^"),
    ("visibility {\n    within 101 owner\n}",
     "house.risk:4:12: visibility.within.hops: 101 is greater than the maximum of 100\n"
     "        within 101 owner\n"
     "               ^"),
    ("visibility {\n    hide cards, reinforcements, cards\n}",
     "house.risk:4:33: 'cards' is given twice\n"
     "        hide cards, reinforcements, cards\n"
     "                                    ^"),
    ("visibility {\n    hide missions\n}",
     "house.risk:4:10: unexpected 'missions'; expected one of: card, cards, nothing, reinforcements\n"
     "        hide missions\n"
     "             ^"),
    ("visibility {\n    rest everything\n}",
     "house.risk:4:10: unexpected 'everything'; expected one of: nothing, owner\n"
     "        rest everything\n"
     "             ^"),
    ("visibility {\n    adjacent owner and\n}",
     "house.risk:4:23: unexpected end of line; expected armies\n"
     "        adjacent owner and\n"
     "                          ^"),
    ("visibility {\n    within owner\n}",
     "house.risk:4:12: unexpected 'owner'; expected a number\n"
     "        within owner\n"
     "               ^"),
    ("visibility {\n    partners share sight\n}",
     "house.risk:4:25: unexpected end of line; expected one of: no, yes\n"
     "        partners share sight\n"
     "                            ^"),
    ("hide cards",
     "house.risk:3:1: 'hide' does not belong here; it goes in a 'visibility { … }' block\n"
     "    hide cards\n"
     "    ^"),
    ("battle {\n    rest nothing\n}",
     "house.risk:4:5: 'rest' does not belong here; it goes in a 'visibility { … }' block\n"
     "        rest nothing\n"
     "        ^"),
    ("fogg {\n    rest nothing\n}",
     "house.risk:3:1: unknown statement 'fogg'; did you mean 'fog'?\n"
     "    fogg {\n"
     "    ^"),
    ("fog {\n    adjacent nothing\n    rest owner\n}",
     "house.risk:5:5: warning: 'rest owner' shows more than 'adjacent nothing' nearer in: farther territories "
     "are seen better than nearer ones\n"
     "        rest owner\n"
     "        ^"),
    ("fog {\n    adjacent owner\n    within 3 owner and armies\n    rest nothing\n}",
     "house.risk:5:5: warning: 'within 3 owner and armies' shows more than 'adjacent owner' nearer in: farther "
     "territories are seen better than nearer ones\n"
     "        within 3 owner and armies\n"
     "        ^"),
]


@pytest.mark.parametrize("body, expected", MISTAKES, ids=[m[0].replace("\n", " ")[:40] for m in MISTAKES])
def test_mistake(write, body, expected):
    assert problems_of(write, house(body)) == expected


def test_the_warning_in_german_and_the_rules_still_load(write):
    write("house.risk", house("fog {\n    adjacent nothing\n    rest owner\n}"))
    result = runner.invoke(app, ["check", "house.risk", "--lang", "de"])
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        "house.risk:5:5: Warnung: 'rest owner' zeigt mehr als 'adjacent nothing' weiter innen: fernere Länder sind "
        "besser zu sehen als nähere")
    assert open_rulebook("house.risk").rules().visibility == Visibility(adjacent=SEE_NOTHING, rest=SEE_OWNER)


def test_levels_that_thin_out_or_stay_even_are_no_warning(write):
    for body in ("fog {\n    adjacent owner and armies\n    within 2 owner\n    rest nothing\n}",
                 "fog {\n    adjacent owner\n    rest owner\n}", "fog {\n    adjacent nothing\n    rest nothing\n}",
                 "fog {\n    rest owner and armies\n}"):
        assert problems_of(write, house(body)) == ""


# ---- writing it back ---------------------------------------------------------------------------------------

def test_written_as_visibility_and_read_back_the_same():
    text = house("""
        fog {
            adjacent owner and armies
            within 2 owner
            rest nothing
            hide reinforcements, cards
            partners share sight yes
            battles reveal no
            lifted at end yes
        }
        for 2 players { fog { hide nothing } }
    """)
    book = parse_rulebook(text, "house")
    written = write_rulebook(book)
    assert written == """\
rulebook house
extends classic

visibility {
    adjacent owner and armies
    within 2 owner
    rest nothing
    hide reinforcements, cards
    partners share sight yes
    battles reveal no
    lifted at end yes
}

for 2 players {
    visibility {
        hide nothing
    }
}
"""
    again = parse_rulebook(written, "house")
    assert [(a.path, a.value) for a in again.assigns] == [(a.path, a.value) for a in book.assigns]
    assert [(a.path, a.value) for a in again.overlays[0].assigns] == [(("visibility", "hide"), [])]


def test_a_fragment_from_the_model():
    data = {"visibility": {"rest": "owner", "within": {"hops": 5, "sees": "nothing"}, "hide": ["cards"],
                           "lifted": False}}
    assert write_fragment(data) == "visibility {\n    within 5 nothing\n    rest owner\n    hide cards\n" \
                                   "    lifted at end no\n}\n"
    with pytest.raises(ValueError, match="no statement sets visibility.fog"):
        write_fragment({"visibility": {"fog": True}})
    with pytest.raises(ValueError, match="cannot write 'everything'"):
        write_fragment({"visibility": {"rest": "everything"}})


# ---- the rule sheet and risk diff ------------------------------------------------------------------------------

def sheet_rows(book, lang: str = "en") -> dict:
    rules = book.rules()
    return {key: value for key, value in build_sheet(book, None, Text(lang, rules.terms)).rows().items()
            if key.startswith("visibility/")}


def test_the_sheet_of_conquer_club_fog():
    assert sheet_rows(open_rulebook("fog-conquer-club")) == {
        "visibility/visibility.sight": ("Fog of war", "Sight", "adjacent: owner and armies; the rest: nothing"),
        "visibility/visibility.hide": ("Fog of war", "Also hidden", "the reinforcements the others receive"),
        "visibility/visibility.shown": ("Fog of war", "Shown", "partners share their sight; a battle shows both "
                                        "territories to both sides; everything is shown when the game ends"),
    }


def test_the_sheet_of_every_statement(write):
    book = open_rulebook(write("house.risk", house("""
        fog {
            adjacent owner and armies
            within 3 owner
            rest nothing
            hide reinforcements, cards
            partners share sight no
            battles reveal no
            lifted at end no
        }
    """)))
    assert {k: v[2] for k, v in sheet_rows(book).items()} == {
        "visibility/visibility.sight": "adjacent: owner and armies; up to 3 borders away: owner only; "
                                       "the rest: nothing",
        "visibility/visibility.hide": "the reinforcements the others receive; "
                                      "how many cards the others hold, draw and trade",
        "visibility/visibility.shown": "partners do not share their sight; a battle shows nothing more; "
                                       "the fog stays when the game ends",
    }
    cs = sheet_rows(book, "cs")
    assert cs["visibility/visibility.sight"] == (
        "Válečná mlha", "Výhled", "sousední: vlastník a armády; do vzdálenosti 3 hranic: jen vlastník; zbytek: nic")


def test_the_sheet_has_no_fog_section_without_a_block():
    result = runner.invoke(app, ["rules", "classic", "--lang", "en"])
    assert result.exit_code == 0 and "FOG OF WAR" not in result.stdout


def test_the_sheet_as_text():
    result = runner.invoke(app, ["rules", "fog-dense", "--lang", "en"])
    assert result.exit_code == 0
    assert "\nFOG OF WAR\n  Sight                          adjacent: owner only; the rest: owner only\n" \
           "  Also hidden                    nothing more\n" in result.stdout


def test_diff_shows_the_fog():
    result = runner.invoke(app, ["diff", "fog-normal", "fog-heavy", "--json", "--lang", "en"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == [{"section": "Fog of war", "rule": "Sight",
                                          "fog-normal": "adjacent: owner and armies; the rest: nothing",
                                          "fog-heavy": "adjacent: owner only; the rest: nothing"}]
    result = runner.invoke(app, ["diff", "classic", "fog-light", "--lang", "en"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[2].startswith("Fog of war › Sight")
    rows = json.loads(runner.invoke(app, ["diff", "classic", "fog-light", "--json", "--lang", "en"]).stdout)
    assert [(r["rule"], r["classic"]) for r in rows] == [("Sight", "—"), ("Also hidden", "—"), ("Shown", "—")]


# ---- the gallery's fog rules -------------------------------------------------------------------------------------

GALLERY = {
    "fog-light": Visibility(adjacent=SEE_ALL, within=1, near=SEE_ALL, rest=SEE_OWNER),
    "fog-normal": Visibility(adjacent=SEE_ALL, within=1, near=SEE_ALL, rest=SEE_NOTHING),
    "fog-dense": Visibility(adjacent=SEE_OWNER, within=1, near=SEE_ALL, rest=SEE_OWNER),
    "fog-heavy": Visibility(adjacent=SEE_OWNER, within=1, near=SEE_ALL, rest=SEE_NOTHING),
    "fog-complete": Visibility(adjacent=SEE_NOTHING, within=1, near=SEE_ALL, rest=SEE_NOTHING),
    "fog-conquer-club": Visibility(adjacent=SEE_ALL, within=1, near=SEE_ALL, rest=SEE_NOTHING,
                                   hide_reinforcements=True),
}


@pytest.mark.parametrize("house_id", sorted(GALLERY))
def test_gallery_fog_rules(house_id):
    book = open_rulebook(house_id)
    assert book.check() == [] and book.parents == ["classic"]
    for players in (None, 2, 6):
        rules = book.rules(None, players)
        assert rules.visibility == GALLERY[house_id]
        assert rules.visibility.foggy and rules.visibility.lifted and rules.visibility.partners
        assert rules.visibility.battles_reveal and not rules.visibility.hide_cards
