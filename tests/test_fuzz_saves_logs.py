"""A short deterministic slice of the damaged-saves-and-logs campaign (benchmarks/fuzz_saves_logs.py):
every damaged file is accepted or refused in one line, never a crash."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import fuzz_saves_logs as fuzz  # noqa: E402


@pytest.mark.parametrize("kind", fuzz.KINDS)
def test_a_slice_of_damaged_files_is_answered_clearly(tmp_path, kind):
    count = 6 if kind.startswith("fogged") else 24  # (the fogged games' logs are longer: a million armies a turn)
    found = fuzz.run_inline(kind, fuzz.cases(kind, seed=1, count=count, workdir=tmp_path), tmp_path)
    crashes = [f"{name}: {detail}" for name, outcome, detail in found if outcome not in ("refused", "accepted")]
    assert crashes == []
    assert sum(outcome == "refused" for _, outcome, _ in found) >= len(found) // 2  # the damage is seen
