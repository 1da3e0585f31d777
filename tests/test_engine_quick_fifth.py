"""The fifth round of issue 47's quick paths give what they stand for: the usual fortify question
put to a proven agent at once (Agent.quick_fortify) answers as its decide answers the Later
question, the strong bot's playout script answers its quick questions as its decide does
(counted against the playout's budget alike, its plan first), and a copy's agents' seeds drawn
once a seed are the seeds drawn afresh."""

from __future__ import annotations

import random

import pytest

from riskrules.engine import copying
from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.agents.random_agent import RandomAgent
from riskrules.engine.agents.strong import _Budget, _Script
from riskrules.engine.decisions import ATTACK, DEFEND, DICE, FORTIFY, OCCUPY, Decision, Later
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

CLASSIC = open_rulebook("classic").rules(None, 3)


@pytest.fixture(scope="module")
def game():
    played = Game(CLASSIC, [make_bot("balanced") for _ in range(3)], 2, max_turns=20)
    played.play()
    return played


def test_random_answers_a_quick_fortify_as_its_decide(game):
    seat = game.active
    agent = RandomAgent()
    answers = set()
    for seed in range(40):
        agent.start(game.sights[seat], seat, random.Random(seed))
        made = []

        def make():
            made.append(1)
            return game.fortify_options(seat, {})
        quick = agent.quick_fortify(make, seat)
        stopped = quick is None
        assert made == ([] if stopped else [1])  # (the options made only if it moves)
        agent.rng.seed(seed)
        d = Later(FORTIFY, seat, make, seat, True)
        d.view = game.sights[seat]
        assert agent.decide(d) == quick
        answers.add(stopped)
    assert answers == {True, False}


def test_the_agents_quick_fortify_is_its_decide(game):
    seat = game.active
    agent = make_bot("balanced")
    agent.start(game.sights[seat], seat, random.Random(1))
    options = game.fortify_options(seat, {})
    quick = agent.quick_fortify(lambda: options, seat)
    assert quick is not None and quick[:2] in options
    assert quick == agent.decide(Decision(FORTIFY, seat, options, seat, True, 0, None, game.sights[seat]))


def test_a_game_fortifies_the_same_asked_at_once_or_through_game_ask():
    logs = []
    for check_all in (False, True):
        events = []
        Game(CLASSIC, [make_bot("random") for _ in range(3)], 4, max_turns=45, listeners=[events.append],
             check_all=check_all).play()
        logs.append(events)
    assert logs[0] == logs[1]
    assert sum(e["type"] == "fortify" for e in logs[0]) > 10


def script(game, seat):
    budget = _Budget()
    agent = _Script(budget)
    agent.start(game.sights[seat], seat, random.Random(3))
    return agent, budget


def test_the_scripts_quick_questions_are_its_decides(game):
    seat = game.active
    view = game.sights[seat]
    options = game.attack_options(seat)
    assert options
    plans = [False, None, options[0], (options[0][0], -1)]  # no plan, stop, a plan it may follow, one it may not
    for plan in plans:
        quick, quick_budget = script(game, seat)
        decided, decided_budget = script(game, seat)
        quick.attack_plan(plan, 0.0)
        decided.attack_plan(plan, 0.0)
        answer = quick.quick_attack(options, seat)
        assert answer == decided.decide(Decision(ATTACK, seat, options, seat, True, 0, None, view))
        assert quick.plan == decided.plan and quick_budget.left == decided_budget.left
        if plan is None:
            assert answer is None and quick_budget.left == _Budget.left  # (stopping by the plan is not counted)
        if plan is False or plan == (options[0][0], -1):  # balanced's answer, counted
            assert answer == BalancedAgent.best_attack(quick, options, seat)
            assert quick_budget.left == _Budget.left - 1 and quick.plan is False
        if plan == options[0]:  # the plan followed, not counted
            assert answer == options[0] and quick_budget.left == _Budget.left
    agent, budget = script(game, seat)
    dice = [(1, 1), (2, 2), (3, 3)]
    assert agent.quick_dice(dice, seat, options[0]) == agent.decide(
        Decision(DICE, seat, dice, seat, False, 0, options[0], view)) == (3, 3)
    assert agent.quick_defend([1, 2], seat, 3, options[0]) == agent.decide(
        Decision(DEFEND, seat, [1, 2], seat, False, 3, options[0], view)) == 2
    assert agent.quick_occupy(1, 3, seat, options[0]) == agent.decide(
        Decision(OCCUPY, seat, range(1, 4), seat, False, 0, options[0], view)) == agent.moved_in(1, 3, seat, options[0])
    assert budget.left == _Budget.left - 6  # each counted, as decide counts it
    assert _Script.quick_dice is not BalancedAgent.quick_dice  # (its own, counted: not balanced's)


def test_a_copys_agents_seeds_are_drawn_as_afresh(game):
    copying._AGENT_SEEDS.clear()
    for seed in (None, 0, 7, 2 ** 62):
        sources = random.Random(f"agents:{seed}")
        afresh = tuple(sources.getrandbits(64) for _ in range(4))
        assert copying.agent_seeds(seed, 3) == afresh[:3]
        assert copying.agent_seeds(seed, 4) == afresh  # (more seats than drawn before: drawn again)
        assert copying.agent_seeds(seed, 2)[:2] == afresh[:2]
    agents = [make_bot("random") for _ in range(3)]
    copy = game.copy(agents, seed=11)
    expected = random.Random(f"agents:{11}")
    for agent in copy.agents:
        assert agent.rng.getstate() == random.Random(expected.getrandbits(64)).getstate()
