"""Another player's turn in one line, as one seat was told it: what was taken from whom, cards
traded, capitals captured, players knocked out, continents won and lost ("Blue, turn 11: takes
Ukraine from red; trades cards for 10 armies; red loses Europe."). The terminal's table and the
browser's "since your last turn" both tell it so.

Made only from what the seat is told (Game.teller: under fog the conquests are those it saw
change hands, from its `seen` events) and from its own view's holdings."""

from __future__ import annotations

from .i18n import Text, capitalized


def holdings(view) -> dict[str, list[str]]:
    """The continents each player holds now, as `view` (a seat's) shows them."""
    if view is None:
        return {}
    return {view.names[s]: [view.board.continents[k] for k in view.held_continents(s)] for s in range(len(view.names))}


def new_turn(player: str, turn: int, before: dict[str, list[str]]) -> dict:
    """A turn of `player`'s to sum up; `before`: the holdings at its start."""
    return {"player": player, "turn": turn, "taken": {}, "trades": [], "out": [], "capitals": [], "before": before}


class Digester:
    """Hears the events of other players' turns as a seat was told them, and sums each turn up."""

    def __init__(self, t: Text, fogged: bool):
        self.t = t
        self.fogged = fogged  # under fog the conquests are the ones seen (`saw`)
        self.last_defender: str | None = None
        self.seen_owner: dict[str, str | None] = {}  # under fog: each territory's owner as last seen

    def note(self, turn: dict | None, e: dict) -> None:
        """An event of another player's turn."""
        kind = e["type"]
        if turn is None:
            return
        if kind == "battle" or kind == "battles":
            self.last_defender = e["defender"]
        elif kind == "conquest" and not self.fogged:
            turn["taken"].setdefault(self.last_defender, []).append(e["to"])
        elif kind == "trade":
            turn["trades"].append(e["armies"])
        elif kind == "elimination":
            turn["out"].append(e["player"])
        elif kind == "capital_captured":
            turn["capitals"].append(e["victim"])

    def saw(self, turn: dict | None, e: dict) -> None:
        """A change of the seat's view under fog: a territory seen held by another player before
        and now by the player whose turn it is counts as taken (one first seen now does not)."""
        for name, (owner, _) in e["territories"].items():
            before = self.seen_owner.get(name)
            if owner is not None:
                self.seen_owner[name] = owner or None
            if turn is not None and owner == turn["player"] and before is not None and before != owner:
                turn["taken"].setdefault(before, []).append(name)

    def line(self, turn: dict, after: dict[str, list[str]]) -> str | None:
        """The turn in a line, or None if nothing of it is worth a line; `after`: the holdings now."""
        t = self.t
        parts = []
        for victim, places in turn["taken"].items():
            parts.append(t._("takes {territories} from {victim}").format(
                territories=", ".join(t.territory(p) for p in places), victim=t.player(victim)))
        for armies in turn["trades"]:
            parts.append(t.n_("trades cards for {n} army", "trades cards for {n} armies", armies).format(n=t.num(armies)))
        for victim in turn["capitals"]:
            parts.append(t._("captures the capital of {victim}").format(victim=t.player(victim)))
        for victim in turn["out"]:
            parts.append(t._("knocks {victim} out").format(victim=t.player(victim)))
        before = turn["before"]
        me = turn["player"]
        won = [c for c in after.get(me, ()) if c not in before.get(me, ())]
        if won:
            parts.append(t._("wins {continents}").format(continents=", ".join(t.continent(c) for c in won)))
        for player, held in before.items():
            lost = [c for c in held if c not in after.get(player, ())]
            if player != me and lost:
                parts.append(t._("{player} loses {continents}").format(
                    player=t.player(player), continents=", ".join(t.continent(c) for c in lost)))
        if not parts:
            return None
        return capitalized(t._("{player}, turn {turn}: {events}.").format(
            player=t.player(me), turn=turn["turn"], events="; ".join(parts)))

    def nothing(self, turn: dict) -> str:
        """The line of a turn with nothing to tell."""
        t = self.t
        said = t._("{player}, turn {turn}: no conquest that you saw.") if self.fogged else \
            t._("{player}, turn {turn}: no conquest.")
        return capitalized(said.format(player=t.player(turn["player"]), turn=turn["turn"]))
