"""Built-in rulebooks checked when the package is built, and loaded from JSON when it runs.

Building a wheel (hatch_build.py) runs `build` of prebuild.py, which stands above the
loader: every built-in rulebook is parsed, merged and checked in every configuration, as
`risk check` does (a problem fails the build), and what that produced for the default and
each single variant, for no particular and for each player count (the merged rule data,
where each rule was set, the rulebook's facts and its board), is written as JSON, one file
per rulebook, with the SHA-256 of every file it came from. At run time `model` and `rules`
here answer for a built-in edition from that JSON, without the rule grammar, YAML or JSON
Schema; when there is no such file (a checkout) or a source no longer matches its hash (an
edited rulebook), they answer None and the rulebook is read as ever. JSON, not pickle:
loading it runs no code. tests/test_prebuilt.py proves that what it holds equals what the
parser and checks produce from the sources.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any
from collections.abc import Sequence

from ..resources import data_dir, rulebooks_dir
from .board import Board, index_board
from .errors import Pos

FORMAT = 1
DIRECTORY = "prebuilt"  # riskrules/_data/prebuilt/<id>.json in a wheel


# ---- the sources' hashes (prebuild.py writes them, loading checks them) ---------------------------

def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---- loading (JSON and the board's indexing only) ------------------------------------------------

_loaded: dict[str, dict[str, Any] | None] = {}


def _book(ref: str) -> dict[str, Any] | None:
    """The prebuilt form of built-in `ref` if there is one and its sources are unchanged."""
    if ref in _loaded:
        return _loaded[ref]
    found = None
    if ref.replace("-", "").replace("_", "").isalnum() and ref.isascii():  # an id, never a path
        path = data_dir(DIRECTORY) / f"{ref}.json"
        try:
            book = json.loads(path.read_text(encoding="utf-8"))
            root = rulebooks_dir()
            if book.get("format") == FORMAT and all(_digest(root / name) == digest
                                                    for name, digest in book["sources"].items()):
                found = book
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            found = None
    _loaded[ref] = found
    return found


def _entry(ref: str, variants: Sequence[str] | None, players: int | None) -> tuple[dict, dict] | None:
    book = _book(ref)
    if book is None or (variants is not None and len(variants) > 1):
        return None
    entry = book["configs"].get(variants[0] if variants else "", {}).get("" if players is None else str(players))
    return (book, entry) if entry is not None else None


def _board(book: dict[str, Any], board_id: str) -> Board:
    return index_board(book["boards"][board_id])


def model(ref: str, variants: Sequence[str] | None = None,
          players: int | None = None) -> tuple[dict[str, Any], Board, str] | None:
    """The merged rule model (as Rules.model), the board and the fingerprint of a built-in
    edition's configuration, or None when it is not prebuilt."""
    found = _entry(ref, variants, players)
    if found is None:
        return None
    book, entry = found
    return {**entry["meta"], **entry["data"]}, _board(book, entry["board"]), entry["fingerprint"]


def rules(ref: str, variants: Sequence[str] | None = None, players: int | None = None):
    """Compiled Rules of a built-in edition's configuration, or None when it is not prebuilt."""
    found = _entry(ref, variants, players)
    if found is None:
        return None
    from .model import Config
    from .rules import compile_rules

    book, entry = found
    origins = {tuple(path): Pos(*pos) for path, pos in entry["origins"] if pos is not None}
    config = Config(entry["data"], origins, [], tuple(entry["variants"]), players)
    meta = dict(entry["meta"])
    meta["model"] = {**entry["meta"], **entry["data"]}
    meta["fingerprint"] = entry["fingerprint"]
    return compile_rules(config, _board(book, entry["board"]), meta)
