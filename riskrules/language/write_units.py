"""The phrases of a special unit (issue 45), as write.py writes them back: `unit commander:
strength 7, loss eliminates its owner, 1 each at the start`, its options in their order."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .write_words import _id, _int, _name, _only

_OPTIONS: dict[str, Callable[[Any], str]] = {
    "strength": lambda n: f"strength {_int(n)}",
    "eliminates": lambda v: _only(v, True, "loss eliminates its owner"),
    "each": lambda n: f"{_int(n['count'])} each chosen at the start" if isinstance(n, Mapping)
    and n.get("chosen") is True and set(n) == {"count", "chosen"} else f"{_int(n)} each at the start",
    "neutral": lambda v: _only(v, True, "neutral"),
    "on": lambda names: "on " + " and ".join(_name(t) for t in names),
    "splits": lambda n: f"splits into {_int(n)} on loss",
    "grows": lambda n: f"grows {_int(n)} a round",
    "six": lambda n: f"die {_int(n)} once a turn",
    "dice": lambda n: f"dice {_int(n)}",
    "returns": lambda v: _only(v, True, "returns on loss"),
}


def unit_head(name: Any) -> str:
    return f"unit {_id(name)}:"


def unit_phrases(v: Mapping) -> list[str]:
    if not isinstance(v, Mapping) or not v:
        raise ValueError(f"cannot write the unit {v!r}")
    unknown = [k for k in v if k not in _OPTIONS]
    if unknown:
        raise ValueError(f"cannot write the unit option {unknown[0]!r}")
    return [_OPTIONS[k](x) for k, x in v.items()]
