"""Scopes of a parsed rule file: the body, each variant and each overlay.

What one scope holds once its sections are opened (its assignments, and the player-count
overlays of the body or a variant), and the warnings of a scope: a block stated twice, or a
statement that a later one in the same scope replaces.
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import N_, Pos, Problem, problem
from .model import Assign, Overlay


class _Block:
    """A section as written (`cards { … }`): where it stands, for the warnings of one scope."""

    def __init__(self, name: str, pos: Pos, items: list):
        self.name, self.pos, self.items = name, pos, items


def _scope_warnings(items: list) -> list[Problem]:
    """Warnings for one scope (the body, a variant, an overlay): a block stated twice, and a
    statement that a later one in the same scope replaces (so only the later one counts)."""
    warnings = []
    blocks: dict[str, Pos] = {}
    overlays: dict[tuple, Pos] = {}
    statements: dict[tuple, Assign] = {}
    for item in items:
        if isinstance(item, _Block):
            first = blocks.setdefault(item.name, item.pos)
            if first is not item.pos:
                warnings.append(problem(N_("the '{name}' block is stated twice here (first on line {line}); "
                                           "their rules are merged, the later ones winning"),
                                        item.pos, warning=True, name=item.name, line=first.line))
        elif isinstance(item, Overlay):
            first = overlays.setdefault((item.low, item.high), item.pos)
            if first is not item.pos:
                warnings.append(problem(N_("this player-count block is stated twice here (first on line {line}); "
                                           "their rules are merged, the later ones winning"),
                                        item.pos, warning=True, line=first.line))
    for assign in _flatten(item for item in items if not isinstance(item, Overlay)):
        if not isinstance(assign, Assign):
            continue
        earlier = statements.get(assign.path)
        if earlier is not None and earlier.pos.line != assign.pos.line:
            warnings.append(problem(N_("replaced by line {line} in the same scope: only the later statement "
                                       "counts"), earlier.pos, warning=True, line=assign.pos.line))
        statements[assign.path] = assign
    return warnings


def _scope_items(items) -> Iterator:
    """The items of one scope: plain lists opened, blocks and overlays kept whole."""
    for item in items:
        if isinstance(item, list):
            yield from _scope_items(item)
        elif item is not None:
            yield item


def _split(items: list) -> tuple[list[Assign], list[Overlay]]:
    assigns: list[Assign] = []
    overlays: list[Overlay] = []
    for item in _flatten(items):
        (overlays if isinstance(item, Overlay) else assigns).append(item)
    return assigns, overlays


def _flatten(items) -> Iterator:
    for item in items:
        if isinstance(item, _Block):
            yield from _flatten(item.items)
        elif isinstance(item, list):
            yield from _flatten(item)
        elif item is not None:
            yield item
