"""Under fog of war a seat's page shows what its seat sees, no more: checked against the true board
at every question of its own turns (Warzone's normal fog: its own territories and their neighbours)."""

from __future__ import annotations

import random

from webclient import Client, choose
from webserver import Served


def test_a_fogged_page_shows_only_its_seats_sight(tmp_path):
    served = Served(tmp_path / "games")
    try:
        client = Client(served.url)
        made = client.create(edition="fog-normal", players=3, seats=["human", "balanced", "balanced"], seed=6,
                             lang="en")
        gid, token = made["id"], made["seats"][0]["token"]
        hosted = served.host.games[gid]
        adjacent = hosted.game.board.adjacent
        rng = random.Random(6)
        version, checked, hidden = 0, 0, 0
        while True:
            status, body = client.state(gid, token, version)
            version = body["versions"]["0"]
            state = body["seats"]["0"]
            if state is not None and (state["over"] or state["error"]):
                break
            decision = state and state.get("decision")
            if decision is None:
                continue
            if state["turn"] and state["active"] == 0 and decision["kind"] in ("place", "attack", "fortify"):
                truth = hosted.game.owner  # (the game stands still while a question is put)
                mine = {x for x, o in enumerate(truth) if o == 0}
                near = mine | {y for x in mine for y in adjacent[x]}
                for x, (owner, armies) in enumerate(zip(state["owner"], state["armies"])):
                    if x in near:
                        assert (owner, armies) == (truth[x], hosted.game.armies[x])
                    else:
                        assert owner is None and armies is None
                        hidden += 1
                others = state["players"][1:]
                assert all(p["territories"] is None and p["armies"] is None for p in others if p["alive"])
                checked += 1
            status, _ = client.answer(gid, token, 0, decision["number"], choose(decision, state, rng))
            if status == 422:
                version -= 1
        assert checked > 10 and hidden > 50
    finally:
        served.stop()


def test_a_fogged_page_learns_nothing_from_moves_it_does_not_see(tmp_path):
    """Its version moves only when what it shows changes, and the bots are paced only for moves some
    person sees: every state a page is sent differs from the one before (no empty wake-ups)."""
    served = Served(tmp_path / "games", pace=0.002)
    try:
        client = Client(served.url)
        made = client.create(edition="fog-normal", players=3, seats=["human", "balanced", "balanced"], seed=7,
                             lang="en")
        gid, token = made["id"], made["seats"][0]["token"]
        rng = random.Random(7)
        version, before, states = 0, None, 0
        while True:
            status, body = client.state(gid, token, version)
            assert status == 200
            state = body["seats"]["0"]
            if state is None:
                version = body["versions"]["0"]
                continue
            if before is not None and state["version"] != before["version"]:
                assert {k: v for k, v in state.items() if k != "version"} != \
                    {k: v for k, v in before.items() if k != "version"}
                states += 1
            before, version = state, state["version"]
            if state["over"] or state["error"] or states > 300:
                break
            decision = state.get("decision")
            if decision is not None:
                status, _ = client.answer(gid, token, 0, decision["number"], choose(decision, state, rng))
        assert states > 100
    finally:
        served.stop()
