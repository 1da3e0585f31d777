"""Semantic checks of the start rules of issue 43: distribution modes (warlords, cities), a territory
limit, armies on each territory, wastelands, leftover deal, removed territories and a scenario.

Called by checks._Checker (its `add`, `static`, `board`, `data`), once per player count the rules are
played by; each message names the statement as written and points at it.
"""

from __future__ import annotations

from typing import Any

from .errors import unknown
from .start_rules import start_keys

# Start rules that cannot stand beside a scenario (which says the whole start), and how they are written.
_NOT_WITH_SCENARIO = {("setup", "pickable"): "territories {}", ("setup", "limit"): "territories N each",
                      ("setup", "armies_each"): "armies N on each territory",
                      ("neutral", "leftover_deal"): "territories leftover deal", ("neutral", "wastelands"): "wastelands"}


def check_start(c: Any, counts: list[int]) -> None:
    d = c.data
    setup, neutral = d["setup"], d.get("neutral", {})
    size = c.board.size
    if "scenario" in d:
        _scenario(c, d["scenario"], counts)
        for path, words in _NOT_WITH_SCENARIO.items():
            if path[1] in d.get(path[0], {}):
                written = words.format(setup.get("pickable")) if "{}" in words else words
                c.add(f"'{written}' cannot be combined with a scenario: the scenario says the whole start", *path)
    if not counts:
        return
    most = max(counts)
    _by_seat(c, c.data["players"]["max"])
    remove = c.static(("setup", "remove"), most) if "remove" in setup else 0
    if remove is not None and remove > size // 2:
        c.add(f"remove {remove} territories: at most {size // 2} of {size} may be removed (half the board)",
              "setup", "remove", "=")
        return
    left = size - (remove or 0)
    if "wastelands" in neutral:
        count = c.static(("neutral", "wastelands", "count"), most)
        if count is not None and count > left - most:
            c.add(f"wastelands {count}: {most} players need one territory each and only {left} are in play",
                  "neutral", "wastelands", "count", "=")
            return
        left -= count or 0
    pickable = setup.get("pickable")
    continents = len(c.board.continents)
    for n in counts:
        deal = left if pickable is None else continents if pickable == "warlords" else left - continents
        what = "territories" if pickable is None else f"territories {pickable}"
        if pickable is not None and deal < n:
            c.add(f"'{what}' gives {deal} territories to share out: {n} players need one each",
                  "setup", "pickable")
            return
        if "limit" in setup:
            k = c.static(("setup", "limit"), n)
            if k is not None and k * n > deal:
                c.add(f"territories {k} each: {n} players need {k * n} territories; only {deal} can be dealt",
                      "setup", "limit", "=")
                return


def _scenario(c: Any, scenario: dict, counts: list[int]) -> None:
    names = c.board.territories
    for seat, held in scenario["seats"].items():
        for t in held:
            if t not in c.board.index:
                c.add(unknown("territory", t, names), "scenario", "seats", seat, t)
        if not held:
            c.add(f"seat {seat} holds no territory in the scenario", "scenario", "seats", seat)
    for t in scenario["neutral"]:
        if t not in c.board.index:
            c.add(unknown("territory", t, names), "scenario", "neutral", t)
    seats = sorted(int(s) for s in scenario["seats"])
    if not seats:  # (refused by the schema, or emptied by a syntax error that says so)
        return
    missing = [s for s in range(1, seats[-1] + 1) if s not in seats]
    if missing:
        c.add(f"the scenario gives territories to seat {seats[-1]} but not to seat {missing[0]}: every seat "
              f"from 1 up needs some", "scenario")
        return
    wrong = [n for n in counts if n != len(seats)]
    if wrong:
        c.add(f"the scenario is for {len(seats)} players (seats 1 to {len(seats)}), not {wrong[0]}: say it inside "
              f"'for {len(seats)} players {{ … }}', or 'players {len(seats)} to {len(seats)}'", "scenario")


def scenario_entries(scenario: dict | None) -> list[tuple[tuple, dict]]:
    """A scenario's parts: (('seats', '1'), its territories), …, (('neutral',), the neutral army's)."""
    if not scenario:
        return []
    return [(("seats", k), v) for k, v in scenario["seats"].items()] + [(("neutral",), scenario["neutral"])]


def neutral_left_to_start(c: Any, share: dict | None) -> bool:
    """Whether the start rules say which territories start neutral (then the neutral army's own share,
    checked by checks._Checker.neutral, is not: refused beside them, but for a 2-player army's dealt
    hand, which gives way). A neutral block with no share and no such rule holds nothing: refused."""
    d = c.data
    keys = set(start_keys(d))
    if share is None:
        if not keys & {"pickable", "limit", "scenario", "leftover_deal", "wastelands"} \
                and not d["neutral"].get("infects"):  # (one that infects may start with none: issue 45)
            c.add("the neutral army holds no territories: say which with 'territories …', or leave them to a start "
                  "rule ('territories N each', 'territories warlords', a scenario)", "neutral", "start")
        return True
    decided = keys & {"pickable", "limit", "scenario", "leftover_deal"}
    if decided and share["share"] != "dealt":
        word = {"pickable": f"territories {d['setup'].get('pickable')}", "leftover_deal": "territories leftover deal",
                "limit": "territories N each", "scenario": "scenario"}[sorted(decided)[0]]
        c.add(f"'{word}' says which territories start neutral: the neutral army's own 'territories' cannot be "
              f"given too", "neutral", "territories")
    return bool(decided)


def start_number_paths(d: dict):
    """Where a number of the start rules stands (each an int or an expression of kind 'setup')."""
    for key in d.get("neutral", {}).get("wastelands", {}):
        yield ("neutral", "wastelands", key), "setup"
    for key in ("limit", "armies_each", "remove"):
        if key in d["setup"]:
            yield ("setup", key), "setup"
    for where, held in scenario_entries(d.get("scenario")):
        for t in held:
            yield ("scenario",) + where + (t,), "setup"


def _by_seat(c: Any, most: int) -> None:
    """Seat compensation (issue 46): a list by seat names no seat the rules cannot have (a list
    longer than a game's players is read as far as its seats go)."""
    for path, words in ((("setup", "seat_armies"), "extra starting armies by seat"),
                        (("reinforcements", "first_turn"), "extra first turn armies by seat")):
        values = c.data.get(path[0], {}).get(path[1])
        if values is not None and len(values) > most:
            c.add(f"'{words}' gives {len(values)} seats: these rules seat at most {most} players", *path)

