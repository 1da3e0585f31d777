"""Pictures of simulations and odds (matplotlib, an optional extra: pip install 'riskrules[plot]')."""

from __future__ import annotations

import math
from pathlib import Path
from collections.abc import Sequence

from .i18n import Text

FORMATS = (".png", ".svg")


class PlotError(Exception):
    """A plot that cannot be made: a missing extra or an unknown file type."""


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise PlotError("plots need matplotlib: pip install 'riskrules[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig, path: Path) -> None:
    """Write the figure whole or not at all; PlotError naming `path` if it cannot be written."""
    from ..outputs import OutputError, atomic

    try:
        with atomic(path, binary=True) as out:
            fig.savefig(out, dpi=120, format=path.suffix.lower().lstrip("."))
    except OutputError as err:
        raise PlotError(str(err)) from None


def check_target(path: Path) -> None:
    if path.suffix.lower() not in FORMATS:
        raise PlotError(f"{path}: a plot is written as .png or .svg")


def check_backend() -> None:
    """PlotError at once if matplotlib cannot draw here (it is imported now, only when a plot is asked for)."""
    _pyplot()


# Okabe & Ito's palette: told apart with every common kind of colour blindness.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
MARKERS = ("o", "s", "D", "^", "v", "P", "X", "*")


def comparison(path: Path, labels: Sequence[str], bots: Sequence[str], diffs: Sequence[Sequence[dict]],
               correction: dict, players: int, stopping: dict, t: Text) -> None:
    """What compare's table says, drawn: each paired difference from the first run with its
    simultaneous (corrected) interval; filled marks are the significant ones, as * in the table.
    One colour per bot population; rates in percentage points on the left, mean turns on the right."""
    check_target(path)
    plt = _pyplot()
    names = [_seat_name(t, seat) for seat in range(players)] + [t._("Unfinished (turn limit)")]
    others = labels[1:]
    rows = [(k, i) for k in range(len(others)) for i in range(len(names))]
    height = max(3.5, 0.45 * len(rows) * max(1, len(bots)) ** 0.5 + 2)
    fig, (rates, turns) = plt.subplots(1, 2, figsize=(12, height), gridspec_kw={"width_ratios": [2.2, 1]})
    step = 0.7 / max(1, len(bots))
    for b, bot in enumerate(bots):
        colour, marker = PALETTE[b % len(PALETTE)], MARKERS[b % len(MARKERS)]
        offset = (b - (len(bots) - 1) / 2) * step
        for y, (k, i) in enumerate(rows):
            d = diffs[b][k]
            r = d["wins_by_seat"][i] if i < players else d["unfinished"]
            _interval(rates, -y + offset, r, 100, colour, marker, label=bot if y == 0 else None)
        for k in range(len(others)):
            _interval(turns, -k + offset, diffs[b][k]["turns"], 1, colour, marker)
    rates.set_yticks([-y for y in range(len(rows))])
    rates.set_yticklabels([f"{others[k]}: {names[i]}" if len(others) > 1 else names[i] for k, i in rows], fontsize=8)
    rates.axvline(0, color="grey", linewidth=1)
    rates.set_xlabel(t._("difference from {label}, percentage points").format(label=labels[0]))
    rates.set_title(t._("Win rates: {label} minus the first").format(label=", ".join(others)))
    turns.set_yticks([-k for k in range(len(others))])
    turns.set_yticklabels(others, fontsize=8)
    turns.axvline(0, color="grey", linewidth=1)
    turns.set_xlabel(t._("difference in mean turns"))
    turns.set_title(t._("Game length"))
    handles, names_ = rates.get_legend_handles_labels()
    from matplotlib.lines import Line2D

    handles += [Line2D([], [], marker="o", color="grey", linestyle="", markerfacecolor="grey"),
                Line2D([], [], marker="o", color="grey", linestyle="", markerfacecolor="white")]
    names_ += [t._("significant after Holm's correction"), t._("not significant")]
    rates.set_ylim(-len(rows) + 0.5, 0.5)
    turns.set_ylim(-len(others) + 0.5, 0.5)
    fig.legend(handles, names_, fontsize=8, loc="lower center", ncol=len(handles))
    m = correction["comparisons"]
    fig.suptitle(t.n_("Paired differences, {n} game per run; intervals hold together at 95% over {m} comparisons",
                      "Paired differences, {n} games per run; intervals hold together at 95% over {m} comparisons",
                      stopping["games"]).format(n=t.num(stopping["games"]), m=t.num(m)), fontsize=10)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    _save(fig, path)
    plt.close(fig)


def _seat_name(t: Text, seat: int) -> str:
    return t._("Seat {n} wins").format(n=seat + 1)


def _interval(ax, y: float, r: dict, scale: float, colour: str, marker: str, label: str | None = None) -> None:
    x, low, high = r["difference"] * scale, r["adjusted_low"] * scale, r["adjusted_high"] * scale
    ax.plot([low, high], [y, y], color=colour, linewidth=2, solid_capstyle="butt")
    ax.plot([x], [y], marker=marker, color=colour, markersize=7, linestyle="",
            markerfacecolor=colour if r["significant"] else "white", label=label)


def numeric(values: Sequence[str]) -> list[float] | None:
    """The values as numbers when all are numbers (for a line plot), else None (categories)."""
    try:
        found = [float(v) for v in values]
    except ValueError:
        return None
    return found if all(math.isfinite(x) for x in found) and len(set(found)) == len(found) else None


MANY_TICKS = 20  # up to this many values, each has its tick, labelled as given


def _value_axis(ax, values: Sequence[str], xs: list[float] | None, positions: list[float]) -> None:
    """Ticks at the values themselves (whole numbers stay whole: no tick at 3.5 between 3 and 4)."""
    from matplotlib.ticker import MaxNLocator

    if xs is None or len(values) <= MANY_TICKS:
        ax.set_xticks(positions)
        ax.set_xticklabels(values)
    elif all(x == int(x) for x in xs):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def sweep(path: Path, templates: Sequence[str], values: Sequence[str], bots: Sequence[str],
          summaries: Sequence[Sequence[dict]], players: int, stopping: dict, t: Text) -> None:
    """What moves with the value, with 95% intervals, one column of panels per bot population: game
    length (mean turns), the sets traded a game, and the win rate of every seat (Wilson; the seats
    set a little apart so that their intervals do not hide each other; the axis from 0). The
    legend stands beside the panels, off the data."""
    check_target(path)
    plt = _pyplot()
    xs = numeric(values)
    positions = xs if xs is not None else list(range(len(values)))
    gap = min((b - a for a, b in zip(sorted(positions), sorted(positions)[1:])), default=1.0)
    fig, axes = plt.subplots(3, len(bots), figsize=(6 * len(bots) + 2, 10), squeeze=False, sharex=True,
                             layout="constrained", gridspec_kw={"height_ratios": [1, 1, 1.4]})
    for b, (bot, per_value) in enumerate(zip(bots, summaries)):
        length, traded, rates = axes[0][b], axes[1][b], axes[2][b]
        for ax, key, low, high in ((length, "turns", "mean_low", "mean_high"),
                                   (traded, "cards", "traded_low", "traded_high")):
            means = [s[key]["mean" if key == "turns" else "traded_mean"] for s in per_value]
            lows = [s[key][low] if s[key][low] is not None else m for s, m in zip(per_value, means)]
            highs = [s[key][high] if s[key][high] is not None else m for s, m in zip(per_value, means)]
            ax.errorbar(positions, means, yerr=[[m - lo for m, lo in zip(means, lows)],
                                                [hi - m for m, hi in zip(means, highs)]],
                        color=PALETTE[7], marker="o", capsize=3, linewidth=1.5)
            ax.grid(axis="y", color="#dddddd", linewidth=0.6)
        length.set_title(t._("{bot} bots").format(bot=bot))
        for seat in range(players):
            colour, marker = PALETTE[seat % len(PALETTE)], MARKERS[seat % len(MARKERS)]
            shift = (seat - (players - 1) / 2) * 0.06 * gap
            found = [s["wins_by_seat"][seat] for s in per_value]
            ys = [r["rate"] * 100 for r in found]
            errors = [[(r["rate"] - r["low"]) * 100 for r in found], [(r["high"] - r["rate"]) * 100 for r in found]]
            rates.errorbar([x + shift for x in positions], ys, yerr=errors, color=colour, marker=marker, capsize=3,
                           linewidth=1.5, label=_seat_name(t, seat))
        rates.axhline(100 / players, color="grey", linestyle=":", linewidth=1, label=t._("an even share"))
        top = max(100 / players, *(r["high"] * 100 for s in per_value for r in s["wins_by_seat"]))
        rates.set_ylim(0, min(100, top * 1.1 + 2))
        rates.grid(axis="y", color="#dddddd", linewidth=0.6)
        _value_axis(rates, values, xs, positions)
        rates.set_xlabel(t._("{value} in: {rules}").format(value="{value}", rules=" + ".join(templates)), fontsize=8)
    axes[0][0].set_ylabel(t._("game length: mean turns (95% interval)"))
    axes[1][0].set_ylabel(t._("sets traded a game (95% interval)"))
    axes[2][0].set_ylabel(t._("share of games won, % (95% interval)"))
    handles, names = axes[2][-1].get_legend_handles_labels()
    order = sorted(range(len(names)), key=lambda k: names[k] == t._("an even share"))  # the seats first
    fig.legend([handles[k] for k in order], [names[k] for k in order], loc="outside right upper", fontsize=8)
    fig.suptitle(t.n_("{n} game per value, on the same seeds", "{n} games per value, on the same seeds",
                      stopping["games"]).format(n=t.num(stopping["games"])), fontsize=10)
    _save(fig, path)
    plt.close(fig)


CELL_NUMBERS = 12  # tables up to this size show their percentages in the cells


def odds_heatmap(path: Path, table: list[list[float]], edition: str, t: Text) -> None:
    """P(the attack takes the territory) by attackers (rows) and defenders (columns), in a
    colour-blind-safe scale (cividis), with the percentages written in the cells of small tables
    and the even-odds line named in the legend."""
    check_target(path)
    plt = _pyplot()
    from matplotlib.lines import Line2D

    size = len(table)
    fig, ax = plt.subplots(figsize=(8, 7))
    image = ax.imshow(table, origin="lower", cmap="cividis", vmin=0, vmax=1,
                      extent=(0.5, size + 0.5, 0.5, size + 0.5), aspect="auto")
    if size <= CELL_NUMBERS:
        for a in range(size):
            for d in range(size):
                p = table[a][d]
                ax.text(d + 1, a + 1, f"{round(p * 100)}", ha="center", va="center", fontsize=8,
                        color="black" if p > 0.55 else "white")
    if 2 <= size <= 400:
        ax.contour(range(1, size + 1), range(1, size + 1), table, levels=[0.5], colors="#D55E00", linewidths=2)
        ax.legend([Line2D([], [], color="#D55E00", linewidth=2)],
                  [t._("even odds: above this line the attack is more likely to win than not")],
                  loc="upper left", fontsize=8)
    ax.set_xticks(range(1, size + 1) if size <= 20 else ax.get_xticks()[1:-1])
    fig.colorbar(image, ax=ax, label=t._("probability that the attack takes the territory"))
    ax.set_xlabel(t._("defending armies"))
    ax.set_ylabel(t._("attacking armies (not counting the one that stays behind)"))
    ax.set_title(t._("Battle odds — {edition}").format(edition=edition))
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)


def chain_plot(path: Path, outcome, edition: str, t: Text) -> None:
    """How an attack through a chain ends: for each count of territories taken, the chance of
    each number of attacking armies left — one line per count, in Okabe & Ito's colours with a
    marker and a dash of its own, so that it reads without colour too."""
    check_target(path)
    plt = _pyplot()
    by_taken: dict[int, dict[int, float]] = {}
    for taken, left, _, p in outcome.dist:
        by_taken.setdefault(taken, {}).setdefault(left, 0.0)
        by_taken[taken][left] += p
    fig, ax = plt.subplots(figsize=(8, 5))
    dashes = ("-", "--", "-.", ":")
    for k, taken in enumerate(sorted(by_taken)):
        points = sorted(by_taken[taken].items())
        share = outcome.p_at_least[taken] - (outcome.p_at_least[taken + 1] if taken + 1 < len(outcome.p_at_least)
                                             else 0.0)
        ax.plot([a for a, _ in points], [p * 100 for _, p in points], marker=MARKERS[k % len(MARKERS)],
                linestyle=dashes[k % len(dashes)], color=PALETTE[k % len(PALETTE)], markersize=5,
                label=t.n_("{n} territory taken ({p} in all)", "{n} territories taken ({p} in all)", taken).format(
                    n=taken, p=t.pct(share)))
    ax.set_xlabel(t._("attacking armies left"))
    ax.set_ylabel(t._("chance, %"))
    ax.set_title(t._("How the attack ends — {edition}").format(edition=edition))
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)
