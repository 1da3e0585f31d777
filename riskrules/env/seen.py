"""One seat's observation kept between steps: brought up to date only when the game has moved.

Holds exactly what Encoding.observe makes whole (tests/test_env_speed.py compares them at every
step). The game moves only inside Played's answer to the engine, which counts its answers
(`Played.number`): a seat observed again at the same count (the next stage of one decision) has
the same board and hand, and only the question's globals (one write of a block kept for each
kind, stage, optional and bound met) and its chosen territory are written. When the count has
moved, the rows whose owner, armies or (under fog) sight changed are mended, the armies' cells
alone where only armies changed. Kept in an array.array of C floats (float32),
whose items Python writes many times faster than a numpy array's; each observation a copy.
"""

from __future__ import annotations

from array import array
from collections import namedtuple
from itertools import compress
from operator import is_not

import numpy as np

from ..engine.decisions import Decision
from ..language.visibility import SEE_ALL, SEE_OWNER
from .encoding import ARMY_SCALE, KINDS, STAGES, Encoding, question_globals

NOT_ASKED = (None, -1, False, 0)  # the question's key of a seat not asked
Question = namedtuple("Question", "kind optional most")  # what question_globals reads of a decision
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
        self.hands = game.hands  # (the game's: a seat's hand is read there, as the view's property reads it)
        self.hand: list = []
        self.alive: list = []
        self.questions = enc.questions  # the question's globals by (kind, stage, optional, most): Seen._question
        self.chosen_col = enc.chosen_col
        # every row made now from the view (the game not yet begun): each observation mends them
        level = view.level if self.fogged else None
        self.owner, self.armies = list(view.owner), list(view.armies)
        self.level = list(level) if level is not None else None
        for x in self.every:
            self._row(x, view.owner, view.armies, level)
        if not self.fogged:  # (the game's own lists, never replaced: engine/sight.py)
            self.owner_now, self.armies_now, self.alive_now = view.owner, view.armies, view.alive
        self.owned_at = game.owner_changes  # (Game.set_owner counts every owner changed: none since, none to find)

    def observe(self, d: Decision | None, stage: int, parts: list, number: int, mask) -> dict:
        """The observation of the seat (`d` its decision, or None; `parts` the answer's parts chosen
        in the stages before) at Played.number `number`, with the action mask `mask`."""
        buf = self.buf
        if number != self.at:  # (the game has moved: the board, hand, alive and turn brought up to date)
            self.at = number
            if self.fogged:
                self._bring_fogged()
            else:  # (written out here, not called: the commonest)
                hand = self.hands[self.seat]
                if hand != self.hand:
                    self._cards(hand)
                game = self.game
                if game.owner_changes != self.owned_at:  # (rows anew, their armies with them)
                    self.owned_at = game.owner_changes
                    owner, was = self.owner_now, self.owner
                    # (is_not: a superset of the changes, and cheaper than !=: ints from -5 to 256 are one object each)
                    for x in compress(self.every, map(is_not, owner, was)):
                        was[x] = owner[x]
                        self._row(x, owner, self.armies_now, None)
                armies, was = self.armies_now, self.armies
                if armies != was:  # (the commonest: armies alone)
                    cells, got = self.cells, SCALED.get
                    for x in compress(self.every, map(is_not, armies, was)):
                        a = was[x] = armies[x]
                        value = got(a)
                        buf[cells[x]] = value if value is not None else scaled(a)
                if self.alive_now != self.alive:
                    self._alive(self.alive_now)
                buf[self.turn_at] = game.turn * 0.01
        block = self.questions.get(NOT_ASKED if d is None else (d.kind, stage, d.optional, d.most))
        if block is None:
            block = self._question(NOT_ASKED if d is None else (d.kind, stage, d.optional, d.most))
        buf[self.kind_at:self.turn_at] = block  # (the question's globals: one write)
        if not parts:
            return {"observation": self.out.copy(), "action_mask": mask}
        at = parts[0] * self.width + self.chosen_col  # (the territory chosen first: `from`)
        buf[at] = 1.0
        out = self.out.copy()
        buf[at] = 0.0
        return {"observation": out, "action_mask": mask}

    def _question(self, key: tuple) -> array:
        """The globals of a question (kind, stage, optional, a placing's bound), as encoding.question_globals
        writes them: kept for each (kind, stage, optional, most) met, in the Encoding (shared by its seats)."""
        kind, stage, optional, most = key
        g = [0.0] * (self.turn_at - self.kind_at + 1)
        if kind is not None:
            question_globals(g, Question(kind, optional, most), stage, 0)
        questions = self.questions
        if len(questions) >= 1024:  # (bounded: a placing's bound takes many values in a long game)
            questions.clear()
        block = questions[key] = array("f", g[:-1])
        return block

    def _bring_fogged(self) -> None:
        """Under fog: the rows whose owner, armies or sight changed made anew, the hand, who is
        alive and the turn (what the seat's FoggedSight shows now)."""
        view = self.view
        hand = self.hands[self.seat]
        if hand != self.hand:
            self._cards(hand)
        owner, armies, level = view.owner, view.armies, view.level
        if owner != self.owner or armies != self.armies or level != self.level:
            every, was_o, was_a, was_l = self.every, self.owner, self.armies, self.level
            changed = set(compress(every, map(is_not, owner, was_o)))
            changed.update(compress(every, map(is_not, armies, was_a)))
            changed.update(compress(every, map(is_not, level, was_l)))
            for x in changed:
                self._row(x, owner, armies, level)
            self.owner, self.armies, self.level = list(owner), list(armies), list(level)
        if view.alive != self.alive:
            self._alive(view.alive)
        self.buf[self.turn_at] = self.game.turn * 0.01

    def _alive(self, alive: list) -> None:
        for at, s in self.alive_at:
            self.buf[at] = 1.0 if alive[s] else 0.0
        self.alive = list(alive)

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
