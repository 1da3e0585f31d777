"""--set on every command that takes an edition, and `risk sweep`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.instrument.sweep import SweepError, parse_values, sets_for
from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook

runner = CliRunner()
RULE = "reinforcements { territories max(10, territories // 3) }"
# 20 games a run (60 until the suite outgrew its time): the claim is equality of the statistics
# of the same seeded games three ways, which holds game by game
RUN = ["--variant", "alternatief", "--players", "3", "--games", "20", "--seed", "3", "--workers", "1", "--json"]


def ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def statistics(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("edition", "set", "value")}


def test_set_simulates_exactly_as_a_one_statement_house_rule_and_sweep_reproduces_it(write):
    house = write("house.risk", f"rulebook house\nextends nl-1990\n{RULE}\n")
    with_set = json.loads(ok("simulate", "nl-1990", *RUN, "--set", RULE))
    from_file = json.loads(ok("simulate", str(house), *RUN))
    assert statistics(with_set) == statistics(from_file)
    assert with_set["set"] == [RULE] and with_set["games"] == 20
    assert [r["count"] for r in with_set["wins_by_seat"]] == [7, 5, 8]
    swept = json.loads(ok("sweep", "nl-1990", *RUN, "--set",
                          "reinforcements { territories max({value}, territories // 3) }", "--values", "3,10"))
    runs = swept["populations"][0]["runs"]
    assert [s["value"] for s in runs] == [3, 10]
    assert statistics(runs[1]) == statistics(with_set)
    assert runs[1]["set"] == [RULE]


def test_set_error_points_into_the_text_with_a_suggestion():
    result = runner.invoke(app, ["simulate", "nl-1990", *RUN, "--set", "reinforcements { continents europa 3 }"])
    assert result.exit_code == 1
    assert result.stderr == ("risk: --set:1:29: unknown continent 'europa'; did you mean 'europe'?\n"
                             "    reinforcements { continents europa 3 }\n"
                             "                                ^\n")


@pytest.mark.parametrize("text, message", [
    ("battle { ties sometimes }", "--set:1:15: unexpected 'sometimes'; expected one of: attacker, defender"),
    ("extends classic", "--set:1:9: --set takes rule statements; 'extends' belongs in a rule file"),
    ("variant v { victory domination }", "--set:1:9: --set takes rule statements; 'variant' belongs in a rule file"),
    ("  # nothing", "--set:1:1: --set has no rule in it"),
])
def test_set_refuses(text, message):
    with pytest.raises(RuleError) as err:
        open_rulebook("sv-2000", sets=[text]).rules(None, 3)
    assert err.value.first_line == message


def test_set_goes_on_top_of_variants_and_player_counts_and_numbers_its_texts():
    book = open_rulebook("nl-1990", sets=["victory missions", "for 2 players { battle { ties attacker } }"])
    two, three = book.rules(["alternatief"], 2), book.rules(["alternatief"], 3)
    assert two.model["victory"] == three.model["victory"] == "missions"  # the variant said domination
    assert (two.model["battle"]["ties"], three.model["battle"]["ties"]) == ("attacker", "defender")
    with pytest.raises(RuleError) as err:
        open_rulebook("nl-1990", sets=["battle { ties attacker }", "battle { ties maybe }"]).rules(None, 3)
    assert err.value.first_line.startswith("--set 2:1:15: unexpected 'maybe'")


def test_set_on_rules_diff_check_odds_and_play_with_replay(tmp_path):
    assert json.loads(ok("rules", "sv-2000", "--json", "--set", "battle { ties attacker }"))["battle"]["ties"] == \
        "attacker"
    assert ok("diff", "nl-1990", "nl-1990", "--set-b", "battle { ties attacker }", "--lang", "en").splitlines()[-1] \
        .split() == ["Battle", "›", "Ties", "the", "defender", "wins", "the", "attacker", "wins"]
    bad = runner.invoke(app, ["check", "rulebooks/sv-2000.risk", "--set", "battle { ties sometimes }"])
    assert bad.exit_code == 1 and bad.stderr.startswith("--set:1:15: unexpected 'sometimes'")
    fair = json.loads(ok("odds", "3", "2", "--json"))["p_attacker_wins"]
    ties = json.loads(ok("odds", "3", "2", "--json", "--set", "battle { ties attacker }"))["p_attacker_wins"]
    assert ties > fair
    log = tmp_path / "game.jsonl"
    ok("play", "sv-2000", "--humans", "0", "--seed", "4", "--quiet", "--log", str(log),
       "--set", "battle { ties attacker }")
    assert json.loads(log.read_text().splitlines()[0])["set"] == ["battle { ties attacker }"]
    assert "match the replayed game" in ok("replay", str(log))


def test_sweep_text_words_and_bots(tmp_path):
    text = ok("sweep", "sv-2000", "--set", "battle { ties {value} }", "--values", "defender,attacker", "--games", "20",
              "--workers", "1", "--bots", "balanced,random", "--max-turns", "60", "--lang", "en")
    lines = text.splitlines()
    assert lines[0] == ("sv-2000 (missions) with “battle { ties {value} }”, 3 players, balanced bots — the same 20 "
                        "seeds for every value (seed 1):")
    assert lines[2].split() == ["value", "defender", "attacker"]
    assert sum(line.startswith("sv-2000 (missions) with") for line in lines) == 2
    assert lines[-1] == "Stopping rule: a fixed count of 20 games."
    assert lines[-2].startswith("Rates: 95% Wilson intervals; means: 95% intervals. Differences and trends:")
    data = json.loads(ok("sweep", "sv-2000", "--set", "battle { ties {value} }", "--values", "defender,attacker",
                         "--games", "20", "--workers", "1", "--bots", "balanced,random", "--max-turns", "60", "--json"))
    assert [(run["value"], run["bot"]) for p in data["populations"] for run in p["runs"]] == [
        ("defender", "balanced"), ("attacker", "balanced"), ("defender", "random"), ("attacker", "random")]
    assert [p["bot"] for p in data["populations"]] == ["balanced", "random"]
    assert [[(d["from"], d["to"]) for d in p["differences"]] for p in data["populations"]] == [
        [("defender", "attacker")]] * 2
    assert [p["trend"] for p in data["populations"]] == [None, None]  # words: no trend
    assert data["correction"]["comparisons"] == 12  # 2 populations × 1 pair × (3 seats, unfinished, turns, trades)


def test_sweep_plot(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "sweep.png"
    ok("sweep", "sv-2000", "--set", "reinforcements { continents europe {value} }", "--values", "1,5", "--games", "20",
       "--workers", "1", "--plot", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, message", [
    (["--values", "1,2"], "risk: sweep needs a --set with {value} in it, e.g. --set \"battle { ties {value} }\"\n"),
    (["--set", "battle { ties {value} }", "--values", "a,,b"],
     "risk: --values 'a,,b': give values separated by commas, such as 2,3,4\n"),
    (["--set", "battle { ties {value} }", "--values", "attacker,attacker"],
     "risk: --values: 'attacker' is given twice\n"),
    (["--set", "battle { ties {value} }", "--values", "defender", "--games", "5", "--precision", "1pp"],
     "risk: give --games or --precision, not both\n"),
    (["--set", "battle { ties {value} }", "--values", "defender", "--bots", "balanced,nobody"],
     "risk: unknown bot 'nobody'; bots: random, balanced, strong, aggressive, turtle, spreader, or module:Class\n"),
])
def test_sweep_errors(args, message):
    result = runner.invoke(app, ["sweep", "sv-2000", *args])
    assert (result.exit_code, result.stderr) == (1, message)


def test_values_and_templates():
    assert parse_values(" 2, 3,4 ") == ["2", "3", "4"]
    with pytest.raises(SweepError, match="'a}' is not a value"):
        parse_values("a}")
    assert sets_for(["x {value}", "y"], "7") == ("x 7", "y")
