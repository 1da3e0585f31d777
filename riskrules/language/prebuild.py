"""Building the prebuilt form of the built-in rulebooks, which prebuilt.py loads (its
docstring tells what the form holds and when it is used).

Building opens every built-in rulebook with the loader, so it stands above the loader, while
loading needs JSON only and stands below it: hatch_build.py runs `build` when a wheel is made.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .board import board_data, board_path
from .errors import Pos, RuleError
from .find import builtin_ids
from .loader import open_rulebook
from .prebuilt import DIRECTORY, FORMAT, _digest  # noqa: F401 (DIRECTORY: hatch_build.py takes it from here)
from ..resources import rulebooks_dir


def _source(path: Path) -> str:
    """A source file as a path relative to the rulebooks directory."""
    return path.resolve().relative_to(rulebooks_dir().resolve()).as_posix()


def _pos(pos: Pos | None) -> list | None:
    return None if pos is None else [pos.file, pos.line, pos.col, pos.text]


def build_one(ref: str) -> dict[str, Any]:
    """The prebuilt form of one built-in rulebook; RuleError if any configuration has a problem."""
    book = open_rulebook(ref)
    problems = book.check()
    if problems:
        raise RuleError(problems)
    sources = {_source(f.path): _digest(f.path) for f in book.files if f.path is not None}
    boards: dict[str, Any] = {}
    configs: dict[str, dict[str, Any]] = {}
    for selection in [None, *book.variants]:
        chosen = [selection] if selection else None
        general = book.rules(chosen)
        entries = {}
        for players in [None, *range(general.min_players, general.max_players + 1)]:
            rules = book.rules(chosen, players)
            config = book.config(chosen, players)
            meta = book.meta(config)
            board = rules.board
            if board.id not in boards:
                path = board_path(config.data["board"], False, rulebooks_dir())
                sources[_source(path)] = _digest(path)
                boards[board.id] = board_data(path, _source(path))
            entries["" if players is None else str(players)] = {
                "meta": meta,
                "data": config.data,
                "origins": [[list(path), _pos(pos)] for path, pos in config.origins.items()],
                "variants": list(config.variants),
                "board": board.id,
                "fingerprint": rules.fingerprint,
            }
        configs[selection or ""] = entries
    return {"format": FORMAT, "id": book.id, "sources": sources, "boards": boards, "configs": configs}


def text_of(ref: str) -> str:
    """The prebuilt file of built-in `ref`, as written (the order of the keys is the sources':
    a board's territories are numbered in it)."""
    return json.dumps(build_one(ref), ensure_ascii=False)


def build(directory: Path) -> list[Path]:
    """Write the prebuilt form of every built-in rulebook into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for ref in builtin_ids():
        target = directory / f"{ref}.json"
        target.write_text(text_of(ref), encoding="utf-8")
        written.append(target)
    return written
