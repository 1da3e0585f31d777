"""Errors of the rule layer: where a rule file is wrong, and how to say it.

Every mistake in a rule file becomes a `Problem` that knows its file, line and column,
the source line (for the caret) and, when the file was reached through `extends`, the
chain that led there. `RuleError` carries one or more problems; it is the only
exception the loader raises for a bad rule file.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from collections.abc import Iterable, Sequence


@dataclass(frozen=True, slots=True)
class Pos:
    """A place in a source file: 1-based line and column, and the text of that line."""

    file: str
    line: int
    col: int
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a rule file."""

    message: str
    pos: Pos | None = None
    chain: tuple[str, ...] = ()  # extends chain from the file asked for to `pos.file`

    def format(self) -> str:
        if self.pos is None:
            return self.message
        lines = [f"{self.pos}: {self.message}"]
        if self.pos.text:
            shown, col = _clip(self.pos.text.rstrip("\r\n").expandtabs(1), self.pos.col)
            lines.append("    " + shown)
            lines.append("    " + " " * (col - 1) + "^")
        if len(self.chain) > 1:
            lines.append("  in the extends chain: " + " → ".join(self.chain))
        return "\n".join(lines)


def _clip(text: str, col: int, width: int = 100) -> tuple[str, int]:
    """A window of a long source line around `col`, and the column within it."""
    if len(text) <= width:
        return text, col
    start = max(0, min(col - width // 2, len(text) - width))
    shown = text[start:start + width]
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + width < len(text) else ""
    return prefix + shown + suffix, col - start + len(prefix)


class RuleError(Exception):
    """A rule file (or a reference to one) that cannot be used, with every problem found."""

    def __init__(self, problems: Problem | str | Sequence[Problem], pos: Pos | None = None):
        if isinstance(problems, str):
            problems = [Problem(problems, pos)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__(self.format())

    def format(self) -> str:
        return "\n".join(p.format() for p in self.problems)

    @property
    def first_line(self) -> str:
        """The first problem's one-line form, for a CLI that shows one line."""
        p = self.problems[0]
        return f"{p.pos}: {p.message}" if p.pos else p.message


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """'; did you mean 'x'?' when some choice is close to `word`, else ''."""
    choices = list(choices)
    if len(word) > 64 or len(choices) > 1000:  # nothing that long is a typo, and difflib is quadratic
        return ""
    match = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not match:
        lowered = {c.lower(): c for c in choices}
        if word.lower() in lowered:
            match = [lowered[word.lower()]]
    return f"; did you mean '{match[0]}'?" if match else ""


def unknown(kind: str, word: str, choices: Iterable[str]) -> str:
    """The message for a name that is not among `choices`."""
    shown = word if len(word) <= 60 else word[:60] + "…"
    return f"unknown {kind} '{shown}'{did_you_mean(word, choices)}"
