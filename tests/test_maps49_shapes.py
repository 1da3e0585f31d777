"""Issue 49, "Shapes from the map's own picture": a Domination map's index image (written here with Pillow: each
country a disc of its number, two pairs of bordering countries apart across sea) traced into each territory's
outline — the position the map gives inside it, shared borders one line — with lanes only for the borders whose
countries do not meet; without Pillow or the picture the import works as before and says what it left out."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from browser import Opened
from riskrules.cli import app
from riskrules.language.board import load_board
from riskrules.language.map_shapes import path_data, trace

runner = CliRunner()
DATA = Path(__file__).parent / "data" / "maps49"
NAMES = ["Kitzbühel", "St. Anton am Arlberg", "Zell am See", "Bad Gastein", "Zürich", "Genève", "Nice", "Saint-Tropez",
         "東京", "10 Downing St."]
AT = [(100, 60), (200, 70), (150, 140), (250, 150), (120, 300), (220, 310), (170, 380), (280, 390), (330, 330),
      (380, 380)]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    load_board.cache_clear()
    for found in DATA.iterdir():
        shutil.copy(found, tmp_path / found.name)
    return tmp_path


def index_image(target: Path) -> None:
    """alpen.map's index image: country k a disc of radius 62 of value k round its position, sea 255."""
    from PIL import Image, ImageDraw

    picture = Image.new("L", (440, 470), 255)
    draw = ImageDraw.Draw(picture)
    for k, (x, y) in enumerate(AT, 1):
        draw.ellipse((x - 62, y - 62, x + 62, y + 62), fill=k)
    picture.save(target)


def test_a_domination_map_with_its_image_is_drawn_with_its_countries_outlines(folder, browser):
    index_image(folder / "alpen_map.gif")
    result = runner.invoke(app, ["board", "import", "alpen.map"])
    assert result.exit_code == 0 and "map image" not in result.output
    text = (folder / "alpen.yaml").read_text(encoding="utf-8")
    assert text.count(", shape: \"M") == 10
    assert "  lanes:  # borders whose countries do not meet in the map's picture: crossings\n" \
           "    - [zell_am_see, zurich]\n    - [bad_gastein, geneve]\n" in text
    board = load_board(folder / "alpen.yaml", "alpen.yaml")
    assert board.layout.at == tuple(AT) and all(board.layout.shapes)
    assert runner.invoke(app, ["board", "show", "alpen.yaml", "--svg", "alpen.svg"]).exit_code == 0
    svg = (folder / "alpen.svg").read_text(encoding="utf-8")
    assert svg.count('<path class="coast"') == 4  # each continent's outline under its shapes
    lanes = svg[svg.index('<g class="lanes"'):]
    assert lanes[:lanes.index("</g>")].count("<line ") == 2  # the two crossings, no more
    opened = Opened(browser, folder / "alpen.svg")
    try:
        found = opened.page.evaluate("""(at) => {
          const names = {};
          for (const t of document.querySelectorAll("text.name")) (names[t.dataset.t] ||= []).push(t.textContent);
          return at.map(([x, y], i) => [names[i].join(" "),
                                       document.getElementById("c" + i).isPointInFill(new DOMPoint(x, y))]);
        }""", [list(p) for p in AT])
        assert found == [[name, True] for name in NAMES]
        assert opened.errors == [] and opened.outside() == []
    finally:
        opened.close()


def test_without_pillow_or_the_image_the_import_says_what_it_left_out(folder, monkeypatch):
    code = runner.invoke(app, ["board", "import", "alpen.map"])
    assert code.exit_code == 0 and code.output.splitlines()[0] == (
        "risk: note: alpen.map: its map image 'alpen_map.gif' is not beside it: drawn from its positions")
    (folder / "alpen_map.gif").write_bytes(b"GIF89a not a picture")
    again = runner.invoke(app, ["board", "import", "alpen.map", "--force"])
    assert again.output.splitlines()[0].startswith(
        "risk: note: alpen.map: its map image 'alpen_map.gif' cannot be read (")
    monkeypatch.setitem(sys.modules, "PIL", None)  # (as where the extra is not installed)
    without = runner.invoke(app, ["board", "import", "alpen.map", "--force"])
    assert without.exit_code == 0 and without.output.splitlines()[0] == (
        "risk: note: alpen.map: its countries' shapes are traced from 'alpen_map.gif' with Pillow, which is not "
        "installed (pip install 'riskrules[maps]'): drawn from its positions")
    assert "shape" not in (folder / "alpen.yaml").read_text(encoding="utf-8")
    assert runner.invoke(app, ["check", "alpen.risk"]).output == "alpen.risk: ok\n"


def test_outlines_of_a_small_index_image():
    """Country 1 an L, country 2 beside it with a lake of 3, sea (0) about: rings with the country on their
    right, the border of 1 and 2 the same points both ways, the lake a hole of 2 and the outline of 3."""
    rows = ["1120",
            "1222",
            "1232",
            "1222"]
    pixels = bytes(int(c) for row in rows for c in row)
    traced = trace(pixels, 4, 4, 3, tolerance=0)
    assert traced.touching == {(0, 1), (1, 2)}
    assert path_data(traced.rings[0], 1, 0, 0) == "M2,0L2,1L1,1L1,4L0,4L0,0Z"
    assert path_data(traced.rings[1], 1, 0, 0) == "M2,0L3,0L3,1L4,1L4,4L1,4L1,1L2,1ZM2,2L2,3L3,3L3,2Z"
    assert path_data(traced.rings[2], 1, 10, 20) == "M12,22L13,22L13,23L12,23Z"  # (moved as the layout is)
    simplified = trace(pixels, 4, 4, 3)  # (within 0.8 pixel: the staircase of 1 and 2 one line, the same for both)
    assert [path_data(rings, 1, 0, 0) for rings in simplified.rings] == \
        ["M2,0L1,4L0,4L0,0Z", "M2,0L4,1L4,4L1,4Z", "M2,2L3,2L3,3L2,3Z"]  # (the lake too small to simplify: kept)
    assert (traced.width, traced.height) == (4, 4)


def test_a_country_without_pixels_in_the_image_is_drawn_round_its_position_with_a_note(folder):
    from PIL import Image, ImageDraw  # (the test extra installs Pillow)

    picture = Image.new("L", (440, 470), 255)
    draw = ImageDraw.Draw(picture)
    for k, (x, y) in enumerate(AT[:-1], 1):  # (10 Downing St. left out)
        draw.ellipse((x - 62, y - 62, x + 62, y + 62), fill=k)
    picture.save(folder / "alpen_map.gif")
    result = runner.invoke(app, ["board", "import", "alpen.map"])
    assert result.exit_code == 0 and result.output.splitlines()[0] == (
        "risk: note: alpen.map: '10 Downing St.' has no pixels in its map image 'alpen_map.gif': drawn round its "
        "position")
    board = load_board(folder / "alpen.yaml", "alpen.yaml")
    assert board.layout.shapes[-1] is None and all(board.layout.shapes[:-1])
    assert runner.invoke(app, ["board", "show", "alpen.yaml", "--svg", "a.svg"]).exit_code == 0
