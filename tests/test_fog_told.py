"""The continents a player is told to hold (his reinforcements, under a fog that shows them) in a
seat's belief (engine/belief.py): a hidden territory of such a continent is his, unless the seat has
seen it since. Worked example: fog-normal, 4 balanced, seed 3, seat 1 at the start of turn 9."""

from __future__ import annotations

from conftest import load
from riskrules.engine.agents import make_bot
from riskrules.engine.belief import Belief
from riskrules.engine.game import Game

FOG = load("rulebooks/house/fog-normal.risk", players=4)


def test_a_hidden_territory_of_a_continent_told_held_is_his_who_holds_it():
    game = Game(FOG, [make_bot("balanced") for _ in range(4)], 3, max_turns=9)
    seen = {}

    def listen(event):
        if event["type"] == "turn_start" and event["turn"] == 9:
            view = game.sights[1]
            belief = Belief(view)
            rows = belief.owners()
            seen["told"] = view.continents_told[0]
            seen["dark"] = [view.dark_since[t] for t in (9, 10, 11)]
            seen["with"] = [[round(p, 4) for p in rows[t]] for t in (9, 10, 11)]
            kept = view.continents_told
            view.continents_told = [None] * len(kept)  # the same view, as if it had not been told
            try:
                rows = Belief(view).owners()
            finally:
                view.continents_told = kept
            seen["without"] = [[round(p, 4) for p in rows[t]] for t in (9, 10, 11)]
            seen["players"] = belief.players
            seen["true"] = [game.owner[t] for t in (9, 10, 11)]
    game.listeners.append(listen)
    game.play()
    assert game.board.continents[1] == "south_america"
    assert seen["told"] == ((1,), 8)  # red (seat 0) was told at turn 8 to hold South America
    assert seen["dark"] == [5, 5, 5]  # seat 1 last saw these three at turn 5
    assert seen["players"] == [0, 2, 3]
    assert seen["with"] == [[0.9758, 0.0136, 0.0106]] * 3
    assert seen["without"] == [[0.902, 0.0605, 0.0376]] * 3  # the last sighting and the fit alone
    assert seen["true"] == [0, 0, 0]


def test_where_the_rules_hide_reinforcements_no_continent_is_told():
    rules = load("rulebooks/house/fog-conquer-club.risk", players=4)
    game = Game(rules, [make_bot("balanced") for _ in range(4)], 3, max_turns=12)
    game.play()
    told = [[view.continents_told[s] is not None for s in range(4)] for view in game.sights]
    assert told == [[s == seat for s in range(4)] for seat in range(4)]  # each of his own only
