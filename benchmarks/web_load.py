"""`risk serve` under load, on this machine only: many games at once, each with a simulated person
answering through HTTP (long polls and answers, as the page does) and bots in the other seats;
in the middle the server is killed (SIGKILL) and started again on the same directory.

Reported: the latency of an answer (the POST, until the game's thread has taken it) at the 50th
and 99th percentile, and of a state request that finds a change waiting; the server's memory
(resident set, sampled each second); every HTTP status seen; games finished, and games lost
(unfinished at the kill and not going on after the restart, or whose log does not replay).

    python benchmarks/web_load.py                      # 50 games at once for 3 minutes, killed at 90 s
    python benchmarks/web_load.py --games 10 --seconds 30 --kill-at 15    # a short look

Traffic goes only to 127.0.0.1, the requests are bounded in count (--most-answers) and time (--seconds).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from webclient import Client, choose  # noqa: E402  (the tests' client: raw HTTP and a legal answer to each question)

from riskrules.engine.replay import replay  # noqa: E402

EDITIONS = ("nl-1990", "sv-2000", "de-deluxe", "nl-modern", "cs-riziko", "classic")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, games: Path, port: int):
        self.games, self.port = games, port
        self.process: subprocess.Popen | None = None
        self.rss: list[int] = []

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "riskrules", "serve", "--port", str(self.port), "--games", str(self.games),
             "--pace", "0", "--rate", "100000", "--new-games", "100000", "--max-games", "1000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.process.stdout.readline()
        client = Client(f"http://127.0.0.1:{self.port}", timeout=5)
        end = time.monotonic() + 120
        while time.monotonic() < end:
            try:
                if client.request("GET", "/api/catalog")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("the server did not start")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.kill()

    def sample(self) -> None:
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    self.rss.append(int(line.split()[1]) * 1024)
        except OSError:
            pass


class Load:
    def __init__(self, args, url: str):
        self.args = args
        self.client = Client(url, timeout=30)
        self.lock = threading.Lock()
        self.answer_ms: list[float] = []
        self.state_ms: list[float] = []
        self.statuses: Counter = Counter()
        self.games: dict[str, dict] = {}  # id → the game's record: its token, finished
        self.down = threading.Event()  # the server is being killed and started again
        self.stopping = threading.Event()
        self.answers = 0
        self.created = 0

    def count(self, status: int) -> None:
        with self.lock:
            self.statuses[status] += 1

    def request(self, call, *args):
        """A request, tried again while the server is down (connection refused or reset)."""
        while not self.stopping.is_set():
            try:
                return call(*args)
            except (OSError, http.client.HTTPException):  # (refused, reset, or cut off by the kill)
                self.count("connection error (server down)" if self.down.is_set() else "connection error")
                time.sleep(0.2)
        return None, None

    def person(self, k: int) -> None:
        rng = random.Random(self.args.seed * 1000 + k)
        while not self.stopping.is_set():
            edition = EDITIONS[rng.randrange(len(EDITIONS))]
            status, made = self.request(self.client.post, "/api/games", {
                "edition": edition, "players": 3, "seats": ["human", "balanced", "balanced"],
                "seed": rng.randrange(1, 2**31), "lang": "en"})
            if status is None:
                return
            self.count(status)
            if status != 201:
                time.sleep(1)
                continue
            gid, token = made["id"], made["seats"][0]["token"]
            with self.lock:
                self.created += 1
                self.games[gid] = {"token": token, "finished": False, "edition": edition}
            self.play(gid, token, rng)

    def play(self, gid: str, token: str, rng: random.Random) -> None:
        version = 0
        while not self.stopping.is_set():
            start = time.perf_counter()
            status, body = self.request(self.client.state, gid, token, version)
            if status is None:
                return
            self.count(status)
            if status != 200:
                time.sleep(0.5)
                continue
            if body["versions"]["0"] != version:
                with self.lock:
                    self.state_ms.append((time.perf_counter() - start) * 1000)
            version = body["versions"]["0"]
            state = body["seats"]["0"]
            if state is None:
                continue
            if state["over"] or state["error"]:
                with self.lock:
                    self.games[gid]["finished"] = True
                    self.games[gid]["error"] = state["error"]
                return
            decision = state.get("decision")
            if decision is None:
                continue
            time.sleep(self.args.think * rng.random())
            answer = choose(decision, state, rng)
            start = time.perf_counter()
            status, _ = self.request(self.client.answer, gid, token, 0, decision["number"], answer)
            if status is None:
                return
            self.count(status)
            if status == 200:
                with self.lock:
                    self.answer_ms.append((time.perf_counter() - start) * 1000)
                    self.answers += 1
                    if self.answers >= self.args.most_answers:
                        self.stopping.set()
            elif status in (409, 422):
                version = max(0, version - 1)  # the same question (or the next) stands: look again


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games played at once (default 50)")
    parser.add_argument("--seconds", type=float, default=180, help="how long the load runs (default 180)")
    parser.add_argument("--kill-at", type=float, default=None, help="kill -9 the server after this many seconds "
                                                                    "(default: half way)")
    parser.add_argument("--think", type=float, default=0.3, help="a person's most thinking time, seconds (default 0.3)")
    parser.add_argument("--most-answers", type=int, default=200_000, help="stop after this many answers")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    kill_at = args.seconds / 2 if args.kill_at is None else args.kill_at

    games = Path(tempfile.mkdtemp(prefix="risk-load-"))
    port = free_port()
    server = Server(games, port)
    server.start()
    load = Load(args, f"http://127.0.0.1:{port}")
    people = [threading.Thread(target=load.person, args=(k,), daemon=True) for k in range(args.games)]
    began = time.monotonic()
    for person in people:
        person.start()
    killed = False
    unfinished_at_kill: list[str] = []
    rss_before: list[int] = []
    while time.monotonic() - began < args.seconds and not load.stopping.is_set():
        time.sleep(1)
        server.sample()
        if not killed and time.monotonic() - began >= kill_at:
            load.down.set()
            with load.lock:
                unfinished_at_kill = [gid for gid, g in load.games.items() if not g["finished"]]
            server.kill()
            rss_before, server.rss = server.rss, []
            server.start()
            load.down.clear()
            killed = True
    load.stopping.set()
    for person in people:
        person.join(40)
    # every game unfinished at the kill goes on after it: its page answers, and it is where its save was
    lost = []
    for gid in unfinished_at_kill:
        status, body = load.client.state(gid, load.games[gid]["token"])
        if status != 200 or body["seats"]["0"] is None or body["seats"]["0"]["error"]:
            lost.append(gid)
    server.stop()
    finished = [gid for gid, g in load.games.items() if g["finished"] and not g.get("error")]
    errors = [gid for gid, g in load.games.items() if g.get("error")]
    bad_logs = [gid for gid in finished if not replay(games / f"{gid}.jsonl").ok]
    figures = {
        "games_at_once": args.games, "seconds": args.seconds, "killed_at": kill_at if killed else None,
        "games_made": load.created, "games_finished": len(finished), "games_failed": len(errors),
        "unfinished_at_kill": len(unfinished_at_kill), "lost_after_restart": len(lost),
        "logs_that_do_not_replay": len(bad_logs), "answers": load.answers,
        "answer_ms_p50": round(percentile(load.answer_ms, 50), 1),
        "answer_ms_p99": round(percentile(load.answer_ms, 99), 1),
        "state_ms_p50": round(percentile(load.state_ms, 50), 1),
        "state_ms_p99": round(percentile(load.state_ms, 99), 1),
        "rss_mb_max_before_kill": round(max(rss_before or [0]) / 2**20, 1),
        "rss_mb_max_after_restart": round(max(server.rss or [0]) / 2**20, 1),
        "statuses": {str(k): v for k, v in sorted(load.statuses.items(), key=lambda kv: str(kv[0]))},
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:28} {value}")
    if lost or errors or bad_logs:
        raise SystemExit(f"lost: {lost}; failed: {errors}; logs that do not replay: {bad_logs}")


if __name__ == "__main__":
    main()
