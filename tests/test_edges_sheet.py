"""Rough edges a new reader met on issue 43's rule sheet (issue 43's progress note, stop 53): the
sheet lists what a board marks, and says what warlords and cities mean — in all five languages,
word for word."""

from __future__ import annotations

import pytest

from riskrules.language.loader import open_rulebook
from riskrules.text.i18n import Text
from riskrules.text.sheet import build_sheet

LANGS = ["en", "de", "nl", "sv", "cs"]


def sheet_rows(ref: str, lang: str) -> dict[str, tuple[str, str, str]]:
    book = open_rulebook(ref)
    return build_sheet(book, None, Text(lang, book.rules().terms)).rows()


# ---- the board's marks on the rule sheet ------------------------------------------------------------

MARKS = {
    "en": (("Marked territories", "capital: Kingsholm, Sunfields, Saltpans"),
           ("Marked borders", "wall: Kingsholm – Ambercoast, Ravenscar – Redcliffs; impassable: Highmoor – "
                              "Greywater (no border: nobody attacks or moves across)")),
    "de": (("Markierte Länder", "capital: Kingsholm, Sunfields, Saltpans"),
           ("Markierte Grenzen", "wall: Kingsholm – Ambercoast, Ravenscar – Redcliffs; impassable: Highmoor – "
                                 "Greywater (keine Grenze: niemand greift darüber an oder zieht hinüber)")),
    "nl": (("Gemarkeerde gebieden", "capital: Kingsholm, Sunfields, Saltpans"),
           ("Gemarkeerde grenzen", "wall: Kingsholm – Ambercoast, Ravenscar – Redcliffs; impassable: Highmoor – "
                                   "Greywater (geen grens: niemand valt eroverheen aan of verplaatst eroverheen)")),
    "sv": (("Märkta länder", "capital: Kingsholm, Sunfields, Saltpans"),
           ("Märkta gränser", "wall: Kingsholm – Ambercoast, Ravenscar – Redcliffs; impassable: Highmoor – "
                              "Greywater (ingen gräns: ingen anfaller eller flyttar över den)")),
    "cs": (("Označená území", "capital: Kingsholm, Sunfields, Saltpans"),
           ("Označené hranice", "wall: Kingsholm – Ambercoast, Ravenscar – Redcliffs; impassable: Highmoor – "
                                "Greywater (žádná hranice: přes ni nikdo neútočí ani nic nepřesouvá)")),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_lists_the_territories_and_borders_a_board_marks(lang):
    rows = sheet_rows("rulebooks/house/walled-isles.risk", lang)
    (marked, territories), (borders, walls) = MARKS[lang]
    assert rows["game/game.marks"][1:] == (marked, territories)
    assert rows["game/game.border_marks"][1:] == (borders, walls)
    keys = [key for key in rows if key.startswith("game/")]
    assert keys[1:4] == ["game/game.board", "game/game.marks", "game/game.border_marks"]


def test_a_board_without_marks_has_no_marks_rows():
    rows = sheet_rows("rulebooks/house/capital-defence.risk", "en")
    assert "game/game.marks" not in rows and "game/game.border_marks" not in rows


# ---- warlords and cities say what they mean -----------------------------------------------------------

WARLORDS = {
    "en": "only one territory of each continent, drawn at random, may be dealt or drafted, each player getting as "
          "many as the others; every other territory starts neutral",
    "de": "nur ein Land je Kontinent, zufällig gezogen, darf verteilt oder gewählt werden, jeder Spieler bekommt "
          "gleich viele davon; alle anderen Länder beginnen neutral",
    "nl": "maar één gebied van elk continent, willekeurig getrokken, mag worden uitgedeeld of gekozen, elke speler "
          "krijgt er evenveel van; alle andere gebieden beginnen neutraal",
    "sv": "bara ett land av varje kontinent, draget slumpvis, får delas ut eller väljas, och varje spelare får lika "
          "många; alla andra länder börjar neutrala",
    "cs": "rozdat nebo obsadit lze jen jedno území z každého kontinentu, vylosované náhodně, a každý hráč dostane "
          "stejně mnoho; všechna ostatní území začínají neutrální",
}
CITIES = {
    "en": "all but one territory of each continent (the one left out is drawn at random) may be dealt or drafted, "
          "each player getting as many as the others; every other territory starts neutral",
    "de": "alle Länder jedes Kontinents bis auf eines (das ausgelassene wird zufällig gezogen) dürfen verteilt oder "
          "gewählt werden, jeder Spieler bekommt gleich viele davon; alle anderen Länder beginnen neutral",
    "nl": "alle gebieden van elk continent op één na (het weggelaten gebied wordt willekeurig getrokken) mogen worden "
          "uitgedeeld of gekozen, elke speler krijgt er evenveel van; alle andere gebieden beginnen neutraal",
    "sv": "alla länder på varje kontinent utom ett (det utelämnade dras slumpvis) får delas ut eller väljas, och "
          "varje spelare får lika många; alla andra länder börjar neutrala",
    "cs": "rozdat nebo obsadit lze všechna území každého kontinentu kromě jednoho (vynechané se vylosuje náhodně) a "
          "každý hráč dostane stejně mnoho; všechna ostatní území začínají neutrální",
}


@pytest.mark.parametrize("lang", LANGS)
def test_warlords_and_cities_rows_say_what_may_be_taken(lang):
    warlords = sheet_rows("rulebooks/house/warlords.risk", lang)
    assert warlords["setup/setup.pickable"][2] == WARLORDS[lang]
    assert "setup/setup.even" not in warlords  # (the leftover deal's row: said in the row above)
    cities = sheet_rows("rulebooks/house/cities-limit.risk", lang)
    assert cities["setup/setup.pickable"][2] == CITIES[lang]


def test_the_leftover_deal_keeps_its_own_row():
    rows = sheet_rows("rulebooks/house/leftover-neutral.risk", "en")
    assert rows["setup/setup.even"][1:] == (
        "Even deal", "every player the same number of territories; those left over start neutral (there may be none)")
