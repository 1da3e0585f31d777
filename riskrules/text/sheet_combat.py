"""The rule sheet's rows of kill-rate combat (issue 43; a part of sheet.py's battle rows)."""

from __future__ import annotations

from .i18n import Text


def kill_rate_rows(battle, add, t: Text) -> None:
    """The battle rows of kill-rate combat (Warzone)."""
    kr = battle.kills
    # Translators: a row label of the rule sheet: the combat model (kill rates, as Warzone has it)
    add("battle.combat", t._("Combat"),
        t._("kill rates: every army of an attack fights at once; each attacking army kills one defending army "
            "with {attacker}%, each defending army one attacker with {defender}%").format(
            attacker=kr.attacker, defender=kr.defender))
    # Translators: a row label of the rule sheet: how much of a battle's kills are drawn at random (Warzone's luck)
    add("battle.luck", t._("Luck"),
        t._("{luck}%: the kills are {luck}% the random draw and {rest}% the expected kills").format(
            luck=kr.luck, rest=100 - kr.luck))
    add("battle.rounding", t._("Rounding"),
        t._("weighted random: up with the chance of the fraction") if kr.weighted
        else t._("straight: to the nearest army, a half up"))
    add("battle.attacker_dice", t._("Attacker"),
        t._("every army in the territory but one attacks; if both sides are wiped out, one defending army "
            "survives and holds the territory") if battle.guard
        else t._("every army in the territory attacks, leaving it empty; an empty territory is taken without a "
                 "fight; if both sides are wiped out, one defending army survives and holds the territory"))
    add("battle.minimum_move", t._("After a conquest"), t._("every surviving attacker moves in"))
    if battle.trench:
        add("battle.trench", t._("Trench warfare"),
            t._("a territory conquered this turn may not attack again this turn"))


def fortify_guard_row(fortify, add, t: Text) -> None:
    """`battle { guard 0 }`: Warzone's "one army must stand guard" off covers transfers too."""
    if not fortify.stay:
        # Translators: a row label of the rule sheet: how many armies stay in a territory armies move out of
        add("fortify.stay", t._("Left behind"), t._("nothing: a territory may be emptied; it stays its owner's"))
