"""Rough edges left seen at issue 45's landing (stop 57, "Seen, left alone"): the zombies' sheet
named a 2-player neutral's "other player" for 3 to 6 players; `needed 2` and a comma before
`played by one person` were refused without saying how they are written. Word for word."""

from __future__ import annotations

import pytest

from riskrules.language.loader import open_rulebook
from riskrules.text.i18n import Text
from riskrules.text.sheet import build_sheet
from conftest import house, problems_of

GOALS = {"en": "eliminate every other player; the neutral army does not count",
         "de": "alle anderen Spieler ausschalten; die neutrale Armee zählt nicht",
         "nl": "schakel alle andere spelers uit; het neutrale leger telt niet",
         "sv": "besegra alla andra spelare; den neutrala armén räknas inte",
         "cs": "vyřadit všechny ostatní hráče; neutrální armáda se nepočítá"}


@pytest.mark.parametrize("lang", sorted(GOALS))
def test_a_neutral_of_3_to_6_players_is_played_by_nobody_and_every_other_player_is_eliminated(lang):
    book = open_rulebook("rulebooks/house/zombies.risk")
    rows = {key: value for key, (_, _, value) in build_sheet(book, None, Text(lang, book.rules().terms)).rows().items()}
    assert rows["victory/victory.goal"] == GOALS[lang]
    assert not [key for key in rows if key.endswith("neutral.played_by")]


def test_the_2_player_neutral_is_still_played_by_the_other_player():
    book = open_rulebook("classic")
    rows = {key: value for key, (_, _, value) in build_sheet(book, None, Text("en", book.rules().terms)).rows().items()}
    assert (rows["players=2/victory.goal"], rows["players=2/neutral.played_by"]) == (
        "eliminate the opponent; the neutral army does not count", "the other player")


def test_capitals_needed_without_its_players_says_how_it_is_written(write):
    text = house("capitals {\n    needed 2\n}\n", extends="nl-1990")
    assert problems_of(write, text).splitlines()[0] == (
        "house.risk:4:13: unexpected end of line; expected one of: players, '+', '-', ':' ('needed' names each number "
        "of players with the capitals it needs, as in 'needed 2-3: 2, 4-5: 3, 6: 4')")


def test_a_comma_before_played_by_one_person_says_it_ends_the_list(write):
    text = house("players 4 to 4\nteams 2 with deploy on partners, played by one person\n")
    assert problems_of(write, text).splitlines()[0] == (
        "house.risk:4:34: unexpected 'played'; expected one of: deploy, end of line, seated, shared ('played by one "
        "person' ends the list without a comma, as in 'teams 2 with deploy on partners played by one person')")


def test_players_with_one_number_says_how_a_range_is_written(write):
    assert problems_of(write, house("players 4\n")).splitlines()[0] == (
        "house.risk:3:10: unexpected end of line; expected to ('players' gives the fewest and the most, as in "
        "'players 3 to 6' or 'players 4 to 4')")
