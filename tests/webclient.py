"""A client of `risk serve` without a browser: raw HTTP requests (http.client, so that a test can
send any header and any body), and a player that answers each question from its options —
for the tests and for benchmarks/web_load.py."""

from __future__ import annotations

import http.client
import json
import random
from typing import Any
from urllib.parse import urlsplit


class Client:
    def __init__(self, url: str, timeout: float = 60.0):
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.timeout = timeout

    def request(self, method: str, path: str, body: bytes | str | None = None, headers: dict | None = None,
                ) -> tuple[int, Any]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            if isinstance(body, str):
                body = body.encode()
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            raw = response.read()
        finally:
            connection.close()
        try:
            return response.status, json.loads(raw) if raw else None
        except ValueError:
            return response.status, raw.decode("utf-8", "replace")

    def post(self, path: str, data: Any, token: str | None = None, headers: dict | None = None):
        sent = {"Content-Type": "application/json", **({"X-Risk-Seat": token} if token else {}), **(headers or {})}
        return self.request("POST", path, json.dumps(data), sent)

    def create(self, **request) -> dict:
        status, body = self.post("/api/games", request)
        assert status == 201, (status, body)
        return body

    def state(self, gid: str, token: str, since: int = 0) -> tuple[int, Any]:
        return self.request("GET", f"/api/games/{gid}/state?since={since}", headers={"X-Risk-Seat": token})

    def answer(self, gid: str, token: str, seat: int, question: int, answer: Any) -> tuple[int, Any]:
        return self.post(f"/api/games/{gid}/answer", {"seat": seat, "question": question, "answer": answer}, token)


def choose(decision: dict, state: dict, rng: random.Random) -> dict:
    """A legal answer to `decision` from its options (and the armies the seat sees): places all on
    one territory, attacks from a territory with armies to spare until taken, moves everything in."""
    kind, options = decision["kind"], decision.get("options")
    armies = state["armies"]
    if kind in ("claim", "capital", "bonus"):
        return {"territory": rng.choice(options)}
    if kind == "place":
        return {"place": [[max(options, key=lambda x: (armies[x] or 0, -x)), decision["most"]]]}
    if kind == "trade":
        return {"trade": 0}
    if kind == "attack":
        strong = [pair for pair in options if (armies[pair[0]] or 0) >= 4]
        if not strong or rng.random() < 0.1:
            return {"attack": None}
        return {"attack": rng.choice(strong), "until": rng.choice(["taken", "taken", "once", 2])}
    if kind == "dice":
        return {"dice": options[-1]}
    if kind == "defend":
        return {"defend": options[-1]}
    if kind == "occupy":
        return {"occupy": options[1]}
    if kind == "fortify":
        return {"fortify": None}
    if kind == "play":  # a card that does something: one of them on one of its targets (an airlift: 1 army), or none
        if rng.random() < 0.2:
            return {"play": None}
        card = rng.choice(decision["cards"])
        target = rng.choice(card["options"])
        return {"play": [card["kind"], *target] + ([1] if card["shape"] == "move" else [])}
    if kind == "order":  # orders given together (issue 45): one order from a deployment, or none
        moves = [pair for pair in options if any(x == pair[0] for x, _ in decision["deployed"])]
        return {"orders": [[0, *rng.choice(moves), decision["most"]]] if moves and rng.random() < 0.9 else []}
    raise ValueError(f"no answer for a '{kind}' question")


def play_to_the_end(client: Client, gid: str, token: str, seat: int, rng: random.Random, most: int = 5000,
                    stop_after: int | None = None) -> dict:
    """Answer every question put to `seat` until the game is over (or `stop_after` answers); the last state."""
    version, answered = 0, 0
    while True:
        status, body = client.state(gid, token, version)
        assert status == 200, (status, body)
        state = body["seats"][str(seat)]
        version = body["versions"][str(seat)]
        if state is None:
            continue
        if state["over"] or state["error"]:
            return state
        decision = state.get("decision")
        if decision is None:
            continue
        if stop_after is not None and answered >= stop_after:
            return state
        status, reply = client.answer(gid, token, seat, decision["number"], choose(decision, state, rng))
        answered += 1
        assert answered < most
        if status == 422:  # refused (an attack until 2 are left from 2): the same question stands
            version -= 1
            continue
        assert status == 200, (status, reply)
