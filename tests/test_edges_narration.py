"""A rough edge a new reader met in issue 43's narration (issue 43's progress note, stop 53): a
kill-rate battle is told as a battle of all committed armies, not as "1 roll" — in all five
languages, word for word; dice battles drawn at once are still rolls."""

from __future__ import annotations

import pytest

from riskrules.language.loader import open_rulebook
from riskrules.terminal.table import Table
from riskrules.text.i18n import Text
from riskrules.text.narrate import Narrator, rolls_line
from riskrules.text.replay_page import _extra

LANGS = ["en", "de", "nl", "sv", "cs"]


# ---- a kill-rate battle told as one battle of all committed armies ------------------------------------------

def battle(committed: int, defended: int, lost: int, killed: int, armies: int) -> dict:
    return {"type": "battles", "turn": 4, "player": "red", "from": "alberta", "to": "ontario", "defender": "blue",
            "attacker_armies": armies, "defender_armies": defended, "committed": committed, "rolled": committed,
            "defended": defended, "rolls": 1, "attacker_losses": lost, "defender_losses": killed}


ONE_BATTLE = {
    "en": "Red attacks Ontario (7, blue) from Alberta (13): 1 battle of all committed armies (12 on 7); the attacker "
          "loses 5, the defender 6; 8 left in Alberta.",
    "de": "Rot greift Ontario (7, Blau) von Alberta (13) aus an: 1 Kampf aller eingesetzten Einheiten (12 gegen 7); "
          "der Angreifer verliert 5, der Verteidiger 6; 8 bleiben in Alberta.",
    "nl": "Rood valt Ontario (7, Blauw) aan vanuit Alberta (13): 1 gevecht van alle ingezette legers (12 tegen 7); "
          "de aanvaller verliest 5, de verdediger 6; 8 over in Alberta.",
    "sv": "Röd anfaller Ontario (7, Blå) från Alberta (13): 1 strid med alla insatta arméer (12 mot 7); anfallaren "
          "förlorar 5, försvararen 6; 8 kvar i Alberta.",
    "cs": "Červený útočí na Ontario (7, Modrý) z Alberta (13): 1 bitva všech nasazených armád (12 proti 7); útočník "
          "ztrácí 5, obránce 6; v Alberta zbývá 8.",
}


@pytest.fixture(scope="module")
def kill_rules():
    return open_rulebook("rulebooks/house/warzone-combat.risk").rules(None, 3)


@pytest.mark.parametrize("lang", LANGS)
def test_a_kill_rate_battle_is_told_as_all_committed_armies(kill_rules, lang):
    said = Narrator(kill_rules, Text(lang, kill_rules.terms))(battle(12, 7, 5, 6, 13))
    assert said == ONE_BATTLE[lang]


def test_a_kill_rate_battle_in_the_liberation_voice(kill_rules):
    t = Text("de", {**kill_rules.terms, "attack": "liberation"})
    assert Narrator(kill_rules, t)(battle(12, 7, 5, 6, 13)) == (
        "Rot zieht von Alberta (13) aus, um Ontario (7) von Blau zu befreien: 1 Kampf aller eingesetzten Einheiten "
        "(12 gegen 7); der Befreier verliert 5, der Besatzer 6; 8 bleiben in Alberta.")


def test_the_czech_plurals_of_battles(kill_rules):
    t = Text("cs", kill_rules.terms)
    two = [battle(12, 7, 1, 3, 13), battle(11, 4, 1, 2, 12)]
    assert rolls_line(two, t, kills=True) == (
        "Červený útočí na Ontario (7, Modrý) z Alberta (13): 2 bitvy všech nasazených armád (12 proti 7, 11 proti "
        "4); útočník ztrácí 2, obránce 5; v Alberta zbývá 11.")
    six = [battle(12 - k, 7 - k, 1, 1, 13 - k) for k in range(6)]
    assert rolls_line(six, t, kills=True) == (
        "Červený útočí na Ontario (7, Modrý) z Alberta (13): 6 bitev všech nasazených armád (12 proti 7, 11 proti 6, "
        "10 proti 5, 9 proti 4, 8 proti 3, …); útočník ztrácí 6, obránce 6; v Alberta zbývá 7.")


def test_the_terminal_sums_up_a_kill_rate_press_in_one_line(kill_rules):
    """The table gathers an attack's battles (a press of several) into one line, told as battles."""
    lines: list[str] = []
    table = Table(kill_rules, Text("en", kill_rules.terms), set(), lines.append)
    table.run = [battle(12, 7, 2, 4, 13), battle(10, 3, 1, 2, 11)]
    table.close_run()
    table.release()
    assert lines == ["Red attacks Ontario (7, blue) from Alberta (13): 2 battles of all committed armies (12 on 7, 10 "
                     "on 3); the attacker loses 3, the defender 6; 10 left in Alberta."]


def test_dice_battles_drawn_at_once_are_still_rolls():
    rules = open_rulebook("classic").rules(None, 3)
    event = {**battle(3, 2, 40, 50, 200), "rolls": 45}
    assert Narrator(rules, Text("en", rules.terms))(event) == (
        "Red attacks Ontario (2, blue) from Alberta (200): 45 rolls; the attacker loses 40, the defender 50; 160 "
        "left in Alberta.")


def test_the_replay_page_counts_no_rolls_under_kill_rates():
    t = Text("en")
    assert _extra(battle(12, 7, 5, 6, 13), t, kills=True) == {"losses": [5, 6]}
    assert _extra(battle(12, 7, 5, 6, 13), t) == {"losses": [5, 6], "rolls": 1}


def test_a_kill_rate_press_drawn_at_once_counts_its_battles(kill_rules):
    """A press drawn to the first battle that kills anybody is one event of `rolls` battles, the
    others alike (nobody killed): told once with how many times it was fought."""
    event = {**battle(12, 7, 0, 1, 13), "rolls": 40}
    assert Narrator(kill_rules, Text("en", kill_rules.terms))(event) == (
        "Red attacks Ontario (7, blue) from Alberta (13): 40 battles of all committed armies (12 on 7 ×40); the "
        "attacker loses 0, the defender 1; 13 left in Alberta.")
