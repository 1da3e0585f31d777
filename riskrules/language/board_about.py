"""What a board says of itself for people (issue 49): its name, author and source, the names shown for
its ids and its continents' colours — an imported map's, as its author wrote them (language/board.py
reads them into `Board.about`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KEYS = ("name", "author", "source", "names", "colours")  # the board file's keys for them


@dataclass(frozen=True)
class Shown:
    """What a board says of itself for people (issue 49: an imported map's, as its author wrote it):
    its name, author and source; territory and continent id → the name shown (in any script, taken
    as it is, not translated); continent id → its colour (#rrggbb)."""
    name: str | None = None
    author: str | None = None
    source: str | None = None
    territories: dict[str, str] = field(default_factory=dict)
    continents: dict[str, str] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """As the board file writes it (what it gives)."""
        names = {k: v for k, v in (("territories", self.territories), ("continents", self.continents)) if v}
        return {k: v for k, v in (("name", self.name), ("author", self.author), ("source", self.source),
                                  ("names", names), ("colours", self.colours)) if v}


def shown(data: dict) -> Shown | None:
    """The board's own name, author, source, names and colours, where it gives any (the schema
    has checked them; names of ids not on the board are kept, and never shown)."""
    if not any(key in data for key in KEYS):
        return None
    names = data.get("names", {})
    return Shown(data.get("name"), data.get("author"), data.get("source"), dict(names.get("territories", {})),
                 dict(names.get("continents", {})), dict(data.get("colours", {})))
