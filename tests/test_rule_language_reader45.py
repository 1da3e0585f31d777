"""What a new reader of the guide met (issue 45): each message word for word."""

from __future__ import annotations

from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook


def problems_of(write, text: str, name: str = "house.risk") -> str:
    path = write(name, text)
    try:
        found = open_rulebook(path, strict=False).check()
    except RuleError as err:
        found = err.problems
    return "\n".join(p.format() for p in found)


def test_capitals_missing_statements_are_named_as_written(write):
    text = ("rulebook house\nextends classic\nvictory capitals\ncapitals {\n    needed 2-6: 2\n"
            "    capture replaces continent armies no\n}\n")
    assert problems_of(write, text) == (
        "house.risk:5:5: no rule sets 'capture takes cards', 'capture eliminates victim' in capitals, "
        "neither here nor in a parent rulebook\n"
        "        needed 2-6: 2\n"
        "        ^")


def test_a_neutral_army_that_infects_needs_no_territories(write):
    from typer.testing import CliRunner

    from riskrules.cli import app
    path = write("house.risk", "rulebook house\nextends classic\nneutral {\n"
                               "    infects a territory of each player at the start\n}\n")
    assert open_rulebook(path).check() == []
    sheet = CliRunner().invoke(app, ["rules", str(path), "--lang", "en"])
    assert sheet.exit_code == 0
    assert "  Neutral army                   no territories at the start\n" in sheet.stdout
    assert "draft leaves" not in sheet.stdout


def test_a_neutral_army_that_only_grows_still_needs_territories(write):
    assert problems_of(write, "rulebook house\nextends classic\nneutral {\n    grows 1 per territory a round\n}\n") == (
        "house.risk:4:5: no rule sets 'territories', 'start' in neutral, neither here nor in a parent rulebook\n"
        "        grows 1 per territory a round\n"
        "        ^")


def test_a_draft_on_classic_points_at_the_draft_with_its_fix(write):
    assert problems_of(write, "rulebook house\nextends classic\nsetup { territories draft }\n") == (
        "house.risk:3:9: 'territories draft' leaves the neutral army no hand to be dealt: give it the territories "
        "the draft leaves with 'neutral { territories leftover N }'\n"
        "    setup { territories draft }\n"
        "            ^")


def test_a_hand_dealt_in_the_same_file_as_the_draft_is_refused_at_the_hand(write):
    text = ("rulebook house\nextends classic\nsetup { territories draft }\n"
            "for 2 players {\n    neutral { territories dealt }\n}\n")
    assert problems_of(write, text) == (
        "house.risk:5:15: a neutral army dealt a hand needs 'territories deal'\n"
        "        neutral { territories dealt }\n"
        "                  ^")


KILLS = "rulebook house\nextends classic\nbattle {\n    combat kill rates\n    kill rates defender 80%\n}\n"


def test_one_kill_rate_alone_keeps_the_others_default(write):
    from riskrules.language.write import write_rulebook
    book = open_rulebook(write("house.risk", KILLS))
    kills = book.rules().battle.kills
    assert (kills.attacker, kills.defender) == (60, 80)
    assert write_rulebook(book.leaf) == KILLS.replace("classic\n", "classic\n\n")


def test_one_kill_rate_alone_keeps_the_parents_other(write):
    write("house.risk", KILLS)
    path = write("child.risk", 'rulebook child\nextends "house.risk"\nbattle {\n    kill rates attacker 50%\n}\n')
    kills = open_rulebook(path).rules().battle.kills
    assert (kills.attacker, kills.defender) == (50, 80)


def test_one_kill_rate_alone_without_kill_rate_combat_is_refused_at_it(write):
    text = "rulebook house\nextends classic\nbattle {\n    kill rates defender 80%\n}\n"
    assert problems_of(write, text) == (
        "house.risk:4:5: 'kill rates' belongs to kill-rate combat: add 'combat kill rates' to the battle section\n"
        "        kill rates defender 80%\n"
        "        ^")
