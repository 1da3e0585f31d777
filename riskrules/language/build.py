"""The builder: a parsed tree → a `RulebookFile` of positioned assignments.

One method per rule of the grammar (`_Builder`; the statements of the sections are in
build_sections), each giving an `Assign` (a path of the rule model, its value, where it
was written and where each part of it was), a table, a header, a variant or an overlay.
Expressions are kept as their source text. `_build` then gathers the headers and variants
of the file and the assignments and overlays of its body.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lark import Token, Tree, v_args
from lark.exceptions import VisitError

from .bounds import EXPR_RULES, MAX_VARIANTS
from .build_sections import _Sections
from .build_sides import TEAM_WORDS, _SidesStatements, _TeamOption
from .errors import Pos, Problem, pos_at
from .model import Assign, Overlay, RulebookFile, Variant
from .scopes import _scope_items, _scope_warnings, _split

# Statements whose value is one word or phrase of a closed vocabulary, and the path they set.
_PHRASES: dict[str, tuple[str, ...]] = {
    "first_player": ("setup", "first_player"),
    "trade_counter": ("cards", "counter"),
    "attacker_rolls": ("battle", "attacker_rolls"),
    "ties": ("battle", "ties"),
    "minimum_move": ("battle", "minimum_move"),
    "fortify_path": ("fortify", "path"),
    "mission_timing": ("missions", "timing"),
    "neutral_player": ("neutral", "played_by"),
    "neutral_attacks": ("neutral", "attacks"),
    "sight_adjacent": ("visibility", "adjacent"),
    "sight_rest": ("visibility", "rest"),
    "orders_given": ("orders", "given"),  # orders given together (issue 45)
    "move_order": ("orders", "move_order"),
}
# Statements whose value is yes/no.
_FLAGS: dict[str, tuple[str, ...]] = {
    "fortify_split": ("fortify", "split"),
    "capture_cards": ("capitals", "capture_takes_cards"),
    "capture_victim": ("capitals", "capture_eliminates"),
    "neutral_cards": ("neutral", "cards"),
    "trench": ("battle", "trench"),
    "partners_sight": ("visibility", "partners"),
    "battles_reveal": ("visibility", "battles_reveal"),
    "fog_lifted": ("visibility", "lifted"),
    "victim_cards": ("cards", "victim_cards"),
    "multi_attack": ("orders", "multi_attack"),  # orders given together (issue 45)
    "order_modes": ("orders", "modes"),
}
# Statements whose value is one number.
_NUMBERS: dict[str, tuple[str, ...]] = {
    "placement": ("setup", "placement"),
    "must_trade": ("cards", "must_trade"),
    "card_draw": ("cards", "draw"),
    "neutral_placement": ("neutral", "placement"),
    "guard": ("battle", "guard"),  # combat (issue 43)
}
# Vocabulary rules (`!rule` in the grammar): their words joined with '_'.
_VOCABULARY = frozenset([
    "phase", "goal", "assignment", "first_player_rule", "counter_scope", "bonus_scope", "elimination_trade",
    "dice_rule", "defender_rule", "side", "move_rule", "path_rule", "timing_rule", "capture_replacement",
    "player_rule", "neutral_attack_rule", "yes_no", "sight_level", "card_fate", "pickable",
    "combat_name", "rounding_mode",  # combat (issue 43)
    "orders_given_rule", "move_order_rule", "orders_place",  # orders given together (issue 45)
])


class _Header:
    def __init__(self, key: str, value: Any, pos: Pos, is_path: bool = False):
        self.key, self.value, self.pos, self.is_path = key, value, pos, is_path


class _Table:
    """A parsed table: its value and the position of each entry."""

    def __init__(self, value: Any, parts: dict[tuple, Pos]):
        self.value, self.parts = value, parts


@v_args(meta=True)
class _Builder(_Sections, _SidesStatements):  # a lark Transformer, as _Sections is
    def __init__(self, label: str, lines: list[str], parsed: str):
        super().__init__(visit_tokens=False)
        self.label, self.lines = label, lines
        self.text = parsed  # what the offsets in the tree refer to
        self.problems: list[Problem] = []

    # helpers
    def at(self, token: Token) -> Pos:
        return pos_at(self.label, self.lines, token.line, token.column)

    def here(self, meta) -> Pos:
        return pos_at(self.label, self.lines, meta.line, meta.column)

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
        value, parts = {"count": int(c[0]), "fortify_partners": True in c[1:]}, {("count",): self.at(c[0])}
        for key, on, where in (o for o in c[1:] if isinstance(o, _TeamOption)):  # issue 45: teams that share
            if key in value:
                self.problem(f"'{TEAM_WORDS[key]}' is given twice for the teams", where)
            value[key], parts[(key,)] = on, where
        return Assign(("teams",), value, self.here(meta), parts)

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
        # (so does an `or objective`: issue 43's words, written only where it is said)
        out = [Assign(("victory",), c[0], pos)]
        for part in c[1:]:
            if part == "or_objective":
                out.append(Assign(("objective_wins",), True, pos))
                continue
            (rounds, where), tie_break, then = part
            limit = {"rounds": rounds, "by": tie_break, **({"then": then} if then else {})}
            out.append(Assign(("round_limit",), limit, pos, {("rounds", "="): where}))
        return out

    def or_objective(self, meta, c):
        return "or_objective"

    def round_limit(self, meta, c):
        then = []
        for word, where in c[2:]:
            if word == c[1][0] or word in then:
                self.problem(f"'then {word.replace('_', ' ')}' repeats a tie-break already given", where)
            then.append(word)
        return c[0], c[1][0], then

    def tie_break(self, meta, c):
        """A tie-break's words joined with '_' (`continent_bonus`), and where it was written."""
        return "_".join(str(w) for w in c), self.here(meta)

    def objective(self, meta, c):
        names, parts = [], {}
        for tok in c:
            if str(tok) in names:
                self.problem(f"the territory '{tok}' is named twice", self.at(tok))
                continue
            parts[(len(names),)] = self.at(tok)
            names.append(str(tok))
        return Assign(("objective",), names, self.here(meta), parts)

    def points(self, meta, c):
        return Assign(("points",), self._expression(c[0]), self.here(meta), {("=",): self._expr_pos(c[0])})

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
        first = pos_at(label, lines, 1, 1)
        problems.append(Problem("a rulebook must begin with 'rulebook <id>'", first))
    defaults = [v for v in book.variants.values() if v.default]
    for extra in defaults[1:]:
        problems.append(Problem(f"only one variant may be the default; '{defaults[0].id}' already is", extra.pos))
    book.problems = problems
    return book


_HEADER_WORD = {"id": "rulebook", "extends": "extends", "title": "title", "language": "language", "base": "base"}
