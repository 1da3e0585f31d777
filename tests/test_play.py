"""Playing from the CLI: bots to the end, logs that replay, the human prompt, save and resume."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.terminal.human import HumanAgent
from riskrules.engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, FORTIFY, OCCUPY, PLACE,
                                        TRADE)
from riskrules.terminal.session import play, resume
from riskrules.text.i18n import Text
from scenario import Scenario

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_bots_play_to_the_end():
    first = run("play", "nl-1990", "--humans", "0", "--seed", "1")
    assert first.exit_code == 0
    last = first.stdout.splitlines()[-1]
    assert re.fullmatch(r"winner: (red|blue|yellow), reason: (mission|domination), turns: \d+, seed: 1", last)
    assert run("play", "nl-1990", "--humans", "0", "--seed", "1").stdout == first.stdout


@pytest.mark.parametrize("args, message", [
    (["play", "de-deluxe", "--players", "2", "--humans", "0"], "risk: de-deluxe (missions) is for 3 to 6 players, not 2\n"),
    (["play", "sv-2000", "--humans", "4"], "risk: --humans must be between 0 and the number of players (3)\n"),
    (["play", "sv-2000", "--bot", "clever"], "risk: unknown bot 'clever'; bots: random, balanced, strong, aggressive, turtle, spreader, or module:Class\n"),
    (["play", "sv-2000", "--max-turns", "0"], "risk: --max-turns must be at least 1\n"),
    (["replay", "nowhere.jsonl"], "risk: nowhere.jsonl: no such file\n"),
])
def test_play_errors_are_one_line(args, message):
    result = run(*args)
    assert (result.exit_code, result.stderr) == (1, message)


def test_log_replays_and_tampering_is_found(tmp_path):
    log = tmp_path / "game.jsonl"
    assert run("play", "cs-riziko", "--players", "2", "--humans", "0", "--seed", "3", "--log", str(log)).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    ok = run("replay", str(log))
    assert ok.exit_code == 0 and ok.stdout.startswith(f"{log}: all {len(lines)} lines of the log match the replayed game.")
    # load a die: the first battle's attacker rolls a different first face
    i = next(n for n, line in enumerate(lines) if '"type":"battle"' in line)
    event = json.loads(lines[i])
    event["attacker_dice"][0] = 7 - event["attacker_dice"][0] if event["attacker_dice"][0] != 3.5 else 1
    lines[i] = json.dumps(event, separators=(",", ":"), ensure_ascii=False)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    bad = run("replay", str(log))
    assert bad.exit_code == 1
    assert bad.stderr.startswith(f"risk: {log}:{i + 1}: differs from the replayed game after {i} matching lines — "
                                 f"in the log: {{\"type\":\"battle\",\"attacker_dice\":")


def test_replay_show_tells_the_game(tmp_path):
    log = tmp_path / "game.jsonl"
    run("play", "sv-2000", "--humans", "0", "--seed", "2", "--log", str(log))
    shown = run("replay", str(log), "--show", "--lang", "en").stdout.splitlines()
    assert shown[0] == "RISK – Världsstrategispelet (Hasbro Nordic, 2000) — red (balanced), blue (balanced), " \
                       "yellow (balanced); seed 2."
    assert shown[2].startswith("— Turn 1 (round 1): ")
    assert re.fullmatch(r".+ wins .+ after \d+ turns\.", shown[-1])


# ---- a person at the keyboard ----------------------------------------------------------------------

class Typist:
    """Types at the prompt what a balanced bot would answer, as a person would write it."""

    def __init__(self):
        self.bot = make_bot("balanced")
        self.human: HumanAgent | None = None
        self.typed: list[str] = []
        self.limit: int | None = None

    def __call__(self, prompt: str) -> str:
        if self.limit is not None and len(self.typed) >= self.limit:
            raise EOFError
        d = self.human.pending
        if getattr(self.bot, "game", None) is not self.human.game:
            self.bot.start(self.human.game, self.human.seat, None)
        answer = self.bot.decide(d)
        text = self.text(d, answer)
        self.typed.append(text)
        return text

    def text(self, d, answer) -> str:
        name = self.human.tname
        k = d.kind
        if answer is None:
            return ""
        if k in (CLAIM, CAPITAL, BONUS):
            return name(answer)
        if k is PLACE:
            return f"{name(answer[0]).lower()} {answer[1]}"
        if k is TRADE:
            return str(d.options.index(answer) + 1)
        if k is ATTACK:
            return f"{name(answer[0])} {name(answer[1])}"
        if k is DICE:
            return f"{answer[0]} {answer[1]}"
        if k in (DEFEND, OCCUPY):
            return str(answer)
        if k is FORTIFY:
            return f"{name(answer[0])} → {name(answer[1])} {answer[2]}"
        raise AssertionError(k)


@pytest.fixture
def typists(monkeypatch):
    """Makes Typists; the next person the session seats is typed for by the newest one."""
    import riskrules.terminal.session as session

    made: list[Typist] = []
    original = session.HumanAgent

    def seat(*args, **kwargs):
        agent = original(*args, **kwargs)
        made[-1].human = agent
        return agent

    monkeypatch.setattr(session, "HumanAgent", seat)

    def new(limit: int | None = None) -> Typist:
        typist = Typist()
        typist.limit = limit
        made.append(typist)
        return typist

    return new


def human_game(tmp_path, save_name: str, typist: Typist):
    said: list[str] = []
    outcome = play("cs-riziko", None, 2, 1, "balanced", 11, save=tmp_path / save_name, read=typist,
                   write=said.append)
    return outcome, said


def test_a_whole_game_typed_at_the_prompt(tmp_path, typists):
    typist = typists()
    outcome, said = human_game(tmp_path, "whole.jsonl", typist)
    assert outcome.result is not None and outcome.result.reason == "opponent_eliminated"
    assert len(typist.typed) > 50
    assert not [line for line in said if line.startswith("Not allowed")]
    assert run("replay", str(tmp_path / "whole.jsonl")).exit_code == 0


def test_save_and_resume_play_the_same_game(tmp_path, typists):
    whole, _ = human_game(tmp_path, "whole.jsonl", typists())
    stopped, _ = human_game(tmp_path, "part.jsonl", typists(limit=30))
    assert stopped.result is None
    part = (tmp_path / "part.jsonl").read_text(encoding="utf-8")
    assert (tmp_path / "whole.jsonl").read_text(encoding="utf-8").startswith(part)
    resumed = resume(tmp_path / "part.jsonl", read=typists(), write=lambda line: None)  # a fresh typist goes on
    assert resumed.result == whole.result
    assert (tmp_path / "part.jsonl").read_text(encoding="utf-8") == (tmp_path / "whole.jsonl").read_text(encoding="utf-8")


def test_resume_refuses_a_finished_or_foreign_file(tmp_path):
    log, save = tmp_path / "done.jsonl", tmp_path / "done.save"
    run("play", "cs-riziko", "--players", "2", "--humans", "0", "--seed", "3", "--log", str(log), "--save", str(save))
    result = run("resume", str(save))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"risk: {save}: this game is over (opponent_eliminated); nothing to resume")
    before = log.read_bytes()
    result = run("resume", str(log))  # issue 20: `risk resume g.jsonl` rewrote the log as a save
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"risk: {log}: a game log, not a save — `risk resume` goes on from the file written "
                             f"by `risk play --save` (check a log with: risk replay {log})\n")
    assert log.read_bytes() == before
    foreign = tmp_path / "notes.txt"
    foreign.write_text("shopping list\n", encoding="utf-8")
    assert run("resume", str(foreign)).stderr == f"risk: {foreign}: not a riskrules game log\n"
    cut = tmp_path / "cut.jsonl"
    cut.write_text(log.read_text(encoding="utf-8")[:500], encoding="utf-8")
    assert run("resume", str(cut)).stderr == f"risk: {cut}: damaged — its last line is cut off\n"


def test_a_german_game_resumes_in_german_and_its_log_goes_on(tmp_path, typists, monkeypatch):
    """Issue 20: a game played with --lang de, --save and --log, left midway and resumed without
    --lang, goes on in German and writes on its log, which is then line for line the log of the
    same game played without a break, and replays with exit 0."""
    import riskrules.terminal.session as session

    def typed(*args, typist):
        monkeypatch.setattr(session, "_input", typist)
        return run(*[str(a) for a in args])

    game = ("play", "sv-2000", "--players", "2", "--seed", "8", "--lang", "de")
    whole = typed(*game, "--save", tmp_path / "whole.save", "--log", tmp_path / "whole.jsonl", typist=typists())
    assert whole.exit_code == 0, whole.output
    save, log = tmp_path / "s.save", tmp_path / "g.jsonl"
    first = typed(*game, "--save", save, "--log", log, typist=typists(limit=40))
    assert first.exit_code == 3
    assert json.loads(save.read_text(encoding="utf-8").splitlines()[0])["log"] == "g.jsonl"
    second = typed("resume", save, typist=typists())
    assert second.exit_code == 0, second.output
    assert re.search(r"^sv-2000 wird fortgesetzt \(Seed 8\) bei Zug \d+\.$", second.stdout, re.M)
    assert f"Das Spielprotokoll wird in {log} fortgeschrieben.\n" in second.stdout
    assert "Rot" in second.stdout and "Röd" not in second.stdout  # the colours in German, not in Swedish
    assert log.read_text(encoding="utf-8") == (tmp_path / "whole.jsonl").read_text(encoding="utf-8")
    assert save.read_text().splitlines()[1:] == (tmp_path / "whole.save").read_text().splitlines()[1:]
    replayed = run("replay", str(log))
    n = len(log.read_text().splitlines())
    assert (replayed.exit_code, replayed.stderr) == (0, "")
    assert replayed.stdout.startswith(f"{log}: all {n:,} lines of the log match the replayed game. ")


def test_a_log_left_midway_replays_with_exit_0_and_says_the_game_is_not_over(tmp_path):
    log, save = tmp_path / "g.jsonl", tmp_path / "g.save"
    outcome = play("sv-2000", None, 3, 1, "balanced", 5, save=save, log=log, lang="en",
                   read=lambda p: (_ for _ in ()).throw(EOFError), write=lambda line: None)
    assert outcome.result is None
    n = len(log.read_text().splitlines())
    assert n == len(save.read_text().splitlines()) > 1
    replayed = run("replay", str(log))
    assert (replayed.exit_code, replayed.stdout) == (0, f"{log}: all {n} lines of the log match the replayed game. "
                                                        f"The game is not over: it goes on after the last line.\n")
    replayed = run("replay", str(save))
    assert (replayed.exit_code, replayed.stdout) == (0, f"{save}: all {n} lines of the log match the replayed game. "
                                                        f"The game is not over: it goes on after the last line. "
                                                        f"Go on with it: risk resume {save}\n")


def test_save_file_is_never_half_written(tmp_path, monkeypatch):
    """A crash while saving leaves the previous save whole (the file is replaced atomically)."""
    import errno
    import os

    from riskrules.engine import log as logmod
    from riskrules.outputs import OutputError

    path = tmp_path / "s.jsonl"
    logmod.write_atomically(path, ["first"])

    def broken(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OutputError) as refused:
        logmod.write_atomically(path, ["second", "third"])
    assert str(refused.value) == f"{path}: cannot be written (No space left on device)"
    assert path.read_text() == "first\n"
    assert [p.name for p in tmp_path.iterdir()] == ["s.jsonl"]


# ---- the prompt itself ---------------------------------------------------------------------------------

def prompt(s: Scenario, decision, typed: list[str]) -> tuple[object, list[str]]:
    said: list[str] = []
    answers = iter(typed)
    human = HumanAgent(Text("en"), read=lambda p: next(answers), write=said.append)
    human.start(s.game.sights[decision.player], decision.player, None)
    decision.view = s.game.sights[decision.player]
    return human.decide(decision), said


def test_place_by_prefix_and_refusals():
    from riskrules.engine.decisions import Decision

    s = Scenario("sv-2000", 3, holds={"alberta": (0, 1), "alaska": (0, 1), "kamchatka": (1, 1)})
    d = Decision(PLACE, 0, [s.t("alaska"), s.t("alberta")], most=5)
    answer, said = prompt(s, d, ["zzz", "kam", "al", "ALB 9", "alb 3"])
    assert answer == (s.t("alberta"), 3)
    assert [line for line in said if line.startswith("Not allowed")] == [
        "Not allowed: no territory starts with 'zzz'.",
        "Not allowed: Kamchatka is not yours: it belongs to blue.",
        "Not allowed: 'al' could be Alaska, Alberta.",
        "Not allowed: you have 5 armies to place.",
    ]


def test_attack_by_number_names_and_stop():
    from riskrules.engine.decisions import Decision

    s = Scenario("sv-2000", 3, holds={"north_africa": (0, 5), "brazil": (1, 1), "egypt": (2, 2),
                                       "western_europe": (1, 1)})
    options = s.game.attack_options(0)
    d = Decision(ATTACK, 0, options, optional=True)
    assert prompt(s, d, ["north africa egypt"])[0] == (s.t("north_africa"), s.t("egypt"))
    assert prompt(s, d, ["nor bra"])[0] == (s.t("north_africa"), s.t("brazil"))
    assert prompt(s, d, ["1"])[0] == options[0]
    assert prompt(s, d, [""])[0] is None
    answer, said = prompt(s, d, ["egypt north africa", "done"])
    assert said[-1] == "Not allowed: Egypt is not yours: it belongs to yellow."


def test_end_of_input_quits_and_saves(tmp_path):
    outcome = play("sv-2000", None, 3, 1, "balanced", 5, save=tmp_path / "s.jsonl",
                   read=lambda p: (_ for _ in ()).throw(EOFError), write=lambda line: None)
    assert outcome.result is None and outcome.saved == tmp_path / "s.jsonl"
    lines = (tmp_path / "s.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["type"] == "game_start"


def test_ctrl_c_ends_cleanly(tmp_path):
    def interrupt(prompt):
        raise KeyboardInterrupt

    outcome = play("sv-2000", None, 3, 1, "balanced", 5, save=tmp_path / "s.jsonl", read=interrupt,
                   write=lambda line: None)
    assert outcome.result is None and (tmp_path / "s.jsonl").exists()
