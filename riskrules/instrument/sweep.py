"""`risk sweep`: one rule, many values — the same simulation for each, on common seeds.

    risk sweep classic --set "reinforcements { continents europe {value} }" --values 2,3,4,5

Every `--set` text that holds `{value}` gets each value in turn (as text: a number, or a word
such as `attacker`); the others apply unchanged to every run.
"""

from __future__ import annotations

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


def json_value(value: str) -> int | float | str:
    """A value as JSON gives it: 3 and 0.5 as numbers, words as strings."""
    try:
        return int(value)
    except ValueError:
        pass
    try:
        return float(value)
    except ValueError:
        return value
