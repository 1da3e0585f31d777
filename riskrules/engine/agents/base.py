"""What every agent is: something that answers a Decision."""

from __future__ import annotations

import random
from typing import Any

from ..decisions import ATTACK, DEFEND, DICE, FORTIFY, OCCUPY, PLACE, Decision, Later
from ..sight import Sight


class Agent:
    """Answers decisions for one seat. `kind` names it in the game log."""

    kind = "agent"
    # True only for a built-in bot whose answers tests/test_engine_options.py proves legal
    # (the same games, byte for byte, with every answer checked), or the environment's seat
    # (env/table.py Asked: tests/test_env_proven.py): the engine skips checking them again.
    # A subclass is checked unless it says so itself.
    proven = False
    # True for an agent that hears the game's events as its seat is told them: the game calls its
    # hear(event) with each (Game.teller; a playout's copy has no listeners, so it hears nothing)
    hears = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "proven" not in cls.__dict__:
            cls.proven = False
        # a class whose decide comes before a quick question's own answer (in its method resolution order)
        mro = cls.__mro__  # answers that question by its decide
        decides = next(i for i, k in enumerate(mro) if "decide" in k.__dict__)
        for name in QUICK:
            if decides < next(i for i, k in enumerate(mro) if name in k.__dict__):
                setattr(cls, name, getattr(Agent, name))

    def start(self, view: Sight, seat: int, rng: random.Random) -> None:
        """Called once when the game is made: what this agent's seat sees of the game (its
        `Sight`: the board, the public counts, its own cards and mission — engine/sight.py),
        the seat, its own random source. `self.game` is the same view, by its older name."""
        self.view = self.game = view
        self.seat = seat
        self.rng = rng

    def hear(self, event: dict) -> None:
        """An event of the game as this seat is told it: called only if `hears`."""

    def decide(self, decision: Decision) -> Any:
        raise NotImplementedError

    # ---- the quick questions ------------------------------------------------------------------------
    # The engine puts the commonest questions to a proven agent (whose answers it takes unchecked:
    # Game.trusted) by these methods, with the Decision's parts, not a Decision: an answer is that
    # of `decide` to the Decision they make (as here), which a bot may give from the parts at once.
    # A class that defines `decide` answers them by it, unless it defines them too.

    def quick_attack(self, options: list, side: int) -> Any:
        return self.decide(Decision(ATTACK, self.seat, options, side, True, 0, None, self.view))

    def quick_dice(self, options: list, side: int, where: tuple[int, int]) -> Any:
        return self.decide(Decision(DICE, self.seat, options, side, False, 0, where, self.view))

    def quick_defend(self, options: list, side: int, most: int, where: tuple[int, int]) -> Any:
        return self.decide(Decision(DEFEND, self.seat, options, side, False, most, where, self.view))

    def quick_place(self, options: list, side: int, most: int) -> Any:
        return self.decide(Decision(PLACE, self.seat, options, side, False, most, None, self.view))

    def quick_occupy(self, least: int, most: int, side: int, where: tuple[int, int]) -> Any:
        """How many armies move into a conquered territory: from `least` to `most` (the options
        range(least, most + 1)), `least` < `most`."""
        return self.decide(Decision(OCCUPY, self.seat, range(least, most + 1), side, False, 0, where, self.view))

    def quick_fortify(self, make, side: int) -> Any:
        """The usual fortify question (decisions.Later: its options made by `make()` when read)."""
        decision = Later(FORTIFY, self.seat, make, side, True)
        decision.view = self.view
        return self.decide(decision)


QUICK = ("quick_attack", "quick_dice", "quick_defend", "quick_place", "quick_occupy", "quick_fortify")
