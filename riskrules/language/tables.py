"""Tables keyed by a count: `3: 35, 4: 30`, `1: 1, 2: 1, 3+: 2`, `2-3: 2, 4-5: 3, 6: 4`."""

from __future__ import annotations

from dataclasses import dataclass


def parse_key(key: str) -> tuple[int, int | None]:
    """'3' → (3, 3); '2-3' → (2, 3); '4+' → (4, None)."""
    if key.endswith("+"):
        return int(key[:-1]), None
    if "-" in key:
        low, high = key.split("-")
        return int(low), int(high)
    return int(key), int(key)


@dataclass(frozen=True)
class CountTable:
    """A compiled count table: `table[n]` is the entry covering n, or None."""

    entries: tuple[tuple[int, int | None, int], ...]  # (low, high, value), ascending

    @classmethod
    def from_json(cls, table: dict[str, int]) -> CountTable:
        return cls(tuple(sorted((*parse_key(k), v) for k, v in table.items())))

    def get(self, n: int) -> int | None:
        for low, high, value in self.entries:
            if low <= n and (high is None or n <= high):
                return value
        return None

    __getitem__ = get

    @property
    def lowest(self) -> int:
        return self.entries[0][0]

    def overlaps(self) -> list[tuple[str, str]]:
        """Pairs of keys that cover a common count: each key with the earlier key whose range
        reaches furthest (sorted, so n·log n; one pair per overlapping key)."""
        found = []
        reach, reach_key = None, None  # the furthest count covered so far, and by which key
        for low, high, _ in self.entries:
            if reach_key is not None and (reach is None or low <= reach):
                found.append((reach_key, key_text(low, high)))
            if reach_key is None or (reach is not None and (high is None or high > reach)):
                reach, reach_key = high, key_text(low, high)
        return found

    def gaps(self, start: int, most: int = 1) -> list[int]:
        """The first `most` counts from `start` up to the last key that no entry covers."""
        missing: list[int] = []
        n = start
        for low, high, _ in self.entries:
            missing.extend(range(n, min(low, n + most - len(missing))))
            if len(missing) >= most or high is None:
                return missing
            n = max(n, high + 1)
        return missing

    @property
    def open_ended(self) -> bool:
        return bool(self.entries) and self.entries[-1][1] is None

    def upto(self, n: int) -> tuple[int, ...]:
        """Values for 0..n (0 where nothing covers), for fast lookup by index."""
        return tuple(self.get(i) or 0 for i in range(n + 1))


def key_text(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"
