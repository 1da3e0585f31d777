"""The end of a hosted game as each person's page tells it (issue 48): who won and how, in the
mission's own words; every seat's mission where the replay page would show it to that seat."""

from __future__ import annotations

import json

from conftest import load
from riskrules.text.i18n import Text
from riskrules.web.ending import endings, seat_of_key

LINES = [json.dumps({"type": "mission_dealt", "turn": 0, "player": name, "mission": mission})
         for name, mission in (("red", {"occupy": 24}), ("blue", {"occupy": 18, "armies": 2}),
                               ("yellow", {"occupy": 24}))]


def test_the_winner_s_mission_in_its_own_words_and_every_mission_shown():
    rules = load("classic", players=3)
    ends = endings(LINES, rules, Text("en", rules.terms, rules.board), [0], ["red", "blue", "yellow"], "blue", "mission")
    assert ends[0]["how"] == "occupy 18 territories with at least 2 armies each"
    assert ends[0]["missions"] == [["red", "occupy 24 territories"],
                                   ["blue", "occupy 18 territories with at least 2 armies each"],
                                   ["yellow", "occupy 24 territories"]]
    assert seat_of_key(ends, ends[0]["key"]) == 0 and seat_of_key(ends, "x" * 24) is None


def test_in_dutch_and_won_otherwise():
    rules = load("nl-1990", players=3)
    ends = endings(LINES, rules, Text("nl", rules.terms, rules.board), [0, 2], ["red", "blue", "yellow"], "red",
                   "domination")
    assert "how" not in ends[0] and ends[0]["missions"] == ends[2]["missions"]
    assert ends[0]["missions"][1] == ["Blauw", "bezet 18 gebieden met minstens 2 legers in elk gebied"]


def test_the_terminal_s_end_says_which_mission():
    from typer.testing import CliRunner

    from riskrules.cli import app

    result = CliRunner().invoke(app, ["play", "nl-1990", "--humans", "0", "--seed", "6", "--lang", "en"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-3:] == [
        "Yellow wins by fulfilling the secret mission after 7 turns.",
        "The mission: conquer Europe + Australia and one more continent.",
        "winner: yellow, reason: mission, turns: 7, seed: 6"]


def test_the_terminal_defends_with_the_most_unasked_when_set():
    from riskrules.engine.decisions import DEFEND, Decision
    from riskrules.terminal.human import HumanAgent

    def never(prompt: str) -> str:
        raise AssertionError(f"asked: {prompt}")

    person = HumanAgent(Text("en"), never, lambda line: None)
    person.defend_most = True  # (`risk play`'s default: --defend-most; --ask-defence asks)
    person.view = None  # (nothing of the board is read)
    assert person.decide(Decision(DEFEND, 0, [1, 2], 0, False, 3, (4, 5))) == 2
