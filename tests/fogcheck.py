"""The no-leak check of fog of war (issue 23), made apart from the engine's Fog.

`play_watched` plays a game and keeps, for one seat, everything that seat receives: its stream
(Game.teller: what `--log-for` writes and the terminal narrates), each decision its agent is
given with a copy of the view it came with, and the board screen at each of its decisions.
`leaks` checks all of it, value by value, against what the seat is entitled to see at that
moment, worked out here from the full log by its own means (a board rebuilt from the events,
distances by breadth-first search): the check shares no code with engine/fog.py but
`neutral_played` (which says whose territories a seat plays, a fact of the rules).
Used by tests/test_fog.py (a slice) and benchmarks/fog_leaks.py (full size).
"""

from __future__ import annotations

from collections import deque

from riskrules.engine.agents import make_bot
from riskrules.engine.fog import neutral_played
from riskrules.engine.game import Game
from riskrules.engine.sight import seen_now
from riskrules.terminal.board import board_view, bonus, short, NAME, letters
from riskrules.text.i18n import Text

BATTLES = ("attack", "battle", "battles", "conquest")
ARMIES = {"attack": (("from", "keep"),), "battle": (("from", "attacker_armies"), ("to", "defender_armies")),
          "battles": (("from", "attacker_armies"), ("to", "defender_armies")),
          "conquest": (("to", "moved"), ("to", "min_move"))}
PLACES = {"claim": ("territory",), "place": ("territory",), "attack": ("from", "to"), "battle": ("from", "to"),
          "battles": ("from", "to"), "conquest": ("from", "to"), "fortify": ("from", "to"),
          "autodeploy": ("territory",), "decay": ("territory",),
          "neutral_infects": ("territory",), "neutral_takes_back": ("territory",), "neutral_grows": ("territory",)}


class Watched:
    """An agent that hands each decision on to `inner`, keeping what it was given."""

    def __init__(self, inner, record):
        self.inner, self.record = inner, record
        self.kind = inner.kind

    def start(self, view, seat, rng):
        self.inner.start(view, seat, rng)

    def decide(self, d):
        self.record(d)
        return self.inner.decide(d)


def play_watched(rules, bots, seed, seat, max_turns=300, screens=True):
    full: list[dict] = []
    stream: list[tuple[int, dict]] = []
    decisions: list[tuple[int, object, list, list, str | None]] = []
    t = Text("en", rules.terms)
    game_box = []
    drawn: list = [None, None]  # the cells of the last screen drawn, and that screen

    def record(d):
        view = d.view
        screen = None
        if screens:  # board_view draws a screen from each territory's seen_now and units and each continent's
            # bonus alone: a view whose cells and bonuses are all as on the last screen drawn gets that screen
            # (a quarter of the decisions or more; drawing is nine tenths of a watched game's time)
            units = getattr(view, "units", None)
            cells = ([(seen_now(view, x), bool(units) and x in units) for x in range(view.board.size)]
                     + [bonus(view, k) for k in range(len(view.board.members))])
            if cells != drawn[0]:
                drawn[:] = cells, board_view(view, t, seat)
            screen = drawn[1]
        n = len(view.names)
        numbers = {"turn_total": view.turn_total, "conquered": view.conquered, "deck_size": view.deck_size,
                   "hand_size": [view.hand_size(s) for s in range(n)], "trades_made": list(view.trades_made)}
        decisions.append((len(full) - 1, d, list(view.owner), list(view.armies), screen,
                          view is game_box[0].sights[seat], numbers))

    agents = [make_bot(b) for b in bots]
    agents[seat] = Watched(agents[seat], record)
    game = Game(rules, agents, seed, max_turns=max_turns, listeners=[full.append],
                seat_listeners={seat: lambda e: stream.append((len(full) - 1, e))})
    game_box.append(game)
    game.play()
    return full, stream, decisions


class Entitled:
    """What one seat may see after each event of the full log, worked out from the log alone."""

    def __init__(self, rules, header, seat):
        board = rules.board
        self.vis = vis = rules.visibility
        self.board = board
        self.names = [p["name"] for p in header["players"]] + (["neutral"] if header.get("neutral") else [])
        me = self.names[seat]
        mine = {me}
        if rules.teams and vis.partners:
            k = len(header["players"]) // rules.teams
            mine |= {n for s, n in enumerate(self.names[:len(header["players"])]) if s % k == seat % k}
        if header.get("neutral") and neutral_played(rules):
            mine.add("neutral")
        self.mine = mine
        self.owner = [None] * board.size
        self.armies = [0] * board.size
        self.revealed: dict[int, int] = {}
        self.lifted = False
        self.active = None  # whose turn it is
        self.defender = None
        self.level = [0] * board.size
        self.belief = [(-1, 0)] * board.size  # what the seat last saw: (owner seat or -1 free / -2 unknown, armies)
        # cards that do something: the seat's see cards that hold (card name, player name or territories)
        self.kinds = {k.name: k for k in rules.cards.kinds.kinds} if rules.cards.kinds is not None else {}
        self.sights: list[tuple[str, object]] = []

    def apply(self, e):
        kind, ix = e["type"], self.board.index
        if kind == "claim":
            t = ix[e["territory"]]
            self.owner[t], self.armies[t] = e["player"], 1
        elif kind in ("place", "autodeploy"):
            self.armies[ix[e["territory"]]] += e["armies"]
        elif kind == "decay":
            self.armies[ix[e["territory"]]] -= e["armies"]
        elif kind == "trade":
            for b in e["territory_bonus"]:
                self.armies[ix[b["territory"]]] += b["armies"]
        elif kind in ("battle", "battles"):
            self.armies[ix[e["from"]]] -= e["attacker_losses"]
            self.armies[ix[e["to"]]] -= e["defender_losses"]
        elif kind == "conquest":
            s, t = ix[e["from"]], ix[e["to"]]
            loser = self.owner[t]
            self.armies[s] -= e["moved"]
            self.owner[t], self.armies[t] = e["player"], e["moved"]
        elif kind == "fortify":
            self.armies[ix[e["from"]]] -= e["armies"]
            self.armies[ix[e["to"]]] += e["armies"]
        elif kind == "capital_captured":
            for name in e["replaced"]:
                t = ix[name]
                self.owner[t], self.armies[t] = e["player"], 1
        elif kind == "card_played":  # by effect, never by the card's name
            effect = e["effect"]
            if effect == "move":
                self.armies[ix[e["from"]]] -= e["armies"]
                self.armies[ix[e["to"]]] += e["armies"]
            elif effect == "give":
                self.owner[ix[e["territory"]]] = e["target"]
            elif effect == "strike":
                self.armies[ix[e["territory"]]] = e["armies"]
            elif effect == "abandon":
                t = ix[e["territory"]]
                self.owner[t], self.armies[t] = "neutral", e["armies"]
            elif effect == "see" and e["player"] in self.mine:
                if "target" in e:
                    self.sights.append((e["card"], e["target"]))
                elif "continent" in e:
                    members = self.board.members[self.board.continents.index(e["continent"])]
                    self.sights.append((e["card"], set(members)))
                else:
                    t = ix[e["territory"]]
                    around = self.kinds[e["card"]].around
                    self.sights.append((e["card"], {t, *self.board.adjacent[t]} if around else {t}))
        elif kind == "card_effect_ended" and e["effect"] == "see" and e["player"] in self.mine:
            self.sights.remove(next(s for s in self.sights if s[0] == e["card"]))
        elif kind == "nuclear":
            for name in e["territories"]:
                t = ix[name]
                self.owner[t], self.armies[t] = "neutral", 1
        elif kind == "unit_lost" and "to_neutral" in e:  # special units (issue 45): its owner out
            for name in e["to_neutral"]:
                self.owner[ix[name]] = "neutral"
        elif kind in ("neutral_infects", "neutral_takes_back"):  # neutrals that act (issue 45)
            t = ix[e["territory"]]
            self.owner[t], self.armies[t] = "neutral", e["armies"]
        elif kind == "neutral_grows":
            self.armies[ix[e["territory"]]] += e["armies"]
        elif kind == "turn_start":
            self.revealed = {}
            self.active = e["player"]
        elif kind == "game_over" and self.vis.lifted:
            self.lifted = True
        self.defender = None
        if kind in BATTLES:
            s, t = ix[e["from"]], ix[e["to"]]
            defender = self.defender = e.get("defender") or (loser if kind == "conquest" else self.owner[t])
            if e["player"] in self.mine or defender in self.mine:
                seen = 2 if self.vis.battles_reveal else 1
                for x in (s, t):
                    self.revealed[x] = max(self.revealed.get(x, 0), seen)
        level = self.levels()
        for t in range(self.board.size):
            o = self.owner[t]
            if o is None:
                self.belief[t] = (-1, 0)
            elif level[t] >= 1:
                self.belief[t] = (self.names.index(o), self.armies[t] if level[t] == 2 else self.belief[t][1])
            elif self.belief[t][0] == -1 or (self.belief[t][0] >= 0 and self.names[self.belief[t][0]] in self.mine):
                self.belief[t] = (-2, self.belief[t][1])  # (not free, not its own side's: whose, it does not see)
            if level[t] < 2 and self.belief[t][0] != -1 and self.belief[t][1] < 1:  # (armies unseen: one at least)
                self.belief[t] = (self.belief[t][0], 1)
        self.level = level

    def levels(self):
        vis, size = self.vis, self.board.size
        if self.lifted:
            return [2] * size
        far = {1: vis.adjacent}
        for d in range(2, vis.within + 1):
            far[d] = vis.near
        distance = {t: 0 for t in range(size) if self.owner[t] in self.mine}
        todo = deque(distance)
        while todo:
            t = todo.popleft()
            if distance[t] < max(1, vis.within):
                for u in self.board.adjacent[t]:
                    if u not in distance:
                        distance[u] = distance[t] + 1
                        todo.append(u)
        level = [2 if distance.get(t) == 0 else far.get(distance.get(t, -1), vis.rest) for t in range(size)]
        for t, seen in self.revealed.items():
            level[t] = max(level[t], seen)
        for _, seen in self.sights:  # the seat's own see cards
            for t in range(size):
                if (self.owner[t] == seen) if isinstance(seen, str) else t in seen:
                    level[t] = max(level[t], vis.adjacent)  # (as if next to its own)
        return level

    def shown(self, t):
        """(owner name or "" when free or None, armies or None) as the seat may be shown territory t now."""
        o = self.owner[t]
        if o is None:
            return ["", 0]
        return [o if self.level[t] >= 1 else None, self.armies[t] if self.level[t] == 2 else None]


def leaks(rules, full, stream, decisions, seat) -> list[str]:
    """Every fact the seat received that its view hid at that moment (empty: no leak)."""
    found: list[str] = []
    entitled = Entitled(rules, full[0], seat)
    vis = rules.visibility
    by_index: dict[int, list[dict]] = {}
    for k, e in stream:
        by_index.setdefault(k, []).append(e)
    by_decision: dict[int, list] = {}
    for item in decisions:
        by_decision.setdefault(item[0], []).append(item)
    told_view = [["", 0] for _ in range(rules.board.size)]
    t = Text("en", rules.terms)
    marks = None
    for k, event in enumerate(full):
        entitled.apply(event)
        for e in by_index.get(k, []):
            kind = e["type"]
            if kind == "seen":
                for name, value in e["territories"].items():
                    x = rules.board.index[name]
                    if value != entitled.shown(x):
                        found.append(f"event {k}: seen {name} {value}, entitled to {entitled.shown(x)}")
                    told_view[x] = value
                continue
            player = e.get("player")
            ours = player in entitled.mine
            if kind == "game_start" and "seed" in e:
                found.append(f"event {k}: the seed is told")
            if kind == "card_drawn" and not ours and ("card" in e or vis.hide_cards):
                found.append(f"event {k}: another's card draw told")
            if kind == "mission_dealt" and not ours and "mission" in e:
                found.append(f"event {k}: another's mission told")
            if kind in ("reinforcements", "local_armies", "armies_lost") and not ours and vis.hide_reinforcements:
                found.append(f"event {k}: another's reinforcements told")
            if kind == "trade" and not ours:
                if vis.hide_cards:
                    found.append(f"event {k}: another's trade told")
                for b in e["territory_bonus"]:
                    if entitled.level[rules.board.index[b["territory"]]] < 2:
                        found.append(f"event {k}: a trade's bonus on unseen {b['territory']}")
            if kind == "neutral_reinforcements" and vis.hide_reinforcements and "active_total" in e \
                    and entitled.active not in entitled.mine:
                found.append(f"event {k}: the active player's hidden total told")
            if kind == "capital_captured" and vis.hide_cards and "cards_taken" in e and not ours \
                    and e["victim"] not in entitled.mine:
                found.append(f"event {k}: cards taken with a capital told")
            if kind == "elimination" and vis.hide_cards and "cards_taken" in e and not ours \
                    and e["by"] not in entitled.mine:
                found.append(f"event {k}: cards taken with an elimination told")
            if kind in ("card_piece", "card_gained", "kind_discarded") and not ours and vis.hide_cards:
                found.append(f"event {k}: another's {kind} told under hide cards")
            if kind in ("card_played", "card_effect_ended") and not ours:
                if "player" in e and entitled.kinds[e["card"]].hidden:
                    found.append(f"event {k}: another's hidden {e['card']} told")
                for field in ("territory", "from", "to"):
                    if field in e and entitled.level[rules.board.index[e[field]]] < 2:
                        found.append(f"event {k}: a play on {e[field]}, which the seat does not see")
            if kind in PLACES:
                fought = kind in BATTLES and (ours or entitled.defender in entitled.mine)
                if fought:
                    for where, field in ARMIES[kind]:
                        if e.get(field) is not None and entitled.level[rules.board.index[e[where]]] < 2:
                            found.append(f"event {k}: {field} of unseen {e[where]}")
                elif not (ours or fought or (kind == "place" and e.get("by") in entitled.mine)):
                    for field in PLACES[kind]:
                        if entitled.level[rules.board.index[e[field]]] < 2:
                            found.append(f"event {k}: {kind} on {e[field]}, which the seat does not see")
        # the seat's view as its stream built it is what it may see, all of it
        if k in by_index:
            for x in range(rules.board.size):
                if told_view[x] != entitled.shown(x):
                    found.append(f"event {k}: {rules.board.territories[x]} shown as {told_view[x]}, "
                                 f"entitled to {entitled.shown(x)}")
                    break
        for _, d, owner, armies, screen, own_view, numbers in by_decision.get(k, []):
            if not own_view:
                found.append(f"event {k}: a {d.kind} decision came with another view than the seat's")
            theirs = entitled.active not in entitled.mine
            if vis.hide_reinforcements and theirs and numbers["turn_total"] is not None:
                found.append(f"event {k}: another's reinforcements in the view")
            if theirs and numbers["conquered"]:
                found.append(f"event {k}: another's conquest this turn in the view")
            if vis.hide_cards:
                others = [s for s, n in enumerate(entitled.names) if n not in entitled.mine]
                if numbers["deck_size"] is not None or any(numbers["hand_size"][s] is not None for s in others) \
                        or any(numbers["trades_made"][s] is not None for s in others
                               if s < len(numbers["trades_made"])):
                    found.append(f"event {k}: hidden card counts in the view")
            for x in range(rules.board.size):  # what it saw last, and nothing it did not
                if (owner[x], armies[x]) != entitled.belief[x]:
                    found.append(f"event {k}: the view holds {(owner[x], armies[x])} for "
                                 f"{rules.board.territories[x]}, the seat saw {entitled.belief[x]}")
            if screen is not None:
                marks = marks or letters(d.view, t)
                for x in range(rules.board.size):
                    o, a = entitled.shown(x)
                    mark = "-" if o == "" else "?" if o is None else marks[entitled.names.index(o)]
                    cell = f"{short(t.territory(rules.board.territories[x])):<{NAME}} {mark}{'?' if a is None else a:>4}"
                    if cell not in screen:
                        starred = a is not None and f"{short(t.territory(rules.board.territories[x]), NAME - 1)}" \
                            f"{'':<{NAME - 1 - len(short(t.territory(rules.board.territories[x]), NAME - 1))}} " \
                            f"{mark}{a:>4}*"  # a special unit (issue 45): only where its armies are seen
                        if not starred or starred not in screen:
                            found.append(f"event {k}: the screen does not show {cell!r}")
    return found


class Peeker:
    """A plug-in bot (a guest) that plays the first options and keeps what its view's `level` was."""

    kind = "peeker"
    levels: list = []

    def start(self, view, seat, rng):
        self.view = view

    def decide(self, d):
        Peeker.levels.append(self.view.level)
        if d.kind == "place":
            return d.options[0], d.most
        if d.optional:
            return None
        return d.options[-1] if d.kind in ("dice", "defend") else d.options[0]
