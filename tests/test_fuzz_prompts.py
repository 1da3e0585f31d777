"""A short deterministic slice of the prompt fuzz campaign (`benchmarks/fuzz.py --kind prompts`):
the same cases every run, each a short game with eight hostile inputs typed at its prompts."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import fuzz  # noqa: E402
import fuzz_prompts  # noqa: E402

CASES = 12  # × 8 hostile inputs


def test_a_slice_of_the_prompt_campaign(tmp_path):
    verdicts = []
    for index in range(CASES):
        case = tmp_path / f"case-{index}"
        case.mkdir()
        fuzz_prompts.generate(fuzz.case_rng(1, "prompts", index), index, case)
        verdicts.append(fuzz_prompts.run(case, tmp_path))
    assert [v.outcome for v in verdicts] == ["refused"] * CASES, [v.detail for v in verdicts]
