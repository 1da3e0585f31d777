"""The Gymnasium environment: one seat learns, the others are built-in bots (docs/environment.md).

    from riskrules.env import RiskSingleEnv
    env = RiskSingleEnv("classic", players=3, opponents="balanced")
    observation, info = env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.step(action)

The observation is the PettingZoo environment's (a dict of `observation` and `action_mask`; the
mask is in `info["action_mask"]` too). The reward: +1 when the seat wins, -1 when the game ends
otherwise with a winner, 0 at the turn limit (`truncated`), with the same `shaping` option.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .played import Played


class RiskSingleEnv(gym.Env):
    metadata = {"render_modes": []}

    def __init__(self, rules: str = "classic", variant: str | Sequence[str] | None = None, players: int = 3,
                 opponents: str | Sequence[str] = "balanced", seat: int = 0, max_turns: int = 200,
                 sets: Sequence[str] = (), logs: Path | str | None = None, shaping: float = 0.0,
                 events: bool = False):
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != players - 1 or not 0 <= seat < players:
            raise ValueError(f"{players} players: give {players - 1} opponents and a seat from 0 to {players - 1}")
        seats: list[str | None] = others[:seat] + [None] + others[seat:]
        self.played = Played(rules, variant, players, max_turns, sets, logs, seats, events)
        self.me = seat
        enc = self.played.encoding
        box = spaces.Box(low=-1.0, high=np.inf, shape=(enc.size,), dtype=np.float32)
        self.observation_space = spaces.Dict({"observation": box,
                                              "action_mask": spaces.Box(0, 1, (enc.actions,), dtype=np.int8)})
        self.action_space = spaces.Discrete(enc.actions)
        self.shaping = shaping

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2 ** 32))
        self.played.start(game_seed)
        self.held = self.played.own_share(self.me)
        observation, _, _, _, info = self._answer(0.0)
        return observation, info

    def step(self, action: Any):
        self.played.act(int(action))
        return self._answer(0.0)

    def _answer(self, reward: float):
        played = self.played
        terminated = truncated = False
        if played.over:
            result = played.table.result
            truncated = result.winner is None and result.reason == "turn_limit"
            terminated = not truncated
            if result.winner is not None:
                reward = 1.0 if result.winner == played.names[self.me] else -1.0
        elif self.shaping and played.stage == 0:
            share = played.own_share(self.me)
            reward += self.shaping * (share - self.held)
            self.held = share
        observation = played.observe(self.me)
        return observation, reward, terminated, truncated, {"action_mask": observation["action_mask"]}

    def close(self) -> None:
        self.played.close()
