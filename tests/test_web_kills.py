"""Nothing a page was told is undone: `risk serve` killed (SIGKILL) at random moments of 10 games of
people and bots (20 a run in benchmarks/server_kills.py), and started again each time. Every answer
acknowledged (200) before a kill is in the game after it, and every state a page was shown is one the game went through: each game, played
to its end across the kills, is the game its answers make when nothing is killed (the same log, byte
for byte), and the states its pages were shown are, in order, states that game showed."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import threading
import time
from functools import lru_cache

from riskrules.language.loader import open_rulebook
from riskrules.web.hosted import HostedGame
from test_web_restart import free_port, serve
from webclient import Client, choose

# (a campaign runs this test again with other moments, more games and more kills: benchmarks/server_kills.py)
GAMES = int(os.environ.get("RISKRULES_KILL_GAMES", "10"))
KILLS = int(os.environ.get("RISKRULES_KILLS", "3"))
MOMENTS = int(os.environ.get("RISKRULES_KILL_SEED", "42"))
# (edition, seats): one turn each (max_turns 1), a few dozen answers a person
KINDS = [("sv-2000", ["human", "random", "random"]), ("de-deluxe", ["human", "balanced", "random"]),
         ("nl-1990", ["human", "human", "random"]), ("sv-2000", ["random", "human", "balanced"])]


class Person(threading.Thread):
    """A page's loop for one seat: polls, answers each question from its options; keeps every state it
    was shown and every answer it sent, acknowledged (200) or not known (the server died under it)."""

    def __init__(self, url: str, gid: str, token: str, seat: int, rng: random.Random):
        super().__init__(daemon=True)
        self.client = Client(url, timeout=30)
        self.gid, self.token, self.seat, self.rng = gid, token, seat, rng
        self.shown: list[dict] = []
        self.sent: list[tuple[dict, bool]] = []  # (answer, acknowledged)
        self.problem: str | None = None

    def run(self) -> None:
        version, key = 0, str(self.seat)
        while True:
            try:
                status, body = self.client.state(self.gid, self.token, version)
            except (OSError, http.client.HTTPException):  # (killed: until it is back)
                time.sleep(0.05)
                continue
            if status == 410:  # over, and its log written before a kill
                return
            if status == 503:
                continue
            if status != 200:
                self.problem = f"state: {status} {body}"
                return
            state, version = body["seats"][key], body["versions"][key]
            if state is None:
                continue
            self.shown.append(state)
            if state["error"]:
                self.problem = f"error: {state['error']}"
                return
            if state["over"]:
                return
            decision = state.get("decision")
            if decision is None:
                continue
            answer = choose(decision, state, self.rng)
            try:
                status, reply = self.client.answer(self.gid, self.token, self.seat, decision["number"], answer)
            except (OSError, http.client.HTTPException):
                self.sent.append((answer, False))
                continue
            if status in (200, 503):  # (503: not taken in time; it may be taken still)
                self.sent.append((answer, status == 200))
            elif status == 422:  # refused by the rules: the same question stands
                version -= 1
            elif status != 409:  # (409: a question put before a restart)
                self.problem = f"answer: {status} {reply}"
                return


def kept(sent: list[tuple[dict, bool]], taken: list[dict]) -> bool:
    """Is `taken` what `sent` leaves when only answers not acknowledged are left out?"""

    @lru_cache(maxsize=None)
    def fits(i: int, j: int) -> bool:
        if i == len(sent):
            return j == len(taken)
        answer, acknowledged = sent[i]
        if j < len(taken) and taken[j] == answer and fits(i + 1, j + 1):
            return True
        return not acknowledged and fits(i + 1, j)

    return fits(0, 0)


def unkilled(directory, edition: str, seats: list[str], seed: int, answers: list[list]):
    """The game these answers make when nothing is killed: its log's text, and every state each
    person's page was given, in order."""
    rules = open_rulebook(edition).rules(None, len(seats))
    host = HostedGame.new("0" * 16, directory, rules, edition, {}, seats, seed, "en", 0.0, 1, True)  # (as the server makes it)
    published: dict[int, list[dict]] = {s: [] for s in host.humans}
    last: dict[int, int] = {}

    def notify() -> None:
        for s in host.humans:
            version, state = host.shown(s)
            if state is not None and last.get(s) != version:
                last[s] = version
                published[s].append(state)

    host.notify = notify
    host.save = host.keep_answers = lambda: None  # (only its log is compared: written at the end)
    host.start()
    for seat, answer in answers:
        end = time.monotonic() + 30
        while host.asking is None:
            assert not host.finished and time.monotonic() < end, "the game ended before all its answers were given"
            time.sleep(0.001)
        assert host.asking[1].seat == seat
        taken = host.answer(seat, host.asking[0], answer).result(30)
        assert taken.refused is None and not taken.stale and taken.unsaved is None
    host.thread.join(30)
    assert host.result is not None
    return (directory / f"{'0' * 16}.jsonl").read_text(), published


def plain(state: dict) -> str:
    """A state without what is numbered anew after a restart (its version, its question's number, its
    replay's key)."""
    state = {k: v for k, v in state.items() if k != "version"}
    if state.get("over"):  # (at the end: the replay's key is drawn anew, and a new game's settings are the lobby's)
        state["over"] = {k: v for k, v in state["over"].items() if k not in ("replay", "again")}
    if state.get("decision"):
        state["decision"] = {k: v for k, v in state["decision"].items() if k != "number"}
    return json.dumps(state, sort_keys=True)


def in_order(shown: list[str], published: list[str]) -> bool:
    i = 0
    for state in shown:
        while i < len(published) and published[i] != state:
            i += 1
        if i == len(published):
            return False
    return True


def test_killed_at_random_moments_nothing_told_is_undone(tmp_path):
    games = tmp_path / "games"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    options = ("--chosen-seeds", "--new-games", "100000")
    rng = random.Random(MOMENTS)
    server = serve(games, port, *options)
    try:
        client = Client(url)
        made, people = [], []
        for k in range(GAMES):
            edition, seats = KINDS[k % len(KINDS)]
            game = client.create(edition=edition, players=len(seats), seats=seats, seed=MOMENTS * 100 + k, lang="en",
                                 max_turns=1)
            made.append((game["id"], edition, seats, MOMENTS * 100 + k))
            people += [Person(url, game["id"], s["token"], s["seat"], random.Random(MOMENTS * 1000 + k * 10 + s["seat"]))
                       for s in game["seats"]]
        for person in people:
            person.start()
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.2, 1.2))
            server.send_signal(signal.SIGKILL)
            server.wait(10)
            server = serve(games, port, *options)
        for person in people:
            person.join(60)
            assert not person.is_alive() and person.problem is None, (person.gid, person.problem)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    acknowledged = sum(a for p in people for _, a in p.sent)
    assert acknowledged >= 200
    for gid, edition, seats, seed in made:
        answers = json.loads((games / f"{gid}.answers.json").read_text())["answers"]
        mine = [p for p in people if p.gid == gid]
        for person in mine:  # every answer acknowledged is taken, in the order sent; only the others may be missing
            assert kept(person.sent, [a for s, a in answers if s == person.seat]), gid
        (tmp_path / gid).mkdir()
        log, published = unkilled(tmp_path / gid, edition, seats, seed, answers)
        assert (games / f"{gid}.jsonl").read_text() == log, gid
        for person in mine:
            assert in_order([plain(s) for s in person.shown], [plain(s) for s in published[person.seat]]), gid
    unknown = sum(not a for p in people for _, a in p.sent)
    print(f"\n{GAMES} games, {KILLS} kills: {acknowledged} answers acknowledged and kept, {unknown} sent without a reply, "
          f"{sum(len(p.shown) for p in people)} states shown, none undone")  # (seen with pytest -s)
