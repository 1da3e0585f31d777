"""Where each territory's name is written on a drawn board, and how large: no two names over each
other, none past the drawing's edge (issue 49: dense community maps).

Each name is tried at its territory's point at the board's font size, then round it in widening
rings, then each again smaller (down to MIN_FONT), and takes the first place where its box meets no
box placed before it; then at MIN_FONT up to three times as far; a name with no free place even so is
written at its point in the smallest size. Boxes are estimated from the characters (wide East
Asian ones a full em), on the generous side, so that a browser's own boxes, a little smaller, do
not meet either. Nothing here is random.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MIN_FONT = 4.0
STEP = 0.85  # each smaller size tried: this much of the one before
LINE = 1.05  # the distance of a name's lines, in font sizes
CELL = 40.0  # the grid of placed boxes, for finding those near a new one
ASCENT, DESCENT = 1.02, 0.38  # a line's box above and below its baseline, in font sizes (a browser's fallback
#                               fonts for digits and accents reach further than the first font's 0.93 and 0.24)

Box = tuple[float, float, float, float]  # left, top, right, bottom


def wrapped(name: str, width: int = 14) -> list[str]:
    """A long name on two lines, split at the space nearest its middle."""
    if len(name) <= width or " " not in name:
        return [name]
    middle = len(name) / 2
    cut = min((k for k, ch in enumerate(name) if ch in " -"), key=lambda k: abs(k - middle))
    return [name[:cut + (name[cut] == "-")].rstrip(), name[cut + 1:].lstrip()]


def text_width(line: str, size: float) -> float:
    """A line's width at `size`, estimated generously (DejaVu Sans, the widest of the usual sans-serifs:
    its letters are some 0.6 of an em)."""
    ems = 0.0
    for ch in line:
        if unicodedata.east_asian_width(ch) in ("W", "F") or ch in "MW@%":
            ems += 1.0
        elif ch in "mw":
            ems += 0.95
        elif ch.isupper():
            ems += 0.78
        elif ch in " .,;:'!|il":
            ems += 0.36
        else:
            ems += 0.66
    return ems * size


def box(lines: Sequence[str], x: float, y: float, size: float) -> Box:
    """The box of a name's lines centred on x, the first line's baseline at y (as text-anchor middle
    writes them): from an ascent above the first baseline to a descent below the last."""
    half = max(text_width(line, size) for line in lines) / 2 + 0.5
    return (x - half, y - size * ASCENT, x + half, y + (len(lines) - 1) * size * LINE + size * DESCENT)


class Placed:
    """The boxes placed so far, by the grid cells they cover."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, b: Box):
        for gx in range(int(b[0] // CELL), int(b[2] // CELL) + 1):
            for gy in range(int(b[1] // CELL), int(b[3] // CELL) + 1):
                yield gx, gy

    def free(self, b: Box) -> bool:
        return not any(b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]
                       for key in self._keys(b) for o in self.cells.get(key, ()))

    def add(self, b: Box) -> None:
        for key in self._keys(b):
            self.cells.setdefault(key, []).append(b)


def place(names: Sequence[list[str]], at: Sequence[tuple[float, float]], font: float, width: float, height: float,
          reach: float, lift: float = 0.0, taken: Sequence[Box] = ()) -> list[tuple[float, float, float]]:
    """Each name's (x, first baseline y, font size): `names` as lines, `at` the points they belong to,
    `font` the size tried first, `reach` how far from its point a name may move, `lift` how far above
    its point (in font sizes) a name's middle stands, `taken` boxes to keep clear (a game's army counts)."""
    placed = Placed()
    for b in taken:
        placed.add(b)
    out: list[tuple[float, float, float]] = []
    for lines, (x, y) in zip(names, at):
        found = _free_place(placed, lines, x, y, font, width, height, reach, lift) \
            or _free_place(placed, lines, x, y, MIN_FONT, width, height, reach * 3, lift)  # (further, smallest)
        if found is None:  # (no free place: at its point, as small as names are written)
            found = (_inside(box(lines, x, _top(lines, y, MIN_FONT, lift), MIN_FONT), width, height), MIN_FONT)
        b, size = found
        placed.add(b)
        out.append(((b[0] + b[2]) / 2, b[1] + size * ASCENT, size))
    return out


def _top(lines: list[str], y: float, size: float, lift: float) -> float:
    """The first baseline of a name whose middle stands `lift` font sizes above y."""
    return y - lift * size - (len(lines) - 1) * size * 0.55


def _free_place(placed: Placed, lines: list[str], x: float, y: float, font: float, width: float, height: float,
                reach: float, lift: float) -> tuple[Box, float] | None:
    """The first free box for a name: at its point, then round it in widening rings (as far as
    `reach`), at each size from `font` down to MIN_FONT; a name of words is also tried on one line
    and on two."""
    shapes = [lines] if len(lines) == 1 or " " not in "".join(lines) else [lines, [" ".join(lines)]]
    size = font
    while size >= MIN_FONT - 1e-9:
        step = size * 1.2
        rings = [0.0] + [step * k for k in range(1, 1 + int(reach // step))]
        for r in rings:
            for dx, dy in ((0, 0),) if r == 0 else _AROUND:
                for shape in shapes:
                    b = _inside(box(shape, x + dx * r, _top(shape, y, size, lift) + dy * r, size), width, height)
                    if placed.free(b):
                        if shape is not lines:
                            lines[:] = shape  # (written as placed)
                        return b, size
        size *= STEP
    return None


_AROUND = ((0, -1), (0, 1), (-1, 0), (1, 0), (-0.7, -0.7), (0.7, -0.7), (-0.7, 0.7), (0.7, 0.7))


def _inside(b: Box, width: float, height: float) -> Box:
    """The box moved (not cut) to lie within the drawing, where it fits."""
    dx = -b[0] if b[0] < 0 else (width - b[2] if b[2] > width else 0.0)
    dy = -b[1] if b[1] < 0 else (height - b[3] if b[3] > height else 0.0)
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
