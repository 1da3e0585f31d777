"""The rule sheet's rows of marks (issue 43): what the board marks, dice of other sides, battle
modifiers, the re-roll."""

from __future__ import annotations

from ..language.board import IMPASSABLE, Board
from .i18n import Text


def board_marks_rows(board: Board, add, t: Text) -> None:
    """The territories and borders the board marks (what `defender_capital`, `border_wall` … read)."""
    names = board.territories
    if board.marks:
        # Translators: a row label of the rule sheet: the territories the board marks, by mark (capital: …)
        add("game.marks", t._("Marked territories"), "; ".join(
            f"{mark}: " + ", ".join(t.territory(names[x]) for x in sorted(ts)) for mark, ts in board.marks))
    if board.border_marks:
        parts = []
        for mark, pairs in board.border_marks:
            borders = ", ".join(f"{t.territory(names[a])} – {t.territory(names[b])}" for a, b in sorted(pairs))
            if mark == IMPASSABLE:
                # Translators: the borders a board marks `impassable` (the word stays: it is the board file's)
                parts.append(t._("impassable: {borders} (no border: nobody attacks or moves across)").format(
                    borders=borders))
            else:
                parts.append(f"{mark}: {borders}")
        # Translators: a row label of the rule sheet: the borders the board marks, by mark (wall: …)
        add("game.border_marks", t._("Marked borders"), "; ".join(parts))


def marks_rows(b: dict, add, t: Text) -> None:
    """Marks (issue 43): dice of other sides, battle modifiers, the re-roll with a card."""
    if b.get("sides", 6) != 6:
        # Translators: a row label of the rule sheet: what dice are rolled (their sides)
        add("battle.sides", t._("Dice"), t._("{n} sides").format(n=b["sides"]))
    said = []
    for item in b.get("modifiers", []):
        test = item["when"]
        if "ties" in item:
            said.append((t._("ties go to the defender when {test}") if item["ties"] == "defender"
                         else t._("ties go to the attacker when {test}")).format(test=test))
            continue
        n, attacker = abs(item["change"]), item["dice"] == "attacker"
        if item["change"] > 0:
            text = (t.n_("the attacker may roll {n} die more when {test}",
                         "the attacker may roll {n} dice more when {test}", n) if attacker
                    else t.n_("the defender may roll {n} die more when {test}",
                              "the defender may roll {n} dice more when {test}", n))
        else:
            text = (t.n_("the attacker rolls {n} die fewer when {test}",
                         "the attacker rolls {n} dice fewer when {test}", n) if attacker
                    else t.n_("the defender rolls {n} die fewer when {test}",
                              "the defender rolls {n} dice fewer when {test}", n))
        said.append(text.format(n=n, test=test))
    if said:
        # Translators: a row label of the rule sheet: dice or ties changed by where a battle is and who fights
        add("battle.modifiers", t._("Battle modifiers"),
            "; ".join(said) + "; " + t._("never fewer than 1 die, nor more than the armies allow"))
    if b.get("reroll"):
        # Translators: a row label of the rule sheet: Hasbro's experts' re-roll with a territory card
        add("battle.reroll", t._("Re-roll"), t._(
            "an attacker holding the card of the territory he attacks from or attacks may re-roll one of "
            "his dice in each battle; the card stays in his hand"))
