"""Neutrals that act and teams that share (issue 45) in the language: the statements compiled,
their mistakes word for word, the writer's round trip, `--set`, the rule sheet's rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.acting import ActingNeutral
from riskrules.language.errors import RuleError
from riskrules.language.loader import _read, open_rulebook
from riskrules.language.team_rules import TeamRules
from riskrules.language.write import write_rulebook

runner = CliRunner()

ACTING = """rulebook acting
extends classic
players 4 to 4
teams 2 with fortify into partners, deploy on partners, shared hand, seated together played by one person
neutral {
    territories 6 start 3
    grows 1 per territory a round
    attacks its strongest neighbour when it has 3 times its armies
    takes back territories named iceland, peru after 2 rounds with 4 armies
    infects a territory of each player at the start
}
"""


def _file(tmp_path: Path, text: str, name: str = "acting") -> Path:
    path = tmp_path / f"{name}.risk"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_statements_compile(tmp_path):
    rules = open_rulebook(_file(tmp_path, ACTING)).rules(None, 4)
    assert rules.acting == ActingNeutral(grows=1, grows_percent=0, target="strongest", ratio=3, takes_back=(13, 10),
                                         takes_back_own=False, after=2, back_armies=4, infects=True)
    assert rules.team_rules == TeamRules(deploy_partners=True, shared_hand=True, seated_together=True, one_person=True)
    assert rules.teams == 2 and rules.fortify_partners is True


def test_percent_growth_twice_and_its_own_territories(tmp_path):
    text = ACTING.replace("grows 1 per territory a round", "grows 75% a round").replace(
        "strongest neighbour when it has 3 times", "random neighbour when it has twice").replace(
        "territories named iceland, peru after 2 rounds with 4 armies", "its territories after 1 round with their "
        "starting armies")
    a = open_rulebook(_file(tmp_path, text)).rules(None, 4).acting
    assert (a.grows, a.grows_percent, a.target, a.ratio, a.takes_back, a.takes_back_own, a.after, a.back_armies) == \
        (0, 75, "random", 2, (), True, 1, 0)
    text = write_rulebook(_read(_file(tmp_path, text, "again")))
    assert "    takes back its territories after 1 round with their starting armies\n" in text


def test_without_them_nothing_changes():
    rules = open_rulebook("doubles").rules(None, 4)
    assert rules.acting is None and rules.team_rules is None and rules.fortify_partners is True


def test_the_writer_gives_the_same_text_back(tmp_path):
    text = write_rulebook(_read(_file(tmp_path, ACTING)))
    assert "teams 2 with fortify into partners, deploy on partners, shared hand, seated together played by one " \
           "person\n" in text
    for line in ("grows 1 per territory a round", "attacks its strongest neighbour when it has 3 times its armies",
                 "takes back territories named iceland, peru after 2 rounds with 4 armies",
                 "infects a territory of each player at the start"):
        assert f"    {line}\n" in text
    assert write_rulebook(_read(_file(tmp_path, text, "again"))) == text


def test_mistakes_word_for_word(tmp_path):
    text = """rulebook wrong
extends classic
players 4 to 4
teams 2 with shared hand, deploy on partners, shared hand
battle { combat kill rates }
cards { sets none }
neutral {
    territories 6 start 3
    grows 0 per territory a round
    attacks its weakest neighbour when it has 0 times its armies
    takes back territories named icelnd, peru after 0 rounds with 0 armies
}
"""
    assert [p.line() for p in open_rulebook(_file(tmp_path, text, "wrong"), strict=False).check()] == [
        f"{tmp_path}/wrong.risk:4:47: 'shared hand' is given twice for the teams",
        f"{tmp_path}/wrong.risk:4:47: a shared hand needs cards: these rules have none",
        f"{tmp_path}/wrong.risk:9:11: the neutral army grows by nothing: give 1 or more, or leave 'grows' out",
        f"{tmp_path}/wrong.risk:10:5: the neutral army rolls dice when it attacks: its attacks cannot be played "
        "with 'combat kill rates'",
        f"{tmp_path}/wrong.risk:10:47: the neutral army attacks when it has 0 times a neighbour's armies: say 1 "
        "times or more",
        f"{tmp_path}/wrong.risk:11:34: unknown territory 'icelnd'; did you mean 'iceland'?",
        f"{tmp_path}/wrong.risk:11:53: takes back … after 0 rounds: a territory is taken back 1 round or more "
        "after its conquest",
        f"{tmp_path}/wrong.risk:11:67: takes back … with 0 armies: a territory taken back holds 1 army or more"]


def test_misspelt_words_get_a_suggestion(tmp_path):
    text = "rulebook typo\nextends classic\nneutral {\n    territories 6 start 3\n    grow 1 per territory a round\n" \
           "    attacks its weakst neighbour when it has twice its armies\n}\n"
    with pytest.raises(RuleError) as err:
        open_rulebook(_file(tmp_path, text, "typo"))
    assert [p.line() for p in err.value.problems] == [
        f"{tmp_path}/typo.risk:5:5: unknown statement 'grow'; did you mean 'grows'?",
        f"{tmp_path}/typo.risk:6:17: unexpected 'weakst'; expected one of: random, strongest, weakest; "
        "did you mean 'weakest'?"]


def test_refused_beside_capitals_and_a_cap():
    problems = open_rulebook("capital-conquest", sets=[
        "players 4 to 4", "teams 2 with shared hand", "capitals { capture takes cards yes }"]).check()
    assert [p.line() for p in problems] == [
        "--set 2:1:14: a shared hand cannot be taken with a capital: say 'capture takes cards no'"]
    problems = open_rulebook("classic", sets=["for 4 players { teams 2 with deploy on partners }",
                                              "reinforcements { armies at most 12 per territory }"]).check()
    assert [p.line() for p in problems] == [
        "--set 1:1:30: deploy on partners cannot be played with 'armies at most N per territory'"]


def test_set_on_the_command_line():
    rules = open_rulebook("classic", sets=["for 4 players { teams 2 with shared hand }"]).rules(None, 4)
    assert rules.team_rules == TeamRules(shared_hand=True)
    acting = open_rulebook("neutral-territories", sets=["neutral { grows 2 per territory a round }"]).rules(None, 3)
    assert acting.acting == ActingNeutral(grows=2)


def test_the_rule_sheet_rows():
    sheet = " ".join(runner.invoke(app, ["rules", "killer-neutrals", "--players", "4"]).stdout.split())
    assert "Killer neutrals its starting territories: neutral again with the armies it held as play began, at the " \
           "start of the round 1 round after its conquest" in sheet
    sheet = " ".join(runner.invoke(app, ["rules", "zombies", "--players", "4"]).stdout.split())
    assert "Neutral growth at each round's start every neutral territory gains 2 armies" in sheet
    assert "Infection at the first round's start one territory of each player, drawn at random, joins the " \
           "neutral army with its armies" in sheet
    sheet = " ".join(runner.invoke(app, ["rules", "conquer-club-doubles", "--players", "4", "--lang", "de"]).stdout.split())
    assert "Partner teilen Verstärkungen dürfen auf ein Land des Partners gesetzt werden; Teams aus " \
           "aufeinanderfolgenden Plätzen, nicht abwechselnd" in sheet


def test_diff_shows_what_partners_share():
    out = " ".join(runner.invoke(app, ["diff", "doubles", "conquer-club-doubles", "--players", "4"]).stdout.split())
    assert "Partners share — reinforcements may be placed on a partner's territory; teams of consecutive seats, " \
           "not alternate ones" in out


def test_the_teams_row_says_where_partners_sit():
    sheet = " ".join(runner.invoke(app, ["rules", "conquer-club-triples", "--players", "6"]).stdout.split())
    assert "Teams teams of 3, partners seated together; partners never attack each other; a team wins when every " \
           "other team is out" in sheet
