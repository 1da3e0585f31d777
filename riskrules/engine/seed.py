"""The one home of the seed bound: what a seed may be, and seeds derived from text.

A seed is a whole number from 0 to MAX_SEED (63 bits): Python's Random(-1) is Random(1), so
a negative seed would silently play another seed's game, and a log's header (log.schema.json:
its `seed` maximum is this number, tests/test_layout.py holds them equal) stores it as a
JSON integer that every reader keeps exactly.
"""

from __future__ import annotations

import hashlib

from .errors import GameError

MAX_SEED = 2**63 - 1


def check_seed(seed: int) -> None:
    if not 0 <= seed <= MAX_SEED:
        raise GameError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")


def derived_seed(text: str) -> int:
    """A seed made from `text`: well mixed, stable across runs and machines, within the bound."""
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 64 bits, halved: 0 … MAX_SEED
