"""The opponent pool plays as its styles say (engine/agents/styles.py): every attack, move-in and
placement of theirs in whole games, read off the log."""

from __future__ import annotations

import random

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.styles import EVEN, MARGIN, TURTLE_ROUNDS, TURTLE_WIN, SpreaderAgent
from riskrules.engine.decisions import ATTACK, Decision
from riskrules.engine.game import Game
from riskrules.engine.odds import odds_for
from riskrules.language.loader import load_rules
from scenario import Scenario

SEATS = ("aggressive", "turtle", "spreader", "balanced")


def games(edition: str, variant: str, seeds=range(6)):
    rules = load_rules(edition, [variant], 4)
    for seed in seeds:
        events: list[dict] = []
        Game(rules, [make_bot(b) for b in SEATS], seed, listeners=[events.append], check_all=True).play()
        yield rules, dict(zip(rules.colours, SEATS)), events


@pytest.mark.parametrize("edition, variant", [("sv-2000", "missions"), ("nl-1990", "alternatief")])
def test_each_style_attacks_as_it_says(edition, variant):
    seen = {style: 0 for style in SEATS[:3]}
    for rules, style_of, events in games(edition, variant):
        win = odds_for(rules.battle).win
        round_of = 0
        for e in events:
            if e["type"] == "turn_start":
                round_of = e["round"]
            if e["type"] != "battle":
                continue
            style = style_of[e["player"]]
            a, d = e["attacker_armies"], e["defender_armies"]
            if style == "aggressive":
                assert win(a - 1, d) >= EVEN
            elif style == "turtle" and round_of <= TURTLE_ROUNDS:
                assert win(a - 1, d) >= TURTLE_WIN
            elif style == "spreader":
                assert a >= d + MARGIN
            else:
                continue
            seen[style] += 1
    assert all(n > 20 for n in seen.values()), seen


def test_the_spreader_moves_the_least_in_from_the_front_and_the_aggressive_everything():
    least = most = 0
    for rules, style_of, events in games("sv-2000", "missions"):
        before: dict[str, int] = {}
        for e in events:
            if e["type"] == "battle":
                before[e["from"]] = e["attacker_armies"] - e["attacker_losses"]
            if e["type"] == "conquest" and style_of[e["player"]] == "aggressive":
                # everything it can: all but the one army that stays (the rules' most)
                assert e["moved"] == before[e["from"]] - 1
                most += 1
            if e["type"] == "conquest" and style_of[e["player"]] == "spreader" and e["moved"] == e["min_move"]:
                least += 1
    assert most > 10 and least > 10


@pytest.mark.parametrize("alaska, neighbours, attacked", [
    (4, (1, 5, 5), "northwest_territory"),  # one neighbour three weaker: at once (the old rule wanted 5)
    (3, (1, 5, 5), None),                   # no margin of three
    (6, (1, 2, 5), None),                   # two such: 6 is not more than 1 + 2 + 3
    (7, (1, 2, 5), "northwest_territory"),  # 7 is: the weakest first
    (7, (2, 1, 5), "alberta"),
])
def test_the_spreader_attacks_by_betterais_rule(alaska, neighbours, attacked):
    """pyrisk's BetterAI attacks from a stack three armies stronger than a neighbour; where several
    neighbours are that weak, only while the stack outnumbers all of them together by more than three."""
    names = ("northwest_territory", "alberta", "kamchatka")
    s = Scenario("sv-2000", 4, "missions", holds={"alaska": (1, alaska)} | {n: (0, a) for n, a in zip(names, neighbours)},
                 rest=lambda t: 0)
    bot = SpreaderAgent()
    bot.start(s.game.sights[1], 1, random.Random(0))
    options = [(s.t("alaska"), s.t(n)) for n in names]
    chosen = bot.attack(Decision(ATTACK, 1, options, 1, True))
    assert chosen == (None if attacked is None else (s.t("alaska"), s.t(attacked)))
