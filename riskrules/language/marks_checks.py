"""The checks of marks (issue 43): battle modifiers and the re-roll (checks.py calls them)."""

from __future__ import annotations

from typing import Any

from .board import Board
from .errors import Problem, RuleError
from .expr import check_range, name_ranges
from .marks import MOST_EXTRA, battle_ranges, compile_test
from .model import Config
from .quantities import LARGEST


def modifier_problems(config: Config, board: Board, battle: dict[str, Any], data: dict[str, Any]) -> list[Problem]:
    """Each modifier's test names only what the battle and the board have (did-you-mean on a
    misspelt mark) and cannot divide by 0; a change is not 0; a side gains at most MOST_EXTRA
    dice; a re-roll needs cards."""
    problems: list[Problem] = []

    def add(message: str, *path) -> None:
        pos = config.origin(tuple(path))
        problems.append(Problem(message, pos, config.chain_to(pos.file) if pos else ()))

    ranges = battle_ranges(board, name_ranges(board.size, len(board.continents), board.deck_size,
                                              data["players"]["max"]))
    gained = {"attacker": 0, "defender": 0}
    for i, item in enumerate(battle.get("modifiers", [])):
        pos = config.origin(("battle", "modifiers", i, "when"))
        chain = config.chain_to(pos.file) if pos else ()
        if "dice" in item:
            gained[item["dice"]] += max(0, item["change"])
            if item["change"] == 0:
                add("a dice change of 0 changes nothing: write + 1 to + 3, or - 1 to - 3", "battle", "modifiers", i)
        try:
            compile_test(item["when"], board, pos)
        except RuleError as err:
            problems.extend(p.in_chain(chain) for p in err.problems)
            continue
        _, found = check_range(item["when"], ranges, pos, LARGEST, 0)
        problems.extend(p.in_chain(chain) for p in found)
    for side, extra in gained.items():
        if extra > MOST_EXTRA:
            add(f"the {side}'s dice modifiers add up to {extra} dice: at most {MOST_EXTRA}", "battle", "modifiers")
    if battle.get("reroll") and data["cards"]["sets"]["kind"] == "none":
        add("a re-roll is paid with a card, but 'sets none' plays without cards", "battle", "reroll")
    return problems
