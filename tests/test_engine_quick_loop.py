"""The fourth round of issue 47's quick paths play the same games as what they stand for: a
proven agent's plain battles spelled out in the attack phase's loop (against Battle.plain_battle
called a battle), a seat's territories kept by set_owner (against a scan of the board), the
territories' income read from a table (against the rules' expression), victory not checked
again after a placement or a fortify move where only owners and who is alive win, balanced's
attack answered from its options, and the styles' dice in a strong bot's playouts."""

from __future__ import annotations

import textwrap

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.agents.random_agent import RandomAgent
from riskrules.engine.agents.strong import _HELPERS, _Budget
from riskrules.engine.battle import Battle
from riskrules.engine.decisions import ATTACK, DEFEND, DICE, Decision
from riskrules.engine.game import Game
from riskrules.engine.victory import armies_read
from riskrules.language.loader import open_rulebook

CLASSIC = open_rulebook("classic").rules(None, 3)


class CheckedRandom(RandomAgent):
    """The random bot, its answers checked (not proven): its defence is asked through Game.ask."""


def played(rules, agents, seed, turns, called=False):
    events = []
    game = Game(rules, agents, seed, max_turns=turns, listeners=[events.append])
    if called:  # the same battle, called (the loop spells out Battle.plain_battle itself only)
        game._fight = lambda g, decider, side, source, target, floor=0: Battle.plain_battle(
            g, decider, side, source, target, floor)
    game.play()
    return game, events


@pytest.mark.parametrize("bots", [["random"] * 3, ["balanced"] * 3, ["random", "checked", "balanced"]])
def test_the_attack_phase_loop_plays_as_the_plain_battle_called(bots):
    def agents():
        return [CheckedRandom() if b == "checked" else make_bot(b) for b in bots]
    quick, quick_events = played(CLASSIC, agents(), 6, 60)
    assert quick._fight is Battle.plain_battle and quick.trusted[0] is not None
    _, called_events = played(CLASSIC, agents(), 6, 60, called=True)
    assert quick_events == called_events
    assert sum(e["type"] == "battle" for e in quick_events) > 100
    if "checked" in bots:  # the checked seat defended in the loop (asked through Game.ask)
        assert quick.trusted[1] is None
        assert any(e["defender"] == quick.names[1] for e in quick_events if e["type"] == "battle")


def test_a_seats_territories_are_kept_as_the_board_has_them():
    seen = []

    class Watching(RandomAgent):
        proven = True

        def quick_attack(self, options, side):
            view = self.view
            for seat in range(view.players):
                assert view.owned(seat) == view.territories_of(seat)
            seen.append(view.owner_changes)
            return super().quick_attack(options, side)

    game = Game(CLASSIC, [Watching() for _ in range(3)], 3, max_turns=90)
    game.play()
    assert len(set(seen)) > 50  # asked across many owner changes
    copy = game.copy([make_bot("random") for _ in range(3)], seed=1, max_turns=game.turn + 30)
    owned = {seat: list(game.owned(seat)) for seat in range(3)}
    copy.play_on(0)
    assert {seat: game.owned(seat) for seat in range(3)} == owned  # a copy's conquests are its own
    for seat in range(3):
        assert copy.owned(seat) == copy.territories_of(seat)


def test_a_list_handed_out_is_never_changed():
    game = Game(CLASSIC, [make_bot("random") for _ in range(3)], 2, max_turns=30)
    game.play()
    mine = game.owned(0)
    kept = list(mine)
    victim = next(t for t in range(game.size) if game.owner[t] == 1)
    game.set_owner(victim, 0)
    assert mine == kept and game.owned(0) == sorted(kept + [victim])


def house(write, body: str):
    text = "rulebook house\nextends classic\n" + textwrap.dedent(body).lstrip("\n")
    return open_rulebook(write("house.risk", text)).rules(None, 3)


def test_the_income_table_counts_as_the_expression(write):
    game = Game(CLASSIC, [make_bot("random") for _ in range(3)], 1, max_turns=40)
    game.play()
    count = CLASSIC.territory_armies
    assert game._income_table is not None
    for held in range(game.size + 1):
        game.territory_count[0] = held
        assert game.territory_income(0) == count({"territories": held, "total": 0}) == max(3, held // 3)
    assert len(game._income_table) == game.size + 1 and game._income_table[:7] == (3,) * 7 and \
        game._income_table[42] == 14
    # an expression that reads more than the territories held is counted each time
    rules = house(write, "reinforcements {\n  territories max(3, (territories + cards) // 3)\n}")
    game = Game(rules, [make_bot("random") for _ in range(3)], 1, max_turns=40)
    game.play()
    assert game._income_table is None
    game.territory_count[0], game.hands[0] = 12, [0, 1, 2]
    assert game.territory_income(0) == 5


def moments(rules, players, seed, turns):
    """The type of the last event before each victory check (Game.changed) of a game."""
    events, seen = [], []

    class Counting(Game):
        def changed(self):
            seen.append(events[-1]["type"])
            super().changed()

    Counting(rules, [make_bot("random") for _ in range(players)], seed, max_turns=turns,
             listeners=[events.append]).play()
    return seen


def test_victory_is_checked_again_after_armies_move_only_where_it_reads_them():
    assert armies_read(CLASSIC) is False
    seen = moments(CLASSIC, 3, 4, 60)
    assert "conquest" in seen and not {"place", "fortify"} & set(seen)
    missions = open_rulebook("nl-1990").rules(None, 4)  # an occupy mission counts armies
    assert missions.victory == "missions" and armies_read(missions) is True
    seen = moments(missions, 4, 4, 60)
    assert {"conquest", "place", "fortify"} <= set(seen)


def test_balanced_answers_a_quick_attack_as_its_decide():
    game = Game(CLASSIC, [make_bot("balanced") for _ in range(3)], 2, max_turns=20)
    game.play()
    bot = game.agents[game.active]
    options = game.attack_options(game.active)
    assert options and bot._best_attack is not None
    assert bot.quick_attack(options, game.active) == bot.decide(Decision(ATTACK, bot.seat, options, game.active,
                                                                           True, 0, None, bot.view))
    # a style that attacks its own way is asked by its attack (a Decision made), not balanced's
    styled = [helper for style, helper in _HELPERS.items() if style is not BalancedAgent
              and issubclass(style, BalancedAgent)]
    for helper in styled:
        agent = helper(_Budget())
        agent.start(bot.view, bot.seat, bot.rng)
        assert helper.attack is not BalancedAgent.attack and agent._best_attack is None
    assert len(styled) == 3


@pytest.mark.parametrize("style", [s for s in _HELPERS if s is not BalancedAgent])
def test_the_styles_dice_in_a_playout_are_their_decides(style):
    game = Game(CLASSIC, [make_bot("balanced") for _ in range(3)], 2, max_turns=10)
    game.play()
    budget = _Budget()
    agent = _HELPERS[style](budget)
    agent.start(game.sights[0], 0, game.rng)
    for options in ([(1, 1)], [(1, 1), (2, 2)], [(1, 1), (2, 2), (3, 3)]):
        agent.rng.seed(5)
        quick = agent.quick_dice(options, 0, (0, 1))
        agent.rng.seed(5)
        assert quick == agent.decide(Decision(DICE, 0, options, 0, False, 0, (0, 1), game.sights[0]))
    for options in ([1], [1, 2]):
        agent.rng.seed(5)
        quick = agent.quick_defend(options, 0, 3, (0, 1))
        agent.rng.seed(5)
        assert quick == agent.decide(Decision(DEFEND, 0, options, 0, False, 3, (0, 1), game.sights[0]))
    assert budget.left == _Budget.left - 10  # each counted against the playout's budget, as decide counts it
