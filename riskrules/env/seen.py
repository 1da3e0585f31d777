"""One seat's observation kept between steps: brought up to date only when the game has moved.

Holds exactly what Encoding.observe makes whole (tests/test_env_speed.py compares them at every
step). The game moves only inside Played's answer to the engine, which counts its answers
(`Played.number`): a seat observed again at the same count (the next stage of one decision) has
the same board, hand and question, and only its stage and chosen territory are written. When the
count has moved, the rows whose owner, armies or (under fog) sight changed are mended, the
armies' cells alone where only armies changed. Kept in an array.array of C floats (float32),
whose items Python writes many times faster than a numpy array's; each observation a copy.
"""

from __future__ import annotations

from array import array
from itertools import compress
from operator import is_not

import numpy as np

from ..engine.decisions import PLACE, Decision
from ..language.visibility import SEE_ALL, SEE_OWNER
from .encoding import ARMY_SCALE, KIND_INDEX, KINDS, STAGES, Encoding

PLACE_INDEX = KIND_INDEX[PLACE]
SCALED: dict[int, float] = {}  # armies → armies × ARMY_SCALE as float32 computes it (Encoding.board)


def scaled(a: int) -> float:
    value = SCALED[a] = float(np.float32(a) * np.float32(ARMY_SCALE))
    return value


class Seen:
    def __init__(self, enc: Encoding, seat: int, game):
        self.enc, self.seat, self.game = enc, seat, game
        self.view = view = game.sights[seat]  # (the seat's own view: under fog its FoggedSight)
        self.fogged = getattr(view, "level", None) is not None
        self.buf = array("f", bytes(4 * enc.size))
        self.out = np.frombuffer(self.buf, dtype=np.float32)  # (the same memory: never resized)
        self.width = width = enc.features
        self.rows = [array("f", row.tobytes()) for row in enc.rows_of[seat]]  # by owner code
        self.every = range(enc.n)
        self.cells = [x * width + enc.armies_col for x in self.every]  # each territory's armies
        at = enc.n * width  # the globals (encoding.question_globals' order)
        self.kind_at, self.stage_at = at, at + len(KINDS)
        self.optional_at = at + len(KINDS) + STAGES
        self.most_at, self.turn_at = self.optional_at + 1, self.optional_at + 2
        self.alive_at = [(self.optional_at + 3 + place, s) for place, s in enumerate(enc.order[seat])]
        self.hand_at = enc.size - 1
        self.at = -1  # Played.number when last brought up to date
        self.owner: list | None = None
        self.armies: list = []
        self.level: list | None = None
        self.hand: list = []
        self.alive: list = []
        self.kind = self.stage = -1  # the places of the kind's and the stage's one-hot set (-1: none)

    def observe(self, d: Decision | None, stage: int, parts: list, number: int) -> np.ndarray:
        """The observation of the seat (`d` its decision, or None; `parts` the answer's parts chosen
        in the stages before) at Played.number `number`."""
        buf = self.buf
        if number != self.at:
            self.at = number
            self._bring(d)
        if d is None:
            stage = -1
        if stage != self.stage:
            if self.stage >= 0:
                buf[self.stage_at + self.stage] = 0.0
            if stage >= 0:
                buf[self.stage_at + stage] = 1.0
            self.stage = stage
        if not parts:
            return self.out.copy()
        at = parts[0] * self.width + self.enc.chosen_col  # (the territory chosen first: `from`)
        buf[at] = 1.0
        out = self.out.copy()
        buf[at] = 0.0
        return out

    def _bring(self, d: Decision | None) -> None:
        """The board, the hand and the globals brought up to the game's state now: what the
        seat's view shows (its hand and the turn read where its properties read them)."""
        buf, view, game = self.buf, self.view, self.game
        hand = game.hands[self.seat]
        if hand != self.hand:
            self._cards(hand)
        owner, armies = view.owner, view.armies
        if self.owner is None:  # (the first: every row)
            level = view.level if self.fogged else None
            self.owner, self.armies = list(owner), list(armies)
            self.level = list(level) if level is not None else None
            for x in self.every:
                self._row(x, owner, armies, level)
        elif not self.fogged:
            # (is_not: a superset of the changes, and cheaper than !=: ints from -5 to 256 are one object each)
            was = self.owner
            if owner != was:  # (rows anew, their armies with them)
                for x in compress(self.every, map(is_not, owner, was)):
                    was[x] = owner[x]
                    self._row(x, owner, armies, None)
            was = self.armies
            if armies != was:  # (the commonest: armies alone)
                cells, got = self.cells, SCALED.get
                for x in compress(self.every, map(is_not, armies, was)):
                    a = was[x] = armies[x]
                    value = got(a)
                    buf[cells[x]] = value if value is not None else scaled(a)
        else:
            level = view.level
            if owner != self.owner or armies != self.armies or level != self.level:
                every, was_o, was_a, was_l = self.every, self.owner, self.armies, self.level
                changed = set(compress(every, map(is_not, owner, was_o)))
                changed.update(compress(every, map(is_not, armies, was_a)))
                changed.update(compress(every, map(is_not, level, was_l)))
                for x in changed:
                    self._row(x, owner, armies, level)
                self.owner, self.armies, self.level = list(owner), list(armies), list(level)
        alive = view.alive
        if alive != self.alive:
            for at, s in self.alive_at:
                buf[at] = 1.0 if alive[s] else 0.0
            self.alive = list(alive)
        buf[self.turn_at] = game.turn * 0.01
        if d is None:
            if self.kind >= 0:
                buf[self.kind_at + self.kind] = 0.0
                self.kind = -1
            buf[self.optional_at] = buf[self.most_at] = 0.0
            return
        kind = KIND_INDEX[d.kind]
        if kind != self.kind:
            if self.kind >= 0:
                buf[self.kind_at + self.kind] = 0.0
            buf[self.kind_at + kind] = 1.0
            self.kind = kind
        buf[self.optional_at] = 1.0 if d.optional else 0.0
        buf[self.most_at] = d.most * ARMY_SCALE if kind == PLACE_INDEX else 0.0

    def _cards(self, hand: list) -> None:
        """The cards' column (the territories of the seat's cards) and the hand's size."""
        n, width, card, buf = self.enc.n, self.width, self.enc.card_col, self.buf
        for c in self.hand:
            if c < n:
                buf[c * width + card] = 0.0
        for c in hand:
            if c < n:
                buf[c * width + card] = 1.0
        self.hand = list(hand)
        buf[self.hand_at] = len(hand) * 0.1

    def _row(self, x: int, owner: list, armies: list, level: list | None) -> None:
        """Territory x's row made anew (as sight.seen_now: what the seat does not see now is not shown)."""
        enc, buf = self.enc, self.buf
        o = owner[x]
        hidden = o != -1 and level is not None and level[x] < SEE_ALL
        base = x * self.width
        buf[base:base + self.width] = self.rows[0 if hidden and level[x] < SEE_OWNER else o + 2]
        if hidden:
            buf[base + enc.armies_hidden] = 1.0
        else:
            a = armies[x]
            value = SCALED.get(a)
            buf[base + enc.armies_col] = value if value is not None else scaled(a)
        if x in self.hand:
            buf[base + enc.card_col] = 1.0
