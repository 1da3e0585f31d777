"""Issue 49, "a Domination map with its images is drawn with its countries' own outlines": a map of our own in
Domination's format whose index image (drawn here with Pillow, ours) has the shapes a disc cannot stand for —
a comb, a hook, a country round a lake with an island country in it, a peninsula eight pixels wide. Chromium
finds every territory's name on the page, and each traced shape covers the territory's position in the map
file — and not the comb's gaps, the hook's inside corner, the lake or the island. benchmarks/map_outlines.py
makes the same check over the corpus's Domination maps that come with their pictures."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from browser import Opened
from riskrules.cli import app
from riskrules.language.board import load_board

runner = CliRunner()

MAP = """\
; inselreich.map — written here for riskrules' tests (issue 49), in Domination's format; its index
; image is drawn by the test (country k: pixels of value k; 255 is sea).
name Inselreich (Test)

[files]
map inselreich_map.png

[continents]
Westmark 3 #cc9933
Ostmark 4 #3399cc

[countries]
1 Kamm 1 42 140
2 See-Land 2 250 45
3 Insel 2 330 120
4 Haken 1 180 300
5 Lange_Nord-Landzunge 2 304 300
6 Ödland 2 400 280

[borders]
1 2 4
2 1 3 5
3 2
4 1
5 2 6
6 5
"""
NAMES = {"Kamm": (42, 140), "See-Land": (250, 45), "Insel": (330, 120), "Haken": (180, 300),
         "Lange Nord-Landzunge": (304, 300), "Ödland": (400, 280)}
# points no shape may cover: between the comb's teeth, the hook's inside corner, the lake
NOWHERE = [(65, 140), (125, 120), (150, 220), (295, 85), (365, 155)]


def index_image(target: Path) -> None:
    """inselreich.map's index image, 460 × 340: each country's pixels its number, sea 255."""
    from PIL import Image, ImageDraw

    picture = Image.new("L", (460, 340), 255)
    draw = ImageDraw.Draw(picture)
    draw.rectangle((20, 20, 219, 59), fill=1)  # the comb's back, meeting See-Land at x = 220
    for left in (20, 80, 140):
        draw.rectangle((left, 60, left + 30, 160), fill=1)  # its teeth
    draw.rectangle((220, 20, 440, 219), fill=2)
    draw.rectangle((280, 70, 380, 170), fill=255)  # the lake
    draw.rectangle((310, 100, 350, 140), fill=3)  # the island in it
    draw.rectangle((20, 190, 60, 320), fill=4)
    draw.rectangle((60, 280, 200, 320), fill=4)  # the hook's foot
    draw.rectangle((300, 220, 307, 320), fill=5)  # the peninsula, 8 pixels wide, from See-Land's shore
    draw.rectangle((320, 240, 440, 320), fill=6)
    picture.save(target)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    pytest.importorskip("PIL", reason="the outlines are traced with Pillow (riskrules[maps])")
    monkeypatch.chdir(tmp_path)
    load_board.cache_clear()
    (tmp_path / "inselreich.map").write_text(MAP, encoding="utf-8")
    index_image(tmp_path / "inselreich_map.png")
    return tmp_path


def test_every_name_is_on_the_page_and_every_shape_covers_its_position_and_nothing_else(folder, browser):
    result = runner.invoke(app, ["board", "import", "inselreich.map"])
    assert result.exit_code == 0 and "map image" not in result.output
    text = (folder / "inselreich.yaml").read_text(encoding="utf-8")
    assert text.count(", shape: \"M") == 6
    assert "  lanes:  # borders whose countries do not meet in the map's picture: crossings\n" \
           "    - [kamm, haken]\n    - [see_land, insel]\n    - [lange_nord_landzunge, odland]\n" in text
    board = load_board(folder / "inselreich.yaml", "inselreich.yaml")
    assert sorted(board.layout.at) == sorted(NAMES.values())  # (the positions as the map file gives them)
    assert runner.invoke(app, ["board", "show", "inselreich.yaml", "--svg", "inselreich.svg"]).exit_code == 0
    opened = Opened(browser, folder / "inselreich.svg")
    try:
        found = opened.page.evaluate("""([where, nowhere]) => {
          const names = {};
          for (const t of document.querySelectorAll("text.name")) (names[t.dataset.t] ||= []).push(t.textContent);
          const shapes = [...document.querySelectorAll("path[id^=c]")];
          const joined = Object.values(names).map(
            lines => lines.reduce((a, b) => a.endsWith("-") ? a + b : a + " " + b));
          return {
            names: [...joined].sort(),
            covered: Object.entries(names).map(([i, lines]) => {
              const name = joined[Object.keys(names).indexOf(i)];
              const [x, y] = where[name];
              return [name, document.getElementById("c" + i).isPointInFill(new DOMPoint(x, y)),
                      shapes.filter(s => s.isPointInFill(new DOMPoint(x, y))).length];
            }),
            stray: nowhere.map(([x, y]) => shapes.filter(s => s.isPointInFill(new DOMPoint(x, y))).length),
            shapes: shapes.length,
          };
        }""", [{name: list(p) for name, p in NAMES.items()}, [list(p) for p in NOWHERE]])
        assert found["names"] == sorted(NAMES)
        assert found["shapes"] == 6
        assert sorted(found["covered"]) == sorted([name, True, 1] for name in NAMES)  # its own shape, no other
        assert found["stray"] == [0] * len(NOWHERE)
        assert opened.errors == [] and opened.outside() == []
    finally:
        opened.close()
