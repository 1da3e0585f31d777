"""Charts as inline SVG, for standalone pages: plain string building, no matplotlib.

Every chart is one <svg> element (well-formed XML, the SVG namespace, a <title> for screen
readers, role="img") whose text is escaped with `page.esc`, so a label can hold anything.
Numbers on the axes are written by a `number` function the caller gives (a Text's num or
pct, so the chart speaks the page's language); the default writes them plainly.

    interval_chart(rows, title, x_label)         a point and its interval per row, a zero line
    bar_chart(bars, title, y_label, reference)   bars with interval whiskers, a reference line
    line_chart(series, width, height, title, x_label)   lines over x = 0..n-1, with a legend
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .page import esc
from .plot import PALETTE

# Okabe & Ito's palette (as text/plot.py): told apart with every common kind of colour blindness.
# dash patterns, so that lines are told apart without their colours too (solid first)
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 2 1 2 1 2", "12 4")
FONT = 'font-family="system-ui,sans-serif" font-size="12"'
AXIS = "#333"
GRID = "#e3e3e3"

Number = Callable[[float], str]


def plain(x: float) -> str:
    """A tick's number when the caller gives no `number`: 3, 0.25, -1.5e+06."""
    return f"{x:.6g}"


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round numbers (1, 2 or 5 times a power of ten apart) spanning low..high: at most about
    `most` of them, the first at or below `low`, the last at or above `high`."""
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = 0.0, 1.0
    if high < low:
        low, high = high, low
    if high == low:
        pad = abs(low) * 0.1 or 1.0
        low, high = low - pad, high + pad
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9) * step
    ticks = []
    k = 0
    while True:
        x = first + k * step
        ticks.append(0.0 if abs(x) < step * 1e-9 else round(x, 12))
        if x >= high - step * 1e-9:
            return ticks
        k += 1


def _open(width: int, height: int, title: str, extra: str = "") -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" {FONT}{extra}>', f"<title>{esc(title)}</title>",
            f'<text x="{width / 2:.1f}" y="16" text-anchor="middle" font-weight="bold">{esc(title)}</text>']


def _text(x: float, y: float, text: str, anchor: str = "middle", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{esc(text)}</text>'


def _line(x1: float, y1: float, x2: float, y2: float, colour: str = AXIS, extra: str = "") -> str:
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{esc(colour)}"'
            f'{extra}/>')


class _Scale:
    """A linear map from the ticks' span onto pixels low..high (high may be below low: y axes)."""

    def __init__(self, ticks: Sequence[float], low: float, high: float):
        self.a, self.b = ticks[0], ticks[-1]
        self.low, self.high = low, high

    def __call__(self, x: float) -> float:
        return self.low + (x - self.a) / (self.b - self.a) * (self.high - self.low)


def interval_chart(rows: Sequence[tuple[str, float, float, float, bool]], title: str, x_label: str,
                   width: int = 720, number: Number = plain, zero: float = 0.0) -> str:
    """One row per (label, value, low, high, filled): the value as a dot on a horizontal interval
    low..high, a line at `zero` (no difference); a filled dot marks a significant row, an open one
    the others. Rows keep their order, top to bottom."""
    label_w = min(300, max([60] + [7 * len(r[0]) + 12 for r in rows]))
    left, right, top, row_h = label_w, 24, 32, 22
    height = top + row_h * max(1, len(rows)) + 48
    finite = [v for r in rows for v in r[1:4] if math.isfinite(v)]
    ticks = nice_ticks(min(finite + [zero]), max(finite + [zero]))
    x = _Scale(ticks, left, width - right)
    bottom = top + row_h * max(1, len(rows))
    out = _open(width, height, title)
    for tick in ticks:
        out.append(_line(x(tick), top, x(tick), bottom, GRID))
        out.append(_text(x(tick), bottom + 16, number(tick)))
    out.append(_line(x(zero), top - 4, x(zero), bottom, AXIS, ' stroke-width="1.5"'))
    out.append(_line(left, bottom, width - right, bottom))
    for i, (label, value, low, high, filled) in enumerate(rows):
        y = top + row_h * (i + 0.5)
        colour = PALETTE[0]
        out.append(_text(left - 8, y + 4, label, "end"))
        if math.isfinite(low) and math.isfinite(high):
            out.append(_line(x(low), y, x(high), y, colour, ' stroke-width="2.5"'))
        if math.isfinite(value):
            fill = colour if filled else "#fff"
            out.append(f'<circle cx="{x(value):.1f}" cy="{y:.1f}" r="5" fill="{fill}" stroke="{colour}" '
                       'stroke-width="2"/>')
    out.append(_text((left + width - right) / 2, height - 10, x_label))
    out.append("</svg>")
    return "\n".join(out)


def bar_chart(bars: Sequence[tuple[str, float, float, float]], title: str, y_label: str,
              reference: float | None = None, reference_label: str = "", width: int = 560, height: int = 300,
              number: Number = plain) -> str:
    """One bar per (label, value, low, high), from 0, with its interval as a whisker; `reference`
    (an even share, say) as a dashed line across, named `reference_label` in the legend."""
    left, right, top, bottom = 64, 16, 32, 64 if reference is not None else 44
    values = [v for b in bars for v in b[1:4] if math.isfinite(v)] + [0.0]
    if reference is not None:
        values.append(reference)
    ticks = nice_ticks(min(values), max(values))
    y = _Scale(ticks, height - bottom, top)
    out = _open(width, height, title)
    for tick in ticks:
        out.append(_line(left, y(tick), width - right, y(tick), GRID))
        out.append(_text(left - 6, y(tick) + 4, number(tick), "end"))
    slot = (width - left - right) / max(1, len(bars))
    for i, (label, value, low, high) in enumerate(bars):
        centre = left + slot * (i + 0.5)
        colour = PALETTE[i % len(PALETTE)]
        if math.isfinite(value):
            top_y, base = sorted((y(value), y(0.0)))
            out.append(f'<rect x="{centre - slot * 0.3:.1f}" y="{top_y:.1f}" width="{slot * 0.6:.1f}" '
                       f'height="{base - top_y:.1f}" fill="{colour}" fill-opacity="0.75"/>')
        if math.isfinite(low) and math.isfinite(high):
            out.append(_line(centre, y(low), centre, y(high), AXIS, ' stroke-width="1.5"'))
            for end in (low, high):
                out.append(_line(centre - 6, y(end), centre + 6, y(end), AXIS, ' stroke-width="1.5"'))
        out.append(_text(centre, height - bottom + 16, label))
    out.append(_line(left, y(0.0), width - right, y(0.0)))
    out.append(_line(left, top, left, height - bottom))
    if reference is not None:
        out.append(_line(left, y(reference), width - right, y(reference), "#D55E00",
                         ' stroke-width="1.5" stroke-dasharray="6 4"'))
        legend_y = height - 12
        out.append(_line(left, legend_y - 4, left + 28, legend_y - 4, "#D55E00",
                         ' stroke-width="1.5" stroke-dasharray="6 4"'))
        out.append(_text(left + 34, legend_y, reference_label, "start"))
    out.append(_text(14, (top + height - bottom) / 2, y_label, "middle",
                     f' transform="rotate(-90 14 {(top + height - bottom) / 2:.1f})"'))
    out.append("</svg>")
    return "\n".join(out)


def line_chart(series: list[tuple[str, str, list[float]]], width: int, height: int, title: str,
               x_label: str) -> str:
    """Lines over x = 0..n-1: each series (label, CSS colour, y values) one <polyline> (and a
    dot where a series has a single point; a series without points draws no line), in its
    colour and a dash pattern of its own (DASHES, in turn); axes with round ticks, `x_label`
    under them, a legend of every series below. Values that are not finite are left out.
    Robust to one point or thousands, all-equal (all-zero) values and an empty list. The plot's
    corners and points are in `data-plot` ("left right top bottom n"), for a script to mark a point."""
    finite = [[(i, v) for i, v in enumerate(values) if math.isfinite(v)] for _, _, values in series]
    ys = [v for points in finite for _, v in points]
    n = max([len(values) for _, _, values in series] + [1])
    per_row = max(1, (width - 60) // 170)
    legend_rows = -(-len(series) // per_row)
    left, right, top = 60, 16, 30
    bottom = 50 + 18 * legend_rows
    plot_bottom = max(top + 20, height - bottom)
    y_ticks = nice_ticks(min(ys, default=0.0), max(ys, default=1.0))
    x_ticks = [x for x in nice_ticks(0, max(1, n - 1), 8) if x == int(x) and 0 <= x <= max(1, n - 1)]
    x = _Scale([0, max(1, n - 1)], left, width - right)
    y = _Scale(y_ticks, plot_bottom, top)
    out = _open(width, height, title, f' data-plot="{left} {width - right} {top} {plot_bottom} {n}"')
    for tick in y_ticks:
        out.append(_line(left, y(tick), width - right, y(tick), GRID))
        out.append(_text(left - 6, y(tick) + 4, plain(tick), "end"))
    for tick in x_ticks:
        out.append(_line(x(tick), plot_bottom, x(tick), plot_bottom + 4))
        out.append(_text(x(tick), plot_bottom + 16, plain(tick)))
    out.append(_line(left, plot_bottom, width - right, plot_bottom))
    out.append(_line(left, top, left, plot_bottom))
    for k, ((label, colour, _), points) in enumerate(zip(series, finite)):
        dash = DASHES[k % len(DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        if points:
            coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in points)
            out.append(f'<polyline points="{coords}" fill="none" stroke="{esc(colour)}" stroke-width="2"'
                       f' stroke-linejoin="round"{dashed}><title>{esc(label)}</title></polyline>')
            if len(points) == 1:
                i, v = points[0]
                out.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="{esc(colour)}"/>')
        row, col = divmod(k, per_row)
        lx, ly = left + col * 170, plot_bottom + 48 + row * 18
        out.append(_line(lx, ly - 4, lx + 30, ly - 4, colour, f' stroke-width="2"{dashed}'))
        out.append(_text(lx + 36, ly, label, "start"))
    out.append(_text((left + width - right) / 2, plot_bottom + 30, x_label))
    out.append("</svg>")
    return "\n".join(out)
