"""Exact battle odds under a rulebook's own dice rules: a dynamic programme, no simulation.

An attack of `a` armies (those that may attack: the one that must stay behind is not
counted, as in the published tables; under `guard 0` none stays, and `a` is the territory's
every army) on `d` defenders: each roll, the attacker rolls the most dice the rules allow for
a territory of a+1 armies (a+guard), the defender the most for d.
`p_win[a][d]` is the probability that the attacker takes the territory.
"""

from __future__ import annotations

from functools import lru_cache, cache
from itertools import combinations_with_replacement
from math import factorial
from operator import mul

from ..language.quantities import TYPICAL
from ..language.rules import BattleRules
from .combat.kill_rates import kills_distribution


@cache
def roll_outcomes(attacker_dice: int, defender_dice: int, ties_to_defender: bool,
                  sides: int = 6) -> tuple[tuple[float, int, int], ...]:
    """(probability, attacker losses, defender losses) of one roll: over each side's sorted hands,
    each counted by the number of rolls that show it (a multinomial coefficient), so every face
    is counted without enumerating every roll."""
    def hands(n: int) -> list[tuple[tuple[int, ...], int]]:
        out = []
        for hand in combinations_with_replacement(range(sides, 0, -1), n):  # highest first
            ways = factorial(n)
            for face in set(hand):
                ways //= factorial(hand.count(face))
            out.append((hand, ways))
        return out

    counts: dict[tuple[int, int], int] = {}
    pairs = min(attacker_dice, defender_dice)
    defence_hands = hands(defender_dice)
    for attack, ways_a in hands(attacker_dice):
        for defence, ways_d in defence_hands:
            lost_a = lost_d = 0
            for i in range(pairs):
                if attack[i] > defence[i] or (attack[i] == defence[i] and not ties_to_defender):
                    lost_d += 1
                else:
                    lost_a += 1
            counts[(lost_a, lost_d)] = counts.get((lost_a, lost_d), 0) + ways_a * ways_d
    total = sides ** (attacker_dice + defender_dice)
    return tuple((n / total, la, ld) for (la, ld), n in sorted(counts.items()))


def _settled(size: int) -> tuple[list[list[float]], list[list[float]], list[list[float]]]:
    """The win chance and the expected armies left of each side, for `size` armies a side, filled
    where an attack is over: no defenders left (won, the attackers all left), no attackers left."""
    p = [[0.0] * (size + 1) for _ in range(size + 1)]
    left_a = [[0.0] * (size + 1) for _ in range(size + 1)]
    left_d = [[0.0] * (size + 1) for _ in range(size + 1)]
    for a in range(size + 1):
        p[a][0] = 1.0
        left_a[a][0] = float(a)
    for d in range(1, size + 1):
        left_d[0][d] = float(d)
    return p, left_a, left_d


class Odds:
    """Win probabilities and expected survivors for attacks up to `size` armies a side; under
    battle modifiers (language/marks.py), in the battle's `situation`: the values of what their
    tests read but the armies (a mark, a side: 0 unless given; a game quantity: typical)."""

    def __init__(self, battle: BattleRules, size: int, situation: tuple[tuple[str, int], ...] = ()):
        self.size = size
        self._passing: dict[float, list[list[float]]] = {}  # threshold → passing(threshold)
        if battle.kills is not None:
            self._kill_rates(battle, size)
            return
        ties = battle.ties_to_defender
        sides = battle.sides
        modifiers = battle.modifiers
        env = {name: TYPICAL.get(name, 0) for name, _ in modifiers.counts} if modifiers is not None else {}
        env.update(situation)
        least = battle.least_to_attack
        guard = battle.guard  # (1 in every dice rule the language accepts)
        p, left_a, left_d = _settled(size)
        for a in range(1, size + 1):
            dice_a = min(battle.attacker_dice(a + guard), a) if a + guard >= least else 0
            pa, la_row, ld_row = p[a], left_a[a], left_d[a]
            for d in range(1, size + 1):
                if dice_a == 0:
                    ld_row[d] = float(d)
                    continue
                win = ea = ed = 0.0
                if modifiers is None:
                    outcomes = roll_outcomes(dice_a, min(battle.defender_dice(d), d), ties, sides)
                else:  # the modified dice of this state
                    env["attacker_armies"], env["defender_armies"] = a + guard, d
                    outcomes = roll_outcomes(*modifiers.apply(env, dice_a, min(battle.defender_dice(d), d), ties,
                                                              a, d), sides)
                for prob, lost_a, lost_d in outcomes:
                    na, nd = a - lost_a, d - lost_d
                    win += prob * p[na][nd]
                    ea += prob * left_a[na][nd]
                    ed += prob * left_d[na][nd]
                pa[d], la_row[d], ld_row[d] = win, ea, ed
        self.p_win = p
        self.expected_attacker = left_a
        self.expected_defender = left_d

    def _kill_rates(self, battle: BattleRules, size: int) -> None:
        """The same tables under kill-rate combat: each battle all `a` attack at once, again until
        the territory falls or none are left (a battle that kills nobody is fought again; an attack
        in which no battle can kill anybody stops: its chance is 0)."""
        kr = battle.kills
        p, left_a, left_d = _settled(size)
        attacking = [kills_distribution(n, kr.attacker, kr.luck, kr.weighted) for n in range(size + 1)]
        defending = [kills_distribution(n, kr.defender, kr.luck, kr.weighted) for n in range(size + 1)]
        for a in range(1, size + 1):
            kills_a = [k for k, _ in attacking[a]]
            chances_a = [c for _, c in attacking[a]]
            still_a = chances_a[0] if kills_a[0] == 0 else 0.0
            pa, la_row, ld_row = p[a], left_a[a], left_d[a]
            for d in range(1, size + 1):
                # the attackers' kills → the defenders left (each kill count's index); all dead: one survives
                left = [d - k if k < d else 0 for k in kills_a]
                kept = [d - k if k < d else 1 for k in kills_a]
                win = ea = ed = 0.0
                for kd, chance in defending[d]:
                    na = a - kd if kd < a else 0
                    at = left if na else kept
                    # (the battle that kills nobody points at (a, d) itself, still 0 here: it is fought again)
                    win += chance * sum(map(mul, chances_a, map(p[na].__getitem__, at)))
                    ea += chance * sum(map(mul, chances_a, map(left_a[na].__getitem__, at)))
                    ed += chance * sum(map(mul, chances_a, map(left_d[na].__getitem__, at)))
                kd0 = defending[d][0]
                still = still_a * (kd0[1] if kd0[0] == 0 else 0.0)
                if still >= 1.0:  # no battle can kill anybody: the attack stops
                    la_row[d], ld_row[d] = float(a), float(d)
                    continue
                pa[d], la_row[d], ld_row[d] = win / (1.0 - still), ea / (1.0 - still), ed / (1.0 - still)
        self.p_win = p
        self.expected_attacker = left_a
        self.expected_defender = left_d

    def passing(self, threshold: float) -> list[list[float]]:
        """`p_win` by the armies of the attacking territory (one stays behind: row n is p_win[n - 1];
        row 0 is nobody's) and of the defending one, 0.0 where it is below `threshold`: the chances
        that pass a bot's threshold, read with no test (agents/balanced.py); made once a threshold."""
        rows = self._passing.get(threshold)
        if rows is None:
            if len(self._passing) >= 64:  # (thresholds that fall round by round: a few dozen a game)
                self._passing.clear()
            rows = self._passing[threshold] = [[0.0] * (self.size + 1)] + [
                [p if p >= threshold else 0.0 for p in row] for row in self.p_win]
        return rows

    def win(self, attackers: int, defenders: int) -> float:
        """P(conquest), with a rough ratio rule beyond the table."""
        size = self.size
        if attackers <= size and defenders <= size:
            return self.p_win[attackers][defenders]
        scale = size / max(attackers, defenders)
        return self.p_win[max(0, int(attackers * scale))][max(1, int(defenders * scale))]


@lru_cache(maxsize=64)
def odds_for(battle: BattleRules, size: int = 60, situation: tuple[tuple[str, int], ...] = ()) -> Odds:
    if battle.kills is not None and battle.kills.luck > 50:  # (a wide draw: 60 a side takes seconds)
        size = min(size, 40)
    return Odds(battle, size, situation)
