"""The environments (riskrules.env, docs/environment.md): PettingZoo's own API test, whole games of
legal actions that replay, the same seed the same game, the Gymnasium seat against built-in bots.

CI runs one edition and one fogged gallery rule with few cycles; benchmarks/env_speed.py runs
every edition (`--api`) and 1,000 games of each with a random agent.
"""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install 'riskrules[env]'")

from pettingzoo.test import api_test  # noqa: E402

from riskrules.engine.replay import replay  # noqa: E402
from riskrules.env import RiskEnv, RiskSingleEnv  # noqa: E402
from riskrules.env.encoding import EXTRA  # noqa: E402


def random_game(env, seed, pick=1):
    """Plays env to its end with uniformly random legal actions: the steps taken."""
    rng = np.random.default_rng(pick)
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert info == {}
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            assert len(legal) > 0 and env.observation_space(agent).contains(observation)
            action = int(rng.choice(legal))
        env.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize("rules", ["classic", "rulebooks/house/fog-normal.risk"])
def test_pettingzoo_s_api_test_passes(rules):
    env = RiskEnv(rules, players=3, max_turns=20)
    with warnings.catch_warnings():  # (its advice on names and dict observations: masks come in a dict)
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=60, verbose_progress=False)


def test_a_random_agent_plays_a_whole_game_of_legal_actions_whose_log_replays(tmp_path):
    env = RiskEnv("rulebooks/house/three-isles.risk", players=3, max_turns=40, logs=tmp_path)
    steps = random_game(env, 3)
    result = env.played.table.result
    assert (steps, result.winner, result.reason, result.turns) == (658, None, "turn_limit", 40)
    assert env.agents == [] and env.action_space("red").n == 14 + EXTRA
    log = tmp_path / "seed-3.jsonl"
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert [p["agent"] for p in header["players"]] == ["env"] * 3 and header["seed"] == 3
    report = replay(log)
    assert report.ok and (report.result.reason, report.lines) == ("turn_limit", len(env.played.events))


def test_nuclear_sets_give_the_environment_its_neutral_army_s_seat(tmp_path):
    """Nuked territories go to an idle neutral army the game adds (engine.game.as_played): the
    observation has its column (the seats' rows were one short, and the first nuke failed)."""
    env = RiskEnv("rulebooks/house/conquer-club-nuclear.risk", players=3, max_turns=40, logs=tmp_path)
    steps = random_game(env, 3)
    nuked = [e["territories"] for e in env.played.events if e["type"] == "nuclear"]
    assert (steps, len(nuked), nuked[0]) == (844, 3, ["north_africa", "congo"])
    assert env.played.names == ["red", "blue", "yellow", "neutral"]
    assert env.observation_space("red")["observation"].shape == (42 * (4 + 6) + env.played.encoding.globals,)
    assert replay(tmp_path / "seed-3.jsonl").ok


def test_the_same_seed_and_actions_play_the_same_game(tmp_path):
    logs = []
    for run in range(2):
        env = RiskEnv("classic", players=3, max_turns=12, logs=tmp_path / str(run))
        random_game(env, 8)
        logs.append((tmp_path / str(run) / "seed-8.jsonl").read_text(encoding="utf-8"))
    assert logs[0] == logs[1] and len(logs[0].splitlines()) > 100


def test_an_action_outside_the_mask_is_refused():
    env = RiskEnv("classic", players=3, max_turns=5)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} is not legal now"):
        env.step(illegal)


def test_the_gymnasium_seat_plays_against_built_in_bots(tmp_path):
    env = RiskSingleEnv("rulebooks/house/three-isles.risk", players=3, opponents="balanced", max_turns=60,
                        logs=tmp_path, shaping=0.5)
    rng = np.random.default_rng(2)
    observation, info = env.reset(seed=11)
    assert (info["action_mask"] == observation["action_mask"]).all()
    total, done, steps = 0.0, False, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
        steps += 1
    header = json.loads((tmp_path / "seed-11.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert [p["agent"] for p in header["players"]] == ["env", "balanced", "balanced"]
    assert (terminated, reward, steps) == (True, -1.0, 237)
    with pytest.raises(ValueError, match="3 players: give 2 opponents and a seat from 0 to 2"):
        RiskSingleEnv("classic", players=3, opponents=["random"])
    with pytest.raises(ValueError) as refused:
        RiskSingleEnv("classic", players=3, opponents="mybots:Cautious")
    assert str(refused.value) == ("unknown bot 'mybots:Cautious': the other seats are built-in bots (random, balanced, "
                                  "strong, aggressive, turtle, spreader)")
