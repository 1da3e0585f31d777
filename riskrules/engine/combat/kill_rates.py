"""Kill-rate combat (Warzone): the kills of one battle, drawn or as an exact distribution.

Every committed army fights at once. Each of the `n` armies of a side kills one army of the
other side with chance `rate` percent: the drawn kills X are binomial(n, rate). With `luck`
percent, the kills are luck·X + (1 − luck)·n·rate (luck 0: the expected kills, nothing drawn),
then made whole: straight rounding to the nearest (.5 up, as Warzone rounds), or weighted
random (up with the chance of the fraction). The arithmetic is exact: a kill count is kept
in ten-thousandths, N = 100·luck·X + (100 − luck)·n·rate, so 3.5 is never 3.4999….

A battle of a attackers on d defenders: the attackers' kills then the defenders' are drawn
(each: its binomial if luck > 0, then its rounding draw if weighted and the count has a
fraction); the defenders lose min(kills, d), the attackers min(kills, a); if both sides
would be wiped out one defending army survives and holds the territory (Warzone's rule).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb, exp, lgamma, log

from ...language.rules import KillRates
from ..dice import binomial

WHOLE = 10_000  # a kill count's unit: ten-thousandths of an army
STILL = 0.5  # a battle that kills nobody this often is not fought one by one: an attack pressed on
# draws the battles up to the first that kills anybody at once (combat/attack.py), and the bots
# press such an attack rather than ask for one battle after another (agents/balanced.py)


def tenths(n: int, rate: int, luck: int, drawn: int) -> int:
    """The blended kills of `n` armies in ten-thousandths, `drawn` of them killing in the draw."""
    return 100 * luck * drawn + (100 - luck) * n * rate


def draw_kills(n: int, rate: int, luck: int, weighted: bool, random: Callable[[], float],
               kills: Callable[[int, float], int] | None = None) -> int:
    """The kills of `n` armies: the binomial draw (by `kills(n, p)`, else from `random`), blended and rounded."""
    drawn = 0
    if luck and n and rate:
        drawn = kills(n, rate / 100) if kills is not None else binomial(random, n, rate / 100)
    whole, part = divmod(tenths(n, rate, luck, drawn), WHOLE)
    if not part:
        return whole
    if weighted:
        return whole + (random() * WHOLE < part)
    return whole + (2 * part >= WHOLE)


def most_kills(n: int, rate: int, luck: int, weighted: bool) -> int:
    """The most kills `n` armies can make (every one of them killing in the draw)."""
    whole, part = divmod(tenths(n, rate, luck, n if rate else 0), WHOLE)
    return whole + (part > 0 if weighted else 2 * part >= WHOLE)


def binomial_pmf(n: int, rate: int) -> list[float]:
    """P(X = k), k = 0 … n, for X binomial(n, rate percent)."""
    p = rate / 100
    if p <= 0.0 or p >= 1.0:
        out = [0.0] * (n + 1)
        out[n if p >= 1.0 else 0] = 1.0
        return out
    q = 1.0 - p
    if n <= 300:  # (no term under- or overflows a float)
        return [comb(n, k) * p ** k * q ** (n - k) for k in range(n + 1)]
    lp, lq, top = log(p), log(q), lgamma(n + 1)
    return [exp(top - lgamma(k + 1) - lgamma(n - k + 1) + k * lp + (n - k) * lq) for k in range(n + 1)]


@lru_cache(maxsize=4096)
def kills_distribution(n: int, rate: int, luck: int, weighted: bool) -> tuple[tuple[int, float], ...]:
    """(kills, probability) of `n` armies, kills rising, every probability above 0."""
    draws = binomial_pmf(n, rate) if luck and n and rate else None
    out: dict[int, float] = {}
    for drawn, chance in (enumerate(draws) if draws is not None else ((0, 1.0),)):
        if chance == 0.0:
            continue
        whole, part = divmod(tenths(n, rate, luck, drawn), WHOLE)
        if not part:
            out[whole] = out.get(whole, 0.0) + chance
        elif weighted:
            up = part / WHOLE
            out[whole] = out.get(whole, 0.0) + chance * (1.0 - up)
            out[whole + 1] = out.get(whole + 1, 0.0) + chance * up
        else:
            k = whole + (2 * part >= WHOLE)
            out[k] = out.get(k, 0.0) + chance
    return tuple((k, p) for k, p in sorted(out.items()) if p > 0.0)


def losses(a: int, d: int, attacker_kills: int, defender_kills: int) -> tuple[int, int]:
    """(attacker losses, defender losses) of a battle of `a` on `d` with those kills."""
    lost_d, lost_a = min(attacker_kills, d), min(defender_kills, a)
    if lost_d == d and lost_a == a:  # both wiped out: one defending army survives
        lost_d = d - 1
    return lost_a, lost_d


@lru_cache(maxsize=65536)
def battle_outcomes(kr: KillRates, a: int, d: int) -> tuple[tuple[float, int, int], ...]:
    """(probability, attacker losses, defender losses) of one battle of `a` attacking armies on `d`."""
    out: dict[tuple[int, int], float] = {}
    by_defenders = kills_distribution(d, kr.defender, kr.luck, kr.weighted)
    for ka, pa in kills_distribution(a, kr.attacker, kr.luck, kr.weighted):
        for kd, pd in by_defenders:
            key = losses(a, d, ka, kd)
            out[key] = out.get(key, 0.0) + pa * pd
    return tuple((p, la, ld) for (la, ld), p in sorted(out.items()))


@lru_cache(maxsize=65536)
def pressed_outcomes(kr: KillRates, a: int, d: int) -> tuple[tuple[float, int, int], ...] | None:
    """The outcomes of attacking `a` on `d` again until something changes (a battle that kills
    nobody is fought again), or None when no battle can kill anybody."""
    outcomes = battle_outcomes(kr, a, d)
    still = sum(p for p, la, ld in outcomes if la == 0 and ld == 0)
    moving = [(p, la, ld) for p, la, ld in outcomes if la or ld]
    if not moving:
        return None
    if still == 0.0:
        return outcomes
    rest = sum(p for p, _, _ in moving)  # (1 − still, without the cancellation)
    return tuple((p / rest, la, ld) for p, la, ld in moving)


@lru_cache(maxsize=65536)
def nobody_killed(n: int, rate: int, luck: int, weighted: bool) -> float:
    """P(the kills of `n` armies are 0): the first entry of `kills_distribution` (when it is 0
    kills), counted from the few draws that can round to 0 alone, so it costs little for any `n`."""
    below = WHOLE if weighted else WHOLE // 2  # a count under this may round to 0

    def rounds_to_0(count: int) -> float:  # the chance that a count of ten-thousandths is made 0
        return 1.0 - count / WHOLE if weighted else 1.0

    if not (luck and n and rate) or rate >= 100:  # nothing drawn, or every army kills in the draw
        count = tenths(n, rate, luck, n if luck and n and rate else 0)
        return rounds_to_0(count) if count < below else 0.0
    fixed = (100 - luck) * n * rate
    p = rate / 100
    ratio = p / (1.0 - p)
    chance = (1.0 - p) ** n  # of drawing 0 (for a huge n it may underflow to 0: then so is the rest)
    total = 0.0
    drawn = 0
    while drawn <= n and 100 * luck * drawn + fixed < below:
        total += chance * rounds_to_0(100 * luck * drawn + fixed)
        drawn += 1
        chance *= ratio * (n - drawn + 1) / drawn
    return total


def still_chance(kr: KillRates, a: int, d: int) -> float:
    """The chance that a battle of `a` on `d` (both above 0) kills nobody."""
    return nobody_killed(a, kr.attacker, kr.luck, kr.weighted) * nobody_killed(d, kr.defender, kr.luck, kr.weighted)


def futile(kr: KillRates, a: int, d: int) -> bool:
    """Whether no battle of `a` on `d` can kill anybody (an attack on it would never end), or one
    would so rarely that a battle killing nobody has a chance of 1 in floating point (odds.py's
    tables count such an attack as one that stops)."""
    if most_kills(a, kr.attacker, kr.luck, kr.weighted) == 0 and most_kills(d, kr.defender, kr.luck, kr.weighted) == 0:
        return True
    return d > 0 and still_chance(kr, a, d) >= 1.0


MAX_WORK = 8_000_000  # products of chances an exact computation may take (about 8 s)


def work(kr: KillRates, attackers: int, defenders: int, hops: int = 1) -> int:
    """About how many products of chances the exact odds of `attackers` on up to `defenders`
    take (each of `hops` territories): a side of n armies has about luck·n + 2 kill counts."""
    def counts(n: int) -> int:
        return kr.luck * n * (n + 1) // 200 + 2 * n
    return counts(attackers) * counts(defenders) * hops


def too_large(kr: KillRates, attackers: int, defenders: int, hops: int = 1) -> str | None:
    """Why the exact odds are not computed, or None."""
    if work(kr, attackers, defenders, hops) <= MAX_WORK:
        return None
    return (f"too large to compute exactly under kill rates with {kr.luck}% luck: {attackers:,} attackers "
            f"on {defenders:,} defenders; fewer armies or less luck")
