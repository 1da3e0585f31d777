"""Fog of war: what each seat sees of the board, kept as the game goes (rules.visibility).

Under fog every seat has a view of its own (fog_view.FoggedSight): for each territory the owner
and armies it last saw, and how much of it it sees now (its `level`: SEE_NOTHING, SEE_OWNER or
SEE_ALL). `Fog` keeps those views: it is the game's first listener, so it hears every change
of the board as an event (the events rebuild the board: log.Tracker) and puts into each view
what that seat may see of it, reading the true state only for what the seat sees. A game
without fog has no `Fog`, builds no events for it and shares the true lists with its seats.

What a seat sees, from its sources (its own territories, its partners' when partners share
sight, and the neutral army's when the players play it):
- its sources' territories: owner and armies;
- territories a border away (along the direction armies may attack): `adjacent`;
- 2 to `within` borders away: `near`; the rest: `rest`;
- both territories of a battle it fights, for the rest of the turn: the owner, and the armies
  too when `battles reveal`;
- a free territory of the setup is free for everyone (a draft's options show which are free);
- everything once the game is over when `lifted at end`.

`Fog.told(event, seat)` is what a seat is told of an event: the event as it may be told (or
nothing), then a `seen` event with what changed in the seat's view — each territory's owner
and armies as the seat sees them now, null for what it does not see. A seat's log (`--log-for`,
`replay --as`) is that stream; the game's own log stays the whole truth. Neither the seed nor
the random state is in a seat's stream (with or without fog: Game.teller): the game's own
header carries the seed, and a seat's is that header without it.
"""

from __future__ import annotations

from typing import Any

from ..language.visibility import SEE_ALL, SEE_OWNER, Visibility
from .sight import told
from .teams import hand_partners

# events that name territories: the fields that name them
_PLACES = {
    "claim": ("territory",), "place": ("territory",), "attack": ("from", "to"), "battle": ("from", "to"),
    "battles": ("from", "to"), "conquest": ("from", "to"), "fortify": ("from", "to"),
    "autodeploy": ("territory",), "decay": ("territory",), "order": ("from", "to"),  # (issue 45)
    "unit_placed": ("territory",), "unit_moved": ("from", "to"), "unit_lost": ("territory",),  # units (issue 45)
    "unit_grown": ("territory",),
    "neutral_infects": ("territory",), "neutral_takes_back": ("territory",), "neutral_grows": ("territory",),  # issue 45
}
_BATTLES = ("attack", "battle", "battles", "conquest")
# the fields of a battle's events that count the armies in one of its territories (told to its sides
# only where they see those armies: with `battles reveal no`, not the other side's)
_ARMIES = {
    "attack": (("from", ("keep",)),),
    "battle": (("from", ("attacker_armies",)), ("to", ("defender_armies",))),
    "battles": (("from", ("attacker_armies",)), ("to", ("defender_armies",))),
    "conquest": (("to", ("moved", "min_move")),),
}
# under kill-rate combat a battle's `committed` and `rolled` are the attacking territory's armies but
# its guard, and `defended` the defending territory's: hidden with them (under dice, dice counts: told)
_KILL_RATE_ARMIES = {**_ARMIES, "battles": (("from", ("attacker_armies", "committed", "rolled")),
                                            ("to", ("defender_armies", "defended")))}


def neutral_played(rules) -> bool:
    """Do the players decide for the neutral army (place, reinforce, attack, move it or choose its
    dice in defence)? Then they see its territories as their own."""
    n = rules.neutral
    return n is not None and bool(n.placement or n.reinforcements is not None or n.attacks
                                  or "neutral_fortify" in rules.phases or rules.battle.defender_chooses)


class Fog:
    """The seats' views of one game under fog (see the module's doc): a listener."""

    def __init__(self, game: Any, visibility: Visibility):
        self.game = game
        self.vis = visibility
        self.armies_fields = _ARMIES if game.rules.battle.kills is None else _KILL_RATE_ARMIES
        self.reach = max(1, visibility.within)
        self.players = players = game.players
        size = game.size
        every = len(game.names)  # the seats of the board: the players and a neutral army
        sources = []
        for s in range(players):
            mine = {s}
            if visibility.partners and game.friends is not None:
                mine |= game.friends[s]
            if game.neutral is not None and neutral_played(game.rules):
                mine.add(game.neutral)
            sources.append(frozenset(mine))
        self.sources = sources
        self.watchers = [frozenset(s for s in range(players) if x in sources[s]) for x in range(every)]
        # who must see again when x's territories change owner: the watchers, and the holders of see
        # cards on x (card_sight; only there: a spy does not share its target's battles)
        self.owner_watchers = self.watchers
        # cards that do something: what each seat's see cards show it now (territories, and the
        # players whose territories it sees), or None (no see card of its own holds)
        self.card_seen: list[tuple[frozenset[int], frozenset[int]] | None] = [None] * players
        self.revealed: list[dict[int, int]] = [{} for _ in range(players)]
        self.lifted = False
        self.level = [[visibility.rest] * size for _ in range(players)]
        self.owner_was = [-1] * size  # the true owners as of the last event heard
        self.shown: list[list[tuple]] = [[(-1, 0)] * size for _ in range(players)]  # what each seat was told
        self.changed: list[list[int]] = [[] for _ in range(players)]  # by the last event, per seat
        self.views: list[Any] = []  # the seats' FoggedSights (set by the game)
        self.index = game.board.index
        self.seat_of = {name: seat for seat, name in enumerate(game.names)}  # (events name the seats)
        self.defender = -1  # the defending side of the last event heard, if a battle's
        self.hand_names = [hand_partners(game, s) for s in range(players)]  # a shared hand's (issue 45)

    # ---- hearing the game ------------------------------------------------------------------

    def __call__(self, event: dict) -> None:
        g = self.game
        kind = event["type"]
        ix = self.index
        touched: list[int] = [ix[event[f]] for f in _PLACES.get(kind, ())]
        if kind == "trade":
            touched = [ix[b["territory"]] for b in event["territory_bonus"]]
        elif kind == "capital_captured":
            touched = [ix[event["territory"]]] + [ix[name] for name in event["replaced"]]
        elif kind == "card_played":
            touched = [ix[event[f]] for f in _CARD_PLACES if f in event]
        elif kind == "nuclear":
            touched = [ix[name] for name in event["territories"]]
        elif kind == "unit_lost" and "to_neutral" in event:  # a commander's loss: its owner's territories
            touched += [ix[name] for name in event["to_neutral"]]
        again: set[int] = set()  # seats whose levels change
        was = self.owner_was
        owner = g.owner
        self.defender = -1
        if kind in _BATTLES:  # (before the owners are brought up to date: a conquest's loser)
            self.defender = self._defender(event, ix[event["to"]])
        for t in touched:
            if owner[t] != was[t]:
                for x in (was[t], owner[t]):
                    if x >= 0:
                        again |= self.owner_watchers[x]
                was[t] = owner[t]
        if kind in _BATTLES:  # both sides of a battle see its territories until the turn's end
            source, target = ix[event["from"]], ix[event["to"]]
            sides = {g.owner[source], self.defender}
            seen = SEE_ALL if self.vis.battles_reveal else SEE_OWNER
            for x in sides:
                if x >= 0:
                    for s in self.watchers[x]:
                        for t in (source, target):
                            if self.revealed[s].get(t, -1) < seen:
                                self.revealed[s][t] = seen
                                if self.level[s][t] < seen:  # (else nothing to show now: kept for later)
                                    again.add(s)
        if kind == "reinforcements":  # how many territories the player holds, to those told it
            x = self.seat_of[event["player"]]
            for s in (range(self.players) if not self.vis.hide_reinforcements else self.watchers[x]):
                self.views[s].told_income(x, event)
        if kind == "conquest" and g.rules.battle.trench:  # (the seat's own conquests of the turn)
            for s in self.watchers[owner[touched[1]]]:
                self.views[s].conquered_now.add(touched[1])
        if (kind == "card_played" or kind == "card_effect_ended") and event["effect"] == "see":
            again.add(self.card_sight(self.seat_of[event["player"]]))
        if kind == "turn_start":
            for view in self.views:
                view.conquered_now.clear()
            for s in range(self.players):
                if self.revealed[s]:
                    self.revealed[s].clear()
                    again.add(s)
        elif kind == "game_over" and self.vis.lifted:
            self.lifted = True
            again = set(range(self.players))
        for s in range(self.players):
            if s in again:
                self._levels(s)
                self.changed[s] = self._show(s, range(g.size))
            else:
                self.changed[s] = self._show(s, touched) if touched else []

    def _defender(self, event: dict, target: int) -> int:
        name = event.get("defender")
        return self.seat_of[name] if name is not None else self.owner_was[target]

    def _levels(self, s: int) -> None:
        """Seat `s`'s levels from where its sources stand now."""
        g = self.game
        vis = self.vis
        level = self.level[s]
        if self.lifted:
            level[:] = [SEE_ALL] * g.size
            return
        level[:] = [vis.rest] * g.size
        owner, adjacent, mine = g.owner, g.adjacent, self.sources[s]
        own = [t for t in range(g.size) if owner[t] in mine]
        if self.reach == 1:  # (the usual fog: one border away, then the rest)
            seen = vis.adjacent
            for t in own:
                for u in adjacent[t]:
                    level[u] = seen
        else:  # breadth first, `reach` borders out
            by_distance = [vis.level(d) for d in range(self.reach + 1)]
            distance = [-1] * g.size
            for t in own:
                distance[t] = 0
            frontier = own
            for d in range(1, self.reach + 1):
                seen, reached = by_distance[d], []
                for t in frontier:
                    for u in adjacent[t]:
                        if distance[u] < 0:
                            distance[u] = d
                            level[u] = seen
                            reached.append(u)
                frontier = reached
        for t in own:
            level[t] = SEE_ALL
        for t, seen in self.revealed[s].items():
            if seen > level[t]:
                level[t] = seen
        card_seen = self.card_seen[s]
        if card_seen is not None:  # what its see cards show it, as if next to its own (card_sight)
            territories, players = card_seen
            seen = vis.adjacent
            for t in territories:
                if seen > level[t]:
                    level[t] = seen
            if players:
                for t in range(g.size):
                    if owner[t] in players and seen > level[t]:
                        level[t] = seen

    def card_sight(self, s: int) -> int:
        """Seat `s`'s see cards that hold now (engine/cards/effects.see), read off the game: the
        territories they show it, and the players whose territories it watches (it hears their
        changes of owner: owner_watchers). Returns `s`, whose levels must be made again."""
        territories: set[int] = set()
        players: set[int] = set()
        for e in self.game.kind_effects:
            if e[0] == "see" and e[2] == s:
                if e[3] == "player":
                    players.add(e[4])
                else:
                    territories.update(e[4])
        self.card_seen[s] = (frozenset(territories), frozenset(players)) if territories or players else None
        spies: dict[int, set[int]] = {}
        for seat, seen in enumerate(self.card_seen):
            for x in seen[1] if seen is not None else ():
                spies.setdefault(x, set()).add(seat)
        self.owner_watchers = [w | spies[x] if x in spies else w for x, w in enumerate(self.watchers)]
        return s

    def _show(self, s: int, territories) -> list[int]:
        """Put into seat `s`'s view what it sees of `territories`; the ones whose shown owner or
        armies changed."""
        g = self.game
        view = self.views[s]
        level, shown = self.level[s], self.shown[s]
        owner, armies = g.owner, g.armies
        changed = []
        for t in territories:
            o = owner[t]
            seen = level[t]
            if o < 0:  # free, in the setup: everyone knows which are free
                now = (-1, 0)
            elif seen == SEE_ALL:
                now = (o, armies[t])
            elif seen == SEE_OWNER:
                now = (o, None)
            else:
                now = (None, None)
            if now != shown[t]:
                shown[t] = now
                changed.append(t)
                view._see(t, now)
        return changed

    # ---- telling a seat ----------------------------------------------------------------------

    def told(self, event: dict, seat: int) -> list[dict]:
        """What seat `seat` is told of `event` (heard last): the event as it may be told, if at
        all, and what changed in its view (a `seen` event), if anything."""
        out = []
        e = self._told(event, seat)
        if e is not None:
            out.append(e)
        changed = self.changed[seat]
        if changed:
            names, territories = self.game.names, self.game.board.territories
            shown = self.shown[seat]
            out.append({"type": "seen", "turn": event["turn"], "territories": {
                territories[t]: [None if o is None else "" if o < 0 else names[o], a]
                for t in changed for o, a in (shown[t],)}})
        return out

    def _told(self, e: dict, seat: int) -> dict | None:
        kind = e["type"]
        g = self.game
        vis = self.vis
        player = e.get("player")
        mine = self.sources[seat]
        concerned = player is not None and self.seat_of[player] in mine
        if kind == "game_start":
            return {k: v for k, v in e.items() if k != "seed"}
        if kind in ("reinforcements", "local_armies", "armies_lost"):
            return None if vis.hide_reinforcements and not concerned else e
        if kind == "neutral_reinforcements":  # (counted from the active player's total, which may be hidden)
            if not vis.hide_reinforcements or g.active in mine:
                return e
            return {k: v for k, v in e.items() if k != "active_total"} if concerned or \
                self.seat_of[e["placed_by"]] in mine else None
        if kind in ("card_drawn", "trade", "card_pieces", "card_discarded") and vis.hide_cards and not concerned:
            return None
        if kind in _CARD_KINDS:  # cards that do something
            return self._told_card(e, seat, concerned)
        if kind == "elimination" and vis.hide_cards and not concerned and self.seat_of[e["by"]] not in mine:
            return {k: v for k, v in e.items() if k != "cards_taken"}
        if kind == "trade":
            level = self.level[seat]
            bonus = [b for b in e["territory_bonus"] if level[self.index[b["territory"]]] == SEE_ALL]
            return e if len(bonus) == len(e["territory_bonus"]) else {**e, "territory_bonus": bonus}
        level = self.level[seat]
        if kind == "capital_captured":
            if concerned or self.seat_of[e["victim"]] in mine:
                return e
            named = [e["territory"], *e["replaced"]]
            if not all(level[self.index[n]] == SEE_ALL for n in named):
                return None
            return {k: v for k, v in e.items() if k != "cards_taken"} if vis.hide_cards else e
        if kind == "wastelands":  # told of those the seat sees with their armies (at the start: none under fog)
            seen = [x for x in e["territories"] if level[self.index[x]] == SEE_ALL]
            return {**e, "territories": seen} if seen else None
        if kind == "unit_lost" and "to_neutral" in e and not concerned:  # its owner out: told to all (as an
            # elimination is), the territories that went neutral only as far as the seat sees them
            return {**e, "to_neutral": [x for x in e["to_neutral"] if level[self.index[x]] == SEE_ALL]}
        places = _PLACES.get(kind)
        if places is None:  # an event of no territory: as without fog, less the others' secrets
            return told(e, (g.names[seat],), self.hand_names[seat])
        if kind in _BATTLES:
            if concerned or self.defender in mine:  # a side of the battle: told it, less armies it does not see
                hidden = [f for where, fields in self.armies_fields[kind] for f in fields
                          if level[self.index[e[where]]] != SEE_ALL]
                return {k: (None if k in hidden else v) for k, v in e.items()} if hidden else e
        elif concerned or (kind == "place" and "by" in e and self.seat_of[e["by"]] in mine):
            return e
        return e if all(level[self.index[e[f]]] == SEE_ALL for f in places) else None

    def _told_card(self, e: dict, seat: int, concerned: bool) -> dict | None:
        """A card that does something, as `seat` is told it: a hidden kind's play and its end to the
        holder only; pieces and cards gained to the holder only under `hide cards`; another's play
        with what it did where the seat sees every territory it names, else without the territories
        and armies (who played which card, on which player, stays told)."""
        kind = e["type"]
        if concerned:
            return e
        if e.get("hidden") is True or (self.vis.hide_cards and kind in ("card_piece", "card_gained",
                                                                          "kind_discarded")):
            return None
        if kind != "card_played":
            return e
        level = self.level[seat]
        named = [e[f] for f in _CARD_PLACES if f in e]
        if all(level[self.index[n]] == SEE_ALL for n in named):
            return e
        return {k: v for k, v in e.items() if k not in _CARD_PLACES and k not in ("armies", "killed")}


# cards that do something (engine/cards/): their events, and the fields of a play that name territories
_CARD_KINDS = ("card_piece", "card_gained", "kind_discarded", "card_played", "card_effect_ended")
_CARD_PLACES = ("territory", "from", "to")
