"""`risk sweep`: one rule, many values — the same simulation for each, on common seeds.

    risk sweep classic --set "reinforcements { continents europe {value} }" --values 2,3,4,5

Every `--set` text that holds `{value}` gets each value in turn (as text: a number, or a word
such as `attacker`); the others apply unchanged to every run.

Every value plays the same game seeds, so its runs are compared game by game (experiment.sweep):
each value with the next (`pairs`: 3 → 5, 5 → 7, 7 → 9) and each with the first (3 → 7, 3 → 9),
and, where the values are numbers (`positions`) and there are at least three, by the trend of
every measure along them (stats.trend).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from . import InputError

PLACEHOLDER = "{value}"
MAX_VALUES = 100


class SweepError(InputError):
    """A sweep that cannot be run as asked: its values (`name` "values") or its rules ("templates")."""


def parse_values(text: str) -> list[str]:
    """'2,3,4' → ['2', '3', '4']: at least one, each once, no braces or line breaks."""
    values = [v.strip() for v in text.split(",")]
    if not values or any(not v for v in values):
        raise SweepError("values", "sweep values", f" '{text}': give values separated by commas, such as 2,3,4")
    if len(values) > MAX_VALUES:
        raise SweepError("values", "sweep values", f": at most {MAX_VALUES} values")
    for v in values:
        if any(c in v for c in "{}\n\r#"):
            raise SweepError("values", "sweep values", f": '{v}' is not a value (no braces, '#' or line breaks)")
    seen = set()
    for v in values:
        if v in seen:
            raise SweepError("values", "sweep values", f": '{v}' is given twice")
        seen.add(v)
    return values


def sets_for(templates: Sequence[str], value: str) -> tuple[str, ...]:
    """The rule texts of one run: `{value}` replaced by `value`."""
    return tuple(t.replace(PLACEHOLDER, value) for t in templates)


def check_templates(templates: Sequence[str]) -> None:
    if not any(PLACEHOLDER in t for t in templates):
        raise SweepError("templates", "a sweep needs a rule", " with {value} in it, e.g. \"battle { ties {value} }\"")


def pairs(k: int) -> list[tuple[int, int]]:
    """The runs compared, as (earlier, later) indices of k values: each value with the next, then
    each value from the third on with the first (the second's is already an adjacent pair)."""
    return [(j - 1, j) for j in range(1, k)] + [(0, j) for j in range(2, k)]


MIN_TREND = 3  # values needed for a trend: with two, the slope says what their difference says


def positions(values: Sequence[str]) -> list[float] | None:
    """The values as numbers, for a trend; None when any is a word or they cannot carry a trend
    (fewer than MIN_TREND values)."""
    if len(values) < MIN_TREND:
        return None
    try:
        found = [float(v) for v in values]
    except ValueError:
        return None
    return found if all(math.isfinite(x) for x in found) and len(set(found)) > 1 else None


def json_value(value: str) -> int | float | str:
    """A value as JSON gives it: 3 and 0.5 as numbers, words as strings."""
    try:
        return int(value)
    except ValueError:
        pass
    try:
        number = float(value)
    except ValueError:
        return value
    return number if math.isfinite(number) else value  # 'inf' and 'nan' are no JSON numbers
