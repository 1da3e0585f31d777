"""What a seat's page says happened since its last turn, and the battle going on, from what the
seat is told alone (Game.teller: under fog what it saw): a line per other player's turn (the
terminal's, text/turn_digest.py), the territories taken in them (marked on the board until the
person acts), and the last roll told (its dice, the arrow from attacker to target)."""

from __future__ import annotations

from typing import Any

from ..language.rules import Rules
from ..text.i18n import Text
from ..text.turn_digest import Digester, holdings, new_turn

ENDS_A_BATTLE = {"turn_start", "place", "fortify", "trade", "card_played", "game_over"}


class Since:
    """A listener of one seat's account of the game (in the game's thread)."""

    def __init__(self, rules: Rules, t: Text, seat: int):
        self.name = rules.colours[seat]
        self.index = {name: x for x, name in enumerate(rules.board.territories)}
        visibility = rules.visibility
        # (a round of orders: what is carried out in one's own turn is digested too)
        self.together = rules.orders is not None and rules.orders.together
        self.digester = Digester(t, visibility is not None and visibility.foggy, self.together, frozenset([self.name]))
        self.view = None  # the seat's view, once the game is made (for the continents held)
        self.turn: dict | None = None  # the other player's turn going on
        self.lines: list[str] = []  # the others' turns since the seat's own
        self.marked: set[int] = set()  # territories taken in them, until the person acts
        self.mine = False  # is the turn going on the seat's own?
        self.battle: dict[str, Any] | None = None  # the last roll told, while its battle goes on

    def __call__(self, e: dict) -> None:
        kind = e["type"]
        if kind == "seen":
            self.digester.saw(self.turn, e)
            self._mark()
            return
        if kind in ENDS_A_BATTLE:
            self.battle = None
        if kind in ("battle", "battles") and e.get("from") in self.index and e.get("to") in self.index:
            self.battle = {"from": self.index[e["from"]], "to": self.index[e["to"]],
                           "dice": [list(e.get("attacker_dice") or []), list(e.get("defender_dice") or [])]
                           if kind == "battle" else None,
                           "losses": [e.get("attacker_losses"), e.get("defender_losses")]}
        if kind == "turn_start":
            self.digester.started(e)
            if e.get("player") == self.name:
                self._close()
                self.mine = True
            elif self.mine:  # (a new stretch of the others' turns: the last is forgotten)
                self.lines, self.mine = [], False
                self._close()  # (in a round of orders, what was carried out in one's own turn: told now)
            else:
                self._close()
            if not self.mine or self.together:
                self.turn = new_turn(e["player"], e["turn"], holdings(self.view))
            return
        if kind == "game_over":
            self._close()
            return
        if not self.mine or self.together:
            self.digester.note(self.turn, e)
            self._mark()

    def _mark(self) -> None:
        if self.turn is not None:
            for places in self.turn["taken"].values():
                self.marked.update(self.index[p] for p in places if p in self.index)

    def _close(self) -> None:
        turn, self.turn = self.turn, None
        if turn is not None:
            self.lines.extend(self.digester.lines(turn, holdings(self.view)))

    def shown(self) -> dict[str, Any]:
        """For the page: the lines (the turn going on told so far), the territories marked, the battle."""
        lines = list(self.lines)
        if self.turn is not None:
            lines.extend(self.digester.lines(self.turn, holdings(self.view), going_on=True))
        return {"since": lines[-12:], "marked": sorted(self.marked), "battle": self.battle}

    def acted(self) -> None:
        """The person has answered a question: the marks are done with."""
        self.marked.clear()
