"""Boards and decks: YAML data → a checked, indexed `Board`.

The engine works on integer indices: territory i has neighbours `adjacent[i]`, lies in
continent `continent_of[i]`, and its card shows symbol `card_symbol[i]`.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .board_about import KEYS as ABOUT_KEYS, Shown, shown
from .board_slips import mark_shape_problems, top_key_problem
from .errors import Pos, Problem, RuleError, unknown
from .files import Unreadable, place, read_text
from ..resources import boards_dir
from .schemas import schema_problems

MAX_BOARD_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Layout:
    """How a board is drawn, as its file gives it (language/board.py reads it; text/geometry.py
    draws from it, or computes one for a board without)."""
    width: int
    height: int
    at: tuple[tuple[float, float], ...]  # territory → where its name and armies stand
    shapes: tuple[str | None, ...]  # territory → SVG path data, or None: drawn from the positions
    lanes: tuple[tuple[int, int], ...]  # borders drawn as lines across the sea


@dataclass(frozen=True)
class Board:
    id: str
    territories: tuple[str, ...]  # index → id
    index: dict[str, int]  # id → index
    continents: tuple[str, ...]  # index → id
    continent_index: dict[str, int]
    continent_of: tuple[int, ...]  # territory → continent
    members: tuple[tuple[int, ...], ...]  # continent → its territories
    adjacent: tuple[tuple[int, ...], ...]  # territory → where it may attack and move, ascending
    borders: tuple[tuple[str, str], ...]  # as listed in the file
    symbols: tuple[str, ...]
    card_symbol: tuple[int, ...]  # territory → symbol index on its card
    jokers: int
    layout: Layout | None = None  # none: drawn from a layout computed from the borders
    one_way: tuple[tuple[str, str], ...] = ()  # (from, to): `from` may attack and move into `to`, not back
    incoming: tuple[tuple[int, ...], ...] = ()  # territory → who may attack it (adjacent itself without one_way; set by _index)
    marks: tuple[tuple[str, frozenset[int]], ...] = ()  # territory marks: (name, the territories that bear it)
    border_marks: tuple[tuple[str, frozenset[tuple[int, int]]], ...] = ()  # (name, borders as (low, high) index pairs)
    about: Shown | None = None  # the board's own name, author, source, names and colours (an imported map's)

    @property
    def title(self) -> str:
        """The board's name as shown: its own, else its id."""
        return self.about.name if self.about is not None and self.about.name else self.id

    def marked(self, mark: str) -> frozenset[int]:
        """The territories that bear `mark` (none if the board has no such mark)."""
        return next((ts for name, ts in self.marks if name == mark), frozenset())

    def marked_borders(self, mark: str) -> frozenset[tuple[int, int]]:
        """The borders that bear `mark`, each as (lower index, higher index)."""
        return next((bs for name, bs in self.border_marks if name == mark), frozenset())

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
            **({"one_way": [list(b) for b in self.one_way]} if self.one_way else {}),
            **({"marks": {m: [self.territories[t] for t in sorted(ts)] for m, ts in self.marks}} if self.marks else {}),
            **({"border marks": {m: [[self.territories[a], self.territories[b]] for a, b in sorted(bs)]
                                 for m, bs in self.border_marks}} if self.border_marks else {}),
            **(self.about.to_json() if self.about is not None else {}),
            "deck": {
                "symbols": list(self.symbols),
                "jokers": self.jokers,
                "cards": {t: self.symbols[self.card_symbol[i]] for i, t in enumerate(self.territories)},
            },
        }


# ---- YAML with positions --------------------------------------------------------------------

MAX_YAML_NODES = 200_000
MAX_YAML_DEPTH = 100  # a board nests 4 deep


def _load_yaml(text: str, label: str) -> tuple[Any, dict[tuple, Pos]]:
    """Safe-load YAML, keeping the position of every value by its path.

    A stranger's YAML is bounded: no aliases (they expand without bound), at most
    MAX_YAML_NODES values nested at most MAX_YAML_DEPTH deep. The values are built here from
    the parser's events, without recursion, so that the fast parser (libyaml's, where PyYAML
    has it: a 10,000-territory board in a twentieth of the time) is safe on any text.
    What fails here is not a board at all: the error names a place in it but shows none of
    its text."""
    import yaml  # here, not above: a built-in board loads prebuilt, without YAML

    lines = text.split("\n")
    scalars = yaml.SafeLoader("")  # resolves and constructs a plain value as safe_load does
    marks: dict[tuple, Pos] = {}

    def failed(why: str, mark=None) -> RuleError:
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        return RuleError(f"{label}: not a board file: {why}{where}")

    def scalar(event) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = scalars.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _STR:  # (what constructing it gives, at a fraction of the cost: most values are ids)
            return event.value
        try:
            return scalars.construct_object(yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                                                            event.style))
        except (ValueError, yaml.YAMLError):
            raise failed("a value it cannot read", event.start_mark) from None

    # the collections under way, innermost last: [the dict or list, its path (None inside a
    # key), and for a dict the key whose value comes next (_KEY: a key comes next)]
    stack: list[list] = []
    root: Any = None
    documents = values = 0
    try:
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            kind = type(event)
            if kind is yaml.ScalarEvent or kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                values += 1
                if values > MAX_YAML_NODES:
                    raise failed(f"more than {MAX_YAML_NODES:,} values")
                path = _child_path(stack)
                if path is not None:
                    marks[path] = _mark_pos(label, lines, event.start_mark)
                if kind is yaml.ScalarEvent:
                    value = scalar(event)
                else:
                    if len(stack) >= MAX_YAML_DEPTH:
                        raise failed("nested too deeply")
                    mapping = kind is yaml.MappingStartEvent
                    stack.append([{} if mapping else [], path, _KEY if mapping else None])
                    continue
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                value = stack.pop()[0]
            elif kind is yaml.AliasEvent:
                raise failed("it uses YAML aliases")
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise failed("not valid YAML: more than one document", event.start_mark)
                continue
            else:  # the stream's and a document's start and end
                continue
            if not stack:
                root = value
                continue
            top = stack[-1]
            if type(top[0]) is list:
                top[0].append(value)
            elif top[2] is _KEY:
                top[2] = _as_key(value)
            else:
                top[0][top[2]] = value
                top[2] = _KEY
    except yaml.YAMLError as err:
        if getattr(err, "problem", None) == "exceeded maximum nesting depth":  # libyaml's own bound (0.2.5 on)
            raise failed("nested too deeply") from None
        raise failed("not valid YAML", getattr(err, "problem_mark", None)) from None
    slip = top_key_problem(root, _BOARD_KEYS, _OPTIONAL_KEYS, lines, label) \
        if isinstance(root, dict) and _BOARD_KEYS <= root.keys() else None
    if slip:  # (a board, all its keys there: a misspelt one is shown where it is)
        raise RuleError(slip)
    if not isinstance(root, dict) or not root.keys() <= _BOARD_KEYS | _OPTIONAL_KEYS or "continents" not in root:
        raise RuleError(f"{label}: not a board file (a board has {', '.join(sorted(_BOARD_KEYS))} "
                        f"at the top, and may have {', '.join(sorted(_OPTIONAL_KEYS))}; nothing else)")
    return root, marks


_KEY = object()  # in a dict under way: a key comes next
_STR = "tag:yaml.org,2002:str"


def _as_key(value: Any) -> str | int:
    """A mapping's key as the board's paths hold it: a collection stands for "?"."""
    if isinstance(value, (dict, list)):
        return "?"
    return value if isinstance(value, (str, int)) else str(value)


def _child_path(stack: list[list]) -> tuple | None:
    """The path of the value that comes next in the innermost collection under way (None: a
    key, or inside one)."""
    if not stack:
        return ()
    container, path, key = stack[-1]
    if path is None:
        return None
    if type(container) is list:
        return path + (len(container),)
    return None if key is _KEY else path + (key,)


_BOARD_KEYS = frozenset({"id", "continents", "borders", "deck"})
_OPTIONAL_KEYS = frozenset({"layout", "one_way", "marks", "border marks", *ABOUT_KEYS})
IMPASSABLE = "impassable"  # the border mark that makes a listed border no border at all


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

    problems = mark_shape_problems(data, where) or schema_problems("board.schema.json", data, where)
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
    index: dict[str, int] = {}
    for k, (continent, members) in enumerate(data["continents"].items()):
        for i, t in enumerate(members):
            if t in index:
                problems.append(Problem(f"territory '{t}' is in more than one continent",
                                        where(("continents", continent, i))))
                continue
            index[t] = len(territories)
            territories.append(t)
            continent_of.append(k)
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
    one_way = []
    for n, (a, b) in enumerate(data.get("one_way", [])):
        where_n = where(("one_way", n))
        if a not in index or b not in index:
            problems += [Problem(unknown("territory", t, territories), where(("one_way", n, k)))
                         for k, t in enumerate((a, b)) if t not in index]
        elif a == b:
            problems.append(Problem(f"territory '{a}' cannot border itself", where_n))
        elif index[b] in neighbours[index[a]] or index[a] in neighbours[index[b]]:
            problems.append(Problem(f"the border {a}–{b} is listed twice", where_n))
        else:
            neighbours[index[a]].add(index[b])
            one_way.append((a, b))
    marks, border_marks = _marks(data, index, territories, neighbours, problems, where)
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
    # an impassable border is no border: for attack, fortify, sight and the board's connection
    blocked = next((pairs for name, pairs in border_marks if name == IMPASSABLE), frozenset())
    both = [set(n) for n in neighbours]  # connected whichever way its borders go
    for a, b in one_way:
        both[index[b]].add(index[a])
    for i, j in blocked:
        both[i].discard(j)
        both[j].discard(i)
    if not problems and territories:
        unreachable = _unreachable(both)
        if unreachable:
            names = ", ".join(territories[i] for i in sorted(unreachable)[:5])
            problems.append(Problem(f"the board is not connected: {names} cannot be reached from "
                                    f"'{territories[0]}'", where(("borders",))))
    layout = _layout(data.get("layout"), index, neighbours, problems, where)
    if problems:
        raise RuleError(problems)
    for i, j in blocked:  # (after the layout: a lane may still be drawn across it)
        neighbours[i].discard(j)
        neighbours[j].discard(i)
    members: list[list[int]] = [[] for _ in continents]
    for i, k in enumerate(continent_of):
        members[k].append(i)
    adjacent = tuple(tuple(sorted(n)) for n in neighbours)
    incoming = adjacent
    if one_way:
        into: list[set[int]] = [set() for _ in territories]
        for t, near in enumerate(neighbours):
            for u in near:
                into[u].add(t)
        incoming = tuple(tuple(sorted(n)) for n in into)
    return Board(
        id=data["id"],
        territories=tuple(territories),
        index=index,
        continents=tuple(continents),
        continent_index={c: k for k, c in enumerate(continents)},
        continent_of=tuple(continent_of),
        members=tuple(tuple(m) for m in members),
        adjacent=adjacent,
        borders=tuple(borders),
        symbols=tuple(symbols),
        card_symbol=tuple(card_symbol),
        jokers=deck["jokers"],
        layout=layout,
        one_way=tuple(one_way),
        incoming=incoming,
        marks=marks,
        border_marks=border_marks,
        about=shown(data),
    )


def _marks(data: dict, index: dict[str, int], territories: list[str], neighbours: list[set[int]],
           problems: list[Problem], where) -> tuple[tuple, tuple]:
    """The board's territory and border marks, checked: each names territories of the board, each
    marked border is a border."""
    marks = []
    for name, members in data.get("marks", {}).items():
        found = set()
        for k, t in enumerate(members):
            if t not in index:
                problems.append(Problem(unknown("territory", t, territories), where(("marks", name, k))))
            else:
                found.add(index[t])
        marks.append((name, frozenset(found)))
    border_marks = []
    for name, pairs in data.get("border marks", {}).items():
        found_pairs = set()
        for n, (a, b) in enumerate(pairs):
            if a not in index or b not in index:
                problems += [Problem(unknown("territory", t, territories), where(("border marks", name, n, k)))
                             for k, t in enumerate((a, b)) if t not in index]
                continue
            i, j = index[a], index[b]
            if j not in neighbours[i] and i not in neighbours[j]:
                problems.append(Problem(f"the border mark '{name}' is on {a}–{b}, which is not a border",
                                        where(("border marks", name, n))))
                continue
            found_pairs.add((min(i, j), max(i, j)))
        border_marks.append((name, frozenset(found_pairs)))
    return tuple(marks), tuple(border_marks)


def _layout(data: dict | None, index: dict[str, int], neighbours: list[set[int]], problems: list[Problem],
            where) -> Layout | None:
    """The board's drawing, checked: every territory placed, inside the drawing; lanes are borders."""
    if data is None:
        return None
    width, height = data["size"]
    at: list[tuple[float, float] | None] = [None] * len(index)
    shapes: list[str | None] = [None] * len(index)
    names = list(index)
    for t, value in data["territories"].items():
        if t not in index:
            problems.append(Problem(unknown("territory", t, names), where(("layout", "territories", t))))
            continue
        point = value["at"] if isinstance(value, dict) else value
        x, y = point
        if not (0 <= x <= width and 0 <= y <= height):
            problems.append(Problem(f"'{t}' at {_number(x)}, {_number(y)} lies outside the drawing "
                                    f"({width} × {height})", where(("layout", "territories", t))))
        at[index[t]] = (x, y)
        shape = value.get("shape") if isinstance(value, dict) else None
        if shape is not None and not _PATH_DATA.fullmatch(shape):
            problems.append(Problem(f"the shape of '{t}' is not SVG path data (the commands M L H V C S Q T A Z, "
                                    f"their lower case, and numbers)", where(("layout", "territories", t, "shape"))))
        elif shape is not None and (far := _beyond(shape)) is not None:
            problems.append(Problem(f"the shape of '{t}' holds the number {far}: a shape's numbers lie within "
                                    f"±{MAX_SHAPE_NUMBER:,}", where(("layout", "territories", t, "shape"))))
        else:
            shapes[index[t]] = shape
    missing = [t for t, i in index.items() if at[i] is None and t not in data["territories"]]
    if missing:
        problems.append(Problem(f"the layout places no {', '.join(missing[:5])}"
                                + (f" and {len(missing) - 5} more" if len(missing) > 5 else ""),
                                where(("layout", "territories"))))
    lanes = []
    for n, (a, b) in enumerate(data.get("lanes", [])):
        if a not in index or b not in index:
            for side, t in enumerate((a, b)):
                if t not in index:
                    problems.append(Problem(unknown("territory", t, names), where(("layout", "lanes", n, side))))
        elif index[b] not in neighbours[index[a]] and index[a] not in neighbours[index[b]]:
            problems.append(Problem(f"the lane {a}–{b} is not a border", where(("layout", "lanes", n))))
        else:
            lanes.append((index[a], index[b]))
    if any(p is None for p in at):
        return None
    return Layout(width, height, tuple(at), tuple(shapes), tuple(lanes))  # type: ignore[arg-type]


_PATH_DATA = re.compile(r"[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\- \n]*")  # nothing that could leave an SVG attribute
_PATH_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
MAX_SHAPE_NUMBER = 1_000_000  # ten times the widest drawing: beyond it a browser cannot draw (1e308 overflows)


def _beyond(shape: str) -> str | None:
    """The first number of a shape's path data beyond ±MAX_SHAPE_NUMBER (as written, cut short), or None."""
    for number in _PATH_NUMBER.finditer(shape):
        if not abs(float(number[0])) <= MAX_SHAPE_NUMBER:
            text = number[0]
            return text if len(text) <= 24 else text[:23] + "…"
    return None


def _number(x: float) -> str:
    return f"{x:g}"


def _unreachable(neighbours: list[set[int]]) -> set[int]:
    seen = {0}
    queue = deque([0])
    while queue:
        for n in neighbours[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return set(range(len(neighbours))) - seen
