"""Battles of a million armies (issue 21): an attack until the territory falls draws the rolls that
cannot end it at once, with the same chances as rolling them one by one.

The statistical tests draw from fixed seeds (so they are deterministic) and allow a deviation
that a correct sampler exceeds about once in a thousand seeds; the seeds were not chosen.
"""

from __future__ import annotations

import json
import random
from math import exp, lgamma, log, sqrt

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.decisions import ATTACK, Decision
from riskrules.engine.dice import Dice, binomial
from riskrules.engine.game import Game
from riskrules.engine.odds import Odds, roll_outcomes
from riskrules.language.loader import open_rulebook
from riskrules.text.i18n import Text
from riskrules.text.narrate import Narrator

from scenario import Scenario

runner = CliRunner()

MILLION = "rulebook million\nextends classic\nreinforcements {\n    territories 1000000\n}\n"


# ---- the sampler -----------------------------------------------------------------------------------

def binomial_cdf(n: int, p: float, top: int) -> list[float]:
    """P(X ≤ k) for X ~ Binomial(n, p) and k = 0 … top, summed from 12 standard deviations below
    the mean (what lies below is under 1e-30)."""
    low = max(0, int(n * p - 12 * sqrt(n * p * (1 - p))) - 1)
    cdf, total = [0.0] * (top + 1), 0.0
    for i in range(low, top + 1):
        total += exp(lgamma(n + 1) - lgamma(i + 1) - lgamma(n - i + 1) + i * log(p) + (n - i) * log(1 - p))
        cdf[i] = total
    return cdf


@pytest.mark.parametrize("n, p", [
    (7, 0.5),  # n·p < 10: inversion
    (30, 0.2),
    (1000, 0.3),  # BTRS
    (1_000_000, 0.37),
    (200, 0.9),  # p > 1/2: by symmetry
])
def test_binomial_draws_follow_the_binomial_distribution(n, p):
    rng = random.Random(f"binomial:{n}:{p}")
    count = 3000
    draws = sorted(binomial(rng.random, n, p) for _ in range(count))
    assert all(0 <= k <= n for k in draws)
    # Kolmogorov–Smirnov at the values drawn: 1.95/√count is the 0.1% critical value
    # (conservative for a discrete distribution)
    cdf = binomial_cdf(n, p, draws[-1])
    worst = 0.0
    seen = 0
    for k in sorted(set(draws)):
        while seen < count and draws[seen] <= k:
            seen += 1
        worst = max(worst, abs(seen / count - cdf[k]))
    assert worst < 1.95 / sqrt(count)


def test_binomial_edges():
    rng = random.Random(1).random
    assert [binomial(rng, 0, 0.3), binomial(rng, 10, 0.0), binomial(rng, 10, 1.0), binomial(rng, -1, 0.5)] == [
        0, 0, 10, 0]


def test_outcomes_of_many_rolls_are_multinomial():
    """3 dice against 2, 1,000 rolls at a time: each outcome's count has the multinomial's mean."""
    outcomes = roll_outcomes(3, 2, True)
    chances = [chance for chance, _, _ in outcomes]
    dice = Dice(random.Random(7))
    draws = [dice.outcomes(1000, chances) for _ in range(2000)]
    assert all(sum(d) == 1000 for d in draws)
    for i, p in enumerate(chances):
        mean = sum(d[i] for d in draws) / len(draws)
        standard_error = sqrt(1000 * p * (1 - p) / len(draws))
        assert abs(mean - 1000 * p) < 3.3 * standard_error, (i, mean, 1000 * p)


# ---- the engine --------------------------------------------------------------------------------------

def test_an_attack_until_taken_ends_as_the_exact_odds_say():
    """210 armies attacking 250 (classic dice) to the last, most rolls drawn at once, take the
    territory as often, and leave as many defenders, as the exact dynamic programme says rolling
    one by one does (a chance near one half: 0.43)."""
    s = Scenario("classic", 3, holds={"alberta": (0, 211), "ontario": (1, 250)})
    g = s.game
    g.dice = Dice(random.Random(2024))
    alberta, ontario = s.t("alberta"), s.t("ontario")
    trials, wins, at_once, left = 1000, 0, 0, []
    for _ in range(trials):
        g.set_owner(ontario, 1)
        g.armies[alberta], g.armies[ontario] = 211, 250
        s.events.clear()
        g.press(0, 0, alberta, ontario, 1)
        wins += g.owner[ontario] == 0
        left.append(g.armies[ontario] if g.owner[ontario] == 1 else 0)
        at_once += sum(e["rolls"] for e in s.of("battles"))
    odds = Odds(g.rules.battle, 250)
    expected = odds.p_win[210][250]
    standard_error = sqrt(expected * (1 - expected) / trials)
    assert abs(wins / trials - expected) < 3.3 * standard_error, (wins / trials, expected)
    mean = sum(left) / trials
    spread = sqrt(sum((x - mean) ** 2 for x in left) / (trials - 1) / trials)
    assert abs(mean - odds.expected_defender[210][250]) < 3.3 * spread, (mean, odds.expected_defender[210][250])
    assert at_once / trials > 100  # most of the ~230 rolls of each attack were drawn at once


def test_loaded_dice_roll_every_roll_of_an_attack_until_taken():
    """Loaded dice (a rulebook's example) are never drawn at once: 35 rolls of 6 6 6 against 1 1
    take 70 defenders, each roll its own event, then the territory."""
    s = Scenario("classic", 3, holds={"alberta": (0, 100), "ontario": (1, 70)}, dice=[6, 6, 6, 1, 1] * 35)
    s.game.press(0, 0, s.t("alberta"), s.t("ontario"), 1)
    assert len(s.of("battle")) == 35 and s.of("battles") == []
    assert s.game.owner[s.t("ontario")] == 0 and s.game.dice.left == 0
    assert s.of("attack") == [{"type": "attack", "turn": 1, "player": "red", "from": "alberta", "to": "ontario",
                               "keep": 1}]


def test_an_attack_until_taken_stops_at_the_armies_kept():
    """Keep 5 of 10: three rolls lost 2 each (1 1 1 against 6 6) leave 4, and the attack stops."""
    s = Scenario("classic", 3, holds={"alberta": (0, 10), "ontario": (1, 5)}, dice=[1, 1, 1, 6, 6] * 3)
    s.game.press(0, 0, s.t("alberta"), s.t("ontario"), 5)
    assert s.game.armies[s.t("alberta")] == 4 and len(s.of("battle")) == 3


def test_an_attack_until_taken_is_checked():
    s = Scenario("classic", 3, holds={"alberta": (0, 10), "ontario": (1, 5)})
    g = s.game
    d = Decision(ATTACK, 0, g.attack_options(0), 0, True)
    d.view = g.sights[0]
    alberta, ontario = s.t("alberta"), s.t("ontario")
    assert d.check((alberta, ontario, 9)) is None
    assert d.check((alberta, ontario, 0)) == "keep between 1 and 9 armies in the attacking territory"
    assert d.check((alberta, ontario, 10)) == "keep between 1 and 9 armies in the attacking territory"
    assert d.check((alberta, s.t("greenland"), 3)) == "that attack is not allowed"
    assert d.check((alberta, ontario, 3.0)) == "that attack is not allowed"


@pytest.fixture(scope="module")
def million(tmp_path_factory):
    path = tmp_path_factory.mktemp("million") / "million.risk"
    path.write_text(MILLION, encoding="utf-8")
    return path


@pytest.mark.parametrize("bot, turns", [("random", 60), ("balanced", 60), ("strong-1", 4)])
def test_a_million_armies_a_turn_play_in_few_events(million, bot, turns):
    """`reinforcements { territories 1000000 }` (the guide's ceiling): 60 turns (of strong — strong-1, one playout a candidate, the same code — whose
    search spends a budget of decisions whatever the armies, 4 to keep this test short), in tens
    of thousands of events — rolled one by one, an attack of a million armies alone is half a
    million (before, 60 balanced turns did not end in 120 s)."""
    rules = open_rulebook(million).rules(None, 3)
    events: list[dict] = []
    game = Game(rules, [make_bot(bot) for _ in range(3)], seed=1, max_turns=turns, listeners=[events.append])
    game.play()
    assert game.turn == turns and len(events) < 40_000
    if bot != "random":  # random attacks roll once an answer
        assert any(e["type"] == "battles" for e in events)


def test_a_log_with_attacks_until_taken_replays(million, tmp_path):
    log = tmp_path / "game.jsonl"
    played = runner.invoke(app, ["play", str(million), "--humans", "0", "--seed", "3", "--max-turns", "10",
                                 "--log", str(log)])
    assert played.exit_code == 0, played.output
    kinds = {json.loads(line)["type"] for line in log.read_text(encoding="utf-8").splitlines()}
    assert {"attack", "battles"} <= kinds
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output


def test_rolls_drawn_at_once_are_told_as_one_line():
    rules = open_rulebook("classic").rules(None, 3)
    event = {"type": "battles", "turn": 4, "player": "red", "from": "alberta", "to": "ontario", "defender": "blue",
             "attacker_armies": 500_000, "defender_armies": 300_000, "committed": 3, "rolled": 3, "defended": 2,
             "rolls": 140_000, "attacker_losses": 129_000, "defender_losses": 151_000}
    assert Narrator(rules, Text("en", rules.terms))(event) == (
        "Red attacks Ontario (300,000, blue) from Alberta (500,000): 140,000 rolls; the attacker loses 129,000, "
        "the defender 151,000; 371,000 left in Alberta.")
