"""What the people at the terminal are told while they play.

A person's own turn is told as it happens, a line per step, a run of rolls against one
territory summed up in one line; the other players' turns are kept short, a line per turn
(conquests, trades, eliminations, continents won and lost), shown before the person's next
question. `log` tells everything that happened while the person waited, roll by roll.
With no person at the table every event is told as it happens (Narrator).

Lines are held until the next question (`flush`), so that what happened is written after
the board that opens a turn and stays in view above the prompt. The rolls of the battle
going on are kept for a defender's prompt (`rolls`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from ..text.i18n import Text, capitalized
from ..language.rules import Rules
from ..engine.sight import told
from ..text.narrate import Narrator, rolls_line
from ..text.turn_digest import Digester, holdings, new_turn

HISTORY = 5000  # lines of the full account kept for `log`


class Table:
    """A listener: hears every event, writes what the people at the terminal should read."""

    def __init__(self, rules: Rules, t: Text, people: set[str], write: Callable[[str], None],
                 width: int | None = None):
        self.rules = rules
        self.t = t
        self.people = people
        self._write = write
        self.width = width  # lines are wrapped at words to this width (a terminal's), if given
        self.narrator = Narrator(rules, t, people)
        self.view = None  # set by join() once the game exists: what the people see of the board, for the digest
        self.history: list[str] = []
        self.waited_from = 0  # where the stretch of other players' turns began in `history`
        self.waited: tuple[int, int] = (0, 0)  # the last stretch a person waited through
        self.own = False  # is it a person's turn?
        self.waiting = False  # in a stretch of other players' turns (begun at waited_from)?
        self.run: list[dict] = []  # consecutive battles or placements told as one line
        self.turn: dict | None = None  # the other player's turn being summed up
        self.setup: dict[str, list] = {}  # others' claims and placements in the setup, by player
        self.known_turn = 0  # the turn whose start was heard
        self.held: list[str] = []  # lines to write before the next question
        self.fight: list[dict] = []  # the battle going on: its rolls so far (one attacker, from, to)
        visibility = rules.visibility
        self.fogged = visibility is not None and visibility.foggy  # told under fog: conquests are the ones seen
        together = rules.orders is not None and rules.orders.together  # (a round of orders: a line a player)
        self.digester = Digester(t, self.fogged, together, frozenset(self.people))  # (text/turn_digest.py)

    def write(self, line: str) -> None:
        if self.width and len(line) >= self.width:
            line = textwrap.fill(line, self.width - 1, subsequent_indent="  ")
        self.held.append(line)

    def release(self) -> None:
        """Writes the lines held."""
        held, self.held = self.held, []
        for line in held:
            self._write(line)

    def rolls(self, source: str, target: str) -> list[dict]:
        """The battle events of the attack from `source` on `target` going on (ids), in order."""
        return [e for e in self.fight if e["from"] == source and e["to"] == target]

    def join(self, view) -> None:
        self.view = view

    def sync(self, turn: int) -> None:
        """The first event heard of a turn that began unheard (a resumed game): whose turn is it?"""
        self.known_turn = turn
        player = self.view.names[self.view.active]
        self.own = player in self.people
        if not self.own:
            self.turn = new_turn(player, turn, self.holdings())

    # ---- hearing ---------------------------------------------------------------------------

    def __call__(self, e: dict) -> None:
        if e["type"] == "seen":  # under fog, what changed in the person's view: conquests seen, for the digest
            self.saw(e)
            return
        e = told(e, self.people)  # what the people here may be told of it
        line = self.narrator(e)
        if line:
            self.history.append(line)
            if len(self.history) > HISTORY:
                cut = len(self.history) - HISTORY
                del self.history[:cut]
                self.waited_from = max(0, self.waited_from - cut)
                self.waited = (max(0, self.waited[0] - cut), max(0, self.waited[1] - cut))
        kind = e["type"]
        if kind == "battle":
            if self.fight and (e["from"], e["to"], e["player"]) != (self.fight[0]["from"], self.fight[0]["to"],
                                                                    self.fight[0]["player"]):
                self.fight = []
            self.fight.append(e)
        else:
            self.fight = []
        if kind != "turn_start" and e["turn"] != self.known_turn and self.view is not None:
            self.sync(e["turn"])
        if kind == "turn_start":
            self.known_turn = e["turn"]
            self.close_turn()
            self.own = e["player"] in self.people
            if self.own:
                self.waited = (self.waited_from, len(self.history) - 1)
                self.waiting = False
            elif not self.waiting:
                self.waited_from = len(self.history) - 1
                self.waiting = True
            self.digester.started(e)
            if not self.own:
                self.turn = new_turn(e["player"], e["turn"], self.holdings())
                return
        if kind in ("game_start", "dealer", "roll_for_first", "mission_dealt", "game_over"):
            self.flush()
            if line:
                self.write(line)
            if kind == "game_start":
                self.write(self.commands_line())
            return
        if e["turn"] == 0:
            if kind in ("claim", "place") and e["player"] not in self.people:
                if kind != "claim" or not self.rules.deal:
                    self.setup.setdefault(e["player"], []).append(e)
            return
        if self.own:
            self.live(e, line)
        else:
            self.note(e)

    def live(self, e: dict, line: str | None) -> None:
        kind = e["type"]
        if self.run and (_run_kind(e) != _run_kind(self.run[0]) or not self.same_run(e)):
            self.close_run()
        if kind in ("battle", "battles", "place"):
            self.run.append(e)
        elif line:
            self.write(line)

    def same_run(self, e: dict) -> bool:
        first = self.run[0]
        if e["type"] != "place":
            return (e["from"], e["to"], e["player"]) == (first["from"], first["to"], first["player"])
        return e["player"] == first["player"] and e.get("by") == first.get("by")

    def note(self, e: dict) -> None:
        """An event of another player's turn, for the digest."""
        self.digester.note(self.turn, e)

    def saw(self, e: dict) -> None:
        """A change of the person's view under fog (conquests seen, for the digest)."""
        self.digester.saw(self.turn, e)

    def commands_line(self) -> str:
        from .human import command_names

        names = command_names(self.t)
        return self.t._("Commands: {commands} ('{help}' explains).").format(
            commands=", ".join(names.values()), help=names["help"])

    # ---- telling -------------------------------------------------------------------------------

    def flush(self) -> None:
        """Before a person's question: what is still untold, and what was held."""
        self.close_run()
        if self.setup:
            self.write(self.setup_line())
            self.setup = {}
        self.close_turn(keep=True)
        self.release()

    def account(self) -> str:
        """Every event since the person's last turn (or of the stretch going on), one line each."""
        start, end = (self.waited_from, len(self.history)) if not self.own else self.waited
        return "\n".join(self.history[start:end])

    def close_run(self) -> None:
        run, self.run = self.run, []
        if not run:
            return
        if len(run) == 1:
            self.write(self.narrator(run[0]))
            return
        t = self.t
        first = run[0]
        who = t.player(first["player"])
        if first["type"] == "place":
            places = ", ".join(f"{t.territory(e['territory'])} {t.num(e['armies'])}" for e in run)
            self.write(capitalized(t._("{player} places armies: {places}.").format(player=who, places=places)))
            return
        self.write(rolls_line(run, t, self.rules.battle.kills is not None))

    def close_turn(self, keep: bool = False) -> None:
        """The digest line of the other player's turn (when `keep`, the turn goes on: told so far)."""
        turn = self.turn
        if turn is None:
            return
        for line in self.digester.lines(turn, self.holdings(), going_on=keep or turn.get("told", False)):
            self.write(line)
        if keep:
            turn.update(taken={}, trades=[], out=[], capitals=[], before=self.holdings(), told=True, by={})
            return
        self.turn = None

    def setup_line(self) -> str:
        t = self.t
        parts = []
        for player, events in self.setup.items():
            claimed = [t.territory(e["territory"]) for e in events if e["type"] == "claim"]
            placed: dict[str, int] = {}
            for e in events:
                if e["type"] == "place":
                    placed[e["territory"]] = placed.get(e["territory"], 0) + e["armies"]
            if claimed:
                parts.append(t._("{player} claims {territories}").format(player=t.player(player),
                                                                       territories=", ".join(claimed)))
            if placed:
                parts.append(t._("{player} places {places}").format(player=t.player(player), places=", ".join(
                    f"{t.territory(x)} +{t.num(n)}" for x, n in placed.items())))
        return t._("Meanwhile: {events}.").format(events="; ".join(parts))

    def holdings(self) -> dict[str, list[str]]:
        """The continents each player holds now (from the people's view of the board)."""
        return holdings(self.view)


def _run_kind(e: dict) -> str:
    """What run of events `e` may go on: rolls drawn at once go on a run of rolls."""
    return "battle" if e["type"] == "battles" else e["type"]
