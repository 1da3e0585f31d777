"""Orders given together (issue 45) through `risk serve` without a browser: a page's list of orders
is read strictly and checked whole (hostile bodies refused in one line), and a game stopped after
one person's list was taken goes on after a restart from the answers kept, to a log that replays."""

from __future__ import annotations

import random
from pathlib import Path

from riskrules.engine.log import read_log
from riskrules.engine.replay import replay
from webclient import Client, choose, play_to_the_end
from webserver import Served

DATA = Path(__file__).resolve().parent / "data"


def asked(client: Client, gid: str, token: str, seat: int) -> dict:
    """The state of `seat`'s page once a question is put to it."""
    version = 0
    while True:
        status, body = client.state(gid, token, version)
        assert status == 200, (status, body)
        version = body["versions"][str(seat)]
        state = body["seats"][str(seat)]
        if state is not None and (state.get("decision") or state["over"]):
            return state


def asked_after(client: Client, gid: str, token: str, seat: int, number: int) -> dict:
    """The state of `seat`'s page once a question other than question `number` is put to it (a page
    may still show the question its answer was just taken for)."""
    while True:
        state = asked(client, gid, token, seat)
        if state["over"] or state["decision"]["number"] != number:
            return state


def test_order_lists_are_checked_whole_and_a_restart_goes_on(tmp_path):
    directory = tmp_path / "games"
    served = Served(directory, rules_dirs=(DATA,))
    try:
        client = Client(served.url)
        game = client.create(file="orders-isles.risk", players=3, seats=["human", "human", "balanced"], seed=5,
                             lang="en", max_turns=6)
        gid, tokens = game["id"], {s["seat"]: s["token"] for s in game["seats"]}
        rng = random.Random(5)
        state = asked(client, gid, tokens[0], 0)
        assert state["decision"]["kind"] == "place"
        client.answer(gid, tokens[0], 0, state["decision"]["number"], choose(state["decision"], state, rng))
        state = asked_after(client, gid, tokens[0], 0, state["decision"]["number"])
        d = state["decision"]
        assert d["kind"] == "order" and state["orders_in"] == {"seats": [], "text": ""}
        a, b = d["options"][0]
        bodies = [({"orders": "x"}, 400, "expected an object with 'orders': a list of [mode, from, to, armies]"),
                  ({"orders": [[0, a, b]]}, 400, "'orders' is a list of [mode, from, to, armies]"),
                  ({"orders": [[0, a, b, True]]}, 400, "'orders' is a list of [mode, from, to, armies]"),
                  ({"orders": [], "until": 1}, 400,
                   "expected an object with 'orders': a list of [mode, from, to, armies]"),
                  ({"orders": [[0, a, b, 1]] * 5000}, 413, "a request's body is at most 16 KiB"),
                  ({"orders": [[0, a, b, 1]] * 57}, 422, "Not allowed: at most 56 orders a round."),
                  ({"orders": [[0, a, b, 1], [3, a, b, 1]]}, 422, "Not allowed: not an order these rules allow."),
                  ({"orders": [[0, a, b, 1], [0, b, b, 1]]}, 422,
                   "Not allowed: no order can go between those territories."),
                  ({"orders": [[0, a, b, 10 ** 12]]}, 422, f"Not allowed: order between 1 and {d['most']} armies.")]
        for body, status, error in bodies:
            assert client.answer(gid, tokens[0], 0, d["number"], body) == (
                status, {"error": error, **({"refused": True} if status == 422 else {})}), body
        assert client.answer(gid, tokens[0], 0, d["number"], {"orders": [[1, a, b, 1], [2, a, b, 2]]})[0] == 200
        state = asked(client, gid, tokens[1], 1)  # the next person: asked, and told only whose orders are in
        assert state["orders_in"] == {"seats": [0], "text": "Orders given this round: red."}
    finally:
        served.stop()
        for hosted in served.host.games.values():
            hosted.close()
    served = Served(directory, rules_dirs=(DATA,))  # started again: the game is played again from its answers
    try:
        client = Client(served.url)
        state = asked(client, gid, tokens[1], 1)
        assert state["decision"]["kind"] == "place" and state["orders_in"]["seats"] == [0]
        over = None
        while over is None:  # both people answer what they are asked, to the end
            for seat in (0, 1):
                status, body = client.state(gid, tokens[seat], 0)
                state = body["seats"][str(seat)]
                if state is None:  # (not shown yet: the game plays again what it had played)
                    continue
                over = over or state["over"]
                if state.get("decision") and not state["over"]:
                    client.answer(gid, tokens[seat], seat, state["decision"]["number"],
                                  choose(state["decision"], state, rng))
        assert over["reason"] == "turn_limit"
    finally:
        served.stop()
    log = directory / f"{gid}.jsonl"
    assert replay(log).ok
    red = [(e["mode"], e["from"], e["to"], e["asked"]) for e in read_log(log) if e["type"] == "order"
           and e["player"] == "red" and e["turn"] <= 3]
    names = served.host.games[gid].game.board.territories
    assert red == [("attack_only", names[a], names[b], 1), ("transfer_only", names[a], names[b], 2)]


def test_without_fog_no_page_is_shown_anothers_deployments_while_he_gives_them(tmp_path):
    """Conquer Club's freestyle (no fog): a seat's deployments stand on the engine's board while he
    gives them (then they are taken off again until every order is in); no other page is shown them."""
    served = Served(tmp_path / "games")
    try:
        client = Client(served.url)
        game = client.create(edition="conquer-club-freestyle", players=3, seats=["human", "human", "random"],
                             seed=3, lang="en", max_turns=6)
        gid, tokens = game["id"], {s["seat"]: s["token"] for s in game["seats"]}
        rng, found = random.Random(3), None
        while found is None:  # the setup answered, to the first deployments of a round
            for seat in (0, 1):
                state = client.state(gid, tokens[seat], 0)[1]["seats"][str(seat)]
                d = state and state.get("decision")  # (None: the page's state not made yet)
                if d and d["kind"] == "place" and state["turn"] > 0 and d["most"] > 1:
                    found = seat, d
                    break
                if d:
                    client.answer(gid, tokens[seat], seat, d["number"], choose(d, state, rng))
        seat, d = found
        other = 1 - seat
        before = client.state(gid, tokens[other], 0)[1]["seats"][str(other)]["armies"]
        x = d["options"][0]
        assert client.answer(gid, tokens[seat], seat, d["number"], {"place": [[x, 1]]}) == (200, {"ok": True})
        again = asked_after(client, gid, tokens[seat], seat, d["number"])["decision"]
        assert again["kind"] == "place" and again["most"] == d["most"] - 1
        assert served.host.games[gid].game.armies[x] == before[x] + 1  # on the engine's board, while he deploys
        shown = client.state(gid, tokens[other], 0)[1]["seats"][str(other)]
        assert shown["armies"] == before  # not on the other's page
    finally:
        served.stop()
