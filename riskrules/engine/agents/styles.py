"""Bots that play unlike `balanced`: an opponent pool, so that a bot's strength is measured against
more than copies of one policy (docs/bots.md, "The opponent pool").

    aggressive   attacks at even odds or better, from its biggest stacks, and moves every army it
                 can into what it takes; places on its largest stack at the front
    turtle       holds first: for its first rounds it attacks only at long odds, places on the
                 borders of the continents it holds (or wants) where the threat is greatest,
                 moves the least into what it takes and fortifies toward those borders
    spreader     plays like pyrisk's BetterAI: attacks only from a stack of three armies more than
                 its target's (where several neighbours are that weak, only while the stack holds
                 more than all of them together and three), the weakest neighbour first, moves a
                 single army into most conquests, and spreads its reinforcements over the front,
                 the thinnest territory first

Each is `balanced` with a few of its decisions made otherwise; like it, each uses only what its
seat sees. `random` (random_agent.py) completes the pool.
"""

from __future__ import annotations

from ..decisions import Decision
from .balanced import BalancedAgent

EVEN = 0.5  # the aggressive bot attacks at these odds of taking the territory, or better
TURTLE_ROUNDS = 6  # rounds the turtle holds before it attacks as balanced does
TURTLE_WIN = 0.85  # … attacking meanwhile only at these odds
MARGIN = 3  # the spreader attacks only from a stack of this many armies more than the defender's


def _front(bot: BalancedAgent, d: Decision, limit: int | None) -> list[int]:
    """The territories `d` may place on that border an enemy (holding at most `limit` armies)."""
    armies = bot.view.armies
    return [t for t in d.options if bot.enemy_neighbours(t, d.side) and (limit is None or armies[t] <= limit)]


def _likeliest(bot: BalancedAgent, d: Decision, least: float, by_stack: bool = False):
    """The attack of `d` at odds of at least `least` whose odds times the target's worth to `bot`
    (times the armies attacking, `by_stack`) are highest; None if none has such odds."""
    armies = bot.view.armies
    win = bot.odds.win
    want = bot.values(d.side)
    best, best_score = None, 0.0
    for source, target in d.options:
        p = win(armies[source] - 1, armies[target])
        if p >= least:
            score = p * want[target] * (armies[source] if by_stack else 1)
            if score > best_score:
                best, best_score = (source, target), score
    return best


def weakest_first(armies: list[int], attacks: list[tuple[int, int]]):
    """The attack on the fewest armies, from the most where several are as weak (the first listed
    of equals); None if there is none."""
    return min(attacks, key=lambda a: (armies[a[1]], -armies[a[0]]), default=None)


class AggressiveAgent(BalancedAgent):
    kind = "aggressive"

    def attack(self, d: Decision):
        return _likeliest(self, d, EVEN, by_stack=True)

    def occupy(self, d: Decision):
        return d.options[-1]  # everything forward

    def place_in_play(self, d: Decision, limit: int | None = None):
        front = _front(self, d, limit)
        if not front:
            return super().place_in_play(d, limit)
        armies = self.view.armies
        return max(front, key=lambda t: (armies[t], -t)), d.most


class TurtleAgent(BalancedAgent):
    kind = "turtle"

    def attack(self, d: Decision):
        if self.view.round > TURTLE_ROUNDS:
            return super().attack(d)
        return _likeliest(self, d, TURTLE_WIN)

    def occupy(self, d: Decision):
        return d.options[0]

    def place_in_play(self, d: Decision, limit: int | None = None):
        """On the border of a continent it holds or most wants, where the enemy next to it is strongest
        for its armies."""
        view = self.view
        owner, armies, adjacent = view.owner, view.armies, view.adjacent
        want = self.values(d.side)
        own = self.own(d.side)
        best, best_score = None, -1.0
        for t in d.options:
            if limit is not None and armies[t] > limit:
                continue
            enemy = [armies[u] for u in adjacent[t] if owner[u] not in own]
            if not enemy:
                continue
            score = want[t] * max(enemy) / max(armies[t], 1)  # (guard 0: an empty territory)
            if score > best_score:
                best, best_score = t, score
        return (best, d.most) if best is not None else super().place_in_play(d, limit)


class SpreaderAgent(BalancedAgent):
    kind = "spreader"

    def attack(self, d: Decision):
        """BetterAI's rule (pyrisk's ai/better.py: `t.forces >= a.forces + 3`, and with several such
        neighbours `a > d + total - adj.forces + 3`), the weakest target first."""
        armies = self.view.armies
        weak: dict[int, list[int]] = {}  # per stack, the neighbours it outnumbers by MARGIN
        for source, target in d.options:
            if armies[source] >= armies[target] + MARGIN:
                weak.setdefault(source, []).append(target)
        return weakest_first(armies, [(source, target) for source, targets in weak.items()
                                      if len(targets) == 1 or armies[source] > sum(armies[t] for t in targets) + MARGIN
                                      for target in targets])

    def occupy(self, d: Decision):
        least, most = d.options[0], d.options[-1]
        source, target = d.where
        # a single army (the least the rules allow) into most conquests; all but a few where the
        # territory attacked from is left behind the front
        return least if self.enemy_neighbours(source, d.side) else max(least, most - 2)

    def place_in_play(self, d: Decision, limit: int | None = None):
        """One army at a time onto the thinnest territory at the front (the engine asks again for the rest)."""
        front = _front(self, d, limit)
        if not front:
            return super().place_in_play(d, limit)
        armies = self.view.armies
        return min(front, key=lambda t: (armies[t], t)), 1
