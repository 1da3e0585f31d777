"""Balanced's fortify: the steps from each territory to the front, and the move found without the
question's every option: where the rules let armies move along chains of one's own territories, from
the regions (fortify.Regions) rather than from every pair of their territories; under the usual
rules (one move to a neighbour), from the board."""

from __future__ import annotations

from itertools import chain


def best_within(reach: list[list[int]], distance: list[int], armies: list[int], stay: int, guarded,
               mine: list[int]) -> tuple[int, int] | None:
    """`BalancedAgent.fortify`'s choice among every pair of territories of one region (`reach`,
    fortify.Regions), without the pairs: from each source, ascending, the best target is its
    region's first of the least distance to the front (the first of those pairs to score most),
    and only a source farther than that moves; the first source of the greatest gain is taken,
    as the pairs in their order would take it."""
    nearest: dict[int, tuple[int, int]] = {}  # id of a region → (its least distance, its first territory of it)
    best, best_gain = None, 0
    for source in mine:
        region = reach[source]
        if len(region) < 2 or armies[source] <= stay or source in guarded:
            continue
        near = nearest.get(id(region))
        if near is None:
            least = min(map(distance.__getitem__, region))
            near = nearest[id(region)] = (least, next(u for u in region if distance[u] == least))
        least, target = near
        if least < distance[source]:
            gain = (armies[source] - stay) * (distance[source] - least)
            if gain > best_gain:
                best, best_gain = (source, target), gain
    return best


def best_to_neighbour(mine: list[int], adjacent, distance: list[int], armies: list[int],
                      stay: int) -> tuple[int, int] | None:
    """`BalancedAgent.fortify`'s choice among the usual question's options (Fortify._own_fortify_options:
    each of `mine`, ascending, holding more than `stay`, to each of its own neighbours in turn),
    without them: a neighbour nearer the front is always one's own (only one's own territories have
    a distance below the board's size), so the same pairs score in the same order."""
    best, best_gain = None, 0
    for source in mine:
        spare = armies[source] - stay
        if spare > 0:
            here = distance[source]
            for target in adjacent[source]:
                if distance[target] < here:
                    gain = spare * (here - distance[target])
                    if gain > best_gain:
                        best, best_gain = (source, target), gain
    return best


def front_distance(view, side: int, own, harmless: int) -> list[int]:
    """Steps from each territory of `side` to the front (0): a territory that borders an enemy who
    can fight back (`own`: the seats on side's side; `harmless`: a neutral army that never attacks,
    a front only if nobody else is near); the board's size + 1 for every other territory."""
    owner, adjacent = view.owner, view.adjacent
    far = view.size + 1
    distance = [far] * view.size
    mine = view.owned(side)  # (the territories of side, the game's kept list: read only)
    # mine bordering an enemy who fights back, else any enemy (whose neighbours' owners are not
    # all of `calm`: a set's test at C speed)
    owner_of, calm = owner.__getitem__, {*own, harmless}
    frontier = [t for t in mine if not calm.issuperset(map(owner_of, adjacent[t]))]
    if not frontier:
        calm = set(own)
        frontier = [t for t in mine if not calm.issuperset(map(owner_of, adjacent[t]))]
    for t in frontier:
        distance[t] = 0
    unreached = set(mine).difference(frontier)  # (a step at a time by sets, at C speed: any order
    step = 0  # gives each territory its least number of steps)
    while frontier and unreached:
        step += 1
        frontier = unreached.intersection(chain.from_iterable(map(adjacent.__getitem__, frontier)))
        unreached -= frontier
        for t in frontier:
            distance[t] = step
    return distance
