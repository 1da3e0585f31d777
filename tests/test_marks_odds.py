"""Marks (issue 43), the odds: `risk odds` under dice modifiers — a capital's extra defence die,
eight-sided dice, ties to the attacker, a modifier that reads the armies — against a brute-force
enumeration written here from the rules' words (every face of every roll), to 1e-12; and a short
simulation of the engine's own battles within 3 standard errors (benchmarks/marks_odds.py: 10^5)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache

import pytest
from typer.testing import CliRunner

from conftest import house
from every_roll import losses
from riskrules.cli import app
from riskrules.engine.dice import Dice
from riskrules.engine.odds import Odds, roll_outcomes
from riskrules.language.loader import open_rulebook
from scenario import Scenario

runner = CliRunner()


def brute_force(attackers: int, defenders: int, dice) -> tuple[Fraction, Fraction, Fraction]:
    """P(conquest), E[attackers left], E[defenders left]; `dice(a, d)` → (attacker's dice,
    defender's dice, sides, ties to the defender) of a roll of a attacking armies on d."""

    @lru_cache(maxsize=None)
    def walk(a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
        if d == 0:
            return Fraction(1), Fraction(a), Fraction(0)
        if a == 0:
            return Fraction(0), Fraction(0), Fraction(d)
        dice_a, dice_d, sides, ties = dice(a, d)
        total = sides ** (dice_a + dice_d)
        win = left_a = left_d = Fraction(0)
        for (la, ld), n in losses(dice_a, dice_d, ties, sides).items():
            w, ea, ed = walk(a - la, d - ld)
            win += Fraction(n, total) * w
            left_a += Fraction(n, total) * ea
            left_d += Fraction(n, total) * ed
        return win, left_a, left_d

    return walk(attackers, defenders)


# the classic tables: the attacker up to 3 dice (one army stays behind), the defender up to 2
CASES = {
    "capital": ("battle {\n    defender dice + 1 when defender_capital\n}", (("defender_capital", 1),),
                lambda a, d: (min(3, a), min(3, d), 6, True)),
    "not a capital": ("battle {\n    defender dice + 1 when defender_capital\n}", (),
                      lambda a, d: (min(3, a), min(2, d), 6, True)),
    "d8": ("battle {\n    dice sides 8\n}", (), lambda a, d: (min(3, a), min(2, d), 8, True)),
    "ties to the attacker": ("battle {\n    ties attacker when defender_neutral\n}", (("defender_neutral", 1),),
                             lambda a, d: (min(3, a), min(2, d), 6, False)),
    "zombies attack": ("battle {\n    attacker dice - 1 when attacker_neutral\n}", (("attacker_neutral", 1),),
                       lambda a, d: (max(1, min(3, a) - 1), min(2, d), 6, True)),
    "by armies": ("battle {\n    defender dice + 1 when defender_armies >= 3 and attacker_armies < 4\n"
                  "    dice sides 8\n}", (),
                  lambda a, d: (min(3, a), min(3 if d >= 3 and a + 1 < 4 else 2, d), 8, True)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_odds_equal_brute_force(write, case):
    body, situation, dice = CASES[case]
    battle = open_rulebook(write("house.risk", house(body))).rules(None, 3).battle
    odds = Odds(battle, 4, situation)
    for a in range(1, 5):
        for d in range(1, 4):
            win, left_a, left_d = brute_force(a, d, dice)
            assert abs(odds.p_win[a][d] - float(win)) < 1e-12, (a, d)
            assert abs(odds.expected_attacker[a][d] - float(left_a)) < 1e-12, (a, d)
            assert abs(odds.expected_defender[a][d] - float(left_d)) < 1e-12, (a, d)


def every_face(attacker_dice: int, defender_dice: int, ties_to_defender: bool) -> tuple:
    """roll_outcomes by enumerating every roll of six-sided dice, one by one."""
    counts = losses(attacker_dice, defender_dice, ties_to_defender)
    total = 6 ** (attacker_dice + defender_dice)
    return tuple((n / total, la, ld) for (la, ld), n in sorted(counts.items()))


def test_sorted_hands_count_as_every_face():
    for a in (1, 2, 3):
        for d in (1, 2, 3):
            for ties in (True, False):
                assert roll_outcomes(a, d, ties, 6) == every_face(a, d, ties)
    assert roll_outcomes(1, 1, True, 8) == ((0.4375, 0, 1), (0.5625, 1, 0))  # 28 of 64 faces win


def simulate(rules, attackers: int, defenders: int, capital: bool, n: int, seed: int) -> float:
    """The share of `n` attacks of the engine itself, each pressed to the end, that take the territory."""
    s = Scenario(rules, 3, holds={"alberta": (0, attackers + 1), "ontario": (1, defenders)})
    g = s.game
    g.dice = Dice(random.Random(seed))
    source, target = s.t("alberta"), s.t("ontario")
    if capital:
        g.capital_owner[target] = 1
    won = 0
    for _ in range(n):
        g.set_owner(target, 1)
        g.armies[source], g.armies[target] = attackers + 1, defenders
        g.press(0, 0, source, target, 0)
        won += g.owner[target] == 0
    return won / n


def test_a_short_simulation_agrees_within_three_standard_errors(write):
    path = write("house.risk", house("""
        victory capitals
        capitals {
            needed 2-3: 2, 4-5: 3, 6: 4
            capture takes cards no
            capture replaces continent armies no
            capture eliminates victim no
        }
        battle {
            defender dice + 1 when defender_capital
        }"""))
    battle = open_rulebook(path).rules(None, 3).battle
    p = Odds(battle, 5, (("defender_capital", 1),)).p_win[5][3]
    n = 1500
    share = simulate(str(path), 5, 3, True, n, 11)
    assert abs(share - p) < 3 * math.sqrt(p * (1 - p) / n), (share, p)


def test_cli_when():
    plain = runner.invoke(app, ["odds", "5", "3", "--edition", "capital-defence", "--json"])
    capital = runner.invoke(app, ["odds", "5", "3", "--edition", "capital-defence", "--when", "defender_capital",
                                  "--json"])
    assert plain.exit_code == 0 and capital.exit_code == 0
    import json
    assert round(json.loads(plain.stdout)["p_attacker_wins"], 4) == 0.7694
    assert round(json.loads(capital.stdout)["p_attacker_wins"], 4) == 0.5665
    chain = runner.invoke(app, ["odds", "5", "3,2", "--edition", "walled-isles", "--when", "border_wall",
                                "--when", "defender_capital", "--json"])
    assert chain.exit_code == 0
    wrong = runner.invoke(app, ["odds", "5", "3", "--edition", "walled-isles", "--when", "border_wal"])
    assert (wrong.exit_code, wrong.output) == (1, "risk: --when: unknown name 'border_wal'; did you mean "
                                                   "'border_wall'?\n")
    number = runner.invoke(app, ["odds", "5", "3", "--when", "round=soon"])
    assert (number.exit_code, number.output) == (1, "risk: --when round=…: a whole number from 0 to 1,000,000\n")
