"""Seats that empty (issue 48, item 9): a person who leaves — his page closed for the host's
`--away` seconds, or released by the host — is played by the host's bot until he comes back with
his link; the bot's answers are kept with the game's, so a restart plays the game on identically."""

from __future__ import annotations

import json
import random
import time

from webclient import Client, choose
from webserver import Served

AWAY = "Red is away: played by balanced until he returns."


def drive(client: Client, gid: str, tokens: dict[int, str], rng: random.Random, done, answered: set[int]):
    """Answer every question put to the seats of `tokens` (the same answers for the same game) until
    `done(seat, state)` says stop before answering it, or the game is over; (seat, state) then."""
    seats = sorted(tokens)
    versions = {s: 0 for s in seats}
    while True:
        status, body = client.request("GET", f"/api/games/{gid}/state?since=" + ",".join(str(versions[s]) for s in seats),
                                      headers={"X-Risk-Seat": ",".join(tokens[s] for s in seats)})
        assert status == 200, (status, body)
        for s in seats:
            state = body["seats"][str(s)]
            versions[s] = body["versions"][str(s)]
            if state is None:
                continue
            if state["over"] or state["error"]:
                return s, state
            d = state.get("decision")
            if d is None or d["number"] in answered:
                continue
            if done(s, state):
                return s, state
            status, reply = client.answer(gid, tokens[s], s, d["number"], choose(d, state, rng))
            if status == 422:
                continue
            assert status == 200, (status, reply)
            answered.add(d["number"])


def release(client: Client, gid: str, host: str, seat: int) -> tuple[int, dict]:
    return client.post(f"/api/games/{gid}/release", {"seat": seat}, headers={"X-Risk-Host": host})


def kept(directory, gid: str) -> list[list]:
    return json.loads((directory / f"{gid}.answers.json").read_text())["answers"]


def play(tmp_path, restart: bool) -> tuple[list[str], list[list], list[str]]:
    """Red and blue people, yellow a bot; red released by the host in turn 2; blue plays on (and the
    server is restarted at blue's first question of turn 5, if `restart`); the log and the answers."""
    games = tmp_path / ("restarted" if restart else "straight")
    served = Served(games)
    client = Client(served.url)
    made = client.create(edition="three-isles", players=3, seats=["human", "human", "balanced"], seed=11,
                         lang="en", max_turns=7)
    gid, host = made["id"], made["host"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    rng, answered = random.Random(4), set()
    try:
        seat, state = drive(client, gid, tokens, rng, lambda s, st: s == 1 and st["turn"] >= 2, answered)
        assert seat == 1 and state["away"] == []
        assert release(client, gid, "x" * 43, 0)[0] == 403  # (only the host's key releases a seat)
        assert release(client, gid, host, 2)[0] == 400  # (a bot's seat is no person's)
        assert release(client, gid, host, 0) == (200, {"ok": True})
        seat, state = drive(client, gid, {1: tokens[1]}, rng, lambda s, st: st["turn"] >= 5, answered)
        assert state["away"] == [AWAY]  # (on every page)
        bots = [raw for s, raw in kept(games, gid) if "bot" in raw]
        assert len(bots) > 5 and all(set(raw) == {"bot", "answer"} and raw["bot"] == "balanced" for raw in bots)
        if restart:
            served.stop()
            served = Served(games)
            client = Client(served.url)
        seat, state = drive(client, gid, {1: tokens[1]}, rng, lambda s, st: False, answered)
        assert state["over"] is not None
        away = state["away"]
    finally:
        served.stop()
    return (games / f"{gid}.jsonl").read_text().splitlines()[1:], kept(games, gid), away


def test_a_released_seat_is_played_by_the_bot_and_a_restart_plays_on_identically(tmp_path):
    straight, answers, away = play(tmp_path, restart=False)
    restarted, answers_again, away_again = play(tmp_path, restart=True)
    assert restarted == straight and answers_again == answers
    assert away == away_again == [AWAY]
    assert sum("bot" in raw for _, raw in answers) == 21  # (red's questions from turn 4 to the end: the bot's)
    assert json.loads(straight[-1])["type"] == "game_over"


def test_the_person_takes_his_seat_back_at_its_next_question(tmp_path):
    served = Served(tmp_path / "games")
    try:
        client = Client(served.url)
        made = client.create(edition="three-isles", players=3, seats=["human", "human", "balanced"], seed=11,
                             lang="en", max_turns=10)
        gid, host = made["id"], made["host"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        rng, answered = random.Random(4), set()
        drive(client, gid, tokens, rng, lambda s, st: s == 1 and st["turn"] >= 2, answered)
        release(client, gid, host, 0)
        drive(client, gid, {1: tokens[1]}, rng, lambda s, st: st["turn"] >= 5, answered)
        before = len(kept(tmp_path / "games", gid))
        # red opens his link again (his page asks for the table): his seat is his at its next question
        assert client.request("GET", f"/api/games/{gid}/table", headers={"X-Risk-Seat": tokens[0]})[0] == 200
        seat, state = drive(client, gid, tokens, rng, lambda s, st: s == 0, answered)
        assert seat == 0 and state["decision"] is not None and state["away"] == []
        assert [s for s, raw in kept(tmp_path / "games", gid)[before:] if "bot" in raw] == []
        # the seat released again, and taken back with the page's button (POST back)
        assert release(client, gid, host, 0)[0] == 200
        assert client.post(f"/api/games/{gid}/back", {}, tokens[0]) == (200, {"ok": True})
    finally:
        served.stop()


def test_a_page_gone_longer_than_the_host_allows_leaves_the_seat_to_the_bot(tmp_path):
    served = Served(tmp_path / "games")
    served.host.away = 1.0  # (`risk serve --away 1`)
    try:
        client = Client(served.url)
        made = client.create(edition="classic", players=3, seats=["human", "balanced", "balanced"], seed=2,
                             lang="en", max_turns=3)
        gid = made["id"]
        time.sleep(1.5)  # (red's page not opened yet: he has not left, and his first question waits for him)
        assert not (tmp_path / "games" / f"{gid}.answers.json").read_text().count('"bot"')
        assert client.state(gid, made["seats"][0]["token"])[0] == 200  # (his page, opened once, then closed)
        end = time.monotonic() + 20
        while not (tmp_path / "games" / f"{gid}.jsonl").exists():  # (a second later his seat is the bot's,
            assert time.monotonic() < end  # to the end)
            time.sleep(0.1)
        answers = kept(tmp_path / "games", gid)
        assert len(answers) > 10 and all(raw["bot"] == "balanced" for _, raw in answers)
        status, body = client.state(gid, made["seats"][0]["token"])  # (his page, opened at last: the end)
        assert status == 200 and body["seats"]["0"]["over"]["reason"] == "turn_limit"
    finally:
        served.stop()


def test_the_host_s_settings_refused_in_one_line(tmp_path):
    from typer.testing import CliRunner

    from riskrules.cli import app

    for args, line in ((["--away", "0.5"], "risk: --away 0.5: 0 (never), or from 1 to 86400 seconds"),
                       (["--away-bot", "nobody"], "risk: --away-bot nobody: one of the built-in bots random, "
                                                  "balanced, strong, aggressive, turtle, spreader")):
        result = CliRunner().invoke(app, ["serve", "--games", str(tmp_path / "g"), *args])
        assert (result.exit_code, result.stderr.strip()) == (1, line)


def test_a_game_s_own_away_setting_from_the_lobby_kept_over_a_restart(tmp_path):
    served = Served(tmp_path / "games")
    try:
        client = Client(served.url)
        assert client.post("/api/games", {"edition": "classic", "players": 3, "seats": ["human", "random", "random"],
                                          "away": 0.5}) == (400, {"error": "'away' is the seconds a person's page may "
                                                                  "be gone before a bot plays his seat: 0 (never), or "
                                                                  "from 1 to 86400"})
        assert client.post("/api/games", {"edition": "classic", "players": 3, "seats": ["human", "random", "random"],
                                          "away_bot": "cmd:x"})[1] == {
            "error": "'away_bot' is one of the bots random, balanced, strong, aggressive, turtle, spreader"}
        made = client.create(edition="three-isles", players=3, seats=["human", "human", "balanced"], seed=3, lang="en",
                             max_turns=4, away=1, away_bot="random")
        record = json.loads((tmp_path / "games" / f"{made['id']}.seats.json").read_text())
        assert (record["away"], record["away_bot"]) == (1, "random")
        served.stop()
        served = Served(tmp_path / "games")  # (the server's own: 120 s, balanced; the game's kept: 1 s, random)
        game = served.host.games[made["id"]]
        assert (game.away.after, game.away.bot) == (1, "random")
    finally:
        served.stop()
