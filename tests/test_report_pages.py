"""Reports as standalone pages (--html): the numbers of --json, as the text report writes them;
the rules compared; the command and version; nothing fetched; the SVG charts."""

from __future__ import annotations

import json
import math
import re
import shlex
import sys
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

import riskrules
from riskrules.cli import app
from riskrules.text import charts
from riskrules.text.i18n import Text
from riskrules.text.page import CSP, esc
from riskrules.text.report import _change, _rate, simulation_head

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"
SWEEP = ["sweep", "nl-1990", "--set", "reinforcements { continents europe {value} }", "--values", "3,5",
         "--players", "3", "--games", "30", "--workers", "1"]


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def page_and_json(tmp_path, *args: str) -> tuple[str, dict, dict]:
    """The page `args --html` writes, the JSON in it, and what `args --json` prints."""
    path = tmp_path / "r.html"
    invoke(*args, "--html", str(path))
    html = path.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert found
    return html, json.loads(found[1]), json.loads(invoke(*args, "--json"))


def cell(text: str) -> str:
    return f"<td>{esc(text)}</td>"


def standalone(html: str) -> None:
    """Nothing from elsewhere: no address but the SVG namespace; every chart well-formed XML with a title."""
    assert set(re.findall(r"https?://[^\s\"'<>]*", html)) <= {"http://www.w3.org/2000/svg"}
    assert f'http-equiv="Content-Security-Policy" content="{esc(CSP)}"' in html
    assert not re.search(r"<(script|img|link|iframe)[^>]*\ssrc=", html)
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert svgs
    for svg in svgs:
        assert ET.fromstring(svg).find(f"{SVG}title").text


def made_by(html: str) -> None:
    """The command line (here pytest's argv, as CliRunner leaves it) and the version."""
    assert f"<code>{esc('risk ' + shlex.join(sys.argv[1:]))}</code>" in html
    assert f"riskrules {riskrules.__version__}" in html


def test_compare_page(tmp_path):
    html, data, printed = page_and_json(tmp_path, "compare", "sv-2000", "nl-1990", "--players", "3", "--games", "30",
                                        "--workers", "1")
    assert data == printed
    t = Text("en")  # two languages: the report is in English
    runs = data["populations"][0]["runs"]
    assert cell(_rate(t, runs[1]["wins_by_seat"][0])) in html
    d = data["populations"][0]["differences_from_first"][0]["wins_by_seat"][1]
    low, high = t.num(round(d["adjusted_low"] * 100, 1)), t.num(round(d["adjusted_high"] * 100, 1))
    change = _change(t, d, 100, " pp")
    assert f"({low}…{high})" in change and cell(change) in html
    assert "<b>A</b> = sv-2000 (missions)" in html and "<b>B</b> = nl-1990 (missions)" in html
    assert "Stopping rule: a fixed count of 30 games." in html and "Common random numbers" in html
    rules = html[html.index("The rules compared"):]
    assert "Reinforcements › For continents" in rules and "Europe 5" in rules and "Europe 3" in rules
    made_by(html)
    standalone(html)


def test_compare_page_in_a_browser(browser, tmp_path):
    """Opened from disk in Chromium: no request, no console error; the data a script reads is --json's."""
    from browser import Opened, screenshot

    args = ("compare", "sv-2000", "nl-1990", "--players", "3", "--games", "30", "--workers", "1")
    path = tmp_path / "r.html"
    invoke(*args, "--html", str(path))
    opened = Opened(browser, path)
    try:
        read = opened.page.evaluate("() => JSON.parse(document.getElementById('data').textContent)")
        assert read == json.loads(invoke(*args, "--json"))
        assert opened.page.locator("svg").count() == 2
        screenshot(opened, "compare-report", tmp_path)
        assert opened.errors == [] and opened.outside() == []
    finally:
        opened.close()


def test_simulate_page(tmp_path):
    html, data, printed = page_and_json(tmp_path, "simulate", "nl-1990", "--players", "3", "--games", "30",
                                        "--workers", "1", "--seed", "4")
    assert data == printed
    t = Text("nl")  # the edition's language, as the text report
    for r in data["wins_by_seat"]:
        assert cell(_rate(t, r)) + cell(t.num(r["count"])) in html
    assert cell(_rate(t, data["continents_held"]["europe"])) in html
    assert 'lang="nl"' in html and "Stopregel: een vast aantal van 30 spellen." in html
    assert esc(simulation_head("nl-1990 (missions)", 3, "balanced", 4, 30, t)) in html
    made_by(html)
    standalone(html)


def test_sweep_page(tmp_path):
    html, data, printed = page_and_json(tmp_path, *SWEEP)
    assert data == printed and data["values"] == [3, 5]
    t = Text("nl")
    runs = data["populations"][0]["runs"]
    assert cell(_rate(t, runs[1]["wins_by_seat"][2])) in html
    d = data["populations"][0]["differences"][0]
    assert (d["from"], d["to"]) == (3, 5)
    assert cell(_change(t, d["turns"], 1, "")) in html
    assert cell(_change(t, d["wins_by_seat"][0], 100, " pp")) in html
    assert "“reinforcements { continents europe 5 }”" in html
    rules = html[html.index(esc(t._("The rules compared"))):]
    assert "Europa 3" in rules and "Europa 5" in rules
    made_by(html)
    standalone(html)


def test_tournament_page(tmp_path):
    html, data, printed = page_and_json(tmp_path, "tournament", "sv-2000", "--bots", "balanced,random", "--players",
                                        "3", "--games", "6", "--workers", "1")
    assert data == printed and data["games"] == 6
    t = Text("sv")
    for b in data["bots"]:
        share = f"{t.pct(b['win_share'])} ({t.pct(b['low'])}–{t.pct(b['high'])})"
        assert cell(b["bot"]) + cell(str(b["seats"])) + cell(t.num(b["wins"])) + cell(share) in html
    assert "balanced, random, random" in html
    made_by(html)
    standalone(html)


def test_the_page_builder_prints_the_command_it_is_given():
    from riskrules.text.report_page import tournament_page

    data = {"edition": "x", "variant": None, "players": 2, "seed": 1, "lineup": ["a", "b"], "games": 2,
            "even_share": 0.5, "reasons": {}, "bots": [
                {"bot": "a<b>", "seats": 1, "games": 2, "wins": 1, "win_share": 0.5, "low": 0.1, "high": 0.9,
                 "rating": 1500.0, "rating_low": 1400.0, "rating_high": 1600.0}]}
    html = tournament_page(data, "x", "risk tournament x --bots 'a<b>'", "9.9", Text("en"))
    assert "<code>risk tournament x --bots &#x27;a&lt;b&gt;&#x27;</code>" in html and "riskrules 9.9" in html
    assert "a<b>" not in html.split('id="data">')[0]
    standalone(html)


@pytest.mark.parametrize("command", [
    ["simulate", "nl-1990", "--games", "10"],
    ["compare", "sv-2000", "nl-1990", "--games", "10"],
    SWEEP,
    ["tournament", "sv-2000", "--bots", "random", "--games", "3"],
])
def test_a_page_that_cannot_be_written_is_refused_before_any_game(tmp_path, monkeypatch, command):
    from riskrules.engine.game import Game

    def no_game(self, *args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(Game, "play", no_game)
    missing = tmp_path / "missing" / "r.html"
    for target, line in [(missing, f"risk: {missing}: cannot be written (no such directory: {missing.parent})"),
                         (tmp_path / "r.txt", f"risk: {tmp_path / 'r.txt'}: a page is written as .html")]:
        result = runner.invoke(app, [*command, "--workers", "1", "--html", str(target)])
        assert result.exit_code == 1, result.output
        assert result.stderr == line + "\n" and result.stdout == ""
        assert not target.exists()


# ---- charts -------------------------------------------------------------------------------------------------

def test_line_chart_structure():
    series = [("turn <1> & “a”", "#0072B2", [1.0, 3.0, 2.0]), ("zero", "red", [0.0] * 5000),
              ("one", "green", [7.5]), ("none", "blue", [])]
    svg = charts.line_chart(series, 640, 360, "Armies <by turn>", "turn")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("width") == "640" and root.get("height") == "360"
    assert root.find(f"{SVG}title").text == "Armies <by turn>"
    lines = root.findall(f".//{SVG}polyline")
    assert len(lines) == 3 and len(root.findall(f".//{SVG}path")) == 0  # one a series with points
    assert [len(p.get("points").split()) for p in lines] == [3, 5000, 1]
    assert [p.get("stroke") for p in lines] == ["#0072B2", "red", "green"]
    dashes = [p.get("stroke-dasharray") for p in lines]
    assert len(set(dashes)) == 3  # told apart without colour
    texts = [e.text for e in root.iter(f"{SVG}text")]
    for label, _, _ in series:
        assert label in texts
    assert "turn &lt;1&gt; &amp; “a”" in svg and "<1>" not in svg
    assert len(root.findall(f".//{SVG}circle")) == 1  # the single point is drawn as a dot


@pytest.mark.parametrize("values", [[0.0], [0.0] * 10, [5.0], [1.0, math.nan, math.inf, 2.0], [-3.0, 1e9]])
def test_line_chart_is_robust(values):
    svg = charts.line_chart([("a", "black", values), ("b", "#123456", [0.0])], 300, 200, "t", "x")
    root = ET.fromstring(svg)
    assert len(root.findall(f".//{SVG}polyline")) == 2
    assert "nan" not in svg and "inf" not in svg


def test_line_chart_of_no_series():
    assert ET.fromstring(charts.line_chart([], 300, 200, "empty", "x")).find(f"{SVG}title").text == "empty"


def test_interval_and_bar_charts():
    svg = charts.interval_chart([("Seat 1 <wins>", 2.0, -1.0, 5.0, True), ("Seat 2", -4.0, -6.0, -2.0, False)],
                                "Differences", "pp")
    root = ET.fromstring(svg)
    dots = root.findall(f".//{SVG}circle")
    assert [d.get("fill") for d in dots] == [charts.PALETTE[0], "#fff"]
    assert "Seat 1 <wins>" in [e.text for e in root.iter(f"{SVG}text")]
    bars = ET.fromstring(charts.bar_chart([("a", 0.4, 0.3, 0.5), ("b", 0.6, 0.5, 0.7)], "Wins", "share", 0.5,
                                          "even"))
    assert len(bars.findall(f".//{SVG}rect")) == 2


def test_nice_ticks():
    assert charts.nice_ticks(0, 1) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert charts.nice_ticks(-3.4, 2.3) == [-4, -2, 0, 2, 4]
    assert charts.nice_ticks(0, 0)[0] < 0 < charts.nice_ticks(0, 0)[-1]
