"""Orders given together (issue 45) in whole games: a person's orders replay from the log (LogAgent),
the events fit the log schema, and under Warzone's fog each seat is told the others' deployments
only once every order is given, and the others' orders only as far as it sees."""

from __future__ import annotations

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.random_agent import RandomAgent
from riskrules.engine.game import Game
from riskrules.engine.logcheck import check_events
from riskrules.engine.replay import _replay
from riskrules.language.loader import open_rulebook

RULES = open_rulebook("warzone-default").rules(None, 3)


class Person(RandomAgent):
    """A random player the log names as a person: a replay answers it from the log (LogAgent)."""

    kind = "person"
    proven = False


def played(seed: int = 2, turns: int = 30):
    events: list[dict] = []
    streams: dict[int, list[dict]] = {0: [], 1: [], 2: []}
    Game(RULES, [Person(), make_bot("random"), make_bot("balanced")], seed, max_turns=turns, check_all=True,
         listeners=[events.append], seat_listeners={s: streams[s].append for s in streams}).play()
    return events, streams


def test_a_person_s_deployments_and_orders_replay_from_the_log():
    events, _ = played()
    assert sum(e["type"] == "order" and e["player"] == "red" for e in events) >= 5
    report = _replay(events, RULES)
    assert report.ok and report.matched == len(events)


def test_every_event_fits_the_log_schema_and_each_seat_s_stream_too():
    events, streams = played()
    board = RULES.board
    kinds = {e["type"] for e in events}
    assert {"orders_given", "order"} <= kinds
    check_events(events, "log", board.territories, board.continents, events[0])
    for stream in streams.values():
        check_events([stream[0]] + [e for e in stream if e["type"] in ("orders_given", "order")], "stream",
                     board.territories, board.continents, stream[0])


def test_under_fog_nobody_learns_another_s_orders_before_they_are_carried_out():
    events, streams = played()
    names = ["red", "blue", "green"]
    for seat, stream in streams.items():
        started = given = 0  # this round: the turns begun, the orders given, as the seat is told them
        checked = 0
        for e in stream:
            if e["type"] == "turn_start":
                started, given = (started + 1, given) if started > given else (1, 0)
            if e["type"] == "orders_given":
                given += 1
            if e["type"] in ("place", "order") and e["turn"] > 0 and e["player"] != names[seat]:
                assert given == started  # (every seat of the round has given its orders)
                checked += 1
        assert checked > 10
        mine = [e for e in stream if e["type"] == "order" and e["player"] == names[seat]]
        assert mine == [e for e in events if e["type"] == "order" and e["player"] == names[seat]]
    # the others' orders a seat is told: only those it sees (red and blue not all; here 42 and 38 of 59)
    told = [sum(e["type"] == "order" for e in stream) for stream in streams.values()]
    assert told == [42, 38, 59] and sum(e["type"] == "order" for e in events) == 59


def test_every_bot_plays_a_round_of_orders_to_a_result():
    for bots, seed in ((("balanced", "balanced", "balanced"), 2), (("random", "balanced", "random"), 1)):
        result = Game(RULES, [make_bot(b) for b in bots], seed, max_turns=400).play()
        assert result.winner is not None, result
    strong = Game(RULES, [make_bot("strong-1"), make_bot("random"), make_bot("random")], 3, max_turns=6).play()
    assert strong.turns == 6


def test_a_save_cut_in_the_middle_of_a_round_resumes_the_person_giving_orders_again(tmp_path):
    """A save holds a round's deployments and orders only once the round is carried out: cut after
    the person gave his orders, the resumed person gives them again, and the game plays on."""
    import json

    from riskrules.engine.log import line_of
    from riskrules.engine.replay import resume_game

    events, _ = played(seed=4, turns=60)
    given = [n for n, e in enumerate(events) if e["type"] == "orders_given" and e["player"] == "red"]
    cut = given[3] + 1  # red's orders of round 4 given, not carried out
    header = {**events[0], "kind": "save"}
    path = tmp_path / "game.save"
    path.write_text("\n".join(line_of(e) for e in [header] + events[1:cut]) + "\n", encoding="utf-8")
    asked = []

    class Live(RandomAgent):
        def decide(self, d):
            asked.append(d.kind)
            return super().decide(d)

    game, follower = resume_game(path, live=lambda name: Live())
    result = game.play()
    assert result.reason in ("turn_limit", "domination") and asked[:1] == ["place"]
    assert json.loads(line_of(events[cut - 1]))["type"] == "orders_given"


def test_a_damaged_order_in_a_log_is_refused_by_the_schema():
    import pytest

    from riskrules.engine.errors import GameError

    events, _ = played(seed=2, turns=12)
    board = RULES.board
    order = next(e for e in events if e["type"] == "order")
    for damage in ({"mode": "both"}, {"armies": -1}, {"done": "teleport"}, {"why": "bored"}, {"from": "atlantis"}):
        with pytest.raises(GameError):
            check_events([events[0], {**order, **damage}], "log", board.territories, board.continents, events[0])


def test_a_turn_limit_in_the_middle_of_a_round_carries_out_the_orders_given_then_ends():
    events, _ = played(seed=2, turns=31)  # (3 seats: the 11th round's first turn is the 31st)
    assert events[-1]["type"] == "game_over" and events[-1]["turns"] == 31
    last = max(n for n, e in enumerate(events) if e["type"] == "turn_start")
    assert [e["type"] for e in events[last:last + 2]] == ["turn_start", "orders_given"]
    assert {e["player"] for e in events[last:] if e["type"] in ("place", "order")} <= {events[last]["player"]}
    report = _replay(events, RULES)
    assert report.ok and report.matched == len(events)


def test_with_two_players_the_neutral_army_is_reinforced_after_every_deployment():
    rules = open_rulebook("warzone-default").rules(None, 2)
    events: list[dict] = []
    Game(rules, [make_bot("balanced"), make_bot("random")], 1, max_turns=4, listeners=[events.append]).play()
    kinds = [e["type"] for e in events if e["turn"] in (3, 4)]
    # round 2: both give orders, both deploy, then the neutral army's two placings, then the orders
    assert kinds.index("orders_given") < kinds.index("reinforcements") < kinds.index("neutral_reinforcements")
    assert sum(k == "neutral_reinforcements" for k in kinds) == 2
    first_order = kinds.index("order") if "order" in kinds else len(kinds)
    assert max(i for i, k in enumerate(kinds) if k == "neutral_reinforcements") < first_order
