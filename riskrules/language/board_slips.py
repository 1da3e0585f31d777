"""Common slips in a board file, told in its own words before the schema's: a misspelt key at the
top of a board, a mark's territories or a marked border written without their brackets."""

from __future__ import annotations

import re
from typing import Any
from collections.abc import Callable, Iterable

from .errors import Pos, Problem, did_you_mean

SHOWN = 40  # characters of a name a message quotes


def top_key_problem(root: Any, required: Iterable[str], optional: Iterable[str], lines: list[str],
                    label: str) -> Problem | None:
    """A board (all its required keys there) with a key it cannot have: the first such key, where it
    is written, with a did-you-mean among the keys a board may have."""
    allowed = sorted({*required, *optional})
    extra = sorted((str(k) for k in root if k not in allowed), key=str)
    if not extra:
        return None
    key = extra[0]
    line = next((i for i, text in enumerate(lines) if re.match(re.escape(key) + r"\s*:", text)), None)
    pos = Pos(label, line + 1, 1, lines[line]) if line is not None else Pos(label, 1, 1, lines[0] if lines else "")
    return Problem(f"'{key[:SHOWN]}' cannot be at the top of a board{did_you_mean(key, allowed)} (a board has "
                   f"{', '.join(sorted(required))}, and may have {', '.join(sorted(optional))})", pos)


def mark_shape_problems(data: dict, where: Callable[[tuple], Pos | None]) -> list[Problem]:
    """A mark that names one territory without brackets (`capital: egypt`), and a marked border
    written as one flat pair (`wall: [alaska, kamchatka]`)."""
    problems = []
    marks = data.get("marks")
    for name, value in (marks.items() if isinstance(marks, dict) else ()):
        if isinstance(value, str):
            problems.append(Problem(f"marks.{str(name)[:SHOWN]}: a mark lists its territories in brackets, as in "
                                    f"[{value[:SHOWN]}]", where(("marks", name))))
    borders = data.get("border marks")
    for name, value in (borders.items() if isinstance(borders, dict) else ()):
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
            pair = ", ".join(v[:SHOWN] for v in value)
            problems.append(Problem(f"border marks.{str(name)[:SHOWN]}: each border is a pair in brackets of its "
                                    f"own, as in [[{pair}]]", where(("border marks", name))))
    return problems
