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

from array import array
from itertools import compress
from operator import ne
from typing import Any

import numpy as np

from ..engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, OCCUPY, PLACE, PLAY,
                                REROLL, TRADE, Decision)
from ..language.visibility import SEE_ALL, SEE_OWNER

KINDS = (CLAIM, PLACE, TRADE, BONUS, ATTACK, DICE, DEFEND, OCCUPY, FORTIFY, CAPITAL, DISCARD, REROLL, PLAY)
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
TERRITORY_KINDS = (CLAIM, BONUS, CAPITAL)  # answered by a territory
SLOTS = 12  # options named by their place in the list
EXTRA = 4 + SLOTS  # stop, three amounts, the slots
STAGES = 3
ARMY_SCALE = 0.1  # armies are observed times this


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
        self.paired: tuple = (None, {}, {})  # (a list of pairs, its seconds by first, the masks made of it)
        self.nothing = np.zeros(self.actions, dtype=np.int8)  # the mask of a seat not asked
        self.nothing.flags.writeable = False
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
        """The legal actions of the stage (read-only: an amount's, a list's, a list of pairs' are
        kept and shared while the engine's list lasts)."""
        if d is None:
            return self.nothing
        kind = d.kind
        stop = d.optional and stage == 0
        if kind in TERRITORY_KINDS or (kind == PLACE and stage == 0):
            kept = self.listed
            if kept[0] is d.options and kept[1] == stop:  # (the same list of territories as the last: the
                return kept[2]  # engine shares one while no owner changes, and never writes it)
            mask = self.made(d.options, stop)
            self.listed = (d.options, stop, mask)
            return mask
        if kind in (ATTACK, FORTIFY) and stage < 2:
            options = d.options
            kept = self.paired
            if kept[0] is not options:  # (the engine makes a new list of pairs when one changes)
                by: dict[int, list] = {}
                for a, b in options:
                    got = by.get(a)
                    if got is None:
                        by[a] = [b]
                    else:
                        got.append(b)
                kept = self.paired = (options, by, {})
            key = -1 - stop if stage == 0 else parts[0]
            mask = kept[2].get(key)
            if mask is None:
                mask = kept[2][key] = self.made(kept[1] if stage == 0 else kept[1][key], stop)
            return mask
        # an amount, or the options by their place: the same few masks again and again
        key = (-1 if kind in (PLACE, FORTIFY, OCCUPY) else min(SLOTS, len(d.options)), stop)
        mask = self.patterns.get(key)
        if mask is None:
            mask = self.patterns[key] = np.zeros(self.actions, dtype=np.int8)
            if key[0] < 0:
                mask[self.amounts:self.amounts + 3] = 1
            else:
                mask[self.slot0:self.slot0 + key[0]] = 1
            if stop:
                mask[self.stop] = 1
            mask.flags.writeable = False
        return mask

    def made(self, chosen, stop: bool) -> np.ndarray:
        """A read-only mask of the territories `chosen` (and stop)."""
        made = bytearray(self.actions)
        for x in chosen:
            made[x] = 1
        if stop:
            made[self.stop] = 1
        return np.frombuffer(bytes(made), dtype=np.int8)  # (read-only: made of bytes)

    def step(self, d: Decision, view, stage: int, parts: list, action: int) -> tuple[bool, Any]:
        """The action taken at `stage`: (True, the answer) when the answer is whole, else (False, None)
        with the part kept in `parts` (the next stage asks for the next part). The action is one of the
        mask's (Played.act checks it first)."""
        if action == self.stop:
            return True, None
        kind = d.kind
        if kind in TERRITORY_KINDS:
            return True, action
        if kind in (PLACE, ATTACK, FORTIFY) and stage < (1 if kind == PLACE else 2) and action < self.n:
            parts.append(action)
            if kind == ATTACK and stage == 1:
                return True, tuple(parts)
            least, most = self.bounds(d, view, parts)
            if kind != ATTACK and stage == (0 if kind == PLACE else 1) and most == least:
                return True, (*parts, most)
            return False, None
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
    if d.optional or d.kind in (PLACE, FORTIFY, ATTACK):
        return NOT_FORCED
    options = d.options
    if len(options) != 1:
        return NOT_FORCED
    only = options[0]
    if d.kind == PLAY and type(only) is tuple and len(only) == 3:
        return NOT_FORCED
    return only


NOT_FORCED = object()


class Seen:
    """One seat's observation, kept between steps: its board's rows mended where the seat's view
    changed (owner, armies, what it sees, its cards), the globals rewritten when they change; each
    observation a copy. Holds exactly what Encoding.observe makes whole. Kept in an array.array of
    C floats (float32), whose items Python writes many times faster than a numpy array's, and
    copied out through a numpy view of it."""

    def __init__(self, enc: Encoding, seat: int):
        self.enc, self.seat = enc, seat
        self.buf = array("f", bytes(4 * enc.size))
        self.view = np.frombuffer(self.buf, dtype=np.float32)  # (the same memory: never resized)
        self.width = enc.features
        self.rows = [array("f", row.tobytes()) for row in enc.rows_of[seat]]  # by owner code
        self.globals_at = enc.n * enc.features
        self.alive_at = [len(KINDS) + STAGES + 3 + place for place in range(len(enc.order[seat]))]
        self.order = enc.order[seat]
        self.owner: list = []
        self.armies: list = []
        self.level: list | None = None
        self.hand: list = []
        self.scaled: dict[int, float] = {}  # armies → armies × ARMY_SCALE, as float32 computes it
        self.key: tuple = ()  # what the globals are made of, as last written
        self.made: dict[tuple, array] = {}  # the globals made for such a key, but the turn (bounded)
        self.turn_at = self.globals_at + len(KINDS) + STAGES + 2

    def observe(self, view, d: Decision | None, stage: int, chosen: int | None) -> np.ndarray:
        """The observation (the board mended where the view changed since the last)."""
        if view.armies != self.armies or view.owner != self.owner or view.hand != self.hand or \
                getattr(view, "level", None) != self.level:
            self._mend(view)
        alive = view.alive
        key = (None, 0, 0, 0, len(view.hand), *alive) if d is None else \
            (d.kind, stage, d.optional, d.most, len(view.hand), *alive)
        buf = self.buf
        if key != self.key:  # (the globals as the last observation's, or kept for that key: else made)
            self.key = key
            made = self.made.get(key)
            if made is None:
                if len(self.made) > 4096:
                    self.made.clear()
                g = [0.0] * self.enc.globals
                question_globals(g, d, stage, 0)
                for at, s in zip(self.alive_at, self.order):
                    if alive[s]:
                        g[at] = 1.0
                g[-1] = len(view.hand) * 0.1
                made = self.made[key] = array("f", g)
            buf[self.globals_at:] = made
        buf[self.turn_at] = view.turn * 0.01  # (question_globals' turn)
        if chosen is None:
            return self.view.copy()
        at = chosen * self.width + self.enc.chosen_col
        buf[at] = 1.0
        out = self.view.copy()
        buf[at] = 0.0
        return out

    def _mend(self, view) -> None:
        owner, armies, hand = view.owner, view.armies, view.hand
        level = getattr(view, "level", None)
        enc = self.enc
        n, width = enc.n, self.width
        buf = self.buf
        if hand != self.hand:
            card = enc.card_col
            for c in self.hand:
                if c < n:
                    buf[c * width + card] = 0.0
            for c in hand:
                if c < n:
                    buf[c * width + card] = 1.0
            self.hand = list(hand)
        was_o, was_a, was_l = self.owner, self.armies, self.level
        if not was_o:  # (the first: every row)
            changed = range(n)
            self.owner, self.armies = list(owner), list(armies)
            self.level = list(level) if level is not None else None
        else:
            every = range(n)
            changed = set(compress(every, map(ne, armies, was_a))) if armies != was_a else set()
            if owner != was_o:
                changed.update(compress(every, map(ne, owner, was_o)))
            if level is not None and level != was_l:
                changed.update(compress(every, map(ne, level, was_l)))
            for x in changed:
                was_o[x], was_a[x] = owner[x], armies[x]
                if level is not None:
                    was_l[x] = level[x]
        rows, scaled, hand = self.rows, self.scaled, self.hand
        armies_col, hidden_col, card = enc.armies_col, enc.armies_hidden, enc.card_col
        for x in changed:
            o, a = owner[x], armies[x]
            seen = level[x] if level is not None else SEE_ALL
            shown = o != -1
            base = x * width
            buf[base:base + width] = rows[0 if shown and seen < SEE_OWNER else o + 2]
            if shown and seen < SEE_ALL:
                buf[base + hidden_col] = 1.0
            else:
                value = scaled.get(a)
                if value is None:
                    value = scaled[a] = float(np.float32(a) * np.float32(ARMY_SCALE))
                buf[base + armies_col] = value
            if x in hand:
                buf[base + card] = 1.0


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
