"""Nothing lost: `risk serve` killed (SIGKILL) in the middle of games and started again goes on with
every one of them from its save; the save goes on in the terminal too (`risk resume`), and a
finished game's log replays as any other."""

from __future__ import annotations

import random
import shutil
import signal
import socket
import subprocess
import time

from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.log import read_log
from riskrules.engine.replay import replay
from webclient import Client, play_to_the_end
from conftest import RISK


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(games, port: int, *more: str) -> subprocess.Popen:
    process = subprocess.Popen([*RISK, "serve", "--port", str(port), "--games", str(games),
                                "--pace", "0", "--rate", "10000", *more], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    line = process.stdout.readline()
    assert line.startswith(f"risk serve: http://127.0.0.1:{port}/ — games kept in "), (line, process.stderr.read())
    end = time.monotonic() + 30
    while True:  # (the line is printed before the games are resumed: wait for the server to answer)
        try:
            status, _ = Client(f"http://127.0.0.1:{port}", timeout=5).request("GET", "/api/catalog")
            if status == 200:
                return process
        except OSError:
            pass
        assert time.monotonic() < end
        time.sleep(0.1)


def test_killed_and_started_again_every_game_goes_on(tmp_path):
    games = tmp_path / "games"
    port = free_port()
    server = serve(games, port)
    client = Client(f"http://127.0.0.1:{port}")
    try:
        made = [client.create(edition=edition, players=3, seats=["human", "balanced", "random"], seed=seed, lang="en")
                for edition, seed in (("nl-1990", 1), ("sv-2000", 2), ("cs-riziko", 3))]
        for k, game in enumerate(made):
            seat = game["seats"][0]
            play_to_the_end(client, game["id"], seat["token"], 0, random.Random(k), stop_after=12 + 5 * k)
        # one more, made just now (it may not have asked anything yet): a game is saved before it is made known
        made.append(client.create(edition="nl-modern", players=3, seats=["human", "strong", "strong"], seed=4,
                                  lang="en"))
        # a question is put up in each of the first three games: killed now, nothing may be lost (the fourth
        # may still be moving, its bots first to claim: it must only go on, below)
        saved = {game["id"]: (games / f"{game['id']}.save").read_bytes() for game in made[:3]}
        asked = {game["id"]: client.state(game["id"], game["seats"][0]["token"])[1]["seats"]["0"] for game in made[:3]}
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    assert {gid: (games / f"{gid}.save").read_bytes() for gid in saved} == saved
    shutil.copy(games / f"{made[0]['id']}.save", tmp_path / "copy.save")

    server = serve(games, port)
    try:
        status, body = client.state(made[3]["id"], made[3]["seats"][0]["token"])
        assert status == 200  # the game made just before the kill goes on too
        for k, game in enumerate(made[:3]):
            seat = game["seats"][0]
            status, body = client.state(game["id"], seat["token"])
            again = body["seats"]["0"]
            before = asked[game["id"]]
            # the same moment of the same game: the board, the cards, the question (numbered anew)
            for key in ("turn", "owner", "armies", "players", "hand", "mission"):
                assert again[key] == before[key], key
            assert {k: v for k, v in again["decision"].items() if k != "number"} == \
                {k: v for k, v in before["decision"].items() if k != "number"}
            end = play_to_the_end(client, game["id"], seat["token"], 0, random.Random(10 + k))
            assert end["over"] is not None
            log = games / f"{game['id']}.jsonl"
            report = replay(log)
            assert report.ok and report.result is not None and report.result.winner == end["over"]["winner"]
            assert read_log(log)[0]["kind"] == "log"
        # a finished game's link says so
        status, body = client.state(made[0]["id"], made[0]["seats"][0]["token"])
        assert status == 200 and body["seats"]["0"]["over"] is not None
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(20)
    server = serve(games, port)
    try:
        status, body = client.state(made[0]["id"], made[0]["seats"][0]["token"])
        assert (status, body) == (410, {"error": "this game is over: its log is kept on the server"})
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(20)


def test_a_saved_browser_game_goes_on_in_the_terminal(tmp_path, monkeypatch):
    from webserver import Served

    served = Served(tmp_path / "games")
    try:
        client = Client(served.url)
        game = client.create(edition="nl-1990", players=3, seats=["human", "balanced", "balanced"], seed=5, lang="en")
        play_to_the_end(client, game["id"], game["seats"][0]["token"], 0, random.Random(5), stop_after=20)
        save = tmp_path / "copy.save"
        shutil.copy(served.host.directory / f"{game['id']}.save", save)
    finally:
        served.stop()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["resume", str(save)], input="quit\n")
    assert result.exit_code == 3, result.output
    assert "Resuming nl-1990" in result.output and "saved to" in result.output
    assert read_log(save)[0]["kind"] == "save"


def test_a_finished_game_is_let_go_of_after_an_hour(tmp_path):
    from riskrules.web.host import KEEP_FINISHED
    from webserver import Served

    served = Served(tmp_path / "games")
    try:
        client = Client(served.url)
        game = client.create(edition="nl-1990", players=3, seats=["human", "random", "random"], seed=2, lang="en")
        token = game["seats"][0]["token"]
        end = play_to_the_end(client, game["id"], token, 0, random.Random(2))
        assert end["over"] is not None
        hosted = served.host.games[game["id"]]
        served.host.forget_finished(hosted.ended_at + KEEP_FINISHED - 1)
        assert client.state(game["id"], token)[0] == 200  # within the hour its page still shows the end
        served.host.forget_finished(hosted.ended_at + KEEP_FINISHED + 1)
        assert client.state(game["id"], token) == (410, {"error": "this game is over: its log is kept on the server"})
        assert replay(served.host.directory / f"{game['id']}.jsonl").ok
    finally:
        served.stop()
