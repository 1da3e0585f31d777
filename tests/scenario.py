"""Set up a game in a given position and play single steps of it with scripted answers."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from riskrules.engine.agents.base import Agent
from riskrules.engine.decisions import PLACE, Decision
from riskrules.engine.dice import LoadedDice
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook


class Script(Agent):
    """Answers decisions from a script, kind by kind; what is not scripted gets a plain default
    (place everything on the first territory offered, stop when stopping is allowed, else the
    last option: the most armies, the most dice)."""

    kind = "script"

    def __init__(self, **answers: list[Any]):
        self.answers = {kind: deque(values) for kind, values in answers.items()}
        self.asked: list[Decision] = []

    def decide(self, d: Decision):
        self.asked.append(d)
        queue = self.answers.get(d.kind)
        if queue:
            answer = queue.popleft()
            return answer(d) if callable(answer) else answer
        if d.kind is PLACE:
            return d.options[0], d.most
        if d.optional:
            return None
        return d.options[-1]


class Scenario:
    """A game of `edition` put in a position: who holds what, with how many armies."""

    def __init__(self, edition: str, players: int, variant: str | None = None, *,
                 holds: dict[str, tuple[int, int]] | None = None, dice: list[int] | None = None,
                 agents: list[Agent] | None = None, rest: Callable[[int], int] | None = None):
        self.rules = open_rulebook(edition).rules([variant] if variant else None, players)
        self.agents = agents or [Script() for _ in range(players)]
        self.events: list[dict] = []
        self.game = Game(self.rules, self.agents, seed=1, dice=LoadedDice(dice or []),
                         listeners=[self.events.append])
        g = self.game
        index = g.board.index
        holds = holds or {}
        seats = players + (1 if g.neutral is not None else 0)
        fill = rest or (lambda t: t % seats)
        for t in range(g.size):
            seat, armies = holds.get(g.board.territories[t], (fill(t), 1))
            g.set_owner(t, seat)
            g.armies[t] = armies
        for name in holds:
            assert name in index, name
        g.deck = deque(range(g.size + g.board.jokers))
        g.active = 0
        g.turn = 1
        g.round = 1

    def t(self, name: str) -> int:
        return self.game.board.index[name]

    def of(self, kind: str) -> list[dict]:
        return [e for e in self.events if e["type"] == kind]

    def give(self, seat: int, *cards: str) -> None:
        """Put cards in a hand: territory names for territory cards, 'joker' for a joker."""
        g = self.game
        jokers = [c for c in range(g.size, g.size + g.board.jokers)]
        for name in cards:
            card = jokers.pop(0) if name == "joker" else self.t(name)
            g.deck.remove(card)
            g.hands[seat].append(card)

    def territories(self, seat: int, count: int, exclude: tuple[str, ...] = ()) -> list[str]:
        """`count` territory names, none of `exclude`, to hand a player."""
        names = [n for n in self.game.board.territories if n not in exclude]
        return names[:count]
