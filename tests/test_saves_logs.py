"""Saves and logs from strangers: every damaged file is one clear line and exit 1, never a traceback.

Each case is an example from issue 8 ("Why"), asserted word for word.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.errors import GameError
from riskrules.engine.replay import load

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    """The lines of a whole 2-player bot game (cs-riziko, seed 3)."""
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    assert run("play", "cs-riziko", "--players", "2", "--humans", "0", "--seed", "3", "--log", log).exit_code == 0
    return log.read_text(encoding="utf-8").splitlines()


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def compact(event) -> str:
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


def refused(*args) -> str:
    result = run(*args)
    assert result.exit_code == 1, result.stdout
    assert result.stdout == ""
    return result.stderr


def test_a_line_after_game_over(tmp_path, game_log):
    log = write(tmp_path / "g.jsonl", game_log + [game_log[5]])
    n = len(game_log)
    message = f"risk: {log}:{n + 1}: damaged — a line after game_over (line {n}): the game ended there\n"
    assert refused("replay", log) == message
    assert refused("replay", log, "--show") == message


def test_json_nested_100000_deep_and_50_deep(tmp_path, game_log):
    log = write(tmp_path / "g.jsonl", game_log[:3] + ["[" * 100_000 + "]" * 100_000])
    assert refused("replay", log) == f"risk: {log}:4: damaged — a line of 200,000 characters (at most 65,536)\n"
    log = write(tmp_path / "g.jsonl", game_log[:3] + ["[" * 50 + "]" * 50])
    assert refused("replay", log) == f"risk: {log}:4: damaged — JSON nested more than 16 deep\n"


def test_a_5000_digit_number(tmp_path, game_log):
    event = json.loads(game_log[3])
    line = compact(event).replace(f'"turn":{event["turn"]}', '"turn":' + "7" * 5000)
    log = write(tmp_path / "g.jsonl", game_log[:3] + [line] + game_log[4:])
    assert refused("replay", log) == f"risk: {log}:4: damaged — a number of 5000 digits (at most 19)\n"


def test_fractions_and_nan_are_refused(tmp_path, game_log):
    log = write(tmp_path / "g.jsonl", game_log[:3] + [game_log[3].replace('"turn":0', '"turn":0.5')])
    assert refused("replay", log) == f"risk: {log}:4: damaged — the number 0.5 (a log holds whole numbers only)\n"
    log = write(tmp_path / "g.jsonl", game_log[:3] + [game_log[3].replace('"turn":0', '"turn":NaN')])
    assert refused("replay", log) == f"risk: {log}:4: damaged — NaN (not a number a log can hold)\n"


@pytest.mark.parametrize("key, value, expected", [
    ("seed", "1", "'seed': expected a whole number, found \"1\""),
    ("seed", -1, "'seed': expected a number of at least 0, found -1"),
    ("players", "red", "'players': expected a list, found \"red\""),
    ("max_turns", None, "'max_turns': expected a whole number, found null"),
    ("edition", 7, "'edition': expected a string, found 7"),
])
def test_wrong_header_types(tmp_path, game_log, key, value, expected):
    header = json.loads(game_log[0])
    header[key] = value
    log = write(tmp_path / "g.jsonl", [compact(header)] + game_log[1:])
    assert refused("replay", log) == f"risk: {log}:1: damaged header — {expected}\n"
    assert refused("resume", log) == f"risk: {log}:1: damaged header — {expected}\n"


def test_a_flipped_key_with_show(tmp_path, game_log):
    i = next(n for n, line in enumerate(game_log) if '"type":"battle"' in line)
    log = write(tmp_path / "g.jsonl", game_log[:i] + [game_log[i].replace('"from"', '"fromm"')] + game_log[i + 1:])
    assert refused("replay", log, "--show") == f"risk: {log}:{i + 1}: damaged — expected the key 'from', found none\n"


def test_unknown_territories_and_players(tmp_path, game_log):
    i = next(n for n, line in enumerate(game_log) if '"type":"claim"' in line)
    claim = json.loads(game_log[i])
    log = write(tmp_path / "g.jsonl", game_log[:i] + [compact({**claim, "territory": "atlantis"})] + game_log[i + 1:])
    assert refused("replay", log) == (f"risk: {log}:{i + 1}: damaged — 'territory': expected a territory of the "
                                      f"board, found \"atlantis\"\n")
    log = write(tmp_path / "g.jsonl", game_log[:i] + [compact({**claim, "player": "x" * 500})] + game_log[i + 1:])
    assert refused("replay", log) == (f"risk: {log}:{i + 1}: damaged — 'player': expected a player of this game, "
                                      f"found \"{'x' * 58}…\n")


def test_seed_changed_from_1_to_minus_1(tmp_path):
    log = tmp_path / "g.jsonl"
    assert run("play", "sv-2000", "--humans", "0", "--seed", "1", "--log", log).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace('"seed":1,', '"seed":-1,')
    write(log, lines)
    assert refused("replay", log) == f"risk: {log}:1: damaged header — 'seed': expected a number of at least 0, found -1\n"
    assert refused("play", "sv-2000", "--humans", "0", "--seed", "-1") == \
        "risk: a seed is a whole number from 0 to 9223372036854775807, not -1\n"


def test_a_game_refuses_a_negative_seed():
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    rules = open_rulebook("sv-2000").rules(None, 3)
    with pytest.raises(GameError) as err:
        Game(rules, [make_bot("random") for _ in range(3)], -1)
    assert str(err.value) == "a seed is a whole number from 0 up, not -1"


@pytest.mark.parametrize("edition, why", [
    ("/etc/passwd", "an absolute path (name a file beside this one, or allow its directory with --allow-dir DIR)"),
    ("../../some/file.risk", "it leads out of the directory of the file that names it (allow its directory "
                             "with --allow-dir DIR)"),
])
def test_header_edition_is_under_the_path_policy(tmp_path, game_log, edition, why):
    header = json.loads(game_log[0])
    log = write(tmp_path / "g.jsonl", [compact({**header, "edition": edition})] + game_log[1:])
    assert refused("replay", log) == (f"risk: {log}:1: the rules of this game cannot be loaded: refused path "
                                      f"'{edition}': {why}\n")


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom", "fifo"])
def test_special_files_are_refused_at_once(tmp_path, special):
    if special == "fifo":
        special = tmp_path / "fifo"
        os.mkfifo(special)
    for command in ("replay", "resume"):
        assert refused(command, special) == \
            f"risk: {special}: not a regular file (a device, a FIFO or a socket), not a game log\n"


def test_rules_fingerprint_must_match(tmp_path, game_log):
    header = json.loads(game_log[0])
    log = write(tmp_path / "g.jsonl", [compact({**header, "rules": "0123456789abcdef"})] + game_log[1:])
    assert refused("replay", log) == (f"risk: {log}:1: the rules of cs-riziko have changed since this game was "
                                      f"played (expected fingerprint 0123456789abcdef, found {header['rules']})\n")


def test_a_house_rule_log_names_its_rules_relative_to_itself(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "logs").mkdir()
    (tmp_path / "rules" / "mine.risk").write_text("rulebook mine\nextends sv-2000\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("play", "rules/mine.risk", "--humans", "0", "--seed", "4", "--log", "rules/near.jsonl").exit_code == 0
    assert json.loads((tmp_path / "rules" / "near.jsonl").read_text().splitlines()[0])["edition"] == "mine.risk"
    assert run("replay", "rules/near.jsonl").exit_code == 0
    assert run("play", "rules/mine.risk", "--humans", "0", "--seed", "4", "--log", "logs/far.jsonl").exit_code == 0
    assert json.loads((tmp_path / "logs" / "far.jsonl").read_text().splitlines()[0])["edition"] == "../rules/mine.risk"
    assert refused("replay", "logs/far.jsonl") == (
        "risk: logs/far.jsonl:1: the rules of this game cannot be loaded: refused path '../rules/mine.risk': it "
        "leads out of the directory of the file that names it (allow its directory with --allow-dir DIR)\n")
    assert run("replay", "logs/far.jsonl", "--allow-dir", "rules").exit_code == 0


# ---- saves ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def human_save(tmp_path_factory):
    """A save of a game in progress whose person (the first seat) has traded cards."""
    path = tmp_path_factory.mktemp("save") / "game.save"
    state = {}
    # a game of bots recorded as if the first seat were a person: replaying answers it from the file
    out = tmp_path_factory.mktemp("bots") / "bots.jsonl"
    assert run("play", "sv-2000", "--humans", "0", "--seed", "5", "--log", out).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["players"][0]["agent"] = "human"
    first = header["players"][0]["name"]
    trades = [n for n, line in enumerate(lines) if '"type":"trade"' in line and f'"player":"{first}"' in line]
    assert trades, "the first seat never traded"
    cut = trades[0] + 3
    path.write_text("\n".join([compact(header)] + lines[1:cut]) + "\n", encoding="utf-8")
    state.update(path=path, trade=trades[0], first=first)
    return state


def test_a_save_that_replays_resumes(human_save):
    from riskrules.engine.agents import make_bot
    from riskrules.engine.replay import resume_game

    game, follower = resume_game(human_save["path"], live=lambda name: make_bot("balanced"))
    assert game.play().winner is not None
    assert follower.position > len(follower.events)  # all of the file replayed, then new moves


def test_a_trade_of_jokers_in_a_humans_save(tmp_path, human_save):
    lines = human_save["path"].read_text(encoding="utf-8").splitlines()
    i = human_save["trade"]
    trade = json.loads(lines[i])
    trade["cards"] = [{"territory": None, "symbol": "joker"}] * len(trade["cards"])
    save = write(tmp_path / "g.save", lines[:i] + [compact(trade)] + lines[i + 1:])
    err = refused("resume", save)
    assert err.startswith(f"risk: {save}:{i + 1}: this save no longer replays (after {i} matching lines) — "
                          f"in the file: {{\"type\":\"trade\",")
    assert err.endswith(f"replayed: {{\"error\":\"line {i + 1} trades a joker {human_save['first']} does not "
                        f"hold\"}}\n")


def test_a_save_that_no_longer_replays_is_refused_before_the_game_starts(tmp_path, human_save):
    lines = human_save["path"].read_text(encoding="utf-8").splitlines()
    i = next(n for n, line in enumerate(lines) if '"type":"battle"' in line)
    battle = json.loads(lines[i])
    battle["defender_dice"] = [7 - d for d in battle["defender_dice"]]
    save = write(tmp_path / "g.save", lines[:i] + [compact(battle)] + lines[i + 1:])
    result = run("resume", save)
    assert (result.exit_code, result.stdout) == (1, "")  # nothing told, nothing asked
    assert result.stderr == (f"risk: {save}:{i + 1}: this save no longer replays (after {i} matching lines) — in "
                             f"the file: {compact({'type': 'battle', 'defender_dice': battle['defender_dice']})}; "
                             f"replayed: {compact({'type': 'battle', 'defender_dice': [7 - d for d in battle['defender_dice']]})}\n")


# ---- output paths ----------------------------------------------------------------------------------

@pytest.mark.parametrize("option", ["--save", "--log"])
def test_outputs_into_a_missing_directory(option):
    assert refused("play", "sv-2000", "--humans", "0", option, "no/such/dir/game.save") == \
        "risk: no/such/dir/game.save: cannot be written (no such directory: no/such/dir)\n"


def test_a_full_disk_names_the_users_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    import errno

    save = tmp_path / "game.save"
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    result = runner.invoke(app, ["play", "sv-2000", "--save", str(save)], input="")
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert (result.exit_code, result.stderr) == (1, f"risk: {save}: cannot be written (No space left on device)\n")
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_under_the_log_names_it(tmp_path, monkeypatch):
    from riskrules.terminal import session

    log = tmp_path / "game.jsonl"

    class Full:
        def __init__(self, *args, **kwargs):
            pass

        def write(self, text):
            raise OSError(28, "No space left on device")

        def close(self):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(session, "open", Full, raising=False)
    assert refused("play", "sv-2000", "--humans", "0", "--quiet", "--log", log) == \
        f"risk: {log}: cannot be written (No space left on device)\n"


def test_sigterm_while_writing_leaves_no_temporary_file(tmp_path):
    code = ("import os, signal, sys; from riskrules.outputs import atomic, install_signal_handlers\n"
            "install_signal_handlers()\n"
            "with atomic(sys.argv[1]) as out:\n"
            "    out.write('half')\n"
            "    os.kill(os.getpid(), signal.SIGTERM)\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "x.save")], timeout=60)
    assert done.returncode == 128 + signal.SIGTERM
    assert list(tmp_path.iterdir()) == []


def test_temporary_files_of_killed_processes_are_swept(tmp_path):
    from riskrules.outputs import write_lines

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".x.save.{dead.stdout.strip()}.abc123.tmp"  # as kill -9 would leave it
    alive = tmp_path / f".x.save.{os.getppid()}.abc123.tmp"  # another process still writing
    other = tmp_path / f".y.save.{dead.stdout.strip()}.abc123.tmp"  # another target's
    for path in (stale, alive, other):
        path.write_text("half")
    write_lines(tmp_path / "x.save", ["whole"])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["x.save", alive.name, other.name])


def test_an_unreachable_dask_scheduler_is_one_line(monkeypatch):
    pytest.importorskip("distributed")
    import time

    from riskrules.instrument import simulate

    monkeypatch.setattr(simulate, "DASK_TIMEOUT", 0.5)
    start = time.perf_counter()
    with pytest.raises(RuntimeError) as err:
        simulate.run(simulate.Job("sv-2000", None, 3), 2, 1, executor="dask", address="tcp://127.0.0.1:1")
    assert str(err.value) == "no dask scheduler answers at tcp://127.0.0.1:1 (within 0.5 s)"
    assert time.perf_counter() - start < 10


def test_chunks_are_made_as_needed():
    from riskrules.instrument.simulate import _chunks

    chunks = _chunks(0, 10**12)
    assert next(chunks) == range(0, 20) and next(chunks) == range(20, 40)


# ---- the validator, as a property -----------------------------------------------------------------

_json = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=4), max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.integers(1, 40), key=st.sampled_from(["type", "turn", "player", "territory", "from", "armies",
                                                   "cards", "seed", "players", "edition", "rules", "x"]),
       value=_json)
def test_any_value_anywhere_is_accepted_or_refused_with_a_game_error(tmp_path, game_log, line, key, value):
    event = json.loads(game_log[line - 1])
    event[key] = value
    path = write(tmp_path / "h.jsonl", game_log[:line - 1] + [compact(event)] + game_log[line:])
    try:
        load(path)
    except GameError as err:
        assert str(err).startswith(str(path))
        assert len(str(err)) < 600


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 4000), junk=st.binary(max_size=40))
def test_any_damaged_bytes_are_refused_with_a_game_error(tmp_path, game_log, cut, junk):
    data = "\n".join(game_log[:40]).encode()
    path = tmp_path / "b.jsonl"
    path.write_bytes(data[:cut] + junk + data[cut + len(junk):])
    try:
        load(path)
    except GameError as err:
        assert str(err).startswith(str(path))
