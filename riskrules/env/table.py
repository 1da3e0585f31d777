"""A game played a decision at a time: the engine asks, the caller answers when it likes.

The engine asks its agents (Game.ask calls decide and waits for the answer). Here the seats the
caller plays are `Asked` agents, and the game runs in a greenlet of its own: a decision put to
one of them switches back to the caller with it (`Table.pending`), `answer` switches into the
game with the answer, which runs on until the next such decision or its end. The other seats
are built-in bots, played inside the game as anywhere. Every action is checked against the stage's
mask (Played.act), and the answer is made from the decision's options: the engine does not check it
again (Asked.proven).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from greenlet import greenlet

from ..engine.agents import Agent, make_bot
from ..engine.decisions import Decision
from ..engine.game import Game, Result

KIND = "env"  # how the game log names a seat played through the environment


class Asked(Agent):
    """A seat whose decisions are put to the caller of its Table: its `decide` is the switch back
    to the caller itself (the decision goes with it, the answer comes back: no call between).

    Proven (Agent.proven: the engine asks it the quick questions and does not check its answers
    again): an answer is made by encoding.Encoding.step from the decision's own options, for an
    action Played.act has found in the stage's mask of legal actions, and the mask is made from
    those options too. tests/test_env_proven.py is the proof: the environment's games with every
    answer checked by the engine (Played.check_all) are the same games, event for event."""

    kind = KIND
    proven = True

    def __init__(self, table: Table):
        self.table = table
        self.decide = table.back  # (an attribute of its own, before the class's decide)

    def decide(self, decision: Decision) -> Any:  # (for the type: the instance's own is used)
        return self.table.back(decision)


class Table:
    """One game: `seats` a list of None (the caller plays it) or a built-in bot's name."""

    def __init__(self, rules, seats: Sequence[str | None], seed: int, max_turns: int,
                 listeners: Sequence[Callable[[dict], None]] = (), edition: str | None = None,
                 check_all: bool = False):
        self.game_thread = greenlet(self._play)
        self.back = self.game_thread.parent.switch  # (the decision put to the caller: Asked.decide)
        agents = [Asked(self) if s is None else make_bot(s) for s in seats]
        self.game = Game(rules, agents, seed, max_turns=max_turns, listeners=listeners, edition=edition,
                         check_all=check_all)
        self.pending: Decision | None = None  # the decision waiting for the caller (None: the game is over)
        self.result: Result | None = None

    def _play(self) -> None:
        self.result = self.game.play()

    def start(self) -> Decision | None:
        self.pending = self.game_thread.switch()
        return self.pending

    def answer(self, value: Any) -> Decision | None:
        """Answers the pending decision; the next one (None: the game is over)."""
        self.pending = self.game_thread.switch(value)
        return self.pending

    def close(self) -> None:
        """Ends a game left before its end (its greenlet is thrown away)."""
        if self.game_thread and not self.game_thread.dead:
            self.game_thread.throw()  # (GreenletExit: the greenlet ends quietly)
