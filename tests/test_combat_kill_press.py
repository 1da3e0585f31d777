"""Kill-rate attacks where most battles kill nobody (issue 43's hostile slice: 1%/1% at 16% luck took
3.1 million battles in one game): an attack pressed on draws the battles up to the first that kills
anybody at once, with the same chances; the bots press such attacks; an attack that can change
nothing drops out of the options; a person's single battles replay from the log."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.combat.kill_rates import kills_distribution, nobody_killed, still_chance
from riskrules.engine.decisions import ATTACK
from riskrules.engine.dice import Dice
from riskrules.engine.game import Game
from riskrules.engine.odds import Odds
from riskrules.language.rules import KillRates
from conftest import house, load
from scenario import Scenario, Script

SLOW_KILLS = ("battle {\n    combat kill rates\n    kill rates attacker 1%, defender 1%\n    luck 16%\n"
              "    rounding straight\n}\n")


@pytest.mark.parametrize("weighted", [False, True])
def test_the_chance_of_killing_nobody_is_the_distributions_first(weighted):
    worst = 0.0
    for n in range(40):
        for rate in (1, 2, 35, 60, 99, 100):
            for luck in (0, 1, 2, 16, 50, 99, 100):
                first = kills_distribution(n, rate, luck, weighted)[0]
                worst = max(worst, abs(nobody_killed(n, rate, luck, weighted) - (first[1] if first[0] == 0 else 0.0)))
    assert worst < 1e-12
    assert nobody_killed(10 ** 9, 1, 16, weighted) == 0.0  # (a count never drawn one by one)


def test_a_press_draws_the_battles_up_to_a_change_as_the_odds_say(write):
    """4,000 attacks of 5 on 3 at 5%/10%, luck 50%, weighted (a battle kills nobody 53-86% of the time,
    so every one is drawn at once): the share taken and the battles the first event counts are
    within 3 standard errors of the exact chance and of the geometric mean 1 / (1 - still)."""
    kr = KillRates(5, 10, 50, True)
    path = write("house.risk", house("battle {\n    combat kill rates\n    kill rates attacker 5%, defender 10%\n"
                                     "    luck 50%\n    rounding weighted random\n}\n"))
    s = Scenario(str(path), 3, holds={"alberta": (0, 6), "ontario": (1, 3)})
    g = s.game
    g.dice = Dice(random.Random(43))
    alberta, ontario = s.t("alberta"), s.t("ontario")
    n, taken, first_rolls = 4000, 0, []
    for _ in range(n):
        g.set_owner(ontario, 1)
        g.armies[alberta], g.armies[ontario] = 6, 3
        del s.events[:]
        g.press(0, 0, alberta, ontario, 1)
        taken += g.owner[ontario] == 0
        battles = [e for e in s.events if e["type"] == "battles"]
        assert battles and all(e["committed"] == e["rolled"] and e["rolls"] >= 1 for e in battles)
        first_rolls.append(battles[0]["rolls"])
    exact = Odds(dataclasses.replace(load("classic").battle, kills=kr), 6).p_win[5][3]
    assert 0.2 < exact < 0.8 and abs(taken / n - exact) < 3 * (exact * (1 - exact) / n) ** 0.5
    still = still_chance(kr, 5, 3)
    mean, sd = 1 / (1 - still), still ** 0.5 / (1 - still)
    assert 0.5 < still < 0.6 and abs(sum(first_rolls) / n - mean) < 3 * sd / n ** 0.5


class Counting(BalancedAgent):
    """balanced, counting the decisions it is asked (all seats share one count)."""

    asked = {"all": 0, "attack": 0}

    def decide(self, d):
        self.asked["all"] += 1
        self.asked["attack"] += d.kind is ATTACK
        return super().decide(d)


def test_balanced_ends_a_game_of_one_percent_kill_rates_in_few_decisions(write):
    """1%/1% at 16% luck: nearly every battle kills nobody. balanced presses such attacks, so a
    3-player game ends in a few hundred decisions, though it fights millions of battles."""
    rules = load(str(write("house.risk", house(SLOW_KILLS))), players=3)
    events: list[dict] = []
    Counting.asked.update(all=0, attack=0)
    result = Game(rules, [Counting() for _ in range(3)], 0, max_turns=200, listeners=[events.append]).play()
    battles = sum(e["rolls"] for e in events if e["type"] == "battles")
    assert (result.reason, result.turns, Counting.asked) == ("domination", 36, {"all": 423, "attack": 275})
    assert battles > 1_000_000 and any(e["type"] == "attack" and e["keep"] == 1 for e in events)


@pytest.mark.parametrize("answer", [lambda d: d.options[0], lambda d: d.options[0] + (1,)])
def test_an_attack_that_can_change_nothing_drops_out(write, answer):
    """1% against 1% without luck: 2 armies kill 0.02, rounded to 0, and so does 1 defender. Asked for
    once (one battle, or to the end: it stops at once), an attack is offered no more; an agent that
    always asks for the first one does not ask for ever."""
    path = write("house.risk", house("battle {\n    combat kill rates\n    kill rates attacker 1%, defender 1%\n}\n"))
    stubborn = Script(attack=[answer] * 10)
    s = Scenario(str(path), 3, holds={"alberta": (0, 3)}, rest=lambda t: 1, agents=[stubborn, Script(), Script()])
    g = s.game
    g.dice = Dice(random.Random(1))
    alberta = s.t("alberta")
    g.attack_phase(0, 0)
    neighbours = len(g.adjacent[alberta])
    assert [len(d.options) for d in stubborn.asked] == list(range(neighbours, 0, -1))
    assert g.armies[alberta] == 3 and all(g.armies[t] == 1 and g.owner[t] == 1 for t in g.adjacent[alberta])


@pytest.mark.parametrize("variant", [None, "no-guard"])
def test_a_persons_single_kill_rate_battles_replay(tmp_path, variant):
    """A person's answer of one battle is logged as a `battles` event (or, on an empty territory,
    a `conquest` alone): a replay answers it from there."""
    log, mine = tmp_path / "bots.jsonl", tmp_path / "people.jsonl"
    played = CliRunner().invoke(app, ["play", "rulebooks/house/warzone-combat.risk", "--humans", "0", "--seed", "3",
                                      "--max-turns", "6", "--log", str(log), "--quiet"]
                                + (["--variant", variant] if variant else []))
    assert played.exit_code == 0, played.output
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    for seat in header["players"]:
        seat["agent"] = "human"
    mine.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    replayed = CliRunner().invoke(app, ["replay", str(mine)])
    assert replayed.exit_code == 0 and f"all {len(lines)} lines of the log match" in replayed.output, replayed.output


def test_a_battle_of_over_a_thousand_armies_is_a_valid_log_line(tmp_path, write):
    """Under kill rates `rolled` counts armies (2,002 here), not dice: the log check takes it."""
    path = write("house.risk", house("battle {\n    combat kill rates\n}\nsetup {\n    armies 1000 on each territory\n}\n"))
    log = tmp_path / "game.jsonl"
    assert CliRunner().invoke(app, ["play", str(path), "--humans", "0", "--seed", "3", "--max-turns", "8",
                                    "--log", str(log), "--quiet"]).exit_code == 0
    assert max(json.loads(line).get("rolled", 0) for line in log.read_text(encoding="utf-8").splitlines()) > 1000
    replayed = CliRunner().invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
