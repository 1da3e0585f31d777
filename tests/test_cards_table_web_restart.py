"""Cards that do something survive a server's restart (issue 44): a 2-player game of
tests/data/all-cards.risk (with its neutral army) stopped after the person played cards through the
API goes on, started again from its save, at the same question with the same cards in hand, and its
log replays."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from riskrules.engine.replay import replay
from webclient import Client, play_to_the_end
from webserver import Served

DATA = Path(__file__).resolve().parent / "data"


def test_a_game_with_cards_goes_on_after_a_restart(tmp_path):
    games = tmp_path / "games"
    served = Served(games, rules_dirs=(DATA,))
    try:
        client = Client(served.url)
        made = client.create(file="all-cards.risk", players=2, seats=["human", "balanced"], seed=4, lang="en",
                             max_turns=6)
        gid, token = made["id"], made["seats"][0]["token"]
        before = play_to_the_end(client, gid, token, 0, random.Random(4), stop_after=25)
        hosted = served.host.games[gid]
        plays = [json.loads(line) for line in hosted.lines]
        played = sum(e["type"] == "card_played" and e["player"] == "red" for e in plays)
    finally:
        served.stop()
    assert played == 5 and before["decision"]["kind"] == "play"  # (a card to play: defending unasked since issue 48)
    served = Served(games, rules_dirs=(DATA,))  # (started again: every unfinished game resumed)
    try:
        client = Client(served.url)
        for _ in range(200):  # (until the game, played again from its save, puts its question up)
            status, body = client.state(gid, token)
            assert status == 200
            again = body["seats"]["0"]
            if again is not None and again.get("decision") is not None:
                break
            time.sleep(0.05)
        assert (again["kinds"], again["owner"], again["armies"]) == (before["kinds"], before["owner"], before["armies"])
        assert {k: v for k, v in again["decision"].items() if k != "number"} == \
            {k: v for k, v in before["decision"].items() if k != "number"}
        last = play_to_the_end(client, gid, token, 0, random.Random(5))
        assert last["over"] is not None
    finally:
        served.stop()
    assert replay(games / f"{gid}.jsonl").ok
