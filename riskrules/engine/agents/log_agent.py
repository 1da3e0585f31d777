"""An agent that answers from a game log: how a replay (or a resumed game) knows what a
human chose. Every answer produces the very next event of the log, so the answer can be
read off that event."""

from __future__ import annotations

from ..decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, OCCUPY, PLACE, PLAY,
                         REROLL, TRADE, UNIT, Decision)
from ..errors import GameError
from ..schedule.orders import MODES
from .base import Agent


class LogAgent(Agent):
    kind = "log"

    def __init__(self, events: list[dict], cursor: Cursor, kind: str):
        self.events = events
        self.cursor = cursor
        self.kind = kind  # the agent the log names, so the replayed header matches

    def decide(self, d: Decision):
        view = self.view
        index = view.board.index
        number = self.cursor.position
        holding = getattr(view._game, "holding", None)  # orders given together (issue 45): see _held_line
        if d.kind == "order":
            return self._order(d, number)
        if holding is not None:
            number = self._held_line(number, view.turn) + len(holding)
        if number >= len(self.events):
            raise GameError(f"the log ends at line {number} while {view.names[d.player]} is to {d.kind}")
        e = self.events[number]
        kind = e["type"]
        side = view.names[d.side]

        def expect(*types):
            if kind not in types:
                raise GameError(f"line {number + 1} is a '{kind}' event where the game needs {d.kind} "
                                f"of {view.names[d.player]}")

        k = d.kind
        if k is CLAIM:
            expect("claim")
            return index[e["territory"]]
        if k is PLACE:
            expect("place")
            return index[e["territory"]], e["armies"]
        if k is CAPITAL:
            expect("capital_chosen")
            return index[e["territory"]]
        if k == UNIT:  # where a special unit starts (issue 45)
            expect("unit_placed")
            return index[e["territory"]]
        if k is TRADE:
            if kind != "trade" or e.get("player") != side:
                return None
            hand = sorted(view.hand)
            jokers = [c for c in hand if c >= view.size]
            cards = []
            for card in e["cards"]:
                if card["territory"] is None and not jokers:
                    raise GameError(f"line {number + 1} trades a joker {side} does not hold")
                cards.append(index[card["territory"]] if card["territory"] is not None else jokers.pop(0))
            real = sorted(c for c in cards if c < view.size)
            return tuple(real + [c for c in cards if c >= view.size])
        if k is BONUS:
            expect("trade")
            if not e["territory_bonus"]:
                raise GameError(f"line {number + 1} is a trade without the territory bonus the game gives")
            return index[e["territory_bonus"][0]["territory"]]
        if k is ATTACK:
            # (under kill rates one battle is a `battles` event, or, on an empty territory, a
            # `conquest` alone: dice games log those only after an `attack` or a `battle`)
            single = ("battle", "battles", "conquest") if view.rules.battle.kills is not None else ("battle",)
            if (kind != "attack" and kind not in single) or e.get("player") != side:
                return None
            if kind == "attack":
                return index[e["from"]], index[e["to"]], e["keep"]
            return index[e["from"]], index[e["to"]]
        if k is DICE:
            expect("battle", "battles")
            return e["committed"], (len(e["attacker_dice"]) if kind == "battle" else e["rolled"])
        if k is DEFEND:
            expect("battle", "battles")
            return len(e["defender_dice"]) if kind == "battle" else e["defended"]
        if k is REROLL:  # the battle it belongs to says what was rolled again
            expect("battle")
            return e["reroll"][0] if "reroll" in e else None
        if k is OCCUPY:
            expect("conquest")
            return e["moved"]
        if k is FORTIFY:
            if kind != "fortify" or e.get("player") != side:
                return None
            return index[e["from"]], index[e["to"]], e["armies"]
        if k is DISCARD:
            expect("card_discarded")
            card = e["card"]
            if card["territory"] is not None:
                return index[card["territory"]]
            jokers = sorted(c for c in view.hand if c >= view.size)
            if not jokers:
                raise GameError(f"line {number + 1} discards a joker {side} does not hold")
            return jokers[0]
        if k is PLAY:  # a card that does something: its `card_played` event names it and its targets
            if kind != "card_played" or e.get("player") != side:
                return None
            answer = _played(view, e, number)
            # (a kind is played at one moment: a play not offered now is one of a later moment, passed to now)
            return answer if (answer[:3] if len(answer) == 4 else answer) in d.options else None
        raise GameError(f"a log cannot answer a '{k}' decision")


    # ---- orders given together (issue 45): a seat's deployments are held back until every seat has
    # given its orders (engine/schedule/together.py), and its orders are told as they are carried out

    def knows(self, d: Decision) -> bool:
        """Whether the log holds this answer: a save cut in the middle of a round of orders given
        together holds neither the deployments nor the orders of that round (told only once it is
        carried out), so a resumed person gives them again (replay._Resuming)."""
        view = self.view
        if d.kind != "order" and getattr(view._game, "holding", None) is None:
            return True
        return self._held_line(self.cursor.position, view.turn) < len(self.events)

    def _held_line(self, number: int, turn: int) -> int:
        """While a seat's deployments are held back (`game.holding`, the events so far), the line
        of the log they begin at: the first of its turn after the round's orders are given."""
        events = self.events
        at = number
        while at < len(events) and (events[at]["type"] == "turn_start" or events[at]["type"] == "orders_given"
                                    or events[at]["turn"] != turn):
            at += 1
        return at

    def _order(self, d: Decision, number: int):
        """The seat's next order: its orders are the round's `order` events of its name, in its order."""
        view = self.view
        side, index = view.names[d.side], view.board.index
        mine = []
        for e in self.events[number:]:
            if e["type"] == "turn_start" and e.get("round", 0) > view.round:
                break
            if e["type"] == "order" and e["player"] == side:
                mine.append(e)
        given = len(d.shown[2])
        if given >= len(mine):
            return None
        e = mine[given]
        return MODES.index(e["mode"]), index[e["from"]], index[e["to"]], e["asked"]


def _played(view, e: dict, number: int) -> tuple:
    """The answer to a `play` decision that the event `e` (line `number` + 1) tells."""
    kinds = view.rules.cards.kinds.kinds if view.rules.cards.kinds is not None else ()
    k = next((i for i, kind in enumerate(kinds) if kind.name == e.get("card")), None)
    if k is None:
        raise GameError(f"line {number + 1} plays a card these rules do not have: {e.get('card')!r}")
    kind = kinds[k]
    index, seat = view.board.index, {name: s for s, name in enumerate(view.names)}
    try:
        if kind.effect == "armies":
            return (k,)
        if kind.effect == "move":
            return k, index[e["from"]], index[e["to"]], e["armies"]
        if kind.effect == "give":
            return k, index[e["territory"]], seat[e["target"]]
        if kind.target == "players":
            return k, seat[e["players"][0]], seat[e["players"][1]]
        if kind.target == "player":
            return k, seat[e["target"]]
        if kind.target == "continent":
            return k, view.board.continents.index(e["continent"])
        return k, index[e["territory"]]
    except (KeyError, IndexError, ValueError, TypeError):
        raise GameError(f"line {number + 1} does not say what the {kind.name} card was played on") from None


class Cursor:
    """How many events the replaying game has emitted: the line a LogAgent reads next."""

    def __init__(self):
        self.position = 0

    def __call__(self, event: dict) -> None:
        self.position += 1
