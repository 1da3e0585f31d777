"""The opponent pool plays as its styles say (engine/agents/styles.py): every attack, move-in and
placement of theirs in whole games, read off the log."""

from __future__ import annotations

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.styles import EVEN, MARGIN, TURTLE_ROUNDS, TURTLE_WIN
from riskrules.engine.game import Game
from riskrules.engine.odds import odds_for
from riskrules.language.loader import load_rules

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
                assert a - 1 >= d + MARGIN
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
