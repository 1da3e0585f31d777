"""No output replaces an input, nor another output of the same command: refused in one line, exit 1,
before anything is written (outputs.check_distinct, applied by every command that writes files).
And `--log-for` given for several players writes a file for each."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.loader import open_rulebook
from riskrules.outputs import OutputError, check_distinct

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
PARENT = (ROOT / "rulebooks" / "house" / "three-isles.risk").read_text(encoding="utf-8").replace(
    "rulebook three-isles", "rulebook parent").replace("three-isles.yaml", "isles.yaml")
HOUSE = "rulebook house\nextends \"parent.risk\"\n\nbattle {\n    ties attacker\n}\n"
REFUSED = "that is {what} this command reads: an output never replaces an input"


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture
def house(tmp_path, monkeypatch):
    """A house rule (house.risk) that extends a local one (parent.risk) on a local board (isles.yaml),
    in a fresh working directory; returns the texts, to see that none is touched."""
    monkeypatch.chdir(tmp_path)
    board = (ROOT / "rulebooks" / "house" / "three-isles.yaml").read_text(encoding="utf-8")
    texts = {"house.risk": HOUSE, "parent.risk": PARENT, "isles.yaml": board}
    for name, text in texts.items():
        Path(name).write_text(text, encoding="utf-8")
    assert cli("check", "house.risk").exit_code == 0
    return texts


def untouched(texts: dict[str, str]) -> None:
    for name, text in texts.items():
        assert Path(name).read_text(encoding="utf-8") == text, name


def refused(result, message: str) -> None:
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"risk: {message}\n")


PLAY = ("play", "house.risk", "--humans", 0, "--seed", 1, "--quiet")


@pytest.mark.parametrize("args, message", [
    (("--log", "house.risk"), "--log house.risk: " + REFUSED.format(what="a rule file")),
    (("--save", "house.risk"), "--save house.risk: " + REFUSED.format(what="a rule file")),
    (("--log-for", "red", "house.risk"), "--log-for red house.risk: " + REFUSED.format(what="a rule file")),
    (("--log", "parent.risk"), "--log parent.risk: " + REFUSED.format(what="a rule file")),  # the extends parent
    (("--log", "./sub/../isles.yaml"), "--log sub/../isles.yaml: " + REFUSED.format(what="a board file")),
    (("--log", "g.jsonl", "--log-for", "red", "g.jsonl"),
     "--log and --log-for red name the same file (g.jsonl): each output needs a file of its own"),
    (("--log", "g.jsonl", "--save", "g.jsonl"),
     "--log and --save name the same file (g.jsonl): each output needs a file of its own"),
    (("--log-for", "red", "v.jsonl", "--log-for", "blue", "v.jsonl"),
     "--log-for red and --log-for blue name the same file (v.jsonl): each output needs a file of its own"),
])
def test_play_refuses_an_output_over_an_input_or_another_output(house, args, message):
    Path("sub").mkdir()
    refused(cli(*PLAY, *args), message)
    untouched(house)
    assert not Path("g.jsonl").exists() and not Path("v.jsonl").exists()


def test_a_link_to_the_rule_file_is_the_rule_file(house):
    os.symlink("house.risk", "linked.jsonl")
    os.link("parent.risk", "hard.jsonl")
    refused(cli(*PLAY, "--log", "linked.jsonl"), "--log linked.jsonl: " + REFUSED.format(what="a rule file"))
    refused(cli(*PLAY, "--save", "hard.jsonl"), "--save hard.jsonl: " + REFUSED.format(what="a rule file"))
    refused(cli(*PLAY, "--log", Path.cwd() / "g.jsonl", "--log-for", "red", "g.jsonl"),
            "--log and --log-for red name the same file (g.jsonl): each output needs a file of its own")
    untouched(house)


def test_a_built_in_rulebook_is_an_input_too(tmp_path):
    # the file the rules are read from (the checkout's, or an installed copy's), named through a link:
    # were it not refused, the log would replace the link, never the rulebook
    classic = open_rulebook("classic").files[0].path
    link = tmp_path / "classic.risk"
    link.symlink_to(classic)
    text = classic.read_text(encoding="utf-8")
    refused(cli("play", "classic", "--humans", 0, "--seed", 1, "--log", link),
            f"--log {link}: " + REFUSED.format(what="a rule file"))
    assert classic.read_text(encoding="utf-8") == text and link.is_symlink()


def test_log_for_several_players_writes_a_file_for_each(house):
    result = cli(*PLAY, "--log-for", "red", "red.jsonl", "--log-for", "blue", "blue.jsonl", "--log", "g.jsonl")
    assert (result.exit_code, result.stdout) == (0, "winner: blue, reason: domination, turns: 11, seed: 1\n")
    alone = cli(*PLAY, "--log-for", "blue", "alone.jsonl")
    assert alone.exit_code == 0
    assert Path("blue.jsonl").read_bytes() == Path("alone.jsonl").read_bytes()  # as if it were the only one
    for seat in ("red", "blue"):
        header = json.loads(Path(f"{seat}.jsonl").read_text(encoding="utf-8").splitlines()[0])
        assert (header["kind"], header["seat"]) == ("view", seat)
    red, blue = (Path(f"{s}.jsonl").read_text(encoding="utf-8").splitlines() for s in ("red", "blue"))
    assert len(red) == len(blue) == len(Path("g.jsonl").read_text(encoding="utf-8").splitlines())  # (no fog)
    untouched(house)


def test_log_for_a_player_twice_is_refused(house):
    refused(cli(*PLAY, "--log-for", "red", "a.jsonl", "--log-for", "red", "b.jsonl"),
            "--log-for names red twice: one file for each player")
    assert not Path("a.jsonl").exists() and not Path("b.jsonl").exists()


def test_replay_html_refuses_the_log_and_the_rule_files(house):
    assert cli(*PLAY, "--log", "g.jsonl").exit_code == 0
    os.replace("g.jsonl", "g.html")  # (a log may have any name)
    log = Path("g.html").read_bytes()
    refused(cli("replay", "g.html", "--html", "g.html"), "--html g.html: " + REFUSED.format(what="the game log"))
    os.symlink("house.risk", "rule.html")
    os.symlink("isles.yaml", "board.html")
    refused(cli("replay", "g.html", "--html", "rule.html"), "--html rule.html: " + REFUSED.format(what="a rule file"))
    refused(cli("replay", "g.html", "--html", "board.html"),
            "--html board.html: " + REFUSED.format(what="a board file"))
    assert Path("g.html").read_bytes() == log
    untouched(house)


def test_resume_refuses_a_log_over_the_rule_files(house):
    result = runner.invoke(app, ["play", "house.risk", "--humans", "1", "--seed", "1", "--save", "s.save"],
                           input="quit\n")
    assert result.exit_code == 3
    save = Path("s.save").read_bytes()
    refused(cli("resume", "s.save", "--log", "parent.risk"), "--log parent.risk: " + REFUSED.format(what="a rule file"))
    refused(cli("resume", "s.save", "--log", "isles.yaml"), "--log isles.yaml: " + REFUSED.format(what="a board file"))
    assert Path("s.save").read_bytes() == save
    untouched(house)


RUN = ("--games", 2, "--workers", 1)


@pytest.mark.parametrize("args, message", [
    (("simulate", "house.risk", *RUN, "--csv", "house.risk"), "--csv house.risk: " + REFUSED.format(what="a rule file")),
    (("simulate", "house.risk", *RUN, "--csv", "isles.yaml"), "--csv isles.yaml: " + REFUSED.format(what="a board file")),
    (("simulate", "house.risk", *RUN, "--csv", "r.html", "--html", "r.html"),
     "--csv and --html name the same file (r.html): each output needs a file of its own"),
    (("simulate", "house.risk", *RUN, "--html", "rule.html"), "--html rule.html: " + REFUSED.format(what="a rule file")),
    (("compare", "house.risk", "classic", *RUN, "--plot", "rule.png"),
     "--plot rule.png: " + REFUSED.format(what="a rule file")),
    (("compare", "classic", "parent.risk", *RUN, "--plot", "r.svg", "--html", "rule.html"),
     "--html rule.html: " + REFUSED.format(what="a rule file")),
    (("sweep", "house.risk", "--values", "2,3", "--set", "reinforcements { continents northmark {value} }", *RUN,
      "--plot", "rule.png"), "--plot rule.png: " + REFUSED.format(what="a rule file")),
    (("tournament", "house.risk", "--bots", "balanced,random", "--players", 2, "--games", 2, "--workers", 1,
      "--html", "rule.html"), "--html rule.html: " + REFUSED.format(what="a rule file")),
    (("odds", "--table", 3, "--edition", "house.risk", "--plot", "rule.png"),
     "--plot rule.png: " + REFUSED.format(what="a rule file")),
    (("odds", 5, "2,1", "--edition", "house.risk", "--plot", "board.png"),
     "--plot board.png: " + REFUSED.format(what="a board file")),
    (("board", "show", "isles.yaml", "--svg", "board.svg"), "--svg board.svg: " + REFUSED.format(what="the board file")),
    (("board", "show", "house.risk", "--svg", "board.svg"), "--svg board.svg: " + REFUSED.format(what="a board file")),
    (("board", "show", "house.risk", "--svg", "rule.svg"), "--svg rule.svg: " + REFUSED.format(what="a rule file")),
])
def test_every_command_that_writes_refuses_an_output_over_an_input(house, args, message):
    for link, target in (("rule.html", "parent.risk"), ("rule.png", "house.risk"), ("board.png", "isles.yaml"),
                         ("board.svg", "isles.yaml"), ("rule.svg", "house.risk")):
        os.symlink(target, link)
    refused(cli(*args), message)
    untouched(house)
    assert not Path("r.html").exists() and not Path("r.svg").exists()


def test_check_distinct(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_text("x")
    os.link(a, b)
    check_distinct([("--x", tmp_path / "new"), ("--y", tmp_path / "other"), ("--z", None)], [("a file", a)])
    check_distinct([("--x", tmp_path / "gone")], [("a file", tmp_path / "gone")])  # (it cannot be replaced: no input)
    with pytest.raises(OutputError) as err:
        check_distinct([("--x", b)], [("a file", a)])
    assert str(err.value) == f"--x {b}: that is a file this command reads: an output never replaces an input"
    with pytest.raises(OutputError) as err:
        check_distinct([("--x", tmp_path / "n"), ("--y", tmp_path / "d" / ".." / "n")])
    assert str(err.value) == (f"--x and --y name the same file ({tmp_path / 'd' / '..' / 'n'}): each output needs "
                              "a file of its own")


def test_log_for_several_players_under_fog_writes_what_each_was_told(tmp_path, monkeypatch):
    from riskrules.engine.log import line_of
    from riskrules.engine.replay import load, seat_stream

    monkeypatch.chdir(tmp_path)
    result = cli("play", "fog-normal", "--humans", 0, "--seed", 3, "--quiet", "--log", "f.jsonl",
                 *[a for seat in ("red", "blue", "yellow") for a in ("--log-for", seat, f"{seat}.jsonl")])
    assert result.exit_code == 0 and result.stdout.endswith("winner: red, reason: domination, turns: 27, seed: 3\n")
    events, rules = load(Path("f.jsonl"))
    for seat in ("red", "blue", "yellow"):
        written = Path(f"{seat}.jsonl").read_text(encoding="utf-8").splitlines()
        told = [line_of(e) for e in seat_stream(events, rules, seat, "f.jsonl")]
        assert written[1:] == told[1:] and len(written) > len(events)  # (`seen` lines: each his own view)


def test_board_import_refuses_to_write_over_the_map(tmp_path, monkeypatch):
    """`board import` writes NAME.yaml and NAME.risk: a map named so is never written over, --force or not."""
    monkeypatch.chdir(tmp_path)
    conquest = "[continents]\nA=3\n[territories]\nx,10,10,A,y,z\ny,20,20,A,x,z\nz,30,30,A,x,y\n"
    for name in ("m.yaml", "m.risk"):
        Path(name).write_text(conquest, encoding="utf-8")
        refused(cli("board", "import", name, "--format", "conquest", "--force"),
                f"--out {name}: " + REFUSED.format(what="the map"))
        assert Path(name).read_text(encoding="utf-8") == conquest
        Path(name).unlink()
