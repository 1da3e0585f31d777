"""Each country's outline, traced from a Domination map's index image (issue 49): the picture named by
`map` in the map's [files], whose pixels carry each country's number (its blue value; 0 and numbers
past the last country are sea). Read with Pillow, an optional extra (`riskrules[maps]`): without it,
or without the picture beside the map, the board is drawn from the positions as before, with a note.

Every pixel side between two different numbers is a piece of border; a country's pieces, followed
round with the country on their right, close into its outline (islands and lakes their own rings).
Each stretch of border between two countries is simplified once (Douglas–Peucker, within TOLERANCE
pixels) and both countries take that same stretch, so that a border shared is one line, not two that
part. Two countries touch where they share a side or lie at most GAP pixels apart across sea (a
drawn border line); a border of the map between countries that do not is a crossing, drawn as a lane.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from .files import Unreadable, quoted, read_bytes
from .map_checks import MARGIN, MAX_SIZE, fitted, placing, plain

MAX_IMAGE_BYTES = 8 * 1024 * 1024
MAX_PIXELS = 4_000_000  # (a 2000 × 2000 map; Domination's own are under 1,000,000)
TOLERANCE = 0.8  # pixels an outline may leave the pixels' staircase
GAP = 2  # pixels of sea between two countries that still touch (a border line drawn between them)
MAX_SHAPE = 20_000  # characters of a shape's path data (board.schema.json)

Point = tuple[int, int]


@dataclass
class Traced:
    width: int
    height: int
    rings: list[list[list[tuple[float, float]]]] = field(default_factory=list)  # country → its outline's rings
    touching: set[tuple[int, int]] = field(default_factory=set)  # (a, b), a < b: countries whose shapes meet


def image_of(map_path: Path, name: str | None, label: str, countries: int) -> Traced | str | None:
    """The traced index image `name` beside the map, or a note saying why the board is drawn from
    its positions instead (None: the map names no image)."""
    if not name:
        return None
    if "/" in name or "\\" in name or name.startswith("."):
        return f"{label}: its map image {quoted(name, 40)} is not beside it: drawn from its positions"
    try:
        from PIL import Image
    except ImportError:
        return (f"{label}: its countries' shapes are traced from {quoted(name, 40)} with Pillow, which is not "
                f"installed (pip install 'riskrules[maps]'): drawn from its positions")
    path = map_path.parent / name
    if not path.is_file():
        return f"{label}: its map image {quoted(name, 40)} is not beside it: drawn from its positions"
    try:
        raw = read_bytes(path, name, MAX_IMAGE_BYTES, "a map image")
        with Image.open(io.BytesIO(raw)) as picture:
            if picture.width * picture.height > MAX_PIXELS:
                return (f"{label}: its map image {quoted(name, 40)} is over {MAX_PIXELS:,} pixels: drawn from its "
                        f"positions")
            blue = picture.convert("RGB").getchannel("B")
            width, height, pixels = blue.width, blue.height, blue.tobytes()
    except (Unreadable, OSError, ValueError, Image.DecompressionBombError) as err:
        return f"{label}: its map image {quoted(name, 40)} cannot be read ({str(err)[:60]}): drawn from its positions"
    return trace(pixels, width, height, countries)


def trace(pixels: bytes, width: int, height: int, countries: int, tolerance: float = TOLERANCE) -> Traced:
    """The outlines of countries 1 … `countries` in an index image (row by row, a byte a pixel),
    simplified within `tolerance` pixels (0: every corner of the pixels' staircase)."""
    value = [v if 1 <= v <= countries else 0 for v in pixels]
    out: list[dict[Point, list[tuple[Point, int]]]] = [{} for _ in range(countries + 1)]  # side pieces, by start
    touching: set[tuple[int, int]] = set()

    def side(c: int, start: Point, end: Point, other: int) -> None:
        if c:
            out[c].setdefault(start, []).append((end, other))

    for y in range(height + 1):
        row = y * width
        for x in range(width + 1):
            here = value[row + x] if x < width and y < height else 0
            up = value[row - width + x] if x < width and y > 0 else 0
            left = value[row + x - 1] if 0 < x and y < height else 0
            if x < width and here != up:  # the side between (x, y-1) and (x, y)
                side(here, (x, y), (x + 1, y), up)
                side(up, (x + 1, y), (x, y), here)
                if here and up:
                    touching.add((min(here, up), max(here, up)))
            if y < height and here != left:  # the side between (x-1, y) and (x, y)
                side(here, (x, y + 1), (x, y), left)
                side(left, (x, y), (x, y + 1), here)
                if here and left:
                    touching.add((min(here, left), max(here, left)))
    touching |= _across_gaps(value, width, height)
    chains: dict[tuple, list[tuple[float, float]]] = {}
    rings = []
    for c in range(1, countries + 1):
        raw = _rings(out[c])
        done = [_simplified(ring, chains, tolerance) for ring in raw]
        if raw and not any(len(ring) >= 3 for ring in done):  # (a country of a few pixels: its staircase kept)
            done = [_simplified(ring, {}, 0.0) for ring in raw]
        rings.append(done)
    return Traced(width, height, rings, {(a - 1, b - 1) for a, b in touching})


def _across_gaps(value: list[int], width: int, height: int) -> set[tuple[int, int]]:
    """Countries at most GAP pixels apart across sea, along a row or a column."""
    found = set()
    for step, count, along, lines in ((1, width, 1, height), (width, height, width, width)):
        for line in range(lines):
            start = line * (width if step == 1 else 1)
            for k in range(count - 1):
                here = value[start + k * along]
                if not here or value[start + (k + 1) * along]:
                    continue
                for gap in range(2, min(GAP + 2, count - k)):
                    there = value[start + (k + gap) * along]
                    if there:
                        if there != here:
                            found.add((min(here, there), max(here, there)))
                        break
    return found


def _rings(pieces: dict[Point, list[tuple[Point, int]]]) -> list[list[tuple[Point, int]]]:
    """The closed rings the side pieces make (each piece with the country beyond it), from the
    top-left corner of each, in a fixed order."""
    rings = []
    for start in sorted(pieces, key=lambda p: (p[1], p[0])):
        while pieces.get(start):
            ring = []
            at = start
            while True:
                ends = pieces[at]
                end, other = ends.pop(0)
                if not ends:
                    del pieces[at]
                ring.append((at, other))
                at = end
                if at == start:
                    break
            rings.append(ring)
    return rings


def _simplified(ring: list[tuple[Point, int]], chains: dict, tolerance: float) -> list[tuple[float, float]]:
    """A ring as corner points: cut where the country beyond changes, each stretch simplified once
    for both countries it parts."""
    n = len(ring)
    cuts = [k for k in range(n) if ring[k][1] != ring[k - 1][1]]
    if not cuts:  # (one neighbour all round: an island, a lake — its own, not shared by stretches)
        return _douglas_peucker([p for p, _ in ring] + [ring[0][0]], tolerance)[:-1]
    points: list[tuple[float, float]] = []
    for a, b in zip(cuts, cuts[1:] + [cuts[0] + n]):
        stretch = [ring[k % n][0] for k in range(a, b + 1)]
        key = (min(stretch[0], stretch[-1]), max(stretch[0], stretch[-1]), len(stretch))
        if stretch[0] > stretch[-1]:
            done = chains.get(key)
            if done is None:
                done = chains[key] = _douglas_peucker(stretch[::-1], tolerance)
            points += done[::-1][:-1]
        else:
            done = chains.get(key)
            if done is None:
                done = chains[key] = _douglas_peucker(stretch, tolerance)
            points += done[:-1]
    return points


def _douglas_peucker(points: list[Point], tolerance: float) -> list[tuple[float, float]]:
    """The points of a stretch within `tolerance` of it (its ends kept), without recursion."""
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    todo = [(0, len(points) - 1)]
    while todo:
        a, b = todo.pop()
        (ax, ay), (bx, by) = points[a], points[b]
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        far, at = -1.0, -1
        for k in range(a + 1, b):
            px, py = points[k]
            d = abs(dy * (px - ax) - dx * (py - ay)) / length if length else ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            if d > far:
                far, at = d, k
        if far > tolerance:
            keep[at] = True
            todo += [(a, at), (at, b)]
    return [p for p, k in zip(points, keep) if k]


def path_data(rings: list[list[tuple[float, float]]], scale: float, dx: float, dy: float) -> str | None:
    """A country's rings as SVG path data in the layout's units (None if there are none, or if it
    would be longer than a board holds)."""
    parts = []
    for ring in rings:
        if len(ring) < 3:
            continue
        shown = [f"{_n(x * scale + dx)},{_n(y * scale + dy)}" for x, y in ring]
        parts.append("M" + "L".join(shown) + "Z")
    text = "".join(parts)
    return text if text and len(text) <= MAX_SHAPE else None


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def layout_lines(ids: list[str], points: list[tuple[float, float]], traced: Traced | None,
                 borders: list[tuple[int, int]]) -> list[str]:
    """The board's `layout`: the map's positions (map_checks.fitted) and, where its image was traced,
    each territory's shape in the same units and as lanes the borders between shapes that do not meet."""
    at, width, height = fitted(points)
    if traced is None:
        return ["layout:", f"  size: [{width}, {height}]", "  territories:"] + \
            [f"    {tid}: [{plain(x)}, {plain(y)}]" for tid, (x, y) in zip(ids, at)]
    scale, dx, dy = placing(points)
    width = min(MAX_SIZE, max(width, round(traced.width * scale + dx + MARGIN)))
    height = min(MAX_SIZE, max(height, round(traced.height * scale + dy + MARGIN)))
    out = ["layout:", f"  size: [{width}, {height}]", "  territories:"]
    for tid, (x, y), rings in zip(ids, at, traced.rings):
        shape = path_data(rings, scale, dx, dy)
        out.append(f"    {tid}: {{at: [{plain(x)}, {plain(y)}], shape: \"{shape}\"}}" if shape
                   else f"    {tid}: [{plain(x)}, {plain(y)}]")
    lanes = sorted({(min(a, b), max(a, b)) for a, b in borders} - traced.touching)
    if lanes:
        out.append("  lanes:  # borders whose countries do not meet in the map's picture: crossings")
        out += [f"    - [{ids[a]}, {ids[b]}]" for a, b in lanes]  # (ids as the board file writes them)
    return out
