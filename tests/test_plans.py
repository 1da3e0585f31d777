"""Attack plans (engine/plans.py, `risk odds A D1,D2,…`): against an independent computation, hand-computed
cases, the single-battle odds, and games of the engine itself with its own dice."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from functools import cache

import pytest
from typer.testing import CliRunner

from conftest import load
from every_roll import losses
from riskrules.cli import app
from riskrules.engine.agents.base import Agent
from riskrules.engine.decisions import ATTACK, DICE, OCCUPY
from riskrules.engine.dice import Dice
from riskrules.engine.odds import Odds
from riskrules.engine.plans import Plan, advise, odds
from scenario import Scenario, Script

runner = CliRunner()
EDITIONS = ["classic", "sv-2000", "nl-1990", "de-deluxe", "nl-modern", "cs-riziko"]


def independent(battle, attackers: int, defenders: tuple[int, ...], leave: int = 1, stop: int = 0) -> list[Fraction]:
    """P(at least k taken) by plain recursion over every face of the dice, in fractions: written
    from the rules' own words, sharing nothing with engine/plans.py or engine/odds.py."""
    n = len(defenders)

    @cache  # (the same few rolls recur in every state: enumerated once each, read only)
    def one_roll(dice_a: int, dice_d: int) -> dict[tuple[int, int], Fraction]:
        return {lost: Fraction(rolls, 6 ** (dice_a + dice_d))  # (each count made a fraction once)
                for lost, rolls in losses(dice_a, dice_d, battle.ties_to_defender).items()}

    @cache
    def taken(hop: int, a: int, d: int) -> tuple[Fraction, ...]:
        """P(exactly k more territories taken), k = 0 … n - hop, from this state."""
        nothing = tuple([Fraction(1)] + [Fraction(0)] * (n - hop))
        behind = 1 if hop == 0 else leave
        if a <= stop or a + behind < battle.least_to_attack:
            return nothing
        dice_a = min(battle.attacker_dice(a + behind), a)
        out = [Fraction(0)] * (n - hop + 1)
        for (lost_a, lost_d), p in one_roll(dice_a, min(battle.defender_dice(d), d)).items():
            na, nd = a - lost_a, d - lost_d
            if nd:
                later = taken(hop, na, nd)
            elif hop + 1 == n:
                later = (Fraction(0), Fraction(1))
            elif battle.trench:
                later = (Fraction(0), Fraction(1)) + (Fraction(0),) * (n - hop - 1)
            else:
                later = (Fraction(0),) + taken(hop + 1, max(0, na - leave), defenders[hop + 1])
            for k, q in enumerate(later):
                out[k] += p * q
        return tuple(out)

    exact = taken(0, attackers, defenders[0])
    return [sum(exact[k:], Fraction(0)) for k in range(n + 1)]


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("edition, args", [
    ("nl-1990", ()), ("sv-2000", ()), ("nl-1990", ("--leave", 2)), ("nl-1990", ("--stop", 3)),
    ("sv-2000", ("--leave", 2, "--stop", 1)),
])
def test_p_at_least_is_the_independent_computation(edition, args):
    result = cli("odds", 4, "3,2,1", "--edition", edition, *args, "--json")
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)
    leave = args[args.index("--leave") + 1] if "--leave" in args else 1
    stop = args[args.index("--stop") + 1] if "--stop" in args else 0
    want = independent(load(edition).battle, 4, (3, 2, 1), leave, stop)
    assert len(got["p_at_least"]) == 4
    for g, w in zip(got["p_at_least"], want):
        assert abs(g - float(w)) < 1e-9
    assert abs(sum(e["p"] for e in got["dist"]) - 1) < 1e-12


def test_larger_chains_and_every_edition():
    for edition in EDITIONS:
        battle = load(edition).battle
        for attackers, chain in ((7, (2, 3)), (9, (1, 4, 2)), (5, (5,))):
            got = odds(battle, Plan(attackers, chain)).p_at_least
            want = independent(battle, attackers, chain)
            assert all(abs(g - float(w)) < 1e-12 for g, w in zip(got, want)), edition


def test_trench_warfare_ends_the_chain_after_one_conquest():
    battle = load("trench-warfare").battle
    assert battle.trench
    outcome = odds(battle, Plan(10, (1, 1, 1)))
    assert outcome.p_at_least[2:] == (0.0, 0.0)
    assert outcome.p_at_least[1] == pytest.approx(float(independent(battle, 10, (1, 1, 1))[1]), abs=1e-12)


def test_a_case_by_hand():
    """One army against one, then one more: the first roll wins 15 times in 36 (ties to the
    defender); the one survivor moves in and must stay, so nothing attacks the second."""
    outcome = odds(load("classic").battle, Plan(1, (1, 1)))
    assert outcome.p_at_least == (1.0, 15 / 36, 0.0)
    assert outcome.dist == ((1, 0, 1, 15 / 36), (0, 0, 1, 21 / 36))


def test_one_territory_is_the_single_battle_table():
    """The published single-battle tables (test_odds.py checks Odds against them) as the one-territory case."""
    for edition in EDITIONS:
        battle = load(edition).battle
        table = Odds(battle, 12)
        for a in range(0, 13):
            for d in range(1, 13):
                outcome = odds(battle, Plan(a, (d,)))
                assert outcome.p_at_least[1] == pytest.approx(table.p_win[a][d], abs=1e-12)
                assert outcome.expected_attacker_left == pytest.approx(table.expected_attacker[a][d], abs=1e-9)


# ---- the engine's own dice ---------------------------------------------------------------------------------

class Planner(Agent):
    """Attacks along `chain` as a plan says: from the front, until the next territory falls or no more than
    `stop` may attack; rolls no more dice than the armies that may attack; moves the whole force in."""

    def __init__(self, chain: list[int], leave: int, stop: int):
        self.chain, self.leave, self.stop = chain, leave, stop

    def front(self) -> int:
        k = 0
        while k + 1 < len(self.chain) and self.view.owner[self.chain[k + 1]] == self.seat:
            k += 1
        return k

    def decide(self, d):
        armies = self.view.armies
        k = self.front()
        behind = 1 if k == 0 else self.leave
        source = self.chain[k]
        if d.kind == ATTACK:
            if k + 1 == len(self.chain) or armies[source] - behind <= self.stop:
                return None
            pair = (source, self.chain[k + 1])
            return (*pair, behind + self.stop) if pair in d.options else None
        if d.kind == DICE:
            room = armies[source] - behind
            return [o for o in d.options if o[0] <= room][-1]
        if d.kind == OCCUPY:  # (asked before the territory changes hands: the front is still the source)
            force = armies[source] - behind
            return max(min(force, max(d.options)), min(d.options))
        raise AssertionError(d.kind)


@pytest.mark.parametrize("edition", EDITIONS + ["trench-warfare"])
def test_the_engine_plays_the_plan_as_often_as_the_odds_say(edition):
    """3,000 attacks of the engine itself, with its own dice, along a chain on the classic board:
    how often each count of territories is taken, and the attackers left, lie within the 99.9%
    interval of the exact values. (Seed 20261125, fixed before the first run.)"""
    plan = Plan(8, (2, 3, 1), leave=1, stop=1)
    names = ["alberta", "ontario", "quebec", "greenland"]
    s = Scenario(edition, 3, holds={"alberta": (0, 9), "ontario": (1, 2), "quebec": (1, 3), "greenland": (1, 1)},
                 rest=lambda t: 2)
    g = s.game
    g.dice = Dice(random.Random(20261125))
    chain = [s.t(n) for n in names]
    attacker = Planner(chain, plan.leave, plan.stop)
    attacker.start(g.sights[0], 0, random.Random(1))
    g.agents[0] = attacker
    exact = odds(load(edition).battle, plan)
    runs, taken, left = 3000, [0] * 4, []
    for _ in range(runs):
        for t, (seat, armies) in zip(chain, ((0, 9), (1, 2), (1, 3), (1, 1))):
            g.set_owner(t, seat)
            g.armies[t] = armies
        g.conquered_now.clear()
        g.attack_phase(0, 0)
        k = attacker.front()
        taken[k] += 1
        if k == len(chain) - 1:  # all taken: the whole force stands in the last territory
            left.append(g.armies[chain[k]])
        else:  # stopped: those that may still attack from the front
            left.append(g.armies[chain[k]] - (1 if k == 0 else plan.leave))
    for k in range(1, 4):
        p = exact.p_at_least[k]
        seen = sum(taken[k:]) / runs
        assert abs(seen - p) <= 3.29 * math.sqrt(max(p * (1 - p), 1e-4) / runs), (k, seen, p)
    mean = sum(left) / runs
    sd = math.sqrt(sum((x - mean) ** 2 for x in left) / (runs - 1))
    assert abs(mean - exact.expected_attacker_left) <= 3.29 * sd / math.sqrt(runs) + 1e-9


# ---- when to stop ------------------------------------------------------------------------------------------

def test_advice_for_the_whole_chain_is_to_attack_to_the_end():
    battle = load("sv-2000").battle
    plan = Plan(12, (2, 3, 1))
    advice = advise(battle, plan)
    assert advice.value == pytest.approx(odds(battle, plan).p_at_least[-1], abs=1e-12)
    assert all(row[d] == 1 for row, d0 in zip(advice.least, plan.defenders) for d in range(1, d0 + 1))


@pytest.mark.parametrize("worth", [0.5, 3.0, 8.0])
def test_the_advised_rule_is_worth_what_it_says_and_no_plain_stop_beats_it(worth):
    battle = load("nl-1990").battle
    plan = Plan(12, (3, 2, 4))
    advice = advise(battle, plan, worth)

    def value(outcome) -> float:
        n = len(plan.defenders)
        total = 0.0
        for k, a, _, p in outcome.dist:
            garrisons = plan.leave * (k - 1 if k == n else k)
            total += p * (worth * k - (plan.attackers - a - garrisons))
        return total

    assert value(odds(battle, plan, advice.goes_on)) == pytest.approx(advice.value, abs=1e-9)
    for stop in range(0, 12):
        assert value(odds(battle, Plan(12, (3, 2, 4), stop=stop))) <= advice.value + 1e-9
    for hop, d0 in enumerate(plan.defenders):  # a threshold: from the least that goes on, every larger force goes on
        for d in range(1, d0 + 1):
            least = advice.least[hop][d]
            if least is not None:
                assert all(advice.goes_on(hop, a, d) for a in range(least, 13))
                assert not any(advice.goes_on(hop, a, d) for a in range(1, least))


def test_advice_as_text():
    whole = cli("odds", 10, "3,2,1", "--advise", "--lang", "en")
    assert whole.output.splitlines()[-1] == ("To take the whole chain: attack to the end — stopping never raises the "
                                             "chance, which is 81.7%.")
    assert "takes territory 3 and all before it: 81.7% (0.8171)" in whole.output
    assert json.loads(cli("odds", 10, "3,2,1", "--advise", "--json").output)["advice"] == {
        "goal": "whole chain", "value": odds(load("classic").battle, Plan(10, (3, 2, 1))).p_at_least[-1],
        "least_to_go_on": "never stop"}
    result = cli("odds", 12, "2,3,1", "--edition", "sv-2000", "--advise", "--worth", 3, "--lang", "en")
    assert result.exit_code == 0
    assert result.output.splitlines()[0].endswith("1 stays in each territory taken; the attack stops as the rule "
                                                  "below says.")
    assert result.output.splitlines()[-4:] == [
        "The best stopping rule for 3 × territories taken − armies lost (expected 5.25):",
        "  keep attacking territory 1 while at least 2 armies may attack (against 1 left: 1)",
        "  keep attacking territory 2 while at least 3 armies may attack (against 2 left: 2; against 1 left: 1)",
        "  keep attacking territory 3 while at least 1 army may attack",
    ]


def test_chain_as_text():
    result = cli("odds", 4, "3,2,1", "--edition", "nl-1990", "--lang", "en")
    assert result.exit_code == 0
    assert result.output.splitlines()[:6] == [
        "nl-1990: 4 armies attack territory 1 (3) → territory 2 (2) → territory 3 (1); 1 stays in each territory "
        "taken; the attack stops at 0 or fewer.",
        "Defender dice: the most the rules allow.",
        "  takes territory 1 and all before it: 64.2% (0.6416)",
        "  takes territory 2 and all before it: 25.0% (0.2500)",
        "  takes territory 3 and all before it: 10.8% (0.1083)",
        "  expected: 1.00 territories taken, 0.16 attacking armies left",
    ]


def test_the_defender_may_roll_fewer():
    battle = load("sv-2000").battle
    most, one = odds(battle, Plan(6, (4, 2))), odds(battle, Plan(6, (4, 2), defender_cap=1))
    assert one.p_at_least[2] > most.p_at_least[2]
    assert json.loads(cli("odds", 6, "4,2", "--edition", "sv-2000", "--defender-dice", 1, "--json").output)[
        "defender_dice"] == 1


@pytest.mark.parametrize("args, message", [
    (("4", "3,x"), "risk: DEFENDERS: '3,x' is not a number of armies, nor numbers separated by commas (3,2,1)\n"),
    (("4", "3,0"), "risk: attackers must be between 0 and 1000, and each territory's defenders between 1 and 1000\n"),
    (("4", "3,2", "--leave", "0"), "risk: --leave must be between 1 and 1000: a territory taken is held by one army "
                                   "at least\n"),
    (("4", "3", "--worth", "2"), "risk: --worth goes with --advise\n"),
    (("--table", "3", "--stop", "1"), "risk: --leave, --stop, --defender-dice, --advise and --worth go with "
                                      "ATTACKERS and DEFENDERS, not --table\n"),
    (("4", ",".join(["1"] * 21)), "risk: a chain has 1 to 20 territories\n"),
    (("1000", "1000,1000,1000,1000,1000"), "risk: too large to compute exactly: 1,000 attackers through 5,000 "
                                           "defenders make 5,005,000 states, and at most 4,000,000 are computed\n"),
    (("4", "3", "--advise", "--worth", "nan"), "risk: --worth must be a number of armies between 0.001 and 1,000,000\n"),
    (("4", "3", "--advise", "--worth", "-1"), "risk: --worth must be a number of armies between 0.001 and 1,000,000\n"),
    (("4", "3", "--advise", "--stop", "2"), "risk: --advise finds when to stop: give it no --stop\n"),
])
def test_errors(args, message):
    result = cli("odds", *args)
    assert (result.exit_code, result.output) == (1, message)


def test_plot(tmp_path):
    path = tmp_path / "chain.png"
    result = cli("odds", 12, "2,3,1", "--edition", "sv-2000", "--plot", path)
    assert result.exit_code == 0 and path.stat().st_size > 10_000
