"""Another player's turn in one line, as one seat was told it: what was taken from whom, cards
traded, capitals captured, players knocked out, continents won and lost ("Blue, turn 11: takes
Ukraine from red; trades cards for 10 armies; red loses Europe."). The terminal's table and the
browser's "since your last turn" both tell it so.

Made only from what the seat is told (Game.teller: under fog the conquests are those it saw
change hands, from its `seen` events) and from its own view's holdings.

In a round of orders given together (issue 45) every seat's orders are carried out in the turn of
the seat whose turn began last: the digest then tells a line for each player who did something in
it (each with the turn of its own that round), never the seat's own deeds, and a continent lost
on the line of whoever took a territory from its holder."""

from __future__ import annotations

from .i18n import Text, capitalized


def holdings(view) -> dict[str, list[str]]:
    """The continents each player holds now, as `view` (a seat's) shows them."""
    if view is None:
        return {}
    return {view.names[s]: [view.board.continents[k] for k in view.held_continents(s)] for s in range(len(view.names))}


def new_turn(player: str, turn: int, before: dict[str, list[str]]) -> dict:
    """A turn of `player`'s to sum up; `before`: the holdings at its start. (`by`: in a round of
    orders, the other players' deeds in it, each a turn of theirs.)"""
    return {"player": player, "turn": turn, "taken": {}, "trades": [], "out": [], "capitals": [], "before": before,
            "by": {}}


class Digester:
    """Hears the events of other players' turns as a seat was told them, and sums each turn up.
    `together`: rounds of orders given together; `me`: the seat's own players (their deeds in a
    round are not told it)."""

    def __init__(self, t: Text, fogged: bool, together: bool = False, me: frozenset[str] = frozenset()):
        self.t = t
        self.fogged = fogged  # under fog the conquests are the ones seen (`saw`)
        self.together, self.me = together, me
        self.turns: dict[str, int] = {}  # in rounds of orders: each player's turn of the round
        self.last_defender: str | None = None
        self.seen_owner: dict[str, str | None] = {}  # under fog: each territory's owner as last seen

    def started(self, e: dict) -> None:
        """A turn_start heard (in rounds of orders: the turn each player's deeds are told under)."""
        if self.together:
            self.turns[e["player"]] = e["turn"]

    def _of(self, turn: dict, player: str | None) -> dict | None:
        """The turn a deed of `player` is told in (None: the seat's own, in a round of orders)."""
        if not self.together or player is None or player == turn["player"]:
            return None if self.together and player in self.me else turn
        if player in self.me:
            return None
        by = turn["by"]
        if player not in by:
            by[player] = new_turn(player, self.turns.get(player, turn["turn"]), turn["before"])
        return by[player]

    def note(self, turn: dict | None, e: dict) -> None:
        """An event of another player's turn."""
        kind = e["type"]
        if turn is None:
            return
        if kind == "battle" or kind == "battles":
            self.last_defender = e["defender"]
        elif kind == "order":  # (a round's orders carried out: each player who gave one is told of)
            turn["carried"] = True
            self._of(turn, e["player"])
        elif kind == "conquest" and not self.fogged:
            if (of := self._of(turn, e["player"])) is not None:
                of["taken"].setdefault(self.last_defender, []).append(e["to"])
        elif kind == "trade":
            if (of := self._of(turn, e["player"])) is not None:
                of["trades"].append(e["armies"])
        elif kind == "elimination":
            if (of := self._of(turn, e.get("by"))) is not None:
                of["out"].append(e["player"])
        elif kind == "capital_captured":
            if (of := self._of(turn, e["player"])) is not None:
                of["capitals"].append(e["victim"])

    def saw(self, turn: dict | None, e: dict) -> None:
        """A change of the seat's view under fog: a territory seen held by another player before
        and now by the player whose turn it is (in a round of orders: by any other) counts as
        taken (one first seen now does not)."""
        for name, (owner, _) in e["territories"].items():
            before = self.seen_owner.get(name)
            if owner is not None:
                self.seen_owner[name] = owner or None
            if turn is None or not owner or before is None or before == owner:
                continue
            if owner == turn["player"] or self.together:
                if (of := self._of(turn, owner)) is not None:
                    of["taken"].setdefault(before, []).append(name)

    def lines(self, turn: dict, after: dict[str, list[str]], going_on: bool = False) -> list[str]:
        """The turn's lines: its player's (a turn with nothing to tell says so, unless `going_on`
        or the seat's own), and in a round of orders one for each other player who did something
        in it or whose orders were carried out in it (by their turns; a turn of a round whose
        orders are carried out later says nothing)."""
        others = list(turn["by"].values())
        me = turn["player"]
        lost = [(p, c) for p, held in turn["before"].items() for c in held if c not in after.get(p, ()) and p != me]
        told: dict[int, list] = {}
        for player, continent in lost:  # (on the line of the first who took a territory from its holder)
            k = next((i for i, x in enumerate(others, 1) if player in x["taken"]), 0)
            told.setdefault(k, []).append((player, continent))
        quiet = going_on or (self.together and not turn.get("carried"))  # (orders given, carried out later)
        found = []
        for k, x in sorted(enumerate([turn] + others), key=lambda kx: kx[1]["turn"]):
            if k == 0 and me in self.me:
                continue
            line = self.line(x, after, told.get(k, []))
            if line:
                found.append(line)
            elif not quiet:
                found.append(self.nothing(x))
        return found

    def line(self, turn: dict, after: dict[str, list[str]], lost: list | None = None) -> str | None:
        """The turn in a line, or None if nothing of it is worth a line; `after`: the holdings now;
        `lost`: the (player, continent) lost to tell on it (default: each continent that changed
        hands since the turn began)."""
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
        if lost is None:
            lost = [(p, c) for p, held in before.items() for c in held if c not in after.get(p, ()) and p != me]
        losers: dict[str, list[str]] = {}
        for player, continent in lost:
            losers.setdefault(player, []).append(continent)
        for player, continents in losers.items():
            parts.append(t._("{player} loses {continents}").format(
                player=t.player(player), continents=", ".join(t.continent(c) for c in continents)))
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
