"""The income rules of issue 43 compiled: local deployments, autodeploy, decay, caps."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .expr import Expression, compile_expression
from .model import Config


@dataclass(frozen=True)
class IncomeRules:
    """What the reinforcements section says beyond territories and continents (issue 43); a
    game whose rules declare none of it has none (Rules.income is None: today's path)."""

    local: bool  # each continent's bonus is placed inside that continent
    autodeploy: tuple[tuple[int, int], ...]  # (territory, armies) placed there at the start of its holder's turn
    decay: tuple[tuple[int, int], ...]  # (territory, armies) lost there then, never below 1
    card_bonus_anywhere: bool  # the territory-card bonus joins the armies to place
    territory_cap: int | None  # no territory holds more armies
    income_cap: Expression | None  # the income (cards aside) is at most this, never below 0
    first_turn: tuple[int, ...] = ()  # extra armies by seat in its first turn (issue 46: seat compensation)


def compile_income(config: Config, board: Board) -> IncomeRules | None:
    r = config.data["reinforcements"]
    negative = any(isinstance(b, int) and b < 0 for b in config.data["continents"].values())
    keys = ("local", "autodeploy", "decay", "card_bonus", "territory_cap", "income_cap", "first_turn")
    if not negative and not any(r.get(k) for k in keys if k != "card_bonus") \
            and r.get("card_bonus", "on_territory") == "on_territory":
        return None
    cap = r.get("income_cap")
    return IncomeRules(
        local=r.get("local", False),
        autodeploy=tuple((board.index[t], n) for t, n in r.get("autodeploy", {}).items() if n),
        decay=tuple((board.index[t], n) for t, n in r.get("decay", {}).items() if n),
        card_bonus_anywhere=r.get("card_bonus") == "anywhere",
        territory_cap=r.get("territory_cap"),
        income_cap=compile_expression(cap, "income", config.origin(("reinforcements", "income_cap", "=")))
        if cap else None,
        first_turn=tuple(r.get("first_turn", ())),
    )
