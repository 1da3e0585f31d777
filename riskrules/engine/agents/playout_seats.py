"""The seats of `strong`'s playouts: `balanced` and each style of the pool (reading.STYLES), every
answer counted against the playout's budget of decisions, which ends the playout (as a turn limit)
when it is spent. The bot's own seat in a playout (strong._Script) is one of them too."""

from __future__ import annotations

from ..decisions import Decision
from .balanced import BalancedAgent
from .base import Agent
from .reading import STYLES

PLAYOUT_DECISIONS = 3000  # a playout ends (and is scored as it stands) after this many decisions: a
# round takes a few hundred; the bound holds whatever a house rule makes of the game


class _Budget:
    """The decisions a playout has left, shared by every seat's agent in it."""

    left = PLAYOUT_DECISIONS


class _Spent(Exception):
    """A playout's budget is spent: it ends undecided, as at a turn limit (its copy has no
    result). Not a GameOver: Game.play_on would take it for a game that ended."""


class _Budgeted:
    """An agent in a playout, which it ends (as a turn limit) when the playout's budget is spent."""

    def __init__(self, budget: _Budget):
        self.budget = budget

    def decide(self, d: Decision):
        budget = self.budget
        budget.left -= 1
        if budget.left < 0:
            raise _Spent  # the playout ends here, as at a turn limit
        return super().decide(d)


class _Helper(_Budgeted, BalancedAgent):
    """`balanced` in a playout. Its answers, and every playout agent's, are taken unchecked (proven:
    tests/test_engine_quick.py plays strong games with every answer of their playouts checked)."""

    proven = True

    def quick_dice(self, options, side, where):  # (decide's answer, counted as decide counts it)
        budget = self.budget
        budget.left -= 1
        if budget.left < 0:
            raise _Spent
        return options[-1]

    def quick_defend(self, options, side, most, where):
        budget = self.budget
        budget.left -= 1
        if budget.left < 0:
            raise _Spent
        return options[-1]

    def quick_attack(self, options, side):
        budget = self.budget
        budget.left -= 1
        if budget.left < 0:
            raise _Spent
        return BalancedAgent.quick_attack(self, options, side)

    def quick_occupy(self, least, most, side, where):
        budget = self.budget
        budget.left -= 1
        if budget.left < 0:
            raise _Spent
        return self.moved_in(least, most, side, where)

    def quick_fortify(self, make, side):
        if not self._fortify_at_once:  # (asked as a Decision: counted by decide)
            return Agent.quick_fortify(self, make, side)
        budget = self.budget
        budget.left -= 1
        if budget.left < 0:
            raise _Spent
        return BalancedAgent.quick_fortify(self, make, side)


_HELPERS = {style: _Helper if style is BalancedAgent else type(
    f"_{style.__name__}Helper", (_Budgeted, style),  # (balanced's styles answer dice and defence as it does:
    {"proven": True, **({"quick_dice": _Helper.quick_dice, "quick_defend": _Helper.quick_defend}  # at once)
                        if issubclass(style, BalancedAgent) else {})})
    for style in STYLES}  # each style of the pool, in a playout
