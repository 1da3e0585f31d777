"""Exact battle odds: the dynamic programme against an independent brute-force enumeration."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

import pytest
from typer.testing import CliRunner

from conftest import load
from every_roll import losses
from riskrules.cli import app
from riskrules.engine.odds import Odds

runner = CliRunner()


def brute_force(battle) -> Callable[[int, int], tuple[Fraction, Fraction, Fraction]]:
    """(attackers, defenders) → P(conquest), E[attackers left], E[defenders left] by walking every roll
    of every die, in exact fractions — no shared code with the odds engine but the rules' own dice
    limits. Each position is walked once for the battle and remembered (the test reads 25 starting
    positions), and the rolls of each number of dice are counted once by what they leave
    (every_roll.losses; adding each roll's fractions one by one in every position took some 40 times
    as long: the same fractions)."""

    @lru_cache(maxsize=None)
    def walk(a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
        if d == 0:
            return Fraction(1), Fraction(a), Fraction(0)
        if a == 0 or a + 1 < battle.least_to_attack:
            return Fraction(0), Fraction(a), Fraction(d)
        dice_a = min(battle.attacker_dice(a + 1), a)
        dice_d = min(battle.defender_dice(d), d)
        win = left_a = left_d = Fraction(0)
        outcomes = 6 ** (dice_a + dice_d)
        for (lost_a, lost_d), rolls in losses(dice_a, dice_d, battle.ties_to_defender).items():
            w, ea, ed = walk(a - lost_a, d - lost_d)
            share = Fraction(rolls, outcomes)
            win += w * share
            left_a += ea * share
            left_d += ed * share
        return win, left_a, left_d

    return walk


@pytest.mark.parametrize("edition", ["classic", "sv-2000", "nl-1990", "de-deluxe"])
def test_odds_equal_brute_force(edition):
    battle = load(edition).battle
    odds = Odds(battle, 4)
    walk = brute_force(battle)
    for a in range(0, 5):
        for d in range(0, 5):
            win, left_a, left_d = walk(a, d)
            assert odds.p_win[a][d] == pytest.approx(float(win), abs=1e-12), (a, d)
            assert odds.expected_attacker[a][d] == pytest.approx(float(left_a), abs=1e-12), (a, d)
            assert odds.expected_defender[a][d] == pytest.approx(float(left_d), abs=1e-12), (a, d)


def test_known_values():
    # one die against one: 15 of 36 faces win for the attacker
    assert Odds(load("classic").battle, 1).p_win[1][1] == pytest.approx(15 / 36)
    nl = Odds(load("nl-1990").battle, 10).p_win[10][10]
    sv = Odds(load("sv-2000").battle, 10).p_win[10][10]
    assert round(nl, 4) == 0.5676
    assert sv > nl + 0.03  # sv-2000's defender needs three armies for two dice


def test_house_rule_ties_to_the_attacker(write):
    path = write("ties.risk", "rulebook ties\nextends classic\nbattle { ties attacker }\n")
    battle = load(str(path)).battle
    assert Odds(battle, 1).p_win[1][1] == pytest.approx(21 / 36)
    assert Odds(battle, 3).p_win[3][3] == pytest.approx(float(brute_force(battle)(3, 3)[0]), abs=1e-12)


def test_cli_one_battle_json():
    result = runner.invoke(app, ["odds", "10", "10", "--edition", "nl-1990", "--json"])
    data = json.loads(result.stdout)
    assert set(data) == {"attackers", "defenders", "p_attacker_wins", "expected_attacker_left", "expected_defender_left"}
    assert (data["attackers"], data["defenders"], round(data["p_attacker_wins"], 4)) == (10, 10, 0.5676)


def test_cli_text_and_table():
    line = runner.invoke(app, ["odds", "10", "10", "--edition", "nl-1990", "--lang", "en"]).stdout
    assert line.startswith("nl-1990: 10 attacking against 10 defending armies: the attack takes the territory "
                           "with probability 56.8% (0.5676)")
    table = runner.invoke(app, ["odds", "--table", "3", "--lang", "en"]).stdout.splitlines()
    assert table[1:] == ["a\\d      1     2     3",
                         "   1   41.7  10.6   2.7",
                         "   2   75.4  36.3  20.6",
                         "   3   91.6  65.6  47.0"]
    data = json.loads(runner.invoke(app, ["odds", "--table", "4", "--json"]).stdout)
    assert len(data) == 16 and data[0]["attackers"] == 1 and data[-1]["defenders"] == 4


@pytest.mark.parametrize("args, message", [
    (["odds"], "risk: give ATTACKERS and DEFENDERS, or --table N\n"),
    (["odds", "3", "3", "--table", "4"], "risk: --table takes no ATTACKERS or DEFENDERS\n"),
    (["odds", "3", "3", "--plot", "x.png"], "risk: --plot goes with --table or a chain\n"),
    (["odds", "--table", "0"], "risk: --table must be between 1 and 1000\n"),
    (["odds", "3", "3", "--edition", "xx"], "risk: unknown edition 'xx' (or give the path of a .risk file)\n"),
])
def test_cli_errors(args, message):
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (1, message)


def test_heat_map(tmp_path):
    path = tmp_path / "odds.png"
    result = runner.invoke(app, ["odds", "--table", "12", "--plot", str(path), "--edition", "sv-2000"])
    assert result.exit_code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
