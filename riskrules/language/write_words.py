"""The words and expressions of rule text, checked: the pieces write.py makes statements of.

Each helper gives the text of one word, number, quoted text or expression, or raises ValueError
when no text of the language can say the value (write.py's docstring tells the rules).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache, partial
from typing import Any

from lark import Tree

from .parse import parse_rulebook

_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INT = re.compile(r"[0-9]+")
_PHRASE = re.compile(r"[a-z]+(_[a-z]+)*")  # the words of a closed vocabulary, joined with '_'
_COUNT_KEY = re.compile(r"[0-9]+(-[0-9]+|\+)?")


# ---- Words -----------------------------------------------------------------------------------

def _check(pattern: re.Pattern, value: Any, what: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ValueError(f"cannot write {value!r} as {what}")
    return value


_id = partial(_check, _ID, what="an id")
_name = partial(_check, _NAME, what="a name")


def _phrase(value: Any) -> str:
    return _check(_PHRASE, value, "a phrase").replace("_", " ")


def _string(value: Any) -> str:
    """A quoted text. The grammar's STRING has no escapes: what stands between the quotes is the
    value, backslashes included, so a double quote or a line break cannot be written."""
    if not isinstance(value, str) or any(c in value for c in '"\n\r'):
        raise ValueError(f"cannot write {value!r} as a quoted text: it may hold no double quote or line break")
    return f'"{value}"'


def _int(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"cannot write {value!r} as a whole number")
    return str(value)


def _signed(value: Any) -> str:
    """A whole number that may be below 0 (seat compensation)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"cannot write {value!r} as a whole number")
    return str(value)


def _choice(value: Any, words: Mapping[Any, str]) -> str:
    if not isinstance(value, (str, bool)) or value not in words:
        raise ValueError(f"cannot write {value!r}: expected one of {', '.join(map(repr, words))}")
    return words[value]


_yes = partial(_choice, words={True: "yes", False: "no"})
_sight = partial(_choice, words={"owner_and_armies": "owner and armies", "owner": "owner", "nothing": "nothing"})


def _key(low: int, high: int | None) -> str:
    """A count key: 2, 2-3, 5+."""
    return f"{_int(low)}+" if high is None else _int(low) if low == high else f"{_int(low)}-{_int(high)}"


# ---- Expressions -------------------------------------------------------------------------------

# How tightly each expression rule of risk.lark binds (higher: tighter), and its sign.
_LEVEL = {"conditional": 0, "or_": 1, "and_": 2, "not_": 3, "lt": 4, "le": 4, "gt": 4, "ge": 4, "eq": 4, "ne": 4,
          "add": 5, "sub": 5, "mul": 6, "floordiv": 6, "div": 6, "mod": 6, "neg": 7, "number": 8, "name": 8,
          "call": 8}
_SIGN = {"or_": "or", "and_": "and", "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!=",
         "add": "+", "sub": "-", "mul": "*", "floordiv": "//", "div": "/", "mod": "%"}


def write_expression(expr: int | str | Tree) -> str:
    """An expression as rule text: an int as a number; a source text as it stands, once checked;
    a lark tree of the expression rules with the brackets its precedence needs."""
    if isinstance(expr, int) and not isinstance(expr, bool):
        return str(expr)
    if isinstance(expr, str):
        return _expression_text(expr)
    if isinstance(expr, Tree):
        return _tree(expr, 0)
    raise ValueError(f"cannot write {expr!r} as an expression")


@lru_cache(maxsize=1024)
def _expression_text(text: str) -> str:
    # A line break or '#' would end the statement early; anything else is seen by the parser.
    if text and not any(c in text for c in "\n\r#"):
        book = parse_rulebook(f"rulebook x\nreinforcements {{ territories {text} }}\n", "expression")
        if not book.problems and [a.value for a in book.assigns] == [text]:
            return text
    raise ValueError(f"cannot write {text!r}: it is not one expression")


def _tree(node: Tree, need: int) -> str:
    """`node` as text, in brackets when it binds less tightly than `need`."""
    kind = str(node.data)
    if kind not in _LEVEL:
        raise ValueError(f"cannot write the tree {kind!r} as an expression")
    level, c = _LEVEL[kind], node.children
    if kind == "number":
        text = _check(_INT, str(c[0]), "a number")
    elif kind == "name":
        text = _name(str(c[0]))
    elif kind == "call":
        text = f"{_name(str(c[0]))}({', '.join(_tree(arg, 0) for arg in c[1:])})"
    elif kind == "conditional":
        text = f"{_tree(c[0], 1)} if {_tree(c[1], 1)} else {_tree(c[2], 0)}"
    elif kind == "not_":
        text = "not " + _tree(c[0], level)
    elif kind == "neg":
        text = "-" + _tree(c[0], level)
    elif level == 4:  # comparisons do not chain: both sides are sums
        text = f"{_tree(c[0], 5)} {_SIGN[kind]} {_tree(c[1], 5)}"
    else:  # left-associative: a - (b - c) keeps its brackets, (a - b) - c loses them
        text = f"{_tree(c[0], level)} {_SIGN[kind]} {_tree(c[1], level + 1)}"
    return f"({text})" if level < need else text


_num = write_expression  # where the grammar has `num`: an int, or an expression


def _only(value: Any, written: Any, text: str) -> str:
    """A statement that says one thing: `value` must be what it says (nothing says the default)."""
    if value != written or type(value) is not type(written):
        raise ValueError(f"cannot write {value!r}: only '{text}' is a statement")
    return text
