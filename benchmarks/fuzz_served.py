"""Fuzz kind `served`: hostile programs at a seat of a served game (`risk serve`, the protocol's
long poll at /api/games/ID/protocol, `risk connect LINK --cmd`).

A case is the hostile client of fuzz_seats.py (crash, hang, garbage, huge lines, illegal answers,
noise: its module says what each is) and a game of three seats, one of them a person's, made on a
`risk serve` that the campaign starts once (a child process on a free loopback port, its games in
the campaign's directory, `--pace 0 --away 0`). `risk connect` runs the client at the person's seat.

The verdict: `risk connect` ends with exit 0 and its one line `risk connect: the game is over: …`,
or with exit 1 and ONE line on stderr, `risk: …`, naming the program, at most 1,000 characters,
never a traceback. Then the served game has lost nothing: it waits at a question for that seat
(the protocol's last line), its lines read before are the first lines read after, and a second
`risk connect` with the reference client (docs/clients/random_client.py) plays it to its end,
whose log replays (`risk replay`). Anything else is a failure: a crash (a traceback, lines, an
exit code), a hang (no end within the child's time limit) or accepted-then-failed (the game did
not wait, did not go on, or its log does not replay).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import fuzz_plugins
import fuzz_seats
from fuzz import Verdict, pick

DESCRIPTION = "programs at a served seat (risk serve, risk connect --cmd)"
GENERATORS = fuzz_seats.GENERATORS
ONLY: list[str] = []
GAMES = ["three-isles", "classic", "fog-normal"]
ROOT = Path(__file__).resolve().parent.parent
REFERENCE = f"{sys.executable} {ROOT / 'docs/clients/random_client.py'}"
CHILD_TIMEOUT = fuzz_plugins.CHILD_TIMEOUT
_server: dict = {}  # the campaign's `risk serve`: its address (and in the campaign, its process)


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    """Starts the campaign's `risk serve` (in the campaign's process: no limit of a case's on it)."""
    port = _free_port()
    games = work / "served-games"
    proc = subprocess.Popen([sys.executable, "-m", "riskrules", "serve", "--port", str(port), "--games", str(games),
                             "--pace", "0", "--away", "0", "--rate", "10000", "--new-games", "100000",
                             "--max-games", "10000"], cwd=ROOT, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_ends_with_parent)
    _server.update(proc=proc, host="127.0.0.1", port=port, games=games)
    end = time.monotonic() + 60
    while True:
        try:
            _request("GET", "/api/catalog")
            break
        except OSError:
            if time.monotonic() > end or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("risk serve did not start within 60 s") from None
            time.sleep(0.1)
    (work / "served.json").write_text(json.dumps({"port": port, "games": str(games)}), encoding="utf-8")


def teardown(work: Path) -> None:
    proc = _server.pop("proc", None)
    if proc is not None:
        proc.kill()
        proc.wait()


def generate(rng: random.Random, index: int, case: Path) -> str:
    fam = pick(rng, GENERATORS, ONLY)
    fuzz_seats.ONLY[:] = [fam]  # (the same client as fuzz_seats makes, of this family)
    try:
        label = fuzz_seats.generate(rng, index, case)
    finally:
        fuzz_seats.ONLY[:] = []
    label = label.split(";")[0]
    game = json.loads((case / "game.json").read_text(encoding="utf-8"))
    served = {"edition": rng.choice(GAMES), "person": rng.randrange(3), "seed": rng.randrange(10 ** 6),
              "max_turns": rng.choice([2, 3, 5]), "bot_timeout": game["bot_timeout"]}
    (case / "game.json").write_text(json.dumps(served), encoding="utf-8")
    return f"{label}; served {served['edition']}, seat {served['person']}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _ends_with_parent() -> None:
    import ctypes
    import signal

    ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the server ends with the campaign


def _request(method: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
    connection = http.client.HTTPConnection(_server["host"], _server["port"], timeout=60)
    try:
        headers = {"Content-Type": "application/json", **({"X-Risk-Seat": token} if token else {})}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read() or b"{}")
    finally:
        connection.close()


def _connect(link: str, command: str, timeout: float, case: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "riskrules", "connect", link, "--cmd", command, "--bot-timeout",
                           str(timeout)], cwd=case, capture_output=True, text=True, errors="replace",
                          timeout=CHILD_TIMEOUT, env=env, stdin=subprocess.DEVNULL)


def run(case: Path, work: Path) -> Verdict:
    game = json.loads((case / "game.json").read_text(encoding="utf-8"))
    if "port" not in _server:  # (in a worker: the campaign's server)
        served = json.loads((work / "served.json").read_text(encoding="utf-8"))
        _server.update(host="127.0.0.1", port=served["port"], games=Path(served["games"]))
    host, port = _server["host"], _server["port"]
    seats = ["random"] * 3
    seats[game["person"]] = "human"
    status, made = _request("POST", "/api/games", {"edition": game["edition"], "players": 3, "seats": seats,
                                                  "seed": game["seed"], "max_turns": game["max_turns"]})
    if status != 201:
        return Verdict("crash", f"the server did not make the game: {status} {made}", 0.0)
    gid = made["id"]
    link = f"http://{host}:{port}" + made["seats"][0]["link"]  # (the person's: the one seat listed)
    token = link.rsplit("#seat=", 1)[1]
    command = "python3 client.py"  # (run in the case's directory: the one line names it whole)
    try:
        done = _connect(link, command, game["bot_timeout"], case)
    except subprocess.TimeoutExpired:
        return Verdict("hang", f"risk connect: no end within {CHILD_TIMEOUT} s", 0.0)
    said = f"$ risk connect {link} --cmd '{command}'\nexit {done.returncode}\n--- stdout (end)\n" \
           f"{done.stdout[-3000:]}\n--- stderr (end)\n{done.stderr[-6000:]}"
    out_lines, err_lines = done.stdout.splitlines(), done.stderr.splitlines()
    if "Traceback (most recent call last)" in done.stderr:
        return Verdict("crash", "a traceback\n" + said, 0.0)
    if done.returncode == 0:
        if out_lines[-1:] != [line for line in out_lines if line.startswith("risk connect: the game is over: ")]:
            return Verdict("crash", "exit 0 but not one line 'risk connect: the game is over: …'\n" + said, 0.0)
        outcome, detail = "accepted", out_lines[-1]
    elif done.returncode == 1:
        if len(err_lines) != 1 or not err_lines[0].startswith("risk: ") or "client.py" not in err_lines[0]:
            return Verdict("crash", "exit 1 without one 'risk: …' line naming the program\n" + said, 0.0)
        if len(err_lines[0]) > fuzz_plugins.MAX_LINE:
            return Verdict("crash", f"exit 1 with a line of {len(err_lines[0]):,} characters\n" + said[:4000], 0.0)
        outcome, detail = "refused", err_lines[0][:300]
        before = _request("GET", f"/api/games/{gid}/protocol?since=0", token=token)[1].get("lines", [])
        if not before or before[-1].get("type") not in ("question", "end"):
            return Verdict("accepted_then_failed", "the game does not wait at a question for the seat\n" + said, 0.0)
        try:
            again = _connect(link, REFERENCE, 20, case)
        except subprocess.TimeoutExpired:
            return Verdict("hang", f"risk connect (the reference client, after): no end within {CHILD_TIMEOUT} s", 0.0)
        if again.returncode != 0:
            return Verdict("accepted_then_failed", f"the game did not go on after: exit {again.returncode}\n"
                           f"{again.stderr[-2000:]}\n" + said, 0.0)
        after = _request("GET", f"/api/games/{gid}/protocol?since=0", token=token)[1].get("lines", [])
        if after[:len(before) - 1] != before[:-1]:
            return Verdict("accepted_then_failed", "the lines read before are not the first lines after\n" + said, 0.0)
    else:
        return Verdict("crash", f"exit {done.returncode}, neither 0 with its line nor 1 with one line\n" + said, 0.0)
    log = _server["games"] / f"{gid}.jsonl"
    end = time.monotonic() + 30
    while not log.is_file() and time.monotonic() < end:  # (the game's thread writes it after the end's line)
        time.sleep(0.05)
    if not log.is_file():
        return Verdict("accepted_then_failed", "no log written at the game's end\n" + said, 0.0)
    replayed = fuzz_plugins._risk(["replay", str(log)], case)
    if replayed.returncode != 0 or "Traceback" in replayed.stderr:
        return Verdict("accepted_then_failed", f"the game log does not replay: exit {replayed.returncode}\n"
                       f"{replayed.stdout[-2000:]}{replayed.stderr[-4000:]}\n" + said, 0.0)
    return Verdict(outcome, detail, 0.0)
