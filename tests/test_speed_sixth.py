"""Issue 47's sixth round: each quick form equals the general one it stands for."""

from __future__ import annotations

import random

from riskrules.engine.dice import Dice, LoadedDice, _fight


def test_a_fighter_by_the_counts_is_fight_itself_with_the_same_draws():
    for ties in (True, False):
        fast, slow = Dice(random.Random(11)), Dice(random.Random(11))
        rows = fast.fighters(ties, 4, 3)
        assert [len(row) for row in rows] == [4, 4, 4, 4, 4] and rows[0] == [None] * 4
        assert all(row[0] is None for row in rows)
        assert fast.fighters(ties, 4, 3) is rows  # made once a game
        for rolled in (1, 2, 3, 4):
            for defending in (1, 2, 3):
                for _ in range(200):
                    a, b = rows[rolled][defending](), _fight(slow, rolled, defending, ties)
                    assert (a[0], a[1], list(a[2]), list(a[3])) == (b[0], b[1], b[2], b[3])
                assert rows[rolled][defending] is fast._fighters[rolled, defending, ties]  # fight's own
        assert fast._random() == slow._random()  # the same draws, no more, no fewer


def test_loaded_dice_fighters_roll_the_faces_as_loaded():
    rows = LoadedDice([2, 5, 3, 5, 4, 6, 1]).fighters(True, 3, 2)
    assert rows[3][2]() == (2, 0, [5, 3, 2], [5, 4])
    assert rows[1][1]() == (0, 1, [6], [1])
