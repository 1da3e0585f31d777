"""The battle section's checks (a part of check_config's _Checker, see checks.py): the dice
tables, the modifiers of issue 43's marks (marks_checks.py) and the combat model (kill rates)."""

from __future__ import annotations

from typing import Any

from .marks_checks import modifier_problems
from .tables import CountTable, parse_key


def battle_problems(checker: Any) -> None:
    battle = checker.data["battle"]
    attacker = CountTable.from_json(battle["attacker_dice"])
    defender = CountTable.from_json(battle["defender_dice"])
    for name, table, start in (("attacker_dice", attacker, attacker.lowest), ("defender_dice", defender, 1)):
        checker.table_overlaps(table, "battle", name)
        who = name.split("_")[0]
        missing = table.gaps(start)
        if missing:
            checker.add(f"{who} dice has no entry for {missing[0]} arm{'y' if missing[0] == 1 else 'ies'}",
                        "battle", name)
        if not table.open_ended:
            checker.add(f"{who} dice must end with an open entry such as "
                        f"'{table.entries[-1][0]}+', for larger armies", "battle", name)
    if attacker.lowest < 2:
        checker.add("an attack needs at least 2 armies: one must stay behind", "battle", "attacker_dice",
                    _key_of(battle["attacker_dice"], attacker.lowest))
    for low, _, dice in attacker.entries:
        if dice > low - 1 and low >= 2:
            checker.add(f"{dice} dice need {dice + 1} armies in the territory: one must stay behind",
                        "battle", "attacker_dice", _key_of(battle["attacker_dice"], low))
    for low, _, dice in defender.entries:
        if dice > low:
            checker.add(f"{low} arm{'y' if low == 1 else 'ies'} cannot roll {dice} dice",
                        "battle", "defender_dice", _key_of(battle["defender_dice"], low))
    checker.problems += modifier_problems(checker.config, checker.board, battle, checker.data)  # marks (issue 43)
    _combat(checker, battle)


def _combat(checker: Any, battle: dict) -> None:
    """Kill rates, luck and rounding belong to `combat kill rates` (issue 43)."""
    if battle.get("combat", "dice") == "dice":
        for key, words in (("kill_rates", "kill rates"), ("luck", "luck"), ("rounding", "rounding")):
            if key in battle:
                checker.add(f"'{words}' belongs to kill-rate combat: add 'combat kill rates' to the battle section",
                            "battle", key, *list(battle[key])[:1] if key == "kill_rates" else ())
        if battle.get("guard", 1) == 0:
            checker.add("'guard 0' belongs to kill-rate combat: add 'combat kill rates' to the battle section",
                        "battle", "guard")
        return
    for key, words in (("sides", "dice sides"), ("modifiers", "a dice modifier"), ("reroll", "reroll")):
        if battle.get(key) not in (None, 6, [], False):  # (6 sides, no modifiers, no re-roll: dice's defaults)
            checker.add(f"'{words}' belongs to dice combat: kill rates roll no dice", "battle", key,
                        *((0,) if key == "modifiers" else ()))
    if battle.get("kill_rates", {}).get("attacker", 1) == 0:
        checker.add("an attacker kill rate of 0% can never take a territory: give 1% to 100%",
                    "battle", "kill_rates", "attacker")


def _key_of(table: dict[str, int], low: int) -> str:
    for key in table:
        if parse_key(key)[0] == low:
            return key
    return next(iter(table))
