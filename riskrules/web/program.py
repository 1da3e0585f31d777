"""A program at a served seat (`risk connect`): the seat protocol's lines for a person's seat, kept.

Each person's seat of a hosted game keeps the lines the seat protocol (docs/seat-protocol.md)
sends a program: the hello, the events the seat is told, the question put to it now, the end —
made from the seat's own view, as `--bot cmd:` makes them. A question answered is dropped from
the lines (its place kept, so that a line's number never changes, across a restart too): a
program that connects later is sent the hello, every event, and only the question put up now. Written in the game's
thread, read by the server's (`since`, under a lock).

Until a program first comes to the seat, an event's line is only its place (TOLD): a seat that no
program plays costs a pointer a line, not the text of a log. When one comes (`keep`), the events
the seat was told so far are made again from the game's save (replay.seat_stream: the game
replayed, each event as the seat was told it) into their places, and kept from then on; after a
restart, until a program comes again.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable

from ..engine.agents.seat_json import hello, question
from ..engine.decisions import Decision


TOLD = False  # the place of an event's line not kept (no program has come to the seat yet)


def _text(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Stream:
    def __init__(self, view, seat: int, rng: random.Random, wake: Callable[[], None]):
        drawn = random.Random()
        drawn.setstate(rng.getstate())  # (a copy: the seat's own random source is left as it was)
        self.lines: list[str | None] = [_text(hello(view, seat, drawn.getrandbits(63)))]
        self.lock = threading.Lock()
        self.asked_at: int | None = None
        self.wake = wake
        self.ended = False  # (the end's line written: the last)
        self.kept = False  # (the events' lines kept: a program has come to the seat)

    def hear(self, event: dict) -> None:
        """An event as the seat is told it (Game.teller); the end after the game's end, and nothing
        after it (as `--bot cmd:` tells a program: the fog lifted at the end is not told)."""
        with self.lock:
            if self.ended:
                return
            self.ended = event["type"] == "game_over"
            self.lines.append(_text({"type": "event", "event": event}) if self.kept else TOLD)
            if event["type"] == "game_over":
                self.lines.append(_text({"type": "end", "winner": event.get("winner"), "reason": event.get("reason")}))
        if event["type"] == "game_over":
            self.wake()

    def ask(self, d: Decision, view, number: int) -> None:
        with self.lock:
            self.asked_at = len(self.lines)
            self.lines.append(_text(question(d, view, number)))

    def skip(self) -> None:
        """A question answered again from the answers kept (a resumed game): its place, so that every
        line keeps the number it had before the restart."""
        with self.lock:
            self.lines.append(None)

    def answered(self) -> None:
        with self.lock:
            if self.asked_at is not None:
                self.lines[self.asked_at] = None
                self.asked_at = None

    def keep(self, told: Callable[[], list[dict]]) -> None:
        """From now on, the events' lines kept; those told so far made again by `told` (the events the
        seat was told, from the game's save: more than there are places yet is fine, the rest comes
        by `hear`). Called by the server's thread when a program comes; GameError from `told` leaves
        them as they were."""
        with self.lock:
            if self.kept:
                return
            places = [i for i, line in enumerate(self.lines) if line is TOLD]
            for i, event in zip(places, told()):
                self.lines[i] = _text({"type": "event", "event": event})
            self.kept = True

    def count(self) -> int:
        return len(self.lines)

    def since(self, n: int) -> tuple[int, list[str]]:
        """(the number of lines now, the lines from the n-th on)."""
        with self.lock:
            return len(self.lines), [line for line in self.lines[n:] if line]  # (not None, not TOLD)


def by_program(raw) -> bool:
    """Is a seat's answer a program's (`{"protocol": value}`: the value as the seat protocol gives it)?"""
    return type(raw) is dict and set(raw) == {"protocol"}
