"""The parts of an environment step, for env_speed.py `speed`: the random agent, and the environment's
games played again — by the engine alone, by the agent alone, through an environment that does
nothing (Bare: the floor), with the stages merged, with a part of the environment's work written
down (lighter) — each timed in CPU time. (Moved out of env_speed.py, which runs them.)"""

from __future__ import annotations

import random
import time

import numpy as np

from riskrules.engine.agents.base import Agent
from riskrules.engine.game import Game

def random_action(observation: dict, done: bool, pick: random.Random) -> int | None:
    """The random agent: a legal action drawn uniformly from the observation's mask (None once done)."""
    if done:
        return None
    legal = observation["action_mask"].nonzero()[0]
    return int(legal[pick.randrange(len(legal))])


def count_kinds(env, kinds: dict, pick: random.Random, drawn, game_seed: int) -> None:
    """The environment's last game again (untimed, the agent's same draws): its steps and decisions
    by the decision's kind, added to `kinds`."""
    again = random.Random()
    again.setstate(drawn)
    env.reset(seed=game_seed)
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        action = random_action(observation, termination or truncation, again)
        if action is not None:
            counted = kinds.setdefault(env.played.pending.kind, [0, 0])
            counted[0] += 1
            counted[1] += env.played.stage == 0
        env.step(action)
    assert again.getstate() == pick.getstate()  # (the same game as the one timed)


def lighter(env, written, drawn, game_seed: int, mask_too: bool) -> float:
    """The CPU time of the environment's last game played again (the agent's same draws) with
    Seen.observe written down (a copy of one array the observation's size, as Bare's `last`)
    and, with `mask_too`, Encoding.mask too (the game's masks, written down, handed out in turn)."""
    from riskrules.env.encoding import Encoding
    from riskrules.env.seen import Seen

    kept = np.zeros(env.played.encoding.size, dtype=np.float32)
    masks = iter([m for m, done in written[0] if not done])
    observe, mask = Seen.observe, Encoding.mask
    Seen.observe = lambda self, d, stage, parts, number, given: {"observation": kept.copy(), "action_mask": given}
    if mask_too:
        Encoding.mask = lambda self, d, view, stage, parts: next(masks)
    try:
        pick = random.Random()
        pick.setstate(drawn)
        env.reset(seed=game_seed)
        began = time.process_time()
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            env.step(random_action(observation, termination or truncation, pick))
        return time.process_time() - began
    finally:
        Seen.observe, Encoding.mask = observe, mask


def merged(written) -> tuple:
    """A game's steps as written down (engine_alone), each decision's stages merged into its last:
    only the steps that answer the game or end it are kept (the floor of one step a decision)."""
    masks, given, answers = written
    kept = [k for k, n in enumerate(given) if n or masks[k][1]]
    return [masks[k] for k in kept], [given[k] for k in kept], answers


def agent_alone(masks, drawn) -> float:
    """The CPU time of the random agent's own part of a game: its draws from the game's masks, again."""
    pick = random.Random()
    pick.setstate(drawn)
    began = time.process_time()
    for mask in masks:
        legal = mask.nonzero()[0]
        int(legal[pick.randrange(len(legal))])
    return time.process_time() - began


class Given(Agent):
    """Answers a game's decisions with the answers of a list, in turn (every seat shares one);
    proven, as the environment's seat is (env/table.py Asked): asked the quick questions, unchecked."""

    kind = "env"
    proven = True

    def __init__(self, answers):
        self.answers = answers

    def decide(self, d):  # (Agent's quick questions call it too)
        return next(self.answers)


def engine_alone(env, rules, drawn, game_seed: int, max_turns: int) -> tuple:
    """The CPU time of the engine's own part of the environment's last game: the game played again
    by the environment (untimed, from the agent's same draws) with its answers written down, then
    played by the engine alone with those answers given at once (unchecked, as the environment's);
    and the game's steps as written down: each step's mask, whether it ends the game, and how many
    of the answers it gives (`bare`)."""
    from riskrules.env.table import Asked

    answers, masks, given = [], [], []
    init = Asked.__init__

    def recording(self, table):  # (an Asked's decide is its own: the switch back to the caller)
        init(self, table)
        back = self.decide
        self.decide = lambda d: answers.append(back(d)) or answers[-1]

    Asked.__init__ = recording
    try:
        pick = random.Random()
        pick.setstate(drawn)
        env.reset(seed=game_seed)
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            masks.append((observation["action_mask"], termination or truncation))
            before = len(answers)
            if termination or truncation:
                env.step(None)
            else:
                legal = observation["action_mask"].nonzero()[0]
                env.step(int(legal[pick.randrange(len(legal))]))
            given.append(len(answers) - before)
    finally:
        Asked.__init__ = init
    answered = iter(answers)
    began = time.process_time()
    Game(rules, [Given(answered) for _ in range(env.played.players)], game_seed, max_turns=max_turns).play()
    return time.process_time() - began, (masks, given, answers)


class Bare:
    """The least an environment can do, for the floor of `speed`: the same calls (agent_iter, last,
    step), the same game in a greenlet (env/table.py Table, the environment's proven seats) answered
    with the environment's own answers, written down, the step that gave them giving them again;
    `last` hands out the written-down mask and a copy of one array the observation's size. No
    encoding, no mask made, nothing brought up to date."""

    def __init__(self, table, written, size: int):
        masks, given, answers = written
        self.table, self.masks, self.given, self.answers = table, iter(masks), iter(given), iter(answers)
        self.kept = np.zeros(size, dtype=np.float32)
        self.agents, self.agent_selection, self.infos = ["seat"], "seat", {}

    def agent_iter(self):
        def turns():
            while self.agents:
                yield self.agent_selection
        return turns()

    def last(self) -> tuple:
        mask, done = next(self.masks)
        return {"observation": self.kept.copy(), "action_mask": mask}, 0.0, done, False, self.infos

    def step(self, action) -> None:
        n = next(self.given)
        for _ in range(n):
            self.table.answer(next(self.answers))
        if action is None:  # (the game's end: the environment's dead steps, one for each agent, are not counted here)
            self.agents = []


def bare(env, rules, written, drawn, game_seed: int, max_turns: int) -> tuple[float, int]:
    """The CPU time and steps of the floor: the environment's last game through Bare (the agent's
    same draws)."""
    from riskrules.env.table import Table

    table = Table(rules, [None] * env.played.players, game_seed, max_turns)
    table.start()
    bare = Bare(table, written, env.played.encoding.size)
    pick = random.Random()
    pick.setstate(drawn)
    steps = 0
    began = time.process_time()
    for agent in bare.agent_iter():
        observation, _, termination, truncation, _ = bare.last()
        bare.step(random_action(observation, termination or truncation, pick))
        steps += 1
    spent = time.process_time() - began
    table.close()
    return spent, steps
