"""Errors of the rule layer: where a rule file is wrong, and how to say it.

Every mistake in a rule file becomes a `Problem` that knows its file, line and column,
the source line (for the caret) and, when the file was reached through `extends`, the
chain that led there. `RuleError` carries one or more problems; it is the only
exception the loader raises for a bad rule file.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from collections.abc import Callable, Iterable, Sequence

Translate = Callable[[str], str]  # a gettext function: English message → the reader's language


def N_(message: str) -> str:
    """Marks a message for the catalogs; it is translated where it is shown (Problem.format)."""
    return message


@dataclass(frozen=True, slots=True)
class Pos:
    """A place in a source file: 1-based line and column, and the text of that line."""

    file: str
    line: int
    col: int
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


def pos_at(label: str, lines: list[str], line: int, col: int) -> Pos:
    """The place at `line`, `col` of the file `label` whose lines are `lines` (with that line's text)."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return Pos(label, line, col, text)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a rule file."""

    message: str
    pos: Pos | None = None
    chain: tuple[str, ...] = ()  # extends chain from the file asked for to `pos.file`
    warning: bool = False  # worth saying, but the file can still be used
    template: str | None = None  # the message before its {fields} were filled: the catalogs' id
    fields: tuple[tuple[str, str], ...] = ()

    def in_chain(self, chain: tuple[str, ...]) -> Problem:
        return replace(self, chain=chain)

    def text(self, _: Translate | None = None) -> str:
        """The message, in the reader's language where the catalogs have it."""
        if _ is None or self.template is None:
            return self.message
        return _(self.template).format(**dict(self.fields))

    def line(self, _: Translate | None = None) -> str:
        """`file:line:col: message` (with 'warning:' before a warning's message)."""
        message = self.text(_)
        if self.warning:
            message = _in(_, N_("warning: {message}")).format(message=message)
        return f"{self.pos}: {message}" if self.pos else message

    def format(self, _: Translate | None = None) -> str:
        lines = [self.line(_)]
        if self.pos is not None and self.pos.text:
            shown, col = _clip(self.pos.text.rstrip("\r\n").expandtabs(1), self.pos.col)
            lines.append("    " + shown)
            lines.append("    " + " " * (col - 1) + "^")
        if len(self.chain) > 1:
            lines.append("  " + _in(_, N_("in the extends chain: {chain}")).format(chain=" → ".join(self.chain)))
        return "\n".join(lines)


def _in(_: Translate | None, message: str) -> str:
    return _(message) if _ else message


def problem(template: str, pos: Pos | None = None, *, warning: bool = False, **fields: object) -> Problem:
    """A problem whose message the catalogs translate: `template` is marked with N_ where it is written."""
    values = {k: str(v) for k, v in fields.items()}
    return Problem(template.format(**values), pos, (), warning, template, tuple(values.items()))


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
    """A rule file (or a reference to one) that cannot be used, with every problem found.

    Warnings ride along (for `risk check` to show) but never make a RuleError on their own.
    """

    def __init__(self, problems: Problem | str | Sequence[Problem], pos: Pos | None = None):
        if isinstance(problems, str):
            problems = [Problem(problems, pos)]
        elif isinstance(problems, Problem):
            problems = [problems]
        found = list(problems)
        self.problems: list[Problem] = [p for p in found if not p.warning] or found
        super().__init__(self.format())

    def format(self) -> str:
        return "\n".join(p.format() for p in self.problems)

    @property
    def first_line(self) -> str:
        """The first problem's one-line form, for a CLI that shows one line."""
        return self.problems[0].line()


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
