"""Pictures of simulations and odds (matplotlib, an optional extra: pip install 'riskrules[plot]')."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Sequence

from .i18n import Text
from ..instrument.simulate import Record

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


def comparison(path: Path, labels: Sequence[str], summaries: Sequence[dict], runs: Sequence[Sequence[Record]],
               players: int, t: Text) -> None:
    """Win rate by seat with 95% error bars, and game-length distributions, per variant."""
    check_target(path)
    plt = _pyplot()
    fig, (wins, lengths) = plt.subplots(1, 2, figsize=(12, 5), gridspec_kw={"width_ratios": [1.2, 1]})
    count = len(labels)
    width = 0.8 / count
    colours = plt.get_cmap("tab10").colors
    for i, (label, summary) in enumerate(zip(labels, summaries)):
        seats = summary["wins_by_seat"]
        xs = [seat + (i - (count - 1) / 2) * width for seat in range(players)]
        rates = [r["rate"] for r in seats]
        errors = [[r["rate"] - r["low"] for r in seats], [r["high"] - r["rate"] for r in seats]]
        wins.bar(xs, rates, width, yerr=errors, capsize=4, label=label, color=colours[i % 10], alpha=0.85)
    wins.axhline(1 / players, color="grey", linestyle=":", linewidth=1, label=t._("an even share"))
    wins.set_xticks(range(players))
    wins.set_xticklabels([t._("seat {n}").format(n=seat + 1) for seat in range(players)])
    wins.set_ylabel(t._("share of games won (95% interval)"))
    wins.set_title(t._("Wins by seat (seat 1 moves first)"))
    wins.legend(fontsize=8)
    wins.set_ylim(0, max(0.05, max(r["high"] for s in summaries for r in s["wins_by_seat"])) * 1.15)
    data = [[r.turns for r in run] for run in runs]
    parts = lengths.violinplot(data, showmedians=True, showextrema=True)
    for i, body in enumerate(parts["bodies"]):
        body.set_facecolor(colours[i % 10])
        body.set_alpha(0.6)
    for name in ("cmedians", "cmins", "cmaxes", "cbars"):
        parts[name].set_color([colours[i % 10] for i in range(count)])
    lengths.set_xticks(range(1, count + 1))
    lengths.set_xticklabels(labels, rotation=10, fontsize=8)
    lengths.set_ylabel(t._("player turns"))
    lengths.set_title(t._("Game length"))
    games = summaries[0]["games"]
    fig.suptitle(t.n_("{n} game each, on the same seeds", "{n} games each, on the same seeds", games).format(
        n=t.num(games)))
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)


def odds_heatmap(path: Path, table: list[list[float]], edition: str, t: Text) -> None:
    """P(the attack takes the territory) by attackers (rows) and defenders (columns)."""
    check_target(path)
    plt = _pyplot()
    size = len(table)
    fig, ax = plt.subplots(figsize=(8, 7))
    image = ax.imshow(table, origin="lower", cmap="RdYlGn", vmin=0, vmax=1,
                      extent=(0.5, size + 0.5, 0.5, size + 0.5), aspect="auto")
    if size <= 40:
        ax.contour(range(1, size + 1), range(1, size + 1), table, levels=[0.5], colors="black", linewidths=1)
    fig.colorbar(image, ax=ax, label=t._("probability that the attack takes the territory"))
    ax.set_xlabel(t._("defending armies"))
    ax.set_ylabel(t._("attacking armies (not counting the one that stays behind)"))
    ax.set_title(t._("Battle odds — {edition}").format(edition=edition))
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)
