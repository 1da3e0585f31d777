"""Kill-rate combat (issue 43, Warzone's wz11-wz14): the exact distributions against a brute-force
enumeration, the engine's draws against a simulation, the wiki's worked examples with fixed draws,
the checks word for word."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from itertools import product

import pytest

from riskrules.engine.combat.kill_rates import battle_outcomes, draw_kills, losses
from riskrules.engine.dice import LoadedDraws
from riskrules.engine.odds import Odds
from riskrules.engine import plans
from riskrules.language.rules import KillRates
from conftest import house, load, problems_of
from scenario import Scenario

LUCKS = (0, 16, 50, 100)
RATES = ((60, 70), (35, 85))


def brute_kills(n: int, rate: int, luck: int, weighted: bool) -> dict[int, Fraction]:
    """Every army's hit or miss enumerated (2^n ways), blended and rounded by hand in fractions."""
    out: dict[int, Fraction] = {}
    p = Fraction(rate, 100)
    for hits in product((0, 1), repeat=n):
        chance = Fraction(1)
        for h in hits:
            chance *= p if h else 1 - p
        value = Fraction(luck, 100) * sum(hits) + Fraction(100 - luck, 100) * n * p
        low = value.numerator // value.denominator
        part = value - low
        if part == 0:
            ways = {low: Fraction(1)}
        elif weighted:
            ways = {low: 1 - part, low + 1: part}
        else:
            ways = {low + (part >= Fraction(1, 2)): Fraction(1)}
        for k, w in ways.items():
            out[k] = out.get(k, Fraction(0)) + chance * w
    return out


def brute_battle(kr: KillRates, a: int, d: int) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for ka, pa in brute_kills(a, kr.attacker, kr.luck, kr.weighted).items():
        for kd, pd in brute_kills(d, kr.defender, kr.luck, kr.weighted).items():
            key = losses(a, d, ka, kd)
            out[key] = out.get(key, Fraction(0)) + pa * pd
    return out


def brute_win(kr: KillRates, a: int, d: int, memo: dict) -> Fraction:
    """P(taking the territory) attacking with all `a` again and again, solved exactly (a battle that
    kills nobody is fought again; if nothing can ever change the attack stops)."""
    if d == 0:
        return Fraction(1)
    if a == 0:
        return Fraction(0)
    if (a, d) not in memo:
        outcomes = brute_battle(kr, a, d)
        still = outcomes.get((0, 0), Fraction(0))
        if still == 1:
            memo[(a, d)] = Fraction(0)
        else:
            memo[(a, d)] = sum((p * brute_win(kr, a - la, d - ld, memo) for (la, ld), p in outcomes.items()
                                if (la, ld) != (0, 0)), Fraction(0)) / (1 - still)
    return memo[(a, d)]


@pytest.mark.parametrize("luck", LUCKS)
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("rates", RATES)
def test_one_battle_equals_brute_force(luck, weighted, rates):
    kr = KillRates(rates[0], rates[1], luck, weighted)
    for a, d in ((1, 1), (2, 1), (3, 2), (5, 3), (4, 6)):
        exact = brute_battle(kr, a, d)
        ours = {(la, ld): p for p, la, ld in battle_outcomes(kr, a, d)}
        assert set(ours) == {k for k, p in exact.items() if p > 0}
        for key, p in exact.items():
            assert abs(ours.get(key, 0.0) - float(p)) < 1e-12


@pytest.mark.parametrize("luck", LUCKS)
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("rates", RATES)
def test_attack_to_the_end_equals_brute_force(luck, weighted, rates):
    kr = KillRates(rates[0], rates[1], luck, weighted)
    battle = dataclasses.replace(load("classic").battle, kills=kr)
    o = Odds(battle, 5)
    memo: dict = {}
    for a in range(6):
        for d in range(1, 6):
            assert abs(o.p_win[a][d] - float(brute_win(kr, a, d, memo))) < 1e-12


def test_chain_equals_brute_force():
    kr = KillRates(60, 70, 16, True)
    battle = dataclasses.replace(load("classic").battle, kills=kr)
    memo: dict = {}
    # a chain of 2 then 1: all survivors move in, 1 stays, the rest attack on
    outcome = plans.odds(battle, plans.Plan(5, (2, 1)))
    by_first = {}
    for (la, ld), p in brute_battle(kr, 5, 2).items():
        by_first[(la, ld)] = p
    both = Fraction(0)

    def take_first(a: int, d: int) -> dict[int, Fraction]:  # survivors after taking the first, by count
        if a == 0:
            return {}
        out: dict[int, Fraction] = {}
        outcomes = brute_battle(kr, a, d)
        still = outcomes.get((0, 0), Fraction(0))
        for (la, ld), p in outcomes.items():
            if (la, ld) == (0, 0):
                continue
            p /= 1 - still
            if ld == d:
                out[a - la] = out.get(a - la, Fraction(0)) + p
            else:
                for k, q in take_first(a - la, d - ld).items():
                    out[k] = out.get(k, Fraction(0)) + p * q
        return out

    first = take_first(5, 2)
    for survivors, p in first.items():
        both += p * brute_win(kr, survivors - 1, 1, memo)
    assert abs(outcome.p_at_least[1] - float(sum(first.values()))) < 1e-12
    assert abs(outcome.p_at_least[2] - float(both)) < 1e-12


def test_engine_draws_match_the_odds_in_a_simulation():
    """10^4 attacks of 6 on 5 (luck 16%, weighted) drawn as the engine draws them: the share taken
    is within 3 standard errors of the exact chance (10^5 in benchmarks/kill_rates.py)."""
    kr = KillRates(60, 70, 16, True)
    exact = Odds(dataclasses.replace(load("classic").battle, kills=kr), 6).p_win[6][5]
    rng = random.Random(43)
    won, n = 0, 10_000
    for _ in range(n):
        a, d = 6, 5
        while a and d:
            ka = draw_kills(a, kr.attacker, kr.luck, kr.weighted, rng.random)
            kd = draw_kills(d, kr.defender, kr.luck, kr.weighted, rng.random)
            la, ld = losses(a, d, ka, kd)
            a, d = a - la, d - ld
        won += d == 0
    se = (exact * (1 - exact) / n) ** 0.5
    assert 0.8 < exact < 0.85 and abs(won / n - exact) < 3 * se


# ---- the wiki's worked examples, with fixed draws ---------------------------------------------------------

def kill_scenario(write, body: str, attackers: int, defenders: int, **draws) -> Scenario:
    s = Scenario(str(write("house.risk", house("battle {\n    combat kill rates\n" + body + "}\n"))), 3,
                 holds={"alberta": (0, attackers + 1), "ontario": (1, defenders)})
    s.game.dice = LoadedDraws(**draws)
    return s


def test_seven_on_four_at_full_luck(write):
    """Combat Basics: 7 attack 4 (8 in the territory, one stays); they kill 4, the defenders 3: the
    territory is taken and the 4 left move in."""
    s = kill_scenario(write, "    luck 100%\n", 7, 4, kills=[4, 3])
    g = s.game
    g.kill_battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")], g.armies[s.t("alberta")]) == (0, 4, 1)
    battle, = s.of("battles")
    assert (battle["committed"], battle["attacker_losses"], battle["defender_losses"]) == (7, 3, 4)
    assert s.of("conquest")[0]["moved"] == 4 and g.dice.left == 0


def test_ten_on_five_without_luck_rounds_half_up(write):
    """0% luck, straight: 10 kill 6 (60% of 10), 5 kill 3.5, rounded up to 4; 6 move in. Nothing drawn."""
    s = kill_scenario(write, "    luck 0%\n    rounding straight\n", 10, 5)
    g = s.game
    g.kill_battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")], g.armies[s.t("alberta")]) == (0, 6, 1)


def test_luck_blends_the_draw_and_the_expectation(write):
    """Luck Modifier: 100 attack; 60 expected, 54 drawn; at 50% luck 57 are killed."""
    s = kill_scenario(write, "    luck 50%\n", 100, 80, kills=[54, 56])
    g = s.game
    g.kill_battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert g.armies[s.t("ontario")] == 80 - 57
    assert g.armies[s.t("alberta")] == 101 - 56  # the defenders: 0.5·56 + 0.5·56 = 56


@pytest.mark.parametrize("uniform, killed", [(0.79, 13), (0.8, 12)])
def test_weighted_rounding_goes_up_with_the_fraction(write, uniform, killed):
    """Rounding Mode: 12.8 kills go up to 13 with chance 80% (32 armies at 40%, no luck)."""
    s = kill_scenario(write, "    kill rates attacker 40%, defender 0%\n    rounding weighted random\n", 32, 20,
                      uniforms=[uniform])
    g = s.game
    g.kill_battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert g.armies[s.t("ontario")] == 20 - killed


def test_both_wiped_out_one_defender_survives(write):
    """Talk:Combat Basics: 1 on 1 at 60%/70% without luck: both kill theirs; one defender comes back."""
    s = kill_scenario(write, "", 1, 1)
    g = s.game
    g.kill_battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")], g.armies[s.t("alberta")]) == (1, 1, 1)


def test_a_press_that_can_kill_nobody_stops(write):
    s = kill_scenario(write, "    kill rates attacker 1%, defender 1%\n", 1, 1)
    g = s.game
    g.press(0, 0, s.t("alberta"), s.t("ontario"), 1)
    assert (g.armies[s.t("ontario")], g.armies[s.t("alberta")]) == (1, 2) and not s.of("battles")


# ---- checks, word for word -------------------------------------------------------------------------------

def test_kill_rate_statements_need_the_model(write):
    assert problems_of(write, house("battle {\n    luck 16%\n    rounding straight\n}\n")) == (
        "house.risk:4:5: 'luck' belongs to kill-rate combat: add 'combat kill rates' to the battle section\n"
        "        luck 16%\n        ^\n"
        "house.risk:5:5: 'rounding' belongs to kill-rate combat: add 'combat kill rates' to the battle section\n"
        "        rounding straight\n        ^")


def test_an_attacker_rate_of_zero_is_refused(write):
    assert problems_of(write, house("battle {\n    combat kill rates\n    kill rates attacker 0%, defender 70%\n}\n")) == (
        "house.risk:5:5: an attacker kill rate of 0% can never take a territory: give 1% to 100%\n"
        "        kill rates attacker 0%, defender 70%\n        ^")


def test_luck_over_a_hundred_is_refused(write):
    assert problems_of(write, house("battle {\n    combat kill rates\n    luck 101%\n}\n")) == (
        "house.risk:5:5: battle.luck: 101 is greater than the maximum of 100\n        luck 101%\n        ^")


def test_compiled(write):
    from riskrules.language.loader import open_rulebook

    path = write("house.risk", house("battle {\n    combat kill rates\n    kill rates attacker 55%, defender 65%\n"
                                     "    luck 16%\n    rounding weighted random\n}\n"))
    assert open_rulebook(str(path)).rules(None, 3).battle.kills == KillRates(55, 65, 16, True)
    default = write("d.risk", house("battle {\n    combat kill rates\n}\n"))
    assert open_rulebook(str(default)).rules(None, 3).battle.kills == KillRates(60, 70, 0, False)
    assert load("classic").battle.kills is None


# ---- risk odds, --set and the bots --------------------------------------------------------------------------

GALLERY_FILE = "rulebooks/house/warzone-combat.risk"


def test_risk_odds_gives_one_battle_and_the_attack_to_the_end():
    import json

    from typer.testing import CliRunner

    from riskrules.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["odds", "10", "5", "--set", "battle { combat kill rates }", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout) == {"attackers": 10, "defenders": 5, "p_attacker_wins": 1.0,
                                      "expected_attacker_left": 6.0, "expected_defender_left": 0.0,
                                      "battle": [{"attacker_losses": 4, "defender_losses": 5, "p": 1.0}]}
    chain = runner.invoke(app, ["odds", "10", "5,3", "--set", "battle { combat kill rates }", "--lang", "en"])
    assert chain.exit_code == 0 and "Defender dice" not in chain.stdout
    refused = runner.invoke(app, ["odds", "4", "3,2", "--defender-dice", "1", "--set", "battle { combat kill rates }"])
    assert refused.exit_code == 1
    assert refused.output.strip() == "risk: --defender-dice goes with dice: these rules fight by kill rates"


def test_balanced_values_attacks_by_the_models_odds():
    from riskrules.engine.odds import odds_for
    from riskrules.language.loader import open_rulebook

    rules = open_rulebook(GALLERY_FILE).rules(None, 3)
    assert odds_for(rules.battle).p_win[10][5] == Odds(rules.battle, 10).p_win[10][5] == 1.0
    assert odds_for(rules.battle).p_win[5][5] < 0.2 < odds_for(load("classic").battle).p_win[5][5]


@pytest.mark.parametrize("bot", ["random", "balanced", "strong-2"])
def test_every_bot_plays_it(bot):
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    rules = open_rulebook(GALLERY_FILE).rules(None, 3)
    turns = 6 if bot.startswith("strong") else 30  # (strong's playouts are slow: a few turns)
    result = Game(rules, [make_bot(bot) for _ in range(3)], 5, max_turns=turns).play()
    assert result.turns <= turns and result.reason in ("domination", "turn_limit")


# ---- guard 0: one army need not stand guard (wz19 off) ---------------------------------------------------

def test_without_a_guard_an_attack_empties_its_territory_and_an_empty_one_falls(write):
    """10 on 5 without luck: all 10 attack (none stay), kill 6, lose 4: 6 move in and Alberta is left
    empty, still the attacker's. An empty territory falls without a fight (no battle, no draw)."""
    s = kill_scenario(write, "    guard 0\n", 9, 5)  # (alberta holds 10: kill_scenario adds the one that stayed)
    g = s.game
    g.kill_battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")]) == (0, 6)
    assert (g.owner[s.t("alberta")], g.armies[s.t("alberta")]) == (0, 0)
    assert g.rules.battle.least_to_attack == 1 and (s.t("ontario"), s.t("alberta")) not in g.attack_options(0)
    g.set_owner(s.t("alberta"), 2)  # (an empty territory of another player's)
    battles = len(s.of("battles"))
    g.kill_battle(0, 0, s.t("ontario"), s.t("alberta"))
    assert (g.owner[s.t("alberta")], g.armies[s.t("alberta")], g.armies[s.t("ontario")]) == (0, 6, 0)
    assert len(s.of("battles")) == battles and s.of("conquest")[-1]["moved"] == 6


def test_guard_zero_needs_kill_rates_and_guard_is_zero_or_one(write):
    assert problems_of(write, house("battle {\n    guard 0\n}\n")) == (
        "house.risk:4:5: 'guard 0' belongs to kill-rate combat: add 'combat kill rates' to the battle section\n"
        "        guard 0\n        ^")
    assert problems_of(write, house("battle {\n    combat kill rates\n    guard 2\n}\n")) == (
        "house.risk:5:5: battle.guard: 2 is greater than the maximum of 1\n        guard 2\n        ^")


@pytest.mark.parametrize("bot", ["random", "balanced"])
def test_every_bot_plays_without_a_guard(bot):
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    rules = open_rulebook(GALLERY_FILE).rules(["no-guard"], 3)
    assert rules.battle.guard == 0
    result = Game(rules, [make_bot(bot) for _ in range(3)], 1, max_turns=40).play()
    assert result.turns <= 40 and result.reason in ("domination", "turn_limit")


def test_risk_odds_refuses_what_it_cannot_compute_in_seconds():
    from typer.testing import CliRunner

    from riskrules.cli import app

    out = CliRunner().invoke(app, ["odds", "1000", "1000", "--set", "battle { combat kill rates\nluck 100% }"])
    assert out.exit_code == 1 and out.output.strip() == (
        "risk: too large to compute exactly under kill rates with 100% luck: 1,000 attackers on 1,000 defenders; "
        "fewer armies or less luck")


def test_dice_modifiers_belong_to_dice_combat(write):
    # (issue 43's marks and kill rates together: a modifier, other sides or a re-roll would say nothing)
    assert problems_of(write, house("battle {\n    combat kill rates\n    dice sides 8\n"
                                    "    defender dice + 1 when defender_armies > 3\n"
                                    "    reroll one die with a card of the territory\n}\n")) == (
        "house.risk:5:5: 'dice sides' belongs to dice combat: kill rates roll no dice\n"
        "        dice sides 8\n        ^\n"
        "house.risk:6:5: 'a dice modifier' belongs to dice combat: kill rates roll no dice\n"
        "        defender dice + 1 when defender_armies > 3\n        ^\n"
        "house.risk:7:5: 'reroll' belongs to dice combat: kill rates roll no dice\n"
        "        reroll one die with a card of the territory\n        ^")
