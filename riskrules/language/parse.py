"""Parsing: the text of a rule file → a `RulebookFile` of positioned assignments.

The public entry of the rule language's first floor. Its passes, in order:

* syntax — the LALR parser of `grammar/risk.lark`, and the recovery from syntax errors
  line by line, so that one run reports all of them (every message carries file, line
  and column);
* bounds — the limits of one file: the post-lexer guard against brackets nested too deeply
  and numbers too long, and the depth and size of every expression, measured before
  anything recursive touches them;
* build — the tree → assignments (build_sections: the statements of the sections; scopes:
  the warnings of one scope).
"""

from __future__ import annotations

from pathlib import Path

from .bounds import MAX_FILE_BYTES, _check_expressions
from .build import _build
from .errors import RuleError
from .files import Unreadable, read_text
from .model import RulebookFile
from .syntax import _parse_tree

# Named here too, for those who take them from this module: the parser (benchmarks/check_scale.py),
# the post-lexer (tests/test_file_policy.py, benchmarks/parser_cache.py), the grammar's path
# (tests/test_file_policy.py) and the limits of one rule file.
from .bounds import (  # noqa: F401
    EXPR_RULES, MAX_DIGITS, MAX_EXPR_DEPTH, MAX_EXPR_NODES, MAX_RECOVERY_TOKENS, MAX_SYNTAX_ERRORS, MAX_TOKENS,
    MAX_VARIANTS, _BracketGuard)
from .syntax import parser  # noqa: F401
from ..resources import grammar_path  # noqa: F401


def parse_rulebook(text: str, label: str, path: Path | None = None) -> RulebookFile:
    """Parse one rule file. Its `problems` list what is wrong; what could be read is kept,
    so that the rest of the file can still be checked."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise RuleError(f"{label}: file is too large (the limit is {MAX_FILE_BYTES // 1024} KiB)")
    text = text.replace("\r\n", "\n")
    tree, parsed, lines, syntax = _parse_tree(text, label)
    first = syntax[0].pos if syntax else None
    if syntax and not _looks_like_rulebook(lines):
        # not a rule file at all: one error, so that no more of the file is shown
        return RulebookFile(label, path, problems=syntax[:1], unreadable=True, first_syntax=first)
    if tree is None:
        return RulebookFile(label, path, problems=syntax, unreadable=True, first_syntax=first)
    deep = _check_expressions(tree, label, lines)
    if deep:  # not safe to walk further
        return RulebookFile(label, path, problems=syntax + deep, unreadable=True, first_syntax=first or deep[0].pos)
    book = _build(tree, label, lines, parsed, path)
    book.first_syntax = first
    book.unread = _unread(lines, parsed) if syntax else frozenset()
    book.problems = sorted(syntax + book.problems, key=lambda p: (p.pos.line, p.pos.col) if p.pos else (0, 0))
    return book


def _unread(lines: list[str], parsed: str) -> frozenset[str]:
    """The first words of the lines the recovery from syntax errors blanked, and the openers of the
    blocks they stood in (what they would have said is not known: checks of what is missing there
    keep quiet, the syntax error speaks)."""
    kept = parsed.split("\n")
    words: set[str] = set()
    stack: list[str] = []  # the openers of the blocks open at this line (as syntax._scope_at, in one pass)
    for line, now in zip(lines, kept):
        code = line.split("#")[0]
        if not now and code.strip():
            words.add(code.split()[0])
            if stack:
                words.add(stack[-1])
        first = code.split()[:1]
        for char in code:
            if char == "{":
                stack.append(first[0] if first else "")
            elif char == "}" and stack:
                stack.pop()
    return frozenset(words - {""})


def _looks_like_rulebook(lines: list[str]) -> bool:
    """Whether the first statement of the text is `rulebook …`, as in every rule file."""
    for line in lines:
        code = line.split("#")[0].split()
        if code:
            return code[0] == "rulebook"
    return False


def read_rulebook(path: Path, label: str) -> RulebookFile:
    """Read and parse a rule file from disk."""
    try:
        text = read_text(path, label, MAX_FILE_BYTES, "a rule file")
    except Unreadable as err:
        raise RuleError(str(err)) from None
    return parse_rulebook(text, label, path)
