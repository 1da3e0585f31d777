"""The strong bot reads the other players' styles from what its seat is told (engine/agents/reading.py):
the engine's hook for agents that hear, the likelihood of single decisions, whole games of the
opponent pool told apart, and playouts that draw each seat's style from what was read."""

from __future__ import annotations

import random
import sys
from math import log
from pathlib import Path

import pytest

from riskrules.engine.agents import make_bot, reading
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.agents.reading import AGAINST, BLUR, MOVED, OTHER, SAME, STYLES, StyleReader
from riskrules.engine.agents.strong import StrongAgent
from riskrules.engine.game import Game
from riskrules.language.loader import load_rules
from scenario import Scenario

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from style_guess import NAMES, Reading  # noqa: E402  (NAMES: balanced, aggressive, turtle, spreader, random)


def blurred(p: float, anyhow: float) -> float:
    """A style's log-likelihood `p`, blurred with random's `anyhow`."""
    return log((1 - BLUR) * p + BLUR * anyhow)


class Listening(Reading):
    """benchmarks/style_guess.py's reading `balanced` (the weights read at its first decision of
    each round), keeping what it heard."""

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        self.heard: list[dict] = []

    def hear(self, event: dict) -> None:
        self.heard.append(event)
        super().hear(event)


def test_an_agent_that_hears_is_told_what_its_seat_is_told():
    rules = load_rules("sv-2000", ["missions"], 4)
    told: list[dict] = []
    agents = [Listening()] + [make_bot("balanced") for _ in range(3)]
    game = Game(rules, agents, 5, seat_listeners={0: told.append})
    game.play()
    me = agents[0]
    assert me.heard == told and len(told) == 968
    others = [e for e in me.heard if e["type"] in ("card_drawn", "mission_dealt") and e["player"] != game.names[0]]
    assert others and not any("card" in e or "mission" in e for e in others)
    assert any("mission" in e for e in me.heard if e["type"] == "mission_dealt")  # its own
    copy = game.copy([Listening() for _ in range(4)], seed=1)
    assert copy.listeners == []  # a playout hears nothing


def test_an_agent_that_does_not_hear_costs_the_game_no_listener():
    rules = load_rules("sv-2000", ["missions"], 4)
    game = Game(rules, [make_bot("balanced") for _ in range(4)], 5)
    assert game.listeners == []


def _reader(holds: dict[str, tuple[int, int]]):
    """A reader in seat 0 of a 4-player sv-2000 game where seat 1 holds `holds` and seat 0 the rest."""
    s = Scenario("sv-2000", 4, "missions", holds=holds, rest=lambda t: 0)
    reader = StyleReader(s.game.sights[0], 0)
    names = s.game.names
    reader.hear({"type": "turn_start", "turn": 1, "player": names[1], "round": 1})
    return s, reader, names


def test_stopping_with_a_sure_attack_left_reads_as_random():
    s, reader, names = _reader({"alaska": (1, 30)})
    reader.hear({"type": "turn_start", "turn": 2, "player": names[2], "round": 1})
    # every deterministic style would have attacked (30 against 1); random stops 15% of the time
    assert reader.log[1] == pytest.approx([blurred(AGAINST, 0.15)] * 4 + [log(0.15)], rel=1e-12)
    assert reader.log[0] == reader.log[2] == reader.log[3] == [0.0] * 5


def test_a_hopeless_attack_reads_as_random_and_a_move_in_as_its_style():
    s, reader, names = _reader({"alaska": (1, 10), "kamchatka": (0, 0)})
    # seat 1 attacks kamchatka (1 army before the roll) from alaska (10): its three attacks
    # (alaska's three neighbours) all have odds a balanced, turtle or spreader would take
    battle = {"type": "battle", "turn": 1, "player": names[1], "from": "alaska", "to": "kamchatka",
              "defender": names[0], "attacker_armies": 10, "defender_armies": 1, "committed": 3,
              "attacker_dice": [6, 5, 4], "defender_dice": [1], "attacker_losses": 0, "defender_losses": 1}
    reader.hear(battle)
    first = list(reader.log[1])
    assert first[4] == pytest.approx(log(0.85 / 3), rel=1e-12)
    anyhow = 0.85 / 3
    assert all(x in (pytest.approx(blurred(SAME, anyhow)), pytest.approx(blurred(OTHER / 2, anyhow)))
               for x in first[:4])
    # then 3 to 9 armies may move in: aggressive moves all (9), turtle and spreader (from the front)
    # the least (3), balanced (both at the front) half way (6); 9 moved
    reader.hear({"type": "conquest", "turn": 1, "player": names[1], "from": "alaska", "to": "kamchatka",
                 "moved": 9, "min_move": 3})
    gained = [b - a for a, b in zip(first, reader.log[1])]
    same, other = blurred(MOVED, 1 / 7), blurred((1 - MOVED) / 6, 1 / 7)
    assert gained == pytest.approx([other, same, other, other, -log(7)], rel=1e-12)


def test_a_turtle_attack_at_long_odds_is_not_against_any_style():
    s, reader, names = _reader({"alaska": (1, 3), "northwest_territory": (0, 10), "alberta": (0, 10),
                                "kamchatka": (0, 10)})
    reader.hear({"type": "battle", "turn": 1, "player": names[1], "from": "alaska", "to": "kamchatka",
                 "defender": names[0], "attacker_armies": 3, "defender_armies": 10, "committed": 2,
                 "attacker_dice": [2, 1], "defender_dice": [6, 5], "attacker_losses": 2, "defender_losses": 0})
    # 2 against 10: no style but random attacks there
    assert reader.log[1] == pytest.approx([blurred(AGAINST / 3, 0.85 / 3)] * 4 + [log(0.85 / 3)], rel=1e-12)


@pytest.mark.parametrize("edition, variant, seats", [
    ("sv-2000", "missions", ("aggressive", "turtle", "spreader")),
    ("nl-1990", "alternatief", ("spreader", "random", "turtle")),
    ("sv-2000", "missions", ("balanced", "random", "aggressive")),
])
def test_the_pool_is_told_apart_in_whole_games(edition, variant, seats):
    """By its fifth round the reader puts the most (over 0.6) on each opponent's own style, in every
    game of three seeds (the seats rotate with the seed). (By the fourth while the spreader attacked
    by its older rule: since it takes BetterAI's it stops more often, and a random player who stops
    can read as a spreader for a round longer.)"""
    rules = load_rules(edition, [variant], 4)
    for seed in range(3):
        lineup = list(seats[seed:] + seats[:seed])
        agents = [Listening()] + [make_bot(b) for b in lineup]
        Game(rules, agents, seed).play()
        read = agents[0].read
        assert 5 in read, (seed, max(read))
        for seat, style in enumerate(lineup, 1):
            weights = read[5][seat]
            assert NAMES[weights.index(max(weights))] == style and max(weights) > 0.6, (seed, seat, weights)


def test_each_playout_draws_the_others_styles_from_what_was_read():
    rules = load_rules("sv-2000", ["missions"], 4)
    bot = StrongAgent()
    game = Game(rules, [bot] + [make_bot("balanced") for _ in range(3)], 3)
    reader = bot.reader
    unread = bot.styles(random.Random(1))
    assert [type(h).__mro__[2] for h in unread[1:]] == [BalancedAgent] * 3  # (_Helper, _Budgeted, balanced)
    reader.log[1] = [0.0, -50.0, -50.0, -50.0, -50.0]  # balanced
    reader.log[2] = [-50.0, -50.0, 0.0, -50.0, -50.0]  # turtle
    reader.log[3] = [-50.0, 0.0, -50.0, -50.0, 0.0]  # aggressive or random, even
    reader.read[1:] = [1, 1, 1]  # (each read once: before, a player is taken for balanced)
    drawn = [bot.styles(random.Random(seed)) for seed in range(200)]
    assert all(h[0] is bot.script for h in drawn)
    assert all(type(h[1]).__mro__[2] is BalancedAgent for h in drawn)
    assert all(isinstance(h[2], STYLES[2]) for h in drawn)
    aggressive = sum(isinstance(h[3], STYLES[1]) for h in drawn)
    assert aggressive + sum(isinstance(h[3], STYLES[4]) for h in drawn) == 200
    assert aggressive == 90  # of 200, as random.Random(0…199).choices draws them
    assert bot.styles(random.Random(7)) == bot.styles(random.Random(7))
    assert game.listeners  # the bot hears


@pytest.mark.parametrize("stopping, read_right", [(False, 17), (True, 12)])
def test_under_fog_balanced_players_read_as_balanced(stopping, read_right):
    """Under fog the reader does not read stopping: whether to stop a style decides on the board as
    the player sees it, not as the reader's seat does. Three `balanced` players, six games of 40
    turns: the seats the reader gives `balanced` over 0.9 at the end, of 18 — 12 when it reads stopping too
    (as before: some seats then read as random or spreader)."""
    rules = load_rules("fog-normal", None, 4)
    right = 0
    for seed in range(6):
        agents = [Reading()] + [make_bot("balanced") for _ in range(3)]
        game = Game(rules, agents, seed, max_turns=40)
        reader = agents[0].reader
        assert reader.fogged
        reader.fogged = not stopping
        game.play()
        right += sum(1 for s in (1, 2, 3) if (reader.weights(s) or [0])[0] > 0.9)
    assert right == read_right


def test_the_prior_is_even_or_leans_to_balanced_by_one_player_seen_per_other_seat(monkeypatch):
    s, reader, names = _reader({"alaska": (1, 30)})
    assert reader.weights(1) is None  # nothing read yet: taken for balanced
    reader.read[1] = 1  # a decision read that tells no style from another
    assert reader.weights(1) == pytest.approx([1 / 5] * 5, rel=1e-12)
    monkeypatch.setattr(reading, "PRIOR_SEEN", 1)  # strong_variants.py's prior1
    s, reader, names = _reader({"alaska": (1, 30)})
    reader.read[1] = 1
    assert reader.weights(1) == pytest.approx([4 / 8, 1 / 8, 1 / 8, 1 / 8, 1 / 8], rel=1e-12)
    reader.log[1] = [log(0.06), log(0.87), log(0.06), log(0.06), log(0.06)]  # as aggressive would, the others not
    assert reader.weights(1)[1] == pytest.approx(0.87 / (4 * 0.06 + 0.87 + 3 * 0.06), rel=1e-12)
