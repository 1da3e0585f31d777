"""A short slice of the hostile seat programs of benchmarks/fuzz.py (`--kind seats`), as CI runs it.

Seed 3's cases 2 and 3: a program that closes its input and sleeps (played with --bot-timeout 2),
one that closes its output and sleeps: each `risk play` ends with exit 0 and its result, or exit 1
and one line naming the program, its log replaying. (tests/test_seat_protocol.py ends games by
each misbehaviour in-process; each case here is two commands in child processes.) The campaign
itself (`python benchmarks/fuzz.py --kind seats --count 1000`) is the benchmark.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import fuzz  # noqa: E402

SLICE = 2


def test_a_slice_of_hostile_seat_programs_ends_cleanly(tmp_path):
    by: dict = {}
    counts = fuzz.campaign("seats", seed=3, count=SLICE, seconds=None, out=tmp_path / "repro", start=2,
                           only=["crash", "garbage", "huge", "illegal", "hang"], by_family=by)
    failures = {k: counts[k] for k in fuzz.FAILURES}
    assert (counts["tried"], failures) == (SLICE, dict.fromkeys(fuzz.FAILURES, 0))
    assert set(by) == {"hang", "crash"} and counts["refused"] == 2
