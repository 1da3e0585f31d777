"""A mission wins the moment the rules allow it — whatever completed it: a reinforcement
placement, a card's territory bonus, a fortify move — and the territory card bonus, per card
where the rulebook counts every card.

The position: red (to move, turn 1) holds the first 18 territories of the board, all with 2
armies but Alaska, which has 1; red's mission is the classic card "occupy 18 territories
with 2 armies each". Blue and yellow hold the rest (one army each) with missions out of
reach. No die may be rolled: the dice are loaded with none.
"""

from __future__ import annotations

import pytest

from riskrules.engine.game import GameOver
from riskrules.language.loader import open_rulebook, resolve
from riskrules.language.rules import Mission
from scenario import Scenario, Script

NAMES = open_rulebook("sv-2000").rules(None, 3).board.territories
RED = NAMES[:18]  # North and South America, Iceland … Northern Europe
EIGHTEEN_WITH_TWO = Mission("occupy", count=18, armies=2, data={"occupy": 18, "armies": 2})
OUT_OF_REACH = Mission("occupy", count=42, data={"occupy": 42, "armies": 1})

# "Das Spiel endet, sobald ein Spieler die Aufgabe erfüllt hat … Gewinnen kann ein Spieler nur, wenn
#  er selbst am Zug ist" — de-deluxe, ENDE DES SPIELS; "Den förste spelaren som kan lösa uppgiften
#  … en spelare endast kan hävda att han vunnit under sin tur" — sv-2000, ATT VINNA SPELET;
# "De speler die als eerste de missie van zijn opdrachtkaart heeft vervuld … wint het spel" —
#  nl-1990, DE WINNAAR
AT_ONCE = ["sv-2000", "de-deluxe", "nl-1990"]
# "Je wint op het einde van je beurt (officiële regel)." — nl-modern, Risk met geheime missies
END_OF_TURN = ("nl-modern", "missions")


def position(edition: str, variant: str | None = None, red: Script | None = None) -> Scenario:
    holds = {name: (0, 1 if name == "alaska" else 2) for name in RED}
    s = Scenario(edition, 3, variant, holds=holds, dice=[], rest=lambda t: 1 + t % 2,
                 agents=[red or Script(), Script(), Script()])
    s.game.missions = [EIGHTEEN_WITH_TWO, OUT_OF_REACH, OUT_OF_REACH]
    return s


def play_turn(s: Scenario) -> None:
    """Play red's turn 1 (and no more) from the position."""
    g = s.game
    g.first, g.turn, g.round, g.max_turns = 0, 0, 0, 1
    with pytest.raises(GameOver):
        g.loop()


def after_turn_start(s: Scenario) -> list[str]:
    types = [e["type"] for e in s.events]
    return types[types.index("turn_start") + 1:]


def assert_red_won_in_turn_1(s: Scenario) -> None:
    assert s.of("game_over") == [{"type": "game_over", "turn": 1, "winner": "red", "reason": "mission",
                                  "turns": 1}]


# ---- a reinforcement placement --------------------------------------------------------------------------

def one_army_on_alaska_first(s_ref: list) -> Script:
    return Script(place=[lambda d: (s_ref[0].t("alaska"), 1)])


@pytest.mark.parametrize("edition", AT_ONCE)
def test_a_placement_that_completes_the_mission_wins_at_once(edition):
    ref: list = []
    s = position(edition, red=one_army_on_alaska_first(ref))
    ref.append(s)
    play_turn(s)
    assert_red_won_in_turn_1(s)
    # 6 for 18 territories, 5 for North America, 2 for South America: 13 armies, one of them placed
    assert s.of("reinforcements")[0]["total"] == 13
    assert after_turn_start(s) == ["reinforcements", "place", "game_over"]
    assert s.of("place") == [{"type": "place", "turn": 1, "player": "red", "territory": "alaska", "armies": 1}]


def test_a_placement_that_completes_the_mission_wins_at_the_end_of_the_turn_in_nl_modern():
    ref: list = []
    s = position(*END_OF_TURN, red=one_army_on_alaska_first(ref))
    ref.append(s)
    play_turn(s)
    assert_red_won_in_turn_1(s)
    assert sum(e["armies"] for e in s.of("place")) == 13  # every army placed, and the turn played out
    assert [d.kind for d in s.agents[0].asked][-2:] == ["attack", "fortify"]
    assert after_turn_start(s)[-2:] == ["place", "game_over"]


# ---- a card's territory bonus ----------------------------------------------------------------------------

def red_trades_alaska(edition: str, variant: str | None = None) -> Scenario:
    """Red holds Alaska's card, Western Europe's (blue's) and a joker, and trades them."""
    s = position(edition, variant, red=Script(trade=[lambda d: d.options[0]]))
    s.give(0, "alaska", "western_europe", "joker")
    return s


@pytest.mark.parametrize("edition", AT_ONCE)
def test_a_card_bonus_that_completes_the_mission_wins_at_once(edition):
    s = red_trades_alaska(edition)
    play_turn(s)
    assert_red_won_in_turn_1(s)
    assert after_turn_start(s) == ["trade", "game_over"]  # before the reinforcements are counted
    assert s.of("trade")[0]["territory_bonus"] == [{"territory": "alaska", "armies": 2}]
    assert s.game.armies[s.t("alaska")] == 3


def test_a_card_bonus_that_completes_the_mission_wins_at_the_end_of_the_turn_in_nl_modern():
    s = red_trades_alaska(*END_OF_TURN)
    play_turn(s)
    assert_red_won_in_turn_1(s)
    # 4 for the first set on nl-modern's scale, and the 13 of the board
    assert s.of("reinforcements")[0] | {"from_cards": 4, "total": 17} == s.of("reinforcements")[0]
    assert sum(e["armies"] for e in s.of("place")) == 17
    assert [d.kind for d in s.agents[0].asked][-2:] == ["attack", "fortify"]


# ---- a fortify move ----------------------------------------------------------------------------------------

def red_fortifies_alaska(edition: str, variant: str | None = None) -> Scenario:
    """Red places everything on the Northwest Territory, attacks nothing, and moves 1 army from
    there to Alaska (its neighbour)."""
    ref: list = []
    red = Script(place=[lambda d: (ref[0].t("northwest_territory"), d.most)],
                 fortify=[lambda d: (ref[0].t("northwest_territory"), ref[0].t("alaska"), 1)])
    s = position(edition, variant, red=red)
    ref.append(s)
    return s


@pytest.mark.parametrize("edition", AT_ONCE + ["nl-modern"])
def test_a_fortify_move_that_completes_the_mission_wins(edition):
    # the move is the turn's last act (one move a turn, in all four): at once and at the end of
    # the turn are the same moment here
    s = red_fortifies_alaska(edition, "missions" if edition == "nl-modern" else None)
    play_turn(s)
    assert_red_won_in_turn_1(s)
    assert after_turn_start(s) == ["reinforcements", "place", "fortify", "game_over"]
    assert s.of("fortify") == [{"type": "fortify", "turn": 1, "player": "red", "from": "northwest_territory",
                                "to": "alaska", "armies": 1}]
    assert s.game.armies[s.t("northwest_territory")] == 2 + 13 - 1


def test_a_fortify_move_wins_only_for_the_player_whose_turn_it_is():
    # sv-2000: "MÅSTE den vinnande spelaren vänta på sin tur för att utropa sig till vinnare": the
    # same move, with the mission blue's, wins nothing in red's turn
    s = red_fortifies_alaska("sv-2000")
    g = s.game
    g.missions = [OUT_OF_REACH, OUT_OF_REACH, OUT_OF_REACH]
    g.max_turns = 1
    g.first, g.turn, g.round = 0, 0, 0
    with pytest.raises(GameOver):
        g.loop()
    assert s.of("game_over")[-1]["reason"] == "turn_limit"


# ---- the bonus per card ------------------------------------------------------------------------------------

def trade_two_owned(edition: str, variant: str | None = None) -> Scenario:
    """Red (out of the mission's reach here) trades Alaska's and Greenland's cards with a joker."""
    s = position(edition, variant, red=Script(trade=[lambda d: d.options[0]]))
    s.game.missions = [OUT_OF_REACH] * 3
    s.give(0, "alaska", "greenland", "joker")
    s.game.trade_cards(0, down_to=None)
    return s


@pytest.mark.parametrize("edition, words", [
    ("sv-2000", "Dessa MÅSTE omedelbart placeras på de områden korten anger"),  # FAS 1 – FÖRSTÄRKNING
    ("de-deluxe", "erhält er dafür 2 Bonus-Einheiten, die er sofort auf dieses Land setzen muß"),  # Phase 1
    ("nl-1990", "Deze moeten onmiddellijk worden opgesteld op het betreffende gebied"),  # Fase 1
])
def test_two_owned_cards_give_two_armies_each(edition, words):
    s = trade_two_owned(edition)
    assert s.of("trade")[0]["territory_bonus"] == [{"territory": "alaska", "armies": 2},
                                                   {"territory": "greenland", "armies": 2}]
    assert (s.game.armies[s.t("alaska")], s.game.armies[s.t("greenland")]) == (1 + 2, 2 + 2)
    assert [d.kind for d in s.agents[0].asked] == ["trade"]  # nothing to choose: every card counts
    quoted = " ".join(resolve(edition).read_text(encoding="utf-8").replace("#", " ").split())
    assert words in quoted  # the rule file quotes its seed


def test_classic_gives_the_bonus_once_per_trade_on_the_territory_chosen():
    # classic.risk (inherited by nl-modern): once per trade, on one such territory of the player's choice
    ref: list = []
    red = Script(trade=[lambda d: d.options[0]], bonus=[lambda d: ref[0].t("greenland")])
    s = position(*END_OF_TURN, red=red)
    ref.append(s)
    s.game.missions = [OUT_OF_REACH] * 3
    s.give(0, "alaska", "greenland", "joker")
    s.game.trade_cards(0, down_to=None)
    assert s.of("trade")[0]["territory_bonus"] == [{"territory": "greenland", "armies": 2}]
    assert (s.game.armies[s.t("alaska")], s.game.armies[s.t("greenland")]) == (1, 4)
    assert [d.kind for d in s.agents[0].asked] == ["trade", "bonus"]
