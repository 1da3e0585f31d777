"""The game log: JSON Lines, one event per line, complete enough to rebuild the board.

Every line has `type` and `turn` (0 during setup) and, where it applies, `player`.
`Tracker` rebuilds owner and armies of every territory, and every hand size, from the
lines alone; `read_log` refuses a damaged or foreign file with a clear message.

The header (line 1, `game_start`) is the game's own, as the engine emits it, plus what the
file adds about itself (FILE_FIELDS, which a replay does not compare): `kind` ("log" or
"save"), `language` (the game's language), `files` (the rule files it carries: language/
carried.py) and, in a save, `log` (the log the game writes, relative to the save).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO
from collections.abc import Iterable

from ..language.files import Unreadable, read_text
from ..outputs import OutputError, write_lines
from .dice import GameError
from .game import LOG_FORMAT
from .logcheck import check_header, parse_log

MAX_LOG_BYTES = 32 * 1024 * 1024  # a 1000-turn game of six is under 5 MiB; parsed, a line takes ~7 times its size


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # made once: dumps() makes one a call

FILE_FIELDS = ("kind", "language", "files", "log")  # the header's fields about the file, not the game
KINDS = ("log", "save")


def line_of(event: dict) -> str:
    """One event as its log line (without the newline): compact, key order as emitted. In the
    header, the line breaks JSON leaves as they are in strings (U+0085, U+2028, U+2029: a rule
    text may hold them) are escaped, so that no reader splits the line there."""
    line = _ENCODE(event)
    if event.get("type") == "game_start":
        line = line.replace("\x85", "\\u0085").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return line


def game_part(header: dict) -> dict:
    """The header as the game emits it: without the fields about the file."""
    return {k: v for k, v in header.items() if k not in FILE_FIELDS}


def file_header(header: dict, kind: str, language: str | None, files: dict[str, str] | None = None,
                edition: str | None = None, log: str | None = None) -> dict:
    """The header a file of this `kind` begins with: the game's own fields (its `edition` as
    the file names it), then the file's: kind, language, the files it carries (if any) and,
    in a save, its log (if any) — always in this order, so that one game makes one header."""
    out = game_part(header)
    if edition is not None:
        out["edition"] = edition
    out["kind"] = kind
    if language:
        out["language"] = language
    if files:
        out["files"] = files
    if log is not None:
        out["log"] = log
    return out


class LogWriter:
    """Writes events to a file as they happen (`--log FILE`); OutputError naming the file if
    that fails (a full disk)."""

    def __init__(self, stream: IO[str], path: Path | None = None):
        self.stream = stream
        self.path = path

    def __call__(self, event: dict) -> None:
        try:
            self.stream.write(line_of(event) + "\n")
        except OSError as err:
            raise OutputError(f"{self.path}: cannot be written ({err.strerror})") from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as err:
            raise OutputError(f"{self.path}: cannot be written ({err.strerror})") from None


def write_atomically(path: Path, lines: Iterable[str]) -> None:
    """Write a file so that a crash leaves either the old file or the new one, never half;
    OutputError naming `path` if it cannot be written."""
    write_lines(path, lines)


def read_log(path: Path, cut_off: bool = False) -> list[dict]:
    """The events of a game log, its header checked; GameError if the file is not a whole
    riskrules log (with `cut_off`, a last line cut short — a log written up to a crash — is
    left out instead). The events are checked once the rules are known (`replay.load`)."""
    label = str(path)
    try:
        text = read_text(Path(path), label, MAX_LOG_BYTES, "a game log")
    except Unreadable as err:
        message = str(err)
        if "not UTF-8" in message:
            message = f"{label}: not a riskrules game log (not UTF-8 text)"
        raise GameError(message) from None
    if cut_off and "\n" in text and not text.endswith("\n"):
        text = text[:text.rindex("\n") + 1]
    events = parse_log(text, label)
    check_header(events[0], label, LOG_FORMAT)
    return events


def check_continuation(save: Path, events: list[dict], log: Path, logged: list[dict]) -> bool:
    """Whether the log `logged` (read from `log`) is the log of the saved game `events`: the
    same game in its header, and line for line the save's events as far as both go; GameError
    if not. True if it holds exactly the save's events (it is then written on as it is)."""
    if logged[0].get("kind") == "save":
        raise GameError(f"{log}: a save, not a game log: it cannot be written on as the log of {save}")
    mine, theirs = game_part(events[0]), game_part(logged[0])
    mine.pop("edition"), theirs.pop("edition")
    if mine != theirs:
        raise GameError(f"{log}:1: not the log of the game in {save} (another game's header)")
    for number, (a, b) in enumerate(zip(events[1:], logged[1:]), 2):
        if a != b:
            raise GameError(f"{log}:{number}: not the log of the game in {save} (the save differs at this line)")
    return len(logged) == len(events)


class Tracker:
    """Rebuilds the board and the hand sizes from log events alone."""

    def __init__(self, board, names: list[str]):
        self.board = board
        self.names = names
        self.owner: list[str | None] = [None] * board.size
        self.armies = [0] * board.size
        self.hand = {name: 0 for name in names}
        self.index = board.index

    def apply(self, e: dict) -> None:
        kind = e["type"]
        ix = self.index
        if kind == "claim":
            t = ix[e["territory"]]
            self.owner[t], self.armies[t] = e["player"], 1
        elif kind == "place":
            self.armies[ix[e["territory"]]] += e["armies"]
        elif kind == "trade":
            self.hand[e["player"]] -= len(e["cards"])
            for bonus in e["territory_bonus"]:
                self.armies[ix[bonus["territory"]]] += bonus["armies"]
        elif kind == "battle" or kind == "battles":
            self.armies[ix[e["from"]]] -= e["attacker_losses"]
            self.armies[ix[e["to"]]] -= e["defender_losses"]
        elif kind == "conquest":
            source, target = ix[e["from"]], ix[e["to"]]
            moved = e["moved"] or 0  # (null in a seat's stream under `battles reveal no`: not told)
            self.armies[source] -= moved
            self.owner[target], self.armies[target] = e["player"], moved
        elif kind == "fortify":
            self.armies[ix[e["from"]]] -= e["armies"]
            self.armies[ix[e["to"]]] += e["armies"]
        elif kind == "order" and e["done"] == "transfer":  # orders given together (issue 45)
            self.armies[ix[e["from"]]] -= e["armies"]
            self.armies[ix[e["to"]]] += e["armies"]
        elif kind == "card_drawn":
            self.hand[e["player"]] += 1
        elif kind == "card_discarded":
            self.hand[e["player"]] -= 1
        elif kind == "elimination":
            by = e["by"]
            if by in self.hand and by != "neutral":
                self.hand[by] += e.get("cards_taken", 0)  # (a seat's stream under fog may not tell it)
            self.hand[e["player"]] = 0  # a victim hands over every card
        elif kind == "card_played" and ("territory" in e or "from" in e):  # cards that do something
            effect = e["effect"]  # (engine/cards/effects.py; under fog a seat may not be told where)
            if effect == "move":
                self.armies[ix[e["from"]]] -= e["armies"]
                self.armies[ix[e["to"]]] += e["armies"]
            elif effect == "give":
                self.owner[ix[e["territory"]]] = e["target"]
            elif effect == "strike" and e.get("armies") is not None:
                self.armies[ix[e["territory"]]] = e["armies"]
            elif effect == "abandon" and e.get("armies") is not None:
                t = ix[e["territory"]]
                self.owner[t], self.armies[t] = "neutral", e["armies"]
        elif kind == "unit_lost" and "to_neutral" in e:  # special units (issue 45): its owner out
            for name in e["to_neutral"]:
                self.owner[ix[name]] = "neutral"
        elif kind == "nuclear":
            for name in e["territories"]:
                t = ix[name]
                self.owner[t], self.armies[t] = "neutral", 1
        elif kind in ("neutral_infects", "neutral_takes_back"):  # neutrals that act (issue 45)
            t = ix[e["territory"]]
            self.owner[t], self.armies[t] = "neutral", e["armies"]
        elif kind == "neutral_grows":
            self.armies[ix[e["territory"]]] += e["armies"]
        elif kind == "capital_captured":
            captor = e["player"]
            if captor != "neutral":
                self.hand[captor] += e["cards_taken"]
            self.hand[e["victim"]] -= e["cards_taken"]
            for name in e["replaced"]:
                t = ix[name]
                self.owner[t], self.armies[t] = captor, 1
