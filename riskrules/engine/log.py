"""The game log: JSON Lines, one event per line, complete enough to rebuild the board.

Every line has `type` and `turn` (0 during setup) and, where it applies, `player`.
`Tracker` rebuilds owner and armies of every territory, and every hand size, from the
lines alone; `read_log` refuses a damaged or foreign file with a clear message.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import IO
from collections.abc import Iterable

from ..language.files import Unreadable, read_text
from .dice import GameError

MAX_LOG_BYTES = 200 * 1024 * 1024


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # made once: dumps() makes one a call


def line_of(event: dict) -> str:
    """One event as its log line (without the newline): compact, key order as emitted."""
    return _ENCODE(event)


class LogWriter:
    """Writes events to a file as they happen (`--log FILE`)."""

    def __init__(self, stream: IO[str]):
        self.stream = stream

    def __call__(self, event: dict) -> None:
        self.stream.write(line_of(event) + "\n")


def write_atomically(path: Path, lines: Iterable[str]) -> None:
    """Write a file so that a crash leaves either the old file or the new one, never half."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            for line in lines:
                out.write(line + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_log(path: Path) -> list[dict]:
    """The events of a game log; GameError if the file is not a whole riskrules log."""
    path = Path(path)
    try:
        text = read_text(path, str(path), MAX_LOG_BYTES, "a game log")
    except Unreadable as err:
        message = str(err)
        if "not UTF-8" in message:
            message = f"{path}: not a riskrules game log (not UTF-8 text)"
        raise GameError(message) from None
    if text and not text.endswith("\n"):
        raise GameError(f"{path}: damaged — its last line is cut off")
    events = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            if number == 1:
                raise GameError(f"{path}: not a riskrules game log") from None
            raise GameError(f"{path}: damaged — line {number} is not JSON") from None
        if not isinstance(event, dict) or "type" not in event or "turn" not in event:
            if number == 1:
                raise GameError(f"{path}: not a riskrules game log")
            raise GameError(f"{path}: damaged — line {number} is not a game event")
        events.append(event)
    if not events or events[0].get("type") != "game_start":
        raise GameError(f"{path}: not a riskrules game log (it does not begin with game_start)")
    header = events[0]
    for key in ("format", "edition", "seed", "players", "rules", "max_turns"):
        if key not in header:
            raise GameError(f"{path}: damaged — game_start lacks '{key}'")
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
