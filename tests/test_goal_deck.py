"""The deck and the goal (issue 43, family E): traded cards removed, a victim's cards not taken,
a hand limit with a discard, card pieces, a map's objective, tie-breaks after a round limit,
points, and a destroy mission that counts only its holder's own kill — each rule's worked
example on a fixed position (loaded dice, a known deck), its errors word for word, and the
question a person answers at the terminal and in the browser."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.decisions import DISCARD, Decision
from riskrules.engine.errors import GameOver
from riskrules.language.rules import Mission
from riskrules.web.answers import read
from scenario import Scenario, Script
from test_prompts import Screen

runner = CliRunner()


def check(tmp_path, body: str) -> str:
    path = tmp_path / "x.risk"
    path.write_text("rulebook x\nextends classic\n" + body, encoding="utf-8")
    out = runner.invoke(app, ["check", str(path), "--lang", "en"])
    assert out.exit_code == 1
    return out.output.replace(str(path), "x.risk")


# ---- checks, word for word ------------------------------------------------------------------------

@pytest.mark.parametrize("body, said", [
    ("victory domination or objective\nobjective alaska, kamchatak\n",
     "x.risk:4:19: the objective names unknown territory 'kamchatak'; did you mean 'kamchatka'?"),
    ("objective alaska\n", "x.risk:3:1: the objective wins nothing: say 'victory … or objective'"),
    ("victory domination or objective\n",
     "x.risk:3:1: 'or objective' needs an 'objective' statement naming the territories to hold"),
    ("victory domination or after 3 rounds by most points\n",
     "x.risk:3:1: 'by most points' needs a 'points' statement saying what a player's points are"),
    ("victory domination or after 3 rounds by most armies then armies\n",
     "x.risk:3:58: 'then armies' repeats a tie-break already given"),
    ("cards {\n    hand limit 2 discard\n}\n", "x.risk:4:16: a hand limit of 2 leaves no room for a set of 3 cards"),
    ("cards {\n    sets none\n    pieces 3 per card\n}\n",
     "x.risk:5:5: card pieces need cards, but 'sets none' has none"),
    ("cards {\n    draw 0 per turn with conquest\n    pieces 3 per card\n}\n",
     "x.risk:5:5: card pieces need 'draw N per turn with conquest': the pieces a turn earns"),
    ("points territories +\n", "x.risk:3:21: unexpected end of line; expected one of: a name, a number, '(', '-'"),
])
def test_errors_are_positioned_and_said_word_for_word(tmp_path, body, said):
    assert check(tmp_path, body).splitlines()[0] == said


# ---- the deck and the hand ---------------------------------------------------------------------------

def test_traded_cards_removed_leave_the_deck_as_it_was():
    player = Script(trade=[lambda d: d.options[0]])
    s = Scenario("cards-removed", 3, agents=[player, Script(), Script()], rest=lambda t: 1 + t % 2)
    s.give(0, "alaska", "peru", "argentina")  # three infantry
    deck = list(s.game.deck)
    assert s.game.trade_cards(0, None) == 4
    assert list(s.game.deck) == deck and s.game.hands[0] == []


def test_a_victims_cards_are_not_taken_but_go_under_the_deck():
    s = Scenario("no-victim-cards", 3, holds={"alberta": (0, 5), "ontario": (1, 1)},
                 rest=lambda t: 0 if t % 2 else 2, dice=[6, 6, 6, 1])
    s.give(1, "alaska", "peru")
    s.game.battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert s.of("elimination")[-1]["cards_taken"] == 0
    assert s.game.hands[0] == [] and list(s.game.deck)[-2:] == [s.t("alaska"), s.t("peru")]
    assert s.game.killer[1] == 0


def test_over_the_hand_limit_the_player_discards_his_choice_down_to_it():
    player = Script(discard=[lambda d: d.options[0], lambda d: d.options[-1]])
    s = Scenario("hand-limit", 3, agents=[player, Script(), Script()])
    s.give(0, "alaska", "peru", "argentina", "iceland", "egypt")
    top = s.game.deck[0]
    s.game.conquered = True
    s.game.draw_cards(0)  # a sixth card: one over the limit of 5
    assert [d.kind for d in player.asked] == [DISCARD]
    assert player.asked[0].options == sorted([top, *map(s.t, ("alaska", "peru", "argentina", "iceland", "egypt"))])
    assert len(s.game.hands[0]) == 5 and s.game.deck[-1] == player.asked[0].options[0]
    assert s.of("card_discarded")[-1]["card"] == s.game.card_json(player.asked[0].options[0])


def test_two_pieces_a_turn_make_a_card_every_second_turn_with_a_conquest():
    s = Scenario("card-pieces", 3)
    g = s.game
    g.conquered = True
    g.draw_cards(0)
    assert (g.pieces[0], g.hands[0], s.of("card_pieces")[-1]["held"]) == (2, [], 2)
    top = g.deck[0]
    g.draw_cards(0)
    assert (g.pieces[0], g.hands[0], len(s.of("card_drawn"))) == (0, [top], 1)


# ---- the goal ---------------------------------------------------------------------------------------------

def test_the_objective_is_met_mid_turn_by_the_conquest_that_completes_it():
    attacker = Script(attack=[lambda d: (s.t("greenland"), s.t("iceland"))], occupy=[lambda d: d.options[-1]])
    s = Scenario("map-objective", 3, holds={"alaska": (0, 1), "kamchatka": (0, 1), "greenland": (0, 4),
                                            "iceland": (1, 1)},
                 rest=lambda t: 1 + t % 2, dice=[6, 6, 6, 1], agents=[attacker, Script(), Script()])
    with pytest.raises(GameOver):
        s.game.attack_phase(0, 0)
    assert (s.game.result.winner, s.game.result.reason) == ("red", "objective")
    assert s.of("conquest")[-1]["to"] == "iceland"


def test_after_30_rounds_two_level_on_armies_are_parted_by_territories():
    s = Scenario("round-limit-most-armies", 3, rest=lambda t: 2)
    g = s.game
    for t, (seat, armies) in {0: (0, 20), 1: (0, 20), 2: (0, 20), 3: (1, 30), 4: (1, 30)}.items():
        g.set_owner(t, seat)
        g.armies[t] = armies
    # red and blue 60 armies each; red on 3 territories, blue on 2; yellow 37 on 37
    assert [g.armies_of(s) for s in range(3)] == [60, 60, 37]
    with pytest.raises(GameOver):
        g.end_by_round_limit()
    assert (g.result.winner, g.result.reason) == ("red", "round_limit")


def test_level_on_every_tie_break_is_a_draw():
    s = Scenario("round-limit-most-armies", 2, rest=lambda t: t % 2)  # 21 territories each, 1 army on each
    with pytest.raises(GameOver):
        s.game.end_by_round_limit()
    assert (s.game.result.winner, s.game.result.reason) == (None, "round_limit")


def test_the_most_points_win_then_the_most_armies():
    s = Scenario("most-points", 3, holds={t: (0, 1) for t in ("eastern_australia", "western_australia",
                                                             "new_guinea", "indonesia")},
                 rest=lambda t: 1 + t % 2)
    g = s.game
    # red: 4 territories + 3 for Australia = 7 points; blue and yellow 19 territories each, no continent
    assert [g.score("points", seat) for seat in range(3)] == [7, 19, 19]
    g.armies[g.owned(2)[0]] += 5  # blue and yellow level on points: yellow's 5 more armies decide
    with pytest.raises(GameOver):
        g.end_by_round_limit()
    assert g.result.winner == "yellow"


def test_a_destroy_mission_counts_only_its_holders_own_kill():
    s = Scenario("destroy-own-kill", 3, rest=lambda t: t % 3)
    g = s.game
    g.missions[0] = Mission("destroy", count=24, colour="blue")
    g.alive[1] = False
    g.killer[1] = 2  # yellow put blue out: red's mission is now to occupy 24 territories
    assert g.territory_count[0] == 14 and not g.mission_done(0)
    g.killer[1] = 0
    assert g.mission_done(0)


# ---- the question a person answers ---------------------------------------------------------------------

def test_the_terminal_lists_the_hand_and_asks_which_card_to_discard():
    s = Scenario("hand-limit", 3)
    s.give(0, "alaska", "peru", "argentina", "iceland", "egypt", "greenland")
    screen = Screen(s, typed=["9", "2"])
    hand = sorted(s.game.hands[0])
    assert screen.ask(Decision(DISCARD, 0, hand)) == hand[1]
    assert screen.asked[0] == "Over the hand limit of 5 cards: discard which? (number): "
    assert "  1) infantry Alaska" in screen.text()
    assert screen.refusals() == ["Not allowed: type a number from 1 to 6."]


def test_the_browser_reads_a_discard_by_its_number():
    d = Decision(DISCARD, 0, [3, 7, 9])
    assert read(d, {"discard": 1}) == (7, [], None)
    assert read(d, {"discard": 5})[0] == -1  # refused by the rules: not a card you hold
    assert d.check(-1) == "not a card you hold"


def test_the_pieces_each_player_holds_are_shown_at_the_terminal_and_in_the_browser():
    from riskrules.terminal.board import board_view
    from riskrules.text.i18n import Text
    from riskrules.web.view import seat_state

    s = Scenario("card-pieces", 3)
    s.game.pieces[1] = 3
    lines = board_view(s.game.sights[0], Text("en", s.rules.terms), me=0).splitlines()
    assert [line.split()[-1] for line in lines if line.startswith(("R red", "B blue"))] == ["0+0/4", "0+3/4"]
    state = seat_state(s.game.sights[0], Text("en", s.rules.terms))
    assert [p["pieces"] for p in state["players"]] == ["0/4", "3/4", "0/4"]
