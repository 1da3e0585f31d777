"""`risk replay LOG --as SEAT --html` under fog: `battles reveal no` (a conquest whose move is not told)
and the missions at the end (every one where the rules lift the fog at the end, else the seat's own)."""

from __future__ import annotations

import base64
import gzip
import json
import re

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.replay import load, seat_stream
from riskrules.text.i18n import Text
from riskrules.text.narrate import mission_text

runner = CliRunner()

HIDDEN = """\
rulebook hidden
extends classic

visibility {
    adjacent owner and armies
    rest nothing
    battles reveal no
}
"""
MISSIONS = "rulebook missions\nextends fog-heavy\nvictory missions\n"
KEPT = MISSIONS + "visibility { lifted at end no }\n"


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


def packed(html: str) -> dict:
    text = re.search(r'<script type="application/octet-stream" id="data">([^<]*)</script>', html).group(1)
    return json.loads(gzip.decompress(base64.b64decode(text)))


def game(tmp_path, name: str, text: str, seed: int, players: int = 3):
    rule = tmp_path / f"{name}.risk"
    rule.write_text(text, encoding="utf-8")
    log = tmp_path / f"{name}.jsonl"
    result = cli("play", rule, "--humans", 0, "--players", players, "--seed", seed, "--log", log, "--quiet")
    assert result.exit_code == 0, result.output
    return log


def test_a_page_told_as_a_seat_under_battles_reveal_no(tmp_path):
    """The conquests the seat is told without the armies moved in (`moved: null`) were a TypeError."""
    log = game(tmp_path, "hidden", HIDDEN, 5)
    events, rules = load(log)
    stream = seat_stream(events, rules, "red", str(log))
    untold = [e for e in stream if e["type"] == "conquest" and e["moved"] is None]
    assert len(untold) == 8  # (seed 5: eight conquests red is told without the armies moved in)
    page = tmp_path / "red.html"
    result = cli("replay", log, "--as", "red", "--html", page)
    assert (result.exit_code, result.stdout) == (0, f"Page written to {page}.\n")
    data = packed(page.read_text(encoding="utf-8"))
    assert data["winner"] == "Blue wins by world domination after 33 turns."
    shown = cli("replay", log, "--as", "red", "--show")
    assert shown.exit_code == 0 and "Blue takes Alberta.\n" in shown.stdout  # (told without the armies)


def test_the_missions_the_fog_lifts_at_the_end_are_shown(tmp_path):
    log = game(tmp_path, "missions", MISSIONS, 3)
    events, rules = load(log)
    t = Text("en", rules.terms)
    missions = {e["player"]: mission_text(e["mission"], t) for e in events if e["type"] == "mission_dealt"}
    assert len(missions) == 3
    page = tmp_path / "red.html"
    assert cli("replay", log, "--as", "red", "--html", page).exit_code == 0
    html = page.read_text(encoding="utf-8")
    data = packed(html)
    assert data["winner"] == "Blue wins by fulfilling the secret mission after 11 turns."
    assert data["own"] == missions["red"]
    assert data["missions"] == missions  # every one, at the last step
    assert "Told as red: what that seat is told; every mission is shown at the end." in html


def test_the_missions_a_fog_not_lifted_keeps_are_not_shown_and_the_page_says_so(tmp_path):
    log = game(tmp_path, "kept", KEPT, 3)
    events, rules = load(log)
    t = Text("en", rules.terms)
    missions = {e["player"]: mission_text(e["mission"], t) for e in events if e["type"] == "mission_dealt"}
    page = tmp_path / "red.html"
    assert cli("replay", log, "--as", "red", "--html", page).exit_code == 0
    html = page.read_text(encoding="utf-8")
    data = packed(html)
    assert data["winner"] == "Blue wins by fulfilling the secret mission after 11 turns."
    assert data["missions"] == {"red": missions["red"]}
    assert ("Told as red: what that seat is told; the fog is not lifted at the end, so the others&#x27; missions "
            "are not shown.") in html
    for name, text in missions.items():
        if name != "red" and text != missions["red"]:
            assert text not in html


@pytest.mark.parametrize("seat", ["blue", "yellow"])
def test_every_seat_of_a_lifted_game_sees_every_mission_at_the_end(tmp_path, seat):
    log = game(tmp_path, "missions", MISSIONS, 3)
    events, rules = load(log)
    t = Text("en", rules.terms)
    missions = {e["player"]: mission_text(e["mission"], t) for e in events if e["type"] == "mission_dealt"}
    page = tmp_path / f"{seat}.html"
    assert cli("replay", log, "--as", seat, "--html", page).exit_code == 0
    data = packed(page.read_text(encoding="utf-8"))
    assert (data["own"], data["missions"]) == (missions[seat], missions)
