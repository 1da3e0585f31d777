"""`risk balance` on the command line: text, --json and --html from one run; refusals word for word."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from riskrules.cli import app

runner = CliRunner()
TINY = ["--games", "4", "--skill", "balanced>random", "--skill-games", "3", "--rounds", "10,20", "--workers", "1",
        "--max-turns", "300"]


def ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 1, result.output
    return result.stderr.strip()


@pytest.fixture(scope="module")
def page_and_json(tmp_path_factory):
    path = tmp_path_factory.mktemp("balance") / "balance.html"
    out = ok("balance", "classic", *TINY, "--json", "--html", str(path))
    return json.loads(out), path.read_text(encoding="utf-8")


def test_json(page_and_json):
    data, _ = page_and_json
    assert data["games"] == 4 and data["skill_games"] == 3 and data["skill"] == ["balanced>random"]
    assert data["rounds"] == [10, 20] and data["seed"] == 1
    assert data["leader_measure"] == "territories held + armies on the board, at the end of each round"
    assert data["family"]["comparisons"] == 3 + 1 + 1 + 2 * 2 + 3
    keys = [r["key"] for r in data["rule_sets"][0]["figures"]]
    assert keys == ["seat 1", "seat 2", "seat 3", "balanced>random", "rounds", "running after 10",
                    "running after 20", "eliminated by 10", "eliminated by 20", "lead changes", "decided at",
                    "comebacks"]
    assert [r["estimate"] for r in data["rule_sets"][0]["figures"][:3]] == [0.5, 0.25, 0.25]


def test_the_page_holds_the_json(page_and_json):
    data, html = page_and_json
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert json.loads(found[1]) == data
    assert "One family of m = 12 figures" in html and "<svg" in html
    assert "http://" not in html.replace("http://www.w3.org", "")


def test_text_states_count_seeds_and_family():
    out = ok("balance", "classic", *TINY)
    assert out.startswith("Balance of classic, 3 players, balanced in every seat\n")
    assert ("Shape run: 4 games a rule set, game i played with a seed derived from seed 1 and i (the games "
            "`risk simulate --seed 1` plays), every seat the same bot.") in out
    assert "Skill runs: 3 games a pairing, in groups of 3 that share one seed" in out
    assert "  seat 1 wins                    50.0% [" in out
    assert "One family of m = 12 figures: every interval holds together with all the others at 95% " \
           "(Bonferroni: each at 99.58%)" in out


def test_two_rule_sets_side_by_side():
    out = ok("balance", "classic", "classic", "--games", "3", "--skill", "none", "--rounds", "10", "--workers", "1",
             "--max-turns", "300")
    assert "A = classic" in out and "B − A" in out
    assert "The two rule sets play the same seeds: every difference is paired game by game." in out
    assert "One family of m = 27 figures" in out


@pytest.mark.parametrize("args, message", [
    (["classic", "--rounds", "3,2"], "risk: --rounds '3,2': give 1 to 50 rising rounds from 1 up, such as 5,10,20"),
    (["classic", "--skill", "strong"],
     "risk: --skill 'strong': write STRONGER>WEAKER, such as strong-1>balanced (or 'none')"),
    (["classic", "--skill", "x>random"], "risk: unknown bot 'x'; bots: random, balanced, strong, aggressive, turtle, "
                                         "spreader, or module:Class"),
    (["classic", "classic", "classic"], "risk: balance takes one rule set, or two to compare"),
    (["classic", "--independent"], "risk: --independent needs two rule sets"),
    (["classic", "--games", "1"], "risk: --games must be between 2 and 1,000,000"),
    (["classic", "--skill-games", "0"], "risk: --skill-games must be at least 1 (or --skill none)"),
    (["nowhere"], "risk: unknown edition 'nowhere' (or give the path of a .risk file)"),
    (["classic", "--html", "x.txt"], None),
])
def test_refusals(args, message):
    line = refused("balance", *args)
    assert "\n" not in line and line.startswith("risk: ")
    if message is not None:
        assert line == message


def test_help_explains_the_family_and_the_seeds():
    out = ok("balance", "--help")
    text = " ".join(out.split())
    assert "one family" in text and "Holm" in text and "Bonferroni" in text and "--seed" in text
    assert "territories + armies" in text
