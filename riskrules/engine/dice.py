"""Where die faces come from: the game's seeded random source, or a loaded sequence.

Fair dice can also tell how many of many rolls end each way without rolling them one by one
(`Dice.outcomes`): a battle of a million armies is a few such draws (battle.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import product
from math import floor, lgamma, log, sqrt

from .errors import GameError  # (a name other modules still import from here)

TABLE_DICE = 5  # rolls of at most this many six-sided dice in all are read from a table (6⁵ entries)
_TABLES: dict[tuple[int, int, bool], tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]] = {}


def fought(attack: list[int], defence: list[int], ties_to_defender: bool) -> tuple[int, int]:
    """The losses (attacker's, defender's) of one roll, each side's dice sorted highest first."""
    attacker_losses = defender_losses = 0
    for a, d in zip(attack, defence):
        if a > d or (a == d and not ties_to_defender):
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def battle_table(rolled: int, defending: int, ties_to_defender: bool) -> tuple:
    """Every roll of `rolled` and `defending` six-sided dice, indexed by its faces less one as the
    digits of a number in base 6 (the first die drawn the highest digit): (attacker's losses,
    defender's losses, the attacker's dice sorted highest first, the defender's). Made once a
    process, each sorted hand and each pair of them once (a few milliseconds for 6⁵ rolls)."""
    key = (rolled, defending, ties_to_defender)
    table = _TABLES.get(key)
    if table is None:
        attacks = [tuple(sorted(faces, reverse=True)) for faces in product(range(1, 7), repeat=rolled)]
        defences = [tuple(sorted(faces, reverse=True)) for faces in product(range(1, 7), repeat=defending)]
        outcome = {(a, d): (*fought(a, d, ties_to_defender), a, d) for a in set(attacks) for d in set(defences)}
        table = _TABLES[key] = tuple([outcome[a, d] for a in attacks for d in defences])  # (shared: never changed)
    return table


class Dice:
    """Fair dice drawn from the game's random source."""

    many = True  # `outcomes` may stand for many rolls

    def __init__(self, rng: random.Random):
        self._random = rng.random
        self.uniform = rng.random  # kill-rate combat's draws (engine/combat/kill_rates.py)
        self._fighters: dict[tuple[int, int, bool], Callable[[], tuple]] = {}  # (rolled, defending, ties) → fight's
        self._rows: dict[tuple[bool, int, int], list[list]] = {}  # fighters' rows, made once a game

    def roll(self, n: int) -> list[int]:
        r = self._random
        if n == 1:  # the usual counts spelled out: a battle rolls twice
            return [int(r() * 6) + 1]
        if n == 2:
            return [int(r() * 6) + 1, int(r() * 6) + 1]
        if n == 3:
            return [int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1]
        return [int(r() * 6) + 1 for _ in range(n)]

    def roll_sides(self, n: int, sides: int) -> list[int]:
        """`n` dice of `sides` sides (`dice sides 8`): drawn as `roll` draws six-sided ones."""
        r = self._random
        return [int(r() * sides) + 1 for _ in range(n)]

    def fight(self, rolled: int, defending: int, ties_to_defender: bool) -> tuple:
        """One roll of six-sided dice, the attacker's `rolled` then the defender's `defending`, drawn
        as `roll` draws them: (attacker's losses, defender's losses, the attacker's dice sorted
        highest first, the defender's). The faces index a table (battle_table), not sorted and
        compared each time."""
        fighter = self._fighters.get((rolled, defending, ties_to_defender))
        if fighter is None:
            fighter = self._fighters[rolled, defending, ties_to_defender] = \
                _fighter(self, rolled, defending, ties_to_defender)
        return fighter()

    def fighters(self, ties_to_defender: bool, most_attacking: int, most_defending: int) -> list[list]:
        """`fight` for every count of dice up to the mosts, by the counts: `rows[rolled][defending]()`
        is `fight(rolled, defending, ties_to_defender)` (the same function: the same draws), without
        the look-up by its key. Made once a game (the attack phase's loop reads them)."""
        key = (ties_to_defender, most_attacking, most_defending)
        rows = self._rows.get(key)
        if rows is None:
            fighters = self._fighters
            rows = self._rows[key] = [[None] * (most_defending + 1) for _ in range(most_attacking + 1)]
            for rolled in range(1, most_attacking + 1):
                for defending in range(1, most_defending + 1):
                    pair = (rolled, defending, ties_to_defender)
                    if pair not in fighters:
                        fighters[pair] = _fighter(self, rolled, defending, ties_to_defender)
                    rows[rolled][defending] = fighters[pair]
        return rows

    def outcomes(self, rolls: int, chances: Sequence[float]) -> list[int]:
        """How many of `rolls` rolls end in each of the outcomes whose chances are `chances` (they
        add up to 1): a multinomial draw, made as one binomial draw per outcome but the last."""
        counts = []
        left, rest = rolls, 1.0
        for p in chances[:-1]:
            n = binomial(self._random, left, p / rest) if left and rest > 0.0 else 0
            counts.append(n)
            left -= n
            rest -= p
        counts.append(left)
        return counts


def binomial(random: Callable[[], float], n: int, p: float) -> int:
    """A draw from the binomial distribution of `n` trials of chance `p`, from `random` (uniform
    on [0, 1)): by inversion when n·p is small, else by W. Hörmann's transformed rejection with
    squeeze, BTRS ("The generation of binomial random variates", J. Stat. Comput. Simul. 46,
    1993), whose cost does not grow with n."""
    if n <= 0 or p <= 0.0:
        return 0
    if p >= 1.0:
        return n
    if p > 0.5:  # both methods want p ≤ 1/2
        return n - binomial(random, n, 1.0 - p)
    q = 1.0 - p
    if n * p < 10.0:  # inversion: walk up from 0 until the chances passed exceed a uniform draw
        ratio = p / q
        chance = q ** n  # of 0 successes: at least e^-15 here, so it cannot underflow
        u = random()
        k = 0
        while u >= chance and k < n:
            u -= chance
            k += 1
            chance *= ratio * (n - k + 1) / k
        return k
    spq = sqrt(n * p * q)
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n * p + 0.5
    v_r = 0.92 - 4.2 / b
    alpha = (2.83 + 5.1 / b) * spq
    lpq = log(p / q)
    m = floor((n + 1) * p)  # the mode
    h = lgamma(m + 1) + lgamma(n - m + 1)
    while True:
        u = random() - 0.5
        v = random()
        us = 0.5 - abs(u)
        if us <= 0.0:  # (u = -1/2 exactly: the transformation is undefined there)
            continue
        k = floor((2.0 * a / us + b) * u + c)
        if k < 0 or k > n:
            continue
        if us >= 0.07 and v <= v_r:  # the squeeze: accepted without a logarithm
            return k
        v *= alpha / (a / (us * us) + b)
        if log(v) <= h - lgamma(k + 1) - lgamma(n - k + 1) + (k - m) * lpq:
            return k


def _fighter(dice: Dice, rolled: int, defending: int, ties_to_defender: bool) -> Callable[[], tuple]:
    """`dice.fight(rolled, defending, ties_to_defender)` as a function of nothing: a roll of at most
    TABLE_DICE dice read from its table by the faces drawn (the first die the highest digit in base
    6; every count spelled out), more rolled die by die."""
    n = rolled + defending
    if n > TABLE_DICE:
        return partial(_fight, dice, rolled, defending, ties_to_defender)
    table = battle_table(rolled, defending, ties_to_defender)
    r = dice._random
    if n == 5:
        return lambda: table[(((int(r() * 6) * 6 + int(r() * 6)) * 6 + int(r() * 6)) * 6 + int(r() * 6)) * 6
                             + int(r() * 6)]
    if n == 4:
        return lambda: table[((int(r() * 6) * 6 + int(r() * 6)) * 6 + int(r() * 6)) * 6 + int(r() * 6)]
    if n == 3:
        return lambda: table[(int(r() * 6) * 6 + int(r() * 6)) * 6 + int(r() * 6)]
    if n == 2:
        return lambda: table[int(r() * 6) * 6 + int(r() * 6)]
    return lambda: table[int(r() * 6)]


def _fight(dice, rolled: int, defending: int, ties_to_defender: bool) -> tuple:
    """`Dice.fight` rolled die by die: the attacker's dice, then the defender's."""
    attack = dice.roll(rolled)
    attack.sort(reverse=True)
    defence = dice.roll(defending)
    defence.sort(reverse=True)
    return (*fought(attack, defence, ties_to_defender), attack, defence)


class LoadedDice:
    """Dice that show the given faces in order: the attacker's first, then the defender's.

    Tests load the exact rolls of a rulebook's worked example. Every roll is one of them: they
    never stand for many rolls at once.
    """

    many = False

    def __init__(self, faces: Iterable[int], sides: int = 6):
        self._faces = list(faces)
        self._next = 0
        for face in self._faces:
            if not 1 <= face <= sides:
                raise ValueError(f"a die shows 1 to {sides}, not {face}")

    def roll(self, n: int) -> list[int]:
        if self._next + n > len(self._faces):
            raise GameError(f"the loaded dice ran out after {self._next} faces")
        faces = self._faces[self._next:self._next + n]
        self._next += n
        return faces

    def roll_sides(self, n: int, sides: int) -> list[int]:
        return self.roll(n)

    def fight(self, rolled: int, defending: int, ties_to_defender: bool) -> tuple:
        return _fight(self, rolled, defending, ties_to_defender)

    def fighters(self, ties_to_defender: bool, most_attacking: int, most_defending: int) -> list[list]:
        """As `Dice.fighters`: the loaded faces die by die."""
        return [[partial(_fight, self, rolled, defending, ties_to_defender) if rolled and defending else None
                 for defending in range(most_defending + 1)] for rolled in range(most_attacking + 1)]

    @property
    def left(self) -> int:
        return len(self._faces) - self._next


class LoadedDraws:
    """Fixed draws for kill-rate combat: the drawn kills of each side in order (the attackers'
    first), and the uniform draws of weighted rounding. Tests load a worked example's draws."""

    many = False

    def __init__(self, kills: Iterable[int] = (), uniforms: Iterable[float] = ()):
        self._kills, self._uniforms = list(kills), list(uniforms)

    def kills(self, n: int, p: float) -> int:
        if not self._kills:
            raise GameError("the loaded kills ran out")
        k = self._kills.pop(0)
        if not 0 <= k <= n:
            raise GameError(f"{n} armies cannot kill {k}")
        return k

    def uniform(self) -> float:
        if not self._uniforms:
            raise GameError("the loaded uniform draws ran out")
        return self._uniforms.pop(0)

    def roll(self, n: int) -> list[int]:
        raise GameError("kill-rate draws roll no dice")

    @property
    def left(self) -> int:
        return len(self._kills) + len(self._uniforms)
