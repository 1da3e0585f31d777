"""The seat protocol at a served game (web/program.py, web/bridge.py, `risk connect`): the reference
clients play a whole short game of `risk serve`, its log replays; a client that exits, hangs,
writes what is not JSON or answers what it may not ends `risk connect` in one line, exit 1, and
the served game loses nothing: its question waits, and another client plays the game on."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.replay import replay, seat_stream
from riskrules.web.bridge import BridgeError, connect, seat_link

from webclient import Client
from webserver import Served

ROOT = Path(__file__).resolve().parent.parent
PY_CLIENT = "python3 docs/clients/random_client.py"
JS_CLIENT = "node docs/clients/random_client.js"
HOSTILE = "python3 tests/data/seat_hostile.py"
SCHEMA = json.loads((ROOT / "riskrules/language/schema/seat.schema.json").read_text(encoding="utf-8"))
runner = CliRunner()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("served"))
    yield server
    server.stop()


def game(served, seats, max_turns=3, seed=5):
    made = Client(served.url).create(edition="three-isles", players=3, seats=seats, seed=seed, max_turns=max_turns)
    return made["id"], [served.url + s["link"] for s in made["seats"]]


def ended(served, gid):
    """The game's log, once its thread has written it (the end's line reaches a program first)."""
    served.host.games[gid].thread.join(20)
    return served.host.directory / f"{gid}.jsonl"


def lines(served, link, since=0):
    _, gid, token = seat_link(link)
    status, body = Client(served.url).request("GET", f"/api/games/{gid}/protocol?since={since}",
                                              headers={"X-Risk-Seat": token})
    assert status == 200, body
    return body


@pytest.mark.parametrize("client", [PY_CLIENT, JS_CLIENT])
def test_a_reference_client_plays_a_served_game_to_its_end(served, monkeypatch, client):
    if client == JS_CLIENT and shutil.which("node") is None:
        pytest.skip("node is not installed: the JavaScript client cannot run")
    monkeypatch.chdir(ROOT)
    gid, links = game(served, ["random", "human", "random"])
    assert connect(links[0], client, 20) == "the game is over: no winner (turn_limit)"
    report = replay(ended(served, gid))
    assert report.ok and (report.result.reason, report.result.turns) == ("turn_limit", 3)
    kept = json.loads((served.host.directory / f"{gid}.answers.json").read_text(encoding="utf-8"))["answers"]
    assert {seat for seat, _ in kept} == {1} and all(list(raw) == ["protocol"] for _, raw in kept)
    told = lines(served, links[0])  # (a finished game: its lines to the end; no question left in them)
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for message in told["lines"]:
        if message["type"] != "event":
            validator.validate(message)
    types = [m["type"] for m in told["lines"]]
    assert types[0] == "hello" and types[-2:] == ["event", "end"] and "question" not in types
    assert told["lines"][0]["name"] == "blue" and told["lines"][-1] == {"type": "end", "winner": None,
                                                                       "reason": "turn_limit"}


@pytest.mark.parametrize("mode, error", [
    ("exit", "ended without answering place (exit code 3)"),
    ("hang", "did not answer place within 1 s (--bot-timeout)"),
    ("garbage", "answered place with a line that is not JSON: 'attack, please {'"),
    ("illegal", "answered [-1, 1] to place: Not allowed: not a territory you may place on."),
])
def test_a_client_that_misbehaves_ends_connect_in_one_line_and_the_question_waits(served, monkeypatch, mode, error):
    monkeypatch.chdir(ROOT)
    gid, links = game(served, ["random", "human", "random"], max_turns=1)
    command = f"{HOSTILE} {mode} 1"
    done = runner.invoke(app, ["connect", links[0], "--cmd", command, "--bot-timeout", "1"])
    assert (done.exit_code, done.stdout) == (1, "")
    assert done.stderr == f"risk: blue (cmd:{command}) {error} (the question stays put on the server)\n"
    waiting = lines(served, links[0])["lines"]
    assert [m["type"] for m in waiting[-1:]] == ["question"]  # (the same question: the one answered before it was)
    assert sum(m["type"] == "question" for m in waiting) == 1
    assert connect(links[0], PY_CLIENT, 20) == "the game is over: no winner (turn_limit)"  # (another plays it on)
    assert replay(ended(served, gid)).ok


def test_a_link_that_is_not_a_seat_s_and_a_server_that_is_not_there_are_one_line(served):
    for link in ("http://127.0.0.1:1/lobby", "http://127.0.0.1:1/g/abc", "ftp://x/g/abc#seat=t"):
        with pytest.raises(BridgeError) as err:
            seat_link(link)
        assert str(err.value) == (f"'{link}' is not a seat's link (http://HOST:PORT/g/GAME#seat=TOKEN, as the lobby "
                                  "gives it)")
    done = runner.invoke(app, ["connect", "http://127.0.0.1:1/g/abc#seat=t", "--cmd", PY_CLIENT])
    assert (done.exit_code, done.stderr) == (1, "risk: cannot reach http://127.0.0.1:1/api/games/abc/protocol: "
                                                "[Errno 111] Connection refused\n")
    done = runner.invoke(app, ["connect", "http://127.0.0.1:1/g/abc#seat=t", "--cmd", " "])
    assert (done.exit_code, done.stderr) == (1, "risk: --cmd: name the program that plays the seat\n")
    done = runner.invoke(app, ["connect", "http://127.0.0.1:1/g/abc#seat=t", "--cmd", "no-such-program-here"])
    assert (done.exit_code, done.stderr) == (
        1, "risk: bot 'cmd:no-such-program-here': no program no-such-program-here to run\n")
    _, links = game(served, ["human", "random", "random"], max_turns=1)
    wrong = links[0].replace("#seat=", "#seat=x")
    done = runner.invoke(app, ["connect", wrong, "--cmd", PY_CLIENT])
    assert (done.exit_code, done.stderr) == (1, "risk: the server answered 403: no seat of this game has that token\n")


def test_a_program_s_answers_are_kept_and_the_game_goes_on_after_a_restart(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    first = Served(tmp_path)
    try:
        gid, links = game(first, ["random", "human", "random"], max_turns=2)
        done = runner.invoke(app, ["connect", links[0], "--cmd", f"{HOSTILE} exit 6"])
        assert done.stderr == (f"risk: blue (cmd:{HOSTILE} exit 6) ended without answering place (exit code 3) "
                               "(the question stays put on the server)\n")
        before = lines(first, links[0])
    finally:
        first.stop()
    again = Served(tmp_path)
    try:
        link = links[0].replace(first.url, again.url)
        assert again.host.games[gid].caught_up.wait(20)
        after = lines(again, link)
        waiting = after["lines"]
        assert sum(m["type"] == "question" for m in waiting) == 1 and waiting[-1]["type"] == "question"
        # (every line keeps its number: the same lines but the question's number, put again)
        assert after["next"] == before["next"] and waiting[:-1] == before["lines"][:-1]
        assert waiting[-1]["id"] != before["lines"][-1]["id"] and waiting[-1]["kind"] == before["lines"][-1]["kind"]
        assert connect(link, PY_CLIENT, 20) == "the game is over: no winner (turn_limit)"
        kept = json.loads((tmp_path / f"{gid}.answers.json").read_text(encoding="utf-8"))["answers"]
        assert len(kept) == 12 and kept[:6] == [[1, {"protocol": [x, 1]}] for x in (6, 10, 2, 7, 2, 9)]  # (the first program's)
        assert replay(ended(again, gid)).ok
    finally:
        again.stop()


def test_the_protocol_s_requests_are_checked(served):
    gid, links = game(served, ["human", "human", "random"], max_turns=1)
    tokens = [seat_link(link)[2] for link in links]
    client = Client(served.url)
    path = f"/api/games/{gid}/protocol"
    assert client.request("GET", path) == (403, {"error": "this needs a seat's token (the seat's link gives it)"})
    assert client.request("GET", path, headers={"X-Risk-Seat": ",".join(tokens)}) == (
        400, {"error": "a program plays one person's seat: give that seat's token"})
    assert client.request("GET", path + "?since=-1", headers={"X-Risk-Seat": tokens[0]}) == (
        400, {"error": "'since' is the number of lines read so far"})
    assert client.post(path, {"answer": 3}, tokens[0]) == (400, {"error": 'an answer is {"question": …, "answer": …}'})
    assert client.post(path, {"question": 1, "answer": 3}, tokens[0]) == (
        409, {"error": "no such question is put to this seat now (not its turn, or answered already)"})
    assert client.post(path, {"question": 1, "answer": 3}, tokens[0], headers={"Origin": "http://evil.example"}) == (
        403, {"error": "a change must come from this server's own pages"})
    first = client.request("GET", path + "?since=1", headers={"X-Risk-Seat": tokens[0]})[1]
    assert first["lines"][0]["type"] == "event" and first["next"] > 1


def test_a_fogged_served_game_ends_for_its_program_with_the_end_as_its_last_line(served, monkeypatch):
    # (the fog lifted at the end is told to pages after the game's end: a program is told nothing
    # after its `end`, as `--bot cmd:` tells it; found by benchmarks/fuzz.py --kind served)
    monkeypatch.chdir(ROOT)
    made = Client(served.url).create(edition="fog-normal", players=3, seats=["random", "human", "random"],
                                     seed=789583, max_turns=1)
    link = served.url + made["seats"][0]["link"]
    assert connect(link, PY_CLIENT, 20) == "the game is over: no winner (turn_limit)"
    told = [m["type"] for m in lines(served, link)["lines"]]
    assert told[-2:] == ["event", "end"] and told.count("end") == 1
    assert replay(ended(served, made["id"])).ok


def test_a_person_s_seat_keeps_no_event_text_until_a_program_comes_then_its_lines_are_made_from_the_save(served):
    gid, links = game(served, ["random", "human", "random"], max_turns=2, seed=11)
    hosted = served.host.games[gid]
    stream = hosted.streams[1]
    end = time.monotonic() + 20
    while hosted.asking is None and time.monotonic() < end:  # (the bots play up to the person's first question)
        time.sleep(0.02)
    kept = [line for line in stream.lines if line]
    assert not stream.kept and len(stream.lines) == 20
    assert [json.loads(x)["type"] for x in kept] == ["hello", "question"]
    told = lines(served, links[0])["lines"]  # (a program comes: the events told so far, made from the save)
    assert stream.kept and [m["type"] for m in told[:1] + told[-1:]] == ["hello", "question"]
    save = [json.loads(x) for x in hosted.lines]
    made = seat_stream(save, hosted.game.rules, "blue")
    assert [m["event"] for m in told[1:-1]] == made[:len(told) - 2] and len(told) - 2 == len(stream.lines) - 2
    assert connect(links[0], PY_CLIENT, 20) == "the game is over: no winner (turn_limit)"
    assert replay(ended(served, gid)).ok
