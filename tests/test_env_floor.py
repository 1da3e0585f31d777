"""The floor's machinery (benchmarks/env_floor.py), whose figures docs/environment.md gives: the
environment's game, its answers written down, is played again through Bare step for step, and
with its stages merged in one step a decision; its steps by kind add up to the game's."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install 'riskrules[env]'")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import env_floor  # noqa: E402

from riskrules.env import RiskEnv  # noqa: E402


def test_bare_plays_the_environments_game_again_and_merged_asks_each_decision_once():
    env = RiskEnv("classic", players=3, max_turns=30)
    rules = env.played.rules
    pick = random.Random(4)
    drawn = pick.getstate()
    env.reset(seed=7)
    steps = decisions = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        action = env_floor.random_action(observation, termination or truncation, pick)
        decisions += action is not None and env.played.stage == 0
        env.step(action)
        steps += 1
    kinds: dict = {}
    env_floor.count_kinds(env, kinds, pick, drawn, 7)  # (asserts the same draws: the same game)
    assert sum(s for s, _ in kinds.values()) == steps - 3  # (the 3 dead steps at the end ask nothing)
    assert sum(d for _, d in kinds.values()) == decisions
    _, written = env_floor.engine_alone(env, rules, drawn, 7, 30)
    masks, given, answers = written
    assert len(masks) == steps and [done for _, done in masks].count(True) == 3
    assert sum(given) == len(answers) >= decisions  # (and the forced answers, given by the environment)
    _, counted = env_floor.bare(env, rules, written, drawn, 7, 30)
    assert counted == steps - 2  # (Bare stops at the first dead step)
    _, counted = env_floor.bare(env, rules, env_floor.merged(written), drawn, 7, 30)
    assert counted == decisions + 1
    assert (steps, decisions) == (672, 458)
