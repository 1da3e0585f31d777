"""Hostile requests to `risk serve`: each a clean 4xx with a one-line reason, and nothing changed —
not the save, not the question put up, not the game's version."""

from __future__ import annotations

import os
import random

import pytest

from riskrules.web.guards import Guards
from webclient import Client, choose
from webserver import Served


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    rules = root / "rules"
    rules.mkdir()
    (rules / "house.risk").write_text('rulebook house\nextends nl-1990\n', encoding="utf-8")
    (root / "secret.risk").write_text('rulebook secret\nextends classic\n', encoding="utf-8")
    os.symlink(root / "secret.risk", rules / "linked.risk")  # a link that leads out of the rules directory
    served = Served(root / "games", rules_dirs=(rules,),
                    guards=Guards(rate=50, burst=100, create_rate=100, create_burst=100))
    client = Client(served.url)
    made = client.create(edition="nl-1990", players=3, seats=["human", "human", "balanced"], seed=3, lang="en")
    yield served, client, made, root
    served.stop()


def standing(served, made) -> tuple[int, int, bytes]:
    """What must not change: what each page shows (and its version), the question put up, the save's bytes."""
    game = served.host.games[made["id"]]
    put = (game.asking[1].seat, game.asking[0]) if game.asking else None
    return [game.shown(s) for s in game.humans], put, game.save_path.read_bytes()


def asked(client, made) -> tuple[int, str, int, dict]:
    """(seat, token, question, state) of the person asked now (waiting for the game to ask)."""
    tokens = ",".join(seat["token"] for seat in made["seats"])
    since = "0,0"
    for _ in range(20):
        status, body = client.state(made["id"], tokens, since)
        for seat in made["seats"]:
            state = body["seats"][str(seat["seat"])]
            if state and state.get("decision"):
                return seat["seat"], seat["token"], state["decision"]["number"], state
        since = ",".join(str(body["versions"][str(seat["seat"])]) for seat in made["seats"])
    raise AssertionError("nobody is asked")


def test_the_question_stands_until_a_good_answer(table):
    served, client, made, root = table
    gid = made["id"]
    seat, token, number, state = asked(client, made)
    other = next(s for s in made["seats"] if s["seat"] != seat)
    before = standing(served, made)
    good = choose(state["decision"], state, random.Random(1))
    path = f"/api/games/{gid}/answer"
    json_headers = {"Content-Type": "application/json"}
    cases = [
        # tokens
        (403, client.post(path, {"seat": seat, "question": number, "answer": good}, "x" * 43)),
        (403, client.post(path, {"seat": seat, "question": number, "answer": good})),
        (403, client.post(path, {"seat": seat, "question": number, "answer": good}, other["token"])),
        (404, client.post("/api/games/0000000000000000/answer", {"seat": seat, "question": number, "answer": good},
                          token)),
        (404, client.post("/api/games/..%2f..%2fetc/answer", {"seat": 0, "question": 1, "answer": {}}, token)),
        # out of turn, or a question that is not put
        (409, client.post(path, {"seat": other["seat"], "question": number, "answer": good}, other["token"])),
        (409, client.post(path, {"seat": seat, "question": number + 1, "answer": good}, token)),
        # sizes and shapes
        (413, client.request("POST", path, b"{" + b" " * 20000 + b"}", {**json_headers, "X-Risk-Seat": token})),
        (413, client.request("POST", path, None, {**json_headers, "X-Risk-Seat": token, "Content-Length": "99999999"})),
        (400, client.request("POST", path, b"not json", {**json_headers, "X-Risk-Seat": token})),
        (400, client.request("POST", path, b"\xff\xfe", {**json_headers, "X-Risk-Seat": token})),
        (400, client.request("POST", path, b"[" * 5000 + b"]" * 5000, {**json_headers, "X-Risk-Seat": token})),
        (400, client.post(path, [seat, number, good], token)),
        (400, client.post(path, {"seat": seat, "question": number}, token)),
        (400, client.post(path, {"seat": seat, "question": "1", "answer": good}, token)),
        (403, client.post(path, {"seat": True, "question": number, "answer": good}, token)),
        (400, client.post(path, {"seat": seat, "question": number, "answer": {"place": "peru"}}, token)),
        (400, client.post(path, {"seat": seat, "question": number, "answer": {"place": [[True, 1]]}}, token)),
        (400, client.post(path, {"seat": seat, "question": number, "answer": {"place": [[1.0, 1]]}}, token)),
        (400, client.post(path, {"seat": seat, "question": number, "answer": {"attack": [1, 2]}}, token)),
        (400, client.post(path, {"seat": seat, "question": number, "answer": "peru 3"}, token)),
        (415, client.request("POST", path, b"{}", {"Content-Type": "text/plain", "X-Risk-Seat": token})),
        # where the request comes from
        (403, client.post(path, {"seat": seat, "question": number, "answer": good}, token,
                          {"Origin": "http://evil.example"})),
        (403, client.post(path, {"seat": seat, "question": number, "answer": good}, token,
                          {"Sec-Fetch-Site": "cross-site"})),
        (421, client.post(path, {"seat": seat, "question": number, "answer": good}, token,
                          {"Host": "evil.example"})),
        (421, client.request("GET", f"/api/games/{gid}/state", headers={"X-Risk-Seat": token,
                                                                         "Host": "rebound.example:8642"})),
    ]
    for expected, (status, body) in cases:
        assert status == expected, (expected, status, body)
        assert isinstance(body, dict) and isinstance(body["error"], str) and "\n" not in body["error"]
    assert standing(served, made) == before
    # an answer the rules refuse: the engine's reason, and still nothing changed
    status, body = client.post(path, {"seat": seat, "question": number, "answer": {"place": [[-1, 1]]}}, token)
    assert (status, body) == (422, {"error": "Not allowed: not a territory you may place on.", "refused": True})
    assert standing(served, made) == before
    # and then a good answer is taken
    assert client.post(path, {"seat": seat, "question": number, "answer": good}, token) == (200, {"ok": True})
    assert standing(served, made)[1] != (seat, number)


def test_reading_another_seats_state_needs_its_token(table):
    served, client, made, root = table
    gid = made["id"]
    red, blue = made["seats"]
    status, body = client.state(gid, red["token"])
    assert status == 200 and list(body["seats"]) == ["0"]
    assert client.state(gid, red["token"][:-1] + "A" if red["token"][-1] != "A" else "B")[0] == 403
    assert client.request("GET", f"/api/games/{gid}/state")[0] == 403
    assert client.request("GET", f"/api/games/{gid}/state?since=abc", headers={"X-Risk-Seat": red["token"]})[0] == 400
    assert client.request("GET", f"/api/games/{gid}/state?since=1,2", headers={"X-Risk-Seat": red["token"]})[0] == 400
    assert client.request("GET", f"/api/games/{gid}/table", headers={"X-Risk-Seat": "," * 2000})[0] == 403


def test_nothing_outside_the_allowed_directories(table):
    served, client, made, root = table
    status, catalog = client.request("GET", "/api/catalog")
    assert status == 200 and catalog["files"] == ["house.risk"]  # not the link that leads out
    for request in ({"file": "../secret.risk"}, {"file": str(root / "secret.risk")}, {"file": "linked.risk"},
                    {"edition": str(root / "secret.risk")}, {"edition": "../secret.risk"}, {"edition": "/etc/passwd"}):
        status, body = client.post("/api/games", {**request, "players": 3, "seats": ["human", "random", "random"]})
        assert status == 404, (request, status, body)
    for path in ("/static/../../pyproject.toml", "/static/%2e%2e%2fhost.py", "/static/host.py", "/static/",
                 "/g/../api/catalog", "/g/not-a-game"):
        assert client.request("GET", path)[0] == 404, path
    status, body = client.post("/api/games", {"file": "house.risk", "players": 3, "seats": ["human", "random", "random"]})
    assert status == 201


def test_a_bad_game_request_is_refused_in_a_line(table):
    served, client, made, root = table
    seats = ["human", "balanced", "balanced"]
    for request, expected in [
        ({"edition": "nl-1990", "players": 3, "seats": ["human", "my_bot.py:Bot", "random"]}, 400),
        ({"edition": "nl-1990", "players": 3, "seats": ["random"] * 3}, 400),
        ({"edition": "nl-1990", "players": 9, "seats": seats}, 400),
        ({"edition": "nl-1990", "players": 3, "seats": seats, "lang": "xx"}, 400),
        ({"edition": "nl-1990", "players": 3, "seats": seats, "seed": -1}, 400),
        ({"edition": "nl-1990", "players": 3, "seats": seats, "max_turns": 10**9}, 400),
        ({"edition": "nl-1990", "players": 3, "seats": seats, "variant": ["nope"]}, 422),
        ({"edition": "sv-2000", "players": 7, "seats": seats * 2 + ["random"]}, 422),
        ({"edition": "nl-1990", "players": 3, "seats": seats, "colour": "red"}, 400),
        ({"edition": "nl-1990", "file": "house.risk", "players": 3, "seats": seats}, 400),
        ({"edition": ["nl-1990"], "players": 3, "seats": seats}, 404),
        ({"edition": "nl-1990", "players": 3, "seats": seats, "seed": 10**5000}, 400),
    ]:
        status, body = client.post("/api/games", request) if "seed" not in request or request["seed"] < 10**20 \
            else client.request("POST", "/api/games", '{"edition": "nl-1990", "players": 3, "seats": '
                                '["human", "balanced", "balanced"], "seed": ' + "9" * 5000 + "}",
                                {"Content-Type": "application/json"})
        assert status == expected, (request, status, body)
        assert "\n" not in body["error"]
    served.host.chosen_seeds = False  # as `risk serve` starts: a seed only for a game of one person
    try:
        status, body = client.post("/api/games", {"edition": "nl-1990", "players": 3, "seed": 5,
                                                  "seats": ["human", "human", "random"]})
        assert (status, body["error"]) == (400, "a seed is chosen only for a game of one person (whoever knows it "
                                                "knows every card and die to come), unless the server is started "
                                                "with --chosen-seeds")
        assert client.post("/api/games", {"edition": "nl-1990", "players": 3, "seed": 5,
                                          "seats": ["human", "random", "random"]})[0] == 201
    finally:
        served.host.chosen_seeds = True


def test_an_answer_sent_many_times_at_once_is_taken_once(table):
    """Copies of one answer (a double click, two tabs): one is taken, the others are told at once that
    the question is gone, and the game goes on (a reply nobody waits for any more must not stop it)."""
    from concurrent.futures import ThreadPoolExecutor

    served, client, made, root = table
    seat, token, number, state = asked(client, made)
    good = choose(state["decision"], state, random.Random(2))
    body = {"seat": seat, "question": number, "answer": good}
    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(s for s, _ in pool.map(lambda _: client.post(f"/api/games/{made['id']}/answer", body,
                                                                         token), range(8)))
    assert statuses[0] == 200 and set(statuses[1:]) == {409}
    game = served.host.games[made["id"]]
    assert game.failed is None and game.thread.is_alive()
    asked(client, made)  # the next question is put


def test_a_late_copy_of_one_seats_answer_is_not_taken_for_anothers(table):
    """Question numbers are the game's, not a seat's: no two seats' questions share one, and an
    answer is taken only for the seat it came from. Driven as the race would come: a copy of the
    other person's answer, late, with the number of the question put now."""
    from concurrent.futures import Future

    served, client, made, root = table
    seat, token, number, state = asked(client, made)
    other = 1 - seat  # (the two people: seats 0 and 1)
    assert number % 64 == seat
    game = served.host.games[made["id"]]
    before = standing(served, made)
    late: Future = Future()
    game.answers.put((other, number, choose(state["decision"], state, random.Random(3)), late))
    assert late.result(10).stale is True
    assert standing(served, made) == before
    good = choose(state["decision"], state, random.Random(3))
    assert client.answer(made["id"], token, seat, number, good) == (200, {"ok": True})


def test_a_flood_slows_only_the_one_who_floods(tmp_path):
    # A bucket that all but never fills again (0.01 a second), so that the count does not depend on how
    # fast a loaded machine sends the requests (at 50 a second, 150 requests sent slowly met no 429)
    served = Served(tmp_path / "games", guards=Guards(rate=0.01, burst=10, create_rate=100, create_burst=100))
    try:
        client = Client(served.url)
        made = client.create(edition="nl-1990", players=3, seats=["human", "human", "balanced"], seed=3, lang="en")
        gid = made["id"]
        red, blue = made["seats"]
        statuses = [client.request("GET", f"/api/games/{gid}/table", headers={"X-Risk-Seat": red["token"]})[0]
                    for _ in range(15)]
        assert statuses == [200] * 10 + [429] * 5
        assert client.request("GET", f"/api/games/{gid}/table", headers={"X-Risk-Seat": blue["token"]})[0] == 200
    finally:
        served.stop()


def test_refused_requests_and_page_loads_are_rate_limited_too():
    """Page loads, and requests refused for their token (guessing), count against their address: after
    the burst, 429."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as root:
        served = Served(Path(root) / "pages", guards=Guards(rate=0.01, burst=10, create_rate=100, create_burst=100))
        try:
            client = Client(served.url)
            pages = [client.request("GET", path)[0] for path in ["/", "/static/table.js", "/g/0123456789abcdef"] * 5]
            assert pages == [200] * 10 + [429] * 5
        finally:
            served.stop()
        served = Served(Path(root) / "tokens", guards=Guards(rate=0.01, burst=10, create_rate=100, create_burst=100))
        try:
            client = Client(served.url)
            made = client.create(edition="nl-1990", players=3, seats=["human", "random", "random"], seed=1, lang="en")
            wrong = "x" * 43
            guesses = [client.state(made["id"], wrong)[0] for _ in range(12)] + \
                [client.state("0123456789abcdef", wrong)[0] for _ in range(3)]
            assert guesses == [403] * 10 + [429] * 5
            assert client.state(made["id"], made["seats"][0]["token"])[0] == 200  # (the seat's own bucket)
        finally:
            served.stop()
