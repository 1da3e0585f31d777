"""`risk check` accepts only what plays (issue 21): each file here was called ok by `check` and
then stopped `play` or `simulate` with an error, or ended a game at turn 0. Now `check` refuses
it, with the problem placed; and what it accepts plays (the property test at the end)."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import BOTS, make_bot
from riskrules.engine.game import Game
from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook

runner = CliRunner()
FAST = {"strong": "strong-1"}  # every bot's code, not its strength

TINY_BOARD = """\
id: tiny3
continents:
  all: [a, b, c]
borders:
  - [a, b]
  - [b, c]
deck:
  symbols: [infantry, cavalry, artillery]
  jokers: 0
  cards: {a: infantry, b: cavalry, c: artillery}
"""


@pytest.fixture
def write(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def write(name: str, text: str) -> str:
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
        return name

    return write


def check(path: str) -> tuple[int, str]:
    result = runner.invoke(app, ["check", path])
    return result.exit_code, result.stderr + result.stdout


def test_a_phase_condition_that_can_divide_by_zero_is_refused(write):
    path = write("cond.risk", """\
        rulebook cond
        extends classic
        turn reinforce, attack when territories // 0 > 0, fortify
    """)
    assert check(path) == (1, """\
cond.risk:3:44: 'territories // 0 > 0' can divide by zero: '0' can be 0 (whatever happens)
    turn reinforce, attack when territories // 0 > 0, fortify
                                               ^
cond.risk: 1 problem
""")


def test_a_phase_condition_that_cannot_divide_by_zero_is_accepted(write):
    path = write("cond.risk", """\
        rulebook cond
        extends classic
        turn reinforce, attack when territories // 2 > 3, fortify
    """)
    assert check(path) == (0, "cond.risk: ok\n")


def test_missions_are_checked_when_the_victory_is_not_missions(write):
    path = write("occupy.risk", """\
        rulebook occupy
        extends classic
        missions {
            occupy max territories
        }
    """)
    # classic's default variant is domination: its missions are compiled all the same
    assert check(path) == (1, """\
occupy.risk:4:12: 'max' is a function: write max(…)
        occupy max territories
               ^
occupy.risk: 1 problem
""")


def test_a_mission_count_that_can_be_zero_is_refused(write):
    """At least 1, as `occupy 0 territories` is refused: a mission of nothing is won at once."""
    path = write("occupy.risk", """\
        rulebook occupy
        extends classic
        missions {
            occupy territories // 2 territories
        }
    """)
    assert check(path) == (1, """\
occupy.risk:4:12: 'territories // 2' can be less than 1 (as low as 0, with territories from 0 to 42)
        occupy territories // 2 territories
               ^
occupy.risk: 1 problem
""")


def test_a_round_limit_that_can_be_zero_is_refused(write):
    path = write("rounds.risk", """\
        rulebook rounds
        extends classic
        victory domination or after 0 * players rounds by most territories
    """)
    assert check(path) == (1, """\
rounds.risk:3:29: '0 * players' can be less than 1 (as low as 0, with players from 1 to 6)
    victory domination or after 0 * players rounds by most territories
                                ^
rounds.risk: 1 problem
""")


def test_more_players_than_the_board_has_territories_are_refused(write):
    write("tiny3.yaml", TINY_BOARD)
    path = write("tiny3.risk", """\
        rulebook tiny3
        extends classic
        board "tiny3.yaml"
        players 3 to 6
        reinforcements {
            continents all 2
        }
        missions {
            occupy 2 territories
        }
    """)
    assert check(path) == (1, """\
tiny3.risk:4:1: 4, 5 and 6 players are allowed, but the board has only 3 territories: every player needs one
    players 3 to 6
    ^
tiny3.risk: 1 problem
""")
    write("tiny3.risk", open(path, encoding="utf-8").read().replace("3 to 6", "3 to 3"))
    assert check(path) == (0, "tiny3.risk: ok\n")
    rules = open_rulebook(path).rules(None, 3)
    for i, bot in enumerate(BOTS):
        Game(rules, [make_bot(FAST.get(bot, bot)) for _ in range(3)], i, max_turns=30).play()


def test_an_id_with_a_final_newline_is_refused(write):
    """`^…$` in the schema: Python's `$` matches before a final newline, JSON Schema's does not."""
    write("tiny3.yaml", TINY_BOARD.replace("[a, b, c]", '["a\\n", b, c]').replace("[a, b]", '["a\\n", b]')
          .replace("{a: infantry", '{"a\\n": infantry'))
    path = write("tiny3.risk", """\
        rulebook tiny3
        extends classic
        board "tiny3.yaml"
        players 3 to 3
    """)
    with pytest.raises(RuleError) as err:
        open_rulebook(path).rules()
    assert err.value.first_line == "tiny3.yaml:5:6: borders.0.0: 'a\\n' does not match '^[a-z][a-z0-9_]*$'"


# ---- what check accepts, plays -----------------------------------------------------------------------------

# Statements whose numbers are expressions, in the places the guide allows one; some of them
# refused by check (the range of the place), the rest must play with every bot.
NAMES = ["territories", "continents", "cards", "players", "round"]
PLACES = [
    "reinforcements {{ territories {e} }}",
    "reinforcements {{ continents europe {e} }}",
    "cards {{ sets escalating 4, 6 then +{e} }}",
    "cards {{ territory bonus {e} per card }}",
    "missions {{ occupy {e} territories }}",
    "victory domination or after {e} rounds by most territories",
    "turn reinforce, attack when {e} > 2, fortify",
]
expression = st.builds(lambda a, op, b: f"{a} {op} {b}", st.sampled_from(NAMES + ["1", "2", "3"]),
                       st.sampled_from(["+", "-", "*", "//", "%"]), st.sampled_from(NAMES + ["0", "1", "2", "7"]))


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(PLACES), e=expression, players=st.sampled_from([3, 4]))
def test_what_check_accepts_plays_with_every_bot(write, place, e, players):
    path = write("house.risk", f"rulebook house\nextends classic\n{place.format(e=e)}\n")
    book = open_rulebook(path, strict=False)
    if book.check():
        return  # refused, with its problems placed (the cases above)
    rules = book.rules(None, players)
    for i, bot in enumerate(BOTS):
        Game(rules, [make_bot(FAST.get(bot, bot)) for _ in range(players)], i, max_turns=12).play()
