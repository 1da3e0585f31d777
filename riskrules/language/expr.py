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

# The quantities an expression may name, and what they mean (the author's guide prints
# these descriptions). "The player" is the one the rule is counted for: who receives the
# armies, trades the set, holds the mission or plays the turn.
QUANTITIES: dict[str, str] = {
    "territories": "territories held by the player",
    "continents": "continents wholly held by the player",
    "armies": "armies the player has on the board",
    "cards": "cards in the player's hand",
    "own_trades": "sets the player has traded so far in the game",
    "trades": "sets traded so far by all players together",
    "players": "players at the start of the game, a neutral army not counted",
    "alive_players": "players still in the game, a neutral army not counted",
    "round": "the round of play, 1 for the first (0 during the setup)",
    "total": "the active player's reinforcements this turn (neutral reinforcements only)",
}
_GAME = frozenset(QUANTITIES) - {"total"}
# The names each kind of expression may use. "setup" numbers are counted before anyone holds
# anything; "game" ones during play, for a player; "neutral" ones for the neutral army.
NAMES_FOR: dict[str, frozenset[str]] = {
    "setup": frozenset({"players"}),
    "game": _GAME,
    "reinforcements": _GAME,
    "neutral": frozenset(QUANTITIES),
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
LARGEST = 1_000_000  # an army count beyond this is a rule file's mistake, not a game

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
        except ZeroDivisionError:
            raise RuleError(f"division by zero in '{self.text}'", self.pos) from None
        value = int(value)  # the type check guarantees an integer
        if value > LARGEST:
            raise RuleError(f"'{self.text}' gives {value}, more than {LARGEST:,} armies", self.pos)
        return max(value, 0)

    def __repr__(self) -> str:
        return f"Expression({self.text!r})"


@lru_cache(maxsize=1024)
def parse_tree(text: str) -> Tree:
    """The parse tree of an expression (trees are only read, so they may be shared)."""
    from .parse import parser  # the expression grammar is part of risk.lark

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


def compile_condition(text: str, kind: str, pos: Pos | None = None) -> Condition:
    """Parse, check and compile a test; RuleError if it is wrong or is a number."""
    tree = parse_tree(text)
    problems: list[Problem] = []
    used: set[str] = set()
    fn, typ = _compile(tree, NAMES_FOR[kind], used, problems, pos)
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
        return (lambda env: env[name]), "int"
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
        return (lambda env: pick(f(env) for f in fns)), ("frac" if "frac" in types else "int")
    raise AssertionError(f"unknown expression node {kind}")
