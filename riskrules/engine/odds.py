"""Exact battle odds under a rulebook's own dice rules: a dynamic programme, no simulation.

An attack of `a` armies (those that may attack: the one that must stay behind is not
counted, as in the published tables) on `d` defenders: each roll, the attacker rolls the
most dice the rules allow for a territory of a+1 armies, the defender the most for d.
`p_win[a][d]` is the probability that the attacker takes the territory.
"""

from __future__ import annotations

from functools import lru_cache, cache
from itertools import product

from ..language.rules import BattleRules


@cache
def roll_outcomes(attacker_dice: int, defender_dice: int, ties_to_defender: bool) -> tuple[tuple[float, int, int], ...]:
    """(probability, attacker losses, defender losses) of one roll, by enumerating every face."""
    counts: dict[tuple[int, int], int] = {}
    pairs = min(attacker_dice, defender_dice)
    for faces in product(range(1, 7), repeat=attacker_dice + defender_dice):
        attack = sorted(faces[:attacker_dice], reverse=True)
        defence = sorted(faces[attacker_dice:], reverse=True)
        lost_a = lost_d = 0
        for i in range(pairs):
            if attack[i] > defence[i] or (attack[i] == defence[i] and not ties_to_defender):
                lost_d += 1
            else:
                lost_a += 1
        counts[(lost_a, lost_d)] = counts.get((lost_a, lost_d), 0) + 1
    total = 6 ** (attacker_dice + defender_dice)
    return tuple((n / total, la, ld) for (la, ld), n in sorted(counts.items()))


class Odds:
    """Win probabilities and expected survivors for attacks up to `size` armies a side."""

    def __init__(self, battle: BattleRules, size: int):
        self.size = size
        ties = battle.ties_to_defender
        least = battle.least_to_attack
        p = [[0.0] * (size + 1) for _ in range(size + 1)]
        left_a = [[0.0] * (size + 1) for _ in range(size + 1)]
        left_d = [[0.0] * (size + 1) for _ in range(size + 1)]
        for a in range(size + 1):
            p[a][0] = 1.0
            left_a[a][0] = float(a)
        for d in range(1, size + 1):
            left_d[0][d] = float(d)
        for a in range(1, size + 1):
            dice_a = min(battle.attacker_dice(a + 1), a) if a + 1 >= least else 0
            pa, la_row, ld_row = p[a], left_a[a], left_d[a]
            for d in range(1, size + 1):
                if dice_a == 0:
                    ld_row[d] = float(d)
                    continue
                win = ea = ed = 0.0
                for prob, lost_a, lost_d in roll_outcomes(dice_a, min(battle.defender_dice(d), d), ties):
                    na, nd = a - lost_a, d - lost_d
                    win += prob * p[na][nd]
                    ea += prob * left_a[na][nd]
                    ed += prob * left_d[na][nd]
                pa[d], la_row[d], ld_row[d] = win, ea, ed
        self.p_win = p
        self.expected_attacker = left_a
        self.expected_defender = left_d

    def win(self, attackers: int, defenders: int) -> float:
        """P(conquest), with a rough ratio rule beyond the table."""
        size = self.size
        if attackers <= size and defenders <= size:
            return self.p_win[attackers][defenders]
        scale = size / max(attackers, defenders)
        return self.p_win[max(0, int(attackers * scale))][max(1, int(defenders * scale))]


@lru_cache(maxsize=64)
def odds_for(battle: BattleRules, size: int = 60) -> Odds:
    return Odds(battle, size)
