"""Pictures of simulations and odds (matplotlib, an optional extra: pip install 'riskrules[plot]')."""

from __future__ import annotations

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
    fig.savefig(path, dpi=120)
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
        return [float(v) for v in values]
    except ValueError:
        return None


def sweep(path: Path, templates: Sequence[str], values: Sequence[str], bots: Sequence[str],
          summaries: Sequence[Sequence[dict]], players: int, stopping: dict, t: Text) -> None:
    """Win rate by seat against the swept value, with 95% Wilson intervals; one panel per bot population."""
    check_target(path)
    plt = _pyplot()
    xs = numeric(values)
    positions = xs if xs is not None else list(range(len(values)))
    fig, axes = plt.subplots(1, len(bots), figsize=(6.5 * len(bots), 4.8), squeeze=False, sharey=True)
    for ax, bot, per_value in zip(axes[0], bots, summaries):
        for seat in range(players):
            colour, marker = PALETTE[seat % len(PALETTE)], MARKERS[seat % len(MARKERS)]
            rates = [s["wins_by_seat"][seat] for s in per_value]
            ys = [r["rate"] * 100 for r in rates]
            errors = [[(r["rate"] - r["low"]) * 100 for r in rates], [(r["high"] - r["rate"]) * 100 for r in rates]]
            ax.errorbar(positions, ys, yerr=errors, color=colour, marker=marker, capsize=3, linewidth=1.5,
                        label=_seat_name(t, seat))
        ax.axhline(100 / players, color="grey", linestyle=":", linewidth=1, label=t._("an even share"))
        if xs is None:
            ax.set_xticks(positions)
            ax.set_xticklabels(values)
        ax.set_xlabel(t._("{value} in: {rules}").format(value="{value}", rules=" + ".join(templates)), fontsize=8)
        ax.set_title(t._("{bot} bots").format(bot=bot))
        ax.legend(fontsize=8)
    axes[0][0].set_ylabel(t._("share of games won, % (95% interval)"))
    fig.suptitle(t.n_("{n} game per value, on the same seeds", "{n} games per value, on the same seeds",
                      stopping["games"]).format(n=t.num(stopping["games"])), fontsize=10)
    fig.tight_layout()
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
