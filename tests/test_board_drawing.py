"""Boards drawn: the layout in a board file, the layout computed for a board without one, the SVG, `risk board show`."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from browser import Opened, screenshot
from riskrules.cli import app
from riskrules.language.board import load_board
from riskrules.language.errors import RuleError
from riskrules.resources import boards_dir
from riskrules.text.board_svg import board_svg
from riskrules.text.geometry import SEA, computed_layout, drawing
from riskrules.text.i18n import Text
from conftest import load

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


@pytest.fixture(scope="module")
def classic():
    return load_board(boards_dir() / "classic.yaml", "rulebooks/boards/classic.yaml")


@pytest.fixture(scope="module")
def isles():
    return load("three-isles").board


def touching(d):
    return {frozenset((i, j)) for i, edges in enumerate(d.edges) for _, _, j in edges if j != SEA}


def test_the_classic_layout(classic):
    layout = classic.layout
    assert (layout.width, layout.height) == (1280, 720)
    assert len(layout.at) == 42 and all(0 <= x <= 1280 and 0 <= y <= 720 for x, y in layout.at)
    assert layout.at[classic.index["alaska"]] == (70, 120)
    assert layout.shapes == (None,) * 42
    named = {frozenset((classic.territories[a], classic.territories[b])) for a, b in layout.lanes}
    assert len(named) == 17
    for sea_link in (("alaska", "kamchatka"), ("greenland", "iceland"), ("brazil", "north_africa"),
                     ("southern_europe", "egypt"), ("siam", "indonesia")):
        assert frozenset(sea_link) in named


def test_every_border_is_seen_and_no_other(classic, isles):
    """Each border is drawn: the two cells touch, or a lane joins them. Cells that touch
    without a border are split by a strait (drawn as sea)."""
    for board in (classic, isles):
        d = drawing(board)
        lanes = {frozenset(lane) for lane in d.lanes}
        meet = touching(d)
        borders = {frozenset((i, j)) for i, near in enumerate(board.adjacent) for j in near}
        assert all(b in meet or b in lanes for b in borders)
        assert lanes <= borders
    d = drawing(classic)
    assert len(d.lanes) == 25
    ix = classic.index
    assert frozenset((ix["alaska"], ix["kamchatka"])) in {frozenset(lane) for lane in d.lanes}
    straits = touching(d) - {frozenset((i, j)) for i, near in enumerate(classic.adjacent) for j in near}
    assert straits == {frozenset((ix["congo"], ix["egypt"]))}  # they meet at a corner


def test_the_drawing_is_the_same_every_time(classic, isles):
    assert drawing(classic) == drawing(classic)
    assert computed_layout(isles) == computed_layout(isles)


def test_a_computed_layout_keeps_continents_together(isles):
    width, height, at = computed_layout(isles)
    assert (width, height) == (1280, 720)
    assert all(0 <= x <= width and 0 <= y <= height for x, y in at)
    centres = []
    for members in isles.members:
        xs, ys = [at[i][0] for i in members], [at[i][1] for i in members]
        centres.append((sum(xs) / len(xs), sum(ys) / len(ys)))
    for i in range(isles.size):  # every territory is nearer its own continent's centre than any other's
        own = isles.continent_of[i]
        dists = [math.dist(at[i], c) for c in centres]
        assert dists[own] == min(dists)
    d = drawing(isles)  # the three straits are lanes: the islands do not touch
    assert {frozenset(isles.territories[k] for k in lane) for lane in d.lanes} == {
        frozenset(("kingsholm", "ambercoast")), frozenset(("tidewater", "emberwood")),
        frozenset(("ravenscar", "redcliffs"))}


def test_the_classic_board_as_svg(classic):
    svg = board_svg(classic, Text("en"), title="classic", bonuses=[5, 2, 5, 3, 7, 2])
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 1280 760"
    cells = [p for p in root.iter(SVG + "path") if (p.get("id") or "").startswith("c")]
    assert len(cells) == 42
    texts = [t.text for t in root.iter(SVG + "text")]
    for name in ("Alaska", "Kamchatka", "Great Britain", "Madagascar", "Eastern Australia"):
        assert name in texts or any(name.split()[0] == t for t in texts)
    assert "Western" in texts and "United States" in texts  # a long name on two lines
    # continents told apart without colour: a hatching each, named in the legend with its bonus
    patterns = [p.get("id") for p in root.iter(SVG + "pattern")]
    assert patterns == ["h0", "h1", "h2", "h3", "h4", "h5"]
    marks = {(p.get("patternTransform"), tuple(m.tag for m in p)) for p in root.iter(SVG + "pattern")}
    assert len(marks) == 6
    for legend in ("North America (+5)", "South America (+2)", "Europe (+5)", "Africa (+3)", "Asia (+7)",
                   "Australia (+2)"):
        assert legend in texts
    assert svg.count("http") == 1  # the SVG namespace, nothing fetched


def test_names_in_the_language_asked(classic):
    texts = [t.text for t in ET.fromstring(board_svg(classic, Text("de"), title="x")).iter(SVG + "text")]
    assert "Großbritannien" in texts and "Ostafrika" in texts


@pytest.mark.parametrize("change, message", [
    ("    alaska: [70, 120]\n", "    alsaka: [70, 120]\n"),
    ("    alaska: [70, 120]\n", "    alaska: [1300, 120]\n"),
    ("    alaska: [70, 120]\n", ""),
    ("    - [greenland, iceland]\n", "    - [greenland, scandinavia]\n"),
    ("    alaska: [70, 120]\n", '    alaska: {at: [70, 120], shape: "M0,0 L10,10 <script>"}\n'),
])
def test_layout_errors(tmp_path, change, message):
    text = (boards_dir() / "classic.yaml").read_text(encoding="utf-8")
    assert change in text
    path = tmp_path / "b.yaml"
    path.write_text(text.replace(change, message), encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_board(path, "b.yaml")
    expected = {
        "    alsaka: [70, 120]\n": "b.yaml:176:13: unknown territory 'alsaka'; did you mean 'alaska'?",
        "    alaska: [1300, 120]\n": "b.yaml:176:13: 'alaska' at 1300, 120 lies outside the drawing (1280 × 720)",
        "": "b.yaml:176:5: the layout places no alaska",
        "    - [greenland, scandinavia]\n": "b.yaml:220:7: the lane greenland–scandinavia is not a border",
        '    alaska: {at: [70, 120], shape: "M0,0 L10,10 <script>"}\n':
            "b.yaml:176:36: the shape of 'alaska' is not SVG path data (the commands M L H V C S Q T A Z, their "
            "lower case, and numbers)",
    }
    assert err.value.first_line == expected[message]


def test_a_shape_of_its_own_is_drawn_as_given(tmp_path):
    text = (boards_dir() / "classic.yaml").read_text(encoding="utf-8")
    path = tmp_path / "b.yaml"
    path.write_text(text.replace("    alaska: [70, 120]\n",
                                 '    alaska: {at: [70, 120], shape: "M10,60 L130,60 L130,180 L10,180 Z"}\n'),
                    encoding="utf-8")
    board = load_board(path, "b.yaml")
    d = drawing(board)
    alaska = board.index["alaska"]
    assert d.paths[alaska] == "M10,60 L130,60 L130,180 L10,180 Z" and d.edges[alaska] == ()
    assert 'id="c0" d="M10,60 L130,60 L130,180 L10,180 Z"' in board_svg(board, Text("en"), title="b")


def cli(*args):
    return runner.invoke(app, list(args))


def test_board_show(tmp_path):
    result = cli("board", "show", "three-isles", "--svg", str(tmp_path / "isles.svg"))
    assert result.exit_code == 0
    assert result.output == (
        "three_isles: 14 territories in 3 continents, 22 borders; drawn from a layout computed from its borders.\n"
        "  Northmark (+3): Frostfell, Highmoor, Greywater, Kingsholm, Ravenscar\n"
        "  Eastreach (+2): Ambercoast, Sunfields, Lowmarsh, Tidewater\n"
        "  Southwild (+3): Emberwood, Redcliffs, Saltpans, Thornvale, Lastport\n"
        f"Drawing written to {tmp_path / 'isles.svg'}.\n")
    root = ET.parse(tmp_path / "isles.svg").getroot()
    assert len([p for p in root.iter(SVG + "path") if (p.get("id") or "").startswith("c")]) == 14
    shown = cli("board", "show", "sv-2000", "--json")
    assert shown.exit_code == 0 and '"drawn": "layout"' in shown.output


@pytest.mark.parametrize("args, message", [
    (("board", "show", "nl-1990", "--svg", "x.png"), "risk: x.png: a drawing is written as .svg\n"),
    (("board", "show", "nl-1990", "--svg", "/no/such/dir/x.svg"),
     "risk: /no/such/dir/x.svg: cannot be written (no such directory: /no/such/dir)\n"),
    (("board", "show", "missing.yaml"), "risk: missing.yaml: no such file\n"),
])
def test_board_show_errors(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = cli(*args)
    assert (result.exit_code, result.output) == (1, message)


NAME_BOXES = """() => {
  const boxes = {};
  for (const t of document.querySelectorAll("text.name")) {
    const r = t.getBoundingClientRect(), i = t.dataset.t;
    const b = boxes[i] || (boxes[i] = {left: 1e9, top: 1e9, right: -1e9, bottom: -1e9, text: []});
    b.left = Math.min(b.left, r.left); b.top = Math.min(b.top, r.top);
    b.right = Math.max(b.right, r.right); b.bottom = Math.max(b.bottom, r.bottom); b.text.push(t.textContent);
  }
  const legend = [...document.querySelectorAll(".legend text")].map((t) => {
    const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.top, r.right, r.bottom]; });
  return [Object.values(boxes), legend, document.documentElement.getBoundingClientRect().toJSON()];
}"""


def test_the_classic_board_at_1280_by_720_in_a_browser(browser, tmp_path):
    """All 42 names inside the picture and none over another; the 6 continents in the legend, in the picture."""
    target = tmp_path / "classic.svg"
    assert cli("board", "show", "sv-2000", "--svg", target, "--lang", "en").exit_code == 0
    opened = Opened(browser, target, width=1280, height=720)
    try:
        names, legend, whole = opened.page.evaluate(NAME_BOXES)
        assert (whole["width"], whole["height"]) == (1280, 720)
        assert len(names) == 42
        for b in names:
            assert 0 <= b["left"] and b["right"] <= 1280 and 0 <= b["top"] and b["bottom"] <= 720, b["text"]
        for k, a in enumerate(names):
            for b in names[k + 1:]:
                apart = a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] \
                    or b["bottom"] <= a["top"]
                assert apart, (a["text"], b["text"])
        assert [entry[0] for entry in legend] == ["North America (+5)", "South America (+2)", "Europe (+5)",
                                                  "Africa (+3)", "Asia (+7)", "Australia (+2)"]
        assert all(0 <= left and right <= 1280 and 0 <= top and bottom <= 720 for _, left, top, right, bottom in legend)
        screenshot(opened, "classic-board", tmp_path, full_page=False)
        opened.page.evaluate("() => document.documentElement.setAttribute('style', 'filter:grayscale(1)')")
        screenshot(opened, "classic-board-grey", tmp_path, full_page=False)
        assert opened.errors == [] and opened.outside() == []
    finally:
        opened.close()
