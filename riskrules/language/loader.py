"""Loading rulebooks: a name or path → its extends chain → merged, checked, compiled rules.

    book = open_rulebook(edition_id)           # or a path: open_rulebook("house.risk")
    rules = book.rules([variant], players=3)
    problems = book.check()                     # every configuration, every problem

Wherever an edition is asked for, a path to a `.risk` file works too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable, Sequence

from .board import Board, board_path, load_board
from .checks import check_config
from .errors import Pos, Problem, RuleError, did_you_mean, unknown
from .files import MAX_REF, Unreadable, place, quoted
from .find import _BUILTIN_NAME, _builtin, _label, builtin_ids, house_ids, is_path, resolve
from .model import Config, RulebookFile, merge
from .parse import parse_rulebook, read_rulebook
from ..resources import rulebooks_dir
from .rules import Rules, compile_rules, fingerprint
from .schemas import sectioned_errors

MAX_CHAIN = 16  # rulebooks in an extends chain
MAX_VARIANT_CHAIN = 16  # variants in a chain of `variant a extends b`


# ---- Reading rule files (finding them: find.py) ---------------------------------------------------

@cache
def _read_cached(path: Path, label: str, stamp: tuple[int, int]) -> RulebookFile:
    return read_rulebook(path, label)


def _read(path: Path) -> RulebookFile:
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)
    return _read_cached(path.resolve(), _label(path), stamp)


# ---- A rulebook with its ancestors ---------------------------------------------------------------

@dataclass(frozen=True)
class VariantEntry:
    id: str
    title: str | None
    default: bool
    base: str | None
    base_pos: Pos | None = None


class Rulebook:
    """A rule file and its extends chain, ready to merge in any configuration."""

    def __init__(self, files: list[RulebookFile], file_problems: list[Problem] | None = None,
                 sets: Sequence[RulebookFile] = (), set_texts: Sequence[str] = ()):
        self.files = files  # root first
        self.leaf = files[-1]
        self.sets = tuple(sets)  # `--set` fragments, applied on top of everything
        self.set_texts = tuple(set_texts)
        self.file_problems = list(file_problems or [])
        self.variants = self._collect_variants()

    # ---- what it is
    @property
    def id(self) -> str:
        return self.leaf.id or "?"

    @property
    def title(self) -> str:
        return self.leaf.title or self.id

    @property
    def language(self) -> str:
        for f in reversed(self.files):
            if f.language:
                return f.language
        return "en"

    @property
    def base(self) -> bool:
        return self.leaf.base

    @property
    def parents(self) -> list[str]:
        return [f.id or f.label for f in reversed(self.files[:-1])]

    def _collect_variants(self) -> dict[str, VariantEntry]:
        found: dict[str, VariantEntry] = {}
        default = None
        for f in self.files:
            for v in f.variants.values():
                prior = found.get(v.id)
                found[v.id] = VariantEntry(v.id, v.title or (prior.title if prior else None), v.default,
                                           v.base or (prior.base if prior else None),
                                           v.base_pos if v.base else (prior.base_pos if prior else None))
                if v.default:
                    default = v.id
        return {k: VariantEntry(e.id, e.title, e.id == default, e.base, e.base_pos) for k, e in found.items()}

    @property
    def default_variant(self) -> str | None:
        return next((v.id for v in self.variants.values() if v.default), None)

    def expand(self, variants: Sequence[str] | None) -> tuple[str, ...]:
        """The variants to apply, in order, each preceded by the one it extends."""
        chosen = list(variants) if variants else ([self.default_variant] if self.default_variant else [])
        out: list[str] = []
        for name in chosen:
            if name not in self.variants:
                listing = ", ".join(sorted(self.variants)) or "none"
                raise RuleError(f"unknown variant '{name}' of {self.id}{did_you_mean(name, self.variants)} "
                                f"(its variants: {listing})")
            lineage = []
            v: str | None = name
            while v is not None:
                entry = self.variants[v]
                if v in lineage:
                    raise RuleError(Problem(f"variant '{v}' extends itself: " + " → ".join(lineage + [v]),
                                            entry.base_pos))
                lineage.append(v)
                if len(lineage) > MAX_VARIANT_CHAIN:
                    raise RuleError(Problem(f"variant '{name}' extends a chain of more than {MAX_VARIANT_CHAIN} "
                                            f"variants", self.variants[name].base_pos))
                if entry.base is not None and entry.base not in self.variants:
                    raise RuleError(Problem(unknown("variant", entry.base, self.variants), entry.base_pos))
                v = entry.base
            for v in reversed(lineage):
                if v not in out:
                    out.append(v)
        return tuple(out)

    # ---- merging and checking
    def _merge(self, expanded: tuple[str, ...], players: int | None) -> Config:
        return merge(self.files, expanded, players, self.sets)

    def config(self, variants: Sequence[str] | None = None, players: int | None = None) -> Config:
        return self._merge(self.expand(variants), players)

    def board(self, config: Config) -> Board:
        ref = config.data.get("board")
        pos = config.origin(("board",))
        owner = next((f for f in self.files if pos and f.label == pos.file), self.leaf)
        as_path = not (len(ref) <= MAX_REF and _BUILTIN_NAME.fullmatch(ref))
        chain = config.chain_to(pos.file) if pos else ()
        try:
            path = board_path(ref, as_path, owner.directory)
        except Unreadable as err:
            raise RuleError(Problem(str(err), pos, chain)) from None
        label = _label(path) if as_path else f"rulebooks/boards/{ref}.yaml"
        try:
            return load_board(path, label)
        except RuleError as err:
            if pos and err.problems[0].message.endswith(": no such file"):
                raise RuleError(Problem(f"no such board: {quoted(ref)}", pos, chain)) from None
            # what the board file itself could not place (it is unreadable, or no board at
            # all) is told at the statement that names it, showing nothing of its content
            raise RuleError([p if p.pos else Problem(p.message, pos, chain) for p in err.problems]) from None

    def meta(self, config: Config) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "language": self.language,
            "base": self.base,
            "extends": self.parents,
            "variant": ",".join(config.variants) or None,
            "variants": [{"id": v.id, "title": v.title, "default": v.default} for v in self.variants.values()],
            "player_count": config.players,
            **({"set": list(self.set_texts)} if self.sets else {}),
        }

    def validate(self, config: Config, counts: Iterable[int]) -> tuple[list[Problem], Board | None]:
        """Schema, board and semantic problems of one configuration; the board if it could be read."""
        errors = sectioned_errors("rulebook.schema.json", config.data)
        unread = frozenset().union(*(f.unread for f in config.chain))
        if unread:  # a section emptied by a syntax error: the syntax error says what is wrong
            errors = [(m, p) for m, p in errors if not (p and p[0] in unread and m.endswith("should be non-empty"))]
        problems = self._group_missing(config, [Problem(message, self._where(config, path)) for message, path in errors])
        refused = frozenset(str(path[0]) for _, path in errors if path)
        if problems and (any(not path for _, path in errors) or "board" in refused):
            # a fault of the whole model (a rule nobody set, an unknown key) or of its board: nothing more to check
            return problems, None
        try:
            board = self.board(config)
        except RuleError as err:
            return problems + err.problems, None
        found = check_config(config, board, counts, refused)
        if problems:  # the rest was checked, but these rules cannot be played
            return problems + found, None
        return found, board

    def _where(self, config: Config, path: tuple) -> Pos | None:
        path = tuple(p if isinstance(p, int) else str(p) for p in path)  # (a list index stays a number)
        return (config.origin(path) or (config.origin_within(path) if path else None) or self.leaf.id_pos
                or Pos(self.leaf.label, 1, 1))  # a file without its `rulebook` line: its start

    # A missing rule is named as its statement is written (else its key with spaces).
    _SPELLED = {("capitals", "capture_takes_cards"): "capture takes cards",
                ("capitals", "capture_replaces"): "capture replaces continent armies",
                ("capitals", "capture_eliminates"): "capture eliminates victim",
                ("cards", "must_trade"): "must trade at", ("battle", "defender_chooses"): "defender dice",
                ("missions", "list"): "a mission"}
    _REQUIRED = re.compile(r"^(?:(?P<path>[\w.]+): )?'(?P<key>\w+)' is a required property$")

    def _group_missing(self, config: Config, problems: list[Problem]) -> list[Problem]:
        """One message per section for the rules nobody set; other schema problems as they are."""
        missing: dict[str, list[str]] = {}
        places: dict[str, Pos | None] = {}
        out = []
        for p in problems:
            m = self._REQUIRED.match(p.message)
            if m:
                missing.setdefault(m["path"] or "", []).append(m["key"])
                whole = m["path"] and "." not in m["path"] and p.pos == self._where(config, ())
                places[m["path"] or ""] = self._where(config, (m["path"],)) if whole else p.pos  # at its section
            else:
                out.append(p.in_chain(config.chain_to(p.pos.file) if p.pos else ()))
        for section, keys in missing.items():
            where = f" in {section}" if section else ""
            pos = places[section]
            said = dict.fromkeys(self._SPELLED.get((section, k), k.replace("_", " ")) for k in keys)
            message = f"no rule sets {', '.join(map(repr, said))}{where}, neither here nor in a parent rulebook"
            out.append(Problem(message, pos, config.chain_to(pos.file) if pos else ()))
        return out

    def _player_groups(self, expanded: tuple[str, ...], low: int, high: int) -> dict[tuple, list[int]]:
        """Player counts grouped by the overlays that apply to them."""
        groups: dict[tuple, list[int]] = {}
        for n in range(low, high + 1):
            key = tuple(id(o) for f in self.files for o in f.overlays if o.applies(n))
            key += tuple(id(o) for f in self.files for v in expanded if v in f.variants
                         for o in f.variants[v].overlays if o.applies(n))
            key += tuple(id(o) for f in self.sets for o in f.overlays if o.applies(n))
            groups.setdefault(key, []).append(n)
        return groups

    def player_count_groups(self, variants: Sequence[str] | None = None) -> list[list[int]]:
        """The player counts that some `for N players` block changes, grouped by the blocks that apply."""
        expanded = self.expand(variants)
        players = merge(self.files, expanded, None).data.get("players") or {}
        low, high = players.get("min", 2), players.get("max", 6)
        return [counts for key, counts in self._player_groups(expanded, low, min(high, low + 100)).items() if key]

    def check(self) -> list[Problem]:
        """Every problem in every variant and player count, each once, in file order."""
        problems: list[Problem] = list(self.file_problems)
        if any(f.unreadable for f in self.files):
            return problems
        selections: list[tuple[str, ...] | None] = [None]
        selections += [(v,) for v in self.variants if v != self.default_variant]
        for selection in selections:
            try:
                expanded = self.expand(selection)
            except RuleError as err:
                problems += err.problems
                continue
            general = self._merge(expanded, None)
            found, board = self.validate(general, [])
            problems += found
            if board is None:  # the schema or the board failed: the rest would only repeat it
                continue
            low, high = general.data["players"]["min"], general.data["players"]["max"]
            for key, counts in self._player_groups(expanded, low, min(high, low + 100)).items():
                config = self._merge(expanded, counts[0]) if key else general
                problems += self.validate(config, counts)[0]
        order = {f.label: i for i, f in enumerate(reversed(self.files))}
        unique: dict[tuple, Problem] = {}
        for p in problems:
            unique.setdefault((p.message, p.pos), p)
        return sorted(unique.values(), key=lambda p: (order.get(p.pos.file, 99), p.pos.line, p.pos.col)
                      if p.pos else (-1, 0, 0))

    def rules(self, variants: Sequence[str] | None = None, players: int | None = None) -> Rules:
        """Merged, checked and compiled rules for a game (or a rule sheet when players is None)."""
        expanded = self.expand(variants)
        general = self._merge(expanded, None)
        problems, _ = self.validate(general, [])
        if any(not p.warning for p in problems):
            raise RuleError(problems)
        low, high = general.data["players"]["min"], general.data["players"]["max"]
        if players is not None and not low <= players <= high:
            what = f"{self.id}" + (f" ({','.join(expanded)})" if expanded else "")
            raise RuleError(f"{what} is for {low} to {high} players, not {players}")
        config = self._merge(expanded, players) if players is not None else general
        if players is not None:
            counts = [players]
        else:  # the counts no player-count overlay touches
            counts = self._player_groups(expanded, low, high).get((), [])
        problems, board = self.validate(config, counts)
        if any(not p.warning for p in problems):  # (a warning is for `risk check` to show)
            raise RuleError(problems)
        assert board is not None
        meta = self.meta(config)
        model = {**meta, **config.data}
        meta["model"] = model
        meta["fingerprint"] = fingerprint(model)
        return compile_rules(config, board, meta)


# ---- Opening a rule file with its chain -----------------------------------------------------------

def open_rulebook(ref: str | Path, strict: bool = True, sets: Sequence[str] = ()) -> Rulebook:
    """An edition id or a .risk path → its Rulebook.

    With `strict`, any problem in a file of the chain raises RuleError (all of them);
    without, the problems are kept in `Rulebook.file_problems` so `check()` can add the
    semantic ones. `sets` are fragments of rule text (`risk … --set "…"`) applied on top
    of the chosen edition, variants and player count, checked like a rule file.
    """
    def parent(book: RulebookFile, files: list[RulebookFile]) -> tuple[RulebookFile, object]:
        path = _parent_path(book, files)
        return _read_parent(path, book, files), path.resolve()

    path = resolve(ref)
    files, problems = walk_chain(_read(path), path.resolve(), parent)
    fragments = [parse_set(text, i, len(sets)) for i, text in enumerate(sets)]
    problems += [p for f in fragments for p in f.problems]
    if strict and any(not p.warning for p in problems):
        raise RuleError(problems)
    return Rulebook(files, problems, fragments, sets)


MAX_SETS = 64


def parse_set(text: str, index: int = 0, count: int = 1) -> RulebookFile:
    """One `--set` fragment → a headerless rule file labelled `--set` (`--set 2`, … when there
    are several). Statements, sections and `for N players` blocks only."""
    if count > MAX_SETS:
        raise RuleError(f"too many --set options (the limit is {MAX_SETS})")
    label = "--set" if count == 1 else f"--set {index + 1}"
    book = parse_rulebook(text, label)
    book.problems = [p for p in book.problems if not p.message.startswith("a rulebook must begin with")]
    headers = [(word, pos) for word, pos, given in (
        ("rulebook", book.id_pos, book.id is not None), ("extends", book.extends_pos, book.extends is not None),
        ("language", book.language_pos, book.language is not None)) if given]
    headers += [("variant", v.pos) for v in book.variants.values()]
    if book.title is not None or book.base:
        headers.append(("title" if book.title is not None else "base", Pos(label, 1, 1, text.split("\n")[0])))
    for word, pos in headers:
        book.problems.append(Problem(f"--set takes rule statements; '{word}' belongs in a rule file", pos))
    if not book.problems and not book.assigns and not book.overlays:
        book.problems.append(Problem("--set has no rule in it", Pos(label, 1, 1, text.split("\n")[0])))
    return book


def walk_chain(book: RulebookFile, key: object,
               parent: Callable[[RulebookFile, list[RulebookFile]], tuple[RulebookFile, object]],
               ) -> tuple[list[RulebookFile], list[Problem]]:
    """The `extends` chain from `book` (known as `key`, to see a cycle), root first, with every
    file's problems placed in the chain; `parent(book, chain)` finds a book's parent and its key
    (on disk, or among a log's carried texts) or raises RuleError. A cycle or a chain of more
    than MAX_CHAIN rulebooks raises RuleError with all the problems found."""
    chain: list[RulebookFile] = []
    problems: list[Problem] = []
    seen: list[object] = []
    while True:
        if key in seen:
            cycle = " → ".join(f.label for f in reversed(chain)) + f" → {book.label}"
            problems.append(Problem(f"extends cycle: {cycle}", chain[0].extends_pos, _chain_labels(chain)))
            raise RuleError(problems)
        seen.append(key)
        chain.insert(0, book)
        labels = _chain_labels(chain)
        problems += [p.in_chain(labels) for p in book.problems + _file_problems(book)]
        if book.extends is None:
            return chain, problems
        if len(chain) >= MAX_CHAIN:
            problems.append(Problem(f"extends chain too long (more than {MAX_CHAIN} rulebooks)",
                                    book.extends_pos, labels))
            raise RuleError(problems)
        try:
            book, key = parent(book, chain)
        except RuleError as err:
            raise RuleError(problems + err.problems) from None


def _chain_labels(files_root_first: list[RulebookFile]) -> tuple[str, ...]:
    return tuple(f.label for f in reversed(files_root_first))


def _parent_path(book: RulebookFile, files: list[RulebookFile]) -> Path:
    ref = book.extends
    assert ref is not None
    if book.extends_is_path:
        try:
            path = place(ref, book.directory)
        except Unreadable as err:
            raise RuleError(Problem(str(err), book.extends_pos, _chain_labels(files))) from None
        if not path.exists():
            raise RuleError(Problem(f"no such rule file: {quoted(ref)}", book.extends_pos, _chain_labels(files)))
        return path
    path = _builtin(ref) if len(ref) <= MAX_REF and _BUILTIN_NAME.fullmatch(ref) else None
    if path is None:
        message = unknown("rulebook", ref, builtin_ids() + house_ids())
        raise RuleError(Problem(message, book.extends_pos, _chain_labels(files)))
    return path


def _read_parent(path: Path, child: RulebookFile, files: list[RulebookFile]) -> RulebookFile:
    """The rule file `child` extends. Not a file the user asked for: if it cannot be read or
    parsed, that is said at the child's `extends`, and nothing of its content is shown."""
    where = child.extends_pos
    chain = _chain_labels(files)
    try:
        parent = _read(path)
    except RuleError as err:
        raise RuleError(Problem(err.problems[0].message, where, chain)) from None
    if parent.first_syntax is not None:
        at = parent.first_syntax
        raise RuleError(Problem(f"{parent.label}: not a sound rule file (a syntax error at line {at.line}, "
                                f"column {at.col}; check it on its own: risk check {parent.label})", where, chain))
    return parent


def _file_problems(book: RulebookFile) -> list[Problem]:
    """Checks of one file on its own: its id and its language."""
    problems = []
    if book.path is not None and book.id is not None and book.id != book.path.stem \
            and book.path.resolve().parent == rulebooks_dir().resolve():
        problems.append(Problem(f"a built-in rulebook's id must be its file name '{book.path.stem}'", book.id_pos))
    if book.language is not None and not _known_language(book.language):
        problems.append(Problem(f"unknown language '{book.language}'", book.language_pos))
    return problems


@cache
def _known_language(code: str) -> bool:
    from babel import localedata

    return bool(re.fullmatch(r"[a-z]{2,3}", code)) and localedata.exists(code)


# ---- The built-in editions -------------------------------------------------------------------------

def editions(include_base: bool = True) -> list[dict[str, Any]]:
    """What `risk editions` shows, for every built-in rulebook."""
    out = []
    for ref in builtin_ids():
        book = open_rulebook(ref)
        if book.base and not include_base:
            continue
        general = book.config()
        d = general.data
        out.append({
            "id": book.id,
            "title": book.title,
            "language": book.language,
            "base": book.base,
            "players": d["players"],
            "two_player_rules": d["players"]["min"] <= 2 and "neutral" in book.config(None, 2).data,
            "victory": d["victory"],
            "variants": [{"id": v.id, "title": v.title, "default": v.default} for v in book.variants.values()],
        })
    out.sort(key=lambda e: (not e["base"], e["id"]))
    return out


def house_rules() -> list[dict[str, Any]]:
    """What `risk editions` shows for the gallery of house rules, apart from the editions."""
    out = []
    for ref in house_ids():
        book = open_rulebook(ref)
        out.append({"id": book.id, "title": book.title, "extends": book.parents[0] if book.parents else None})
    return out


def load_rules(ref: str, variants: Sequence[str] | None = None, players: int | None = None) -> Rules:
    """Compiled rules; a built-in edition from its prebuilt form when the package has one."""
    if not isinstance(ref, Path) and not is_path(ref):
        from . import prebuilt

        rules = prebuilt.rules(ref, variants, players)
        if rules is not None:
            return rules
    return open_rulebook(ref).rules(variants, players)

