"""The PettingZoo AEC environment: every player's seat an agent (docs/environment.md).

    from riskrules.env import RiskEnv
    env = RiskEnv("classic", players=3, max_turns=200)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Any edition, variant, house rule (a .risk path), `--set` line or imported map the rule language
loads. Observations and masks: encoding.py. Rewards: at the end +1 for the winner, -1 for the
others (0 for all when the turn limit ends the game: a truncation); with `shaping` > 0, also
`shaping` × the change in the seat's share of the board's territories since its last decision
(its own territories: it always sees them). The same seed plays the same game; with `logs` a
directory, each game's log is written there (seed-<seed>.jsonl, atomically at its end: `risk replay`
reads it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .played import Played


class RiskEnv(AECEnv):
    metadata = {"name": "riskrules_v1", "render_modes": [], "is_parallelizable": False}

    def __init__(self, rules: str = "classic", variant: str | Sequence[str] | None = None, players: int = 3,
                 max_turns: int = 200, sets: Sequence[str] = (), logs: Path | str | None = None,
                 shaping: float = 0.0, render_mode: str | None = None, events: bool = False):
        super().__init__()
        self.played = Played(rules, variant, players, max_turns, sets, logs, [None] * players, events)
        enc = self.played.encoding
        self.possible_agents = list(self.played.names[:players])
        self.seat_of = {a: seat for seat, a in enumerate(self.possible_agents)}
        self.shaping = shaping
        box = spaces.Box(low=-1.0, high=np.inf, shape=(enc.size,), dtype=np.float32)
        space = spaces.Dict({"observation": box, "action_mask": spaces.Box(0, 1, (enc.actions,), dtype=np.int8)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(enc.actions) for a in self.possible_agents}
        self.render_mode = render_mode
        self._seeds = random.Random()

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = seed if seed is not None else self._seeds.getrandbits(32)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.held = dict.fromkeys(range(len(self.agents)), None)
        self.rewarded = False  # (a reward set since the last step)
        self.ended = False  # (the game is over: every agent terminated or truncated)
        self.played.start(game_seed)
        self._after_move()

    def observe(self, agent: str) -> dict:
        return self.played.observe(self.seat_of[agent])

    def agent_iter(self, max_iter: int = 2 ** 63):
        """The agent to act next, while there are agents (at most `max_iter` times): AECEnv's, as a
        generator (resumed faster than an iterator's __next__ is called)."""
        def turns():
            left = max_iter
            while self.agents and left > 0:
                left -= 1
                yield self.agent_selection
        return turns()

    def last(self, observe: bool = True) -> tuple:
        """AECEnv's last, without the call of observe between (the same tuple)."""
        agent = self.agent_selection
        return (self.played.observe(self.seat_of[agent]) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        if self.ended:  # (every agent is done at once, at the game's end: AECEnv's dead step)
            self._was_dead_step(action)
            return
        if self.shaping:
            self._shaped_step(action)
            return
        # (without shaping every reward is 0 until the end: nothing to clear or add up before it)
        d = self.played.act(int(action))
        if d is None:
            self._cumulative_rewards[self.agent_selection] = 0.0
            self._after_move()
            self._accumulate_rewards()
        else:  # (the next question's seat: the commonest case, without the rest of _after_move)
            self.agent_selection = self.possible_agents[d.player]

    def _shaped_step(self, action: Any) -> None:
        self._cumulative_rewards[self.agent_selection] = 0.0
        if self.rewarded:  # (rewards all 0 since the last step: nothing to clear or add up)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewarded = False
        self.played.act(int(action))
        self._after_move()
        if self.rewarded:
            self._accumulate_rewards()

    def _after_move(self) -> None:
        played = self.played
        if played.over:
            result = played.table.result
            limit = result.reason == "turn_limit"
            self.rewarded = self.ended = True
            for a in self.agents:
                self.rewards[a] = 0.0 if result.winner is None else (1.0 if a == result.winner else -1.0)
                (self.truncations if limit else self.terminations)[a] = True
            if getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = self.agents[0]
            return
        seat = played.seat
        self.agent_selection = self.possible_agents[seat]
        if self.shaping and played.stage == 0:
            share = played.own_share(seat)
            if self.held[seat] is not None:
                self.rewarded = True
                self.rewards[self.agent_selection] += self.shaping * (share - self.held[seat])
            self.held[seat] = share

    def render(self) -> None:
        return None

    def close(self) -> None:
        self.played.close()
