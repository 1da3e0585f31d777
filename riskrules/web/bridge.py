"""`risk connect LINK --cmd "PROGRAM ARGS"`: a program on this machine plays a seat of a served game.

The program is the same as for `--bot cmd:` (docs/seat-protocol.md), run here with the same
guards (agents/seat.py: the time limit, a line that is not JSON or is too long, a program that
ends): the bridge reads the seat protocol's lines from the server (GET /api/games/ID/protocol,
a long poll), writes them to the program, and sends its answer to each question (POST, which
returns the next lines). The engine checks the answer on the server. Whatever goes wrong ends
the bridge with one line (BridgeError) and leaves the served game as it was: the question stays
put, for the seat's page or another `risk connect`. A 429 (the server's rate per seat) is waited
out, as its Retry-After says.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..engine.agents.seat import START_GRACE, CommandSeat, _stop
from ..engine.errors import GameError

WAIT = 60.0  # seconds a request may take (the server's long poll answers within 20)
MOST_BYTES = 64 * 1024 * 1024  # of one answer of the server's


class BridgeError(Exception):
    """Why the bridge stopped (one line)."""


def seat_link(link: str) -> tuple[str, str, str]:
    """(the server's address, the game's id, the seat's token) of a seat's link, as the lobby gives it:
    http://HOST:PORT/g/GAME#seat=TOKEN."""
    parts = urllib.parse.urlsplit(link)
    path = parts.path.strip("/").split("/")
    token = parts.fragment.removeprefix("seat=")
    if parts.scheme not in ("http", "https") or not parts.netloc or len(path) != 2 or path[0] != "g" \
            or not parts.fragment.startswith("seat=") or not token or "," in token:
        raise BridgeError(f"'{link}' is not a seat's link (http://HOST:PORT/g/GAME#seat=TOKEN, as the lobby gives it)")
    return f"{parts.scheme}://{parts.netloc}", path[1], token


class Relayed(CommandSeat):
    """The program, with `--bot cmd:`'s pipes and guards, named by the seat it plays."""

    def __init__(self, command: str, timeout: float | None):
        try:
            super().__init__("cmd:" + command, timeout)
        except ValueError as err:
            raise BridgeError(str(err)) from None
        self.name = "the program"

    def launch(self, error: type[Exception] = BridgeError) -> None:
        super().launch(error)

    def _who(self) -> str:
        return f"{self.name} ({self.kind})"


def connect(link: str, command: str, timeout: float | None, say=print) -> str:
    """Play the seat of `link` by `command` to the game's end; the end's line ("blue won: …")."""
    server, gid, token = seat_link(link)
    program = Relayed(command, timeout)
    program.launch()
    address = f"{server}/api/games/{gid}/protocol"
    since, answer, asked, kind = 0, None, 0, ""
    try:
        while True:
            status, data = _request(address, token, since, answer)
            if status == 429:
                time.sleep(float(data.get("retry", 1)))
                continue
            if status == 422 and answer is not None:
                raise BridgeError(f"{program._who()} answered {json.dumps(answer['answer'])} to {kind}: "
                                  f"{data.get('error')} (the question stays put on the server)")
            answer = None
            if status == 409:  # (the question was answered otherwise: from the seat's page)
                continue
            if status != 200:
                raise BridgeError(f"the server answered {status}: {data.get('error', 'no reason given')}")
            since = data["next"]
            lines = data["lines"]
            for message in lines:
                if message.get("type") == "hello":
                    program.name = message.get("name", program.name)
            last = lines[-1] if lines else {}
            try:
                deadline = program._send([_line(m) for m in lines], _what(last)) if lines else None
                if last.get("type") == "question":
                    asked += 1
                    if deadline is not None and asked == 1:
                        deadline += START_GRACE
                    kind = last["kind"]
                    answer = {"question": last["id"], "answer": _value(program, program._read(deadline, kind), kind)}
            except GameError as err:
                raise BridgeError(f"{err} (the question stays put on the server)") from None
            if last.get("type") == "end":
                _stop(program.proc, 1.0)
                winner, reason = last.get("winner"), last.get("reason")
                return f"the game is over: {winner + ' won' if winner else 'no winner'} ({reason})"
            if "error" in data:
                raise BridgeError(f"the served game stopped: {data['error']}")
    finally:
        _stop(program.proc, 0.0)


def _what(last: dict) -> str:
    return last["kind"] if last.get("type") == "question" else "the game's lines"


def _line(message: Any) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def _value(program: Relayed, text: bytes, kind: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        shown = text.decode("utf-8", "replace").strip()
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise GameError(f"{program._who()} answered {kind} with a line that is not JSON: {shown!r}") from None


def _request(address: str, token: str, since: int, answer: dict | None) -> tuple[int, dict]:
    """(status, the JSON answered) of one request; BridgeError if the server cannot be reached."""
    body = None if answer is None else json.dumps(answer).encode()
    request = urllib.request.Request(f"{address}?since={since}", data=body, method="GET" if body is None else "POST",
                                     headers={"X-Risk-Seat": token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status, json.loads(response.read(MOST_BYTES))
    except urllib.error.HTTPError as err:
        try:
            data = json.loads(err.read(MOST_BYTES))
        except ValueError:
            data = {}
        if err.code == 429:
            data["retry"] = err.headers.get("Retry-After", "1")
        return err.code, data if isinstance(data, dict) else {}
    except (urllib.error.URLError, OSError, ValueError) as err:
        reason = getattr(err, "reason", err)
        raise BridgeError(f"cannot reach {address}: {reason}") from None
