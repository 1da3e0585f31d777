"""A board drawn as SVG: its territories, names, continents and sea lanes, and, for a game,
each territory's owner and armies.

The drawing is text/geometry.py's; names come from the catalogs in the language asked for.
Continents are told apart without colour: each has a hatching of its own, a thick coast
around it, and the legend shows both. In a game, owners are told by colour, and each
territory's tooltip names it and its continent. In a game's drawing every territory's shape is `<path id="c{i}">` and its army
count `<text id="a{i}">`, so that a page's script can change them as the game goes on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..language.board import Board
from .geometry import SEA, Drawing, drawing, neighbours
from .i18n import Text
from .labels import place, wrapped
from .page import esc
from .plot import PALETTE

# Okabe & Ito's colours, lightened: continents on a board without players.
CONTINENT_TINTS = ("#cfe4f5", "#f7e0b0", "#bfe6d6", "#f0d3e4", "#d6ecf8", "#f3ccb2", "#f9f3c0", "#dddddd")
# Hatchings, one per continent: (angle, gap, mark)
HATCHES = ((45, 7, "line"), (-45, 7, "line"), (0, 6, "line"), (90, 6, "line"), (0, 7, "dot"), (45, 9, "cross"),
           (-45, 12, "line"), (90, 11, "line"), (45, 11, "dot"), (0, 11, "cross"))
SEA_COLOUR = "#dbe9f2"
# Player colours of the rule files, as drawn (others by PALETTE, in seat order).
COLOURS = {"red": "#d7301f", "blue": "#2b6cb0", "yellow": "#e8c20c", "green": "#2e9e44", "black": "#3a3a3a",
           "pink": "#e377c2", "purple": "#7b4fa0", "orange": "#f08c00", "white": "#f4f4f4", "grey": "#9a9a9a",
           "brown": "#8c564b", "neutral": "#a8a8a8"}


def colour_of(name: str, seat: int) -> str:
    return COLOURS.get(name, PALETTE[seat % len(PALETTE)])


def tint(board: Board, c: int) -> str:
    """Continent c's fill on a board without players: the map's own colour lightened (its names stay
    readable on it), else the palette's tint."""
    own = board.about.colours.get(board.continents[c]) if board.about is not None else None
    if own is None:
        return CONTINENT_TINTS[c % len(CONTINENT_TINTS)]
    r, g, b = (int(own[k:k + 2], 16) for k in (1, 3, 5))
    return "#" + "".join(f"{round(v + (255 - v) * 0.55):02x}" for v in (r, g, b))


def continent_bonuses(rules) -> list[int | None]:
    """Each continent's bonus under `rules` where it is a number (an expression's depends on the game)."""
    return [b if isinstance(b, int) else None for b in rules.continent_bonus]


def board_svg(board: Board, t: Text, *, title: str, bonuses: Sequence[int | None] | None = None,
              game: bool = False, players: Sequence[str] = (), owners: Sequence[int | None] | None = None,
              armies: Sequence[int] | None = None, width: int | None = None) -> str:
    """The board as an <svg> element. `bonuses`: each continent's, for the legend. `game`:
    drawn for a game — cells filled by `owners` (seat indices into `players`, None for no one)
    with army counts, and ids for a script; otherwise filled by continent."""
    t = t.on(board)  # (an imported map's names, as its author wrote them)
    d = drawing(board)
    font = max(7.0, min(11.0, d.radius * 0.15))
    # drawn at the layout's size (the legend below it scaled in too), or `width` wide
    size = f' width="{width or d.width}" height="{round((width or d.width) * d.height / d.width)}"'
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {d.width} {d.height + _legend_height(board, d)}"'
           f'{size} role="img" font-family="system-ui,Segoe UI,Roboto,Noto Sans,DejaVu Sans,sans-serif" '
           f'class="board">', f"<title>{esc(title)}</title>", _defs(board)]
    out.append(f'<rect width="{d.width}" height="{d.height}" fill="{SEA_COLOUR}"/>')
    out.append('<g class="cells" stroke="#666" stroke-width="0.8" stroke-linejoin="round">')
    for i in _in_drawing_order(board, d):
        if isinstance(i, str):  # a continent's coast, under its territories' shapes
            out.append(i)
            continue
        territory, c = board.territories[i], board.continent_of[i]
        if game:
            seat = owners[i] if owners is not None else None
            fill = colour_of(players[seat], seat) if seat is not None else "#fff"
        else:
            fill = tint(board, c)
        name = t.territory(territory)
        out.append(f'<path id="c{i}" d="{d.paths[i]}" fill="{fill}"><title>{esc(name)} — '
                   f'{esc(t.continent(board.continents[c]))}</title></path>')
    out.append("</g>")
    out.append(f'<g class="hatching" pointer-events="none" fill-opacity="{0.3 if game else 0.55}">')
    for i in range(board.size):
        out.append(f'<path d="{d.paths[i]}" fill="url(#h{board.continent_of[i]})"/>')
    out.append("</g>")
    out.append(_edges(board, d))
    links = board.layout is not None and not board.layout.lanes  # (a map's positions, no crossings named)
    out.append(_lanes(d, {(board.index[a], board.index[b]) for a, b in board.one_way}, links))
    out.append(_labels(board, d, t, font, game, players, owners, armies))
    out.append(_legend(board, d, t, font, bonuses))
    out.append("</svg>")
    return "\n".join(out)


def _in_drawing_order(board: Board, d: Drawing) -> list[int | str]:
    """The territories' cells in order; on a board where territories have shapes of their own (an
    imported map's outlines) continent by continent, each after a thick outline of its shaped
    territories: a continent drawn later covers the inner half of its neighbours' outlines, so a
    coast and an edge between continents stay thick, an edge within one is covered (as the cells'
    coasts of `_edges` are drawn)."""
    shaped = [not d.edges[i] for i in range(board.size)]
    if not any(shaped):
        return list(range(board.size))
    out: list[int | str] = []
    for k, members in enumerate(board.members):
        coast = "".join(d.paths[i] for i in members if shaped[i])
        if coast:
            out.append(f'<path class="coast" d="{coast}" fill="none" stroke="#222" stroke-width="4.8" '
                       f'pointer-events="none"/>')
        out += list(members)
    return out


def _defs(board: Board) -> str:
    parts = ["<defs>"]
    for c in range(len(board.continents)):
        angle, gap, kind = HATCHES[c % len(HATCHES)]
        line = f'<line x1="0" y1="0" x2="0" y2="{gap}" stroke="#333" stroke-width="0.9"/>'
        mark = {"dot": f'<circle cx="{gap / 2}" cy="{gap / 2}" r="1.1" fill="#333"/>', "line": line,
                "cross": line + f'<line x1="0" y1="0" x2="{gap}" y2="0" stroke="#333" stroke-width="0.9"/>'}[kind]
        parts.append(f'<pattern id="h{c}" width="{gap}" height="{gap}" patternUnits="userSpaceOnUse" '
                     f'patternTransform="rotate({angle})">{mark}</pattern>')
    parts.append('<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
                 'orient="auto-start-reverse"><path d="M0,0L10,5L0,10Z" fill="#444"/></marker>')
    parts.append("</defs>")
    return "".join(parts)


def _lanes(d: Drawing, one_way: set[tuple[int, int]], links: bool = False) -> str:
    """Borders drawn across the sea, dotted, from coast to coast, with an arrow where a border goes
    one way; one that is shorter round the back of the map (Alaska–Kamchatka) leaves it at both edges.
    `links`: a board whose layout names no lanes (an imported map's positions) draws a border whose
    cells do not meet as a thin solid line, not as a crossing of the sea it may not be."""
    out = ['<g class="lanes" stroke="#444" stroke-width="1.8" stroke-dasharray="5 4" fill="none">']
    for i, j in d.lanes:
        if (j, i) in one_way:
            i, j = j, i  # drawn from where it may be crossed
        arrow = ' marker-end="url(#arrow)" stroke-dasharray="none"' if (i, j) in one_way else ""
        link = ' class="link" stroke="#888" stroke-width="1.1" stroke-dasharray="none"' \
            if links and not arrow and (min(i, j), max(i, j)) not in d.declared else ""
        (x1, y1), (x2, y2) = d.at[i], d.at[j]
        if abs(x1 - x2) > d.width / 2:
            if x1 > x2:
                (x1, y1), (x2, y2) = (x2, y2), (x1, y1)
            reach = x1 + d.width - x2
            y_edge = y1 + (y2 - y1) * x1 / reach if reach else y1
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="0" y2="{y_edge:.1f}"/>')
            out.append(f'<line x1="{x2:.1f}" y1="{y2:.1f}" x2="{d.width}" y2="{y_edge:.1f}"/>')
            continue
        start, end = _outside(d.edges[i], (x1, y1), (x2, y2), 0.0), _outside(d.edges[j], (x2, y2), (x1, y1), 0.0)
        if arrow and start + end >= 1:  # cells that touch: the arrow across their common edge
            start, end = 0.35, 0.35
        if start + end < 1:
            a = (x1 + (x2 - x1) * start, y1 + (y2 - y1) * start)
            b = (x2 + (x1 - x2) * end, y2 + (y1 - y2) * end)
            out.append(f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}"{arrow or link}/>')
    out.append("</g>")
    return "".join(out)


def _outside(edges, p, q, none: float) -> float:
    """How far along p→q (0 to 1) the segment leaves the convex cell around p (`none` for a shape of its own)."""
    if not edges:
        return none
    best = 0.0
    for a, b, _ in edges:
        # where p + t (q - p) crosses the line a→b, if it does within the edge
        ex, ey = b[0] - a[0], b[1] - a[1]
        dx, dy = q[0] - p[0], q[1] - p[1]
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / den
        u = ((a[0] - p[0]) * dy - (a[1] - p[1]) * dx) / den
        if 0 <= u <= 1 and t > best:
            best = t
    return min(best, 1.0)


def _edges(board: Board, d: Drawing) -> str:
    """Straits (cells that touch but do not border) as sea; coasts and continents' edges thick."""
    adjacent = neighbours(board)
    straits, coasts = [], []
    for i, edges in enumerate(d.edges):
        for p, q, j in edges:
            if j != SEA and j not in adjacent[i]:
                if i < j:
                    straits.append(_segment(p, q))
            elif j == SEA or board.continent_of[j] != board.continent_of[i]:
                if j == SEA or i < j:
                    coasts.append(_segment(p, q))
    return (f'<path class="straits" d="{"".join(straits)}" stroke="{SEA_COLOUR}" stroke-width="5" fill="none"/>'
            f'<path class="coasts" d="{"".join(coasts)}" stroke="#222" stroke-width="2.4" fill="none" '
            f'stroke-linecap="round"/>')


def _segment(p, q) -> str:
    return f"M{p[0]:.1f},{p[1]:.1f}L{q[0]:.1f},{q[1]:.1f}"


def _labels(board: Board, d: Drawing, t: Text, font: float, game: bool, players: Sequence[str],
            owners: Sequence[int | None] | None, armies: Sequence[int] | None) -> str:
    """Each territory's name (text/labels.py: none over another, none past the edge) and, in a game,
    its army count in a ring at its point."""
    out = [f'<g class="labels" font-size="{font:.1f}" text-anchor="middle" pointer-events="none" '
           f'paint-order="stroke" stroke="#fff" stroke-width="2.6" stroke-linejoin="round" fill="#111">']
    names = [wrapped(t.territory(territory), 14) for territory in board.territories]
    rings = [(x - font * 1.25, y - font * 0.5, x + font * 1.25, y + font * 2.0) for x, y in d.at] if game else []
    spots = place(names, d.at, font, d.width, d.height, d.radius, 0.9 if game else 0.0, rings)
    for i, (lines, (x, top, size)) in enumerate(zip(names, spots)):
        sized = f' font-size="{size:.1f}"' if f"{size:.1f}" != f"{font:.1f}" else ""
        for k, line in enumerate(lines):
            out.append(f'<text class="name" data-t="{i}" x="{x:.1f}" y="{top + k * size * 1.05:.1f}"{sized}>'
                       f'{esc(line)}</text>')
        if game:
            x, y = d.at[i]
            seat = owners[i] if owners is not None else None
            count = armies[i] if armies is not None else 0
            ring = colour_of(players[seat], seat) if seat is not None else "#fff"
            out.append(f'<circle id="r{i}" cx="{x:.1f}" cy="{y + font * 0.75:.1f}" r="{font * 1.25:.1f}" '
                       f'fill="#fff" stroke="{ring}" stroke-width="2.2"/>')
            out.append(f'<text id="a{i}" x="{x:.1f}" y="{y + font * 1.15:.1f}" font-weight="bold" stroke="none">'
                       f'{count}</text>')
    out.append("</g>")
    return "".join(out)


def _legend_height(board: Board, d: Drawing) -> int:
    return 34 * math.ceil(len(board.continents) / _per_row(board, d)) + 6


def _per_row(board: Board, d: Drawing) -> int:
    return max(1, min(len(board.continents), int(d.width // 210)))


def _legend(board: Board, d: Drawing, t: Text, font: float, bonuses: Sequence[int | None] | None) -> str:
    """Each continent's swatch — its tint and hatching, framed as its coast is — with its name and bonus."""
    per_row = _per_row(board, d)
    cell = d.width / per_row
    out = [f'<g class="legend" font-size="{max(font, 11):.1f}">']
    for c, continent in enumerate(board.continents):
        x = 10 + (c % per_row) * cell
        y = d.height + 8 + (c // per_row) * 34
        name = t.continent(continent)
        if bonuses is not None and bonuses[c] is not None:
            name += f" (+{bonuses[c]})"
        out.append(f'<rect x="{x:.1f}" y="{y}" width="34" height="22" fill="{tint(board, c)}"'
                   f' stroke="#222" stroke-width="2"/><rect x="{x:.1f}" y="{y}" width="34" height="22" '
                   f'fill="url(#h{c})" fill-opacity="0.55"/>'
                   f'<text x="{x + 42:.1f}" y="{y + 16}">{esc(name)}</text>')
    out.append("</g>")
    return "".join(out)
