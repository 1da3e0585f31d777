"""The environment's fixed encoding: what a seat observes, and the actions that answer a decision.

Observation: a float32 vector, the board's N territories × F features, then G globals
(docs/environment.md has the table). Everything is read from the seat's own view as
`sight.seen_now` shows it (under fog: the owner and armies only where the seat sees them now),
the seat's own hand, and public numbers: nothing the seat's view hides.

Actions: Discrete(N + 16). 0 … N-1 name a territory; N stops (the answer None, where the decision
is optional); N+1, N+2, N+3 are amounts: one, half (rounded down, at least the least), all; N+4
… N+15 name the decision's options by their place in its list (the first 12). A decision whose
answer is made of several parts is asked in stages, one action each: place (territory, then amount),
attack (from, then to), fortify (from, then to, then amount). A stage with a single amount is
skipped (the amount is that one). The action mask holds the legal actions of the stage.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import Any

import numpy as np

from ..engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, OCCUPY, PLACE, PLAY,
                                REROLL, TRADE, Decision)
from ..language.visibility import SEE_ALL, SEE_OWNER

KINDS = (CLAIM, PLACE, TRADE, BONUS, ATTACK, DICE, DEFEND, OCCUPY, FORTIFY, CAPITAL, DISCARD, REROLL, PLAY)
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
TERRITORY_KINDS = (CLAIM, BONUS, CAPITAL)  # answered by a territory
ASKED = (PLACE, FORTIFY, ATTACK)  # always asked (an amount or a choice of pairs), even with one option
PAIRED = (ATTACK, FORTIFY)  # answered by pairs of territories (from, to), a stage each
SLOTS = 12  # options named by their place in the list
EXTRA = 4 + SLOTS  # stop, three amounts, the slots
STAGES = 3
ARMY_SCALE = 0.1  # armies are observed times this
FIRST, SECOND = itemgetter(0), itemgetter(1)  # of a pair (from, to)


class Encoding:
    """The spaces and the encoding of one environment (its board and number of seats)."""

    def __init__(self, rules, players: int, seats: int):
        self.rules = rules
        self.n = n = rules.board.size
        self.players, self.seats = players, seats
        # features of a territory: its owner (one column a seat, by its place after the observing seat),
        # free, owner unseen, armies, armies unseen, the seat holds its card, chosen as the `from` of this decision
        self.free, self.hidden = seats, seats + 1
        self.armies_col, self.armies_hidden, self.card_col, self.chosen_col = seats + 2, seats + 3, seats + 4, seats + 5
        self.features = seats + 6
        # globals: the decision's kind, its stage, optional, most/10, turn/100, each seat alive (by place), hand size/10
        self.globals = len(KINDS) + STAGES + 3 + seats + 1
        self.size = n * self.features + self.globals
        self.actions = n + EXTRA
        self.stop, self.amounts, self.slot0 = n, n + 1, n + 4
        self.patterns: dict[tuple[int, bool], np.ndarray] = {}  # the masks of amounts and places in a list
        self.listed: tuple = (None, False, None)  # (a list of territories, optional, its mask): the last made
        self.shared: dict[bytes, np.ndarray] = {}  # the masks of territories made, by their bytes
        self.paired: tuple = (None, None, {})  # (a list of pairs, the mask of its firsts, of its seconds by first)
        self.questions: dict = {}  # a question's globals by (kind, stage, optional, most): seen.Seen._question
        # every mask is read-only, made of bytes (its `base`: Played.act reads an action's place there)
        self.nothing = np.frombuffer(bytes(self.actions), dtype=np.int8)  # the mask of a seat not asked
        # each seat's seats in the order it observes them (itself first, then the next players, the neutral army)
        self.order = [[(seat + p) % players for p in range(players)] + list(range(players, seats))
                      for seat in range(seats)]
        # the column of each owner (-2 unseen, -1 free, then the seats), for each observing seat
        self.columns = []
        for seat in range(seats):
            columns = np.zeros(seats + 2, dtype=np.int64)
            columns[0], columns[1] = self.hidden, self.free
            for place, s in enumerate(self.order[seat]):
                columns[s + 2] = place
            self.columns.append(columns)
        # the row of features each owner code (-2 unseen, -1 free, the seats: + 2) starts from, for each seat
        self.rows_of = []
        for seat in range(seats):
            rows = np.zeros((seats + 2, self.features), dtype=np.float32)
            rows[np.arange(seats + 2), self.columns[seat]] = 1.0
            self.rows_of.append(rows)

    # ---- observations ---------------------------------------------------------------------------------

    def observe(self, view, seat: int, d: Decision | None, stage: int, chosen: int | None,
                board: np.ndarray | None = None) -> np.ndarray:
        """The observation made whole (`board` the seat's board part made before, if nothing has
        happened since): the reference Seen's is tested against (tests/test_env_speed.py)."""
        if board is None:
            board = self.board(view, seat)
        g = [0.0] * self.globals
        k = len(KINDS)
        question_globals(g, d, stage, view.turn)
        alive = view.alive
        base = k + STAGES + 3
        for place, s in enumerate(self.order[seat]):
            g[base + place] = float(alive[s])
        g[-1] = len(view.hand) * 0.1
        out = np.concatenate((board, np.array(g, dtype=np.float32)))
        if chosen is not None:
            out[chosen * self.features + self.chosen_col] = 1.0
        return out

    def board(self, view, seat: int) -> np.ndarray:
        """The territories' features, flat (`chosen` left 0), as the seat's view shows them now,
        made whole (Seen keeps it and mends the rows that change)."""
        n = self.n
        owner = np.fromiter(view.owner, dtype=np.int64, count=n)
        level = getattr(view, "level", None)
        if level is not None:  # as sight.seen_now: what the seat does not see now is not shown
            seen = np.fromiter(level, dtype=np.int64, count=n)
            shown = owner != -1
            code = np.where(shown & (seen < SEE_OWNER), -2, owner) + 2
            board = self.rows_of[seat][code]  # (a new array: the rows gathered)
            unseen_armies = shown & (seen < SEE_ALL)
            board[:, self.armies_col] = np.where(unseen_armies, 0.0, np.fromiter(view.armies, dtype=np.float32,
                                                                                 count=n) * ARMY_SCALE)
            board[:, self.armies_hidden] = unseen_armies
        else:
            board = self.rows_of[seat][owner + 2]
            board[:, self.armies_col] = np.fromiter(view.armies, dtype=np.float32, count=n) * ARMY_SCALE
        for card in view.hand:
            if card < n:
                board[card, self.card_col] = 1.0
        return board.ravel()

    # ---- actions --------------------------------------------------------------------------------------

    def mask(self, d: Decision | None, view, stage: int, parts: list) -> np.ndarray:
        """The legal actions of the stage (read-only, and shared: the masks of the same legal
        actions are one array, kept while there are not too many)."""
        if d is None:
            return self.nothing
        kind = d.kind
        if kind in PAIRED and stage < 2:  # (from, then to: the firsts of the pairs, then the seconds of one)
            options = d.options
            kept = self.paired
            if kept[0] is not options:  # (the engine keeps its list while a battle changes no owner)
                kept = self.paired = (options, None, {})
            if stage == 0:
                stop = d.optional
                if kept[1] is None or kept[1][0] != stop:
                    made = bytearray(self.actions)
                    for a in set(map(FIRST, options)):  # (each first once: the pairs read in C)
                        made[a] = 1
                    self.paired = kept = (options, (stop, self.shared_mask(made, stop)), kept[2])
                return kept[1][1]
            first = parts[0]
            mask = kept[2].get(first)
            if mask is None:
                made = bytearray(self.actions)
                for b in compress(map(SECOND, options), map(first.__eq__, map(FIRST, options))):  # (read in C)
                    made[b] = 1
                mask = kept[2][first] = self.shared_mask(made, False)
            return mask
        stop = d.optional and stage == 0
        if kind in TERRITORY_KINDS or (kind == PLACE and stage == 0):
            kept = self.listed
            if kept[0] is d.options and kept[1] == stop:  # (the same list of territories as the last: the
                return kept[2]  # engine shares one while no owner changes, and never writes it)
            mask = self.made(d.options, stop)
            self.listed = (d.options, stop, mask)
            return mask
        # an amount, or the options by their place: the same few masks again and again
        key = (-1 if kind in (PLACE, FORTIFY, OCCUPY) else min(SLOTS, len(d.options)), stop)
        mask = self.patterns.get(key)
        if mask is None:
            made = bytearray(self.actions)
            if key[0] < 0:
                made[self.amounts:self.amounts + 3] = b"\1\1\1"
            else:
                made[self.slot0:self.slot0 + key[0]] = b"\1" * key[0]
            if stop:
                made[self.stop] = 1
            mask = self.patterns[key] = np.frombuffer(bytes(made), dtype=np.int8)  # (read-only: made of bytes)
        return mask

    def made(self, chosen, stop: bool) -> np.ndarray:
        """The read-only mask of the territories `chosen` (and stop): one array for each such set."""
        made = bytearray(self.actions)
        for x in chosen:
            made[x] = 1
        return self.shared_mask(made, stop)

    def shared_mask(self, made: bytearray, stop: bool) -> np.ndarray:
        """The read-only mask of the bytes `made` (and stop): one array for each set of legal actions."""
        if stop:
            made[self.stop] = 1
        key = bytes(made)
        mask = self.shared.get(key)
        if mask is None:
            if len(self.shared) >= 4096:  # (bounded: a long game meets many sets)
                self.shared.clear()
            mask = self.shared[key] = np.frombuffer(key, dtype=np.int8)  # (read-only: made of bytes)
        return mask

    def step(self, d: Decision, view, stage: int, parts: list, action: int) -> tuple[bool, Any]:
        """The action taken at `stage`: (True, the answer) when the answer is whole, else (False, None)
        with the part kept in `parts` (the next stage asks for the next part). The action is one of the
        mask's (Played.act checks it first): a territory only where the stage asks for one."""
        if action < self.n:  # a territory: answers the stage, or the first (or second) part of the answer
            kind = d.kind
            if kind == ATTACK:
                if stage == 0:
                    parts.append(action)
                    return False, None
                return True, (parts[0], action)
            if kind == PLACE:  # (a single army to place: no amount asked)
                if d.most == 1:
                    return True, (action, 1)
                parts.append(action)
                return False, None
            if kind == FORTIFY:
                parts.append(action)
                if stage == 1 and view.armies[parts[0]] - self.rules.fortify.stay == 1:
                    return True, (parts[0], action, 1)
                return False, None
            return True, action
        if action == self.stop:
            return True, None
        kind = d.kind
        if kind == OCCUPY:
            return True, self.amount(action, d.options.start, d.options.stop - 1)
        if kind in (PLACE, FORTIFY):
            least, most = self.bounds(d, view, parts)
            return True, (*parts, self.amount(action, least, most))
        chosen = d.options[action - self.slot0]
        if kind == PLAY and type(chosen) is tuple and len(chosen) == 3 \
                and self.rules.cards.kinds.kinds[chosen[0]].effect == "move":  # a move card: all it can move
            return True, (*chosen, view.armies[chosen[1]] - self.rules.fortify.stay)
        return True, chosen

    def bounds(self, d: Decision, view, parts: list) -> tuple[int, int]:
        if d.kind == PLACE:
            return 1, d.most
        return 1, view.armies[parts[0]] - self.rules.fortify.stay

    def amount(self, action: int, least: int, most: int) -> int:
        which = action - self.amounts
        return least if which == 0 else most if which == 2 else max(least, (least + most) // 2)


def forced(d: Decision) -> Any:
    """The one answer of a decision that has only one (not optional, a single option that needs no
    amount), else the marker NOT_FORCED: the environment answers those itself."""
    if d.optional or d.kind in ASKED:
        return NOT_FORCED
    options = d.options
    if len(options) != 1:
        return NOT_FORCED
    only = options[0]
    if d.kind == PLAY and type(only) is tuple and len(only) == 3:
        return NOT_FORCED
    return only


NOT_FORCED = object()


def question_globals(g, d, stage: int, turn: int) -> None:
    """The question's part of the globals (its kind, the stage, optional, a placing's bound) and the
    turn, written into `g` (a list or an array of zeros): one home for the whole and the kept observation."""
    k = len(KINDS)
    if d is not None:
        g[KIND_INDEX[d.kind]] = 1.0
        g[k + stage] = 1.0
        g[k + STAGES] = float(d.optional)
        if d.kind == PLACE:
            g[k + STAGES + 1] = d.most * ARMY_SCALE
    g[k + STAGES + 2] = turn * 0.01
