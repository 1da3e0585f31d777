"""The corpus's Domination maps that come with their pictures, drawn with their countries' own outlines and
looked at in Chromium (issue 49): the same check as tests/test_maps49_shapes.py's on a map of our own.

    python benchmarks/map_outlines.py [--manifest benchmarks/map_corpus.yaml] [--mirror DIR] [--shots DIR] [-v]

The maps are fetched at run time as benchmarks/map_corpus.py fetches them (never committed). Each Domination
map whose index image (`map` in its [files]) is beside it is imported (`risk board import`, Pillow installed),
drawn (`risk board show --svg`) and opened in headless Chromium (Debian's, as the tests drive it). Two
checks, read from the page: "names" — every territory's name, as the map file writes it (read again here,
`_` a space), is the text of its labels (a name on two lines joined); "covered" — for each territory, its
traced shape (the path `c<i>`) covers its position as the map file gives it (moved into the drawing as
the importer moves every position and shape alike: map_checks.placing), by the browser's own
`isPointInFill`. Reported: how many maps held each check, and for each map that did not, the
territories it missed. `--shots DIR` writes each drawn map's screenshot there, to look at.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
from map_corpus import distinct, fetch  # noqa: E402  (the corpus's own fetching)

from riskrules.cli import app  # noqa: E402
from riskrules.language.board import load_board  # noqa: E402
from riskrules.language.map_checks import placing  # noqa: E402
from riskrules.language.map_import import decoded  # noqa: E402
from riskrules.language.map_named import kind_of  # noqa: E402
from riskrules.language.map_shapes import TOLERANCE  # noqa: E402
from riskrules.text.i18n import Text  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
PAGE = """(at) => {
  const names = {};
  for (const t of document.querySelectorAll("text.name")) (names[t.dataset.t] ||= []).push(t.textContent);
  return at.map(([x, y], i) => {
    const shape = document.getElementById("c" + i);
    return [(names[i] || []).reduce((a, b) => a === "" ? b : a.endsWith("-") ? a + b : a + " " + b, ""),
            shape !== null && shape.tagName === "path" && shape.isPointInFill(new DOMPoint(x, y))];
  });
}"""


def written(path: Path) -> tuple[str | None, list[tuple[str, float, float, int]]]:
    """(the index image the map names, [(territory name, x, y, its number)]) as the map file writes them."""
    section, image, countries = "", None, []
    for raw in decoded(path.read_bytes()).splitlines():
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("["):
            section = line.lower()
        elif section == "[files]" and line.split()[0].lower() == "map" and len(line.split()) > 1:
            image = line.split()[1]
        elif section == "[countries]":
            words = line.split()
            countries.append((" ".join(words[1:-3]).replace("_", " "), float(words[-2]), float(words[-1]),
                              int(words[0])))
    return image, countries


def pixels(image: Path):
    """The index image's numbers (its blue values, as map_shapes reads them): a Pillow image of one band."""
    from PIL import Image

    with Image.open(image) as picture:
        return picture.convert("RGB").getchannel("B")


def off(picture, n: int, x: float, y: float, countries: int) -> str:
    """Where the map's own picture has the position (x, y) of country `n`: in it (then the traced shape is
    wrong: ours) or on another country or sea, and how far from the nearest pixel of its own (the map's)."""
    if not (0 <= x < picture.width and 0 <= y < picture.height):
        return "outside the map's picture (the map's)"
    here = picture.getpixel((int(x), int(y)))
    if here == n:
        edge = any(not (0 <= x + dx < picture.width and 0 <= y + dy < picture.height)
                   or picture.getpixel((int(x) + dx, int(y) + dy)) != n for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        return ("on an edge pixel of its country in the map's picture, which the outline, simplified within "
                f"{TOLERANCE} pixels, may pass (ours)" if edge else "inside its country in the map's picture (ours)")
    data, width = picture.tobytes(), picture.width
    near = min(((k % width + 0.5 - x) ** 2 + (k // width + 0.5 - y) ** 2 for k, v in enumerate(data) if v == n),
               default=math.inf) ** 0.5
    what = f"country {here}" if 0 < here <= countries else "sea"
    return f"on {what} in the map's picture, {near:.1f} pixels from its own (the map's)"


def one(path: Path, scratch: Path, browser, shots: Path | None) -> tuple[bool, bool, list[str], str | None]:
    """(names all found, positions all covered, what was missed, why the map was not drawn with its shapes)."""
    runner = CliRunner()
    out = scratch / f"{len(list(scratch.iterdir()))}-{path.stem}"
    result = runner.invoke(app, ["board", "import", str(path), "--out", str(out), "--force"])
    if result.exit_code != 0:
        return False, False, [], "import: " + (result.output.splitlines() or ["no output"])[0]
    board_file = next(out.glob("*.yaml"))
    load_board.cache_clear()
    board = load_board(board_file, str(board_file))
    if not all(board.layout.shapes):
        return False, False, [], f"{sum(not s for s in board.layout.shapes)} territories without a traced shape"
    svg = out / "board.svg"
    drawn = runner.invoke(app, ["board", "show", str(board_file), "--svg", str(svg)])
    if drawn.exit_code != 0:
        return False, False, [], "draw: " + drawn.output.splitlines()[0]
    image, written_countries = written(path)
    scale, dx, dy = placing([(x, y) for _, x, y, _ in written_countries])
    where = {" ".join(name.split()): (x, y) for name, x, y, _ in written_countries}
    number = {" ".join(name.split()): n for name, _, _, n in written_countries}
    t = Text("en", board=board)  # (the board's order is its own: each territory found in the file by its name)
    countries = [(name, *where.get(name, (math.nan, math.nan)))
                 for name in (" ".join(t.territory(tid).split()) for tid in board.territories)]
    if len(where) != len(written_countries) or any(math.isnan(x) for _, x, _ in countries):
        return False, False, [], "the board's names are not the map file's (or the file names one twice)"
    at = [[x * scale + dx, y * scale + dy] for _, x, y in countries]
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=2 if shots else 1)
    try:
        page = context.new_page()
        page.goto(svg.resolve().as_uri())
        found = page.evaluate(PAGE, at)
        if shots is not None:
            page.screenshot(path=str(shots / f"{path.stem}.png"))
    finally:
        context.close()
    missed = []
    picture = pixels(path.parent / image) if not all(inside for _, inside in found) else None
    for (name, x, y), (shown, inside) in zip(countries, found):
        if " ".join(shown.split()) != " ".join(name.split()):
            missed.append(f"name {name!r} shown as {shown!r}")
        if not inside:
            missed.append(f"{name!r} at ({x:g}, {y:g}) outside its shape — "
                          + off(picture, number[name], x, y, len(countries)))
    names = all(" ".join(s.split()) == " ".join(n.split()) for (n, _, _), (s, _) in zip(countries, found))
    return names, all(inside for _, inside in found), missed, None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", type=Path, default=Path(__file__).parent / "map_corpus.yaml")
    parser.add_argument("--mirror", type=Path, help="read the repositories from DIR/owner+name/repo, not GitHub")
    parser.add_argument("--shots", type=Path, help="write each drawn map's screenshot into DIR")
    parser.add_argument("-v", action="store_true", help="a line for every map")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("RISKRULES_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    counts = {"maps": 0, "drawn with shapes": 0, "names": 0, "covered": 0}
    positions = {"all": 0, "ours": 0, "maps": 0, "edge": 0}
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as p:
        maps, _ = distinct(fetch(args.manifest, args.mirror, Path(scratch) / "maps"))
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        work = Path(scratch) / "work"
        work.mkdir()
        for path, origin in maps:
            if " — altered: " in origin or kind_of(path, str(path)) != "domination":
                continue
            image, _ = written(path)
            if not image or not re.fullmatch(r"[^/\\]+", image) or not (path.parent / image).is_file():
                continue
            counts["maps"] += 1
            names, covered, missed, why = one(path, work, browser, args.shots)
            counts["drawn with shapes"] += why is None
            counts["names"] += names
            counts["covered"] += covered
            positions["all"] += len(written(path)[1])
            positions["ours"] += sum(m.endswith("(ours)") for m in missed)
            positions["edge"] += sum("on an edge pixel" in m for m in missed)
            positions["maps"] += sum(m.endswith("(the map's)") for m in missed)
            if args.v or missed or why:
                print(f"{origin}: " + (why or ("names, covered" if not missed else
                                               f"{len(missed)} missed: " + "; ".join(missed))), file=sys.stderr)
        browser.close()
    print(f"Domination maps with their pictures: {counts['maps']} — drawn with their shapes "
          f"{counts['drawn with shapes']}, every name on the page {counts['names']}, every position inside its "
          f"shape {counts['covered']}")
    print(f"positions: {positions['all']}; outside their traced shape: {positions['ours'] + positions['maps']} — "
          f"{positions['maps']} lie off their own country in the map's picture (the map's), "
          f"{positions['ours']} inside it (the tracing's), {positions['edge']} of them on its edge pixels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
