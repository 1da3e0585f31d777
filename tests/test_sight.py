"""A seat's view (engine/sight.py): what agents are given, and what it leaves out."""

from __future__ import annotations

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.base import Agent
from riskrules.engine.game import Game
from riskrules.engine.sight import Sight, told
from riskrules.language.loader import open_rulebook


class Recorder(Agent):
    """Plays as balanced does, and keeps every decision and the view it was started with."""

    kind = "recorder"

    def __init__(self):
        self.inner = make_bot("balanced")
        self.decisions = []

    def start(self, view, seat, rng):
        super().start(view, seat, rng)
        self.inner.start(view, seat, rng)

    def decide(self, d):
        self.decisions.append(d)
        return self.inner.decide(d)


def _mission_game(agents, seed=3, max_turns=12):
    rules = open_rulebook("sv-2000").rules(["missions"], len(agents))
    return Game(rules, agents, seed, max_turns=max_turns)


def test_agents_get_their_seats_view_never_the_game():
    agents = [Recorder() for _ in range(3)]
    game = _mission_game(agents)
    game.play()
    for seat, agent in enumerate(agents):
        assert type(agent.view) is Sight and agent.view.seat == seat and agent.game is agent.view
        assert agent.decisions and all(d.view is agent.view for d in agent.decisions)


def test_a_view_holds_no_other_seats_secrets_and_no_random_state():
    game = _mission_game([make_bot("balanced") for _ in range(3)])
    game.play()
    view = game.sights[1]
    for hidden in ("hands", "missions", "targets", "deck", "rng", "dice", "agents", "listeners", "seed"):
        assert not hasattr(view, hidden), hidden
    assert view.hand is game.hands[1] and view.mission is game.missions[1]
    assert [view.hand_size(s) for s in range(3)] == [len(h) for h in game.hands[:3]]
    assert view.owner is game.owner and view.armies is game.armies  # shared, read-only


def test_an_event_told_to_a_seat_leaves_out_the_others_secrets():
    mission = {"type": "mission_dealt", "turn": 0, "player": "red", "mission": {"occupy": 24}, "own_colour": False}
    drawn = {"type": "card_drawn", "turn": 4, "player": "blue", "card": {"territory": "peru", "symbol": "cannon"}}
    target = {"type": "target_assigned", "turn": 0, "player": "blue", "target": "red"}
    assert told(mission, {"red"}) is mission
    assert told(mission, {"blue"}) == {"type": "mission_dealt", "turn": 0, "player": "red"}
    assert told(drawn, {"red"}) == {"type": "card_drawn", "turn": 4, "player": "blue"}
    assert told(target, {"red", "green"}) == {"type": "target_assigned", "turn": 0, "player": "blue"}
    battle = {"type": "battle", "turn": 4, "player": "blue", "from": "peru", "to": "brazil"}
    assert told(battle, set()) is battle
    game = _mission_game([make_bot("random") for _ in range(3)], max_turns=1)
    game.play()
    assert game.sights[0].tell(mission) is mission and "mission" not in game.sights[1].tell(mission)


def test_a_playout_copy_blanks_what_the_seat_cannot_see():
    game = _mission_game([make_bot("balanced") for _ in range(3)], max_turns=20)
    game.play()
    copy = game.sights[0].playout([make_bot("random") for _ in range(3)], seed=5, max_turns=30)
    assert copy.hands[0] == game.hands[0]
    assert [len(h) for h in copy.hands] == [len(h) for h in game.hands]
    assert all(card == -1 for seat in (1, 2) for card in copy.hands[seat])
    assert copy.missions[0] == game.missions[0] and copy.missions[1:] == [None, None]
    assert len(copy.deck) == 0 and copy.owner == game.owner and copy.owner is not game.owner
    # its random source is the seed's, not the real game's: the same seed, the same rolls
    again = game.sights[0].playout([make_bot("random") for _ in range(3)], seed=5, max_turns=30)
    assert copy.rng.random() == again.rng.random()
