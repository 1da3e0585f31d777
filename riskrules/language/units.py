"""Special units (issue 45): the kinds a `units { unit NAME: … }` section declares, compiled, and
their checks. engine/units.py puts them on the board, fights with them and carries out their loss.

A unit stands on a territory with its armies and belongs to whoever holds it. Under kill-rate
combat it fights as `strength` armies and is killed only whole, by what is left of a battle's
kills once its side's armies there are all killed (Warzone's commander: 7, killed last); a unit
that lives on holds its territory with one army. Under dice combat it fights by its dice (`dice
8`: one die of its side rolls eight sides; `die 6 once a turn`: once a turn, in an attack of its
owner wherever it stands, his lowest die becomes a 6) and is lost with its territory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import unknown


@dataclass(frozen=True)
class UnitKind:
    name: str  # the rule file's name for it: commander, boss …
    strength: int = 0  # kill rates: the armies it fights as, killed only whole (0: lost with its territory)
    eliminates: bool = False  # its loss puts its owner out (his territories go to the neutral army)
    each: int = 0  # units of it each player gets at the start, on his territories drawn at random …
    chosen: bool = False  # … or on territories he chooses (a `unit` decision)
    neutral: bool = False  # the neutral army's (on the territories `on` names)
    on: tuple[int, ...] = ()  # territories it stands on at the start (with whoever holds them)
    splits: int = 0  # at its loss, this many units of half its strength (they split no more)
    grows: int = 0  # its strength grows by this much at the start of each round
    six: int = 0  # dice combat: once a turn, in an attack of its owner (anywhere), his lowest die becomes this face
    dice: int = 0  # dice combat: one die of its side per such unit has this many sides (0: the battle's)
    returns: bool = False  # at its loss it stands again on a territory of its owner, drawn


@dataclass(frozen=True)
class UnitKinds:
    """Every declared kind, in the order first declared; Rules.units is None without any."""

    kinds: tuple[UnitKind, ...]
    eliminates: bool = False  # some kind's loss puts its owner out (the game needs a neutral army)
    neutral: bool = False  # some kind is the neutral army's
    six: bool = False  # some kind turns a die of its owner's attacks (every attack of his is looked at)


def compile_units(data: dict[str, Any], index: dict[str, int]) -> UnitKinds | None:
    declared = data.get("units") or {}
    if not declared:
        return None
    def each(k: dict) -> tuple[int, bool]:
        n = k.get("each", 0)
        return (n["count"], True) if isinstance(n, dict) else (n, False)

    kinds = tuple(UnitKind(name=name, strength=k.get("strength", 0), eliminates=k.get("eliminates", False),
                           each=each(k)[0], chosen=each(k)[1], neutral=k.get("neutral", False),
                           on=tuple(index[t] for t in k.get("on", ())), splits=k.get("splits", 0),
                           grows=k.get("grows", 0), six=k.get("six", 0), dice=k.get("dice", 0),
                           returns=k.get("returns", False))
                  for name, k in declared.items())
    return UnitKinds(kinds, any(k.eliminates for k in kinds), any(k.neutral for k in kinds), any(k.six for k in kinds))


def unit_problems(c: Any) -> None:
    """The checks of the `units` section (a checks._Checker `c`: its data, board and `add`)."""
    d = c.data
    kill_rates = d.get("battle", {}).get("combat", "dice") == "kill_rates"
    territories = c.board.territories
    neutral = d.get("neutral") or {}
    share = neutral.get("territories") if isinstance(neutral.get("territories"), dict) else {}
    starts_neutral = set(share.get("held", {}) if share.get("share") == "named" else ())
    starts_neutral |= set(((d.get("scenario") or {}).get("neutral") or {}))
    for name, k in (d.get("units") or {}).items():
        where = ("units", name)
        for i, t in enumerate(k.get("on", ())):
            if t not in c.board.index:
                c.add(f"the unit '{name}' stands on an " + unknown("territory", t, territories), *where, "on", i)
            elif k.get("neutral") and t not in starts_neutral:
                c.add(f"the neutral unit '{name}' stands on '{t}', which does not start neutral: name it in "
                      f"'neutral {{ territories named … }}' or a scenario's 'neutral:' line", *where, "on", i)
        if "each" not in k and "on" not in k:
            c.add(f"the unit '{name}' is never placed: give it 'N each at the start' or 'on TERRITORY'", *where, "name")
        if k.get("neutral") and "each" in k:
            c.add(f"the neutral unit '{name}' is not given to each player: place it 'on' territories",
                  *where, "each")
        if k.get("neutral") and k.get("eliminates"):
            c.add(f"the neutral unit '{name}' has no owner to put out: 'loss eliminates its owner' is for "
                  f"players' units", *where, "eliminates")
        for key, words in (("strength", "strength"), ("grows", "grows"), ("splits", "splits into")):
            if key in k and not kill_rates:
                c.add(f"'{words} {k[key]}' of the unit '{name}' counts only under kill-rate combat: "
                      f"add 'combat kill rates' to the battle section", *where, key)
        for key, words in (("six", "die"), ("dice", "dice")):
            if key in k and kill_rates:
                c.add(f"'{words} {k[key]}' of the unit '{name}' rolls only under dice combat, not kill rates",
                      *where, key)
        if "splits" in k and k.get("strength", 0) < 2:
            c.add(f"the unit '{name}' splits into units of half its strength: give it a strength of 2 or more",
                  *where, "splits")
