"""Where a board's territories are drawn, and their shapes.

A board file may say how it is drawn (language/board.py `Layout`: a position for every
territory, a shape where it likes, sea lanes). A board that says nothing is laid out here
from its borders: each continent's territories by a force-directed layout of their own
borders, then the continents by the borders between them, each turned to face its
neighbours. Either way every territory without a shape of its own is drawn as the region
nearest its point (a Voronoi cell) cut to a disk around it, so that bordering territories
touch where they lie close and the sea shows between the rest. Each edge of a cell remembers
whose cell is on its other side: the drawing marks the edges of territories that touch but do
not border (a strait that cannot be crossed) and draws as a lane every border whose cells do
not meet — between two territories of shapes of their own, only the lanes the board lists (an
imported map's shapes say themselves where they meet). Nothing here is random: the same board is
drawn the same way, every time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..language.board import Board

SEA = -1  # an edge with the sea on its other side

Point = tuple[float, float]


@dataclass(frozen=True)
class Drawing:
    width: int
    height: int
    at: tuple[Point, ...]  # territory → where its name and armies stand
    paths: tuple[str, ...]  # territory → SVG path data of its shape
    edges: tuple[tuple[tuple[Point, Point, int], ...], ...]  # territory → its cell's edges, each with the
    #                                                      territory beyond (SEA); () for a shape of its own
    lanes: tuple[tuple[int, int], ...]  # borders drawn as lines: the board's lanes, and borders that do not touch
    radius: float  # a cell reaches at most this far from its point
    declared: frozenset[tuple[int, int]] = frozenset()  # (low, high): the board's own lanes and one-way borders


def neighbours(board: Board) -> list[set[int]]:
    """Each territory's neighbours whichever way their border goes (a one-way border joins them too)."""
    return [set(out) | set(into) for out, into in zip(board.adjacent, board.incoming)]


def drawing(board: Board) -> Drawing:
    layout = board.layout
    if layout is not None:
        width, height, at = layout.width, layout.height, list(layout.at)
        shapes, declared = layout.shapes, set(layout.lanes)
    else:
        width, height, at = computed_layout(board)
        shapes, declared = (None,) * board.size, set()
    declared = declared | {(board.index[a], board.index[b]) for a, b in board.one_way}  # drawn with an arrow
    radius = _radius(board, at)
    near = _near(at, 2 * radius)
    cells = [_cell(i, at, near(i), radius, width, height) if shapes[i] is None else None for i in range(board.size)]
    paths = tuple(shapes[i] if cells[i] is None else _path(cells[i]) for i in range(board.size))
    edges = tuple(tuple(cells[i]) if cells[i] is not None else () for i in range(board.size))
    touching = {(i, j) for i, cell in enumerate(edges) for _, _, j in cell if j != SEA}
    lanes = []
    for i, near in enumerate(neighbours(board)):
        for j in sorted(near):
            drawn = shapes[i] is not None and shapes[j] is not None  # (their meeting is the board's to say)
            if i < j and ((i, j) in declared or (j, i) in declared
                          or (not drawn and (i, j) not in touching and (j, i) not in touching)):
                lanes.append((i, j))
    return Drawing(width, height, tuple(at), paths, edges, tuple(lanes), radius,
                   frozenset((min(i, j), max(i, j)) for i, j in declared))


def _radius(board: Board, at: list[Point]) -> float:
    """How far a cell reaches: most borders' territories meet, the long ones (sea links) do not —
    and no further than most territories' nearest neighbour, so that borders drawn across a whole
    board do not make every cell a continent."""
    lengths = sorted(math.dist(at[i], at[j]) for i, near in enumerate(neighbours(board)) for j in near if i < j)
    if not lengths:
        return 60.0
    typical = lengths[min(len(lengths) - 1, int(len(lengths) * 0.8))]
    near = _near(at, typical)
    nearest = sorted(min((math.dist(at[i], at[j]) for j in near(i) if j != i), default=typical)
                     for i in range(len(at)))
    return max(12.0, min(typical * 0.52, nearest[len(nearest) // 2] * 0.9))


# ---- Cells: the region nearest a point, within a disk --------------------------------------------

_DISK = 28  # sides of the polygon that stands for a disk


def _near(at: list[Point], reach: float):
    """near(i): the territories whose points may lie within `reach` of i's (a grid of buckets, so
    that a board of thousands of territories costs in proportion to its size)."""
    if not reach > 0:  # (a layout whose territories lie at one point: its borders are of length 0)
        reach = 1.0
    buckets: dict[tuple[int, int], list[int]] = {}
    for j, (u, v) in enumerate(at):
        buckets.setdefault((int(u // reach), int(v // reach)), []).append(j)

    def near(i: int) -> list[int]:
        bx, by = int(at[i][0] // reach), int(at[i][1] // reach)
        return sorted(j for dx in (-1, 0, 1) for dy in (-1, 0, 1) for j in buckets.get((bx + dx, by + dy), ()))

    return near


def _cell(i: int, at: list[Point], candidates: list[int], radius: float, width: int,
          height: int) -> list[tuple[Point, Point, int]]:
    """Territory i's cell as edges (p, q, beyond), counter-clockwise as drawn; `candidates`: the
    territories near enough to cut it, in order."""
    x, y = at[i]
    disk = [(x + radius * math.cos(2 * math.pi * k / _DISK), y + radius * math.sin(2 * math.pi * k / _DISK))
            for k in range(_DISK)]
    poly: list[tuple[Point, int]] = [(p, SEA) for p in disk]  # each vertex with the edge that leaves it
    for j in candidates:
        u, v = at[j]
        if j == i or abs(u - x) >= 2 * radius or abs(v - y) >= 2 * radius:
            continue
        dx, dy = u - x, v - y
        if dx == 0 and dy == 0:
            continue  # two territories at one point: both keep the whole disk
        mx, my = (x + u) / 2, (y + v) / 2
        poly = _clip(poly, lambda p: (p[0] - mx) * dx + (p[1] - my) * dy, j)
        if not poly:
            break
    for side, limit, axis, sign in ((0, 0.0, 0, -1), (1, float(width), 0, 1), (2, 0.0, 1, -1),
                                    (3, float(height), 1, 1)):
        poly = _clip(poly, lambda p, limit=limit, axis=axis, sign=sign: (p[axis] - limit) * sign, SEA)
    return [(p, poly[(k + 1) % len(poly)][0], beyond) for k, (p, beyond) in enumerate(poly)]


def _clip(poly: list[tuple[Point, int]], side, beyond: int) -> list[tuple[Point, int]]:
    """Sutherland–Hodgman: keep where side(p) <= 0; the new edge along the cut is `beyond`'s."""
    out: list[tuple[Point, int]] = []
    n = len(poly)
    for k in range(n):
        p, tag = poly[k]
        q = poly[(k + 1) % n][0]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append((p, tag))
            if sq > 0:
                out.append((_cross(p, q, sp, sq), beyond))
        elif sq <= 0:
            out.append((_cross(p, q, sp, sq), tag))
    return out


def _cross(p: Point, q: Point, sp: float, sq: float) -> Point:
    t = sp / (sp - sq)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def _path(edges: list[tuple[Point, Point, int]]) -> str:
    if not edges:
        return ""
    return "M" + "L".join(f"{p[0]:.1f},{p[1]:.1f}" for p, _, _ in edges) + "Z"


# ---- A layout computed from the borders ---------------------------------------------------------

def computed_layout(board: Board) -> tuple[int, int, list[Point]]:
    """Positions for a board that gives none: continents kept together, borders short. The
    drawing is 1280 × 720 up to about a hundred territories, and grows with the board beyond,
    so that a territory keeps room for its name."""
    grow = max(1.0, math.sqrt(board.size / 100))
    width, height = round(1280 * grow), round(720 * grow)
    k = len(board.continents)
    both = neighbours(board)
    local = [_spring(list(board.members[c]), both) for c in range(k)]
    sizes = [max((math.hypot(*p) for p in points), default=0.0) + 0.6 for points in local]
    links = [[0] * k for _ in range(k)]
    for i, near in enumerate(both):
        for j in near:
            a, b = board.continent_of[i], board.continent_of[j]
            if a != b:
                links[a][b] += 1
    centres = _place_continents(sizes, links)
    at: list[Point] = [(0.0, 0.0)] * board.size
    for c in range(k):
        _turn(at, c, board.members[c], local[c], centres[c], 0.0)
    for _ in range(3):  # each continent turned to bring its borders nearest where the others now lie
        for c in range(k):
            _turn(at, c, board.members[c], local[c], centres[c],
                  _facing(c, board.members[c], local[c], centres[c], at, board, both))
    return width, height, _fit(at, width, height)


def _spring(members: list[int], both: list[set[int]]) -> list[Point]:
    """A force-directed layout (Fruchterman & Reingold, 1991) of a continent's own borders,
    started from a sunflower spiral so that it is the same every time; unit spacing, centred.
    Every round weighs every pair: a continent of more than about a hundred territories gets
    fewer rounds (at least 10), so that none costs more than about 1.2 million pairs."""
    n = len(members)
    rounds = max(10, min(120, 1_200_000 // (n * n)))
    if n == 1:
        return [(0.0, 0.0)]
    where = {t: k for k, t in enumerate(members)}
    golden = math.pi * (3 - math.sqrt(5))
    pos = [[math.sqrt(k + 0.5) * math.cos(k * golden), math.sqrt(k + 0.5) * math.sin(k * golden)] for k in range(n)]
    edges = [(where[i], where[j]) for i in members for j in both[i] if j in where and i < j]
    step = math.sqrt(n) / 2
    for _ in range(rounds):
        force = [[0.0, 0.0] for _ in range(n)]
        for a in range(n):
            ax, ay = pos[a]
            fa = force[a]
            for b in range(a + 1, n):
                dx, dy = ax - pos[b][0], ay - pos[b][1]
                d2 = dx * dx + dy * dy or 1e-9
                f = 1.0 / d2  # repulsion 1/d, along the unit vector: 1/d²
                fa[0] += dx * f
                fa[1] += dy * f
                force[b][0] -= dx * f
                force[b][1] -= dy * f
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = math.hypot(dx, dy) or 1e-9
            f = d  # attraction d², along the unit vector: d
            force[a][0] -= dx * f
            force[a][1] -= dy * f
            force[b][0] += dx * f
            force[b][1] += dy * f
        _move(pos, force, step)
        step = max(step * 0.95, 0.01)
    cx = sum(p[0] for p in pos) / n
    cy = sum(p[1] for p in pos) / n
    spacing = sorted(math.dist(pos[a], pos[b]) for a, b in edges)
    unit = spacing[len(spacing) // 2] if spacing else 1.0
    return [((p[0] - cx) / unit, (p[1] - cy) / unit) for p in pos]


def _place_continents(sizes: list[float], links: list[list[int]], rounds: int = 300) -> list[Point]:
    """Continents as disks of their sizes: linked ones pulled together, none overlapping."""
    k = len(sizes)
    if k == 1:
        return [(0.0, 0.0)]
    spread = sum(sizes)
    if k <= 8:  # a few: round a circle
        pos = [[spread / 2 * math.cos(2 * math.pi * c / k), spread / 2 * math.sin(2 * math.pi * c / k)]
               for c in range(k)]
    else:  # many: a grid, wider than high, as the drawing is
        columns = math.ceil(math.sqrt(k * 16 / 9))
        cell = 2 * max(sizes)
        pos = [[(c % columns) * cell, (c // columns) * cell] for c in range(k)]
    for r in range(rounds):
        step = spread * 0.05 * (1 - r / rounds) + 0.01
        force = [[0.0, 0.0] for _ in range(k)]
        for a in range(k):
            for b in range(a + 1, k):
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                d = math.hypot(dx, dy) or 1e-9
                gap = d - (sizes[a] + sizes[b])
                linked = min(links[a][b] + links[b][a], 3)
                pull = (linked * 0.2 if linked else 0.02 if k <= 8 else 0.0) / max(1.0, k / 8)  # many: each less
                f = -pull * gap if gap > 0 else -gap * 10.0  # linked: close the gap; overlapping: push apart hard
                force[a][0] += dx / d * f
                force[a][1] += dy / d * f
                force[b][0] -= dx / d * f
                force[b][1] -= dy / d * f
        _move(pos, force, step)
    return [(p[0], p[1]) for p in pos]


def _move(pos: list[list[float]], force: list[list[float]], step: float) -> None:
    """Each point along its force, at most `step` far (the cooling of a force-directed layout)."""
    for p, (fx, fy) in zip(pos, force):
        size = math.hypot(fx, fy)
        if size > 0:
            move = min(size, step)
            p[0] += fx / size * move
            p[1] += fy / size * move


def _turn(at: list[Point], c: int, members, local: list[Point], centre: Point, turn: float) -> None:
    cos, sin = math.cos(turn), math.sin(turn)
    for i, (x, y) in zip(members, local):
        at[i] = (centre[0] + x * cos - y * sin, centre[1] + x * sin + y * cos)


def _facing(c: int, members, local: list[Point], centre: Point, at: list[Point], board: Board,
            both: list[set[int]]) -> float:
    """The turn of continent c's layout that brings its borders with other continents shortest."""
    pulls = [(local[k], at[j]) for k, i in enumerate(members) for j in both[i] if board.continent_of[j] != c]
    if not pulls:
        return 0.0
    best, best_cost = 0.0, math.inf
    cx, cy = centre
    for step in range(36):
        turn = 2 * math.pi * step / 36
        cos, sin = math.cos(turn), math.sin(turn)
        cost = sum(math.dist((cx + x * cos - y * sin, cy + x * sin + y * cos), target) for (x, y), target in pulls)
        if cost < best_cost - 1e-9:
            best, best_cost = turn, cost
    return best


def _fit(at: list[Point], width: int, height: int, margin: float = 0.12) -> list[Point]:
    """Scale and centre the points into the drawing, keeping their proportions."""
    xs, ys = [p[0] for p in at], [p[1] for p in at]
    span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    scale = min(width * (1 - 2 * margin) / span_x, height * (1 - 2 * margin) / span_y)
    ox = (width - span_x * scale) / 2 - min(xs) * scale
    oy = (height - span_y * scale) / 2 - min(ys) * scale
    return [(round(x * scale + ox, 1), round(y * scale + oy, 1)) for x, y in at]
