"""Game.copy and Game.play_on: a copy continues exactly as its original does, given the same
random source and the same answers, and changing the copy leaves the original alone."""

from __future__ import annotations

from collections import deque

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.decisions import ATTACK, PLACE
from riskrules.engine.game import Game
from conftest import load

CASES = [
    ("nl-1990", "alternatief", 4),  # domination, escalating cards
    ("sv-2000", "missions", 4),  # missions checked immediately
    ("sv-2000", "capitals", 3),  # capitals
    ("nl-modern", "missions-full-round", 3),  # a mission declared, checked a round later
    ("cs-riziko", "domination", 2),  # the 2-player neutral army
    ("de-deluxe", "missions", 5),
]


class Snapshot(BalancedAgent):
    """Plays like `balanced`; at its `at`-th decision of kind `kind` in the active player's own
    turn, copies the game and plays the copy to its end, listening to its events."""

    def __init__(self, kind: str, at: int):
        self.kind_wanted, self.at, self.seen = kind, at, 0
        self.copy_events: list[dict] | None = None
        self.copy_result = None

    def decide(self, d):
        game = self.view._game  # the real game behind the view: copying it is what is tested
        if (self.copy_events is None and d.kind == self.kind_wanted and d.player == game.active == d.side
                and game.phase >= 0 and game.rules.phases[game.phase] == ("attack" if d.kind == ATTACK else "reinforce")):
            self.seen += 1
            if self.seen == self.at:
                agents = [BalancedAgent() for _ in game.agents]
                copy = game.copy(agents)
                for mine, theirs in zip(agents, game.agents):  # balanced plans once a turn: the same plan
                    mine._plan_turn, mine._values = theirs._plan_turn, list(theirs._values)
                self.copy_events = []
                copy.listeners.append(self.copy_events.append)
                before = (list(game.owner), list(game.armies), [list(h) for h in game.hands], deque(game.deck))
                if d.kind == PLACE:  # the rest of the reinforcement placed here, the turn goes on
                    territory, armies = super().decide(d)
                    assert armies == d.most
                    copy.armies[territory] += armies
                    copy.changed()
                    self.copy_result = copy.play_on(game.phase + 1)
                else:
                    self.copy_result = copy.play_on()
                # playing the copy left the original untouched
                assert (game.owner, game.armies, game.hands, game.deck) == before
        return super().decide(d)


@pytest.mark.parametrize("edition, variant, players", CASES)
@pytest.mark.parametrize("kind, at", [(ATTACK, 1), (ATTACK, 7), (PLACE, 1)])
def test_a_copy_continues_like_its_original(edition, variant, players, kind, at):
    rules = load(edition, variant, players)
    for seed in (3, 11):
        snapshot = Snapshot(kind, at)
        events: list[dict] = []
        game = Game(rules, [snapshot] + [BalancedAgent() for _ in range(players - 1)], seed,
                    listeners=[events.append])
        result = game.play()
        assert snapshot.copy_events, (seed, "no snapshot taken")
        # the original's events from the copied moment on are the copy's
        tail = events[len(events) - len(snapshot.copy_events):]
        assert tail == snapshot.copy_events
        if kind == PLACE:
            assert events[len(events) - len(snapshot.copy_events) - 1]["type"] == "place"
        assert snapshot.copy_result == result


def test_a_copy_with_its_own_seed_and_turn_limit():
    rules = load("nl-1990", "alternatief", 4)
    game = Game(rules, [make_bot("balanced") for _ in range(4)], 5)
    game.setup()
    game.active, game.phase, game.turn, game.round = game.first, 0, 1, 1
    results = [game.copy([make_bot("balanced") for _ in range(4)], seed=9, max_turns=6).play_on()
               for _ in range(2)]
    assert results[0] == results[1]
    assert results[0].reason == "turn_limit" and results[0].turns == 6
    assert game.turn == 1 and game.result is None  # the original has not moved


def test_every_changing_attribute_is_copied():
    """Everything a played game holds in a list, dict or deque is either copied or made once."""
    rules = load("sv-2000", "capitals", 3)
    game = Game(rules, [make_bot("balanced") for _ in range(3)], 1)
    game.play()
    shared = {"names", "colour_seat", "agents", "listeners", "adjacent", "continent_of", "members", "team", "friends"}
    copied = set(Game.COPIED) | set(Game.CACHES) | {"continent_count", "hands", "capital_owner", "deck",
                                                    "conquered_now", "escalation_base"}
    mutable = {name for name, value in vars(game).items() if isinstance(value, (list, dict, deque, set))}
    made_once = {name for name in mutable if name.startswith("_") and name.endswith("_options")}
    assert mutable - shared - copied - made_once == set()
