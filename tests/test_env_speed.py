"""The environment's observation kept between steps (seen.Seen: rows mended where the view
changed, the question's globals written as one kept block) holds exactly what the encoding makes
whole (Encoding.observe, Encoding.board), for the acting seat and for seats observed now and then,
with and without fog, with a neutral army; and an observation handed out is the caller's own (the
steps after leave it as it was)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install 'riskrules[env]'")

from riskrules.env import RiskEnv  # noqa: E402


@pytest.mark.parametrize("rules, players, turns, steps", [
    ("classic", 3, 30, 760),
    ("rulebooks/house/fog-normal.risk", 3, 30, 760),
    ("rulebooks/house/fog-complete.risk", 4, 30, 754),
    ("classic", 2, 30, 910),
])
def test_the_kept_observation_is_the_one_made_whole(rules, players, turns, steps):
    env = RiskEnv(rules, players=players, max_turns=turns)
    played, enc = env.played, env.played.encoding
    rng = np.random.default_rng(2)
    env.reset(seed=3)
    taken = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        seats = [env.possible_agents.index(agent)] + ([taken % players] if taken % 7 == 0 else [])
        for seat in seats:  # (now and then a seat not asked: its board mended over many changes)
            d = played.table.pending
            mine = d if d is not None and d.player == seat else None
            chosen = played.parts[0] if mine is not None and played.parts else None
            whole = enc.observe(played.table.game.sights[seat], seat, mine, played.stage, chosen)
            kept = env.observe(env.possible_agents[seat])["observation"]
            assert kept.dtype == whole.dtype and np.array_equal(kept, whole), (taken, seat)
        action = None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        held, kept = observation["observation"], observation["observation"].copy()
        env.step(action)
        assert np.array_equal(held, kept), taken  # (the caller's own copy: the steps after do not touch it)
        taken += 1
    assert taken == steps
