"""The compiled log-schema closures (language/schema_fast.py) say valid exactly when jsonschema does:
for the events of real logs, for those events damaged (a key dropped or added, a value of
another type, out of range, a name not on the board, true for a number, nested lists), and
for the keywords' corner cases; and EventChecker.problem gives the message jsonschema gives."""

from __future__ import annotations

import copy
import math
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine import logcheck
from riskrules.engine.replay import read_log, rules_for
from riskrules.language.schema_fast import compile_schema, equal
from riskrules.language.schemas import validator_class

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import fuzz_saves_logs as fuzz  # noqa: E402

HOUSE = Path(__file__).resolve().parent.parent / "rulebooks" / "house"
GAMES = [("nl-modern", 3), (HOUSE / "capital-conquest.risk", 3), (HOUSE / "autodeploy-decay.risk", None),
         (HOUSE / "card-pieces.risk", None), (HOUSE / "wastelands.risk", None), (HOUSE / "assassin.risk", 3),
         (HOUSE / "warlords.risk", None), (HOUSE / "local-deployments.risk", None), (HOUSE / "blizzards.risk", None),
         ("sv-2000", 3), ("million.risk", 3)]


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """(checker, events, the board's and the players' names) of 11 short bot games (12 turns; the
    million-armies rule of the fuzz campaign 1 turn: its `attack` lines)."""
    where = tmp_path_factory.mktemp("logs")
    (where / "million.risk").write_text(fuzz.FOGGED["million.risk"], encoding="utf-8")
    found = []
    for number, (edition, players) in enumerate(GAMES):
        log = where / f"{number}.jsonl"
        edition = where / edition if edition == "million.risk" else edition
        args = ["play", str(edition), "--humans", "0", "--seed", *(("3", "--max-turns", "1") if edition == where / "million.risk" else ("2", "--max-turns", "12")),
                "--log", str(log)]
        assert CliRunner().invoke(app, args + (["--players", str(players)] if players else [])).exit_code == 0
        events = read_log(log)
        rules = rules_for(events[0], str(log), where)
        header = events[0]
        names = [p["name"] for p in header["players"]] + ([header["neutral"]] if header.get("neutral") else [])
        checker = logcheck.EventChecker(rules.board.territories, rules.board.continents, names)
        found.append((checker, events, [*rules.board.territories, *rules.board.continents, *names]))
    return found


def jsonschema_problem(checker, event) -> str | None:
    """EventChecker.problem as it was: jsonschema for every event."""
    error = logcheck._first_error(checker.common, event)
    if error is None and event.get("type") in checker.per_type:
        error = logcheck._first_error(checker.per_type[event["type"]], event)
    return None if error is None else logcheck._problem(error)


def agree(checker, event, other_type: str) -> None:
    assert checker.fast_common(event) == checker.common.is_valid(event)
    kinds = {other_type} | ({event["type"]} if isinstance(event.get("type"), str) else set())
    for kind in kinds & checker.per_type.keys():
        assert checker.fast_per_type[kind](event) == checker.per_type[kind].is_valid(event), kind
    assert checker.problem(event) == jsonschema_problem(checker, event)


def test_every_real_event_is_valid_both_ways(logs):
    types = set()
    for checker, events, _ in logs:
        for event in events[1:]:
            assert checker.fast_common(event) is True
            assert checker.fast_per_type[event["type"]](event) is True
            assert checker.problem(event) is None
            types.add(event["type"])
    assert sorted(types) == ["attack", "autodeploy", "battle", "capital_captured", "capital_chosen", "card_drawn",
                             "card_pieces", "claim", "conquest", "dealer", "decay", "elimination", "fortify",
                             "game_over", "local_armies", "mission_dealt", "pickable", "place", "reinforcements",
                             "roll_for_first", "target_assigned", "territories_removed", "trade", "turn_start",
                             "wastelands"]


_ODD = [[None, True, False], [1.0, 1.5, -0.0, math.inf, math.nan],  # each kind of odd value as likely as the others
        [-1, 0, 2**31 - 1, 2**31, 10**6, 10**9, 10**18, -10**18, 2**70],
        ["", "x", "x" * 70, "Alaska\n", "é", "🎲" * 64, "🎲" * 65, "Nowhere", "game_start", "a" * 64, "a" * 65, "TURN"],
        [[], [1], [[1]], [[["x"]]], [True], ["x"], [None, 2]], [{}, {"a": 1}, {"territory": "x"}, {"turn": [1]}]]
_EDGES = [-1, 0, 1000, 1001, 10**12, 10**12 + 1, True, False, 1.0, "a" * 64, "a" * 65, "🎲" * 65, "place\n",
          "game_start", [], [[]]]
_KEYS = ["type", "turn", "player", "territory", "from", "to", "armies", "cards", "dice", "rolls", "moved", "lost",
         "keep", "capital", "mission", "x", "", "Player"]


def damage(data, logs):
    """An event of one of the logs, damaged one to three times, and a type whose schema it meets too."""
    checker, events, names = logs[data.draw(st.integers(0, len(logs) - 1), label="log")]
    event = copy.deepcopy(events[data.draw(st.integers(1, len(events) - 1), label="line")])
    value = st.one_of(*map(st.sampled_from, _ODD), st.sampled_from(names), st.sampled_from(sorted(checker.per_type)),
                      st.integers(-3, 300), st.lists(st.sampled_from(names) | st.integers(-1, 7), max_size=4))
    for _ in range(data.draw(st.integers(1, 3))):
        places = [event]  # every object and list in the event, the event first
        for node in places:
            places.extend(v for v in (node.values() if isinstance(node, dict) else node) if isinstance(v, (dict, list)))
        node = places[data.draw(st.integers(0, len(places) - 1))]
        how = data.draw(st.sampled_from(["drop", "add", "change", "edge", "grow"]))
        new = copy.deepcopy(data.draw(st.sampled_from(_EDGES) if how == "edge" else value))
        if how == "grow":  # past maxItems and maxProperties
            more = data.draw(st.sampled_from([1, 2, 64, 100, 1000]))
            if isinstance(node, list):
                node.extend(copy.deepcopy(node[:1] or [1]) * more)
            else:
                keys = (names[::-1] + [f"x{i}" for i in range(100)])[:min(more, 100)]  # the players first
                node.update((key, copy.deepcopy(new)) for key in keys)
        elif isinstance(node, dict):
            if how == "drop" and node:
                del node[data.draw(st.sampled_from(sorted(node)))]
            elif how == "add" or not node:
                node[data.draw(st.sampled_from(_KEYS))] = new
            else:  # change, edge
                node[data.draw(st.sampled_from(sorted(node)))] = new
        elif how == "drop" and node:
            node.pop(data.draw(st.integers(0, len(node) - 1)))
        elif how == "add" or not node:
            node.append(new)
        else:
            node[data.draw(st.integers(0, len(node) - 1))] = new
    return checker, event, data.draw(st.sampled_from(sorted(checker.per_type)))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_events_are_valid_or_not_both_ways_with_one_message(logs, data):
    agree(*damage(data, logs))


def test_damage_is_seen(logs):
    checker, events, _ = logs[0]
    turn = next(e for e in events if e["type"] == "turn_start")
    assert checker.problem({**turn, "turn": True}) == "'turn': expected a whole number, found true"
    assert checker.fast_common({**turn, "turn": True}) is False
    assert checker.fast_common({**turn, "turn": 1.0}) is True  # Draft 2020-12: 1.0 is an integer (parse_line refuses it)


def compiled(schema, formats=None):
    fell_back = []

    def fallback(sub):
        fell_back.append(sub)
        return validator_class()(sub).is_valid

    return compile_schema(schema, formats or {}, fallback), fell_back


@pytest.mark.parametrize("schema, values", [
    ({"const": 1}, [1, 1.0, True, "1", [1]]),
    ({"const": [1, {"a": False}]}, [[1, {"a": False}], [1.0, {"a": False}], [True, {"a": False}], [1, {"a": 0}]]),
    ({"enum": [0, "a", None]}, [False, 0, 0.0, "a", None, "b"]),
    ({"enum": ["a", "b"]}, ["a", "c", 1, None]),
    ({"type": "integer"}, [1, 1.0, 1.5, True, "1", None]),
    ({"type": ["string", "null"]}, ["", None, 0, False]),
    ({"type": "number", "minimum": 0, "maximum": 5}, [0, 5, -1, 6, 2.5, math.nan, True, "3"]),
    ({"maxLength": 2, "minLength": 1}, ["", "é", "🎲🎲", "🎲🎲🎲", 7, [1, 2, 3]]),
    ({"pattern": "^[a-z]+$"}, ["ab", "ab\n", "Ab", 3]),
    ({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False},
     [{"a": 1}, {"a": True}, {}, {"a": 1, "b": 2}, [("a", 1)]]),
    ({"additionalProperties": {"type": "string"}, "propertyNames": {"maxLength": 1}, "maxProperties": 2},
     [{}, {"a": "x"}, {"a": 1}, {"ab": "x"}, {"a": "", "b": "", "c": ""}, "abc"]),
    ({"items": {"type": "integer"}, "minItems": 1, "maxItems": 2}, [[], [1], [1, 2, 3], [True], ["a"], {"a": 1}]),
    ({"anyOf": [{"type": "string"}, {"minimum": 3}], "not": {"const": "x"}}, ["y", "x", 3, 2, None]),
    ({"allOf": [{"type": "integer"}, {"maximum": 3}]}, [3, 4, "3"]),
    ({"if": {"properties": {"k": {"const": 1}}}, "then": {"required": ["a"]}, "else": {"required": ["b"]}},
     [{"k": 1, "a": 0}, {"k": 1, "b": 0}, {"k": 2, "b": 0}, {"a": 0}, 5]),
    ({"then": {"type": "string"}, "description": "then without if does nothing"}, [1, "a"]),
    (True, [1, None]),
    (False, [1, None]),
])
def test_each_keyword_as_jsonschema_says(schema, values):
    valid, fell_back = compiled(schema)
    assert fell_back == []
    assert [valid(v) for v in values] == [validator_class()(schema).is_valid(v) for v in values]


def test_the_corner_cases_word_for_word():
    assert [compiled({"const": 1})[0](v) for v in (1, 1.0, True)] == [True, True, False]
    assert [compiled({"type": "integer"})[0](v) for v in (1, 1.0, True)] == [True, True, False]
    assert [compiled({"maxLength": 2})[0](v) for v in ("🎲🎲", "🎲🎲🎲")] == [True, False]
    assert compiled({"pattern": "^[a-z]+$"})[0]("ab\n") is False
    assert equal([1, {"a": 1.0}], [1.0, {"a": 1}]) is True
    assert equal(False, 0) is False


def test_formats_check_strings_and_an_unknown_one_falls_back():
    valid, fell_back = compiled({"items": {"format": "territory"}}, {"territory": frozenset({"alaska"})})
    assert (valid(["alaska", 3]), valid(["peru"]), fell_back) == (True, False, [])
    valid, fell_back = compiled({"properties": {"a": {"format": "email", "type": "string"}}})
    assert (valid({"a": "x"}), valid({"a": 1}), fell_back) == (True, False, [{"format": "email", "type": "string"}])


def test_an_unknown_keyword_leaves_its_subschema_to_jsonschema():
    valid, fell_back = compiled({"type": "object", "properties": {"n": {"type": "integer", "multipleOf": 2}}})
    assert [valid({"n": 4}), valid({"n": 3}), valid({"n": "4"}), valid([])] == [True, False, False, False]
    assert fell_back == [{"type": "integer", "multipleOf": 2}]
