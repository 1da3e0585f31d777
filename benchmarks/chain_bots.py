"""Does planning with chain odds make `balanced` stronger? (issue 26, item 4) — a plug-in bot to measure it.

    risk tournament nl-1990 --players 4 --bots benchmarks/chain_bots.py:ChainPlanner,balanced --games 400 --seed 1
    risk tournament nl-1990 --players 4 --bots benchmarks/chain_bots.py:ChainPlanner,balanced --games 400 --seed 2

`ChainPlanner` is `balanced` with one change in its attack decision: before the usual choice
(the best single attack whose exact odds pass its threshold), it looks for a continent it can
take this turn — every territory of it that is not its own reachable as one chain of at most
four, starting next to one of its stacks — and computes the exact chance of taking the whole
chain (engine/plans.py, the whole force moving on, one army left in each). If that chance is
at least TAKE, it attacks the chain's next territory, whatever the single-attack threshold
says; a continent that cannot be taken in one sweep is left to the usual rule. Everything
else is `balanced`'s. It reads only its own view (engine/sight.py), as every bot does.

The bot is kept here, not among the built-in bots, until a tournament shows it stronger:
see docs/bots.md for the figures.
"""

from __future__ import annotations

from functools import lru_cache

from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.plans import Plan, odds

TAKE = 0.55  # attack along a chain that takes a whole continent at least this often
LONGEST = 4  # territories in a chain


class ChainPlanner(BalancedAgent):
    kind = "chain-planner"

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        battle = view.rules.battle

        @lru_cache(maxsize=50_000)
        def whole(attackers: int, defenders: tuple[int, ...]) -> float:
            return odds(battle, Plan(min(attackers, 1000), tuple(min(d, 1000) for d in defenders))).p_at_least[-1]

        self.whole = whole

    def attack(self, d):
        planned = self.sweep(d)
        self.sweeping = planned is not None
        return planned if planned is not None else super().attack(d)

    def occupy(self, d):
        """Along a chain, the whole force moves in (as the plan's odds assume)."""
        if getattr(self, "sweeping", False):
            return d.options[-1]
        return super().occupy(d)

    def sweep(self, d):
        """The first attack of the likeliest chain that takes a whole continent, if likely enough."""
        view = self.view
        side = d.side
        owner, armies, adjacent = view.owner, view.armies, view.adjacent
        sources: dict[int, list[int]] = {}
        for source, target in d.options:
            sources.setdefault(source, []).append(target)
        best, best_p = None, TAKE
        for k, members in enumerate(view.board.members):
            missing = [t for t in members if owner[t] != side]
            if not missing or len(missing) > LONGEST:
                continue
            wanted = set(missing)
            for source, targets in sources.items():
                force = armies[source] - 1
                if force <= len(missing):
                    continue
                for first in targets:
                    if first not in wanted:
                        continue
                    path = self._path(first, wanted, adjacent)
                    if path is None:
                        continue
                    p = self.whole(force, tuple(armies[t] for t in path))
                    if p > best_p:
                        best, best_p = (source, first), p
        return best

    @staticmethod
    def _path(first: int, wanted: set[int], adjacent) -> list[int] | None:
        """A chain through every territory of `wanted`, starting at `first`, each next bordering the one before."""
        path = [first]

        def extend() -> bool:
            if len(path) == len(wanted):
                return True
            for t in adjacent[path[-1]]:
                if t in wanted and t not in path:
                    path.append(t)
                    if extend():
                        return True
                    path.pop()
            return False

        return path if extend() else None
