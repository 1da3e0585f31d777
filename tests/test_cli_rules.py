"""The rule commands of the CLI: editions, rules, diff, check."""

from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.resources import rulebooks_dir
from riskrules.language.schemas import validator

runner = CliRunner()
EDITIONS = ["cs-riziko", "de-deluxe", "nl-1990", "nl-modern", "sv-2000"]


def run(*args: str):
    return runner.invoke(app, list(args))


def test_editions_lists_exactly_the_five_and_the_base():
    result = run("editions", "--json")
    assert result.exit_code == 0
    found = json.loads(result.stdout)
    assert [e["id"] for e in found if not e["base"]] == EDITIONS
    assert [e["id"] for e in found if e["base"]] == ["classic"]
    for e in found:
        assert {"id", "language", "players", "variants", "title", "victory"} <= set(e)
    langs = {e["id"]: e["language"] for e in found}
    assert langs == {"classic": "en", "cs-riziko": "cs", "de-deluxe": "de", "nl-1990": "nl", "nl-modern": "nl",
                     "sv-2000": "sv"}


def test_editions_text():
    result = run("editions")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "classic     RISK — the classic rules  [base: an ancestor of the editions, not an edition]"
    assert "sv-2000     RISK – Världsstrategispelet (Hasbro Nordic, 2000)" in lines
    assert "            variants: missions (default), world-conquest, escalating, capitals" in lines


def test_rules_json_contract():
    result = run("rules", "nl-1990", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["id"], data["language"], data["variant"]) == ("nl-1990", "nl", "missions")
    assert data["title"] == "RISK (Hasbro Benelux)"
    assert data["players"] == {"min": 2, "max": 6}
    assert data["starting_armies"] == {"2": 40, "3": 35, "4": 30, "5": 25, "6": 20}
    assert data["continents"]["europe"] == 3
    assert len(data["board"]["territories"]) == 42
    assert data["board"]["territories"][0] == {"id": "alaska", "continent": "north_america"}
    assert len(data["board"]["borders"]) == 83
    assert ["siam", "indonesia"] in data["board"]["borders"]
    assert len(data["fingerprint"]) == 16
    assert list(validator("rulebook.schema.json").iter_errors(data)) == []


def test_rules_json_two_players_and_variant():
    data = json.loads(run("rules", "cs-riziko", "--players", "2", "--json").stdout)
    assert data["neutral"]["attacks"] == "active_player"
    assert data["player_count"] == 2
    data = json.loads(run("rules", "nl-1990", "-v", "alternatief,escalating", "--json").stdout)
    assert (data["variant"], data["victory"], data["cards"]["sets"]["kind"]) == (
        "alternatief,escalating", "domination", "escalating")


def test_rules_sheet():
    result = run("rules", "sv-2000", "--lang", "en")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("RISK – Världsstrategispelet (Hasbro Nordic, 2000)\n  sv-2000 — variant missions\n")
    assert "  Defender                       dice by armies defending: 1: 1, 2: 1, 3+: 2; the defender chooses\n" in out
    assert "  Neutral reinforcements         ceil(total / 2)  (9 → 5, 17 → 9)\n" in out
    assert "WITH 2 PLAYERS\n" in out


def test_diff_sv_nl():
    result = run("diff", "sv-2000", "nl-1990")
    assert result.exit_code == 0
    out = result.stdout
    rows = json.loads(run("diff", "sv-2000", "nl-1990", "--json").stdout)
    by_rule = {r["rule"]: (r["sv-2000"], r["nl-1990"]) for r in rows}
    assert set(by_rule) == {"For continents", "Defender", "A mission wins", "Neutral reinforcements"}
    assert "Europe 5" in by_rule["For continents"][0] and "Europe 3" in by_rule["For continents"][1]
    assert by_rule["Defender"] == ("dice by armies defending: 1: 1, 2: 1, 3+: 2; the defender chooses",
                                   "dice by armies defending: 1: 1, 2+: 2; always the most")
    assert by_rule["Neutral reinforcements"] == ("ceil(total / 2)  (9 → 5, 17 → 9)", "total // 2  (9 → 4, 17 → 8)")
    assert "Europe 5" in out and "Europe 3" in out and "With 2 players › Neutral" in out


def test_diff_same_and_variants():
    assert run("diff", "cs-riziko", "cs-riziko").stdout == "cs-riziko a cs-riziko mají stejná pravidla.\n"
    assert run("diff", "cs-riziko", "cs-riziko", "--lang", "en").stdout == "cs-riziko and cs-riziko have the same rules.\n"
    rows = json.loads(run("diff", "nl-1990", "nl-1990", "--variant-b", "super-risk", "--json", "--lang", "en").stdout)
    assert [r["rule"] for r in rows][:1] == ["Goal"]


def test_check_builtins_ok():
    files = sorted(str(p) for p in rulebooks_dir().glob("*.risk"))
    result = run("check", *files)
    assert result.exit_code == 0
    assert result.stdout.count(": ok\n") == 6


def test_check_house_rule_with_misspelled_continent(write):
    path = write("house.risk", """
        rulebook house
        extends nl-1990

        reinforcements {
            continents europa 4
        }
    """)
    result = run("check", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        "house.risk:5:16: unknown continent 'europa'; did you mean 'europe'?\n"
        "        continents europa 4\n"
        "                   ^\n"
        f"{path}: 1 problem\n"
    )


@pytest.mark.parametrize("text, first", [
    ("rulebook s\nextends classic\nfortify {\n  moves many\n}\n",
     "s.risk:4:9: unexpected 'many'; expected one of: a number, unlimited"),
    ('rulebook s\nextends "s.risk"\n', "s.risk:2:9: extends cycle: s.risk → s.risk"),
    ("rulebook s\nextends classic\nreinforcements {\n  territories " + "(" * 10_000 + "1" + ")" * 10_000 + "\n}\n",
     "s.risk:4:79: expression nested too deeply (more than 64 levels)"),
])
def test_check_refuses_quickly(write, text, first):
    path = write("s.risk", text)
    start = time.process_time()  # (CPU time: `check` runs in this process; a loaded machine does not stretch it)
    result = run("check", str(path))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == first
    assert "Traceback" not in result.output
    assert time.process_time() - start < 2.0


@pytest.mark.parametrize("args, message", [
    (["rules", "nl-1991"], "risk: unknown edition 'nl-1991'; did you mean 'nl-1990'? (or give the path of a .risk file)\n"),
    (["rules", "de-deluxe", "--players", "2"], "risk: de-deluxe (missions) is for 3 to 6 players, not 2\n"),
    (["rules", "sv-2000", "--variant", "capital"],
     "risk: unknown variant 'capital' of sv-2000; did you mean 'capitals'? "
     "(its variants: capitals, escalating, missions, world-conquest)\n"),
    (["rules", "nowhere.risk"], "risk: nowhere.risk: no such rule file\n"),
    (["diff", "sv-2000", "xx"], "risk: unknown edition 'xx' (or give the path of a .risk file)\n"),
])
def test_user_errors_are_one_line(args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert result.stderr == message
    assert result.stdout == ""


def test_bad_house_rule_in_rules_is_one_line(write):
    path = write("h.risk", "rulebook h\nextends nl-1990\nreinforcements {\n  continents europa 4, asai 2\n}\n")
    result = run("rules", str(path))
    assert result.exit_code == 1
    assert result.stderr == ("risk: h.risk:4:14: unknown continent 'europa'; did you mean 'europe'? "
                             "(and 1 more problem: see `risk check`)\n")


def test_help():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("editions", "rules", "diff", "check"):
        assert command in result.stdout
    text = " ".join(run("rules", "--help").stdout.replace("│", " ").split())
    assert "An edition id (see `risk editions`) or the path of a .risk file." in text
