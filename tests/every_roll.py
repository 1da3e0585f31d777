"""Every roll of the dice (six-sided unless said), counted by what it costs each side: the tests'
brute force (test_odds, test_plans, test_marks_odds), written from the rules' words — each side's
dice sorted high to low, compared pair by pair, a tie to the defender unless the rules give it to
the attacker — sharing nothing with engine/odds.py."""

from __future__ import annotations

from functools import cache
from itertools import product


@cache  # (read only: the same few rolls recur in every position)
def losses(attacker_dice: int, defender_dice: int, ties_to_defender: bool,
           sides: int = 6) -> dict[tuple[int, int], int]:
    """(armies the attacker loses, armies the defender loses) → how many rolls of these dice do so."""
    counts: dict[tuple[int, int], int] = {}
    for faces in product(range(1, sides + 1), repeat=attacker_dice + defender_dice):
        attack = sorted(faces[:attacker_dice], reverse=True)
        defence = sorted(faces[attacker_dice:], reverse=True)
        lost_a = lost_d = 0
        for x, y in zip(attack, defence):
            if x > y or (x == y and not ties_to_defender):
                lost_d += 1
            else:
                lost_a += 1
        counts[lost_a, lost_d] = counts.get((lost_a, lost_d), 0) + 1
    return counts
