"""Rough edges a new reader met in issue 43's goal statements (issue 43's progress note, stop 53):
the real cause of a mistake told first (or alone) and placed on the word at fault, and a warning
for points that decide nothing — each word for word."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.loader import open_rulebook
from conftest import house, problems_of

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def check_output(write, body: str) -> tuple[int, str]:
    path = write("house.risk", house(body))
    out = runner.invoke(app, ["check", str(path), "--lang", "en"])
    return out.exit_code, out.output.replace(str(path), "house.risk")


# ---- `or objective` after the round limit: one error, the real cause, on the misplaced `or` ------------------

def test_or_objective_after_a_round_limit_is_told_alone_and_where_it_is(write):
    """The objective stated first, the goal after: the unread goal line no longer makes 'the objective
    wins nothing' the first error; the misplaced words are."""
    said = problems_of(write, house("""
        objective alaska, kamchatka, iceland
        victory domination or after 10 rounds by most armies or objective
        """))
    assert said == (
        "house.risk:4:54: 'or objective' goes before the round limit: victory domination or objective or after …\n"
        "    victory domination or after 10 rounds by most armies or objective\n"
        "                                                         ^")


def test_or_objective_after_a_round_limit_without_its_tie_break(write):
    code, said = check_output(write, """
        victory domination or after 10 rounds or objective
        objective alaska, kamchatka, iceland
        """)
    assert code == 1
    assert said.splitlines() == [
        "house.risk:3:39: 'or objective' goes before the round limit: victory domination or objective or after …",
        "    victory domination or after 10 rounds or objective",
        "                                          ^",
        "house.risk: 1 problem"]


def test_an_unreadable_goal_leaves_only_its_own_syntax_error(write):
    """Any syntax error on the goal's line: what it would have said is not known, so the objective's
    and the points' checks keep quiet."""
    said = problems_of(write, house("""
        objective alaska, kamchatka, iceland
        points territories
        victory conquest or objective
        """))
    assert said.splitlines()[0] == ("house.risk:5:9: unexpected 'conquest'; expected one of: assassin, capitals, "
                                    "domination, missions, opponents")
    assert len(said.splitlines()) == 3  # one problem: its line, the source, the caret


def test_an_unreadable_objective_leaves_or_objective_alone(write):
    said = problems_of(write, house("""
        victory domination or objective
        objective alaska kamchatka
        """))
    assert said.splitlines()[0] == "house.risk:4:18: unexpected 'kamchatka'; expected one of: end of line, ',', '}'"
    assert len(said.splitlines()) == 3


def test_an_unreadable_points_statement_leaves_by_most_points_alone(write):
    said = problems_of(write, house("""
        points territories +
        victory domination or after 5 rounds by most points
        """))
    assert said.splitlines()[0] == ("house.risk:3:21: unexpected end of line; expected one of: a name, a number, "
                                    "'(', '-'")
    assert len(said.splitlines()) == 3


def test_the_objective_that_wins_nothing_is_still_told(write):
    """With the goal read, the check stands as before."""
    said = problems_of(write, house("""
        objective alaska
        victory domination
        """))
    assert said.splitlines()[0] == "house.risk:3:1: the objective wins nothing: say 'victory … or objective'"


# ---- a repeated tie-break: the caret on the repeated measure ---------------------------------------------

def test_a_repeated_tie_break_is_placed_on_its_word(write):
    said = problems_of(write, house("""
        victory domination or after 10 rounds by most armies then territories then armies
        """))
    assert said == (
        "house.risk:3:76: 'then armies' repeats a tie-break already given\n"
        "    victory domination or after 10 rounds by most armies then territories then armies\n"
        "                                                                               ^")


def test_a_repeated_two_word_tie_break_is_placed_on_its_first_word(write):
    said = problems_of(write, house("""
        victory domination or after 10 rounds by most continent bonus then continent bonus
        """))
    assert said.splitlines()[0] == "house.risk:3:68: 'then continent bonus' repeats a tie-break already given"


# ---- points that no tie-break counts --------------------------------------------------------------------

def test_points_no_tie_break_counts_are_a_warning(write):
    code, said = check_output(write, """
        points territories + 3 * continents
        victory domination or after 5 rounds by most armies
        """)
    assert code == 0
    assert said.splitlines() == [
        "house.risk:3:1: warning: the points decide nothing: say 'victory … by most points' (or 'then points')",
        "    points territories + 3 * continents",
        "    ^",
        "house.risk: ok, 1 warning"]


def test_points_a_parent_counts_raise_no_warning(write):
    """most-points counts them (`by most points then armies`); a rule over it that keeps its goal
    and restates the points is quiet, and one that counts them in `then` too."""
    write("over.risk", "rulebook over\nextends most-points\npoints territories\n")
    assert open_rulebook("over.risk", strict=False).check() == []
    path = write("then.risk", house("""
        points armies
        victory domination or after 5 rounds by most territories then points
        """))
    assert open_rulebook(path, strict=False).check() == []


def test_rules_with_a_warning_still_play(write):
    path = write("house.risk", house("points territories\n"))
    rules = open_rulebook(path).rules(None, 3)
    assert rules.points.text == "territories" and rules.round_limit is None


# ---- met on the way: a word glued to a keyword, and signs among the words expected -----------------------

def test_a_word_that_begins_with_a_keyword_is_told_whole(write):
    """`per cards` was lexed 'card' then 's' ("unexpected 's'"): the whole word is told, with the keyword."""
    said = problems_of(write, house("""
        victory dominations
        cards {
            pieces 4 per cards
        }
        """))
    assert said.splitlines() == [
        "house.risk:3:9: unexpected 'dominations'; did you mean 'domination'?",
        "    victory dominations",
        "            ^",
        "house.risk:5:18: unexpected 'cards'; did you mean 'card'?",
        "        pieces 4 per cards",
        "                     ^"]


def test_signs_expected_are_quoted(write):
    said = problems_of(write, house("battle {\n    combat kill rates\n    luck 16\n}\n"))
    assert said.splitlines()[0] == "house.risk:5:12: unexpected end of line; expected '%'"


# ---- met on the way: a mark the board does not have ------------------------------------------------------

def test_a_mark_the_board_lacks_names_the_marks_it_has(write):
    said = problems_of(write, house("""
        battle {
            defender dice + 1 when defender_fort
        }
        """))
    assert said.splitlines()[0] == ("house.risk:4:28: unknown name 'defender_fort': the board classic marks no "
                                    "territory 'fort' (its territory marks: none)")


def test_a_near_mark_is_suggested_among_its_sides_names(write):
    """'border_moat' on walled-isles' board: its border marks are named ('wall'; 'impassable' is no
    border to fight across); 'defender_capitol' still gets its did-you-mean."""
    said = problems_of(write, house("""
        battle {
            attacker dice - 1 when border_moat
            defender dice + 1 when defender_capitol
        }
        """, extends="walled-isles"))
    lines = said.splitlines()
    assert lines[0] == ("house.risk:4:28: unknown name 'border_moat': the board walled_isles marks no border 'moat' "
                        "(its border marks: wall)")
    assert lines[3].startswith("house.risk:5:28: unknown name 'defender_capitol'; did you mean 'defender_capital'? "
                               "(names allowed here: alive_players, ")


# ---- met on the way: a scenario whose lines could not be read ---------------------------------------------

def test_a_scenario_of_colours_is_told_by_its_syntax_errors_alone(write):
    """Seats written as colours: each line's syntax error, not 'scenario.seats: {} should be non-empty'
    before them, nor 'the scenario is for 0 players'."""
    said = problems_of(write, house("""
        scenario {
            red: alaska 3, alberta 2
            blue: kamchatka 2
        }
        """))
    assert [line for line in said.splitlines() if "house.risk" in line] == [
        "house.risk:4:5: unexpected 'red'; expected one of: neutral, seat, '}'",
        "house.risk:5:5: unexpected 'blue'; expected one of: neutral, seat, '}'"]


def test_an_empty_scenario_is_still_refused(write):
    said = problems_of(write, house("scenario {\n}\n"))
    assert said.splitlines()[0] == "house.risk:3:1: scenario.seats: {} should be non-empty"


# ---- met on the way: a board file's marks written as a new reader writes them ------------------------------

@pytest.mark.parametrize("old, new, said", [
    ("  capital: [kingsholm, sunfields, saltpans]", "  capital: kingsholm",
     "walled-isles.yaml:33:12: marks.capital: a mark lists its territories in brackets, as in [kingsholm]"),
    ("  wall: [[kingsholm, ambercoast], [ravenscar, redcliffs]]", "  wall: [kingsholm, ambercoast]",
     "walled-isles.yaml:35:9: border marks.wall: each border is a pair in brackets of its own, as in "
     "[[kingsholm, ambercoast]]"),
    ("\nmarks:", "\nmark:",
     "walled-isles.yaml:32:1: 'mark' cannot be at the top of a board; did you mean 'marks'? (a board has borders, "
     "continents, deck, id, and may have author, border marks, colours, layout, marks, name, names, one_way, "
     "source)"),
    ("  capital: [", "  Capital City: [",
     "walled-isles.yaml:33:3: marks: 'Capital City' is not a mark's name: lower case letters, digits and _, "
     "beginning with a letter"),
])
def test_a_board_files_marks_slips(old, new, said):
    from riskrules.language.board import board_of_text
    from riskrules.language.errors import RuleError

    text = (ROOT / "rulebooks" / "house" / "walled-isles.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    with pytest.raises(RuleError) as err:
        board_of_text(text.replace(old, new), "walled-isles.yaml")
    assert [p.line() for p in err.value.problems] == [said]


# ---- met on the way: words run together, read as apart ------------------------------------------------------

def test_words_run_together_are_told_where_they_are(write):
    """`combat killrates` was read as `combat kill rates` without a word (the lexer takes a keyword
    where it begins a longer word); now each such place is told, and the file refused."""
    said = problems_of(write, house("""
        battle {
            combat killrates
            guard0
        }
        cards {
            handlimit 5 discard
        }
        victory dominationor after 5 rounds by most armies
        """))
    assert [line for line in said.splitlines() if "house.risk" in line] == [
        "house.risk:4:12: 'killrates' runs two words together: write 'kill rates'",
        "house.risk:5:5: 'guard0' runs two words together: write 'guard 0'",
        "house.risk:8:5: 'handlimit' runs two words together: write 'hand limit'",
        "house.risk:10:9: 'dominationor' runs two words together: write 'domination or'"]


def test_signs_between_words_are_no_running_together(write):
    path = write("house.risk", house("""
        battle {
            combat kill rates
            kill rates attacker 60%,defender 70%
        }
        reinforcements {
            territories max(3,territories//3)
        }
        """))
    assert open_rulebook(path, strict=False).check() == []


@pytest.mark.parametrize("statement, expected", [
    ("decay 2", "house.risk:4:11: unexpected '2'; expected a name ('decay' names each territory with its armies, "
                "as in 'decay kamchatka 1, alaska 2')"),
    ("autodeploy bonus", "house.risk:4:21: unexpected end of line; expected one of: a name, a number, '(', '-' "
                         "('autodeploy' names each territory with its armies, as in 'autodeploy alaska 2, iceland 1')"),
    ("continents 5", "house.risk:4:16: unexpected '5'; expected a name ('continents' names each continent with its "
                     "bonus, as in 'continents europe 5, asia 7')")])
def test_a_list_of_named_numbers_says_how_it_is_written(write, statement, expected):
    assert problems_of(write, house(f"reinforcements {{\n    {statement}\n}}\n")).splitlines()[0] == expected
