"""`risk serve` against slow and many clients (riskrules/web/connections.py): a request's headers
and its body are each cut at their deadline (quietly), and so is a client that leaves its answers
unread; one address holds at most --max-per-address (its longest waiting dropped for a new one
once it has waited a second, else the new one refused); the server goes on answering others at
once; running out of file descriptors is one line in the log, not a traceback per try.

The server runs as `risk serve` does (a process of its own, so that its limit on open files can be
lowered); the slow connections come from 127.0.0.2, the normal client from 127.0.0.1."""

from __future__ import annotations

import http.client
import re
import resource
import socket
import subprocess
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from conftest import RISK

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


@pytest.mark.parametrize("args, line", [
    (["--max-connections", "0"], "risk: --max-connections 0: from 1 to 1000000"),
    (["--max-per-address", "0"], "risk: --max-per-address 0: from 1 to 1000000"),
    (["--header-timeout", "0"], "risk: --header-timeout 0.0: from 0.1 to 3600 seconds"),
    (["--body-timeout", "5000"], "risk: --body-timeout 5000.0: from 0.1 to 3600 seconds"),
])
def test_mistakes_are_one_line(args, line, tmp_path):
    result = runner.invoke(app, ["serve", "--games", str(tmp_path / "g"), *args])
    assert result.exit_code == 1
    assert result.stderr.strip() == line


def test_help_names_the_bounds():
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--max-connections", "--max-per-address", "--header-timeout", "--body-timeout"):
        assert option in result.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lobby(port: int) -> tuple[int, float]:
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    return response.status, time.monotonic() - start


class Serving:
    """`risk serve` in a process of its own, its open files limited to `files`."""

    def __init__(self, tmp: Path, options: list[str], files: int | None = None):
        self.port, self.games = free_port(), tmp / "games"
        self.out, self.err = tmp / "out", tmp / "err"

        def limited() -> None:
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        with open(self.out, "wb") as o, open(self.err, "wb") as e:
            self.process = subprocess.Popen(
                [*RISK, "serve", "--port", str(self.port), "--games", str(self.games),
                 *options], cwd=ROOT, stdout=o, stderr=e, preexec_fn=limited)
        end = time.monotonic() + 30
        while True:
            try:
                if lobby(self.port)[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < end and self.process.poll() is None, self.err.read_text()
            time.sleep(0.1)

    def stop(self) -> tuple[str, str]:
        self.process.terminate()
        self.process.wait(15)
        return self.out.read_text(), self.err.read_text()


def slow_connections(port: int, count: int) -> list[socket.socket]:
    """`count` connections from 127.0.0.2, each having sent the first line of a request."""
    made = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.0.2", 0))
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET / HTTP/1.1\r\n")
        made.append(s)
    return made


def closed(s: socket.socket) -> bool:
    """Whether the server has closed the connection (reading, without waiting, what it was sent)."""
    try:
        while s.recv(4096, socket.MSG_DONTWAIT):
            pass
        return True
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_an_address_holds_its_bound_and_a_slow_request_is_cut_at_the_deadline(tmp_path):
    server = Serving(tmp_path, ["--max-per-address", "20", "--header-timeout", "3", "--body-timeout", "2",
                                "--rate", "100000"])  # (the requests' rate is not what is tested here)
    try:
        start = time.monotonic()
        body = socket.create_connection(("127.0.0.1", server.port))  # a new game's body, 10 bytes of 100
        origin = f"http://127.0.0.1:{server.port}"
        body.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {origin}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"players\"".encode())
        slow = slow_connections(server.port, 60)
        time.sleep(0.3)
        # 20 held; the others refused, since none of the 20 has waited a second yet
        assert [i for i, s in enumerate(slow) if not closed(s)] == list(range(20))
        status, took = lobby(server.port)  # another address is answered at once
        assert status == 200 and took < 1.0
        for _ in range(30):  # uvicorn's warning of each: once in the log
            with socket.create_connection(("127.0.0.1", server.port)) as garbage:
                garbage.sendall(b"\x00\x01 not HTTP\r\n\r\n")
                assert garbage.recv(12) == b"HTTP/1.1 400"
        time.sleep(max(0.0, start + 1.3 - time.monotonic()))
        slow += slow_connections(server.port, 5)  # each drops the longest waiting of the 20
        time.sleep(0.3)
        assert [i for i, s in enumerate(slow) if not closed(s)] == list(range(5, 20)) + list(range(60, 65))
        assert not closed(body)
        unread = socket.socket()  # 400 requests for a script at once, their answers (8 MB) left unread
        unread.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        unread.bind(("127.0.0.3", 0))
        unread.connect(("127.0.0.1", server.port))
        unread.sendall(f"GET /static/table.js HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode() * 400)
        time.sleep(max(0.0, start + 3.6 - time.monotonic()))  # the 20's deadline has passed, not the 5 new ones'
        assert [i for i, s in enumerate(slow) if not closed(s)] == list(range(60, 65))
        assert closed(body)  # (its body's deadline, 2 s after the headers, has passed: cut, and nothing logged)
        time.sleep(max(0.0, start + 5.0 - time.monotonic()))
        assert [i for i, s in enumerate(slow) if not closed(s)] == []
        assert closed(unread)  # (its answers stalled for longer than --body-timeout)
        assert lobby(server.port)[0] == 200
        for s in slow + [body, unread]:
            s.close()
    finally:
        out, err = server.stop()
    assert out == (f"risk serve: http://127.0.0.1:{server.port}/ — games kept in {server.games}/ (Ctrl-C stops; "
                   "they go on when it starts again)\n")
    # (each once: the next such line would come a minute later, saying how many times since)
    assert err == ("risk serve: warning: a connection of 127.0.0.2 refused: it holds 20 (--max-per-address), none of "
                   "them waiting long for a request\nWARNING:  Invalid HTTP request received.\n")


def test_out_of_descriptors_is_one_line_and_it_goes_on_answering(tmp_path):
    # more connections allowed than the process has descriptors for: accept() itself fails
    server = Serving(tmp_path, ["--max-per-address", "1000", "--max-connections", "1000", "--header-timeout", "1.5"],
                     files=64)
    try:
        slow = slow_connections(server.port, 150)
        time.sleep(1.0)  # (the held ones have waited long enough to be dropped for a new one)
        status, took = lobby(server.port)
        assert status == 200 and took < 2.0
        time.sleep(2.0)
        assert [i for i, s in enumerate(slow) if not closed(s)] == []
        statuses = [lobby(server.port)[0] for _ in range(5)]
        assert statuses == [200] * 5
        for s in slow:
            s.close()
    finally:
        out, err = server.stop()
    lines = err.splitlines()
    assert len(lines) == 1, err[:3000]
    assert re.fullmatch(r"risk serve: warning: out of file descriptors \(Too many open files\) with \d+ connections "
                        r"held: the longest waiting are dropped, new ones refused until there is room", lines[0])


def test_an_address_is_counted_as_its_host():
    from riskrules.web.connections import address_key

    assert [address_key(a) for a in ("10.1.2.3", "::ffff:10.1.2.3", "2001:db8::1", "2001:db8::2:1", "::1",
                                     "fe80::1%eth0", "")] == [
        "10.1.2.3", "10.1.2.3", "2001:db8::/64", "2001:db8::/64", "::1", "fe80::/64", ""]


def test_a_kind_of_line_is_written_once_a_minute_with_a_count(monkeypatch):
    import logging

    from riskrules.web import connections

    now = [1000.0]
    monkeypatch.setattr(connections.time, "monotonic", lambda: now[0])
    said: list[str] = []
    report = connections.Reporter(said.append)
    quiet = connections.QuietRepeats()
    records = []
    for second in (0, 1, 30, 59, 60, 61, 125):
        now[0] = 1000.0 + second
        report("descriptors", "out of file descriptors")
        record = logging.LogRecord("uvicorn.error", logging.WARNING, "", 0, "Invalid HTTP request received.", (), None)
        if quiet.filter(record):
            records.append(record.getMessage())
    assert said == ["out of file descriptors", "out of file descriptors (3 more since the last such line)",
                    "out of file descriptors (1 more since the last such line)"]
    assert records == ["Invalid HTTP request received.",
                       "Invalid HTTP request received. (3 more since the last such line)",
                       "Invalid HTTP request received. (1 more since the last such line)"]
