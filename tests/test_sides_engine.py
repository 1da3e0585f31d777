"""Neutrals that act and teams that share (issue 45) in the engine: the worked examples with
fixed state and loaded dice — a killer neutral taking its region back, the zombies infecting,
growing and attacking, a deployment on a partner's territory, a set traded from a shared hand —
and the seats one person plays."""

from __future__ import annotations

import pytest

from riskrules.engine import decisions as D
from riskrules.engine.acting import round_start
from riskrules.engine.agents import make_bot
from riskrules.engine.agents.base import Agent
from riskrules.engine.dice import LoadedDice
from riskrules.engine.game import Game
from riskrules.engine.teams import person_seats
from riskrules.language.loader import open_rulebook


def _game(name: str, players: int = 4, sets=(), agents=None, seed: int = 1):
    rules = open_rulebook(name, sets=sets).rules(None, players)
    events: list[dict] = []
    game = Game(rules, agents or [make_bot("random") for _ in range(players)], seed, listeners=[events.append])
    game.setup()
    events.clear()
    return game, events


def _give(game: Game, territory: str, seat: int, armies: int) -> int:
    t = game.board.index[territory]
    game.set_owner(t, seat)
    game.armies[t] = armies
    return t


def test_a_killer_neutral_takes_its_region_back_the_round_after():
    game, events = _game("killer-neutrals")
    ice = game.board.index["iceland"]
    assert (game.owner[ice], game.armies[ice]) == (game.neutral, 3)
    game.round = 1
    round_start(game)  # the territories it holds as play begins are the ones it takes back
    assert sorted(game.board.territories[t] for t in game.acting.back) == \
        ["central_america", "egypt", "iceland", "mongolia"]
    _give(game, "iceland", 0, 5)  # red takes it in round 1
    _give(game, "mongolia", 1, 2)  # and blue Mongolia
    game.round = 2
    round_start(game)
    assert (game.owner[ice], game.armies[ice]) == (game.neutral, 3)
    assert events == [{"type": "neutral_takes_back", "turn": 0, "player": "neutral", "territory": "iceland",
                       "from": "red", "armies": 3},
                      {"type": "neutral_takes_back", "turn": 0, "player": "neutral", "territory": "mongolia",
                       "from": "blue", "armies": 5}]  # (each with its starting armies)


def test_after_two_rounds_and_a_player_left_with_nothing_is_out():
    game, events = _game("killer-neutrals", sets=["neutral { takes back its territories after 2 rounds with 4 armies }"])
    game.round = 1
    round_start(game)
    for t in list(game.owned(3)):
        game.set_owner(t, 0)
    ice = _give(game, "iceland", 3, 6)  # green's last territory
    game.round = 2
    round_start(game)
    assert game.owner[ice] == 3 and events == []
    game.round = 3
    round_start(game)
    assert (game.owner[ice], game.armies[ice], game.alive[3]) == (game.neutral, 4, False)
    assert [e["type"] for e in events] == ["neutral_takes_back", "elimination"]
    assert events[1]["by"] == "neutral"


def test_the_zombies_infect_one_territory_of_each_player():
    held = []
    for _ in range(2):  # the same seed infects the same territories
        game, events = _game("zombies", seed=7)
        before = [game.territory_count[s] for s in range(4)]
        game.round = 1
        round_start(game)
        assert [game.territory_count[s] for s in range(4)] == [n - 1 for n in before]
        assert [e["from"] for e in events] == ["red", "blue", "yellow", "green"]
        assert all(e["type"] == "neutral_infects" and game.owner[game.board.index[e["territory"]]] == game.neutral
                   and game.armies[game.board.index[e["territory"]]] == e["armies"] for e in events)
        held.append([e["territory"] for e in events])
    assert held[0] == held[1]


def test_the_zombies_grow_then_attack_their_weakest_neighbour_outnumbered_twice():
    game, events = _game("zombies")
    ice = _give(game, "iceland", game.neutral, 3)
    _give(game, "greenland", 0, 5)
    scandinavia = _give(game, "scandinavia", 1, 1)
    _give(game, "great_britain", 2, 2)
    game.dice = LoadedDice([6, 5, 4, 3])  # 3 dice (5 armies) against 1: the defender loses 1
    game.round = 2
    round_start(game)
    assert (game.owner[scandinavia], game.armies[scandinavia], game.armies[ice]) == (game.neutral, 4, 1)
    assert [(e["type"], e.get("territory") or e.get("to")) for e in events] == [
        ("neutral_grows", "iceland"), ("attack", "scandinavia"), ("battle", "scandinavia"),
        ("conquest", "scandinavia")]
    assert events[0]["armies"] == 2 and events[2]["attacker_dice"] == [6, 5, 4] and events[2]["defender_dice"] == [3]
    assert events[3] == {"type": "conquest", "turn": 0, "player": "neutral", "from": "iceland", "to": "scandinavia",
                         "moved": 4, "min_move": 3}


class _Partner(Agent):
    """Places every reinforcement of play on the first partner's territory offered; else random."""

    def __init__(self):
        self.offered = None
        self.bot = make_bot("random")

    def start(self, view, seat, rng):
        super().start(view, seat, rng)
        self.bot.start(view, seat, rng)

    def decide(self, d):
        if d.kind == D.PLACE and self.view.turn > 0:
            self.offered = list(d.options)
            return next(t for t in d.options if self.view.owner[t] != self.seat), d.most
        return self.bot.decide(d)


def test_a_deployment_on_a_partners_territory():
    agent = _Partner()
    game, events = _game("conquer-club-doubles", agents=[agent] + [make_bot("random") for _ in range(3)])
    assert game.friends[0] == frozenset({0, 1}) and game.friends[2] == frozenset({2, 3})  # seated together
    game.turn = 1
    mine, partner = game.owned(0), game.owned(1)
    target = min(partner)
    before = game.armies[target]
    game.place(0, 0, 3)
    assert agent.offered == sorted(mine + partner)
    assert (game.owner[target], game.armies[target]) == (1, before + 3)
    assert events == [{"type": "place", "turn": 1, "player": "red", "territory": game.board.territories[target],
                       "armies": 3}]


def test_partners_sit_alternately_without_seated_together():
    game, _ = _game("doubles")
    assert game.friends[0] == frozenset({0, 2}) and not game.team_place


def test_a_set_traded_from_the_shared_hand():
    game, events = _game("warzone-teams")
    assert game.hands[0] is game.hands[2] and game.hands[1] is game.hands[3] and game.hands[0] is not game.hands[1]
    symbol = game.board.card_symbol
    alike = [t for t in range(game.size) if symbol[t] == symbol[0]][:3]
    game.hands[0].extend(alike)  # drawn by red
    gained = game.trade_cards(2, down_to=0)  # traded by yellow, red's partner
    assert gained == 4 and game.hands[0] == [] and game.hands[2] == []
    assert [(e["type"], e["player"], sorted(c["territory"] for c in e["cards"])) for e in events][:1] == \
        [("trade", "yellow", sorted(game.board.territories[t] for t in alike))]


def test_a_shared_hand_stays_with_the_partner_still_in_the_game():
    game, events = _game("warzone-teams")
    game.hands[0].extend([0, 1])
    game.eliminate(2, 1)
    assert game.hands[0] == [0, 1] and game.hands[1] == [] and events[0]["cards_taken"] == 0


def test_a_copy_keeps_one_hand_per_team():
    game, _ = _game("warzone-teams")
    game.hands[0].append(5)
    other = game.copy([make_bot("random") for _ in range(4)])
    assert other.hands[0] is other.hands[2] and other.hands[0] == [5] and other.hands[0] is not game.hands[0]


def test_the_seats_one_person_plays():
    poly = open_rulebook("polymorphic").rules(None, 4)
    assert person_seats(poly, 4, 1) == [0, 2] and person_seats(poly, 4, 2) == [0, 1, 2, 3]
    with pytest.raises(ValueError) as err:
        person_seats(poly, 4, 3)
    assert str(err.value) == "3 people cannot play 2 teams of one person each: at most 2"
    together = open_rulebook("conquer-club-doubles", sets=["for 4 players { teams 2 with seated together played "
                                                           "by one person }"]).rules(None, 4)
    assert person_seats(together, 4, 1) == [0, 1]
    assert person_seats(open_rulebook("classic").rules(None, 4), 4, 2) == [0, 1]
