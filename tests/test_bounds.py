"""Numbers have bounds, expressions are checked over their ranges, and what `check` accepts plays.

The examples of issue 8 ("Why"), each with its message word for word; the range analysis
of expressions (expr.check_range); and a property: a house rule made of the language's own
statements, with numbers anywhere in or beyond their ranges, is either refused by `check`
with positioned problems, or shows, plays 50 turns with each bot and simulates a few games.
"""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.errors import RuleError
from riskrules.language.expr import Range, check_range, name_ranges
from riskrules.language.loader import open_rulebook

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import fuzz_rules  # noqa: E402  (the fuzz campaign's own verdict: show, play, simulate)

runner = CliRunner()
CLASSIC = name_ranges(42, 6, 44, 6)


def house(body: str) -> str:
    return "rulebook house\nextends classic\n" + textwrap.dedent(body).lstrip("\n")


def first_problem(write, body: str) -> str:
    write("house.risk", house(body))
    result = runner.invoke(app, ["check", "house.risk"])
    assert result.exit_code == 1
    return result.stderr.splitlines()[0]


@pytest.mark.parametrize("body, message", [
    ("victory domination\nmissions {\n    conquer atlantis\n}\n",
     "house.risk:5:13: mission names unknown continent 'atlantis'"),
    ("setup {\n    starting armies 2+: 1000000\n}\n",
     "house.risk:4:21: 1,000,000 starting armies placed 1 per turn take 1,000,000 rounds to place; at most 500 "
         "are allowed (place more per turn)"),
    ("setup {\n    starting armies 2+: 100000\n}\n",
     "house.risk:4:21: 100,000 starting armies placed 1 per turn take 100,000 rounds to place; at most 500 are "
     "allowed (place more per turn)"),
    ("reinforcements {\n    continents europe 999999999999\n}\n",
     "house.risk:4:16: continents.europe: 999999999999 is greater than the maximum of 1000"),
    ("battle {\n    defender dice 1: 1, 1000000000000+: 2 always\n}\n",
     "house.risk:4:25: battle.defender_dice.1000000000000+: '1000000000000+' is not a count of armies: n, n-m "
     "or n+, each number 0 to 1,000,000"),
    ("battle {\n    attacker dice 1+: 1\n}\n",
     "house.risk:4:19: an attack needs at least 2 armies: one must stay behind"),
    ("setup {\n    starting armies 2+: " + "1" * 5000 + "\n}\n",
     "house.risk:4:25: number too long (more than 18 digits)"),
    ("reinforcements {\n    territories territories - 5\n}\n",
     "house.risk:4:17: 'territories - 5' can be less than 0 (as low as -5, with territories from 0 to 42)"),
    ("reinforcements {\n    territories 100 // territories\n}\n",
     "house.risk:4:24: '100 // territories' can divide by zero: 'territories' can be 0 (with territories from "
     "0 to 42)"),
    ("reinforcements {\n    territories territories * 100000\n}\n",
     "house.risk:4:17: 'territories * 100000' can be more than 1,000,000 (up to 4,200,000, with territories from "
     "0 to 42)"),
    # the documented ranges of numbers that make armies (docs/rule-language.md), the message of the form that fits
    ("cards {\n    sets fixed 3 infantry: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 257590\n}\n",
     "house.risk:4:61: cards.sets.values.mixed: 257590 is greater than the maximum of 1000"),
    ("cards {\n    sets escalating 4, 6 then +5000\n}\n",
     "house.risk:4:32: cards.sets.step: 5000 is greater than the maximum of 1000"),
    ("cards {\n    territory bonus 5000 per card\n}\n",
     "house.risk:4:5: cards.territory_bonus.armies: 5000 is greater than the maximum of 100"),
    ("victory missions\nmissions {\n    occupy 18 territories with 5000 armies each\n}\n",
     "house.risk:5:5: missions.list.0.armies: 5000 is greater than the maximum of 1000"),
    ("variant v0 {\n}\n" + "".join(f"variant v{i} extends v{i - 1} {{\n}}\n" for i in range(1, 20)),
     "house.risk:35:21: variant 'v16' extends a chain of more than 16 variants"),
])
def test_the_examples_of_the_issue_are_refused_where_they_are_written(write, body, message):
    assert first_problem(write, body) == message


def test_what_check_refuses_is_refused_by_rules_too(write):
    write("house.risk", house("victory domination\nmissions {\n    conquer atlantis\n}\n"))
    result = runner.invoke(app, ["rules", "house.risk"])
    assert (result.exit_code, result.stderr) == (1, "risk: house.risk:5:13: mission names unknown continent "
                                                    "'atlantis'\n")


def test_a_sound_guarded_expression_passes(write):
    write("house.risk", house("reinforcements {\n    territories max(3, 100 // territories if territories > 0 "
                              "else 3)\n}\n"))
    assert runner.invoke(app, ["check", "house.risk"]).stdout == "house.risk: ok\n"


@pytest.mark.parametrize("text, low, high, problems", [
    ("max(3, territories // 3)", 3, 14, []),
    ("territories / 2", 0, 21, []),
    ("abs(territories - 50)", 8, 50, []),
    ("territories % 5", 0, 4, []),
    ("cards * 2 - cards", -44, 88, ["'cards * 2 - cards' can be less than 0 (as low as -44, with cards from 0 to 44)"]),
    ("3 if players == 1 else 6 // (players - 1)", 1, 6, []),
    ("6 // (players - 1) if not players < 2 else 0", 0, 6, []),
    ("6 // (players - 1)", 0, 0,
     ["'6 // (players - 1)' can divide by zero: 'players - 1' can be 0 (with players from 1 to 6)"]),
    ("ceil(round / 7)", 0, 14286, []),  # round is 0 during the setup
    ("armies * 2", 0, 2_000_000,
     ["'armies * 2' can be more than 1,000,000 (up to 2,000,000, with armies from 0 to 1,000,000)"]),
])
def test_check_range(text, low, high, problems):
    found, said = check_range(text, CLASSIC)
    assert (found.lo, found.hi) == (low, high)
    assert [p.message for p in said] == problems


def test_narrowing_drops_a_branch_that_cannot_be_taken():
    found, said = check_range("1 // 0 if territories > 99 else 2", CLASSIC)
    assert (found, said) == (Range(2, 2), [])


# ---- the property: accepted means playable ---------------------------------------------------------

# mostly numbers a rule might hold (so most files are accepted and played), some at and past the bounds
SMALL = st.integers(1, 12)
NUMBER = st.one_of(SMALL, SMALL, SMALL, st.integers(0, 2000),
                   st.sampled_from([0, 99, 100, 101, 1000, 1001, 100000, 10 ** 6, 10 ** 12]))
STATEMENTS = [
    ("setup", "starting armies 2: {}, 3: {}, 4+: {}"),
    ("setup", "placement {} per turn"),
    ("reinforcements", "continents europe {}, asia {}"),
    ("reinforcements", "territories max({}, territories // {})"),
    ("reinforcements", "territories {} + continents * {} - cards // {}"),
    ("cards", "sets escalating {}, {}, {} then +{}"),
    ("cards", "sets fixed 3 infantry: {}, 3 cavalry: {}, 3 artillery: {}, 1 of each: {}"),
    ("cards", "territory bonus {} per card"),
    ("cards", "must trade at {} cards"),
    ("cards", "draw {} per turn with conquest"),
    ("battle", "attacker dice {}: 1, {}: 2, {}+: 3"),
    ("battle", "defender dice 1: 1, {}+: {} by choice"),
    ("fortify", "moves {}"),
    ("missions", "occupy {} territories with {} armies each"),
    ("missions", "destroy red or else occupy {} territories"),
    ("capitals", "needed 2-3: {}, 4+: {}"),
]


@st.composite
def house_rules(draw) -> str:
    lines = ["rulebook prop", "extends " + draw(st.sampled_from(fuzz_rules.EDITIONS))]
    for section, template in draw(st.lists(st.sampled_from(STATEMENTS), min_size=1, max_size=4)):
        numbers = [draw(NUMBER) for _ in range(template.count("{}"))]
        lines += [f"{section} {{", "    " + template.format(*numbers), "}"]
    lines.append(draw(st.sampled_from(["", "victory domination", "victory missions", "victory capitals"])))
    return "\n".join(lines) + "\n"


# strong-1 and 8 turns: the strong bot's own code (copies, playouts) at a fraction of its default
# cost, and a house rule of 100,000 armies a turn (a million rolls in 50 turns) in seconds; the
# full search and 50 turns play in benchmarks/fuzz.py. 50 examples in CI (100 until the suite
# outgrew its time); `python benchmarks/properties.py` runs this file with 150 (RISKRULES_PROPERTY_SCALE).
EXAMPLES = 50 * int(os.environ.get("RISKRULES_PROPERTY_SCALE", "1"))
# In CI the same examples every run (drawn anew they cost 6.9 to 48 s of CPU: a slow draw held a loaded run
# 362 s on this test); benchmarks/properties.py draws new ones each run.
DERANDOMIZE = "RISKRULES_PROPERTY_SCALE" not in os.environ


@settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=house_rules())
def test_what_check_accepts_shows_plays_and_simulates(tmp_path, text):
    path = tmp_path / "prop.risk"
    path.write_text(text, encoding="utf-8")
    try:
        book = open_rulebook(path, strict=False)
        problems = book.check()
    except RuleError as err:
        problems = err.problems
    for p in problems:
        assert p.pos is not None and (p.pos.file.endswith("prop.risk") or p.pos.file.startswith("rulebooks/")), p.format()
    if not problems:
        fuzz_rules.accepted(book, path, bots=("random", "balanced", "strong-1"), turns=8)
