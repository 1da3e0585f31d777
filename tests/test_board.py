"""The classic board and deck, and the errors a bad board file gets."""

from __future__ import annotations

from collections import Counter

import pytest

from riskrules.language.board import load_board
from riskrules.language.errors import RuleError
from riskrules.resources import boards_dir


@pytest.fixture(scope="module")
def board():
    return load_board(boards_dir() / "classic.yaml", "rulebooks/boards/classic.yaml")


def test_territories_and_continents(board):
    assert board.size == 42
    sizes = {c: len(board.members[k]) for k, c in enumerate(board.continents)}
    assert sizes == {"north_america": 9, "south_america": 4, "europe": 7, "africa": 6, "asia": 12, "australia": 4}
    assert all(t.islower() and " " not in t for t in board.territories)


def test_borders(board):
    assert len(board.borders) == 83
    assert sum(len(n) for n in board.adjacent) == 2 * 83
    for i, neighbours in enumerate(board.adjacent):  # symmetric
        assert all(i in board.adjacent[j] for j in neighbours)


@pytest.mark.parametrize("a, b", [
    ("siam", "indonesia"),               # "som t ex Siam och Indonesien" — sv-2000
    ("southern_europe", "egypt"),        # "Zuid-Europa mag Egypte aanvallen" — nl-1990
    ("alaska", "kamchatka"),             # "Aljaška a Kamčatka se též považují za sousední" — cs-riziko
    ("greenland", "iceland"),            # "Grónsko může být atakováno z Islandu" — cs-riziko
    ("western_europe", "southern_europe"),
    ("brazil", "north_africa"),
    ("alberta", "ontario"),
])
def test_sea_links_and_neighbours(board, a, b):
    assert board.index[b] in board.adjacent[board.index[a]]


def test_greenland_neighbours(board):
    # "Grónsko může být atakováno z Islandu, Quebeku, Ontaria a Severního Teritoria" — cs-riziko
    names = {board.territories[j] for j in board.adjacent[board.index["greenland"]]}
    assert names == {"iceland", "quebec", "ontario", "northwest_territory"}


def test_deck(board):
    assert board.deck_size == 44
    assert board.jokers == 2
    assert Counter(board.symbols[s] for s in board.card_symbol) == {"infantry": 14, "cavalry": 14, "artillery": 14}


def test_bad_board(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "id: x\n"
        "continents:\n"
        "  a: [t1, t2]\n"
        "  b: [t3, t1]\n"
        "borders:\n"
        "  - [t1, t2]\n"
        "  - [t2, t4]\n"
        "  - [t3, t3]\n"
        "deck:\n"
        "  symbols: [inf]\n"
        "  jokers: 2\n"
        "  cards: {t1: inf, t2: cav}\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(path, "bad.yaml")
    assert err.value.format() == (
        "bad.yaml:4:11: territory 't1' is in more than one continent\n"
        "      b: [t3, t1]\n"
        "              ^\n"
        "bad.yaml:7:10: unknown territory 't4'\n"
        "      - [t2, t4]\n"
        "             ^\n"
        "bad.yaml:8:5: territory 't3' cannot border itself\n"
        "      - [t3, t3]\n"
        "        ^\n"
        "bad.yaml:12:24: unknown card symbol 'cav'\n"
        "      cards: {t1: inf, t2: cav}\n"
        "                           ^\n"
        "bad.yaml:12:10: territory 't3' has no card\n"
        "      cards: {t1: inf, t2: cav}\n"
        "             ^"
    )


def test_board_schema_error_and_bad_yaml(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("id: X\ncontinents: {}\nborders: []\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(path, "s.yaml")
    assert [p.message for p in err.value.problems] == [
        "'deck' is a required property",
        "continents: {} should be non-empty",
        "id: 'X' does not match '^[a-z][a-z0-9_]*$'",
    ]
    path.write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(path, "s2.yaml")
    # a board is never a file the user asked for: its place is named, its text never shown
    assert err.value.first_line == "s2.yaml: not a board file: not valid YAML (line 2, column 1)"


def test_a_schema_error_quotes_a_long_value_short(tmp_path):
    # jsonschema quotes the whole value: a board with 10,001 borders made a line of 230 KB, and
    # an id of 600,000 letters one of 600 KB (found by the fuzz campaign's boards kind)
    names = [f"t{i}" for i in range(10_002)]
    path = tmp_path / "long.yaml"
    path.write_text(f"id: {'x' * 600_000}\ncontinents:\n  a: [t0]\nborders:\n"
                    + "".join(f"  - [{names[i]}, {names[i + 1]}]\n" for i in range(10_001))
                    + "deck:\n  symbols: [i, c, a]\n  jokers: 0\n  cards: {t0: i}\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(path, "long.yaml")
    assert [p.message for p in err.value.problems] == [
        "borders: a list of 10,001 items is too long",
        "id: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (600,000 characters) is too long",
    ]


def test_disconnected_board(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("id: d\ncontinents:\n  a: [t1, t2, t3]\nborders:\n  - [t1, t2]\n"
                    "deck:\n  symbols: [i, c, a]\n  jokers: 0\n  cards: {t1: i, t2: c, t3: a}\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(path, "d.yaml")
    assert err.value.first_line == "d.yaml:5:3: the board is not connected: t3 cannot be reached from 't1'"


def test_house_rule_brings_its_own_board(write):
    from riskrules.language.loader import open_rulebook

    write("tiny.yaml", """
        id: tiny
        continents:
          north: [a, b, c]
          south: [d, e, f]
        borders:
          - [a, b]
          - [b, c]
          - [c, d]
          - [d, e]
          - [e, f]
        deck:
          symbols: [infantry, cavalry, artillery]
          jokers: 1
          cards: {a: infantry, b: cavalry, c: artillery, d: infantry, e: cavalry, f: artillery}
    """)
    path = write("tiny.risk", """
        rulebook tiny
        extends classic
        board "tiny.yaml"
        players 2 to 3
        reinforcements {
            continents north 2, south 2
        }
        missions {
            occupy 4 territories
            occupy 5 territories
            conquer north
        }
        for 2 players {
            neutral {
                territories dealt
            }
        }
    """)
    rules = open_rulebook(path).rules()
    assert rules.board.id == "tiny" and rules.board.size == 6
    assert rules.continent_bonus == (2, 2)


def test_shipped_schemas_are_valid_json_schema():
    from jsonschema import Draft202012Validator

    from riskrules.language.schemas import schema

    for name in ("rulebook.schema.json", "board.schema.json"):
        Draft202012Validator.check_schema(schema(name))


def test_sectioned_validation_equals_whole_validation():
    """The memoized, section-by-section validation reports what a whole validation does."""
    import copy

    from riskrules.language.loader import open_rulebook
    from riskrules.language.schemas import schema_errors, sectioned_errors

    data = copy.deepcopy(open_rulebook("cs-riziko").config(None, 2).data)
    assert sectioned_errors("rulebook.schema.json", data) == schema_errors("rulebook.schema.json", data) == []
    data["battle"]["ties"] = "nobody"
    data["neutral"]["armies"] = -1
    del data["fortify"]
    data["victory"] = "capitals"
    whole = schema_errors("rulebook.schema.json", data)
    assert len(whole) == 4
    assert sorted(sectioned_errors("rulebook.schema.json", data)) == sorted(whole)


# ---- YAML read from the parser's events (issue 21: a 10,000-territory board took 5.9 s to check) ----

def composed(text: str):
    """What PyYAML's own composer and safe constructor make of a text: the values, and the line
    and column of each by its path (a mapping's keys and a list's indices)."""
    import yaml

    marks = {}
    construct = yaml.SafeLoader("").construct_object

    def build(node, path):
        marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            return {construct(k): build(v, path + (construct(k),)) for k, v in node.value}
        if isinstance(node, yaml.SequenceNode):
            return [build(child, path + (i,)) for i, child in enumerate(node.value)]
        return construct(node)

    return build(yaml.compose(text, Loader=yaml.SafeLoader), ()), marks


@pytest.mark.parametrize("text", [
    (boards_dir() / "classic.yaml").read_text(encoding="utf-8"),
    "id: odd\ncontinents:\n  c: [yes, 'no', 0x1f, 1e3, ~, '', 2001-12-14, -7, .inf]\n  d: {a: [1, [2, {b: c}]]}\n"
    "borders:\n- - x\n  - \"y\"\n- [z, !!str 12]\ndeck: {symbols: [a], jokers: 0, cards: {}}\n",
])
def test_values_and_places_are_those_of_pyyaml(text):
    from riskrules.language.board import _load_yaml

    data, marks = _load_yaml(text, "b.yaml")
    expected, places = composed(text)
    assert data == expected
    assert {path: (m.line, m.col) for path, m in marks.items()} == places


@pytest.mark.parametrize("text, message", [
    ("id: a\ncontinents: " + "[" * 100_000 + "]" * 100_000 + "\n", "b.yaml: not a board file: nested too deeply"),
    ("id: a\ncontinents: {}\n---\nid: b\n", "b.yaml: not a board file: not valid YAML: more than one document "
                                            "(line 3, column 1)"),
    ("id: a\ncontinents: {x: !!python/name:os.system ''}\n",
     "b.yaml: not a board file: a value it cannot read (line 2, column 17)"),
])
def test_hostile_yaml_is_refused_at_once(tmp_path, text, message):
    path = tmp_path / "b.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(path, "b.yaml")
    assert err.value.first_line == message
