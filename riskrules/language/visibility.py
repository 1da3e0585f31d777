"""Fog of war compiled: what each seat sees of the board (a `visibility` block's levels)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# What a seat sees of a territory (a `visibility` block's levels): nothing, its owner, its owner and armies.
SEE_NOTHING, SEE_OWNER, SEE_ALL = 0, 1, 2
_SIGHT = {"nothing": SEE_NOTHING, "owner": SEE_OWNER, "owner_and_armies": SEE_ALL}


@dataclass(frozen=True)
class Visibility:
    """What each seat sees of the board and of the other players (fog of war)."""

    adjacent: int = SEE_ALL  # territories one border from the seat's own (along the direction armies may attack)
    within: int = 1  # hops: territories 2..within borders away are seen at `near`; 1 = no such band
    near: int = SEE_ALL
    rest: int = SEE_ALL
    hide_reinforcements: bool = False
    hide_cards: bool = False
    partners: bool = True
    battles_reveal: bool = True
    lifted: bool = True

    @property
    def foggy(self) -> bool:
        """Anything hidden at all beyond the usual (cards' faces, missions)."""
        return (min(self.adjacent, self.near if self.within > 1 else SEE_ALL, self.rest) < SEE_ALL
                or self.hide_reinforcements or self.hide_cards)

    def level(self, distance: int) -> int:
        """What a seat sees of a territory `distance` borders from its nearest own one: 0 (its
        own) everything; 1 `adjacent`; 2 to `within` `near`; further `rest` (so does a territory
        no path reaches, given any distance beyond the board's)."""
        if distance <= 0:
            return SEE_ALL
        if distance == 1:
            return self.adjacent
        if distance <= self.within:
            return self.near
        return self.rest


def compile_visibility(v: dict[str, Any] | None) -> Visibility | None:
    """A `visibility` block of the model compiled; None when the rules have none (no fog)."""
    if v is None:
        return None
    within = v.get("within")
    hide = v.get("hide", [])
    return Visibility(
        adjacent=_SIGHT[v.get("adjacent", "owner_and_armies")],
        within=within["hops"] if within else 1,
        near=_SIGHT[within["sees"]] if within else SEE_ALL,
        rest=_SIGHT[v.get("rest", "owner_and_armies")],
        hide_reinforcements="reinforcements" in hide,
        hide_cards="cards" in hide,
        partners=v.get("partners", True),
        battles_reveal=v.get("battles_reveal", True),
        lifted=v.get("lifted", True),
    )
