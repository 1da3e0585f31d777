"""A short, deterministic slice of the fuzz campaign (benchmarks/fuzz.py), as CI runs it.

Cases are made from the seed and their index alone, so the slice is the same every run;
each runs in a worker process under the campaign's limits (1 GB of address space, a time
limit). The full campaign (10,000 and more rule files) is a benchmark; see its docstring.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import fuzz  # noqa: E402

SLICE = 200


def test_a_slice_of_hostile_rule_files_gets_only_clean_answers(tmp_path):
    counts = fuzz.campaign("rules", seed=0, count=SLICE, seconds=None, out=tmp_path / "repro")
    failures = {k: counts[k] for k in fuzz.FAILURES}
    saved = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "repro").glob("*/*"))
    assert (counts["tried"], failures, saved) == (SLICE, dict.fromkeys(fuzz.FAILURES, 0), [])
    assert counts["refused"] + counts["accepted"] == SLICE
    assert counts["accepted"] > 0  # the slice does reach the play-it-through verdict


def test_the_cases_depend_on_the_seed_and_index_only(tmp_path):
    rules = fuzz.kind_module("rules")
    made = []
    for attempt in range(2):
        case = tmp_path / f"case{attempt}"
        case.mkdir()
        rules.generate(fuzz.case_rng(7, "rules", 42), 42, case)
        made.append((case / "house.risk").read_bytes())
    assert made[0] == made[1]
