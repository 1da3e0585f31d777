"""A short deterministic slice of the order-list fuzz campaign (`benchmarks/fuzz.py --kind orders`):
the same cases every run, at each door an order list comes in by — typed at the terminal, sent to
`risk serve`'s answer endpoint, written into a save that is resumed and into the answers a hosted
game keeps, read again when the server starts."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import fuzz  # noqa: E402
import fuzz_orders  # noqa: E402

SLICE = [("terminal", 0), ("web", 0), ("save", 0), ("answers", 0)]


def test_a_slice_of_the_order_list_campaign(tmp_path, monkeypatch):
    found = []
    for door, index in SLICE:
        monkeypatch.setattr(fuzz_orders, "ONLY", [door])
        case = tmp_path / f"{door}-{index}"
        case.mkdir()
        fuzz_orders.generate(fuzz.case_rng(1, "orders", index), index, case)
        verdict = fuzz_orders.run(case, tmp_path)
        detail = verdict.detail.split("game.save:")[-1].split(".answers.json: ")[-1]  # (no paths, no game ids)
        found.append((door, verdict.outcome, detail))
    assert found[:2] == [("terminal", "refused", "8 refused, 43 prompts"), ("web", "refused", "5 refused")]
    assert found[2][:2] == ("save", "refused") and found[2][2].startswith(
        '134: this save no longer replays (after 133 matching lines) — in the file: {"type":"orders_given","turn":3,'
        '"player":"red","round":2}; replayed: {"error":"red (human) answered (1, 0, 36, 1000000) to order: no order')
    assert found[3] == ("answers", "refused",
                        "answer 28 does not answer an 'order' question: 'orders' is a list of [mode, from, to, armies]")
