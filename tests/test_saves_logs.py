"""Saves and logs from strangers: every damaged file is one clear line and exit 1, never a traceback.

Each case is an example from issue 8 ("Why"), asserted word for word.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

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


def test_a_log_from_before_logs_carried_rules_names_them_relative_to_itself(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "logs").mkdir()
    (tmp_path / "rules" / "mine.risk").write_text("rulebook mine\nextends sv-2000\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("play", "rules/mine.risk", "--humans", "0", "--seed", "4", "--log", "rules/near.jsonl").exit_code == 0
    assert json.loads((tmp_path / "rules" / "near.jsonl").read_text().splitlines()[0])["edition"] == "mine.risk"
    assert run("play", "rules/mine.risk", "--humans", "0", "--seed", "4", "--log", "logs/far.jsonl").exit_code == 0
    lines = (tmp_path / "logs" / "far.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    assert header["edition"] == "../rules/mine.risk"
    del header["files"]  # as written before logs carried their rules: the path alone
    old = write(tmp_path / "logs" / "old.jsonl", [compact(header)] + lines[1:])
    assert refused("replay", "logs/old.jsonl") == (
        "risk: logs/old.jsonl:1: the rules of this game cannot be loaded: refused path '../rules/mine.risk': it "
        "leads out of the directory of the file that names it (allow its directory with --allow-dir DIR)\n")
    assert run("replay", old, "--allow-dir", "rules").exit_code == 0


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
    del header["kind"]  # a save as written before headers said what the file is: still resumed
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
    # (-P: the riskrules this process imports, the installed one in CI: conftest.RISK)
    done = subprocess.run([sys.executable, "-P", "-c", code, str(tmp_path / "x.save")], timeout=60)
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


# examples a run of the validator's property (60 before the CI-time cut; benchmarks/saves_logs_values.py
# runs it with more through RISKRULES_EXAMPLES)
EXAMPLES = int(os.environ.get("RISKRULES_EXAMPLES", "25"))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
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


@settings(max_examples=max(60, EXAMPLES), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 4000), junk=st.binary(max_size=40))
def test_any_damaged_bytes_are_refused_with_a_game_error(tmp_path, game_log, cut, junk):
    data = "\n".join(game_log[:40]).encode()
    path = tmp_path / "b.jsonl"
    path.write_bytes(data[:cut] + junk + data[cut + len(junk):])
    try:
        load(path)
    except GameError as err:
        assert str(err).startswith(str(path))


# ---- rules carried in logs and saves; resume writes on the log (issue 20) ------------------------------

HOUSE = ('rulebook myhouse\nextends sv-2000\ntitle "Mine"\nboard "mine.yaml"\n\nreinforcements {\n'
         '    territories max(4, territories // 3)\n'
         '    continents north_america 5, south_america 2, europe 5, africa 3, asia 7, australia 2\n}\n')


@pytest.fixture
def house(tmp_path, monkeypatch):
    """A house rule in rules/ that extends sv-2000 and plays on its own board (the classic one with
    4 jokers); the tests run in tmp_path."""
    from riskrules.resources import boards_dir

    rules = tmp_path / "rules"
    rules.mkdir()
    board = (boards_dir() / "classic.yaml").read_text(encoding="utf-8")
    (rules / "mine.yaml").write_text(board.replace("jokers: 2", "jokers: 4"), encoding="utf-8")
    (rules / "mine.risk").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return rules


def leave(prompt):
    raise EOFError  # the person leaves at the first question


def test_a_house_rule_log_moved_away_from_its_deleted_rule_files_replays_and_resumes(tmp_path, house):
    import shutil

    from riskrules.terminal.session import play

    assert run("play", "rules/mine.risk", "--humans", "0", "--seed", "4", "--log", "g.jsonl").exit_code == 0
    header = json.loads((tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()[0])
    board = (house / "mine.yaml").read_text(encoding="utf-8")
    assert (header["edition"], header["kind"], header["language"]) == ("rules/mine.risk", "log", "sv")
    assert header["files"] == {"rules/mine.risk": HOUSE, "rules/mine.yaml": board}
    outcome = play("rules/mine.risk", None, 3, 1, "balanced", 4, save=Path("s.save"), log=Path("s.jsonl"),
                   read=leave, write=lambda line: None)
    assert outcome.result is None
    shutil.rmtree(house)
    away = tmp_path / "away"
    away.mkdir()
    for name in ("g.jsonl", "s.save", "s.jsonl"):
        shutil.move(name, away / name)
    n = len((away / "g.jsonl").read_text().splitlines())
    replayed = run("replay", away / "g.jsonl")
    assert (replayed.exit_code, replayed.stderr) == (0, "")
    assert replayed.stdout.startswith(f"{away / 'g.jsonl'}: all {n:,} lines of the log match the replayed game. ")
    resumed = runner.invoke(app, ["resume", str(away / "s.save")], input="")
    assert resumed.exit_code == 3, resumed.output  # resumed, then left at the end of the input (saved again)
    assert "Fortsätter rules/mine.risk (slumpfrö 4) vid tur 0." in resumed.stdout
    assert f"Spelloggen fortsätter i {away / 's.jsonl'}." in resumed.stdout
    assert run("replay", away / "s.jsonl").exit_code == 0
    assert (away / "s.jsonl").read_text().splitlines()[1:] == (away / "s.save").read_text().splitlines()[1:]


def test_a_local_rule_file_that_differs_is_a_warning_and_the_carried_one_is_used(tmp_path, house):
    (house / "top.risk").write_text('rulebook top\nextends "mine.risk"\n', encoding="utf-8")
    assert run("play", "rules/top.risk", "--humans", "0", "--seed", "2", "--log", "g.jsonl").exit_code == 0
    assert sorted(json.loads(Path("g.jsonl").read_text().splitlines()[0])["files"]) == \
        ["rules/mine.risk", "rules/mine.yaml", "rules/top.risk"]
    (house / "mine.risk").write_text(HOUSE.replace("max(4,", "max(5,"), encoding="utf-8")
    replayed = run("replay", "g.jsonl")
    assert replayed.exit_code == 0
    assert replayed.stderr == "risk: warning: rules/mine.risk: differs from the copy carried in g.jsonl (the copy is used)\n"


@pytest.mark.parametrize("text, message", [
    ('rulebook x\nextends "/etc/passwd"\n',
     "x.risk:2:9: no such rule file: '/etc/passwd' (the log carries no file '/etc/passwd')"),
    ('rulebook x\nextends "../../../etc/passwd"\n',
     "x.risk:2:9: no such rule file: '../../../etc/passwd' (the log carries no file '../../../etc/passwd')"),
    ('rulebook x\nextends cs-riziko\nboard "/dev/zero"\n',
     "x.risk:3:7: no such board: '/dev/zero' (the log carries no file '/dev/zero')"),
    ('rulebook x\nextends "x.risk"\n', "x.risk:2:9: extends cycle: x.risk → x.risk"),
    ('rulebook x\nextends cs-riziko\nreinforcements {\n territories ' + "(" * 300 + "1" + ")" * 300 + "\n}\n",
     "x.risk:4:78: expression nested too deeply (more than 64 levels)"),
    ("rulebook x\n" + "#" * 300_000 + "\n", "x.risk: file is too large (the limit is 256 KiB)"),
])
def test_carried_rules_are_checked_like_a_strangers_file_and_lead_nowhere(tmp_path, game_log, text, message):
    header = json.loads(game_log[0])
    log = write(tmp_path / "g.jsonl", [compact({**header, "edition": "x.risk", "files": {"x.risk": text}})]
                + game_log[1:])
    assert refused("replay", log) == f"risk: {log}:1: the rules of this game cannot be loaded: {message}\n"


def test_a_carried_board_is_checked_like_a_strangers_board(tmp_path, game_log):
    header = json.loads(game_log[0])
    files = {"x.risk": 'rulebook x\nextends cs-riziko\nboard "b.yaml"\n', "b.yaml": "a: &a [1, 2]\nb: [*a, *a]\n"}
    log = write(tmp_path / "g.jsonl", [compact({**header, "edition": "x.risk", "files": files})] + game_log[1:])
    assert refused("replay", log) == (f"risk: {log}:1: the rules of this game cannot be loaded: x.risk:3:7: b.yaml: "
                                      f"not a board file: it uses YAML aliases\n")


def test_carried_text_is_bounded(tmp_path, game_log):
    header = json.loads(game_log[0])
    files = {"x.risk": "a" * 600_000, "y.yaml": "é" * 300_000}  # 1.17 MiB of UTF-8
    log = write(tmp_path / "g.jsonl", [compact({**header, "edition": "x.risk", "files": files})] + game_log[1:])
    assert refused("replay", log) == f"risk: {log}:1: damaged header — 'files': over the limit of 1024 KiB of text together\n"
    log = write(tmp_path / "g.jsonl", [compact({**header, "files": {"x": "y" * 2_200_000}})] + game_log[1:])
    assert refused("replay", log) == f"risk: {log}: not a riskrules game log\n"  # a header line over 2.06 MiB


def test_a_line_break_in_a_carried_text_stays_inside_the_header(tmp_path, house):
    (house / "mine.risk").write_text(HOUSE.replace('title "Mine"', 'title "Mine\u2028\x85\u2029"'), encoding="utf-8")
    assert run("play", "rules/mine.risk", "--humans", "0", "--seed", "3", "--log", "g.jsonl").exit_code == 0
    assert Path("g.jsonl").read_text(encoding="utf-8").splitlines()[0].endswith("}")
    assert run("replay", "g.jsonl").exit_code == 0


def a_save(name: str, log: str | None = "g.jsonl", **kwargs) -> Path:
    from riskrules.terminal.session import play

    play("sv-2000", None, 3, 1, "balanced", 5, save=Path(name), log=Path(log) if log else None, read=leave,
         write=lambda line: None, **kwargs)
    return Path(name)


def test_resume_refuses_a_log_it_is_not_the_log_of(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save = a_save("s.save")
    assert run("play", "sv-2000", "--humans", "0", "--seed", "6", "--log", "other.jsonl").exit_code == 0
    before = Path("other.jsonl").read_bytes()
    assert refused("resume", save, "--log", "other.jsonl") == \
        "risk: other.jsonl:1: not the log of the game in s.save (another game's header)\n"
    assert refused("resume", save, "--log", save) == \
        "risk: --log s.save: that is the save itself: a log and a save are two files\n"
    assert Path("other.jsonl").read_bytes() == before
    other = a_save("t.save", "t.jsonl")
    assert refused("resume", save, "--log", other) == \
        "risk: t.save: a save, not a game log: it cannot be written on as the log of s.save\n"


@pytest.mark.parametrize("log, why", [
    ("/etc/passwd", "refused path '/etc/passwd': an absolute path (name a file beside this one, or allow its "
                    "directory with --allow-dir DIR)"),
    ("../g.jsonl", "refused path '../g.jsonl': it leads out of the directory of the file that names it (allow its "
                   "directory with --allow-dir DIR)"),
])
def test_the_log_a_save_names_is_under_the_path_policy(tmp_path, monkeypatch, log, why):
    monkeypatch.chdir(tmp_path)
    save = a_save("s.save")
    lines = save.read_text().splitlines()
    write(save, [compact({**json.loads(lines[0]), "log": log})] + lines[1:])
    assert refused("resume", save) == f"risk: s.save:1: the log this save writes cannot be used: {why}, or give " \
                                      f"the log with --log FILE\n"


def test_a_log_written_on_from_a_crash_is_cut_back_to_the_save_or_made_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save = a_save("s.save")
    whole = Path("g.jsonl").read_text()
    Path("g.jsonl").write_text(whole + whole.splitlines(keepends=True)[-1][:10])  # cut off while writing
    result = runner.invoke(app, ["resume", str(save)], input="")
    assert (result.exit_code, result.stderr) == (3, "")
    assert Path("g.jsonl").read_text() == whole
    Path("g.jsonl").write_text(whole + "".join(whole.splitlines(keepends=True)[-2:]))  # lines after the save's
    result = runner.invoke(app, ["resume", str(save)], input="")
    assert (result.exit_code, result.stderr) == (3, "risk: warning: g.jsonl: its last 2 lines are left out: the "
                                                    "game goes on from s.save\n")
    assert Path("g.jsonl").read_text() == whole
    Path("g.jsonl").unlink()
    result = runner.invoke(app, ["resume", str(save)], input="")
    assert (result.exit_code, result.stderr) == (3, "risk: warning: g.jsonl: no such file; it is written anew from "
                                                    "s.save\n")
    assert Path("g.jsonl").read_text() == whole


def test_resume_with_a_new_log_writes_it_from_the_start_and_the_save_names_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "logs").mkdir()
    save = a_save("s.save", None, lang="de")
    header = json.loads(save.read_text().splitlines()[0])
    assert (header["kind"], header["language"], "log" in header) == ("save", "de", False)
    result = runner.invoke(app, ["resume", str(save), "--log", "logs/new.jsonl"], input="")
    assert result.exit_code == 3 and "Das Spielprotokoll wird in logs/new.jsonl fortgeschrieben." in result.stdout
    assert json.loads(save.read_text().splitlines()[0])["log"] == "logs/new.jsonl"
    logged = Path("logs/new.jsonl").read_text().splitlines()
    assert json.loads(logged[0]) == {**{k: v for k, v in header.items()}, "kind": "log"}
    assert logged[1:] == save.read_text().splitlines()[1:]
    assert run("replay", "logs/new.jsonl").exit_code == 0
    result = runner.invoke(app, ["resume", str(save), "--lang", "cs"], input="")  # on in Czech, and in logs/new.jsonl
    assert result.exit_code == 3 and "Záznam hry pokračuje v souboru logs/new.jsonl." in result.stdout
    assert json.loads(save.read_text().splitlines()[0])["language"] == "cs"
