"""Issue 49, "Dense and large boards that read": on a 250-territory map (written here in Conquest's format,
names long and accented as community maps' are) no two names of the drawn page overlap in a browser and
none is past its edge; names are placed by text/labels.py; a map's positions near the edge are moved clear
of it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from browser import Opened
from riskrules.language.board import board_of_text
from riskrules.language.map_checks import fitted
from riskrules.language.loader import load_rules
from riskrules.language.map_named import read_conquest, read_map
from riskrules.text.board_svg import board_svg
from riskrules.text.i18n import Text
from riskrules.text.labels import Placed, box, place, text_width, wrapped

NAME_BOXES = """() => {
  const boxes = {};
  for (const t of document.querySelectorAll("text.name")) {
    const r = t.getBoundingClientRect(), i = t.dataset.t;
    const b = boxes[i] || (boxes[i] = {left: 1e9, top: 1e9, right: -1e9, bottom: -1e9, text: []});
    b.left = Math.min(b.left, r.left); b.top = Math.min(b.top, r.top);
    b.right = Math.max(b.right, r.right); b.bottom = Math.max(b.bottom, r.bottom); b.text.push(t.textContent);
  }
  return [Object.values(boxes), document.querySelector("svg").getBoundingClientRect().toJSON()];
}"""


def dense_map(count: int = 250, columns: int = 25, gap: float = 40.0) -> str:
    """A Conquest map of `count` territories on a jittered grid `gap` apart, each bordering the next
    in its row and column, ten continents, names of one to four words."""
    rnd = random.Random(49)
    first = ["Nord", "Süd", "Ost", "West", "Hoch", "Tief", "Alt", "Neu", "St.", "Groß", "Klein", "Ober", "Unter"]
    last = ["burg", "heim", "dorf", "stadt", "tal", "berg", "feld", "wald", "see", "hausen", "ingen", "bach"]
    names = [f"{rnd.choice(first)}{rnd.choice(last)}" + (f" am {rnd.choice(first)}see" if k % 3 == 0 else "")
             + f" {k}" for k in range(count)]
    rows = ["[Map]", "author=tests", "[Continents]"] + [f"Land {c}=2" for c in range(count // columns)]
    rows.append("[Territories]")
    for k, name in enumerate(names):
        r, c = divmod(k, columns)
        x, y = 20 + c * gap + rnd.uniform(-gap / 4, gap / 4), 20 + r * gap + rnd.uniform(-gap / 4, gap / 4)
        near = [names[k + d] for d in (-1, 1, -columns, columns)
                if 0 <= k + d < count and (d in (-columns, columns) or (k + d) // columns == r)]
        rows.append(f"{name},{x:.0f},{y:.0f},Land {r},{','.join(near)}")
    return "\n".join(rows) + "\n"


def overlapping(boxes: list[dict]) -> list[tuple[list[str], list[str]]]:
    return [(a["text"], b["text"]) for k, a in enumerate(boxes) for b in boxes[k + 1:]
            if not (a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"]
                    or b["bottom"] <= a["top"])]


def test_a_250_territory_maps_page_has_no_two_names_over_each_other(browser, tmp_path):
    (tmp_path / "dense.map").write_text(dense_map(), encoding="utf-8")
    board = board_of_text(read_conquest(tmp_path / "dense.map", "dense.map").board_yaml(), "dense.yaml")
    (tmp_path / "dense.svg").write_text(board_svg(board, Text("en"), title=board.title), encoding="utf-8")
    opened = Opened(browser, tmp_path / "dense.svg")
    try:
        names, whole = opened.page.evaluate(NAME_BOXES)
        assert len(names) == 250
        assert overlapping(names) == []
        assert [b["text"] for b in names if b["left"] < whole["left"] or b["right"] > whole["right"]
                or b["top"] < whole["top"] or b["bottom"] > whole["bottom"]] == []
        assert opened.errors == [] and opened.outside() == []
    finally:
        opened.close()


def test_a_250_territory_maps_game_page_has_no_two_names_over_each_other(browser, tmp_path):
    """The drawing of a game: each territory's army count in a ring at its point, names kept clear of the rings."""
    (tmp_path / "dense.map").write_text(dense_map(), encoding="utf-8")
    board = board_of_text(read_conquest(tmp_path / "dense.map", "dense.map").board_yaml(), "dense.yaml")
    svg = board_svg(board, Text("en"), title=board.title, game=True, players=["red", "blue", "green"],
                    owners=[i % 3 for i in range(board.size)], armies=[i * 7 % 150 for i in range(board.size)])
    (tmp_path / "game.svg").write_text(svg, encoding="utf-8")
    opened = Opened(browser, tmp_path / "game.svg")
    try:
        names, _ = opened.page.evaluate(NAME_BOXES)
        assert len(names) == 250 and overlapping(names) == []
    finally:
        opened.close()


def test_names_are_placed_apart_smaller_or_beside_their_point_and_inside_the_drawing():
    names = [wrapped("Kitzbühel"), wrapped("Zell am See"), wrapped("東京")]
    spots = place(names, [(50, 50), (52, 52), (5, 95)], 10, 100, 100, 30)
    assert spots[0] == (50, 50, 10)  # the first at its point, in the size asked
    boxes = [box(lines, x, y, size) for lines, (x, y, size) in zip(names, spots)]
    placed = Placed()
    for b in boxes:
        assert placed.free(b) and 0 <= b[0] and b[2] <= 100 and 0 <= b[1] and b[3] <= 100
        placed.add(b)
    assert text_width("東京", 10) == 20 and text_width("ab", 10) == pytest.approx(13.2)


def test_positions_near_the_edge_are_moved_clear_of_it():
    assert fitted([(0, 10), (200, 300)]) == ([(40, 40), (240, 330)], 280, 370)
    assert fitted([(100, 60), (280, 390)]) == ([(100, 60), (280, 390)], 320, 430)  # (clear already: as they are)


def test_neighbours_that_merely_lie_apart_are_linked_not_drawn_as_sea_routes(tmp_path):
    """A map of positions alone names no crossings: its borders whose cells do not meet are thin solid links;
    a board that names its lanes (classic) keeps every such border a dotted sea lane."""
    data = Path(__file__).parent / "data" / "maps49"
    (tmp_path / "alpen.map").write_text((data / "alpen.map").read_text(encoding="utf-8"), encoding="utf-8")
    board = board_of_text(read_map(tmp_path / "alpen.map", "alpen.map").board_yaml(), "alpen.yaml")
    svg = board_svg(board, Text("en"), title=board.title)
    lanes = svg[svg.index('<g class="lanes"'):]
    lanes = lanes[:lanes.index("</g>")]
    assert lanes.count("<line ") == lanes.count('class="link"') == 2  # Zell am See–Zürich, Bad Gastein–Genève
    classic = load_rules("classic").board
    drawn = board_svg(classic, Text("en"), title="classic")
    assert 'class="link"' not in drawn and 'class="coast"' not in drawn  # (cells of its own: drawn as before)
