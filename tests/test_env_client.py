"""benchmarks/env_client.py seats a policy trained through the environment by the seat protocol:
encoding each question from the protocol's view alone, it plays the very game the policy plays in
the Gymnasium environment (the same seed, the same opponents: the same log, event for event)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install 'riskrules[env]'")

from riskrules.engine.agents import make_bot  # noqa: E402
from riskrules.engine.agents.seat import CommandSeat  # noqa: E402
from riskrules.engine.game import Game  # noqa: E402
from riskrules.env import RiskSingleEnv  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RULES = "rulebooks/house/three-isles.risk"


def test_the_client_plays_the_game_the_policy_plays_in_the_environment(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    env = RiskSingleEnv(RULES, players=3, opponents=["random", "balanced"], max_turns=6, events=True)
    weights = np.random.default_rng(5).normal(size=(env.action_space.n, env.observation_space["observation"].shape[0] + 1))
    np.save(tmp_path / "w.npy", weights)
    observation, _ = env.reset(seed=4)
    done = False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[int(np.argmax(weights[legal] @ np.append(observation["observation"], 1.0)))])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    # (this Python, which imports riskrules as the tests do: an installed copy in CI)
    client = f"cmd:{shlex.quote(sys.executable)} benchmarks/env_client.py {shlex.quote(str(tmp_path / 'w.npy'))} {RULES}"
    events = []
    seats = [CommandSeat(client, 20), make_bot("random"), make_bot("balanced")]
    Game(env.played.rules, seats, 4, max_turns=6, listeners=[events.append]).play()
    assert events[1:] == env.played.events[1:] and len(events) == 101
