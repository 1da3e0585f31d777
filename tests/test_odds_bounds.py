"""`risk odds` on hostile arguments: each refused in one line (exit 1) before anything is computed, or
answered within the bounds (a chain's states, the table's size)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app

runner = CliRunner()


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("args, message", [
    # a worth whose value babel cannot write (1e25 was a decimal.InvalidOperation traceback), or a worth so
    # small it is written as 0
    (("12", "3,2,1", "--advise", "--worth", "1e25"), "--worth must be a number of armies between 0.001 and 1,000,000"),
    (("12", "3,2,1", "--advise", "--worth", "1000001"),
     "--worth must be a number of armies between 0.001 and 1,000,000"),
    (("12", "3,2,1", "--advise", "--worth", "1e-30"), "--worth must be a number of armies between 0.001 and 1,000,000"),
    (("12", "3,2,1", "--advise", "--worth", "inf"), "--worth must be a number of armies between 0.001 and 1,000,000"),
    (("12", "3,2,1", "--advise", "--worth", "0"), "--worth must be a number of armies between 0.001 and 1,000,000"),
    # a table whose JSON is too large (1000: 193 MB written, 1.7 GB of memory)
    (("--table", "1000", "--json"), "--table with --json must be between 1 and 300 (90,000 attacks); the text table "
                                    "goes to 1000"),
    (("--table", "301", "--json"), "--table with --json must be between 1 and 300 (90,000 attacks); the text table "
                                   "goes to 1000"),
    (("--table", "10000"), "--table must be between 1 and 1000"),
    # huge, long, negative and odd chains
    (("12", "3,2,1", "--leave", "99999999999999999999999"),
     "--leave must be between 1 and 1000: a territory taken is held by one army at least"),
    (("12", "3,2,1", "--leave", "-5"), "--leave must be between 1 and 1000: a territory taken is held by one army at least"),
    (("12", "3,2,1", "--stop", "-1"), "--stop must be between 0 and 1000"),
    (("12", "3,2,1", "--stop", "999999999999999999999999999999999999"), "--stop must be between 0 and 1000"),
    (("12", ",".join(["1"] * 5000)), "a chain has 1 to 20 territories"),
    (("12", "3,,2"), "DEFENDERS: '3,,2' is not a number of armies, nor numbers separated by commas (3,2,1)"),
    (("12", "１２"), "DEFENDERS: '１２' is not a number of armies, nor numbers separated by commas (3,2,1)"),
    (("2", "4," + "9" * 4300), "DEFENDERS: '4,99999999999999999999999999999999999999…' is not a number of armies, "
     "nor numbers separated by commas (3,2,1)"),
    (("999999999999999999999999", "3"), "armies must be between 0 and 1000"),
    (("1000", "1000,1000,1000,1000", "--advise", "--worth", "3"),
     "too large to compute exactly: 1,000 attackers through 4,000 defenders make 4,004,000 states, and at most "
     "4,000,000 are computed"),
])
def test_refused_in_one_line(args, message):
    result = cli("odds", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"risk: {message}\n")


def test_the_largest_worth_and_json_table_are_answered():
    big = cli("odds", "12", "3,2,1", "--advise", "--worth", "1000000", "--lang", "en")
    assert big.exit_code == 0
    assert ("The best stopping rule for 1,000,000 × territories taken − armies lost (expected 2,865,497.62):"
            in big.stdout.splitlines())
    small = cli("odds", "12", "3,2,1", "--advise", "--worth", "0.001", "--lang", "en")
    assert small.exit_code == 0
    assert "The best stopping rule for 0.001 × territories taken − armies lost (expected 0):" in small.stdout


def test_a_table_at_the_json_limit(tmp_path):
    result = cli("odds", "--table", "300", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert len(data) == 90_000 and data[-1]["attackers"] == data[-1]["defenders"] == 300
    assert (data[0]["attackers"], data[0]["defenders"], data[0]["p_attacker_wins"]) == (1, 1, 0.4166666666666667)
