"""Boards whose layout is odd: territories at one point are drawn (they were a ZeroDivisionError in
`board show --svg` and `replay --html`), and a shape whose numbers no browser can draw is refused by
`risk check` with its place."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.board import load_board
from riskrules.text.geometry import drawing

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
ISLES = (ROOT / "rulebooks" / "house" / "three-isles.yaml").read_text(encoding="utf-8")
RULE = (ROOT / "rulebooks" / "house" / "three-isles.risk").read_text(encoding="utf-8")
NAMES = ["frostfell", "highmoor", "greywater", "kingsholm", "ravenscar", "ambercoast", "sunfields", "lowmarsh",
         "tidewater", "emberwood", "redcliffs", "saltpans", "thornvale", "lastport"]


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


def board(tmp_path, name: str, places: dict[str, str]) -> Path:
    """three-isles with a layout: each territory at the place given (YAML text)."""
    text = ISLES + "layout:\n  size: [1000, 800]\n  territories:\n" + "".join(
        f"    {t}: {places[t]}\n" for t in NAMES)
    (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    (tmp_path / f"{name}.risk").write_text(RULE.replace("three-isles.yaml", f"{name}.yaml"), encoding="utf-8")
    return tmp_path / f"{name}.yaml"


def test_territories_at_one_point_are_drawn(tmp_path):
    path = board(tmp_path, "one", {t: "[500, 400]" for t in NAMES})
    d = drawing(load_board(path, "one.yaml"))
    assert d.radius == 12.0 and set(d.at) == {(500, 400)}
    assert len(set(d.paths)) == 1  # every one the whole disk round the point
    assert len(d.lanes) == 22  # every border a lane: no two cells meet
    svg = tmp_path / "one.svg"
    result = cli("board", "show", path, "--svg", svg)
    assert result.exit_code == 0 and result.stdout.endswith(f"Drawing written to {svg}.\n")
    assert svg.read_text(encoding="utf-8").count('<path id="c') == 14
    log = tmp_path / "one.jsonl"
    played = cli("play", tmp_path / "one.risk", "--humans", 0, "--seed", 1, "--log", log, "--quiet")
    assert played.stdout == "winner: blue, reason: domination, turns: 29, seed: 1\n"
    page = tmp_path / "one.html"
    result = cli("replay", log, "--html", page)
    assert (result.exit_code, result.stdout) == (0, f"Page written to {page}.\n")


def test_two_territories_at_one_point_among_others_are_drawn(tmp_path):
    places = {t: f"[{60 + 60 * k}, {300 + 40 * (k % 3)}]" for k, t in enumerate(NAMES)}
    places["highmoor"] = places["frostfell"]
    path = board(tmp_path, "two", places)
    d = drawing(load_board(path, "two.yaml"))
    assert d.paths[0] == d.paths[1]  # both keep the disk the others leave them
    assert cli("board", "show", path, "--svg", tmp_path / "two.svg").exit_code == 0


def test_a_shape_beyond_the_bound_is_refused_with_its_place(tmp_path):
    places = {t: f"[{60 + 60 * k}, 400]" for k, t in enumerate(NAMES)}
    places["frostfell"] = "{at: [10, 10], shape: 'M 1e308 0 L 1e308 1e308 L 0 1e308 Z'}"
    path = board(tmp_path, "far", places)
    result = cli("check", tmp_path / "far.risk")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (f"{path}:54:38: the shape of 'frostfell' holds the number 1e308: a "
                                             "shape's numbers lie within ±1,000,000")
    shown = cli("board", "show", path, "--svg", tmp_path / "far.svg")
    assert (shown.exit_code, shown.stdout, shown.stderr) == (1, "", (
        f"risk: {path}:54:38: the shape of 'frostfell' holds the number 1e308: a shape's numbers lie within "
        "±1,000,000\n"))
    assert not (tmp_path / "far.svg").exists()


def test_the_bound_of_a_shape(tmp_path):
    places = {t: f"[{60 + 60 * k}, 400]" for k, t in enumerate(NAMES)}
    places["frostfell"] = "{at: [10, 10], shape: 'M -1000000 0 l 1e6 .5e6 L 0 1000000.0 Z'}"
    assert cli("check", board(tmp_path, "edge", places).with_suffix(".risk")).exit_code == 0
    places["frostfell"] = "{at: [10, 10], shape: 'M 0 0 L 1" + "0" * 400 + " 0 Z'}"
    path = board(tmp_path, "long", places)
    result = cli("check", path.with_suffix(".risk"))
    assert result.stderr.splitlines()[0] == (f"{path}:54:38: the shape of 'frostfell' holds the number "
                                             "10000000000000000000000…: a shape's numbers lie within ±1,000,000")
