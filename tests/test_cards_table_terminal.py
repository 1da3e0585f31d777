"""Cards that do something at the terminal (issue 44): the play question lists each playable card
with what it would do now, reads 'play bomb kamchatka', 'play airlift alaska ural 5', 'play gift
alaska blue', 'play diplomacy blue yellow', 'play spy blue', 'play surveillance north', and refuses
what is not a play, saying why — on a hand-built play decision (SPEC44's option shapes)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riskrules.engine.decisions import PLAY, Decision
from riskrules.language.card_kinds import CardKind, CardKinds
from scenario import Scenario
from test_prompts import Screen

KINDS = CardKinds((
    CardKind("reinforcement", "armies", None, amount=5), CardKind("spy", "see", "player"),
    CardKind("recon", "see", "territory", around=True), CardKind("surveillance", "see", "continent", turns=2),
    CardKind("airlift", "move", "own"), CardKind("gift", "give", "own"), CardKind("diplomacy", "forbid", "players"),
    CardKind("sanctions", "income", "player", amount=50), CardKind("bomb", "strike", "enemy_neighbour", amount=50),
    CardKind("emergency-blockade", "abandon", "own", amount=3, moment="start")))


@pytest.fixture(scope="module")
def table():
    s = Scenario("classic", 3, holds={"alaska": (0, 6), "kamchatka": (1, 8), "ural": (0, 2), "alberta": (1, 3)})
    rules = replace(s.rules, cards=replace(s.rules.cards, kinds=KINDS))
    t = s.t
    options = [(0,), (1, 1), (1, 2), (2, t("kamchatka")), (3, 0), (3, 1), (4, t("alaska"), t("ural")),
               (5, t("alaska"), 1), (5, t("alaska"), 2), (6, 1, 2), (6, 0, 1), (7, 1), (8, t("kamchatka")),
               (8, t("alberta")), (9, t("alaska"))]
    return s, rules, options


def screen(table, typed=(), lang="en"):
    s, rules, options = table
    sc = Screen(s, lang=lang, typed=list(typed))
    sc.human.view.rules = rules  # (the scenario's edition, with the kinds of card above)
    return sc, Decision(PLAY, 0, options, optional=True, view=sc.human.view)


def test_the_prompt_lists_each_playable_card_with_what_it_would_do_now(table):
    sc, d = screen(table, ["play bomb kamchatka"])
    assert sc.ask(d) == (8, table[0].t("kamchatka"))
    assert sc.asked == ["Play a card: 'play NAME …' or its number, or Enter to play none: "]
    assert sc.said[-1].splitlines() == [
        "  1) reinforcement: 5 armies more to place",
        "  2) spy: see a player's territories and armies for 1 round — blue, yellow",
        "  3) recon: see a territory and its neighbours for 1 round — Kamchatka",
        "  4) surveillance: see a continent for 2 rounds — North America, South America",
        "  5) airlift: move armies between any two of your territories — Alaska",
        "  6) gift: give one of your territories, with its armies, to another player —",
        "      Alaska",
        "  7) diplomacy: no attacks between two players for 1 round — blue + yellow, red",
        "      + blue",
        "  8) sanctions: a player's income cut by 50% for 1 round — blue",
        "  9) bomb: kill 50% of the armies on an enemy territory next to yours — Alberta",
        "      3 → 1, Kamchatka 8 → 4",
        "  10) emergency-blockade: one of your territories goes to the neutral army, its",
        "      armies times 3 — Alaska 6 → 18"]
    assert sc.said[-2] == "You hold no card that does something."


@pytest.mark.parametrize("typed, answer", [
    ("play bomb kamchatka", (8, "kamchatka")),
    ("bomb kam", (8, "kamchatka")),  # ('play' may be left out; names by any unambiguous start)
    ("play airlift alaska ural 5", (4, "alaska", "ural", 5)),
    ("play airlift alaska ural", (4, "alaska", "ural", 5)),  # all that may leave
    ("play gift alaska blue", (5, "alaska", 1)),
    ("play diplomacy blue yellow", (6, 1, 2)),
    ("play diplomacy yellow blue", (6, 1, 2)),  # either order
    ("play spy blue", (1, 1)),
    ("play 2 yellow", (1, 2)),  # a card by its number in the list
    ("play surveillance north", (3, 0)),
    ("play sanctions blue", (7, 1)),
    ("play recon kamchatka", (2, "kamchatka")),
    ("play reinforcement", (0,)),
    ("play emergency-blockade alaska", (9, "alaska")),
    ("PLAY Emergency Alaska", (9, "alaska")),
    ("", None), ("pass", None),
])
def test_each_kind_of_play_is_read(table, typed, answer):
    sc, d = screen(table)
    s = table[0]
    expected = None if answer is None else tuple(s.t(x) if isinstance(x, str) else x for x in answer)
    assert sc.human.parse(d, typed) == (expected, None)


@pytest.mark.parametrize("typed, why", [
    ("play", "name a card to play: reinforcement, spy, recon, surveillance, airlift, gift, diplomacy, sanctions, "
             "bomb, emergency-blockade"),
    ("play xyz", "no card you may play now is called 'xyz': reinforcement, spy, recon, surveillance, airlift, gift, "
                 "diplomacy, sanctions, bomb, emergency-blockade"),
    ("play s blue", "'s' could be spy, surveillance, sanctions"),
    ("play 11", "type a number from 1 to 10"),
    ("play bomb", "type 'play bomb TERRITORY'"),
    ("play bomb alaska", "Alaska is yours"),
    ("play bomb siberia", "Siberia is yours"),
    ("play bomb japan", "Japan is not next to a territory of yours"),
    ("play emergency-blockade kamchatka", "Kamchatka is not yours: it belongs to blue"),
    ("play reinforcement alaska", "reinforcement takes no target: type 'play reinforcement'"),
    ("play airlift alaska kamchatka 2", "Kamchatka is not yours: it belongs to blue"),
    ("play airlift alaska ural 9", "move from 1 to 5 armies"),
    ("play airlift alaska", "type 'play airlift FROM TO [ARMIES]'"),
    ("play gift alaska red", "gift cannot name red now"),
    ("play gift kamchatka blue", "Kamchatka is not yours: it belongs to blue"),
    ("play diplomacy red yellow", "diplomacy cannot name red and yellow together"),
    ("play diplomacy blue", "type 'play diplomacy PLAYER PLAYER'"),
    ("play spy red", "spy cannot name red now"),
    ("play spy purple", "no player is called 'purple'"),
    ("play surveillance europe", "surveillance cannot name Europe now"),
    ("play surveillance xyz", "no continent starts with 'xyz'"),
])
def test_what_is_no_play_is_refused_saying_why(table, typed, why):
    sc, d = screen(table)
    assert sc.human.parse(d, typed) == (None, why)


def test_refusals_and_the_prompt_in_german(table):
    sc, d = screen(table, ["spielen spy rot", "spielen spy blau"], lang="de")
    assert sc.ask(d) == (1, 1)
    assert sc.asked[0] == "Eine Karte ausspielen: 'spielen NAME …' oder ihre Nummer, oder Enter für keine: "
    assert sc.refusals() == ["Nicht erlaubt: spy kann jetzt nicht Rot nennen."]


def test_help_says_how_each_card_is_typed(table):
    sc, d = screen(table)
    assert sc.human.how_to_answer(d) == (
        "Type 'play', a card and its targets: 'play reinforcement'; 'play spy PLAYER'; 'play recon TERRITORY'; "
        "'play surveillance CONTINENT'; 'play airlift FROM TO [ARMIES]'; 'play gift TERRITORY PLAYER'; "
        "'play diplomacy PLAYER PLAYER'; 'play sanctions PLAYER'; 'play bomb TERRITORY'; "
        "'play emergency-blockade TERRITORY'. Enter plays none.")


@pytest.mark.parametrize("hostile", [
    "play bomb ²", "play ² kamchatka", "play\x00bomb", "play " + "b" * 300, "play bomb kamchatka 3",
    "play airlift alaska ural -1", "play airlift alaska ural 1e9", "play airlift alaska ural 9999999", "play 0",
    "play 99999999", "play gift alaska blue blue", "play diplomacy blue blue", "play spy", "play spy blue\x1b[2J",
    "play surveillance ³", "play reinforcement reinforcement",
])
def test_hostile_input_at_the_play_question_is_refused_and_asked_again(table, hostile):
    sc, d = screen(table, [hostile, "pass"])
    assert sc.ask(d) is None
    assert len(sc.refusals()) == 1 and len(sc.asked) == 2
    assert all(len(line) < 200 for line in sc.refusals())
