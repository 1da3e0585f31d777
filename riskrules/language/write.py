"""Writing: a `RulebookFile` (or a fragment of one) → rule text, the inverse of parsing.

    write_rulebook(book) -> str                a whole rule file: header, body, variants, overlays
    write_fragment(rules, overlays=()) -> str  statements with no header (`--set` text, an imported
        board's continents): `rules` is a list of `Assign`s or a dict shaped like `Config.data`
    write_expression(expr) -> str              an int, the source text the parser keeps, or a
        lark tree of risk.lark's expression rules

The text parses back to the same model (`parse_rulebook`), positions and comments aside, and
writing that model again gives the same text. The layout is that of rulebooks/*.risk: the
header lines, then each top-level statement, section, variant and `for N players` block after
a blank line; four spaces a level; one statement a line; consecutive statements of one section
in one block, consecutive `terms` and `continents` entries on one line, a long list going on
after a comma under its first entry.

Expressions: the model keeps an expression as its source text, so it is written back as it
stands (redundant brackets and spacing included): rewriting it would change the model. A text is
written only when a statement made of it parses back to the same text. A lark tree (say from an
importer) is written with the brackets its precedence needs and no more: `(a + b) * c`, `a + b * c`.

What the model does not keep, so that the text differs from the text read though the model is
the same: comments, blank lines and line breaks; the order of the header lines, and where the
variants and `for N players` blocks stood (written after the body, in their order); `board "x"`
for a plain id (written `board x`); `(3)` and other constant numbers (written `3`); `start N`
(written `start N per territory`); `then +0` and `with 1 armies each` (left out); `territories N`
then `start K` (written `territories N start K`); blocks of one section in a row (written as one); a
`fog { … }` block (written `visibility { … }`: the same section); a card's `, for N rounds` first among
its options (written `see a player for N rounds`, no comma), `1 rounds` and `1 pieces` (written as
said: `for 1 round`, `earn 1 piece`).

What no text can say raises ValueError: a double quote or line break in a quoted text (the
language has no escapes; a backslash is an ordinary character), a name or id that is not one, a
`conditions`, `round_limit` or `defender_chooses` without the `turn`, `victory` or `defender dice`
statement that sets it, an empty list or table, a value of the wrong kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from .model import Assign, JSONPath, Overlay, RulebookFile, Variant
from .write_words import (  # noqa: F401 (write_expression: part of this module's API)
    _COUNT_KEY, _ID, _check, _choice, _id, _int, _key, _name, _num, _only, _phrase, _sight, _signed, _string, _yes,
    write_expression)
from .write_cards import card_phrases
from .write_units import unit_head, unit_phrases
from . import write_sides

WIDTH = 100  # a list longer than this goes on after a comma on the next line
INDENT = "    "

_SECTIONS = ("setup", "reinforcements", "cards", "battle", "fortify", "missions", "capitals", "neutral",
             "visibility", "scenario", "orders", "units")
_HOME = {"starting_armies": "setup", "continents": "reinforcements"}  # top-level paths set inside a section
_TABLES = ("terms", "continents", "units")  # named tables: one path per entry (units: one a kind)
_NESTED = (("reinforcements", "autodeploy"), ("reinforcements", "decay"), ("cards", "kinds"))  # … and the same inside a section
_MISSING = object()


# ---- Statements ---------------------------------------------------------------------------------

class _List(NamedTuple):
    """A statement ending in a list, which may go on after a comma on the next line."""

    head: str
    items: list[str]
    tail: str = ""
    wrap: bool = True  # `pieces` may not


def _listed(head: str, items: Iterable[str], tail: str = "", wrap: bool = True) -> _List:
    items = list(items)
    if not items:
        raise ValueError(f"cannot write '{head}' with an empty list")
    return _List(head, items, tail, wrap)


def _table(value: Any, entry: Callable[[Any], str]) -> list[str]:
    """A table keyed by counts: 2: 40, 3-4: 35, 5+: 30."""
    if not isinstance(value, Mapping):
        raise ValueError(f"cannot write {value!r} as a table")
    return [f"{_check(_COUNT_KEY, k, 'a count')}: {entry(v)}" for k, v in value.items()]


def _sets(v: Mapping) -> str | _List:
    kind = v.get("kind")
    if kind == "fixed":
        words = {"mixed": "1 of each", "joker_pair": "joker with a pair"}  # (the rest: 3 of a symbol)
        return _listed("sets fixed", [f"{words.get(s) or '3 ' + _name(s)}: {_num(n)}" for s, n in v["values"].items()])
    if kind == "escalating":
        step = v.get("step", 0)
        tail = "" if isinstance(step, int) and step == 0 else f" then +{_num(step)}"
        return _listed("sets escalating", map(_num, v["values"]), tail)
    if kind == "flat":
        return f"sets flat {_num(v['value'])}"
    if kind == "none":
        return "sets none"
    if kind == "nuclear":
        return "sets nuclear"
    raise ValueError(f"cannot write the sets {v!r}")


def _card_kind(name: Any, v: Mapping) -> _List:
    """`card bomb: strike 50% of an enemy neighbour, pieces 5`: the effect, then the options in their order."""
    return _listed(f"card {_id(name)}:", card_phrases(v))


def _escalation(v: Mapping) -> str:
    if set(v) == {"round"}:
        return f"escalation after round {_num(v['round'])}"
    if set(v) == {"trades"}:
        return f"escalation after {_num(v['trades'])} trades"
    raise ValueError(f"cannot write the escalation {v!r}")


def _after_elimination(v: Mapping) -> str:
    trade = {"at_once": "at once down to", "next_reinforcement": "at next reinforcement"}
    text = f"after elimination with {_int(v['cards'])} cards trade {_choice(v['trade'], trade)}"
    return text + (f" {_int(v['down_to'])}" if v["trade"] == "at_once" else "")


def _neutral_territories(v: Mapping, start: Any = None) -> str:
    share = v.get("share")
    if share == "dealt":
        return "territories dealt"
    if share == "leftover":
        return f"territories leftover {_num(v['count'])}"
    if share == "count":
        return f"territories {_num(v['count'])}" + ("" if start is None else f" start {_num(start)}")
    if share == "named":
        return "territories named " + ", ".join(f"{t} {_num(a)}" for t, a in v["held"].items())
    raise ValueError(f"cannot write the neutral territories {v!r}")


def _mission(m: Mapping) -> str:
    if "occupy" in m:
        armies = m.get("armies", 1)
        each = "" if isinstance(armies, int) and armies == 1 else f" with {_num(armies)} armies each"
        return f"occupy {_num(m['occupy'])} territories{each}"
    if "destroy" in m:
        return f"destroy {_name(m['destroy'])} or else occupy {_num(m['else_occupy'])} territories"
    if "conquer" in m and m.get("extra", 0) in (0, 1) and m["conquer"]:
        return "conquer " + " and ".join(map(_name, m["conquer"])) + (" and one more" if m.get("extra") else "")
    raise ValueError(f"cannot write the mission {m!r}")


def _turn(phases: Any, conditions: Mapping) -> _List:
    if not isinstance(conditions, Mapping) or not set(conditions) <= set(phases):
        raise ValueError(f"cannot write the conditions {conditions!r} of the turn {phases!r}")
    return _listed("turn", [_phrase(p) + (f" when {write_expression(conditions[p])}" if p in conditions else "")
                            for p in phases])


def _victory(goal: Any, limit: Mapping | None, objective: bool = False) -> str:
    text = f"victory {_phrase(goal)}" + (" or objective" if objective else "")
    if limit is not None:
        text += f" or after {_num(limit['rounds'])} rounds by most {_phrase(limit['by'])}"
        text += "".join(f" then {_phrase(b)}" for b in limit.get("then", ()))
    return text


# Every path a statement sets, in the order of the canonical layout (the order `write_fragment`
# gives the parts of a model dict) → its text; None where `_statements` writes it: a statement
# that sets several paths, a named table (its entries' paths), the mission list.
_STATEMENTS: dict[JSONPath, Callable[[Any], str | _List] | None] = {
    ("board",): lambda v: "board " + (v if isinstance(v, str) and _ID.fullmatch(v) else _string(v)),
    ("players",): lambda v: f"players {_int(v['min'])} to {_int(v['max'])}",
    ("colours",): lambda v: _listed("colours", map(_name, v)),
    ("pieces",): lambda v: _listed("pieces", map(_int, v), wrap=False),
    ("terms",): None,
    ("teams",): write_sides.teams,
    ("starting_armies",): lambda v: _listed("starting armies", _table(v, _num)),
    ("setup", "territories"): lambda v: "territories " + _choice(v, {"deal": "deal", "draft": "draft"}),
    ("setup", "first_player"): lambda v: "first player " + _phrase(v),
    ("setup", "placement"): lambda v: f"placement {_int(v)} per turn",
    ("turn",): None,
    ("conditions",): None,
    ("reinforcements", "territories"): lambda v: "territories " + write_expression(v),
    ("continents",): None,
    ("reinforcements", "local"): lambda v: _only(v, True, "continent armies placed inside"),
    ("reinforcements", "autodeploy"): None,
    ("reinforcements", "decay"): None,
    ("reinforcements", "card_bonus"): lambda v: _only(v, "anywhere", "card bonus placed anywhere"),
    ("reinforcements", "territory_cap"): lambda v: f"armies at most {_int(v)} per territory",
    ("reinforcements", "income_cap"): lambda v: "income at most " + write_expression(v),
    ("reinforcements", "first_turn"): lambda v: _listed("extra first turn armies by seat", [_signed(x) for x in v]),
    ("cards", "sets"): _sets,
    ("cards", "cap"): lambda v: f"sets at most {_num(v)}",
    ("cards", "escalation_after"): _escalation,
    ("cards", "counter"): lambda v: "counter " + _phrase(v),
    ("cards", "territory_bonus"): lambda v: f"territory bonus {_num(v['armies'])} per "
                                            + _choice(v["per"], {"trade": "trade", "card": "card"}),
    ("cards", "must_trade"): lambda v: f"must trade at {_int(v)} cards",
    ("cards", "after_elimination"): _after_elimination,
    ("cards", "draw"): lambda v: f"draw {_int(v)} per turn with conquest",
    ("cards", "recycle"): lambda v: "traded cards " + _choice(v, {True: "recycled", False: "removed"}),
    ("cards", "victim_cards"): lambda v: "victim cards taken " + _yes(v),
    ("cards", "hand_limit"): lambda v: f"hand limit {_int(v)} discard",
    ("cards", "pieces"): lambda v: f"pieces {_int(v)} per card",
    ("cards", "kinds"): None,
    ("cards", "earned"): lambda v: f"earn {_int(v)} piece{'' if v == 1 else 's'} per turn with conquest",
    ("cards", "card_limit"): lambda v: f"card limit {_int(v)}",
    ("battle", "attacker_dice"): lambda v: _listed("attacker dice", _table(v, _int)),
    ("battle", "attacker_rolls"): lambda v: "attacker rolls " + _phrase(v),
    ("battle", "defender_dice"): None,
    ("battle", "defender_chooses"): None,
    ("battle", "ties"): lambda v: "ties " + _phrase(v),
    ("battle", "minimum_move"): lambda v: "minimum move " + _phrase(v),
    ("battle", "trench"): lambda v: "trench warfare " + _yes(v),
    ("battle", "combat"): lambda v: "combat " + _choice(v, {"dice": "dice", "kill_rates": "kill rates"}),
    ("battle", "kill_rates"): lambda v: "kill rates " + ", ".join(f"{s} {_int(v[s])}%"
                                                              for s in ("attacker", "defender") if s in v),
    ("battle", "luck"): lambda v: f"luck {_int(v)}%",
    ("battle", "guard"): lambda v: f"guard {_int(v)}",
    ("battle", "rounding"): lambda v: "rounding " + _choice(v, {"straight": "straight",
                                                                "weighted_random": "weighted random"}),
    ("battle", "sides"): lambda v: f"dice sides {_int(v)}",
    ("battle", "modifiers"): None,
    ("battle", "reroll"): lambda v: "reroll one die with a card of the territory" if v is True else
                                    "reroll " + _choice(v, {False: "none"}),
    ("fortify", "moves"): lambda v: "moves " + ("unlimited" if v == "unlimited" else _int(v)),
    ("fortify", "path"): lambda v: "path " + _phrase(v),
    ("fortify", "split"): lambda v: "split " + _yes(v),
    ("victory",): None,
    ("objective_wins",): None,
    ("round_limit",): None,
    ("objective",): lambda v: _listed("objective", map(_name, v)),
    ("points",): lambda v: "points " + write_expression(v),
    ("missions", "timing"): lambda v: "timing " + _phrase(v),
    ("missions", "destroy_own_kill"): lambda v: "destroy needs own kill" + ("" if _yes(v) == "yes" else " no"),
    ("missions", "list"): None,
    ("capitals", "needed"): lambda v: _listed("needed", _table(v, _num)),
    ("capitals", "capture_takes_cards"): lambda v: "capture takes cards " + _yes(v),
    ("capitals", "capture_replaces"): lambda v: "capture replaces continent armies "
                                                + _choice(v, {"one_each": "with one each", "no": "no"}),
    ("capitals", "capture_eliminates"): lambda v: "capture eliminates victim " + _yes(v),
    ("neutral", "armies"): lambda v: f"armies {_num(v)}",
    ("neutral", "territories"): _neutral_territories,
    ("neutral", "start"): lambda v: f"start {_num(v)} per territory",
    ("neutral", "placement"): lambda v: f"placement {_int(v)} per turn",
    ("neutral", "reinforcements"): lambda v: "reinforcements " + ("none" if v == "none" else write_expression(v)),
    ("neutral", "played_by"): lambda v: "played by " + _phrase(v),
    ("neutral", "attacks"): lambda v: "attacks " + _phrase(v),
    ("neutral", "cards"): lambda v: "cards " + _yes(v),
    ("setup", "pickable"): lambda v: "territories " + _choice(v, {"warlords": "warlords", "cities": "cities"}),
    ("setup", "limit"): lambda v: f"territories {_num(v)} each",
    ("setup", "armies_each"): lambda v: f"armies {_num(v)} on each territory",
    ("setup", "remove"): lambda v: f"remove {_num(v)} territories at random",
    ("setup", "seat_armies"): lambda v: _listed("extra starting armies by seat", [_signed(x) for x in v]),
    ("neutral", "leftover_deal"): lambda v: {True: "territories leftover deal"}[v],
    ("neutral", "wastelands"): lambda v: f"wastelands {_num(v['count'])} with {_num(v['armies'])}",
    ("neutral", "grows"): write_sides.grows,
    ("neutral", "assault"): write_sides.assault,
    ("neutral", "takes_back"): write_sides.takes_back,
    ("neutral", "infects"): write_sides.infects,
    ("visibility", "adjacent"): lambda v: "adjacent " + _sight(v),
    ("visibility", "within"): lambda v: f"within {_int(v['hops'])} {_sight(v['sees'])}",
    ("visibility", "rest"): lambda v: "rest " + _sight(v),
    ("visibility", "hide"): lambda v: "hide nothing" if v == [] else _listed("hide", [
        _choice(w, {"reinforcements": "reinforcements", "cards": "cards", "card_plays": "card plays"}) for w in v]),
    ("visibility", "partners"): lambda v: "partners share sight " + _yes(v),
    ("visibility", "battles_reveal"): lambda v: "battles reveal " + _yes(v),
    ("visibility", "lifted"): lambda v: "lifted at end " + _yes(v),
    ("fortify", "moved_stay"): lambda v: "moved armies stay" + ("" if _yes(v) == "yes" else " no"),  # issue 45
    ("orders", "given"): lambda v: "given " + _choice(v, {"together": "together", "in_turns": "in turns"}),
    ("orders", "move_order"): lambda v: "move order " + _choice(v, {"random": "random", "cycle": "cycle",
                                                                     "no_luck_cycle": "no luck cycle"}),
    ("orders", "multi_attack"): lambda v: "multi-attack " + _yes(v),
    ("orders", "modes"): lambda v: "attack only and transfer only " + _yes(v),
    ("units",): None,  # special units (issue 45): one statement a kind (write_units.py)
}


class _Statement(NamedTuple):
    section: str | None
    lines: list[str | _List]
    closes: bool = False  # the mission list ends its block: a second one in the same block would join it


def _statements(pairs: list[tuple[JSONPath, Any]]) -> list[_Statement]:
    """(path, value) in the order of the model → statements."""
    out: list[_Statement] = []
    i = 0
    while i < len(pairs):
        try:
            statement, i = _statement(pairs, i)
        except (KeyError, TypeError, AttributeError) as err:  # a value of the wrong shape
            raise ValueError(f"cannot write {'.'.join(map(str, pairs[i][0]))} = {pairs[i][1]!r}") from err
        out.append(statement)
    return out


def _statement(pairs: list[tuple[JSONPath, Any]], i: int) -> tuple[_Statement, int]:
    """The statement of pairs[i], and where the next one begins: a statement that sets several
    paths (`turn`, `victory … or after`, `defender dice`, a table's entries) takes them together."""
    path, value = pairs[i]
    follows = pairs[i + 1] if i + 1 < len(pairs) else ((), None)
    i += 1
    section = path[0] if path and path[0] in _SECTIONS else _HOME.get(path[0] if path else "")
    if len(path) == 2 and path[0] == "units":
        lines: list[str | _List] = [_listed(unit_head(path[1]), unit_phrases(value))]
    elif len(path) == 2 and path[0] in _TABLES:
        entries = [(_name(path[1]), value)]
        while i < len(pairs) and len(pairs[i][0]) == 2 and pairs[i][0][0] == path[0]:
            entries.append((_name(pairs[i][0][1]), pairs[i][1]))
            i += 1
        show = _name if path[0] == "terms" else _num
        lines = [_listed(path[0], [f"{k} {show(v)}" for k, v in entries])]
    elif len(path) == 3 and path[:2] == ("cards", "kinds"):
        lines = [_card_kind(path[2], value)]
    elif len(path) == 3 and path[:2] in _NESTED:
        entries = [(_name(path[2]), value)]
        while i < len(pairs) and len(pairs[i][0]) == 3 and pairs[i][0][:2] == path[:2]:
            entries.append((_name(pairs[i][0][2]), pairs[i][1]))
            i += 1
        lines = [_listed(path[1], [f"{k} {_int(v)}" for k, v in entries])]
    elif path == ("turn",):  # the statement sets the conditions too: a turn alone is written with none
        paired = follows[0] == ("conditions",)
        i += paired
        lines = [_turn(value, follows[1] if paired else {})]
    elif path == ("victory",):
        objective = follows[0] == ("objective_wins",) and follows[1] is True
        if objective:
            i += 1
            follows = pairs[i] if i < len(pairs) else ((), None)
        paired = follows[0] == ("round_limit",)
        i += paired
        lines = [_victory(value, follows[1] if paired else None, objective)]
    elif path == ("battle", "defender_dice") and follows[0] == ("battle", "defender_chooses"):
        i += 1
        lines = [_listed("defender dice", _table(value, _int), " " + _choice(follows[1], {
            True: "by choice", False: "always"}))]
    elif path == ("neutral", "territories") and follows[0] == ("neutral", "start") \
            and isinstance(value, Mapping) and value.get("share") in ("count", "named"):
        i += 1  # (`territories named …` sets start 1 itself: each territory holds its own count)
        lines = [_neutral_territories(value, follows[1] if value.get("share") == "count" else None)]
    elif path == ("scenario",):
        lines = [_listed(f"seat {_int(int(seat))}:", [f"{_name(t)} {_num(a)}" for t, a in held.items()])
                 for seat, held in value["seats"].items()]
        if value["neutral"]:
            lines.append(_listed("neutral:", [f"{_name(t)} {_num(a)}" for t, a in value["neutral"].items()]))
    elif path == ("missions", "list"):
        if not value:
            raise ValueError("cannot write an empty mission list")
        lines = [_mission(m) for m in value]
    elif len(path) == 3 and path[:2] == ("battle", "kill_rates"):  # one rate alone
        lines = [f"kill rates {path[2]} {_int(value)}%"]
    elif path == ("battle", "modifiers"):
        lines = [_modifier(m) for m in value] if value else ["modifiers none"]
    elif _STATEMENTS.get(path) is not None:
        lines = [_STATEMENTS[path](value)]
    else:
        raise ValueError(f"no statement sets {'.'.join(map(str, path)) or 'nothing'} alone")
    return _Statement(section, lines, path in (("missions", "list"), ("battle", "modifiers"))), i


def _modifier(m: Mapping) -> str:
    """A battle modifier (marks, issue 43): `defender dice + 1 when …` or `ties attacker when …`."""
    if "ties" in m:
        return "ties " + _choice(m["ties"], {"attacker": "attacker", "defender": "defender"}) + " when " \
            + write_expression(m["when"])
    change = m["change"]
    if not isinstance(change, int) or isinstance(change, bool) or change == 0:
        raise ValueError(f"cannot write a dice change of {change!r}")
    return (_choice(m["dice"], {"attacker": "attacker", "defender": "defender"})
            + f" dice {'+' if change > 0 else '-'} {abs(change)} when " + write_expression(m["when"]))


# ---- Layout ---------------------------------------------------------------------------------------

Entry = tuple[int, "str | _List"]  # a line of output and its depth


def _body(pairs: list[tuple[JSONPath, Any]], depth: int) -> list[list[Entry]]:
    """The items of one scope: each a top-level statement or a section block (consecutive
    statements of one section in one block)."""
    items: list[list[Entry]] = []
    open_section = None
    for st in _statements(pairs):
        if st.section is None:
            items.append([(depth, line) for line in st.lines])
        elif st.section == open_section:
            items[-1][-1:-1] = [(depth + 1, line) for line in st.lines]
        else:
            items.append([(depth, f"{st.section} {{"), *[(depth + 1, line) for line in st.lines], (depth, "}")])
        open_section = None if st.section is None or st.closes else st.section
    return items


def _pairs(assigns: Iterable[Assign]) -> list[tuple[JSONPath, Any]]:
    return [(a.path, a.value) for a in assigns]


def _block(opener: str, inner: list[list[Entry]], depth: int) -> list[Entry]:
    return [(depth, opener + " {"), *[entry for item in inner for entry in item], (depth, "}")]


def _overlay(overlay: Overlay, depth: int) -> list[Entry]:
    return _block(f"for {_key(overlay.low, overlay.high)} players", _body(_pairs(overlay.assigns), depth + 1), depth)


def _variant(variant: Variant) -> list[Entry]:
    opener = f"variant {_id(variant.id)}"
    if variant.base is not None:
        opener += f" extends {_id(variant.base)}"
    if variant.title is not None:
        opener += " " + _string(variant.title)
    if variant.default:
        opener += " default"
    inner = _body(_pairs(variant.assigns), 1) + [_overlay(o, 1) for o in variant.overlays]
    return _block(opener, inner, 0)


def _render(items: list[list[Entry]]) -> str:
    """The items of the top level, a blank line between them."""
    rows: list[str] = []
    for n, item in enumerate(items):
        if n:
            rows.append("")
        for depth, line in item:
            rows += _wrap(line, INDENT * depth)
    return "".join(row + "\n" for row in rows)


def _wrap(line: str | _List, indent: str) -> list[str]:
    if isinstance(line, str):
        return [indent + line]
    lead = f"{indent}{line.head} "
    rows, row = [], lead + line.items[0]
    for item in line.items[1:]:
        if line.wrap and len(row) + len(", ") + len(item) > WIDTH:
            rows.append(row + ",")
            row = " " * len(lead) + item  # under the first entry
        else:
            row += ", " + item
    return rows + [row + line.tail]


# ---- The API ----------------------------------------------------------------------------------------

def write_rulebook(book: RulebookFile) -> str:
    """The rule text of `book`: the header, the body, the variants, then the player-count blocks."""
    header: list[Entry] = []
    if book.id is not None:
        header.append((0, f"rulebook {_id(book.id)}"))
    if book.extends is not None:
        header.append((0, "extends " + (_string(book.extends) if book.extends_is_path else _id(book.extends))))
    if book.title is not None:
        header.append((0, f"title {_string(book.title)}"))
    if book.language is not None:
        header.append((0, f"language {_name(book.language)}"))
    if book.base:
        header.append((0, "base"))
    items = [header] if header else []
    items += _body(_pairs(book.assigns), 0)
    items += [_variant(v) for v in book.variants.values()]
    items += [_overlay(o, 0) for o in book.overlays]
    return _render(items)


def write_fragment(rules: Iterable[Assign] | Mapping[str, Any], overlays: Iterable[Overlay] = ()) -> str:
    """Statements with no header: `rules` as a list of assignments (say a `--set` fragment's
    `assigns`, then its `overlays`), or as a dict shaped like the merged model, written in the
    canonical order (`{"cards": {"sets": {"kind": "flat", "value": 7}}}` → `cards {` …)."""
    pairs = _pairs_of_data(rules) if isinstance(rules, Mapping) else _pairs(rules)
    return _render(_body(pairs, 0) + [_overlay(o, 0) for o in overlays])


def _pairs_of_data(data: Mapping[str, Any]) -> list[tuple[JSONPath, Any]]:
    """A model dict → (path, value) in the canonical order; what no statement sets is refused."""
    pairs: list[tuple[JSONPath, Any]] = []
    for path in _STATEMENTS:
        if path[0] in _TABLES:
            table = data.get(path[0], {})
            if not isinstance(table, Mapping):
                raise ValueError(f"cannot write {table!r} as the {path[0]} table")
            pairs += [((path[0], name), value) for name, value in table.items()]
            continue
        if path in _NESTED:
            table = data.get(path[0], {}).get(path[1], {}) if isinstance(data.get(path[0]), Mapping) else {}
            if not isinstance(table, Mapping):
                raise ValueError(f"cannot write {table!r} as the {path[1]} table")
            pairs += [(path + (name,), value) for name, value in table.items()]
            continue
        node: Any = data
        for key in path:
            node = node.get(key, _MISSING) if isinstance(node, Mapping) else _MISSING
        if node is not _MISSING:
            pairs.append((path, node))
    known = set(_STATEMENTS)
    stray = [f"{k}.{s}" for k, v in data.items() if k in _SECTIONS and k not in _TABLES and isinstance(v, Mapping)
             for s in v if (k, s) not in known]
    stray += [k for k, v in data.items() if (k,) not in known and not (k in _SECTIONS and isinstance(v, Mapping))]
    if stray:
        raise ValueError(f"no statement sets {', '.join(stray)}")
    return pairs
