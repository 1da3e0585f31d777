"""Replaying a game log, and resuming a saved game.

A replay re-runs the game from the log's header — same rules, seed and bots — and checks
every line it produces against the log. Seats played by people are answered from the log
itself (each answer is the next event). A saved game is the log of a game in progress:
resuming replays it, then hands each human seat back to the person at the keyboard.

The rules are the header's: a built-in edition by its id, a house rule from the texts the
header carries (`files`; language/carried.py), or — in a log written before logs carried
them — from the rule file its `edition` names beside the log. Either way their fingerprint
must be the header's `rules`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from ..language.carried import carried, differing, moved, open_carried
from ..language.errors import RuleError
from ..language.files import Unreadable, place
from ..language.loader import is_path, load_rules, open_rulebook
from ..language.rules import Rules
from .agents import BOTS, Agent, make_bot
from .agents.log_agent import LogAgent
from .decisions import Decision
from .dice import GameError
from .game import Game, Result
from .log import game_part, line_of, read_log
from .logcheck import check_events


class Mismatch(Exception):
    def __init__(self, line: int, expected: dict | None, got: dict):
        self.line, self.expected, self.got = line, expected, got


@dataclass
class ReplayReport:
    lines: int  # lines in the log
    matched: int  # lines reproduced exactly
    result: Result | None
    mismatch: Mismatch | None = None
    kind: str | None = None  # the header's: "log", "save", or None (a file from before headers said)

    @property
    def ok(self) -> bool:
        return self.mismatch is None and self.matched == self.lines

    @property
    def unfinished(self) -> bool:
        """Every line matches, but the game goes on after the last (a save, a game left before its end)."""
        m = self.mismatch
        return m is not None and m.expected is None and self.matched == self.lines


class Follower:
    """Listens to a replaying game: checks each event against the log, counts the position."""

    def __init__(self, events: list[dict], stop_at_end: bool = False):
        self.events = events
        self.position = 0
        self.stop_at_end = stop_at_end

    def __call__(self, event: dict) -> None:
        i = self.position
        got = json.loads(line_of(event))
        if i < len(self.events):
            if got != (self.events[i] if i else game_part(self.events[0])):  # the header: the game's fields
                raise Mismatch(i + 1, self.events[i], got)
        elif not self.stop_at_end:
            raise Mismatch(i + 1, None, got)
        self.position += 1

    @property
    def replaying(self) -> bool:
        return self.position < len(self.events)


def edition_source(edition: str, base: Path | None) -> str | Path:
    """The rule file a header's `edition` names: a built-in id as it is, a path only where a
    rule file's `extends` may lead (language/files.place: inside `base`, the log's directory,
    or a directory given with --allow-dir); RuleError otherwise."""
    if not is_path(edition):
        return edition
    try:
        return place(edition, base or ".")
    except Unreadable as err:
        raise RuleError(str(err)) from None


def rules_for(header: dict[str, Any], label: str = "this log", base: Path | None = None,
              notes: list[str] | None = None) -> Rules:
    """The rules a log was played by; GameError if they cannot be found or have changed.

    The header names an edition id, or a house rule: carried in the header (`files`), where
    no path leads out of the carried texts; or, in a log that carries none, by a path that may
    only lead where a rule file's `extends` may: inside the log's own directory `base` (or one
    given with --allow-dir). A local file of a carried name whose text differs is told in
    `notes` (the carried one is used)."""
    edition = header["edition"]
    variant = header.get("variant")
    sets = header.get("set", [])
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise GameError("the log's 'set' must be a list of rule texts")
    files = header.get("files")
    try:
        variants, players = (variant.split(",") if variant else None), len(header["players"])
        if files is not None:
            rules = open_carried(edition, files, sets).rules(variants, players)
        elif sets or is_path(edition):
            rules = open_rulebook(edition_source(edition, base), sets=sets).rules(variants, players)
        else:  # (a built-in edition: its prebuilt form where the package has one)
            rules = load_rules(edition, variants, players)
    except RuleError as err:
        raise GameError(f"{label}:1: the rules of this game cannot be loaded: {err.first_line}") from None
    if rules.fingerprint != header["rules"]:
        raise GameError(f"{label}:1: the rules of {edition} have changed since this game was played "
                        f"(expected fingerprint {header['rules']}, found {rules.fingerprint})")
    if files and notes is not None:
        notes += [f"{Path(base or '.') / name}: differs from the copy carried in {label} (the copy is used)"
                  for name in differing(files, base or ".")]
    return rules


def load(path: Path, notes: list[str] | None = None) -> tuple[list[dict], Rules]:
    """A log's events, every one checked against the schema and the game's rules, and the rules;
    `notes` gets a line for each local rule file that differs from the one the log carries."""
    return checked(path, read_log(path), notes)


def checked(path: Path, events: list[dict], notes: list[str] | None = None) -> tuple[list[dict], Rules]:
    """`load` for events already read: the rules, and every event checked against them."""
    label = str(path)
    rules = rules_for(events[0], label, Path(path).parent, notes)
    check_events(events, label, rules.board.territories, rules.board.continents, events[0])
    return events, rules


def load_save(path: Path, notes: list[str] | None = None) -> tuple[list[dict], Rules]:
    """`load` for a save: a file whose header says it is a game log is refused (GameError)
    before anything else of it is used. (A file from before headers said so is taken as a save.)"""
    events = read_log(path)
    if events[0].get("kind") == "log":
        raise GameError(f"{path}: a game log, not a save — `risk resume` goes on from the file written by "
                        f"`risk play --save` (check a log with: risk replay {path})")
    return checked(path, events, notes)


def carried_by(header: dict[str, Any], base: Path) -> dict[str, str]:
    """The files a header that carries none would carry (a save from before saves carried
    them): its house rule's files, read where its `edition` leads; {} for a built-in edition."""
    if "files" in header or not is_path(header["edition"]):
        return header.get("files") or {}
    variant = header.get("variant")
    variants = variant.split(",") if variant else None
    try:
        source = edition_source(header["edition"], base)
        book = open_rulebook(source, sets=header.get("set", []))
        rules = book.rules(variants, len(header["players"]))
        found = carried(book, str(Path(base) / header["edition"]), variants, len(header["players"]), rules)
    except RuleError as err:
        raise GameError(f"{base}: the rules of this game cannot be carried: {err.first_line}") from None
    return {moved(name, ".", base): text for name, text in found.items()}


def _agents(header: dict, events: list[dict], follower: Follower,
            live: Callable[[str], Agent] | None, people_from_log: bool = True) -> list[Agent]:
    agents: list[Agent] = []
    for player in header["players"]:
        kind = player.get("agent")
        if kind in BOTS:
            agents.append(make_bot(kind))
        elif live is not None and not people_from_log:
            agents.append(live(player["name"]))
        elif live is None:
            agents.append(LogAgent(events, follower, kind))  # type: ignore[arg-type]
        else:
            agents.append(_Resuming(LogAgent(events, follower, kind), live(player["name"]), follower))  # type: ignore
    return agents


class _Resuming(Agent):
    """Answers from the log while it lasts, then lets the person play on."""

    def __init__(self, from_log: LogAgent, person: Agent, follower: Follower):
        self.from_log, self.person, self.follower = from_log, person, follower
        self.kind = from_log.kind

    def start(self, game, seat, rng) -> None:
        super().start(game, seat, rng)
        self.from_log.start(game, seat, rng)
        self.person.start(game, seat, rng)

    def decide(self, decision: Decision):
        if self.follower.replaying and self.from_log.knows(decision):  # (orders given together: issue 45)
            return self.from_log.decide(decision)
        return self.person.decide(decision)


def replay(path: Path, notes: list[str] | None = None) -> ReplayReport:
    """Re-run a logged game and compare every line (`notes`: as for `load`)."""
    events, rules = load(path, notes)
    return _replay(events, rules)


def _replay(events: list[dict], rules: Rules, seat_listeners: dict | None = None) -> ReplayReport:
    """(`seat_listeners`: as Game's, each hears what its seat was told of the game replayed.)"""
    header = events[0]
    kind = header.get("kind")
    follower = Follower(events)
    agents = _agents(header, events, follower, None)
    game = Game(rules, agents, header["seed"], max_turns=header["max_turns"], listeners=[follower],
                edition=header["edition"], names=[p["name"] for p in header["players"]],
                seat_listeners=seat_listeners)
    try:
        result = game.play()
    except Mismatch as m:
        return ReplayReport(len(events), m.line - 1, None, m, kind)
    except GameError as err:
        got = {"error": str(err)}
        rest = events[follower.position:]
        if game._rounds is not None and all(e["type"] in ("turn_start", "orders_given") for e in rest):
            # orders given together (issue 45): cut in a round whose orders are not carried out yet (they
            # are told only then): every line matches what was told, and the game goes on from there
            return ReplayReport(len(events), len(events), None, Mismatch(len(events) + 1, None, got), kind)
        return ReplayReport(len(events), follower.position, None,
                            Mismatch(follower.position + 1, events[follower.position]
                                     if follower.position < len(events) else None, got), kind)
    return ReplayReport(len(events), follower.position, result, None, kind)


def seat_stream(events: list[dict], rules: Rules, seat: str, label: str = "the log") -> list[dict]:
    """What `seat` was told of the logged game (Game.teller): the log replayed, each event as the
    seat was told it — under fog only what it saw, with what changed in its view (`seen`). The
    same lines `risk play --log-for` writes as the game is played. GameError for the neutral
    army (it has no view of its own) and for a log (`label`) that does not replay."""
    names = [p["name"] for p in events[0]["players"]]
    if seat not in names:
        raise GameError(f"--as {seat}: the neutral army sees nothing of its own; tell the game as a player")
    out: list[dict] = []
    report = _replay(events, rules, {names.index(seat): out.append})
    if report.mismatch is not None and not report.unfinished:
        raise GameError(f"{label}:{report.mismatch.line}: differs from the replayed game: what {seat} was told "
                        "cannot be made past it (`risk replay` says how)")
    return out


def _compact(value: Any, limit: int) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[:limit - 1] + "…"


def difference(expected: dict | None, got: dict | None, limit: int = 300) -> tuple[str, str]:
    """Two events as a message shows them: when both are of one type, only the type and the
    keys whose values differ; each cut short if long."""
    if isinstance(expected, dict) and isinstance(got, dict) and expected.get("type") == got.get("type"):
        keys = [k for k in {**expected, **got} if k == "type" or expected.get(k, ...) != got.get(k, ...)]
        expected = {k: expected[k] for k in keys if k in expected}
        got = {k: got[k] for k in keys if k in got}
    return _compact(expected, limit), _compact(got, limit)


def resume_game(path: Path, live: Callable[[str], Agent], listeners: Sequence[Callable[[dict], None]] = ()
                ) -> tuple[Game, Follower]:
    """A game rebuilt from a save file, ready to `play()` on: its human seats answered from
    the file until it runs out, then by `live(name)`. `listeners` hear only the new events.

    The whole file is replayed first: a save that no longer replays, or a game log, is refused
    (GameError) before anyone is asked anything."""
    events, rules = load_save(path)
    return resume_loaded(path, events, rules, live, listeners)


def resume_loaded(path: Path, events: list[dict], rules: Rules, live: Callable[[str], Agent],
                  listeners: Sequence[Callable[[dict], None]] = (),
                  seat_listeners: dict[int, Callable[[dict], None]] | None = None,
                  people_from_log: bool = True) -> tuple[Game, Follower]:
    """`resume_game` for a file already `load`ed (`seat_listeners`: as Game's, hearing only the new
    events as their seats are told them). Without `people_from_log` the people's seats are
    `live` from the start: their agents give again the answers of the file themselves, and the
    file is not played through first: each line is checked as the game is played again (the
    follower raises Mismatch at the first that differs)."""
    if events[-1]["type"] == "game_over":
        raise GameError(f"{path}: this game is over ({events[-1].get('reason')}); nothing to resume")
    header = events[0]
    if all(p["agent"] in BOTS for p in header["players"]):
        raise GameError(f"{path}: no person plays in this game; replay it with `risk replay`")
    if people_from_log:  # (otherwise the follower below checks every line as the game is played again)
        report = _replay(events, rules)
        m = report.mismatch
        if m is not None and not report.unfinished:
            expected, found = difference(m.expected, m.got)
            raise GameError(f"{path}:{m.line}: this save no longer replays (after {report.matched} matching lines) — "
                            f"in the file: {expected}; replayed: {found}")
    follower = Follower(events, stop_at_end=True)
    agents = _agents(header, events, follower, live, people_from_log)

    new = [False]  # is the event heard last a new one?

    def follow(event: dict) -> None:  # check first, then let the new events through
        was_replaying = follower.replaying
        follower(event)
        new[0] = not was_replaying
        if new[0]:
            for listen in listeners:
                listen(event)

    def only_new(hear: Callable[[dict], None]) -> Callable[[dict], None]:
        return lambda event: hear(event) if new[0] else None

    game = Game(rules, agents, header["seed"], max_turns=header["max_turns"], listeners=[follow],
                edition=header["edition"], names=[p["name"] for p in header["players"]],
                seat_listeners={seat: only_new(hear) for seat, hear in (seat_listeners or {}).items()})
    return game, follower
