"""The rule sheet's rows of marks (issue 43): dice of other sides, battle modifiers, the re-roll."""

from __future__ import annotations

from .i18n import Text


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
