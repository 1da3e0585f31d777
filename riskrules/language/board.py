"""Boards and decks: YAML data → a checked, indexed `Board`.

The engine works on integer indices: territory i has neighbours `adjacent[i]`, lies in
continent `continent_of[i]`, and its card shows symbol `card_symbol[i]`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .errors import Pos, Problem, RuleError, unknown
from .files import Unreadable, place, read_text
from ..resources import boards_dir
from .schemas import schema_problems

MAX_BOARD_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Board:
    id: str
    territories: tuple[str, ...]  # index → id
    index: dict[str, int]  # id → index
    continents: tuple[str, ...]  # index → id
    continent_index: dict[str, int]
    continent_of: tuple[int, ...]  # territory → continent
    members: tuple[tuple[int, ...], ...]  # continent → its territories
    adjacent: tuple[tuple[int, ...], ...]  # territory → neighbours, ascending
    borders: tuple[tuple[str, str], ...]  # as listed in the file
    symbols: tuple[str, ...]
    card_symbol: tuple[int, ...]  # territory → symbol index on its card
    jokers: int

    @property
    def size(self) -> int:
        return len(self.territories)

    @property
    def deck_size(self) -> int:
        return len(self.territories) + self.jokers

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "territories": [
                {"id": t, "continent": self.continents[self.continent_of[i]]} for i, t in enumerate(self.territories)
            ],
            "continents": {c: [self.territories[i] for i in self.members[k]] for k, c in enumerate(self.continents)},
            "borders": [list(b) for b in self.borders],
            "deck": {
                "symbols": list(self.symbols),
                "jokers": self.jokers,
                "cards": {t: self.symbols[self.card_symbol[i]] for i, t in enumerate(self.territories)},
            },
        }


# ---- YAML with positions --------------------------------------------------------------------

MAX_YAML_NODES = 200_000


def _load_yaml(text: str, label: str) -> tuple[Any, dict[tuple, Pos]]:
    """Safe-load YAML, keeping the position of every value by its path.

    A stranger's YAML is bounded: no anchors or aliases (they expand without bound), at most
    MAX_YAML_NODES values, and nesting as deep as the parser's own stack allows. What fails
    here is not a board at all: the error names a place in it but shows none of its text."""
    import yaml  # here, not above: a built-in board loads prebuilt, without YAML

    lines = text.split("\n")
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise RuleError(f"{label}: not a board file: not valid YAML{where}") from None
    except RecursionError:
        raise RuleError(f"{label}: not a board file: nested too deeply") from None
    marks: dict[tuple, Pos] = {}
    scalars = yaml.SafeLoader("")
    seen: set[int] = set()

    def scalar(node):
        try:
            return scalars.construct_object(node)
        except (ValueError, yaml.YAMLError):
            mark = node.start_mark
            raise RuleError(f"{label}: not a board file: a value it cannot read "
                            f"(line {mark.line + 1}, column {mark.column + 1})") from None

    def build(node, path):
        if id(node) in seen or len(seen) >= MAX_YAML_NODES:
            why = "it uses YAML aliases" if id(node) in seen else f"more than {MAX_YAML_NODES:,} values"
            raise RuleError(f"{label}: not a board file: {why}")
        seen.add(id(node))
        marks[path] = _mark_pos(label, lines, node.start_mark)
        if isinstance(node, yaml.MappingNode):
            out = {}
            for key_node, value_node in node.value:
                key = scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else "?"
                key = key if isinstance(key, (str, int)) else str(key)
                marks[path + (key,)] = _mark_pos(label, lines, key_node.start_mark)
                out[key] = build(value_node, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [build(child, path + (i,)) for i, child in enumerate(node.value)]
        return scalar(node)

    data = build(root, ()) if root is not None else None
    if not isinstance(data, dict) or not data.keys() <= _BOARD_KEYS or "continents" not in data:
        raise RuleError(f"{label}: not a board file (a board has {', '.join(sorted(_BOARD_KEYS))} "
                        f"at the top and nothing else)")
    return data, marks


_BOARD_KEYS = frozenset({"id", "continents", "borders", "deck"})


def _mark_pos(label: str, lines: list[str], mark) -> Pos:
    line = mark.line + 1
    return Pos(label, line, mark.column + 1, lines[mark.line] if mark.line < len(lines) else "")


# ---- Loading and checking --------------------------------------------------------------------

def board_path(ref: str, is_path: bool, base_dir: Path) -> Path:
    """The board file `ref` names in a rule file in `base_dir`: a built-in board, or a path
    under the path policy (Unreadable if refused)."""
    return place(ref, base_dir) if is_path else boards_dir() / f"{ref}.yaml"


@cache
def load_board(path: Path, label: str) -> Board:
    """Read, check and index a board file; RuleError with every problem found."""
    try:
        text = read_text(path, label, MAX_BOARD_BYTES, "a board file")
    except Unreadable as err:
        raise RuleError(str(err)) from None
    return board_of_text(text, label)


def board_of_text(text: str, label: str) -> Board:
    """A board file's text (already read, within MAX_BOARD_BYTES) → the checked Board."""
    data, marks = _load_yaml(text, label)

    def where(path: tuple) -> Pos | None:
        for end in range(len(path), -1, -1):
            if path[:end] in marks:
                return marks[path[:end]]
        return None

    problems = schema_problems("board.schema.json", data, where)
    if problems:
        raise RuleError(problems)
    return _index(data, where)


def board_data(path: Path, label: str) -> Any:
    """A board file's data as read (a built-in board's prebuilt form keeps it)."""
    return _load_yaml(read_text(path, label, MAX_BOARD_BYTES, "a board file"), label)[0]


def index_board(data: Any) -> Board:
    """The Board of data that `load_board` has already checked."""
    return _index(data, lambda path: None)


def _index(data: dict, where) -> Board:
    problems: list[Problem] = []
    territories: list[str] = []
    continent_of: list[int] = []
    continents = list(data["continents"])
    for k, (continent, members) in enumerate(data["continents"].items()):
        for i, t in enumerate(members):
            if t in territories:
                problems.append(Problem(f"territory '{t}' is in more than one continent",
                                        where(("continents", continent, i))))
                continue
            territories.append(t)
            continent_of.append(k)
    index = {t: i for i, t in enumerate(territories)}
    neighbours: list[set[int]] = [set() for _ in territories]
    borders = []
    for n, (a, b) in enumerate(data["borders"]):
        bad = False
        for side, t in enumerate((a, b)):
            if t not in index:
                problems.append(Problem(unknown("territory", t, territories), where(("borders", n, side))))
                bad = True
        if bad:
            continue
        if a == b:
            problems.append(Problem(f"territory '{a}' cannot border itself", where(("borders", n))))
            continue
        if index[b] in neighbours[index[a]]:
            problems.append(Problem(f"the border {a}–{b} is listed twice", where(("borders", n))))
            continue
        neighbours[index[a]].add(index[b])
        neighbours[index[b]].add(index[a])
        borders.append((a, b))
    deck = data["deck"]
    symbols = list(deck["symbols"])
    card_symbol = [-1] * len(territories)
    for t, symbol in deck["cards"].items():
        if t not in index:
            problems.append(Problem(unknown("territory", t, territories), where(("deck", "cards", t))))
        elif symbol not in symbols:
            problems.append(Problem(unknown("card symbol", symbol, symbols), where(("deck", "cards", t))))
        else:
            card_symbol[index[t]] = symbols.index(symbol)
    for i, s in enumerate(card_symbol):
        if s < 0 and territories[i] not in deck["cards"]:
            problems.append(Problem(f"territory '{territories[i]}' has no card", where(("deck", "cards"))))
    if not problems and territories:
        unreachable = _unreachable(neighbours)
        if unreachable:
            names = ", ".join(territories[i] for i in sorted(unreachable)[:5])
            problems.append(Problem(f"the board is not connected: {names} cannot be reached from "
                                    f"'{territories[0]}'", where(("borders",))))
    if problems:
        raise RuleError(problems)
    return Board(
        id=data["id"],
        territories=tuple(territories),
        index=index,
        continents=tuple(continents),
        continent_index={c: k for k, c in enumerate(continents)},
        continent_of=tuple(continent_of),
        members=tuple(tuple(i for i, k2 in enumerate(continent_of) if k2 == k) for k in range(len(continents))),
        adjacent=tuple(tuple(sorted(n)) for n in neighbours),
        borders=tuple(borders),
        symbols=tuple(symbols),
        card_symbol=tuple(card_symbol),
        jokers=deck["jokers"],
    )


def _unreachable(neighbours: list[set[int]]) -> set[int]:
    seen = {0}
    queue = deque([0])
    while queue:
        for n in neighbours[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return set(range(len(neighbours))) - seen
