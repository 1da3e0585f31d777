"""Cards that do something on a fogged page (issue 44): a short game of tests/data/all-cards-fog.risk
(Warzone's normal fog and card fog, `hide cards, card plays`; every player holds one card of each
kind from the start) through the server's API, the person's seat playing its cards: its page lists
only its own cards, never tells another's play, and shows only what its seat sees — its own
territories, their neighbours and what its see cards show while they last."""

from __future__ import annotations

import json
import random
from pathlib import Path

from webclient import Client, choose
from webserver import Served


def test_a_fogged_page_is_told_no_other_players_cards(tmp_path):
    served = Served(tmp_path / "games", rules_dirs=(Path(__file__).resolve().parent / "data",))
    try:
        client = Client(served.url)
        made = client.create(file="all-cards-fog.risk", players=3, seats=["human", "balanced", "balanced"], seed=5,
                             lang="en", max_turns=9)
        gid, token = made["id"], made["seats"][0]["token"]
        hosted = served.host.games[gid]
        game = hosted.game
        rng = random.Random(5)
        version, checked, played, kinds_shown = 0, 0, 0, set()
        while True:
            status, body = client.state(gid, token, version)
            version = body["versions"]["0"]
            state = body["seats"]["0"]
            if state is not None and (state["over"] or state["error"]):
                break
            decision = state and state.get("decision")
            if decision is None:
                continue
            kinds_shown.add(state.get("kinds"))
            if state["turn"] and state["active"] == 0:
                sight = game.sights[0]
                for x, (owner, armies) in enumerate(zip(state["owner"], state["armies"])):
                    if sight.level[x] == 0:  # (unseen: nothing of it shown)
                        assert owner is None and armies is None
                    else:
                        assert owner == game.owner[x]
                checked += 1
            if decision["kind"] == "play":
                own = [game.rules.cards.kinds.kinds[k].name for k in game.kind_hands[0]]
                assert sorted(c["name"] for c in decision["cards"]) == sorted(set(own) & {c["name"] for c in
                                                                                         decision["cards"]})
            answer = choose(decision, state, rng)
            played += bool(decision["kind"] == "play" and answer["play"])
            status, _ = client.answer(gid, token, 0, decision["number"], answer)
            if status == 422:
                version -= 1
        log = state["log"]
        others = [line for line in log if line.startswith(("Blue plays", "Yellow plays", "Blue gains", "Yellow gains"))]
        assert others == []
        assert (checked, played) == (32, 6)  # (the same seed, the same game)
        events = [json.loads(line) for line in hosted.lines]
        assert sum(e["type"] == "card_played" and e["player"] == "red" for e in events) == 6
        assert any(k and k.startswith("Your cards that do something:") for k in kinds_shown)
    finally:
        served.stop()
