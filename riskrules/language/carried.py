"""Rule files carried as text: what a game log or save holds of its own rules.

A log names a built-in edition by its id (the rules fingerprint in its header says whether
the edition is still the same); a house rule it carries whole: every file of the `extends`
chain that a path names, and the board if a path names it, as text keyed by name
(`files` in the header). The names are paths relative to the log's own directory, as the
header's `edition` is, and they are only names: inside a carried file, `extends "x.risk"`
and `board "b.yaml"` lead to another carried text (the name resolved against the naming
file's name) and never to the filesystem; an id leads to a built-in rulebook or board, as
in any rule file.

The carried texts are checked exactly as a stranger's rule file on disk: the same parser,
bounds and checks (`parse_rulebook`, the loader's merge and validation, the board's schema),
and besides, at most MAX_FILES of them, MAX_BYTES together.

    files = carried(book, variants, players)        # what a log of this game carries
    book = open_carried(edition, files, sets)       # … and the Rulebook made of it again
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping, Sequence
from pathlib import Path

from .board import MAX_BOARD_BYTES, Board, board_of_text as _checked_board
from .bounds import MAX_FILE_BYTES
from .errors import Problem, RuleError
from .files import MAX_REF, Unreadable, place, quoted, read_text
from .find import _BUILTIN_NAME, is_path, resolve
from .loader import (MAX_CHAIN, Rulebook, _chain_labels, _parent_path, _read, _read_parent, parse_set,
                     walk_chain)
from .model import RulebookFile
from .parse import parse_rulebook

MAX_FILES = MAX_CHAIN + 1  # the files of a chain, and a board
MAX_BYTES = 1024 * 1024  # of UTF-8, all the carried texts together (a house rule and its board: a few KiB)


# ---- names ------------------------------------------------------------------------------------------

def name_of(ref: str, naming: str) -> str:
    """The carried name that `ref`, written in the carried file `naming`, stands for: resolved
    against the naming file's name, as a path would be against its directory — a name only."""
    if posixpath.isabs(ref):
        return posixpath.normpath(ref)
    return posixpath.normpath(posixpath.join(posixpath.dirname(naming), ref))


def moved(name: str, before: str | Path, after: str | Path) -> str:
    """A relative name of a file, relative to directory `before`, made relative to `after` (an
    absolute name stays as it is)."""
    if posixpath.isabs(name):
        return name
    return Path(os.path.relpath(os.path.abspath(Path(before) / name), os.path.abspath(after))).as_posix()


def _is_board_path(ref: str) -> bool:
    return not (len(ref) <= MAX_REF and _BUILTIN_NAME.fullmatch(ref))


def _owner(book: Rulebook, config) -> RulebookFile:
    """The file whose `board` statement the configuration took (as Rulebook.board finds it)."""
    pos = config.origin(("board",))
    return next((f for f in book.files if pos and f.label == pos.file), book.leaf)


# ---- what a log carries ---------------------------------------------------------------------------------

def carried(book: Rulebook, edition: str | Path, variants: Sequence[str] | None, players: int | None,
            rules) -> dict[str, str]:
    """The texts a log of a game of `book` carries, keyed by their names relative to the
    current directory (`edition` as the user named it): the files of the chain that paths
    name, and the board if a path names it; {} for a built-in edition on a built-in board.

    The texts are read again and the rules made of them compared with the book's: RuleError
    if they are too large to carry, or a file changed since it was read (`rules` are the
    book's, as the game plays them)."""

    if not (isinstance(edition, Path) or is_path(edition)):
        names: dict[int, str] = {}
    else:
        leaf = Path(os.path.relpath(os.path.abspath(edition))).as_posix()
        names = {id(book.leaf): leaf}
    files: dict[str, str] = {}
    for child, parent in zip(reversed(book.files), reversed(book.files[:-1])):
        if id(child) not in names:
            break
        if child.extends_is_path and child.extends is not None:
            names[id(parent)] = name_of(child.extends, names[id(child)])
    for f in book.files:
        if id(f) in names:
            files[names[id(f)]] = _reread(f.path, f.label, MAX_FILE_BYTES, "a rule file")
    config = book.config(variants, players)
    ref = config.data.get("board")
    owner = _owner(book, config)
    if isinstance(ref, str) and _is_board_path(ref) and id(owner) in names:
        try:
            path = place(ref, owner.directory)
        except Unreadable as err:
            raise RuleError(str(err)) from None
        files[name_of(ref, names[id(owner)])] = _reread(path, ref, MAX_BOARD_BYTES, "a board file")
    problem = bounds_problem(files)
    if problem:
        raise RuleError(f"the rule files of this game cannot be carried in its log: {problem}")
    if files:
        again = open_carried(names[id(book.leaf)] if id(book.leaf) in names else str(edition), files,
                             book.set_texts).rules(variants, players)
        if again.fingerprint != rules.fingerprint or again.board != rules.board:
            raise RuleError(f"{book.leaf.label}: a rule file of this game changed while it was read; try again")
    return files


def _reread(path: Path | None, label: str, limit: int, kind: str) -> str:
    if path is None:
        raise RuleError(f"{label}: no file to carry")
    try:
        return read_text(path, label, limit, kind)
    except Unreadable as err:
        raise RuleError(str(err)) from None


def bounds_problem(files: object) -> str | None:
    """What makes `files` more than a log may carry, or None: at most MAX_FILES names of at
    most MAX_REF characters, texts of at most MAX_BYTES of UTF-8 together."""
    if not isinstance(files, Mapping):
        return "'files' is not an object of names and texts"
    if len(files) > MAX_FILES:
        return f"{len(files)} files (at most {MAX_FILES})"
    total = 0
    for name, text in files.items():
        if not isinstance(name, str) or not name or len(name) > MAX_REF or not name.isprintable():
            return f"the name {quoted(str(name))} (a file name of at most {MAX_REF} characters)"
        if not isinstance(text, str):
            return f"the text of {quoted(name)} is not a string"
        total += len(text.encode("utf-8", "surrogatepass"))
        if total > MAX_BYTES:
            return f"over the limit of {MAX_BYTES // 1024} KiB of text together"
    return None


# ---- a Rulebook made of carried texts --------------------------------------------------------------------

class CarriedRulebook(Rulebook):
    """A Rulebook whose own files are carried texts: its board is found among them too."""

    def __init__(self, files, problems, fragments, set_texts, names: dict[str, str], texts: Mapping[str, str]):
        super().__init__(files, problems, fragments, set_texts)
        self.names = names  # label of a carried file → its name
        self.texts = texts

    def board(self, config) -> Board:
        ref = config.data.get("board")
        owner = _owner(self, config)
        if not isinstance(ref, str) or not _is_board_path(ref) or owner.label not in self.names:
            return super().board(config)  # a built-in board, or a built-in file's own (never a carried name)
        pos = config.origin(("board",))
        chain = config.chain_to(pos.file) if pos else ()
        name = name_of(ref, self.names[owner.label])
        text = self.texts.get(name)
        if text is None:
            raise RuleError(Problem(f"no such board: {quoted(ref)} (the log carries no file {quoted(name)})",
                                    pos, chain))
        try:
            return board_of_text(text, name)
        except RuleError as err:
            raise RuleError([p if p.pos else Problem(p.message, pos, chain) for p in err.problems]) from None


def board_of_text(text: str, label: str) -> Board:
    """A board file's text → the checked Board, as `board.load_board` does for a file on disk."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BOARD_BYTES:
        raise RuleError(f"{label}: file is too large (the limit is {MAX_BOARD_BYTES // 1024} KiB)")
    return _checked_board(text, label)


def _parse(name: str, text: str) -> RulebookFile:
    return parse_rulebook(text, name)  # no path: nothing in it is looked up on disk


def open_carried(ref: str, files: Mapping[str, str], sets: Sequence[str] = ()) -> CarriedRulebook:
    """The Rulebook of a log's header: `ref` (its `edition`) an edition id or the name of a
    carried file; every problem of any file, as for a file on disk, raises RuleError."""
    problem = bounds_problem(files)
    if problem:
        raise RuleError(f"the rule files carried in the log: {problem}")
    names: dict[str, str] = {}
    if _is_board_path(ref):  # a path, not an id
        name = posixpath.normpath(ref)
        if name not in files:
            raise RuleError(f"{quoted(ref)}: the log carries no such file")
        book = _parse(name, files[name])
        names[book.label] = name
        key: object = name
    else:
        path = resolve(ref)
        book = _read(path)
        key = path.resolve()

    def parent(book: RulebookFile, chain: list[RulebookFile]) -> tuple[RulebookFile, object]:
        if book.label in names and book.extends_is_path:
            name = name_of(book.extends, names[book.label])
            if name not in files:
                raise RuleError(Problem(f"no such rule file: {quoted(book.extends)} (the log carries no file "
                                        f"{quoted(name)})", book.extends_pos, _chain_labels(chain)))
            found = _parse(name, files[name])
            if found.first_syntax is not None:
                at = found.first_syntax
                raise RuleError(Problem(f"{name}: not a sound rule file (a syntax error at line {at.line}, "
                                        f"column {at.col})", book.extends_pos, _chain_labels(chain)))
            names[found.label] = name
            return found, name
        # an id (or a built-in file's own path): the built-in rulebooks, as anywhere
        path = _parent_path(book, chain)
        return _read_parent(path, book, chain), path.resolve()

    chain, problems = walk_chain(book, key, parent)
    fragments = [parse_set(text, i, len(sets)) for i, text in enumerate(sets)]
    problems += [p for f in fragments for p in f.problems]
    if any(not p.warning for p in problems):
        raise RuleError(problems)
    return CarriedRulebook(chain, problems, fragments, sets, names, files)


def differing(files: Mapping[str, str], base: str | Path) -> list[str]:
    """The names of the carried files whose local namesake, beside a log in `base` (or where
    --allow-dir lets a name lead), has another text; a name the path policy refuses, or no
    such file, is not compared."""
    found = []
    for name, text in files.items():
        try:
            path = place(name, base)
        except Unreadable:
            continue
        try:
            local = read_text(path, name, MAX_BOARD_BYTES, "a rule file")
        except Unreadable:
            continue
        if local != text:
            found.append(name)
    return found
