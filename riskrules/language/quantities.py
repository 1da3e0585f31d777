"""The game quantities: what an expression of the rules may name, each in one place.

    territories max(3, territories // 3)        # a rule file
    reinforcements total // 2                   # the neutral army's, in a 2-player game

A quantity has its name; its meaning (the author's guide prints it); its range, what the
checks let it be on a board of a given size (expr.name_ranges, docs/rule-language.md
"Numbers and their ranges"); its typical value, which the rule sheet's examples and the bots
use when they must guess an expression's value (rules.typical); and how it is counted for a
seat during play, a function of the game and the seat that reads only attributes of the
game it is given (the engine's Game: the rule language imports no engine). "The player" is
the one the rule is counted for: who receives the armies, trades the set, holds the mission
or plays the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

LARGEST = 1_000_000  # the most armies an expression may give (docs/rule-language.md: numbers and their ranges)
MAX_ROUND = 100_000  # rounds an expression may count on; a longer game counts as this one


@dataclass(frozen=True)
class Quantity:
    """One game quantity. Its range is `lowest` to `highest`, where `highest` is a number or
    the name of a limit of the game (an argument of expr.name_ranges: "board_size",
    "continents", "deck" or "most_players")."""

    name: str
    meaning: str  # what the author's guide says of it
    lowest: int
    highest: int | str
    typical: int  # its value for a typical player, when it must be guessed
    count: Callable[[Any, int], int] | None  # (game, seat) → its value now; None: the caller gives it


ALL: tuple[Quantity, ...] = (
    Quantity("territories", "territories held by the player", 0, "board_size", 14,
             lambda g, seat: g.territory_count[seat]),
    Quantity("continents", "continents wholly held by the player", 0, "continents", 0,
             lambda g, seat: len(g.held_continents(seat))),
    Quantity("armies", "armies the player has on the board", 0, LARGEST, 30,
             lambda g, seat: g.armies_of(seat)),
    Quantity("cards", "cards in the player's hand", 0, "deck", 0,
             lambda g, seat: len(g.hands[seat])),
    Quantity("own_trades", "sets the player has traded so far in the game", 0, LARGEST, 0,
             lambda g, seat: g.trades_made[seat]),
    Quantity("trades", "sets traded so far by all players together", 0, LARGEST, 0,
             lambda g, seat: g.trade_count),
    Quantity("players", "players at the start of the game, a neutral army not counted", 1, "most_players", 3,
             lambda g, seat: g.players),
    Quantity("alive_players", "players still in the game, a neutral army not counted", 1, "most_players", 3,
             lambda g, seat: sum(g.alive[:g.players])),
    Quantity("round", "the round of play, 1 for the first (0 during the setup)", 0, MAX_ROUND, 1,
             lambda g, seat: g.round),
    Quantity("board_territories", "territories on the board", 1, "board_size", 42,
             lambda g, seat: g.size),
    Quantity("board_continents", "continents on the board", 0, "continents", 6,
             lambda g, seat: len(g.board.continents)),
    # not counted for a seat: the engine gives the player's whole income (territories and continents,
    # cards aside) when it counts an income cap (the only expression that may name it: expr.NAMES_FOR)
    Quantity("income", "the player's whole income this turn, territories and continents, cards aside "
             "(income caps only)", 0, LARGEST, 5, None),
    # not counted for a seat: the engine gives the active player's total when it counts the
    # neutral army's reinforcements (the only expressions that may name it: expr.NAMES_FOR)
    Quantity("total", "the active player's reinforcements this turn (neutral reinforcements only)", 0, LARGEST, 0,
             None),
)

TYPICAL: dict[str, int] = {q.name: q.typical for q in ALL}


def counters() -> dict[str, Callable[[Any, int], int]]:
    """Name → how it is counted for a seat, for every quantity counted so (all but `total` and `income`)."""
    return {q.name: q.count for q in ALL if q.count is not None}
