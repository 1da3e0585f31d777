"""Attack plans: the exact odds of an attack through a chain of territories, and when to stop.

A plan: `attackers` armies may attack from the first territory (one more stays behind, as
engine/odds.py counts them, unless the rules' `guard 0` lets every army attack); they attack
the territories of the chain one after another, each defended by its own armies. Each roll the
attacker rolls the most dice the rules allow for its territory and its attacking armies, the
defender the most the rules allow (or `defender_cap`, for an edition where the defender chooses). When a territory falls, every attacking army moves
in and `leave` of them stay there; the rest attack the next. The attack stops when the armies
that may attack are `stop` or fewer (or too few for the rules to let them attack), when trench
warfare forbids a conquered territory to attack on, or when the chain is taken. Under `guard 0`
`leave` may be 0 and a territory of the chain may be empty: it falls without a fight.

How it ends is (territories taken, attackers left, defenders left in the first territory not
taken): the attackers left are the attacking force — after the last conquest all that moved in,
otherwise those that may still attack, the armies left to hold the territories taken (and the
one in the first) not counted. Everything is exact: probability mass moved through every
state (hop, attackers, defenders) in the order rolls lead, from engine/odds.py's outcomes of
one roll. `advise` finds the stopping rule that maximises a goal by backward induction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from ..language.rules import BattleRules
from .combat.kill_rates import pressed_outcomes
from ..language.quantities import TYPICAL
from .odds import roll_outcomes

MAX_ARMIES = 1000  # a side, as `risk odds` allows
MAX_CHAIN = 20  # territories in a chain
MAX_STATES = 4_000_000  # attackers × all the defenders: the states a plan may pass through (a few seconds)


@dataclass(frozen=True)
class Plan:
    attackers: int
    defenders: tuple[int, ...]
    leave: int = 1
    stop: int = 0
    defender_cap: int | None = None  # at most this many defender dice (None: the most the rules allow)
    situation: tuple[tuple[str, int], ...] = ()  # under battle modifiers: what their tests read (engine/odds.py)


@dataclass(frozen=True)
class Outcome:
    p_at_least: tuple[float, ...]  # P(at least k territories taken), k = 0 … len(chain)
    dist: tuple[tuple[int, int, int, float], ...]  # (taken, attackers left, defenders left, p), most taken first
    expected_attacker_left: float
    expected_taken: float


class Chain:
    """The dice of one plan's battles under `battle`, by the state of a hop."""

    def __init__(self, battle: BattleRules, plan: Plan):
        self.battle, self.plan = battle, plan

    def rolls(self, hop: int, a: int, d: int) -> tuple[tuple[float, int, int], ...] | None:
        """The outcomes of one roll of `a` attacking armies on `d`, or None if they may not attack."""
        b = self.battle
        behind = b.guard if hop == 0 else self.plan.leave  # what stays in the attacking territory
        if a <= 0 or a + behind < b.least_to_attack:
            return None
        if b.kills is not None:  # kill rates: all `a` fight at once, again until something changes
            return pressed_outcomes(b.kills, a, d)
        dice = min(b.attacker_dice(a + behind), a)
        if dice <= 0:
            return None
        defending = min(b.defender_dice(d), d)
        ties = b.ties_to_defender
        if b.modifiers is not None:  # battle modifiers (language/marks.py), in the plan's situation
            env = {name: TYPICAL.get(name, 0) for name, _ in b.modifiers.counts}
            env.update(self.plan.situation)
            env["attacker_armies"], env["defender_armies"] = a + behind, d
            dice, defending, ties = b.modifiers.apply(env, dice, defending, ties, a, d)
        if self.plan.defender_cap is not None:
            defending = min(defending, self.plan.defender_cap)
        return roll_outcomes(dice, defending, ties, b.sides)

    def after_conquest(self, hop: int, survivors: int) -> int | None:
        """The attackers of the next hop after taking territory `hop` with `survivors`; None: the chain ends."""
        if hop + 1 == len(self.plan.defenders) or self.battle.trench:
            return None
        return max(0, survivors - self.plan.leave)


def odds(battle: BattleRules, plan: Plan, goes_on: Callable[[int, int, int], bool] | None = None) -> Outcome:
    """How the plan ends, exactly. `goes_on(hop, a, d)`: whether to roll on (default: while a > plan.stop)."""
    check(plan, least_leave=battle.guard)
    chain = Chain(battle, plan)
    n = len(plan.defenders)
    go = goes_on or (lambda hop, a, d: a > plan.stop)
    empty = ((1.0, 0, 0),)  # (guard 0) an empty territory falls without a fight
    ends: dict[tuple[int, int, int], float] = defaultdict(float)
    starting = {plan.attackers: 1.0}
    for hop, garrison in enumerate(plan.defenders):
        # the mass of each (a, d) in this hop; a roll lowers a + d, so by a + d falling every state
        # has all its mass when it is reached
        by_total: dict[int, dict[tuple[int, int], float]] = defaultdict(lambda: defaultdict(float))
        for a, p in starting.items():
            by_total[a + garrison][(a, garrison)] += p
        following: dict[int, float] = defaultdict(float)
        for total in range(max(by_total, default=0), 0, -1):
            level = by_total.pop(total, None)
            if not level:
                continue
            for (a, d), p in level.items():
                if not go(hop, a, d):
                    outcomes = None
                else:
                    outcomes = chain.rolls(hop, a, d) if d else (empty if a else None)
                if outcomes is None:
                    ends[(hop, a, d)] += p
                    continue
                for q, lost_a, lost_d in outcomes:
                    na, nd = a - lost_a, d - lost_d
                    if nd > 0:
                        by_total[na + nd][(na, nd)] += p * q
                        continue
                    onward = chain.after_conquest(hop, na)
                    if onward is not None:
                        following[onward] += p * q
                    elif hop + 1 == n:  # the chain is taken: the whole force stands in its last territory
                        ends[(n, na, 0)] += p * q
                    else:  # trench warfare: a territory taken this turn attacks no more
                        ends[(hop + 1, max(0, na - plan.leave), plan.defenders[hop + 1])] += p * q
        starting = following
    dist = tuple(sorted(((k, a, d, p) for (k, a, d), p in ends.items() if p > 0), key=lambda e: (-e[0], -e[1], e[2])))
    at_least = [0.0] * (n + 2)
    for k, _, _, p in dist:
        at_least[k] += p
    for k in range(n - 1, -1, -1):
        at_least[k] += at_least[k + 1]
    return Outcome(tuple(min(1.0, x) for x in at_least[:n + 1]), dist,
                   sum(a * p for _, a, _, p in dist), sum(k * p for k, _, _, p in dist))


def check(plan: Plan, most: int = MAX_STATES, least_leave: int = 1) -> None:
    """ValueError with a one-line reason for a plan that cannot be computed (`most`: the states it may pass
    through; `least_leave`: the rules' guard — 0 under `guard 0`, where territories may also be empty)."""
    if not 1 <= len(plan.defenders) <= MAX_CHAIN:
        raise ValueError(f"a chain has 1 to {MAX_CHAIN} territories")
    if not 0 <= plan.attackers <= MAX_ARMIES or not all(least_leave <= d <= MAX_ARMIES for d in plan.defenders):
        raise ValueError(f"attackers must be between 0 and {MAX_ARMIES}, and each territory's defenders between "
                         f"{least_leave} and {MAX_ARMIES}")
    if not least_leave <= plan.leave <= MAX_ARMIES:
        if not least_leave:
            raise ValueError(f"--leave must be between 0 and {MAX_ARMIES}")
        raise ValueError(f"--leave must be between 1 and {MAX_ARMIES}: a territory taken is held by one army at least")
    if not 0 <= plan.stop <= MAX_ARMIES:
        raise ValueError(f"--stop must be between 0 and {MAX_ARMIES}")
    if plan.defender_cap is not None and plan.defender_cap < 1:
        raise ValueError("--defender-dice must be at least 1")
    states = (plan.attackers + 1) * sum(plan.defenders)
    if states > most:
        raise ValueError(f"too large to compute exactly: {plan.attackers:,} attackers through {sum(plan.defenders):,} "
                         f"defenders make {states:,} states, and at most {most:,} are computed")


# ---- when to stop ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Advice:
    goes_on: Callable[[int, int, int], bool]  # the best rule: roll on in this state?
    least: tuple[tuple[int | None, ...], ...]  # per hop, per defenders left (index d): the fewest attackers to go on
    value: float  # the goal's expected value under the rule


def advise(battle: BattleRules, plan: Plan, worth: float | None = None) -> Advice:
    """The stopping rule that maximises the chance of taking the whole chain (`worth` None), or
    the expected value of `worth` × territories taken − attacking armies lost. Backward
    induction over every state; a tie goes on."""
    check(plan, least_leave=battle.guard)
    chain = Chain(battle, plan)
    n = len(plan.defenders)
    top = plan.attackers
    go_table: list[list[list[bool]]] = []
    tables: list = [None] * n  # per hop: the goal's expected value from each (a, d), playing best

    def done(taken: int) -> float:  # the goal's value of what is taken, beyond the losses counted as they come
        if worth is None:
            return 1.0 if taken == n else 0.0
        return worth * taken

    for hop in range(n - 1, -1, -1):
        garrison = plan.defenders[hop]
        v = [[0.0] * (garrison + 1) for _ in range(top + 1)]
        go = [[False] * (garrison + 1) for _ in range(top + 1)]
        after = tables[hop + 1] if hop + 1 < n else None
        if not garrison:  # (guard 0) an empty territory: taken without a fight by any attacker, at no cost
            for a in range(top + 1):
                onward = chain.after_conquest(hop, a) if a else None
                v[a][0] = done(hop) if not a else (
                    done(hop + 1) if onward is None else after[min(onward, top)][plan.defenders[hop + 1]])
                go[a][0] = a > 0
        for total in range(1, top + garrison + 1):
            for d in range(max(1, total - top), min(garrison, total) + 1):
                a = total - d
                stop_value = done(hop)
                outcomes = chain.rolls(hop, a, d)
                if outcomes is None:
                    v[a][d] = stop_value
                    continue
                roll_value = 0.0
                for q, lost_a, lost_d in outcomes:
                    na, nd = a - lost_a, d - lost_d
                    lost = 0.0 if worth is None else float(lost_a)
                    if nd > 0:
                        roll_value += q * (v[na][nd] - lost)
                        continue
                    onward = chain.after_conquest(hop, na)
                    nxt = done(hop + 1) if onward is None else after[min(onward, top)][plan.defenders[hop + 1]]
                    roll_value += q * (nxt - lost)
                if roll_value >= stop_value - 1e-12:
                    v[a][d], go[a][d] = roll_value, True
                else:
                    v[a][d] = stop_value
        tables[hop] = v
        go_table.insert(0, go)

    def goes_on(hop: int, a: int, d: int) -> bool:
        return a <= top and go_table[hop][a][d]

    least = tuple(tuple(next((a for a in range(1, top + 1) if go_table[hop][a][d]), None)
                        for d in range(plan.defenders[hop] + 1)) for hop in range(n))
    start = tables[0][top][plan.defenders[0]] if top else done(0)
    return Advice(goes_on, least, start)
