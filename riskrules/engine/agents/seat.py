"""A seat any program can take: `cmd:PROGRAM ARGS` plays a seat by the JSON-lines seat protocol.

The program is started when the game starts (one process a seat), and talks over its standard
input and output (docs/seat-protocol.md; the messages: agents/seat_json.py): it is sent a hello,
the events its seat is told (as `--log-for` writes them: under fog only what it sees), and each
decision as a question with the seat's view; it answers each question with one line of JSON.
The engine checks every answer. It is a guest, as a plug-in is (agents/guest.py): at most
`timeout` seconds for each answer (the first: START_GRACE more, while it starts), and a program that exits, hangs, writes what is not JSON, a
line over MAX_LINE bytes or an answer that is not legal ends the game in one line (GameError)
naming the seat; the log so far is kept as for any error. Its standard error is discarded. The
command is run as the user typed it, without a shell (shlex's split), only when a person names it.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import shutil
import subprocess
import time
import weakref
from typing import Any

from ..decisions import Decision
from ..errors import GameError
from .base import Agent
from .seat_json import answer_of, hello, question

PREFIX = "cmd:"
MAX_LINE = 1_000_000  # bytes of one answer line
MAX_NAME = 64  # characters of a name in a game log
START_GRACE = 5.0  # seconds the first answer may take beyond the time limit: the program starts then


def command_of(spec: str) -> list[str]:
    """The program and its arguments of `cmd:PROGRAM ARGS` (ValueError, one line, if none can be run)."""
    text = spec[len(PREFIX):]
    try:
        argv = shlex.split(text)
    except ValueError as err:
        raise ValueError(f"bot '{spec}': the command cannot be read ({err})") from None
    if not argv:
        raise ValueError(f"bot '{spec}': no command after cmd:")
    program = argv[0]
    found = shutil.which(program) if os.sep not in program else (program if os.access(program, os.X_OK) else None)
    if found is None:
        raise ValueError(f"bot '{spec}': no program {program} to run")
    return argv


class CommandSeat(Agent):
    """A seat played by a program over the seat protocol (see the module's docstring)."""

    proven = False  # every answer is checked
    hears = True  # the events its seat is told are passed on to the program

    def __init__(self, spec: str, timeout: float | None = None):
        self.argv = command_of(spec)
        self.kind = spec if len(spec) <= MAX_NAME else spec[:MAX_NAME - 1] + "…"
        self.timeout = timeout or None
        self.proc: subprocess.Popen | None = None
        self.pending: list[bytes] = []  # events told, sent with the next question
        self.asked = 0

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        self.launch()
        self._send([_line(hello(view, seat, rng.getrandbits(63)))], "the hello")

    def launch(self, error: type[Exception] = GameError) -> None:
        """The program started with its pipes (its input not blocking: a stalled reader cannot
        stall the game), stopped when this seat is gone; `error` says why it could not start."""
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, bufsize=0)
        except OSError as err:
            raise error(f"{self._who()} cannot be started: {err.strerror or err}") from None
        weakref.finalize(self, _stop, self.proc)
        os.set_blocking(self.proc.stdin.fileno(), False)
        self.buffer = b""

    def hear(self, event: dict) -> None:
        if event["type"] == "game_over":
            self.pending.append(_line({"type": "event", "event": event}))
            self.pending.append(_line({"type": "end", "winner": event.get("winner"), "reason": event.get("reason")}))
            try:
                self._send(self.pending, "the end")
            except GameError:
                pass  # (the game is over: a program gone by now loses nothing)
            self.pending = []
            _stop(self.proc, 1.0)
            return
        self.pending.append(_line({"type": "event", "event": event}))

    def decide(self, d: Decision) -> Any:
        self.asked += 1
        lines = self.pending
        self.pending = []
        lines.append(_line(question(d, d.view if d.view is not None else self.view, self.asked)))
        deadline = self._send(lines, d.kind)
        if deadline is not None and self.asked == 1:
            deadline += START_GRACE
        text = self._read(deadline, d.kind)
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            shown = text.decode("utf-8", "replace").strip()
            shown = shown if len(shown) <= 40 else shown[:39] + "…"
            raise GameError(f"{self._who()} answered {d.kind} with a line that is not JSON: {shown!r}") from None
        return answer_of(value)

    # ---- the pipes ---------------------------------------------------------------------------------------

    def _send(self, lines: list[bytes], what: str) -> float | None:
        """Writes `lines` to the program, within the time limit; the deadline of its answer."""
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        data = b"".join(lines)
        fd = self.proc.stdin.fileno()
        while data:
            if not select.select([], [fd], [], _left(deadline))[1]:
                raise GameError(f"{self._who()} did not read {_what(what)} {self._late()}")
            try:
                data = data[os.write(fd, data):]
            except (BrokenPipeError, ConnectionResetError):
                raise GameError(f"{self._who()} ended before {_what(what)}{self._code()}") from None
        return deadline

    def _read(self, deadline: float | None, kind: str) -> bytes:
        """One line from the program (without its end), within the time limit."""
        fd = self.proc.stdout.fileno()
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line, self.buffer = self.buffer[:end], self.buffer[end + 1:]
                if len(line) > MAX_LINE:
                    break
                return line
            if len(self.buffer) > MAX_LINE:
                break
            if not select.select([fd], [], [], _left(deadline))[0]:
                raise GameError(f"{self._who()} did not answer {kind} {self._late()}")
            data = os.read(fd, 1 << 16)
            if not data:
                raise GameError(f"{self._who()} ended without answering {kind}{self._code()}")
            self.buffer += data
        raise GameError(f"{self._who()} answered {kind} with a line over {MAX_LINE:,} bytes")

    def _who(self) -> str:
        return f"{self.view.names[self.seat]} ({self.kind})"

    def _late(self) -> str:
        return f"within {self.timeout:g} s (--bot-timeout)"

    def _code(self) -> str:
        try:
            code = self.proc.wait(0.5)
        except subprocess.TimeoutExpired:
            return ""
        return f" (exit code {code})"


def _what(what: str) -> str:
    return what if what.startswith("the ") else f"the {what} question"


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def _line(message: dict) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def _stop(proc: subprocess.Popen, grace: float = 0.0) -> None:
    """The program's input closed (it may end by itself within `grace` seconds), then it is killed."""
    try:
        proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    for pipe in (proc.stdout,):
        try:
            pipe.close()
        except OSError:
            pass
