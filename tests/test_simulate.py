"""Simulations: reproducible whatever the workers, honest statistics, compare and its plot."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.instrument.simulate import Job, Record, game_seed, run
from riskrules.instrument.stats import differences, summarize, wilson

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("k, n, low, high", [
    (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0), (169, 400, 0.3751, 0.4714),
])
def test_wilson(k, n, low, high):
    assert tuple(round(x, 4) for x in wilson(k, n)) == (low, high)


def record(i, winner, reason="mission", turns=10, neutral=-1):
    return Record(i, game_seed(1, i), winner, reason, turns, (0,) if i % 2 else (), neutral, 3, 10)


def test_summarize():
    records = [record(0, 0, turns=10), record(1, 0, turns=20), record(2, 1, turns=30),
               record(3, -1, reason="turn_limit", turns=1000)]
    s = summarize(records, 2, ["north", "south"], neutral=False)
    assert [r["count"] for r in s["wins_by_seat"]] == [2, 1]
    assert s["reasons"] == {"mission": 3, "turn_limit": 1}
    assert s["unfinished"]["count"] == 1
    # the mean's 95% interval: 265 ± 1.96 · 490.34 / √4, cut off at 0 (not -215.26: no game has fewer turns)
    assert {k: round(v, 2) for k, v in s["turns"].items()} == {
        "mean": 265, "mean_low": 0, "mean_high": 745.26, "median": 25, "q1": 17.5, "q3": 272.5, "min": 10,
        "max": 1000}
    assert s["cards"] == {"traded_mean": 3, "traded_low": 3, "traded_high": 3, "largest_trade": 10}
    assert {c: (r["count"], r["rate"], round(r["low"], 4), round(r["high"], 4)) for c, r in s["continents_held"].items()} \
        == {"north": (2, 0.5, 0.15, 0.85), "south": (0, 0.0, 0.0, 0.4899)}
    assert {k: (r["count"], r["rate"]) for k, r in s["reason_rates"].items()} == {"mission": (3, 0.75),
                                                                                   "turn_limit": (1, 0.25)}
    assert "neutral_survival" not in s


def test_paired_differences():
    base = [record(i, 0) for i in range(20)]
    other = [record(i, 0 if i < 10 else 1) for i in range(20)]
    d = differences(base, other, 2)
    seat = d["wins_by_seat"][0]
    # ten games change from 0 to -1: sd sqrt(5/19), se sqrt(5/19/20), z = 0.5/se = 4.359
    assert seat["difference"] == -0.5 and seat["se"] == pytest.approx((5 / 19 / 20) ** 0.5)
    assert round(seat["low"], 4) == -0.7248 and round(seat["high"], 4) == -0.2752
    assert f"{seat['p']:.4g}" == "1.307e-05"
    assert d["turns"] == {"difference": 0, "se": 0, "low": 0, "high": 0, "p": 1.0}


def test_seeds_are_stable():
    assert game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    assert game_seed(7, 3) == 3131426809138784740


def test_same_numbers_whatever_the_workers():
    job = Job("cs-riziko", None, 2)
    one = run(job, 25, seed=11, workers=1)  # two chunks (CHUNK 20), the second short
    two = run(job, 25, seed=11, workers=2)
    assert one == two and [r.index for r in one] == list(range(25))


def test_dask_local_cluster_gives_the_same_games():
    job = Job("sv-2000", None, 3)
    assert run(job, 22, seed=5, workers=2, executor="dask") == run(job, 22, seed=5, workers=1)  # two chunks


def test_simulate_json_and_csv(tmp_path):
    csv = tmp_path / "games.csv"
    data = json.loads(invoke("simulate", "nl-1990", "--players", "2", "--games", "30", "--seed", "3", "--workers", "1",
                             "--json", "--csv", str(csv)))
    assert data["games"] == 30 and sum(r["count"] for r in data["wins_by_seat"]) + data["unfinished"]["count"] == 30
    assert set(data) >= {"wins_by_seat", "reasons", "unfinished", "turns", "continents_held", "neutral_survival", "cards"}
    lines = csv.read_text().splitlines()
    assert lines[0] == "game,seed,winner_seat,reason,turns,continents_held,neutral_territories,trades,largest_trade"
    assert len(lines) == 31


def test_simulate_text_in_the_editions_language():
    text = invoke("simulate", "de-deluxe", "--games", "20", "--workers", "1", "--seed", "2")
    assert "Siege nach Platz" in text and "Nord-Amerika" in text


def test_house_rule_simulates_exactly_as_its_edition(write):
    path = write("same.risk", "rulebook same\nextends sv-2000\n")
    edition = json.loads(invoke("simulate", "sv-2000", "--games", "40", "--seed", "9", "--workers", "1", "--json"))
    house = json.loads(invoke("simulate", str(path), "--games", "40", "--seed", "9", "--workers", "1", "--json"))
    for key in ("wins_by_seat", "reasons", "turns", "continents_held", "cards"):
        assert house[key] == edition[key]


def test_compare_with_plot(tmp_path):
    png, svg = tmp_path / "cmp.png", tmp_path / "cmp.svg"
    text = invoke("compare", "sv-2000", "nl-1990", "--games", "24", "--seed", "7", "--workers", "2", "--plot", str(png),
                  "--lang", "en")
    assert text.splitlines()[:3] == ["Compared on the same 24 seeds (seed 7), 3 players, balanced bots:",
                                     "  A = sv-2000 (missions)", "  B = nl-1990 (missions)"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    invoke("compare", "sv-2000", "sv-2000:escalating", "--games", "10", "--workers", "1", "--plot", str(svg))
    assert svg.read_text().lstrip().startswith("<?xml")
    data = json.loads(invoke("compare", "sv-2000", "nl-1990", "--games", "24", "--seed", "7", "--workers", "1",
                             "--json"))
    [population] = data["populations"]
    assert population["bot"] == "balanced"
    assert [r["edition"] for r in population["runs"]] == ["sv-2000", "nl-1990"]
    assert len(population["differences_from_first"]) == 1
    assert data["correction"] == {"method": "holm", "family": "every difference from the first run (wins by seat, "
                                  "unfinished, turns), in every bot population", "comparisons": 5, "alpha": 0.05,
                                  "interval": "bonferroni", "interval_level": 0.99}
    assert data["identical"] == []
    assert data["stopping"] == {"rule": "fixed", "games": 24, "half_width": data["stopping"]["half_width"]}
    again = json.loads(invoke("compare", "sv-2000", "nl-1990", "--games", "24", "--seed", "7", "--workers", "2",
                              "--json"))
    assert again == data


@pytest.mark.parametrize("args, message", [
    (["compare", "sv-2000"], "risk: compare needs at least two editions, variants or rule files\n"),
    (["compare", "sv-2000", "nl-1990", "--plot", "x.pdf"], "risk: x.pdf: a plot is written as .png or .svg\n"),
    (["simulate", "sv-2000", "--games", "0"], "risk: --games must be between 1 and 1,000,000\n"),
    (["simulate", "sv-2000", "--games", "1000000000000"], "risk: --games must be between 1 and 1,000,000\n"),
    (["simulate", "sv-2000", "--seed", "-1"], "risk: a seed is a whole number from 0 to 9223372036854775807, not -1\n"),
    (["compare", "sv-2000", "nl-1990", "--plot", "no/such/dir/x.png"],
     "risk: no/such/dir/x.png: cannot be written (no such directory: no/such/dir)\n"),
    (["simulate", "sv-2000", "--csv", "no/such/dir/x.csv"],
     "risk: no/such/dir/x.csv: cannot be written (no such directory: no/such/dir)\n"),
    (["odds", "--table", "3", "--plot", "no/such/dir/x.svg"],
     "risk: no/such/dir/x.svg: cannot be written (no such directory: no/such/dir)\n"),
    (["odds", "--table", "1001"], "risk: --table must be between 1 and 1000\n"),
    (["simulate", "sv-2000", "--executor", "spark"], "risk: unknown executor 'spark'; executors: process, dask\n"),
    (["simulate", "de-deluxe", "--players", "2"], "risk: de-deluxe (missions) is for 3 to 6 players, not 2\n"),
    (["compare", "sv-2000:capital", "nl-1990"],
     "risk: unknown variant 'capital' of sv-2000; did you mean 'capitals'? "
     "(its variants: capitals, escalating, missions, world-conquest)\n"),
])
def test_errors(args, message):
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (1, message)
