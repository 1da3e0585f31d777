"""The rule model: what one rule file says, and how files and variants merge.

A rule file is a list of *assignments* — each statement sets one path of the model
(`("battle", "ties") = "defender"`) — grouped into the body, named variants and
player-count overlays. Merging applies the assignments in a fixed order onto one plain,
JSON-able dict, and records for every path where it was set, so that any later
complaint can point at the source line.

Merge order, each step walking the `extends` chain from the root to the file asked for:
  1. the bodies;
  2. each chosen variant (a variant that `extends` another brings that one first);
  3. the `for N players` overlays of the bodies;
  4. the `for N players` overlays of the chosen variants.
So a player-count overlay is the most specific rule, and a child overrides its parent
at every step. A value replaces the parent's value; the entries of a named table
(continent bonuses, terms) are separate paths, so they merge one by one.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Sequence

from .errors import Pos, Problem

JSONPath = tuple[str, ...]


@dataclass(slots=True)
class Assign:
    """One statement: set `path` to `value`. `parts` locate pieces of the value."""

    path: JSONPath
    value: Any
    pos: Pos
    parts: dict[tuple, Pos] = field(default_factory=dict)


@dataclass(slots=True)
class Overlay:
    """`for N players { … }`: assignments that hold only with that many players."""

    low: int
    high: int | None  # None: no upper bound ("4+")
    pos: Pos
    assigns: list[Assign]

    def applies(self, players: int) -> bool:
        return self.low <= players and (self.high is None or players <= self.high)


@dataclass(slots=True)
class Variant:
    id: str
    title: str | None
    default: bool
    base: str | None  # `variant a extends b`
    pos: Pos
    assigns: list[Assign]
    overlays: list[Overlay]
    base_pos: Pos | None = None


@dataclass(slots=True)
class RulebookFile:
    """Everything one rule file says, before it meets its parents."""

    label: str  # how messages name the file
    path: Path | None
    id: str | None = None
    id_pos: Pos | None = None
    extends: str | None = None
    extends_is_path: bool = False
    extends_pos: Pos | None = None
    title: str | None = None
    language: str | None = None
    language_pos: Pos | None = None
    base: bool = False
    assigns: list[Assign] = field(default_factory=list)
    overlays: list[Overlay] = field(default_factory=list)
    variants: dict[str, Variant] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)  # what is wrong in the file itself
    unreadable: bool = False  # so broken that nothing of it could be read
    first_syntax: Pos | None = None  # where its first syntax error is, if it has one
    unread: frozenset[str] = frozenset()  # the first words of the statements a syntax error left unread

    @property
    def directory(self) -> Path:
        return self.path.parent if self.path else Path.cwd()


@dataclass
class Config:
    """One merged configuration: a rulebook with its ancestors, variants and player count."""

    data: dict[str, Any]
    origins: dict[JSONPath, Pos]
    chain: list[RulebookFile]  # root first
    variants: tuple[str, ...]
    players: int | None

    def origin(self, path: JSONPath) -> Pos | None:
        """Where `path` (or the nearest enclosing path that was set) comes from."""
        for end in range(len(path), 0, -1):
            pos = self.origins.get(path[:end])
            if pos is not None:
                return pos
        return None

    def origin_within(self, prefix: JSONPath) -> Pos | None:
        """The first statement that set something under `prefix` (for what is missing there)."""
        found = [pos for path, pos in self.origins.items() if path[:len(prefix)] == prefix]
        return min(found, key=lambda p: (p.file, p.line, p.col)) if found else None

    def get(self, *path: str | int, default: Any = None) -> Any:
        node: Any = self.data
        for key in path:
            if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
                node = node[key]
            elif isinstance(node, dict) and key in node:
                node = node[key]
            else:
                return default
        return node

    def chain_to(self, label: str) -> tuple[str, ...]:
        """The extends chain from the file asked for down to the file `label`."""
        labels = [f.label for f in reversed(self.chain)]
        if label in labels:
            return tuple(labels[: labels.index(label) + 1])
        return (labels[0],) if labels else ()


def _apply(data: dict, origins: dict, assign: Assign) -> None:
    node = data
    for key in assign.path[:-1]:
        child = node.get(key)
        if not isinstance(child, dict):
            child = node[key] = {}
        node = child
    old = node.get(assign.path[-1])
    value = assign.value
    node[assign.path[-1]] = copy.deepcopy(value) if isinstance(value, (dict, list)) else value
    if isinstance(old, (dict, list)):  # a replaced value takes the places of its parts with it
        depth = len(assign.path)
        for stale in [p for p in origins if len(p) > depth and p[:depth] == assign.path]:
            del origins[stale]
    origins[assign.path] = assign.pos
    for part, pos in assign.parts.items():
        origins[assign.path + part] = pos


def merge(chain: list[RulebookFile], variants: tuple[str, ...], players: int | None,
          on_top: Sequence[RulebookFile] = ()) -> Config:
    """Merge `chain` (root first) with the chosen `variants` (already expanded) for `players`;
    then `on_top` (the `--set` fragments: body, then their player-count blocks), which win."""
    data: dict[str, Any] = {}
    origins: dict[JSONPath, Pos] = {}
    layers: list[list[Assign]] = [f.assigns for f in chain]
    chosen = [[f.variants[v] for f in chain if v in f.variants] for v in variants]
    layers += [v.assigns for per_variant in chosen for v in per_variant]
    if players is not None:
        layers += [o.assigns for f in chain for o in f.overlays if o.applies(players)]
        layers += [
            o.assigns for per_variant in chosen for v in per_variant for o in v.overlays if o.applies(players)
        ]
    for extra in on_top:
        layers.append(extra.assigns)
        layers += [o.assigns for o in extra.overlays if players is not None and o.applies(players)]
    for layer in layers:
        for assign in layer:
            _apply(data, origins, assign)
    _forget_other_boards(data, origins, chain)
    return Config(data, origins, chain, variants, players)


def _forget_other_boards(data: dict, origins: dict, chain: list[RulebookFile]) -> None:
    """A rulebook that changes the board starts its continent bonuses afresh: those its
    ancestors gave were for another map."""
    board = origins.get(("board",))
    labels = [f.label for f in chain]
    if board is None or board.file not in labels:
        return
    ancestors = chain[:labels.index(board.file)]
    inherited = [a.value for f in ancestors for a in f.assigns if a.path == ("board",)]
    if not inherited or inherited[-1] == data["board"]:
        return
    names = {f.label for f in ancestors}
    for name in list(data.get("continents", {})):
        origin = origins.get(("continents", name))
        if origin is not None and origin.file in names:
            del data["continents"][name]
            del origins[("continents", name)]
