"""Bounds on a rule file, so that nothing recursive meets a text too large or too deep.

The limits of one file (its size, its words, its variants, the syntax errors told); the
post-lexer that refuses brackets nested too deeply and numbers too long before lark parses
them; and the depth and size of every expression of a parsed tree, measured without
recursion before anything walks it.
"""

from __future__ import annotations

from collections.abc import Iterator

from lark import Token, Tree

from .errors import Problem, pos_at

MAX_FILE_BYTES = 256 * 1024
MAX_EXPR_DEPTH = 64  # levels of nesting, brackets included
MAX_EXPR_NODES = 256
MAX_SYNTAX_ERRORS = 20
MAX_VARIANTS = 64  # variants in one rule file
MAX_TOKENS = 20_000  # words, numbers and signs in one rule file (classic.risk has 424)
MAX_RECOVERY_TOKENS = 60_000  # tokens parsed in all while recovering from syntax errors
MAX_DIGITS = 18  # longer numbers are out of every range of the language (see docs/rule-language.md)

# Rules of the grammar that are expressions (see the Expressions part of risk.lark).
EXPR_RULES = frozenset([
    "conditional", "or_", "and_", "not_", "lt", "le", "gt", "ge", "eq", "ne",
    "add", "sub", "mul", "floordiv", "div", "mod", "neg", "number", "name", "call",
])


class _TooDeep(Exception):
    def __init__(self, token: Token):
        self.token = token


class _TooLong(_TooDeep):
    pass


class _TooMany(_TooDeep):
    pass


class _BracketGuard:
    """Post-lexer that refuses brackets nested deeper than MAX_EXPR_DEPTH, and numbers longer
    than MAX_DIGITS, before parsing (or converting) them; and notes the words it was given run
    together (`killrates`: the keywords 'kill' and 'rates', with no space between)."""

    always_accept = ()
    lexed = 0  # tokens passed on in the last parse
    glued: list[tuple[Token, Token]] = []  # (a word, the word right after it) in the last parse

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        depth = 0
        self.lexed = 0
        self.glued = []
        previous, end, last = None, -1, ""
        for token in stream:
            if token.start_pos == end and (last.isalnum() or last == "_") and token.value[:1].isalnum():
                self.glued.append((previous, token))
            previous, end, last = token, token.end_pos, token.value[-1:]
            self.lexed += 1
            if self.lexed > MAX_TOKENS:
                raise _TooMany(token)
            if token.type == "LPAR":
                depth += 1
                if depth > MAX_EXPR_DEPTH:
                    raise _TooDeep(token)
            elif token.type == "RPAR":
                depth -= 1
            elif token.type == "_NL":
                depth = 0
            elif token.type == "INT" and len(token) > MAX_DIGITS:
                raise _TooLong(token)
            yield token


def _check_expressions(tree: Tree, label: str, lines: list[str]) -> list[Problem]:
    """Depth and size of every expression, measured without recursion."""
    problems = []
    roots = []
    stack = [tree]
    while stack:  # find the outermost expression nodes
        node = stack.pop()
        for child in node.children:
            if isinstance(child, Tree):
                (roots if child.data in EXPR_RULES else stack).append(child)
    for root in roots:
        nodes, deepest = 0, 0
        todo = [(root, 1)]
        while todo and nodes <= MAX_EXPR_NODES:
            node, depth = todo.pop()
            nodes += 1
            deepest = max(deepest, depth)
            todo.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))
        where = pos_at(label, lines, root.meta.line, root.meta.column)
        if nodes > MAX_EXPR_NODES:
            problems.append(Problem(f"expression too long (more than {MAX_EXPR_NODES} parts)", where))
        elif deepest > MAX_EXPR_DEPTH:
            problems.append(Problem(f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)", where))
    return problems

