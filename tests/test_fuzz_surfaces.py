"""Short deterministic slices of the campaign's kinds for the newer surfaces (benchmarks/fuzz.py):
fog blocks, pages, `risk odds` arguments. Each case runs in a worker process under the
campaign's limits, as the full campaign runs it; the same cases every run."""

from __future__ import annotations

import sys
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import fuzz  # noqa: E402


def clean(counts: dict, tmp_path: Path, count: int) -> None:
    failures = {k: counts[k] for k in fuzz.FAILURES}
    saved = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "repro").glob("*/*"))
    assert (counts["tried"], failures, saved) == (count, dict.fromkeys(fuzz.FAILURES, 0), [])
    assert counts["refused"] + counts["accepted"] == count


def test_a_slice_of_fog_blocks_is_checked_cleanly_and_played_without_a_leak(tmp_path):
    by: dict = {}
    counts = fuzz.campaign("fog", seed=1, count=FOG, seconds=None, out=tmp_path / "repro", start=FOG_START,
                           by_family=by)
    clean(counts, tmp_path, FOG)
    assert counts["accepted"] >= 1  # played with every bot and watched, not only checked


def test_a_slice_of_hostile_names_and_titles_makes_pages_that_run_and_fetch_nothing(tmp_path):
    # case 0 is a replay page `--as` a seat under `battles reveal no` (issue 42's traceback); case 5
    # is also opened in Chromium (where there is one: else the static check alone, and the case says so)
    counts = fuzz.campaign("pages", seed=1, count=PAGES, seconds=None, out=tmp_path / "repro", start=PAGES_START)
    clean(counts, tmp_path, PAGES)
    assert counts["accepted"] >= 1


def test_a_slice_of_odds_arguments_gets_a_result_or_one_line(tmp_path):
    counts = fuzz.campaign("odds", seed=1, count=ODDS, seconds=None, out=tmp_path / "repro", hang=30)
    clean(counts, tmp_path, ODDS)
    assert counts["refused"] > 0 and counts["accepted"] > 0


FOG, FOG_START = 2, 3
PAGES, PAGES_START = 1, 0
ODDS = 8
