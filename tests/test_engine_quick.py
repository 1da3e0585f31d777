"""The quick questions (issue 47): a proven agent is asked the commonest questions by its
Agent.quick_* methods, without a Decision; a fortify question's options made when read."""

from __future__ import annotations

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.random_agent import RandomAgent
from riskrules.engine.decisions import ATTACK, FORTIFY, Later
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

RULES = open_rulebook("classic").rules(None, 3)


class Peaceful(RandomAgent):
    """Proven by its own say, and never attacks: its decide must answer its quick questions too."""

    proven = True

    def decide(self, d):
        return None if d.kind == ATTACK else super().decide(d)


def test_an_agent_that_decides_otherwise_is_asked_through_its_decide():
    events = []
    game = Game(RULES, [Peaceful(), Peaceful(), Peaceful()], 1, max_turns=9, listeners=[events.append])
    assert game.trusted == tuple(game.agents)  # asked at once, unchecked
    game.play()
    assert [e["type"] for e in events].count("battle") == 0
    assert [e["type"] for e in events].count("turn_start") == 9


def test_who_is_trusted():
    agents = [make_bot("random"), make_bot("balanced"), make_bot("strong")]
    game = Game(RULES, agents, 1)
    assert game.trusted == (agents[0], agents[1], None)  # strong is not proven: its answers are checked
    assert Game(RULES, [make_bot("random") for _ in range(3)], 1, check_all=True).trusted == (None, None, None)


def test_the_same_game_asked_quickly_or_through_decisions():
    logs = []
    for check_all in (False, True):  # (check_all: every question put as a Decision, through Game.ask)
        events = []
        Game(RULES, [make_bot("random"), make_bot("balanced"), make_bot("random")], 3, max_turns=30,
             listeners=[events.append], check_all=check_all).play()
        logs.append(events)
    assert logs[0] == logs[1]
    assert len(logs[0]) > 300


def test_options_made_when_read_and_once():
    made = []

    def make():
        made.append(1)
        return [(0, 1), (0, 2)]

    d = Later(FORTIFY, 0, make, 0, True)
    assert made == []
    assert d.options == [(0, 1), (0, 2)] and d.options is d.options
    assert made == [1]
    assert d.player == d.side == 0 and d.optional and d.kind == FORTIFY


def test_strong_playouts_play_the_same_with_every_answer_checked():
    """The proof the playout agents' `proven` rests on (agents/strong.py): a game of strong bots
    whose playouts check every answer (a copy keeps check_all) is the same game."""
    rules = open_rulebook("classic").rules(None, 3)
    logs = []
    for check_all in (True, False):
        events = []
        Game(rules, [make_bot("strong-1"), make_bot("strong-1"), make_bot("balanced")], 2, max_turns=9,
             listeners=[events.append], check_all=check_all).play()
        logs.append(events)
    assert logs[0] == logs[1]
    assert [e["type"] for e in logs[0]].count("conquest") > 10
