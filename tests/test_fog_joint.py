"""A seat's guess of the board under fog drawn jointly (belief.sample, COHERE): neighbouring
hidden territories drawn alike, as the others hold blocs — a slice of benchmarks/fog_joint.py."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from conftest import load
from riskrules.engine import belief as beliefs
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from fog_joint import measure  # noqa: E402

FOG = load("rulebooks/house/fog-normal.risk", players=4)


def test_joint_guesses_hold_blocs_like_the_true_board_and_name_more_owners_right():
    # seed 1, every seat at every turn's start from round 2, two guesses each: of 5,504 pairs of
    # neighbouring hidden territories 4,642 are one player's; independent draws (COHERE 0) make
    # 3,629 such pairs a guess, joint draws 4,245.5; owners right 2,371.5 → 2,532 of 3,268
    result = measure(FOG, 1, 1, [0.0, 3.0], draws=2)
    assert result[0.0][:5] == [5504, 4642, 3629.0, 3268, 2371.5]
    assert result[3.0][:5] == [5504, 4642, 4245.5, 3268, 2532.0]
    assert beliefs.COHERE == 3.0  # (measure puts it back)


def test_a_joint_guess_gives_no_player_more_than_he_was_told_to_hold():
    game = Game(FOG, [make_bot("balanced") for _ in range(4)], 2, max_turns=30)
    checked = []

    def listen(event):
        if event["type"] != "turn_start" or game.round < 2:
            return
        view = game.sights[game.active]
        belief = beliefs.belief_of(view)
        drawn = belief.sample(random.Random(game.turn))
        assert sorted(drawn) == sorted(belief.hidden)
        given = [list(drawn.values()).count(s) for s in belief.players]
        # none beyond his count: the counts told are made to add up to the hidden (belief._recounted)
        over = sum(max(0, g - n) for g, n in zip(given, belief.need) if n is not None)
        checked.append((len(drawn), over))

    game.listeners.append(listen)
    game.play()
    assert (len(checked), sum(n for n, _ in checked), sum(o for _, o in checked)) == (26, 553, 0)
