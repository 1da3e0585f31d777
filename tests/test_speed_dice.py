"""Issue 47: the dice table draws and decides exactly as rolling die by die did."""

from __future__ import annotations

import random

from riskrules.engine.agents import make_bot
from riskrules.engine.dice import Dice, LoadedDice, _fight, battle_table
from riskrules.engine.game import Game
from riskrules.language.loader import load_rules


def test_a_table_roll_is_the_same_roll_as_die_by_die():
    for rolled in (1, 2, 3, 4):
        for defending in (1, 2, 3):
            for ties in (True, False):
                table, dice = Dice(random.Random(7)), Dice(random.Random(7))
                for _ in range(300):
                    a, b = table.fight(rolled, defending, ties), _fight(dice, rolled, defending, ties)
                    assert (a[0], a[1], list(a[2]), list(a[3])) == (b[0], b[1], b[2], b[3])
                assert table._random() == dice._random()  # the same draws, no more, no fewer


def test_the_table_of_three_dice_against_two():
    table = battle_table(3, 2, True)
    assert len(table) == 6 ** 5
    # attack 1, 6, 1 and defence 6, 1 (faces less one as base-6 digits, the first die highest): both
    # pairs tied, so the attacker loses two where ties go to the defender, the defender two where not
    assert table[((0 * 6 + 5) * 6 + 0) * 6 * 6 + 5 * 6 + 0] == (2, 0, (6, 1, 1), (6, 1))
    assert battle_table(3, 2, False)[((0 * 6 + 5) * 6 + 0) * 6 * 6 + 5 * 6 + 0] == (0, 2, (6, 1, 1), (6, 1))


def test_loaded_dice_fight_in_the_order_they_were_loaded():
    assert LoadedDice([2, 5, 3, 5, 4]).fight(3, 2, True) == (2, 0, [5, 3, 2], [5, 4])


def test_a_game_unheard_ends_as_the_same_game_heard():
    rules = load_rules("nl-modern", None, 4)
    for bot in ("random", "balanced"):
        ends = []
        for listeners in ([], [lambda event: None]):
            game = Game(rules, [make_bot(bot) for _ in range(4)], 3, max_turns=60, listeners=listeners)
            result = game.play()
            ends.append((result.turns, result.winner, game.owner, game.armies, game.hands))
        assert ends[0] == ends[1]
