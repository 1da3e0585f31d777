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
        """Pairs of keys that cover a common count."""
        found = []
        for i, (lo1, hi1, _) in enumerate(self.entries):
            for lo2, hi2, _ in self.entries[i + 1:]:
                if hi1 is None or lo2 <= hi1:
                    found.append((key_text(lo1, hi1), key_text(lo2, hi2)))
        return found

    def gaps(self, start: int) -> list[int]:
        """Counts from `start` up to the last key that no entry covers."""
        missing = []
        n = start
        for low, high, _ in self.entries:
            missing.extend(range(n, low))
            if high is None:
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
