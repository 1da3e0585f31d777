"""The seat protocol (agents/seat.py, docs/seat-protocol.md): a program in a seat, over JSON lines.

The reference clients (docs/clients/) play whole short games through `risk play --bot cmd:…`, whose
logs replay; every message is valid under its schema; a client that exits, hangs, writes what is not
JSON, a huge line or an illegal answer ends the game with one line naming it, exit 1, its log kept.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.agents.seat import CommandSeat
from riskrules.engine.agents.seat_json import answer_of, hello, question
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

ROOT = Path(__file__).resolve().parent.parent
# (run from the repository's root: any python3 runs the clients, which need only its standard library)
PY_CLIENT = "cmd:python3 docs/clients/random_client.py"
JS_CLIENT = "cmd:node docs/clients/random_client.js"
HOSTILE = "cmd:python3 tests/data/seat_hostile.py"
SCHEMA = json.loads((ROOT / "riskrules/language/schema/seat.schema.json").read_text(encoding="utf-8"))
runner = CliRunner()


def risk(*args: str):
    done = runner.invoke(app, list(args))
    return done.exit_code, done.stdout, done.stderr


def play(bot: str, log: Path, *more: str):
    return risk("play", "rulebooks/house/three-isles.risk", "--humans", "0", "--players", "3", "--seed", "4",
                "--max-turns", "15", "-q", "--bot", bot, "--log", str(log), *more)


@pytest.mark.parametrize("client", ["python", "node"])
def test_a_reference_client_plays_a_whole_game_whose_log_replays(tmp_path, monkeypatch, client):
    if client == "node" and shutil.which("node") is None:
        pytest.skip("node is not installed: the JavaScript client cannot run")
    monkeypatch.chdir(ROOT)
    log = tmp_path / "game.jsonl"
    code, out, err = play(PY_CLIENT if client == "python" else JS_CLIENT, log)
    assert (code, err) == (0, "") and out.startswith("winner: ") and out.endswith(", seed: 4\n")
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [p["agent"] for p in events[0]["players"]] == [PY_CLIENT if client == "python" else JS_CLIENT] * 3
    assert events[-1]["type"] == "game_over" and sum(e["type"] == "battle" for e in events) > 10
    code, out, err = risk("replay", str(log))
    assert code == 0 and "match the replayed game" in out


def test_every_message_is_valid_under_the_schema():
    rules = open_rulebook("classic").rules(None, 3)
    told = []

    class Asked(BalancedAgent):
        def start(self, view, seat, rng):
            super().start(view, seat, rng)
            told.append(hello(view, seat, 7))

        def decide(self, d):
            told.append(question(d, d.view, len(told)))
            return super().decide(d)

    Game(rules, [Asked(), make_bot("balanced"), make_bot("balanced")], 3, max_turns=14).play()
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for message in told:
        validator.validate(message)
    kinds = {m["kind"] for m in told if m["type"] == "question"}
    assert kinds == {"place", "attack", "dice", "defend", "occupy", "fortify", "trade", "bonus"}
    assert {m["view"]["mission"] for m in told[1:]} == {None}
    assert answer_of([3, [1, 2]]) == (3, (1, 2)) and answer_of({"a": 1}) == ("a",)
    jsonschema.validate(None, SCHEMA["$defs"]["answer"])


@pytest.mark.parametrize("mode, error", [
    ("exit", "ended without answering fortify (exit code 3)"),
    ("hang", "did not answer fortify within 3 s (--bot-timeout)"),
    ("garbage", "answered fortify with a line that is not JSON: 'attack, please {'"),
    ("huge", "answered fortify with a line over 1,000,000 bytes"),
    ("illegal", "answered -1 to fortify: expected from, to and a number of armies"),
])
def test_a_client_that_misbehaves_ends_the_game_in_one_line_and_its_log_is_kept(tmp_path, monkeypatch, mode, error):
    monkeypatch.chdir(ROOT)
    log = tmp_path / "game.jsonl"
    bot = f"{HOSTILE} {mode} 20"
    code, out, err = play(bot, log, "--bot-timeout", "3")  # (not less: a busy machine is slow to answer too)
    assert (code, out) == (1, "")
    assert err == f"risk: blue ({bot}) {error}\n"
    code, out, _ = risk("replay", str(log))
    assert code == 0 and "lines of the log match the replayed game" in out


def test_a_command_that_cannot_run_is_refused_before_the_game():
    assert risk("play", "classic", "--humans", "0", "--bot", "cmd:no-such-program-here --x") == (
        1, "", "risk: bot 'cmd:no-such-program-here --x': no program no-such-program-here to run\n")
    assert risk("play", "classic", "--humans", "0", "--bot", "cmd:") == (1, "", "risk: bot 'cmd:': no command after cmd:\n")
    assert risk("play", "classic", "--humans", "0", "--bot", "cmd:python3 'x") == (
        1, "", "risk: bot 'cmd:python3 'x': the command cannot be read (No closing quotation)\n")


def test_a_seat_s_program_is_ended_with_its_game(monkeypatch):
    monkeypatch.chdir(ROOT)
    rules = open_rulebook("classic").rules(None, 3)
    seats = [CommandSeat(PY_CLIENT[:], 5) for _ in range(3)]
    Game(rules, seats, 2, max_turns=3).play()
    assert [seat.proc.poll() for seat in seats] == [0, 0, 0]


def test_a_tournament_seats_a_program_as_any_bot(monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, err = risk("tournament", "rulebooks/house/three-isles.risk", "--players", "3", "--bots",
                          f"{PY_CLIENT},balanced", "--games", "3", "--max-turns", "15")
    assert (code, err) == (0, "")
    rows = {line.split()[0]: line.split()[1:3] for line in out.splitlines() if line.startswith(("cmd:", "balanced"))}
    assert rows == {"cmd:python3": ["docs/clients/random_client.py", "1"], "balanced": ["2", "2"]}
