"""A damaged games folder: every file of a game is read defensively. A game whose seats record, save or
answers kept are damaged — or that nobody could answer for — is told in one line ("not resumed: …")
and left alone; the server starts and goes on with the others (issue 42)."""

from __future__ import annotations

import json
import random
import shutil
import signal

import pytest

from riskrules.web.host import Host
from test_web_restart import free_port, serve
from webclient import Client, play_to_the_end
from webserver import Served


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A games folder of two unfinished games, each a few answers in: (the folder, good id, the other id)."""
    root = tmp_path_factory.mktemp("damaged") / "games"
    served = Served(root)
    try:
        client = Client(served.url)
        ids = []
        for seed, bots in ((1, ["random", "random"]), (2, ["balanced", "random"])):
            game = client.create(edition="nl-1990", players=3, seats=["human", *bots], seed=seed, lang="en")
            play_to_the_end(client, game["id"], game["seats"][0]["token"], 0, random.Random(seed), stop_after=6)
            ids.append(game["id"])
    finally:
        served.stop()
    return root, ids[0], ids[1]


def resumed(folder, tmp_path, damage) -> tuple[list[str], set[str], str, str]:
    """The folder copied, the second game damaged by `damage(directory, id)`, the games resumed: (the
    warnings, the ids of the games that go on, the good id, the damaged id)."""
    root, good, bad = folder
    directory = tmp_path / "games"
    shutil.copytree(root, directory)
    damage(directory, bad)
    warned: list[str] = []
    host = Host(directory, pace=0.0, warn=warned.append)
    try:
        host.resume_all()
        going = set(host.games)
    finally:
        host.close()
    return warned, going, good, bad


# the bots' seats of the damaged game, to end a record with
BOTS = ('{"name": "blue", "agent": "balanced", "token_sha256": null}, '
        '{"name": "yellow", "agent": "random", "token_sha256": null}]}')
NOBODY = "nobody can answer for this game (its seats record has no person's seat)"


def seats_holding(text: str):
    def damage(directory, gid):
        (directory / f"{gid}.seats.json").write_text(text)
    return damage


@pytest.mark.parametrize("text, why", [
    ("[]", "not a seats record of game {gid}"),
    ("7", "not a seats record of game {gid}"),
    ("[" * 50_000, "not a seats record (not JSON)"),
    ('{"format": 1, "id": "{gid}", "seats": [{"name": 3, "agent": "human", "token_sha256": null}]}',
     "not a seats record of game {gid}"),
    ('{"format": 1, "id": "{gid}", "seats": "red"}', "not a seats record of game {gid}"),
    ('{"format": 1, "id": "{gid}", "seats": []}', NOBODY),
    ('{"format": 1, "id": "{gid}", "seats": [{"name": "red", "agent": "human", "token_sha256": null}, ' + BOTS,
     NOBODY),
    ('{"format": 1, "id": "{gid}", "seats": [{"name": "red", "agent": "human", "token_sha256": "7"}, ' + BOTS,
     "nobody can answer for red's seat (its seats record has no token for it)"),
    ('{"format": 1, "id": "{gid}", "seats": [{"name": "red", "agent": "random", "token_sha256": null}, '
     '{"name": "blue", "agent": "human", "token_sha256": "' + "a" * 64 + '"}, {"name": "yellow", "agent": "random", '
     '"token_sha256": null}]}', "its seats are not those of the game saved beside it"),
])
def test_a_damaged_seats_record_is_told_and_skipped(folder, tmp_path, text, why):
    bad = folder[2]
    warned, going, good, bad = resumed(folder, tmp_path, seats_holding(text.replace("{gid}", bad)))
    assert warned == [f"{bad}: {tmp_path}/games/{bad}.seats.json: {why.format(gid=bad)}"]
    assert going == {good}


def test_a_seats_record_that_is_a_folder_is_told_and_skipped(folder, tmp_path):
    def damage(directory, gid):
        (directory / f"{gid}.seats.json").unlink()
        (directory / f"{gid}.seats.json").mkdir()
    warned, going, good, bad = resumed(folder, tmp_path, damage)
    assert warned == [f"{bad}: {tmp_path}/games/{bad}.seats.json: is a directory, not a seats record"]
    assert going == {good}


def rewrite(suffix: str, change):
    def damage(directory, gid):
        path = directory / f"{gid}{suffix}"
        path.write_bytes(change(path.read_bytes(), gid))
    return damage


def missing(suffix: str):
    def damage(directory, gid):
        (directory / f"{gid}{suffix}").unlink()
    return damage


def answers_of(change):
    def edit(raw: bytes, gid: str) -> bytes:
        data = json.loads(raw)
        change(data["answers"])
        return json.dumps(data).encode()
    return rewrite(".answers.json", edit)


def test_damaged_saves_and_answers_are_told_and_skipped(folder, tmp_path):
    bad = folder[2]
    games = f"{tmp_path}/{{n}}/games/{bad}"
    cases = [
        (missing(".save"), f"{games}.save: no such file"),
        (rewrite(".save", lambda raw, gid: b"\xff\xfe" + raw),
         f"{games}.save: not a riskrules game log (not UTF-8 text)"),
        (rewrite(".save", lambda raw, gid: raw[:len(raw) // 2]), f"{games}.save: damaged — its last line is cut off"),
        (rewrite(".save", lambda raw, gid: b"[" * 50_000 + b"\n"), f"{games}.save: not a riskrules game log"),
        (rewrite(".answers.json", lambda raw, gid: b"[" * 50_000),
         f"{games}.answers.json: not the answers of a game (not JSON)"),
        (rewrite(".answers.json", lambda raw, gid: b"7"), f"{games}.answers.json: not the answers of game {bad}"),
        (answers_of(lambda a: a.append([9, {}])), f"{games}.answers.json: not the answers of game {bad}"),
        (answers_of(lambda a: a.__setitem__(0, [1, a[0][1]])),
         f"{games}.answers.json: answer 1 is seat 1's, but seat 0 is asked: it does not fit the save"),
        (answers_of(lambda a: a.__setitem__(0, [0, {"attack": None}])),
         f"{games}.answers.json: answer 1 does not answer a 'place' question: expected an object with 'place'"),
        (rewrite(".save", lambda raw, gid: raw.replace(b'"seed":', b'"seed":1', 1)),
         f"{games}.save:3: differs from the replayed game: what red was told cannot be made past it "
         "(`risk replay` says how)"),
        # (red's first army placed on east Africa, 22, which red holds, instead of Alberta: allowed, but not the save's)
        (answers_of(lambda a: a.__setitem__(0, [0, {"place": [[22, 1]]}])),
         f"{games}.save:47: the game does not play again as saved there (from its seed and the answers kept)"),
        (answers_of(lambda a: a.__delitem__(slice(2, None))),
         f"{games}.save: it goes on past the answers kept beside it ({bad}.answers.json)"),
    ]
    for n, (damage, why) in enumerate(cases):
        warned, going, good, _ = resumed(folder, tmp_path / str(n), damage)
        assert going == {good}, n
        assert warned == [f"{bad}: {why.format(n=n)}"], n


def test_risk_serve_starts_with_a_damaged_game_and_serves_the_others(folder, tmp_path):
    """The reproducer: a seats record of 50,000 '[' stopped the server ("Application startup failed")."""
    root, good, bad = folder
    games = tmp_path / "games"
    shutil.copytree(root, games)
    (games / f"{bad}.seats.json").write_text("[" * 50_000)
    port = free_port()
    server = serve(games, port)
    try:
        status, body = Client(f"http://127.0.0.1:{port}").request("GET", f"/api/games/{bad}/state")
        assert (status, body) == (404, {"error": "no such game"})
    finally:
        server.send_signal(signal.SIGKILL)
        _, err = server.communicate(timeout=10)
    assert err.splitlines() == [f"risk: warning: not resumed: {bad}: {games.resolve()}/{bad}.seats.json: "
                                "not a seats record (not JSON)"]


def test_a_game_saved_at_its_end_without_its_log_is_over(tmp_path):
    """Stopped between the last save and the log: after a restart its log is written and its link says
    the game is over."""
    from riskrules.engine.replay import replay

    games = tmp_path / "games"
    served = Served(games)
    try:
        client = Client(served.url)
        game = client.create(edition="nl-1990", players=3, seats=["human", "random", "random"], seed=4, lang="en",
                             max_turns=1)
        token = game["seats"][0]["token"]
        assert play_to_the_end(client, game["id"], token, 0, random.Random(4))["over"] is not None
    finally:
        served.stop()
    log = games / f"{game['id']}.jsonl"
    written = log.read_bytes()
    log.unlink()
    warned: list[str] = []
    host = Host(games, pace=0.0, warn=warned.append)
    host.resume_all()
    assert (warned, host.games, list(host.seats)) == ([], {}, [game["id"]])
    assert log.read_bytes() == written and replay(log).ok


def test_a_game_kept_without_answers_goes_on_and_on_again(tmp_path):
    """A game an older riskrules kept (a save, no answers beside it) goes on from its save; from there
    on its answers are kept, and it goes on again after the next restart where it stood."""
    games = tmp_path / "games"

    def standing(client, gid, token):
        version, state = 0, None
        while state is None or state.get("decision") is None:  # (until the question is put)
            status, body = client.state(gid, token, version)
            state, version = body["seats"]["0"], body["versions"]["0"]
        return {k: v for k, v in state.items() if k != "version"} | {"decision": {
            k: v for k, v in state["decision"].items() if k != "number"}}

    served = Served(games)
    try:
        client = Client(served.url)
        game = client.create(edition="nl-1990", players=3, seats=["human", "balanced", "random"], seed=6, lang="en")
        gid, token = game["id"], game["seats"][0]["token"]
        play_to_the_end(client, gid, token, 0, random.Random(6), stop_after=6)
    finally:
        served.stop()
    (games / f"{gid}.answers.json").unlink()
    lines = len((games / f"{gid}.save").read_text().splitlines())
    served = Served(games)
    try:
        client = Client(served.url)
        play_to_the_end(client, gid, token, 0, random.Random(7), stop_after=8)
        before = standing(client, gid, token)
    finally:
        served.stop()
    kept = json.loads((games / f"{gid}.answers.json").read_text())
    assert (kept["from_log"], len(kept["answers"])) == (lines, 8)
    served = Served(games)
    try:
        client = Client(served.url)
        assert served.host.games[gid].failed is None
        assert standing(client, gid, token) == before
    finally:
        served.stop()


def test_an_answer_that_cannot_be_kept_is_not_taken(tmp_path):
    """A full disk: the answer cannot be kept, so it is not taken (507), and the question stands."""
    from riskrules.outputs import OutputError

    served = Served(tmp_path / "games")
    try:
        client = Client(served.url)
        game = client.create(edition="nl-1990", players=3, seats=["human", "random", "random"], seed=8, lang="en")
        gid, token = game["id"], game["seats"][0]["token"]
        hosted = served.host.games[gid]
        state = play_to_the_end(client, gid, token, 0, random.Random(8), stop_after=0)

        def full() -> None:
            raise OutputError(f"{hosted.answers_path}: cannot be written (No space left on device)")

        hosted.keep_answers = full
        assert state["decision"]["kind"] == "place"  # (nl-1990 deals the territories: the armies are placed first)
        answer = {"place": [[state["decision"]["options"][0], 1]]}
        assert client.answer(gid, token, 0, state["decision"]["number"], answer) == (507, {
            "error": "the answer could not be kept, and was not taken: the games folder/"
                     f"{gid}.answers.json: cannot be written (No space left on device)"})
        assert (hosted.taken, hosted.asking[0]) == ([], state["decision"]["number"])
    finally:
        served.stop()
