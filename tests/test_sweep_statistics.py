"""`risk sweep` as honest as `risk compare`: paired differences of every measure (each value against
the one before and against the first), a trend along numeric values, one Holm family over all of
them, --precision; its plot; identical arms named; options refused before the first game."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.instrument.simulate import Record, game_seed
from riskrules.instrument.stats import holm, rows, slope_weights, trend
from riskrules.instrument.sweep import pairs, positions

runner = CliRunner()
RULES = Path(__file__).resolve().parent.parent / "benchmarks" / "rules"
MINIMUM = "reinforcements { territories max({value}, territories // 3) }"


def ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def rounded(row: dict, keys=("difference", "low", "high", "adjusted_low", "adjusted_high", "p", "p_adjusted")):
    return [round(row[k], 4) for k in keys]


def test_pairs_and_positions():
    assert pairs(4) == [(0, 1), (1, 2), (2, 3), (0, 2), (0, 3)]
    assert pairs(2) == [(0, 1)] and pairs(1) == []
    assert positions(["3", "5", "7"]) == [3.0, 5.0, 7.0]
    assert positions(["3", "5"]) is None  # two values: their difference says it all
    assert positions(["defender", "attacker", "none"]) is None
    assert positions(["1", "inf", "2"]) is None and positions(["3", "3.0", "03"]) is None


def test_trend_is_the_slope_of_the_means_and_exactly_zero_where_no_game_differs():
    def run(turns):
        return [Record(i, game_seed(1, i), 0, "mission", t, (), -1, 2, 10) for i, t in enumerate(turns)]

    runs = [run([10, 20, 30]), run([12, 20, 34]), run([15, 21, 35])]
    found = trend(runs, [1, 2, 3], 2)
    # slope weights -1/2, 0, 1/2: per game (15-10)/2, (21-20)/2, (35-30)/2 = 2.5, 0.5, 2.5
    assert slope_weights([1, 2, 3]) == [-0.5, 0.0, 0.5]
    assert found["turns"]["slope"] == pytest.approx(11 / 6) and found["turns"]["se"] == pytest.approx((4 / 3 / 3) ** 0.5)
    same = trend([run([10, 20, 30])] * 3, [3, 5, 9], 2)
    assert all(row["slope"] == 0 and row["se"] == 0 and row["p"] == 1.0 for row in rows(same))


def test_sweep_json_pairs_every_measure_and_corrects_them_together():
    data = json.loads(ok("sweep", "nl-1990", "--set", MINIMUM, "--values", "3,5,7,9", "--games", "60", "--seed", "1",
                         "--workers", "2", "--json"))
    assert {k: data[k] for k in ("edition", "variant", "set", "values", "players", "seed", "seeds", "identical")} == {
        "edition": "nl-1990", "variant": "missions", "set": [MINIMUM], "values": [3, 5, 7, 9], "players": 3, "seed": 1,
        "seeds": "common", "identical": []}
    assert data["correction"] == {
        "method": "holm", "family": "every paired difference (each value against the next, and each against the "
        "first) and every trend (numeric values) of every measure (wins by seat, unfinished, turns, trades), in "
        "every bot population", "comparisons": 36, "alpha": 0.05, "interval": "bonferroni",
        "interval_level": 1 - 0.05 / 36}
    [population] = data["populations"]
    assert population["bot"] == "balanced"
    assert [r["value"] for r in population["runs"]] == [3, 5, 7, 9]
    assert [(round(r["turns"]["mean"], 4), round(r["turns"]["mean_low"], 4), round(r["turns"]["mean_high"], 4),
             round(r["cards"]["traded_mean"], 4)) for r in population["runs"]] == [
        (33.5833, 28.292, 38.8746, 8.0833), (38.0333, 31.3752, 44.6915, 9.8667),
        (39.8333, 31.7993, 47.8674, 10.5167), (36.1167, 28.6942, 43.5392, 9.3)]
    diffs = population["differences"]
    assert [(d["from"], d["to"], d["pair"]) for d in diffs] == [
        (3, 5, "adjacent"), (5, 7, "adjacent"), (7, 9, "adjacent"), (3, 7, "from_first"), (3, 9, "from_first")]
    # game length between adjacent values: the paired difference, its 95% interval, the simultaneous
    # (Bonferroni, 36 tests) interval, the raw and the Holm-adjusted p
    assert [rounded(d["turns"]) for d in diffs[:3]] == [
        [4.45, -3.3583, 12.2583, -8.2863, 17.1863, 0.264, 1.0],
        [1.8, -7.0392, 10.6392, -12.6178, 16.2178, 0.6898, 1.0],
        [-3.7167, -12.4337, 5.0004, -17.9353, 10.502, 0.4033, 1.0]]
    assert rounded(diffs[4]["turns"]) == [2.5333, -6.3778, 11.4445, -12.0019, 17.0685, 0.5774, 1.0]
    turns = population["trend"]["turns"]
    assert population["trend"]["per"] == "1 of the value"
    assert rounded(turns, ("slope", "low", "high", "p", "p_adjusted")) == [0.47, -1.0366, 1.9766, 0.5409, 1.0]
    # every measure has its rows, and the family is all of them: Holm over the 36 raw p-values
    family = [row for d in [*diffs, population["trend"]] for row in rows(d)]
    assert len(family) == 36 and all(set(d) >= {"wins_by_seat", "unfinished", "turns", "trades"} for d in diffs)
    assert [row["p_adjusted"] for row in family] == holm([row["p"] for row in family])
    # a difference is the difference of the runs' means; the trend the least-squares slope of them
    means = [r["turns"]["mean"] for r in population["runs"]]
    assert [d["turns"]["difference"] for d in diffs] == pytest.approx(
        [means[1] - means[0], means[2] - means[1], means[3] - means[2], means[2] - means[0], means[3] - means[0]])
    assert turns["slope"] == pytest.approx(sum(c * m for c, m in zip([-0.15, -0.05, 0.05, 0.15], means)))


def test_sweep_json_of_words_holm_adjusts_its_family():
    """Ties to the attacker shorten games: one pair, six rows, Holm's step-down by hand."""
    data = json.loads(ok("sweep", "sv-2000", "--set", "battle { ties {value} }", "--values", "defender,attacker",
                         "--games", "40", "--seed", "1", "--workers", "2", "--json"))
    assert data["values"] == ["defender", "attacker"] and data["correction"]["comparisons"] == 6
    [population] = data["populations"]
    assert population["trend"] is None
    [pair] = population["differences"]
    assert (pair["from"], pair["to"], pair["pair"]) == ("defender", "attacker", "adjacent")
    keys = ("difference", "adjusted_low", "adjusted_high", "p", "p_adjusted")
    # Holm: each raw p times the count of the p-values not smaller than it, never below the one before
    assert [rounded(row, keys) for row in rows(pair)] == [
        [0.125, -0.0683, 0.3183, 0.088, 0.44],  # seat 1
        [-0.125, -0.36, 0.11, 0.1605, 0.4814],  # seat 2
        [0.0, -0.1336, 0.1336, 1.0, 1.0],  # seat 3
        [0.0, 0.0, 0.0, 1.0, 1.0],  # unfinished: none in either
        [-4.225, -10.1035, 1.6535, 0.0579, 0.3476],  # turns
        [-1.25, -3.3018, 0.8018, 0.108, 0.44],  # trades
    ]
    assert [row["p_adjusted"] for row in rows(pair)] == holm([row["p"] for row in rows(pair)])
    assert not any(row["significant"] for row in rows(pair))


def test_sweep_text_of_differences_for_words():
    text = ok("sweep", "sv-2000", "--set", "battle { ties {value} }", "--values", "defender,attacker", "--games", "20",
              "--workers", "1", "--bots", "balanced,random", "--max-turns", "60", "--lang", "en")
    lines = text.splitlines()
    at = lines.index("Paired differences, game by game: each value against the one before")
    assert lines[at + 1].split() == ["attacker", "−", "defender"]
    assert [line[:31].rstrip() for line in lines[at + 2:at + 8]] == [
        "Seat 1 wins", "Seat 2 wins", "Seat 3 wins", "Unfinished (turn limit)", "Turns: mean", "Sets traded a game"]
    assert text.count("Paired differences, game by game") == 2  # one per bot population
    assert "Each value against the first" not in text and "Trend along the values" not in text  # two words
    assert lines[-2] == ("Rates: 95% Wilson intervals; means: 95% intervals. Differences and trends: paired game by "
                         "game; 12 tests were made, in all the tables together; their intervals hold together at 95% "
                         "(99.6% each, Bonferroni) and * marks those significant at 5% after Holm's correction.")
    assert lines[-1] == "Stopping rule: a fixed count of 20 games."


def test_sweep_text_has_every_block_for_numbers():
    text = ok("sweep", "nl-1990", "--set", MINIMUM, "--values", "3,6,9", "--games", "20", "--workers", "1",
              "--lang", "en")
    lines = text.splitlines()
    turns = next(line for line in lines if line.startswith("Turns: mean"))
    assert turns.split("  ")[0] == "Turns: mean" and turns.count("(") == 3  # every mean with its interval
    assert next(line for line in lines if line.startswith("Sets traded a game")).count("–") == 3
    assert next(line for line in lines if line.startswith("Europe held at the end")).count("–") == 3
    assert lines[lines.index("Each value against the first") + 1].split() == ["9", "−", "3"]
    at = lines.index("Trend along the values: the least-squares slope per 1 of the value, paired game by game")
    assert lines[at + 5].startswith("Turns: mean") and "…" in lines[at + 5]
    assert "in all the tables together; their intervals hold together at 95% (99.8% each" in text  # 3 pairs + 1 trend, 6 rows


def test_sweep_with_precision_watches_every_rate_and_rate_difference():
    data = json.loads(ok("sweep", "sv-2000", "--set", "battle { ties {value} }", "--values", "defender,attacker",
                         "--precision", "1pp", "--max-games", "40", "--workers", "1", "--json"))
    stopping = data["stopping"]
    assert {k: v for k, v in stopping.items() if k != "half_width"} == {
        "rule": "precision", "precision": 0.01, "max_games": 40, "games": 40, "reached": False}
    [population] = data["populations"]
    rates = [max(r["rate"] - r["low"], r["high"] - r["rate"]) for run in population["runs"] for r in run["wins_by_seat"]]
    differences = [max(d["difference"] - d["adjusted_low"], d["adjusted_high"] - d["difference"])
                   for pair in population["differences"] for d in (*pair["wins_by_seat"], pair["unfinished"])]
    assert stopping["half_width"] == max(rates + differences)


def test_identical_values_of_a_sweep_are_named():
    args = ["sweep", "sv-2000", "--set", "for 5 players { battle { ties {value} } }", "--values", "defender,attacker",
            "--games", "20", "--workers", "1"]
    text = ok(*args, "--lang", "en")
    assert ("value defender and value attacker have the same rules: on the same seeds they play the same games, so "
            "every difference between them is 0 by construction.") in text.splitlines()
    data = json.loads(ok(*args, "--json"))
    assert data["identical"] == [["defender", "attacker"]]
    [pair] = data["populations"][0]["differences"]
    assert all(row["difference"] == 0 and row["p"] == 1.0 for row in rows(pair))


def test_identical_arms_of_a_comparison_are_named():
    copy = str(RULES / "sv-2000-copy.risk")
    text = ok("compare", "sv-2000", copy, "--games", "6", "--workers", "1", "--lang", "en")
    assert ("A and B have the same rules: on the same seeds they play the same games, so every difference between "
            "them is 0 by construction.") in text.splitlines()
    data = json.loads(ok("compare", "sv-2000", copy, "nl-1990", "--games", "6", "--workers", "1", "--json"))
    assert data["identical"] == [[0, 1]]
    assert all(row["difference"] == 0 for row in rows(data["populations"][0]["differences_from_first"][0]))
    independent = ok("compare", "sv-2000", copy, "--games", "6", "--workers", "1", "--independent", "--lang", "en")
    assert ("A and B have the same rules: an A/A comparison, each on seeds of its own, so every difference between "
            "them is chance.") in independent.splitlines()
    assert "have the same rules" not in ok("compare", "sv-2000", "nl-1990", "--games", "6", "--workers", "1")


# ---- refused before the first game ----------------------------------------------------------------------

@pytest.fixture
def no_games(monkeypatch):
    """Any game played fails the test: what is refused must be refused before the first game."""
    import riskrules.instrument.simulate as simulate

    def played(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(simulate, "run", played)


@pytest.fixture
def no_matplotlib(monkeypatch):
    """matplotlib as if it were not installed: importing it fails."""
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)


SWEEP = ["sweep", "sv-2000", "--set", "battle { ties {value} }", "--values", "defender,attacker", "--games", "20",
         "--workers", "1"]


@pytest.mark.parametrize("args", [SWEEP + ["--plot", "x.png"], ["compare", "sv-2000", "nl-1990", "--plot", "x.svg"]])
def test_a_plot_without_matplotlib_is_refused_before_the_first_game(args, no_games, no_matplotlib, tmp_path,
                                                                     monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (1, "risk: plots need matplotlib: pip install 'riskrules[plot]'\n")


@pytest.mark.parametrize("args, message", [
    (SWEEP + ["--plot", "no/such/dir/x.png"], "risk: no/such/dir/x.png: cannot be written (no such directory: "
                                              "no/such/dir)\n"),
    (SWEEP + ["--lang", "fi"], "risk: no translation for 'fi'; languages: cs, de, en, nl, sv\n"),
    (["compare", "sv-2000", "nl-1990", "--lang", "fi"], "risk: no translation for 'fi'; languages: cs, de, en, nl, sv\n"),
    (["simulate", "sv-2000", "--lang", "fi"], "risk: no translation for 'fi'; languages: cs, de, en, nl, sv\n"),
    (["simulate", "sv-2000", "--csv", "no/such/dir/x.csv"], "risk: no/such/dir/x.csv: cannot be written (no such "
                                                            "directory: no/such/dir)\n"),
    (SWEEP + ["--bot", "nosuchmodule:Bot"],
     "risk: cannot load bot 'nosuchmodule:Bot': ModuleNotFoundError: No module named 'nosuchmodule'\n"),
    (SWEEP + ["--bots", "balanced,nosuchmodule:Bot"],
     "risk: cannot load bot 'nosuchmodule:Bot': ModuleNotFoundError: No module named 'nosuchmodule'\n"),
])
def test_options_that_can_fail_are_refused_before_the_first_game(args, message, no_games):
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (1, message)


# ---- the plot ----------------------------------------------------------------------------------------------

def summary(turns: float, traded: float, rates: list[float]) -> dict:
    return {"turns": {"mean": turns, "mean_low": turns - 2, "mean_high": turns + 2},
            "cards": {"traded_mean": traded, "traded_low": traded - 0.5, "traded_high": traded + 0.5},
            "wins_by_seat": [{"rate": r, "low": r - 0.05, "high": r + 0.05} for r in rates]}


def test_sweep_plot_draws_length_trades_and_seats_with_integer_ticks_and_the_legend_off_the_data(tmp_path,
                                                                                                  monkeypatch):
    pytest.importorskip("matplotlib")
    from riskrules.text import plot
    from riskrules.text.i18n import Text

    drawn = []
    monkeypatch.setattr(plot, "_save", lambda fig, path: drawn.append(fig))
    per_value = [summary(28.8, 6.0, [0.4, 0.35, 0.25]), summary(36.3, 7.5, [0.38, 0.33, 0.29]),
                 summary(40.1, 8.0, [0.37, 0.32, 0.31]), summary(39.1, 7.9, [0.36, 0.34, 0.30])]
    plot.sweep(tmp_path / "s.png", [MINIMUM], ["3", "5", "7", "9"], ["balanced"], [per_value], 3,
               {"games": 300}, Text("en"))
    [fig] = drawn
    length, traded, seats = fig.axes
    assert [line.get_ydata().tolist() for line in length.lines[:1]] == [[28.8, 36.3, 40.1, 39.1]]
    assert length.get_ylabel() == "game length: mean turns (95% interval)"
    assert traded.get_ylabel() == "sets traded a game (95% interval)"
    assert list(seats.get_xticks()) == [3, 5, 7, 9]  # the values, no 3.5 between them
    assert [tick.get_text() for tick in seats.get_xticklabels()] == ["3", "5", "7", "9"]
    assert seats.get_ylim()[0] == 0  # rates from 0
    assert seats.get_legend() is None and len(fig.legends) == 1  # the legend beside the panels, not on them
    assert [text.get_text() for text in fig.legends[0].get_texts()] == ["Seat 1 wins", "Seat 2 wins", "Seat 3 wins",
                                                                      "an even share"]
    fig.draw_without_rendering()  # the layout, as when saved
    legend = fig.legends[0].get_window_extent()
    assert all(legend.x0 >= ax.get_window_extent().x1 for ax in fig.axes)


def test_sweep_plot_file(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "sweep.png"
    ok(*SWEEP, "--plot", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
