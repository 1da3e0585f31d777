"""Issue 47's sixth round: each quick form equals the general one it stands for — the dice's
functions by the counts of dice (Dice.fighters) are `fight` itself, the usual one fortify move
(Fortify._one_move) plays the games of the general loop (Fortify._moves), the attack phase's
helpers keep the options as its comprehensions did, and a game's income table is the rules'
expression counted."""

from __future__ import annotations

import random

import pytest

from riskrules.engine import battle
from riskrules.engine.agents import make_bot
from riskrules.engine.dice import Dice, LoadedDice, _fight
from riskrules.engine.fortify import Fortify
from riskrules.engine.game import Game
from riskrules.engine.log import line_of
from riskrules.engine.turn import income_table
from riskrules.language.loader import load_rules


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


def _log(rules, bots, seed, check_all=False):
    lines = []
    Game(rules, [make_bot(b) for b in bots], seed, max_turns=120, check_all=check_all,
         listeners=[lambda event: lines.append(line_of(event))]).play()
    return lines


@pytest.mark.parametrize("bot", ["random", "balanced"])
def test_the_usual_fortify_move_is_the_general_loops(monkeypatch, bot):
    rules = load_rules("nl-modern", None, 4)
    asked = []
    one_move = Fortify._one_move
    monkeypatch.setattr(Fortify, "_one_move", lambda self, seat, decider: (asked.append(seat),
                                                                          one_move(self, seat, decider))[1])
    quick = [_log(rules, [bot] * 4, seed) for seed in (1, 2)]
    checked = [_log(rules, [bot] * 4, seed, check_all=True) for seed in (1, 2)]
    assert len(asked) > 100  # (the usual rules: every fortify phase took the quick form)
    monkeypatch.setattr(Fortify, "_one_move", Fortify._moves)
    general = [_log(rules, [bot] * 4, seed) for seed in (1, 2)]
    assert quick == general == checked
    assert any(line.startswith('{"type":"fortify"') for line in quick[0])


def test_the_general_loop_is_kept_where_the_rules_differ():
    rules = load_rules("cs-riziko", None, 3)  # (fortify moves: unlimited)
    assert rules.fortify.moves is None
    game = Game(rules, [make_bot("random") for _ in range(3)], 4, max_turns=30)
    moved = []
    game._one_move = lambda seat, decider: moved.append(seat)
    game.play()
    assert moved == []


def test_the_attack_phases_helpers_drop_what_its_comprehensions_dropped():
    options = [(1, 2), (1, 5), (3, 2), (3, 4), (7, 2)]
    assert battle._less(options, (3, 2)) == [(1, 2), (1, 5), (3, 4), (7, 2)]
    assert battle._not_on(options, 2) == [(1, 5), (3, 4)]
    assert battle._less(options, (3, 2)) is not options and options[2] == (3, 2)  # a new list


def test_the_income_table_is_the_expression_counted_and_shared():
    rules = load_rules("nl-modern", None, 4)
    count = rules.territory_armies
    table = income_table(count, rules.board.size)
    assert table == tuple(count({"territories": n, "total": 0}) for n in range(rules.board.size + 1))
    assert table[:12] == (3,) * 12 and table[12] == 4 and table[42] == 14
    first = Game(rules, [make_bot("random") for _ in range(4)], 1)
    second = Game(rules, [make_bot("random") for _ in range(4)], 2)
    assert first._income_table is second._income_table is table
