"""--precision (stop on width, never on significance) and Holm's correction in compare."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.instrument.precision import Stopping, next_count, parse_precision, play_until
from riskrules.instrument.stats import correct, holm
from riskrules.text.i18n import Text
from riskrules.text.report import stopping_line

runner = CliRunner()


def ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_holm_adjusted_p_values():
    # Holm (1979): sorted p 0.01, 0.02, 0.03, 0.04 with m = 4 → 0.04, 0.06, 0.06, 0.06 (monotone)
    assert [round(p, 10) for p in holm([0.03, 0.01, 0.04, 0.02])] == [0.06, 0.04, 0.06, 0.06]
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([]) == []


def test_correct_marks_only_what_survives():
    def row(d, se, p):
        return {"difference": d, "se": se, "low": d - 1.96 * se, "high": d + 1.96 * se, "p": p}

    diff = {"wins_by_seat": [row(0.1, 0.04, 0.012), row(-0.05, 0.025, 0.045)], "unfinished": row(0, 0, 1.0),
            "turns": row(3, 1, 0.0027)}
    result = correct([diff])
    assert result == {"method": "holm", "family": "every difference from the first run (wins by seat, unfinished, "
                      "turns), in every bot population", "comparisons": 4, "alpha": 0.05, "interval": "bonferroni",
                      "interval_level": 0.9875}
    assert [r["significant"] for r in diff["wins_by_seat"]] == [True, False]  # 0.045 alone would pass at 5%
    assert diff["turns"]["p_adjusted"] == pytest.approx(4 * 0.0027)
    assert diff["wins_by_seat"][0]["p_adjusted"] == pytest.approx(3 * 0.012)
    assert diff["wins_by_seat"][0]["adjusted_low"] == pytest.approx(0.1 - 2.4977 * 0.04, abs=1e-4)


@pytest.mark.parametrize("text, value", [("1pp", 0.01), ("0.5 pp", 0.005), ("2%", 0.02), ("0.01", 0.01)])
def test_parse_precision(text, value):
    assert parse_precision(text) == pytest.approx(value)


@pytest.mark.parametrize("text, message", [
    ("wide", "precision 'wide': give percentage points such as 1pp or 0.5pp"),
    ("30pp", "precision '30pp': choose between 0.05pp and 25pp"),
])
def test_parse_precision_refuses(text, message):
    with pytest.raises(ValueError) as err:
        parse_precision(text)
    assert str(err.value) == message


def test_next_count_aims_at_the_projected_count_in_whole_chunks():
    assert next_count(200, 0.04, 0.02, 20000) == 900  # 200 × 4 × 1.1 = 880 → 900
    assert next_count(200, 0.0201, 0.02, 20000) == 240  # at least one chunk more
    assert next_count(200, 0.5, 0.01, 5000) == 5000


def test_play_until_looks_only_at_widths():
    played = []
    widths = iter([0.05, 0.03, 0.0199])
    report = play_until(Stopping(precision=0.02), played.append, lambda: next(widths))
    assert played == [200, 1380, 3420] and report == {
        "rule": "precision", "precision": 0.02, "max_games": 20000, "games": 3420, "half_width": 0.0199,
        "reached": True}
    capped = play_until(Stopping(precision=0.001, max_games=300), played.append, lambda: 0.05)
    assert capped["games"] == 300 and not capped["reached"]
    assert play_until(Stopping(games=50), played.append, lambda: 0.1) == {"rule": "fixed", "games": 50,
                                                                          "half_width": 0.1}


def test_simulate_with_precision_reports_its_rule():
    data = json.loads(ok("simulate", "sv-2000", "--precision", "12pp", "--workers", "1", "--json"))
    assert data["stopping"]["rule"] == "precision" and data["stopping"]["reached"]
    assert data["games"] == data["stopping"]["games"] == 200
    assert max(max(r["rate"] - r["low"], r["high"] - r["rate"]) for r in data["wins_by_seat"]) <= 0.12
    t = Text("en")
    assert stopping_line(data["stopping"], t) == (
        "Stopping rule: play until every interval of interest is at most ±12 pp wide (at most 20,000 games); "
        f"reached after 200 games (widest ±{round(data['stopping']['half_width'] * 100, 2)} pp).")
    assert stopping_line({**data["stopping"], "reached": False}, t).endswith("NOT reached: stopped at 200 games "
                                                                             f"with ±{round(data['stopping']['half_width'] * 100, 2)} pp.")


def test_compare_corrects_all_rows_of_all_populations(tmp_path):
    args = ["compare", "sv-2000", "sv-2000:escalating", "--games", "20", "--workers", "1", "--seed", "2",
            "--bots", "balanced,random", "--max-turns", "40"]
    data = json.loads(ok(*args, "--json"))
    assert [p["bot"] for p in data["populations"]] == ["balanced", "random"]
    assert data["correction"]["comparisons"] == 10 and data["seeds"] == "common"
    rows = [r for p in data["populations"] for d in p["differences_from_first"]
            for r in (*d["wins_by_seat"], d["unfinished"], d["turns"])]
    assert all({"p", "p_adjusted", "significant", "adjusted_low", "adjusted_high"} <= set(r) for r in rows)
    assert all(r["p_adjusted"] >= r["p"] for r in rows)
    text = ok(*args, "--lang", "en")
    assert "10 comparisons were made, in all the tables together; their intervals hold together at 95% (99.5% each, " \
           "Bonferroni) and * marks those significant at 5% after Holm's correction." in text
    assert text.count("Compared on the same 20 seeds") == 2


def test_compare_plot_and_independent_seeds(tmp_path):
    pytest.importorskip("matplotlib")
    svg = tmp_path / "cmp.svg"
    text = ok("compare", "sv-2000", "nl-1990", "--games", "20", "--workers", "1", "--independent", "--plot", str(svg),
              "--lang", "en")
    assert text.startswith("Compared on 20 games each, every run on seeds of its own (seed 1), 3 players")
    assert svg.read_text().lstrip().startswith("<?xml")
