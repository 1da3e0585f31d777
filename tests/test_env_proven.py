"""The proof `Asked.proven` rests on (env/table.py): the environment's seats are asked the engine's
quick questions and their answers are not checked again, because each is made from the decision's
own options for an action found in the stage's mask. Here the same games with every answer checked
by the engine (Played.check_all: an illegal one would end the game with a GameError) are the same
games, event for event: every edition and variant, fog, a neutral army, nuclear sets, rerolls, card plays, capitals
and fortifying along chains (every decision kind but `discard`, which these games never ask)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install 'riskrules[env]'")

from riskrules.env import RiskEnv  # noqa: E402
from riskrules.language.loader import editions  # noqa: E402

CASES = [(e["id"], v, 3, 25) for e in editions() for v in [None, *(v["id"] for v in e["variants"])]] + [
    ("classic", None, 2, 25),  # (the neutral army: the other player attacks and places for it)
    *((f"rulebooks/house/{name}.risk", None, 3, 25) for name in (
        "fog-normal", "fog-complete", "experts-reroll", "card-pieces", "capital-conquest", "chained-fortify")),
    ("rulebooks/house/warzone-cards.risk", None, 3, 60),  # (cards played: two in these games)
    ("rulebooks/house/conquer-club-nuclear.risk", None, 3, 40),  # (territories nuked to an idle neutral army)
]


def play(env: RiskEnv, seed: int) -> tuple[list, int]:
    pick = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        legal = observation["action_mask"].nonzero()[0]
        env.step(None if termination or truncation else int(legal[pick.randrange(len(legal))]))
        steps += 1
    return env.played.events, steps


@pytest.mark.parametrize("rules, variant, players, turns", CASES)
def test_the_environments_games_are_the_same_with_every_answer_checked(rules, variant, players, turns):
    env = RiskEnv(rules, variant=variant, players=players, max_turns=turns, events=True)
    for seed in (1, 2):
        games = []
        for check_all in (True, False):
            env.played.check_all = check_all
            events, steps = play(env, seed)
            trusted = env.played.table.game.trusted
            assert (trusted == (None,) * len(trusted)) if check_all else all(trusted[:players])
            games.append((events, steps))
        assert games[0] == games[1]
        assert games[0][1] > 100 and games[0][0][-1]["type"] == "game_over"
