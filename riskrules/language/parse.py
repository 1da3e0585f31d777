"""Parsing: the text of a rule file → a `RulebookFile` of positioned assignments.

The grammar is `grammar/risk.lark` (LALR, contextual lexer). Syntax errors are
recovered line by line so that one run reports all of them; every message carries
file, line and column. Expressions are bounded in depth and size before anything
recursive touches them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any
from collections.abc import Iterator

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import parser_cache
from .errors import N_, Pos, Problem, RuleError, did_you_mean, problem
from .files import Unreadable, read_text
from .model import Assign, Overlay, RulebookFile, Variant
from ..resources import grammar_path

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
    than MAX_DIGITS, before parsing (or converting) them."""

    always_accept = ()
    lexed = 0  # tokens passed on in the last parse

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        depth = 0
        self.lexed = 0
        for token in stream:
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


@cache
def parser() -> Lark:
    """The LALR parser of risk.lark, from the user's private cache when it is safe to use
    (see parser_cache: never lark's own cache=True, a pickle in the shared temp directory)."""
    grammar = grammar_path().read_text(encoding="utf-8")
    cache_file = parser_cache.cache_file(grammar)
    built = Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start=["start", "expr"],
        propagate_positions=True,
        postlex=_BracketGuard(),
        cache=cache_file or False,
    )
    parser_cache.settle(cache_file)
    return built


# ---- Syntax errors ---------------------------------------------------------------------

def _expected_words(expected: set[str]) -> list[str]:
    """Terminal names → what the author would type, in a stable order."""
    words = set()
    lark = parser()
    for name in expected:
        if name.startswith("_NL"):
            words.add("end of line")
            continue
        try:
            pattern = lark.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            words.add(pattern.value)
        else:
            words.add({"INT": "a number", "NAME": "a name", "ID": "an id", "STRING": "a quoted text"}.get(name, name))
    return sorted(words, key=lambda w: (not w[0].isalpha(), w))


def _syntax_message(err: UnexpectedInput, source_line: str) -> str:
    if isinstance(err, UnexpectedEOF):
        return "unexpected end of file; a '}' is missing"
    if isinstance(err, UnexpectedCharacters):
        char = source_line[err.column - 1] if 0 < err.column <= len(source_line) else "?"
        return f"unexpected character '{char}'"
    assert isinstance(err, UnexpectedToken)
    token = err.token
    if token.type == "$END":
        return "unexpected end of file; a '}' is missing"
    found = "end of line" if token.type == "_NL" else f"'{token.value}'"
    words = _expected_words(set(err.expected))
    message = f"unexpected {found}"
    if words:
        message += "; expected " + (words[0] if len(words) == 1 else "one of: " + ", ".join(words))
        if token.type != "_NL":
            message += did_you_mean(str(token.value), [w for w in words if w[0].isalpha() and " " not in w])
    return message


# ---- Words that begin a statement, per block: derived from the grammar -------------------------

@cache
def _first_words(symbol: str) -> frozenset[str]:
    """The keywords a rule (or terminal) can begin with."""
    lark = parser()
    words: set[str] = set()
    todo, seen = [symbol], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name.isupper():
            try:
                pattern = lark.get_terminal(name).pattern
            except KeyError:
                continue
            if pattern.type == "str" and pattern.value.isalpha():
                words.add(pattern.value)
            continue
        todo.extend(rule.expansion[0].name for rule in lark.rules if rule.origin.name == name and rule.expansion)
    return frozenset(words)


@cache
def _scopes() -> dict[str, frozenset[str]]:
    """Block opener ('' for the top level, 'cards', 'variant', 'for', …) → the statements it holds."""
    lark = parser()
    scopes = {"": _first_words("_top")}
    for rule in lark.rules:
        inner = next((s.name[len("_block{"):-1] for s in rule.expansion if s.name.startswith("_block{")), None)
        if inner and rule.origin.name[:1] != "_":
            for opener in _first_words(rule.origin.name):
                scopes[opener] = _first_words(inner)
    return scopes


def _scope_at(lines: list[str], index: int) -> str:
    """The opener of the innermost block still open at line `index` (0-based)."""
    stack: list[str] = []
    for line in lines[:index]:
        code = line.split("#")[0]
        words = code.split()
        for char in code:
            if char == "{":
                stack.append(words[0] if words else "")
            elif char == "}" and stack:
                stack.pop()
    return stack[-1] if stack else ""


_RULEBOOK_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def _statement_problem(lines: list[str], line: int, label: str) -> Problem | None:
    """A clearer message when the faulty line begins with a word that cannot begin a statement
    there (a misspelt section or statement, or one in the wrong block), or names a bad id."""
    index = line - 1
    if not 0 <= index < len(lines):
        return None
    code = lines[index].split("#")[0]
    words = code.split()
    if not words or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", words[0]):
        return None
    previous = next((p.split("#")[0].rstrip() for p in reversed(lines[:index]) if p.split("#")[0].strip()), "")
    if previous.endswith(","):
        return None  # a list going on from the line before
    word, col = words[0], code.index(words[0]) + 1
    where = _pos(label, lines, line, col)
    if word == "rulebook" and len(words) > 1 and not _RULEBOOK_ID.fullmatch(words[1]):
        hint = "-".join(re.findall(r"[a-z0-9]+", words[1].lower())) or "my-rules"
        if not hint[0].isalpha():
            hint = "r" + hint
        return problem(N_("'{word}' cannot be a rulebook id: an id is lower-case letters and digits, words "
                          "joined by '-' (such as '{hint}')"),
                       _pos(label, lines, line, code.index(words[1], col + len(word)) + 1), word=words[1][:40],
                       hint=hint[:40])
    scopes = _scopes()
    allowed = scopes.get(_scope_at(lines, index), scopes[""])
    if word in allowed:
        return None
    homes = sorted(opener for opener, words_there in scopes.items() if opener and word in words_there
                   and opener not in ("variant", "for"))
    if homes:
        return problem(N_("'{word}' does not belong here; it goes in a '{section} {{ … }}' block"), where,
                       word=word, section=homes[0])
    if word in scopes[""]:
        return problem(N_("'{word}' belongs at the top of the file, outside any block"), where, word=word)
    suggestion = did_you_mean(word, sorted(allowed))
    if suggestion:
        return problem(N_("unknown statement '{word}'; did you mean '{suggestion}'?"), where, word=word[:40],
                       suggestion=suggestion.split("'")[1])
    return problem(N_("unknown statement '{word}'; expected one of: {words}"), where, word=word[:40],
                   words=", ".join(sorted(allowed)))


def _error_position(err: UnexpectedInput, lines: list[str]) -> tuple[int, int]:
    if isinstance(err, UnexpectedToken) and err.token.type == "_NL":
        # Point just after the last word of the line, where something is missing.
        line = err.token.line
        return line, len(lines[line - 1].split("#")[0].rstrip()) + 1
    line = getattr(err, "line", -1)
    col = getattr(err, "column", -1)
    if line is None or line < 1:
        line = max(1, len(lines))
        col = len(lines[line - 1]) + 1
    return line, max(1, col)


def _block_end(lines: list[str], start: int) -> int:
    """The index of the line that closes a block opened on line `start` (0-based)."""
    depth = 0
    for i in range(start, len(lines)):
        code = lines[i].split("#")[0]
        depth += code.count("{") - code.count("}")
        if depth <= 0:
            return i
    return len(lines) - 1


def _parse_tree(text: str, label: str) -> tuple[Tree | None, str, list[str], list[Problem]]:
    """Parse, recovering from syntax errors by blanking the faulty line (or block).

    Returns the tree of what could be parsed (None if nothing could), the text that was
    parsed (blanked lines keep their place, so line numbers hold but offsets do not),
    the original source lines, and the syntax problems found on the way.
    """
    lines = text.split("\n")
    work = list(lines)
    problems: list[Problem] = []
    lark = parser()
    lexed = 0
    for _ in range(MAX_SYNTAX_ERRORS):
        if lexed > MAX_RECOVERY_TOKENS:  # recovering costs a parse each time: bounded work
            break
        parsed = "\n".join(work) + "\n"
        try:
            tree = lark.parse(parsed, start="start")
        except _TooMany as many:
            line, col = many.token.line, many.token.column
            problems.append(Problem(f"too long: more than {MAX_TOKENS:,} words, numbers and signs in one file",
                                    _pos(label, lines, line, col)))
            break
        except _TooDeep as deep:
            line, col = deep.token.line, deep.token.column
            message = (f"number too long (more than {MAX_DIGITS} digits)" if isinstance(deep, _TooLong)
                       else f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)")
        except UnexpectedInput as err:
            line, col = _error_position(err, work)
            message = _syntax_message(err, lines[line - 1] if line <= len(lines) else "")
            if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
                problems.append(Problem(message, _pos(label, lines, line, col)))
                break
            clearer = _statement_problem(work, line, label)
            if clearer is not None:
                problems.append(clearer)
                message = ""
        else:
            return tree, parsed, lines, problems
        finally:
            lexed += lark.options.postlex.lexed
        if message:
            problems.append(Problem(message, _pos(label, lines, line, col)))
        index = line - 1
        if index >= len(work) or not work[index].strip():
            break
        end = _block_end(work, index) if "{" in work[index].split("#")[0] else index
        for i in range(index, end + 1):
            work[i] = ""
    return None, "", lines, problems


def _pos(label: str, lines: list[str], line: int, col: int) -> Pos:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return Pos(label, line, col, text)


# ---- Bounds on expressions ------------------------------------------------------------------

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
        where = _pos(label, lines, root.meta.line, root.meta.column)
        if nodes > MAX_EXPR_NODES:
            problems.append(Problem(f"expression too long (more than {MAX_EXPR_NODES} parts)", where))
        elif deepest > MAX_EXPR_DEPTH:
            problems.append(Problem(f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)", where))
    return problems


# ---- Tree → assignments ----------------------------------------------------------------------

# Statements whose value is one word or phrase of a closed vocabulary, and the path they set.
_PHRASES: dict[str, tuple[str, ...]] = {
    "deal_or_draft": ("setup", "territories"),
    "first_player": ("setup", "first_player"),
    "trade_counter": ("cards", "counter"),
    "attacker_rolls": ("battle", "attacker_rolls"),
    "ties": ("battle", "ties"),
    "minimum_move": ("battle", "minimum_move"),
    "fortify_path": ("fortify", "path"),
    "mission_timing": ("missions", "timing"),
    "neutral_player": ("neutral", "played_by"),
    "neutral_attacks": ("neutral", "attacks"),
}
# Statements whose value is yes/no.
_FLAGS: dict[str, tuple[str, ...]] = {
    "fortify_split": ("fortify", "split"),
    "capture_cards": ("capitals", "capture_takes_cards"),
    "capture_victim": ("capitals", "capture_eliminates"),
    "neutral_cards": ("neutral", "cards"),
    "trench": ("battle", "trench"),
}
# Statements whose value is one number.
_NUMBERS: dict[str, tuple[str, ...]] = {
    "placement": ("setup", "placement"),
    "must_trade": ("cards", "must_trade"),
    "card_draw": ("cards", "draw"),
    "neutral_placement": ("neutral", "placement"),
}
# Vocabulary rules (`!rule` in the grammar): their words joined with '_'.
_VOCABULARY = frozenset([
    "phase", "goal", "assignment", "first_player_rule", "counter_scope", "bonus_scope", "elimination_trade",
    "dice_rule", "defender_rule", "side", "move_rule", "path_rule", "timing_rule", "capture_replacement",
    "player_rule", "neutral_attack_rule", "yes_no", "tie_break",
])


class _Header:
    def __init__(self, key: str, value: Any, pos: Pos, is_path: bool = False):
        self.key, self.value, self.pos, self.is_path = key, value, pos, is_path


class _Table:
    """A parsed table: its value and the position of each entry."""

    def __init__(self, value: Any, parts: dict[tuple, Pos]):
        self.value, self.parts = value, parts


@v_args(meta=True)
class _Builder(Transformer):
    def __init__(self, label: str, lines: list[str], parsed: str):
        super().__init__(visit_tokens=False)
        self.label, self.lines = label, lines
        self.text = parsed  # what the offsets in the tree refer to
        self.problems: list[Problem] = []

    # helpers
    def at(self, token: Token) -> Pos:
        return _pos(self.label, self.lines, token.line, token.column)

    def here(self, meta) -> Pos:
        return _pos(self.label, self.lines, meta.line, meta.column)

    def problem(self, message: str, pos: Pos) -> None:
        self.problems.append(Problem(message, pos))

    def __default__(self, data, children, meta):
        name = data.value if isinstance(data, Token) else data
        if name in _VOCABULARY:
            words = [c for c in children if isinstance(c, Token) and c.type != "INT"]
            numbers = [int(c) for c in children if isinstance(c, Token) and c.type == "INT"]
            phrase = "_".join(w.value for w in words)
            if name == "yes_no":
                return phrase == "yes"
            return (phrase, numbers) if numbers else phrase
        if name in _PHRASES:
            return Assign(_PHRASES[name], children[0], self.here(meta))
        if name in _FLAGS:
            return Assign(_FLAGS[name], children[0], self.here(meta))
        if name in _NUMBERS:
            return Assign(_NUMBERS[name], int(children[0]), self.here(meta))
        if name in EXPR_RULES:
            return Tree(name, children, meta)  # kept whole: statements take their source text
        raise AssertionError(f"grammar rule {name!r} has no builder")

    # ---- header
    def rulebook(self, meta, c):
        return _Header("id", str(c[0]), self.at(c[0]))

    def extends(self, meta, c):
        value, is_path, pos = c[0]
        return _Header("extends", value, pos, is_path)

    def ref(self, meta, c):
        tok = c[0]
        if tok.type == "STRING":
            return tok.value[1:-1], True, self.at(tok)
        return tok.value, False, self.at(tok)

    def title(self, meta, c):
        return _Header("title", c[0].value[1:-1], self.at(c[0]))

    def language(self, meta, c):
        return _Header("language", str(c[0]), self.at(c[0]))

    def base(self, meta, c):
        return _Header("base", True, self.here(meta))

    # ---- structure
    def start(self, meta, c):
        return c

    def variant_base(self, meta, c):
        return c[0]

    def variant(self, meta, c):
        name = c[0]
        base = title = None
        default = False
        body: list = []
        for item in c[1:]:
            if isinstance(item, Token) and item.type == "ID":
                base = item
            elif isinstance(item, Token) and item.type == "STRING":
                title = item.value[1:-1]
            elif isinstance(item, Token) and item.type == "DEFAULT":
                default = True
            else:
                body.append(item)
        self.problems += _scope_warnings(list(_scope_items(body)))
        assigns, overlays = _split(body)
        return Variant(str(name), title, default, str(base) if base else None, self.at(name), assigns, overlays,
                       self.at(base) if base else None)

    def overlay(self, meta, c):
        key = c[0]
        self.problems += _scope_warnings(list(_scope_items(c[1:])))
        assigns, _ = _split(c[1:])  # the grammar allows no overlay inside an overlay
        return Overlay(key["low"], key["high"], key["pos"], assigns)

    # ---- statements
    def teams(self, meta, c):
        return Assign(("teams",), {"count": int(c[0]), "fortify_partners": len(c) > 1}, self.here(meta),
                      {("count",): self.at(c[0])})

    def team_fortify(self, meta, c):
        return True

    def board(self, meta, c):
        value, _, pos = c[0]
        return Assign(("board",), value, pos)

    def players(self, meta, c):
        low, high = c
        return Assign(
            ("players",), {"min": int(low), "max": int(high)}, self.here(meta),
            {("min",): self.at(low), ("max",): self.at(high)},
        )

    def colours(self, meta, c):
        return Assign(("colours",), [str(t) for t in c], self.here(meta), {(i,): self.at(t) for i, t in enumerate(c)})

    def pieces(self, meta, c):
        return Assign(("pieces",), [int(t) for t in c], self.here(meta))

    def terms(self, meta, c):
        return list(c)

    def term(self, meta, c):
        key, value = c
        return Assign(("terms", str(key)), str(value), self.at(key), {("=",): self.at(value)})

    def turn(self, meta, c):
        # the conditions are set with the phases, so that a new 'turn' drops the old ones
        pos = self.here(meta)
        conditions = {phase: text for phase, text, _ in c if text is not None}
        parts = {(phase,): where for phase, text, where in c if text is not None}
        return [Assign(("turn",), [phase for phase, _, _ in c], pos),
                Assign(("conditions",), conditions, pos, parts)]

    def turn_phase(self, meta, c):
        if len(c) == 1:
            return c[0], None, None
        return c[0], self._expression(c[1]), self._expr_pos(c[1])

    def victory(self, meta, c):
        # a round limit stays when a later rulebook (or 'for 2 players') restates the goal alone
        pos = self.here(meta)
        out = [Assign(("victory",), c[0], pos)]
        if len(c) > 1:
            (rounds, where), tie_break = c[1]
            out.append(Assign(("round_limit",), {"rounds": rounds, "by": tie_break}, pos, {("rounds", "="): where}))
        return out

    def round_limit(self, meta, c):
        return c[0], c[1]

    def num(self, meta, c):
        """A number or an expression: (an int, or the expression's text; its position)."""
        node = c[0]
        where = self._expr_pos(node)
        if isinstance(node, Tree) and node.data == "number":
            return int(node.children[0]), where
        if isinstance(node, Tree) and node.data == "neg" and isinstance(node.children[0], Tree) \
                and node.children[0].data == "number":
            return -int(node.children[0].children[0]), where
        return self._expression(node), where

    def starting_armies(self, meta, c):
        return Assign(("starting_armies",), c[0].value, self.here(meta), c[0].parts)

    def territory_armies(self, meta, c):
        return Assign(("reinforcements", "territories"), self._expression(c[0]), self.here(meta),
                      {("=",): self._expr_pos(c[0])})

    def continent_bonus(self, meta, c):
        return [Assign(("continents", name), value, pos, {("=",): where}) for name, (value, where), pos in c[0]]

    def fixed_sets(self, meta, c):
        values, parts = {}, {}
        for symbol, (value, where), pos in c:
            if symbol in values:
                self.problem(f"the set '{symbol}' is given twice", pos)
            values[symbol] = value
            parts[("values", symbol)] = pos
            parts[("values", symbol, "=")] = where
        return Assign(("cards", "sets"), {"kind": "fixed", "values": values}, self.here(meta), parts)

    def set_value(self, meta, c):
        count, symbol, value = c
        if int(count) != 3:
            self.problem(f"a set of one symbol is 3 cards: write '3 {symbol}'", self.at(count))
        return str(symbol), value, self.at(symbol)

    def mixed_set_value(self, meta, c):
        count, value = c
        if int(count) != 1:
            self.problem("a mixed set is one card of each symbol: write '1 of each'", self.at(count))
        return "mixed", value, self.at(count)

    def escalating_sets(self, meta, c):
        step = None
        numbers = list(c)
        if numbers and isinstance(numbers[-1], tuple):
            step = numbers.pop()
        value = {"kind": "escalating", "values": [v for v, _ in numbers], "step": step[0] if step else 0}
        parts = {("values", i): where for i, (_, where) in enumerate(numbers)}
        if step:
            parts[("step",)] = step[1]
        return Assign(("cards", "sets"), value, self.here(meta), parts)

    def escalation_tail(self, meta, c):
        return c[0]

    def flat_sets(self, meta, c):
        value, where = c[0]
        return Assign(("cards", "sets"), {"kind": "flat", "value": value}, self.here(meta), {("value",): where})

    def no_sets(self, meta, c):
        return Assign(("cards", "sets"), {"kind": "none"}, self.here(meta))

    def set_cap(self, meta, c):
        value, where = c[0]
        return Assign(("cards", "cap"), value, self.here(meta), {("=",): where})

    def escalation_start(self, meta, c):
        return Assign(("cards", "escalation_after"), c[0][0], self.here(meta), {("=",): c[0][1]})

    def escalation_round(self, meta, c):
        return {"round": c[0][0]}, c[0][1]

    def escalation_trades(self, meta, c):
        return {"trades": c[0][0]}, c[0][1]

    def territory_bonus(self, meta, c):
        (armies, where), scope = c
        return Assign(("cards", "territory_bonus"), {"armies": armies, "per": scope.removeprefix("per_")},
                      self.here(meta), {("armies", "="): where})

    def after_elimination(self, meta, c):
        cards, rule = c
        if isinstance(rule, tuple):
            value = {"cards": int(cards), "trade": "at_once", "down_to": rule[1][0]}
        else:
            value = {"cards": int(cards), "trade": "next_reinforcement"}
        return Assign(("cards", "after_elimination"), value, self.here(meta))

    def attacker_dice(self, meta, c):
        return Assign(("battle", "attacker_dice"), c[0].value, self.here(meta), c[0].parts)

    def defender_dice(self, meta, c):
        table, rule = c
        pos = self.here(meta)
        return [
            Assign(("battle", "defender_dice"), table.value, pos, table.parts),
            Assign(("battle", "defender_chooses"), rule == "by_choice", pos),
        ]

    def fortify_moves(self, meta, c):
        tok = c[0]
        return Assign(("fortify", "moves"), "unlimited" if tok.type == "UNLIMITED" else int(tok), self.here(meta))

    def missions(self, meta, c):
        out, items, parts = [], [], {}
        for item in c:
            if isinstance(item, Assign):
                out.append(item)
            else:
                mission, pos, mission_parts = item
                parts[(len(items),)] = pos
                for k, p in mission_parts.items():
                    parts[(len(items),) + k] = p
                items.append(mission)
        if items:
            out.append(Assign(("missions", "list"), items, self.here(meta), parts))
        return _Block("missions", self.here(meta), out)

    def occupy(self, meta, c):
        count, where = c[0]
        parts = {("occupy", "="): where}
        armies = 1
        if len(c) > 1:
            armies, parts[("armies", "=")] = c[1]
        return {"occupy": count, "armies": armies}, self.here(meta), parts

    def occupy_armies(self, meta, c):
        return c[0]

    def destroy(self, meta, c):
        colour, (count, where) = c
        return ({"destroy": str(colour), "else_occupy": count}, self.here(meta),
                {("destroy",): self.at(colour), ("else_occupy", "="): where})

    def conquer(self, meta, c):
        names = [t for t in c if isinstance(t, Token)]
        extra = 1 if any(x == "one_more" for x in c) else 0
        parts = {("conquer", i): self.at(t) for i, t in enumerate(names)}
        return {"conquer": [str(t) for t in names], "extra": extra}, self.here(meta), parts

    def conquer_extra(self, meta, c):
        return "one_more"

    def capture_continent(self, meta, c):
        rule = "one_each" if c[0] == "with_one_each" else "no"
        return Assign(("capitals", "capture_replaces"), rule, self.here(meta))

    def capitals_needed(self, meta, c):
        return Assign(("capitals", "needed"), c[0].value, self.here(meta), c[0].parts)

    def neutral_territories(self, meta, c):
        share, parts, start = c[0]
        out = [Assign(("neutral", "territories"), share, self.here(meta), parts)]
        if start is not None:
            out.append(Assign(("neutral", "start"), start[0], self.here(meta), {("=",): start[1]}))
        return out

    def dealt_share(self, meta, c):
        return {"share": "dealt"}, {}, None

    def leftover_share(self, meta, c):
        return {"share": "leftover", "count": c[0][0]}, {("count", "="): c[0][1]}, None

    def count_share(self, meta, c):
        return {"share": "count", "count": c[0][0]}, {("count", "="): c[0][1]}, (c[1] if len(c) > 1 else None)

    def neutral_armies(self, meta, c):
        return Assign(("neutral", "armies"), c[0][0], self.here(meta), {("=",): c[0][1]})

    def neutral_start(self, meta, c):
        return Assign(("neutral", "start"), c[0][0], self.here(meta), {("=",): c[0][1]})

    def neutral_reinforcements(self, meta, c):
        item = c[0]
        if isinstance(item, Token):  # none
            return Assign(("neutral", "reinforcements"), "none", self.here(meta))
        return Assign(("neutral", "reinforcements"), self._expression(item), self.here(meta),
                      {("=",): self._expr_pos(item)})

    # sections: their statements already carry full paths; the block is kept for the warnings
    def _section(name: str):
        def build(self, meta, c):
            return _Block(name, self.here(meta), c)
        return build

    setup, reinforcements, cards, battle = map(_section, ("setup", "reinforcements", "cards", "battle"))
    fortify, capitals, neutral = map(_section, ("fortify", "capitals", "neutral"))

    # ---- tables
    def count_table(self, meta, c):
        value, parts = {}, {}
        for key, (number, where), pos in c:
            if key in value:
                self.problem(f"'{key}' is given twice", pos)
            value[key] = number
            parts[(key,)] = pos
            parts[(key, "=")] = where
        return _Table(value, parts)

    def count_entry(self, meta, c):
        key, number = c
        return key["text"], number, key["pos"]

    def dice_table(self, meta, c):
        return self.count_table(meta, c)

    def dice_entry(self, meta, c):
        key, number = c
        return key["text"], (int(number), key["pos"]), key["pos"]

    def exactly(self, meta, c):
        n = int(c[0])
        return {"text": str(n), "low": n, "high": n, "pos": self.at(c[0])}

    def between(self, meta, c):
        low, high = int(c[0]), int(c[1])
        if low > high:
            self.problem(f"the range {low}-{high} is empty", self.at(c[0]))
        return {"text": f"{low}-{high}", "low": low, "high": high, "pos": self.at(c[0])}

    def at_least(self, meta, c):
        n = int(c[0])
        return {"text": f"{n}+", "low": n, "high": None, "pos": self.at(c[0])}

    def named_table(self, meta, c):
        return list(c)

    def named_entry(self, meta, c):
        name, value = c
        return str(name), value, self.at(name)


    # ---- expressions: kept as their source text
    def _expression(self, node) -> str:
        return self.text[node.meta.start_pos:node.meta.end_pos] if isinstance(node, Tree) else str(node)

    def _expr_pos(self, node) -> Pos:
        return self.here(node.meta) if isinstance(node, Tree) else self.at(node)



class _Block:
    """A section as written (`cards { … }`): where it stands, for the warnings of one scope."""

    def __init__(self, name: str, pos: Pos, items: list):
        self.name, self.pos, self.items = name, pos, items


def _scope_warnings(items: list) -> list[Problem]:
    """Warnings for one scope (the body, a variant, an overlay): a block stated twice, and a
    statement that a later one in the same scope replaces (so only the later one counts)."""
    warnings = []
    blocks: dict[str, Pos] = {}
    overlays: dict[tuple, Pos] = {}
    statements: dict[tuple, Assign] = {}
    for item in items:
        if isinstance(item, _Block):
            first = blocks.setdefault(item.name, item.pos)
            if first is not item.pos:
                warnings.append(problem(N_("the '{name}' block is stated twice here (first on line {line}); "
                                           "their rules are merged, the later ones winning"),
                                        item.pos, warning=True, name=item.name, line=first.line))
        elif isinstance(item, Overlay):
            first = overlays.setdefault((item.low, item.high), item.pos)
            if first is not item.pos:
                warnings.append(problem(N_("this player-count block is stated twice here (first on line {line}); "
                                           "their rules are merged, the later ones winning"),
                                        item.pos, warning=True, line=first.line))
    for assign in _flatten(item for item in items if not isinstance(item, Overlay)):
        if not isinstance(assign, Assign):
            continue
        earlier = statements.get(assign.path)
        if earlier is not None and earlier.pos.line != assign.pos.line:
            warnings.append(problem(N_("replaced by line {line} in the same scope: only the later statement "
                                       "counts"), earlier.pos, warning=True, line=assign.pos.line))
        statements[assign.path] = assign
    return warnings


def _scope_items(items) -> Iterator:
    """The items of one scope: plain lists opened, blocks and overlays kept whole."""
    for item in items:
        if isinstance(item, list):
            yield from _scope_items(item)
        elif item is not None:
            yield item


def _split(items: list) -> tuple[list[Assign], list[Overlay]]:
    assigns: list[Assign] = []
    overlays: list[Overlay] = []
    for item in _flatten(items):
        (overlays if isinstance(item, Overlay) else assigns).append(item)
    return assigns, overlays


def _flatten(items) -> Iterator:
    for item in items:
        if isinstance(item, _Block):
            yield from _flatten(item.items)
        elif isinstance(item, list):
            yield from _flatten(item)
        elif item is not None:
            yield item


def _build(tree: Tree, label: str, lines: list[str], parsed: str, path: Path | None) -> RulebookFile:
    builder = _Builder(label, lines, parsed)
    try:
        items = builder.transform(tree)
    except VisitError as err:  # a bug in a builder, not the author's fault: let it surface
        raise err.orig_exc from err
    book = RulebookFile(label, path)
    problems = builder.problems
    seen_headers: dict[str, Pos] = {}
    body: list = []
    too_many = False
    for item in _scope_items(items):
        if isinstance(item, _Header):
            if item.key in seen_headers:
                problems.append(Problem(f"'{_HEADER_WORD[item.key]}' is given twice (first on line "
                                        f"{seen_headers[item.key].line})", item.pos))
                continue
            seen_headers[item.key] = item.pos
            if item.key == "id":
                book.id, book.id_pos = item.value, item.pos
            elif item.key == "extends":
                book.extends, book.extends_is_path, book.extends_pos = item.value, item.is_path, item.pos
            elif item.key == "title":
                book.title = item.value
            elif item.key == "language":
                book.language, book.language_pos = item.value, item.pos
            elif item.key == "base":
                book.base = True
        elif isinstance(item, Variant):
            if item.id in book.variants:
                problems.append(Problem(f"variant '{item.id}' is defined twice", item.pos))
            elif len(book.variants) >= MAX_VARIANTS:
                if not too_many:
                    problems.append(Problem(f"too many variants (more than {MAX_VARIANTS} in one file)", item.pos))
                too_many = True
                continue
            book.variants[item.id] = item
        else:
            body.append(item)
    problems += _scope_warnings(list(_scope_items(body)))
    book.assigns, book.overlays = _split(body)
    if book.id is None and not any(line.split("#")[0].split()[:1] == ["rulebook"] for line in lines):
        first = _pos(label, lines, 1, 1)
        problems.append(Problem("a rulebook must begin with 'rulebook <id>'", first))
    defaults = [v for v in book.variants.values() if v.default]
    for extra in defaults[1:]:
        problems.append(Problem(f"only one variant may be the default; '{defaults[0].id}' already is", extra.pos))
    book.problems = problems
    return book


_HEADER_WORD = {"id": "rulebook", "extends": "extends", "title": "title", "language": "language", "base": "base"}


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
    book.problems = sorted(syntax + book.problems, key=lambda p: (p.pos.line, p.pos.col) if p.pos else (0, 0))
    return book


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
