"""How `balanced` rolls a die again where the rules let it (Hasbro's experts: a card of the
territory attacked from or on; language/marks.py)."""

from __future__ import annotations

from ..decisions import Decision


def reroll(view, d: Decision):
    """The face whose re-roll most raises the armies the defender is expected to lose less
    the attacker's, if any does (one die, its new face 1 to `sides`, every face counted)."""
    attack, defence = d.shown
    b = view.rules.battle
    ties = b.ties_to_defender
    if b.modifiers is not None:
        ties = b.modifiers.battle(view, d.side, d.where[0], d.where[1], 1, 1, ties)[2]

    def gain(dice: list[int]) -> int:
        high = sorted(dice, reverse=True)
        return sum(1 if a > x or (a == x and not ties) else -1 for a, x in zip(high, defence))

    best, best_value = None, float(gain(list(attack)))
    for face in d.options:
        rest = list(attack)
        rest.remove(face)
        value = sum(gain(rest + [new]) for new in range(1, b.sides + 1)) / b.sides
        if value > best_value + 1e-9:
            best, best_value = face, value
    return best
