"""A plug-in cannot read the dice to come: the copy of the game lent to it (Sight.lend) has a seed
and a random source of its own, not the game's (issue 42)."""

from __future__ import annotations

import random
import sys

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from conftest import load

PEEK = '''
from riskrules.engine.agents.random_agent import RandomAgent

SEEN = []


class Peek(RandomAgent):
    kind = "peek"

    def decide(self, d):
        copy = d.view._game  # (the whole copy behind its view)
        SEEN.append((copy.seed, copy.rng.getstate()))
        return super().decide(d)
'''


def test_the_copy_lent_to_a_plug_in_has_a_seed_of_its_own(tmp_path):
    path = tmp_path / "peek.py"
    path.write_text(PEEK)
    game = Game(load("nl-1990", None, 3), [make_bot(f"{path}:Peek"), make_bot("random"), make_bot("random")], 8675309,
                max_turns=2)
    game.play()
    peeked = sys.modules[type(game.agents[0].bot).__module__].SEEN  # (the plug-in's module)
    assert len(peeked) > 20
    assert {s for s, _ in peeked} == {0}
    assert all(state == random.Random(0).getstate() for _, state in peeked)
    assert game.seed == 8675309
