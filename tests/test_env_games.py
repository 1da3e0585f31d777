"""Games "to the end" (issue 51, docs/environment.md): the random agent in one seat of the Gymnasium
environment against `balanced` bots in the others, no turn limit: each game ends with a winner by
the rules, every action from the mask, and its log replays. benchmarks/env_speed.py `games
--opponents balanced --max-turns 0` plays 1,000 of each edition so; here three of classic."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install 'riskrules[env]'")

from riskrules.engine.replay import replay  # noqa: E402
from riskrules.env import RiskSingleEnv  # noqa: E402

NO_LIMIT = 10 ** 9


def test_the_random_agent_against_balanced_bots_plays_games_to_a_winner_that_replay(tmp_path):
    pick = random.Random(1)
    ended = []
    for seat in range(3):
        env = RiskSingleEnv("classic", players=3, opponents="balanced", seat=seat, max_turns=NO_LIMIT, logs=tmp_path)
        observation, _ = env.reset(seed=seat + 1)
        steps, done = 0, False
        while not done:
            legal = observation["action_mask"].nonzero()[0]
            observation, reward, terminated, truncated, _ = env.step(int(legal[pick.randrange(len(legal))]))
            steps, done = steps + 1, terminated or truncated
        result = env.played.table.result
        report = replay(tmp_path / f"seed-{seat + 1}.jsonl")
        assert report.ok and report.result.winner == result.winner
        ended.append((steps, result.winner, result.reason, result.turns, terminated, reward, report.lines))
    assert ended == [(236, "yellow", "domination", 34, True, -1.0, 555),
                     (315, "yellow", "domination", 42, True, -1.0, 715),
                     (243, "red", "domination", 42, True, -1.0, 650)]
