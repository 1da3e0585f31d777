"""What the bots make of special units (issue 45; engine/units.py): a territory's strength with its
units, and where the units whose loss puts their owner out stand (balanced protects its own and
attacks another's when the odds allow). Read off a seat's view: under fog, the units it sees."""

from __future__ import annotations

from ..units import KIND, STRENGTH


def strength(view, t: int) -> int:
    """The armies `t`'s units fight as (kill rates)."""
    here = view.units.get(t) if view.units else None
    return sum(u[STRENGTH] for u in here) if here else 0


def vital(view) -> dict[int, int]:
    """Territory → its holder, where a unit stands whose loss puts its owner out."""
    units = view.units
    if not units:
        return {}
    kinds = view.rules.units.kinds
    owner = view.owner
    return {t: owner[t] for t, here in units.items() if any(kinds[u[KIND]].eliminates for u in here)}


def safest(view, options, side: int) -> int:
    """Of `options` (the side's territories), the one with the fewest enemy armies next to it, then
    the most armies on it."""
    owner, armies, adjacent = view.owner, view.armies, view.adjacent
    return min(options, key=lambda t: (sum(armies[u] for u in adjacent[t] if owner[u] != side), -armies[t], t))
