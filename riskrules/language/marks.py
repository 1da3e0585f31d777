"""Battle modifiers (issue 43): the names a battle's tests may use, and the modifiers compiled.

    battle {
        defender dice + 1 when defender_capital
        ties attacker when defender_neutral
    }

A test is an expression of the rule language (expr.py) over the battle's own names — the marks
of the board the rules play on (`attacker_<mark>`, `defender_<mark>`, `border_<mark>`), who
fights (`attacker_neutral`, `defender_neutral`), the armies of the two territories — and the
game's quantities, counted for the attacking player. A battle asks the compiled `Modifiers`
for its dice and who wins its ties; a side never rolls fewer than 1 die, nor more than its
armies allow (the defender's armies; the attacker's armies but the one that stays behind),
nor fewer or more than its table gives when that is already beyond them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Callable

from .board import IMPASSABLE, Board
from .errors import Pos, RuleError, did_you_mean
from .expr import NAMES_FOR, Condition, Range, compile_condition
from .quantities import LARGEST, counters

# The battle's names that every board has: (name, meaning).
FIXED: tuple[tuple[str, str], ...] = (
    ("attacker_neutral", "the attacker is the neutral army (1, else 0)"),
    ("defender_neutral", "the defender is the neutral army"),
    ("attacker_armies", "armies in the attacking territory"),
    ("defender_armies", "armies in the defending territory"),
    ("attacker_capital", "the attacking territory is marked capital, or is a capital of the capitals victory"),
    ("defender_capital", "the defending territory is marked capital, or is a capital of the capitals victory"),
)
CAPITAL = "capital"  # the mark that a capital of the capitals victory bears too
ARMIES = frozenset({"attacker_armies", "defender_armies"})
MOST_EXTRA = 9  # dice a side may gain from its modifiers together (checks.py refuses more)


def battle_names(board: Board) -> dict[str, str]:
    """The names a battle's test may use on `board` and their types: its marks' and who fights
    (tests), the armies of the two territories and the game's quantities (numbers)."""
    names = {name: "int" if name.endswith("_armies") else "bool" for name, _ in FIXED}
    for mark, _ in board.marks:
        names[f"attacker_{mark}"] = names[f"defender_{mark}"] = "bool"
    # (no battle crosses an impassable border: a test of it could never hold)
    names.update((f"border_{mark}", "bool") for mark, _ in board.border_marks if mark != IMPASSABLE)
    return {**names, **{name: "int" for name in NAMES_FOR["game"]}}


def battle_ranges(board: Board, game_ranges: dict[str, Range]) -> dict[str, Range]:
    """What each battle name can be (for check_range): a test 0 or 1, armies 1 to the largest."""
    ranges = dict(game_ranges)
    for name in battle_names(board).keys() - NAMES_FOR["game"]:
        ranges[name] = Range(1, LARGEST) if name.endswith("_armies") else Range(0, 1)
    return ranges


def compile_test(text: str, board: Board, pos: Pos | None = None) -> Condition:
    """A battle's test, checked (RuleError, with did-you-mean on an unknown name) and compiled."""
    try:
        return compile_condition(text, "game", pos, names=battle_names(board))
    except RuleError as err:
        raise RuleError([replace(p, message=_unmarked(p.message, board)) for p in err.problems]) from None


_UNKNOWN_MARK = re.compile(r"unknown name '(attacker|defender|border)_([a-z0-9_]+)'(?:; did you mean '[^']*'\?)? "
                           r"(\(names allowed here: .*\))$")


def _unmarked(message: str, board: Board) -> str:
    """An unknown `border_<mark>` (or attacker_, defender_): the did-you-mean only among the names
    of that side (not 'defender_armies' for 'defender_fort'); none near, the board has no such
    mark, so say which marks it has."""
    found = _UNKNOWN_MARK.match(message)
    if not found:
        return message
    side, mark, allowed = found.groups()
    border = side == "border"
    near = did_you_mean(mark, [name[len(side) + 1:] for name in battle_names(board) if name.startswith(side + "_")])
    if near:  # (compared without the side's word, which every one of them shares)
        return f"unknown name '{side}_{mark}'; did you mean '{side}_{near.split(chr(39))[1]}'? {allowed}"
    marks = [m for m, _ in (board.border_marks if border else board.marks) if m != IMPASSABLE]
    what = "border" if border else "territory"
    return (f"unknown name '{side}_{mark}': the board {board.id} marks no {what} '{mark}' "
            f"(its {what} marks: {', '.join(sorted(marks)) or 'none'})")


@dataclass(frozen=True, eq=False)
class Modifiers:
    """A rule file's battle modifiers, compiled once: `dice` asks them for one battle's."""

    dice: tuple[tuple[bool, int, Condition], ...]  # (for the attacker, change, test), in order
    ties: tuple[tuple[bool, Condition], ...]  # (ties to the defender, test): the first that holds decides
    counts: tuple[tuple[str, Callable[[Any, int, int, int], int]], ...]  # the names the tests use, how counted
    steady: bool  # no test names the armies: during one attack they hold or fail throughout

    def env(self, game: Any, side: int, source: int, target: int) -> dict[str, int]:
        return {name: count(game, side, source, target) for name, count in self.counts}

    def situation(self, game: Any, side: int, source: int, target: int) -> tuple[tuple[str, int], ...]:
        """What the tests read of a battle but the armies (which an attack's odds count for
        themselves): the key of its odds (engine/odds.py)."""
        return tuple((name, count(game, side, source, target)) for name, count in self.counts
                     if name not in ARMIES)

    def situation_key(self) -> tuple[tuple[str, ...], Callable[[Any, int, int, int], Any]]:
        """The names of `situation` and a function that counts their values alone, (game, side,
        source, target) → a hashable key: a bot that looks up a battle's odds per situation many
        times a decision (agents/balanced.py) builds no pairs of names and values for it."""
        read = [(name, count) for name, count in self.counts if name not in ARMIES]
        names = tuple(name for name, _ in read)
        counts = tuple(count for _, count in read)
        if not counts:
            return names, lambda g, side, s, t: ()
        if len(counts) == 1:
            one, = counts
            return names, lambda g, side, s, t: (one(g, side, s, t),)
        if len(counts) == 2:
            one, two = counts
            return names, lambda g, side, s, t: (one(g, side, s, t), two(g, side, s, t))
        return names, lambda g, side, s, t: tuple([count(g, side, s, t) for count in counts])

    def battle(self, game: Any, side: int, source: int, target: int, attacking: int, defending: int,
               ties_to_defender: bool) -> tuple[int, int, bool]:
        """(attacker's most dice, defender's most dice, ties to the defender) of a battle of
        `side` from `source` on `target`, from the tables' `attacking` and `defending`."""
        return self.apply(self.env(game, side, source, target), attacking, defending, ties_to_defender,
                          game.armies[source] - 1, game.armies[target])

    def apply(self, env: dict[str, int], attacking: int, defending: int, ties_to_defender: bool,
              attacker_room: int, defender_room: int) -> tuple[int, int, bool]:
        """As `battle`, given the tests' names and the most dice each side's armies allow."""
        extra_a = extra_d = 0
        for for_attacker, change, test in self.dice:
            if test(env):
                if for_attacker:
                    extra_a += change
                else:
                    extra_d += change
        if extra_a:
            attacking = _clamp(attacking + extra_a, attacking, attacker_room)
        if extra_d:
            defending = _clamp(defending + extra_d, defending, defender_room)
        for to_defender, test in self.ties:
            if test(env):
                ties_to_defender = to_defender
                break
        return attacking, defending, ties_to_defender


def _clamp(wanted: int, table: int, armies: int) -> int:
    """At least 1 die; no more than `armies` allow, unless the table itself gives more."""
    return max(1, min(wanted, max(table, armies), table + MOST_EXTRA))


def compile_modifiers(items: list[dict[str, Any]], board: Board, origin: Callable[[tuple], Pos | None]
                      ) -> Modifiers | None:
    """The `battle.modifiers` of the model compiled; None when there are none."""
    if not items:
        return None
    dice, ties, used = [], [], set()
    for i, item in enumerate(items):
        test = compile_test(item["when"], board, origin(("battle", "modifiers", i, "when")))
        used |= test.names
        if "dice" in item:
            dice.append((item["dice"] == "attacker", item["change"], test))
        else:
            ties.append((item["ties"] == "defender", test))
    return Modifiers(tuple(dice), tuple(ties), tuple((name, _counter(name, board)) for name in sorted(used)),
                     not used & ARMIES)


def _counter(name: str, board: Board) -> Callable[[Any, int, int, int], int]:
    """How the battle name `name` is counted: (game, attacking side, source, target) → its value."""
    if name == "attacker_neutral":
        return lambda g, side, s, t: int(side == g.neutral)
    if name == "defender_neutral":
        return lambda g, side, s, t: int(g.owner[t] == g.neutral)
    if name == "attacker_armies":
        return lambda g, side, s, t: g.armies[s]
    if name == "defender_armies":
        return lambda g, side, s, t: g.armies[t]
    if name.startswith("border_"):
        pairs = board.marked_borders(name[len("border_"):])
        return lambda g, side, s, t: int((min(s, t), max(s, t)) in pairs)
    for who in ("attacker_", "defender_"):
        if name.startswith(who):
            mark = name[len(who):]
            marked = board.marked(mark)
            at_source = who == "attacker_"
            if mark == CAPITAL:
                return lambda g, side, s, t: int((s if at_source else t) in marked
                                                 or (s if at_source else t) in g.capital_owner)
            return lambda g, side, s, t: int((s if at_source else t) in marked)
    count = counters()[name]
    return lambda g, side, s, t: count(g, side)
