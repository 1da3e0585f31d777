"""`risk replay --html`: a game as one standalone page — its data, its errors, and the page in a real browser."""

from __future__ import annotations

import base64
import gzip
import json
import re

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.log import Tracker, read_log
from riskrules.engine.replay import load
from riskrules.text.i18n import Text
from riskrules.text.narrate import mission_text, result_line
from riskrules.text.replay_page import player_names, replay_page, steps
from browser import Opened, screenshot

runner = CliRunner()
# a 4-player game of every edition and of the gallery's board without a layout; a 2-player game
# (the neutral army is a seat of its own) and one of partners
GAMES = ["sv-2000", "nl-1990", "de-deluxe", "nl-modern", "cs-riziko", "three-isles", "nl-1990:2", "doubles"]


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """A game of bots for each of GAMES."""
    directory = tmp_path_factory.mktemp("logs")
    found = {}
    for k, game in enumerate(GAMES):
        edition, _, players = game.partition(":")
        path = directory / f"{edition}-{players or 4}.jsonl"
        result = cli("play", edition, "--humans", 0, "--players", players or 4, "--seed", 20 + k, "--log", path,
                     "--quiet")
        assert result.exit_code == 0, result.output
        found[game] = path
    return found


def packed(html: str) -> dict:
    text = re.search(r'<script type="application/octet-stream" id="data">([^<]*)</script>', html).group(1)
    return json.loads(gzip.decompress(base64.b64decode(text)))


def states(path):
    """The owner (a seat index, -1 for none) and armies of every territory after each event, by the Tracker."""
    events, rules = load(path)
    names = player_names(events[0])
    tracker = Tracker(rules.board, names)
    out = []
    for event in events:
        tracker.apply(event)
        out.append(([names.index(o) if o is not None else -1 for o in tracker.owner], list(tracker.armies)))
    return out


def test_the_steps_are_the_events(logs):
    events, rules = load(logs["nl-1990"])
    data = steps(events, rules, Text("nl"))
    assert len(data["steps"]) == len(events)
    assert data["names"] == ["red", "blue", "yellow", "green"]
    assert len(data["turns"]) == events[-1]["turns"] and len(data["series"]) == len(data["turns"]) + 1
    over = events[-1]
    assert data["winner"] == result_line(over["winner"], over["reason"], over["turns"], Text("nl"))
    # the last tally: the winner's territories, everyone's armies as the Tracker counts them
    owner, armies = states(logs["nl-1990"])[-1]
    held = [sum(1 for o in owner if o == s) for s in range(4)]
    assert data["series"][-1][0] == held
    assert data["series"][-1][1] == [sum(a for o, a in zip(owner, armies) if o == s) for s in range(4)]
    battle = next(k for k, e in enumerate(events) if e["type"] == "battle")
    assert data["steps"][battle][3]["dice"] == [events[battle]["attacker_dice"], events[battle]["defender_dice"]]
    trade = next((k for k, e in enumerate(events) if e["type"] == "trade"), None)
    if trade is not None:
        assert data["steps"][trade][3]["armies"] == events[trade]["armies"]


def test_told_as_one_seat_hides_the_others_secrets(logs):
    events, rules = load(logs["sv-2000"])
    t = Text("sv")
    missions = {e["player"]: mission_text(e["mission"], t) for e in events if e["type"] == "mission_dealt"}
    assert len(missions) == 4
    data = packed(replay_page(events, rules, t, "blue"))
    lines = " ".join(s[0] for s in data["steps"])
    assert t._("Your mission: {mission}.").format(mission=missions["blue"]) in lines
    for player, text in missions.items():
        if player != "blue" and text != missions["blue"]:
            assert text not in lines
    drawn = [e for e in events if e["type"] == "card_drawn" and e["player"] != "blue" and e["card"].get("territory")]
    assert drawn
    assert all(str(e["card"]) not in json.dumps(data["steps"]) for e in drawn)
    assert data["own"] == missions["blue"]
    assert data["missions"] == {name: missions[name] for name in ("red", "blue", "yellow", "green")}  # at the end
    everyone = packed(replay_page(events, rules, t))
    assert "own" not in everyone
    unfinished = packed(replay_page(events[:300], rules, t, "blue"))  # a game not over: no other's mission
    assert unfinished["winner"] is None and unfinished["missions"] == {"blue": missions["blue"]}


def test_replay_html_writes_one_standalone_page(logs, tmp_path):
    target = tmp_path / "g.html"
    result = cli("replay", logs["nl-1990"], "--html", target)
    assert (result.exit_code, result.output) == (0, f"Pagina geschreven naar {target}.\n")
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="nl">' in html
    assert "Content-Security-Policy" in html and "default-src &#x27;none&#x27;" in html
    assert re.findall(r"https?://[^\s\"']+", html) == ["http://www.w3.org/2000/svg"] * html.count(
        "http://www.w3.org/2000/svg")
    assert "<script src" not in html and "<link" not in html
    again = tmp_path / "again.html"
    cli("replay", logs["nl-1990"], "--html", again)
    assert again.read_bytes() == target.read_bytes()  # the same log, the same page, byte for byte


@pytest.mark.parametrize("args, message", [
    (("--html", "g.html", "--show"), "risk: --html and --show are two ways of telling the game: give one\n"),
    (("--as", "red"), "risk: --as tells the game as one seat: give it with --html or --show\n"),
    (("--html", "g.txt"), "risk: g.txt: a page is written as .html\n"),
    (("--html", "g.html", "--as", "purple"),
     "risk: --as purple: no such player in this game (its players: red, blue, yellow, green)\n"),
])
def test_replay_html_errors(logs, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = cli("replay", logs["nl-1990"], *args)
    assert (result.exit_code, result.output) == (1, message)
    assert not (tmp_path / "g.html").exists()


# ---- in a real browser ------------------------------------------------------------------------------------

STEP_ALL = """() => {
  const next = document.getElementById("next"), n = document.querySelectorAll("path[id^=c]").length;
  const read = () => {
    const owners = [], armies = [];
    for (let i = 0; i < n; i++) {
      owners.push(+document.getElementById("c" + i).dataset.owner);
      armies.push(+document.getElementById("a" + i).textContent);
    }
    return [owners, armies];
  };
  const seen = [read()];
  const last = +document.getElementById("slider").max;
  for (let k = 1; k <= last; k++) { next.click(); seen.push(read()); }
  return seen;
}"""


@pytest.mark.parametrize("edition", GAMES)
def test_every_step_in_the_browser_is_the_trackers(browser, logs, tmp_path, edition):
    """The page opens from disk with no request and no console error; stepping through every
    event, every territory's owner and armies are the Tracker's at that step."""
    target = tmp_path / f"{edition.replace(':', '-')}.html"
    assert cli("replay", logs[edition], "--html", target).exit_code == 0
    opened = Opened(browser, target)
    try:
        opened.page.wait_for_selector("body[data-ready]", timeout=15000)
        seen = opened.page.evaluate(STEP_ALL)
        expected = states(logs[edition])
        assert len(seen) == len(expected)
        for k, (got, want) in enumerate(zip(seen, expected)):
            assert got == [want[0], want[1]], f"step {k + 1}"
        events = read_log(logs[edition])
        over = events[-1]
        assert opened.page.inner_text("#result") != ""
        assert over["type"] == "game_over"
        if edition in ("nl-1990", "three-isles"):
            screenshot(opened, f"replay-{edition}-end", tmp_path)
            opened.page.keyboard.press("Home")
            for _ in range(12):
                opened.page.keyboard.press("PageDown")
            screenshot(opened, f"replay-{edition}-turn-12", tmp_path)
        assert opened.errors == []
        assert opened.outside() == []
    finally:
        opened.close()


def test_the_slider_and_the_keys_jump_anywhere(browser, logs, tmp_path):
    target = tmp_path / "g.html"
    assert cli("replay", logs["cs-riziko"], "--html", target).exit_code == 0
    expected = states(logs["cs-riziko"])
    opened = Opened(browser, target)
    try:
        page = opened.page
        page.wait_for_selector("body[data-ready]")
        read = """() => [...document.querySelectorAll("path[id^=c]")].map((c, i) =>
                    [+c.dataset.owner, +document.getElementById("a" + i).textContent])"""
        for k in (len(expected) - 1, 3, 401, 400, 0, len(expected) // 2):  # far jumps, back and forth
            page.evaluate(f"""() => {{ const s = document.getElementById("slider"); s.value = {k};
                                      s.dispatchEvent(new Event("input")); }}""")
            got = page.evaluate(read)
            assert got == [list(p) for p in zip(*expected[k])], f"step {k + 1}"
        page.keyboard.press("End")
        assert page.evaluate(read) == [list(p) for p in zip(*expected[-1])]
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(read) == [list(p) for p in zip(*expected[-2])]
        assert opened.errors == [] and opened.outside() == []
    finally:
        opened.close()


def test_a_log_that_does_not_replay_is_drawn_with_a_warning(logs, tmp_path):
    lines = logs["nl-1990"].read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:200] + lines[260:]), encoding="utf-8")
    result = cli("replay", cut, "--html", tmp_path / "cut.html", "--lang", "en")
    assert (result.exit_code, result.output) == (0, f"Page written to {tmp_path / 'cut.html'}.\nrisk: warning: {cut}:201: "
                                                    "this line differs from the replayed game; the page shows the log "
                                                    "as it is\n")
