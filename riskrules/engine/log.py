"""The game log: JSON Lines, one event per line, complete enough to rebuild the board.

Every line has `type` and `turn` (0 during setup) and, where it applies, `player`.
`Tracker` rebuilds owner and armies of every territory, and every hand size, from the
lines alone; `read_log` refuses a damaged or foreign file with a clear message.
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


def line_of(event: dict) -> str:
    """One event as its log line (without the newline): compact, key order as emitted."""
    return _ENCODE(event)


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


def write_atomically(path: Path, lines: Iterable[str]) -> None:
    """Write a file so that a crash leaves either the old file or the new one, never half;
    OutputError naming `path` if it cannot be written."""
    write_lines(path, lines)


def read_log(path: Path) -> list[dict]:
    """The events of a game log, its header checked; GameError if the file is not a whole
    riskrules log. The events are checked once the rules are known (`replay.load`)."""
    label = str(path)
    try:
        text = read_text(Path(path), label, MAX_LOG_BYTES, "a game log")
    except Unreadable as err:
        message = str(err)
        if "not UTF-8" in message:
            message = f"{label}: not a riskrules game log (not UTF-8 text)"
        raise GameError(message) from None
    events = parse_log(text, label)
    check_header(events[0], label, LOG_FORMAT)
    return events


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
        elif kind == "battle":
            self.armies[ix[e["from"]]] -= e["attacker_losses"]
            self.armies[ix[e["to"]]] -= e["defender_losses"]
        elif kind == "conquest":
            source, target = ix[e["from"]], ix[e["to"]]
            self.armies[source] -= e["moved"]
            self.owner[target], self.armies[target] = e["player"], e["moved"]
        elif kind == "fortify":
            self.armies[ix[e["from"]]] -= e["armies"]
            self.armies[ix[e["to"]]] += e["armies"]
        elif kind == "card_drawn":
            self.hand[e["player"]] += 1
        elif kind == "elimination":
            by = e["by"]
            if by in self.hand and by != "neutral":
                self.hand[by] += e["cards_taken"]
            self.hand[e["player"]] = 0  # a victim hands over every card
        elif kind == "capital_captured":
            captor = e["player"]
            if captor != "neutral":
                self.hand[captor] += e["cards_taken"]
            self.hand[e["victim"]] -= e["cards_taken"]
            for name in e["replaced"]:
                t = ix[name]
                self.owner[t], self.armies[t] = captor, 1
