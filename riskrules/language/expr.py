"""Expressions over game quantities: checked when loaded, compiled once into closures.

    territories max(3, territories // 3)
    reinforcements total // 2

An expression may use integers, the names its statement allows, + - * / // %,
comparisons, and/or/not, `a if test else b` and the functions min, max, floor, ceil,
abs. Nothing reaches Python's eval: the parse tree is walked once and each node becomes
a small function of the game's quantities. `/` is exact (fractions); an expression
whose value could be a fraction must say how to round it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from collections.abc import Callable, Mapping

from lark import Token, Tree

from .errors import Pos, Problem, RuleError, unknown
from .quantities import ALL, LARGEST

# The quantities an expression may name, and what they mean (the author's guide prints
# these descriptions): each is described, bounded and counted in quantities.py.
QUANTITIES: dict[str, str] = {q.name: q.meaning for q in ALL}
_GAME = frozenset(QUANTITIES) - {"total", "income"}
# The names each kind of expression may use. "setup" numbers are counted before anyone holds
# anything; "game" ones during play, for a player; "neutral" ones for the neutral army.
NAMES_FOR: dict[str, frozenset[str]] = {
    "setup": frozenset({"players"}),
    "game": _GAME,
    "reinforcements": _GAME,
    "neutral": frozenset(QUANTITIES) - {"income"},
    "income": _GAME | {"income"},  # an income cap: `income at most 20 * income - armies`
}
# Names whose value is the same all game long: an expression of these only is a number as
# soon as the number of players is known.
STATIC = frozenset({"players"})
FUNCTIONS: dict[str, tuple[int, int | None]] = {  # name → (fewest, most) arguments
    "min": (1, None),
    "max": (1, None),
    "floor": (1, 1),
    "ceil": (1, 1),
    "abs": (1, 1),
}

Env = Mapping[str, int]
Fn = Callable[[Env], object]

_ARITH = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
}
_COMPARE = {
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
}


class Expression:
    """A checked, compiled expression: call it with the game's quantities."""

    __slots__ = ("text", "pos", "names", "_fn")

    def __init__(self, text: str, pos: Pos | None, names: frozenset[str], fn: Fn):
        self.text, self.pos, self.names, self._fn = text, pos, names, fn

    def __call__(self, env: Env) -> int:
        try:
            value = self._fn(env)
        except ZeroDivisionError:  # check_range refuses any expression whose divisor can be 0
            raise RuleError(f"division by zero in '{self.text}'", self.pos) from None
        # the type check guarantees an integer; check_range, that it is within 0..LARGEST while
        # the quantities are within their documented ranges — beyond them, it is held there
        return min(max(int(value), 0), LARGEST)

    def __repr__(self) -> str:
        return f"Expression({self.text!r})"


@lru_cache(maxsize=1024)
def parse_tree(text: str) -> Tree:
    """The parse tree of an expression (trees are only read, so they may be shared)."""
    from .syntax import parser  # the expression grammar is part of risk.lark

    return parser().parse(text, start="expr")


def compile_expression(text: str, kind: str, pos: Pos | None = None) -> Expression:
    """Parse, check and compile; RuleError (with every problem) if the expression is wrong."""
    tree = parse_tree(text)
    problems: list[Problem] = []
    allowed = NAMES_FOR[kind]
    used: set[str] = set()
    fn, typ = _compile(tree, allowed, used, problems, pos)
    if typ == "bool" and not problems:
        problems.append(Problem(f"'{text}' is a test (true or false), not a number of armies", pos))
    elif typ == "frac" and not problems:
        problems.append(Problem(
            f"'{text}' can give a fraction; round it with floor(…) or ceil(…), or divide with //", pos))
    if problems:
        raise RuleError(problems)
    return Expression(text, pos, frozenset(used), fn)


class Condition:
    """A checked, compiled test (`round > 1`): call it with the game's quantities."""

    __slots__ = ("text", "pos", "names", "_fn")

    def __init__(self, text: str, pos: Pos | None, names: frozenset[str], fn: Fn):
        self.text, self.pos, self.names, self._fn = text, pos, names, fn

    def __call__(self, env: Env) -> bool:
        try:
            return bool(self._fn(env))
        except ZeroDivisionError:
            raise RuleError(f"division by zero in '{self.text}'", self.pos) from None

    def __repr__(self) -> str:
        return f"Condition({self.text!r})"


def compile_condition(text: str, kind: str, pos: Pos | None = None, names: Mapping[str, str] | None = None
                      ) -> Condition:
    """Parse, check and compile a test; RuleError if it is wrong or is a number. `names`, if
    given, are the names it may use instead of its kind's, each with its type, "int" or "bool"
    (a battle's: language/marks.py)."""
    tree = parse_tree(text)
    problems: list[Problem] = []
    used: set[str] = set()
    fn, typ = _compile(tree, NAMES_FOR[kind] if names is None else names, used, problems, pos)
    if typ != "bool" and not problems:
        problems.append(Problem(f"'{text}' is a number, not a test: compare it, as in '{text} > 1'", pos))
    if problems:
        raise RuleError(problems)
    return Condition(text, pos, frozenset(used), fn)


def is_static(expression: Expression) -> bool:
    """Whether the expression has one value for the whole game (it names only `players`)."""
    return expression.names <= STATIC


def _at(pos: Pos | None, token: Token) -> Pos | None:
    if pos is None:
        return None
    return Pos(pos.file, pos.line, pos.col + token.column - 1, pos.text)


def _numeric(t1: str, t2: str = "int") -> str:
    return "frac" if "frac" in (t1, t2) else "int"


def _compile(node, allowed, used, problems, pos) -> tuple[Fn, str]:
    """One node → (function of the quantities, its type: int, frac or bool)."""
    kind = node.data
    kids = node.children

    def sub(child):
        return _compile(child, allowed, used, problems, pos)

    def want_number(t, what):
        if t == "bool":
            problems.append(Problem(f"{what} needs numbers, not a test", pos))

    def want_test(t, what):
        if t != "bool":
            problems.append(Problem(f"{what} needs a test (a comparison), not a number", pos))

    if kind == "number":  # 42
        value = int(kids[0])
        return (lambda env: value), "int"
    if kind == "name":  # territories
        name = str(kids[0])
        if name not in allowed:
            if name in FUNCTIONS:
                problems.append(Problem(f"'{name}' is a function: write {name}(…)", _at(pos, kids[0])))
            else:
                problems.append(Problem(unknown("name", name, sorted(allowed)) +
                                        f" (names allowed here: {', '.join(sorted(allowed))})", _at(pos, kids[0])))
            return (lambda env: 0), "int"
        used.add(name)
        # a mapping of allowed names gives each its type: a battle's marks are tests (marks.py)
        return (lambda env: env[name]), (allowed[name] if isinstance(allowed, Mapping) else "int")
    if kind in _ARITH:  # a + b, a - b, a * b
        (fa, ta), (fb, tb) = sub(kids[0]), sub(kids[1])
        want_number(ta, "arithmetic")
        want_number(tb, "arithmetic")
        op = _ARITH[kind]
        return (lambda env: op(fa(env), fb(env))), _numeric(ta, tb)
    if kind == "div":  # a / b, exact
        (fa, ta), (fb, tb) = sub(kids[0]), sub(kids[1])
        want_number(ta, "division")
        want_number(tb, "division")
        return (lambda env: Fraction(fa(env)) / fb(env)), "frac"
    if kind == "floordiv":  # a // b, rounded down
        (fa, ta), (fb, tb) = sub(kids[0]), sub(kids[1])
        want_number(ta, "division")
        want_number(tb, "division")
        return (lambda env: fa(env) // fb(env)), "int"
    if kind == "mod":  # a % b
        (fa, ta), (fb, tb) = sub(kids[0]), sub(kids[1])
        want_number(ta, "remainder")
        want_number(tb, "remainder")
        return (lambda env: fa(env) % fb(env)), _numeric(ta, tb)
    if kind == "neg":  # -a
        fa, ta = sub(kids[0])
        want_number(ta, "minus")
        return (lambda env: -fa(env)), ta
    if kind in _COMPARE:  # a < b
        (fa, ta), (fb, tb) = sub(kids[0]), sub(kids[1])
        want_number(ta, "a comparison")
        want_number(tb, "a comparison")
        op = _COMPARE[kind]
        return (lambda env: op(fa(env), fb(env))), "bool"
    if kind in ("and_", "or_"):  # a and b, a or b — short-circuit
        (fa, ta), (fb, tb) = sub(kids[0]), sub(kids[1])
        word = kind.rstrip("_")
        want_test(ta, f"'{word}'")
        want_test(tb, f"'{word}'")
        if kind == "and_":
            return (lambda env: fa(env) and fb(env)), "bool"
        return (lambda env: fa(env) or fb(env)), "bool"
    if kind == "not_":  # not a
        fa, ta = sub(kids[0])
        want_test(ta, "'not'")
        return (lambda env: not fa(env)), "bool"
    if kind == "conditional":  # a if test else b
        (fa, ta), (ft, tt), (fb, tb) = sub(kids[0]), sub(kids[1]), sub(kids[2])
        want_test(tt, "'if'")
        if "bool" in (ta, tb):
            problems.append(Problem("both sides of 'if … else' must be numbers", pos))
        return (lambda env: fa(env) if ft(env) else fb(env)), _numeric(ta, tb)
    if kind == "call":  # max(a, b)
        name_token, *args = kids
        name = str(name_token)
        compiled = [sub(a) for a in args]
        if name not in FUNCTIONS:
            problems.append(Problem(unknown("function", name, FUNCTIONS), _at(pos, name_token)))
            return (lambda env: 0), "int"
        fewest, most = FUNCTIONS[name]
        if len(args) < fewest or (most is not None and len(args) > most):
            wanted = f"{fewest}" if most == fewest else f"at least {fewest}"
            problems.append(Problem(f"{name}() takes {wanted} argument{'s' if fewest > 1 else ''}, "
                                    f"not {len(args)}", _at(pos, name_token)))
            return (lambda env: 0), "int"
        for _, t in compiled:
            want_number(t, f"{name}()")
        fns = [f for f, _ in compiled]
        types = [t for _, t in compiled]
        if name in ("floor", "ceil"):
            f0 = fns[0]
            rnd = math.floor if name == "floor" else math.ceil
            return (lambda env: rnd(f0(env))), "int"
        if name == "abs":
            f0 = fns[0]
            return (lambda env: abs(f0(env))), types[0]
        pick = min if name == "min" else max
        if len(fns) == 2:  # (the usual two, as the general form picks them: no generator)
            f0, f1 = fns
            return (lambda env: pick(f0(env), f1(env))), ("frac" if "frac" in types else "int")
        return (lambda env: pick(f(env) for f in fns)), ("frac" if "frac" in types else "int")
    raise AssertionError(f"unknown expression node {kind}")


# ---- Ranges: what an expression can give, checked when loaded ---------------------------------

class Range:
    """A closed interval of exact numbers (a test is the range 0..1)."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo, hi):
        self.lo, self.hi = Fraction(lo), Fraction(hi)

    def __repr__(self) -> str:
        return f"Range({self.lo}, {self.hi})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Range) and (self.lo, self.hi) == (other.lo, other.hi)

    @property
    def empty(self) -> bool:
        return self.lo > self.hi

    def has(self, value) -> bool:
        return self.lo <= value <= self.hi


_TEST = Range(0, 1)
_FLIP = {"lt": "ge", "le": "gt", "gt": "le", "ge": "lt", "eq": "ne", "ne": "eq"}
_MIRROR = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}


def name_ranges(board_size: int, continents: int, deck: int, most_players: int) -> dict[str, Range]:
    """What each quantity can be in a game on a board of `board_size` territories (see
    docs/rule-language.md, "Numbers and their ranges")."""
    limits = {"board_size": board_size, "continents": continents, "deck": deck, "most_players": most_players}
    return {q.name: Range(q.lowest, limits[q.highest] if isinstance(q.highest, str) else q.highest) for q in ALL}


def check_range(text: str, ranges: Mapping[str, Range], pos: Pos | None = None,
                ceiling: int = LARGEST, floor: int = 0) -> tuple[Range, list[Problem]]:
    """The range of a (compiled, so well-typed) expression when its names take any value in
    `ranges`, and its problems: a result that can be below `floor` or above `ceiling`, or a division
    (/, //, %) whose divisor can be 0. Interval arithmetic over the tree; an `if` narrows the
    names its test compares with a number, so `10 // territories if territories > 0 else 0`
    is sound."""
    tree = parse_tree(text)
    problems: list[Problem] = []
    found = _range(tree, dict(ranges), text, pos, problems)
    if not problems:
        if found.lo < floor:
            problems.append(Problem(f"'{text}' can be less than {floor:,} (as low as {_show(found.lo)}, "
                                    f"{_names_text(tree, ranges)})", pos))
        if found.hi > ceiling:
            problems.append(Problem(f"'{text}' can be more than {ceiling:,} (up to {_show(found.hi)}, "
                                    f"{_names_text(tree, ranges)})", pos))
    return found, problems


def _show(value: Fraction) -> str:
    text = f"{value.numerator:,}" if value.denominator == 1 else str(value)
    return text if len(text) <= 24 else f"about 10^{len(str(abs(value.numerator))) - len(str(value.denominator))}"


def _names_in(node) -> list[str]:
    found: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.data == "name" and str(n.children[0]) not in found:
            found.append(str(n.children[0]))
        stack.extend(c for c in n.children if isinstance(c, Tree))
    return sorted(found)


def _names_text(node, ranges: Mapping[str, Range]) -> str:
    names = [n for n in _names_in(node) if n in ranges]
    if not names:
        return "whatever happens"
    return "with " + ", ".join(f"{n} from {_show(ranges[n].lo)} to {_show(ranges[n].hi)}" for n in names)


def _span(values) -> Range:
    values = list(values)
    return Range(min(values), max(values))


def _range(node, env: dict[str, Range], text: str, pos: Pos | None, problems: list[Problem]) -> Range:
    kind = node.data
    kids = node.children

    def sub(child, scope=env):
        return _range(child, scope, text, pos, problems)

    if kind == "number":
        return Range(int(kids[0]), int(kids[0]))
    if kind == "name":
        return env.get(str(kids[0]), Range(0, 0))
    if kind == "neg":
        a = sub(kids[0])
        return Range(-a.hi, -a.lo)
    if kind in ("add", "sub", "mul"):
        a, b = sub(kids[0]), sub(kids[1])
        if kind == "add":
            return Range(a.lo + b.lo, a.hi + b.hi)
        if kind == "sub":
            return Range(a.lo - b.hi, a.hi - b.lo)
        return _span(x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi))
    if kind in ("div", "floordiv", "mod"):
        a, b = sub(kids[0]), sub(kids[1])
        if b.has(0):
            where = _at_node(pos, kids[1])
            problems.append(Problem(f"'{text}' can divide by zero: '{_source(text, kids[1])}' can be 0 "
                                    f"({_names_text(kids[1], env)})", where))
            return Range(0, 0)
        if kind == "mod":
            if b.lo > 0:
                return a if a.lo >= 0 and a.hi < b.lo else Range(0, b.hi - (1 if _whole(a, b) else 0))
            return Range(b.lo + (1 if _whole(a, b) else 0), 0)
        quotients = [x / y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        if kind == "floordiv":
            return Range(math.floor(min(quotients)), math.floor(max(quotients)))
        return _span(quotients)
    if kind in _COMPARE or kind in ("and_", "or_", "not_"):
        for child in kids:
            sub(child)
        return _TEST
    if kind == "conditional":
        then, test, other = kids
        sub(test)
        yes, no = _narrow(test, env, True), _narrow(test, env, False)
        parts = [sub(branch, scope) for branch, scope in ((then, yes), (other, no)) if scope is not None]
        return Range(min(p.lo for p in parts), max(p.hi for p in parts)) if parts else Range(0, 0)
    if kind == "call":
        name = str(kids[0])
        args = [sub(a) for a in kids[1:]]
        if not args or name not in FUNCTIONS:
            return Range(0, 0)
        if name in ("floor", "ceil"):
            rnd = math.floor if name == "floor" else math.ceil
            return Range(rnd(args[0].lo), rnd(args[0].hi))
        if name == "abs":
            a = args[0]
            low = 0 if a.has(0) else min(abs(a.lo), abs(a.hi))
            return Range(low, max(abs(a.lo), abs(a.hi)))
        if name == "min":
            return Range(min(a.lo for a in args), min(a.hi for a in args))
        return Range(max(a.lo for a in args), max(a.hi for a in args))
    raise AssertionError(f"unknown expression node {kind}")


def _whole(a: Range, b: Range) -> bool:
    return all(v.denominator == 1 for v in (a.lo, a.hi, b.lo, b.hi))


def _source(text: str, node) -> str:
    meta = getattr(node, "meta", None)
    if meta is None or getattr(meta, "empty", True):
        return text
    return text[meta.start_pos:meta.end_pos]


def _at_node(pos: Pos | None, node) -> Pos | None:
    meta = getattr(node, "meta", None)
    if pos is None or meta is None or getattr(meta, "empty", True):
        return pos
    return Pos(pos.file, pos.line, pos.col + meta.column - 1, pos.text)


def _narrow(test, env: dict[str, Range], truth: bool) -> dict[str, Range] | None:
    """The ranges of the names when `test` is `truth` (None: it cannot be). Only what a test
    of a name against a number (and `and`, `or`, `not` of such tests) says is used."""
    kind = test.data
    if kind == "not_":
        return _narrow(test.children[0], env, not truth)
    if kind in ("and_", "or_"):
        both = (kind == "and_") == truth
        left = _narrow(test.children[0], env, truth)
        if both:  # both hold: narrow by each in turn
            return None if left is None else _narrow(test.children[1], left, truth)
        right = _narrow(test.children[1], env, truth)  # one of them holds: the hull of the two
        if left is None or right is None:
            return right if left is None else left
        return {k: Range(min(left[k].lo, right[k].lo), max(left[k].hi, right[k].hi)) for k in env}
    if kind not in _COMPARE:
        return env
    a, b = test.children
    op = kind if truth else _FLIP[kind]
    if a.data == "number" and b.data == "name":
        a, b, op = b, a, _MIRROR[op]
    if not (a.data == "name" and b.data == "number") or str(a.children[0]) not in env:
        return env
    name, c = str(a.children[0]), Fraction(int(b.children[0]))
    r = env[name]
    lo, hi = r.lo, r.hi
    if op == "lt":
        hi = min(hi, c - 1)
    elif op == "le":
        hi = min(hi, c)
    elif op == "gt":
        lo = max(lo, c + 1)
    elif op == "ge":
        lo = max(lo, c)
    elif op == "eq":
        lo, hi = max(lo, c), min(hi, c)
    elif op == "ne" and lo == hi == c:
        return None
    elif op == "ne" and lo == c:
        lo += 1
    elif op == "ne" and hi == c:
        hi -= 1
    if lo > hi:
        return None
    return {**env, name: Range(lo, hi)}
