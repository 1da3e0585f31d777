"""How the strong bot scores a position a playout ends in: a player's strength (armies and
income), how far a mission is done, how near the others are to theirs, and from these the
chance of winning a mission game (VALUE's logistic model, fitted by benchmarks/fit_value.py)."""

from __future__ import annotations

import math

from ...language.rules import Mission

VALUE = (-4.718, 10.449, 0.816, -2.918, 0.868, 2.192, 4.762, 1.606, 0.907, -2.526, 0.799, 2.356, -0.831)
# the weights of value_features in the chance of winning an undecided mission game, a
# logistic model fitted on positions of balanced-only games (benchmarks/fit_value.py prints them)


def win_chance(game, seat: int) -> float:
    """The chance that `seat` wins a mission game as it stands (VALUE's logistic model)."""
    z = sum(w * x for w, x in zip(VALUE, value_features(game, seat)))
    return 1 / (1 + math.exp(-max(-700.0, min(700.0, z))))


def value_features(game, seat: int) -> tuple[float, ...]:
    """What VALUE weighs: 1; the seat's share of the strength of the players left; its
    mission's progress, a column per kind of mission, and again to the fourth power (the last
    steps count most); the progress of the opponent nearest to his mission (`threat`; a
    partner's mission is no threat), and to the fourth; whether the mission is to occupy,
    to destroy; 1 / the number of players."""
    alive = game.alive
    total = sum(strength(game, s) for s in range(game.players) if alive[s])
    share = strength(game, seat) / total if total else 0.0
    missions = game.missions
    mission = missions[seat]
    own = game.friends[seat] if game.friends is not None else (seat,)
    nearest = max((threat(game, s, missions[s]) for s in range(game.players)
                   if s not in own and alive[s] and missions[s] is not None), default=0.0)
    p = progress(game, seat, mission)
    occupy, destroy = float(mission.kind == "occupy"), float(mission.kind == "destroy")
    conquer = 1.0 - occupy - destroy
    p4 = p ** 4
    return (1.0, share, p * occupy, p * destroy, p * conquer, p4 * occupy, p4 * destroy, p4 * conquer,
            nearest, nearest ** 4, occupy, destroy, 1 / game.players)


def strength(game, seat: int) -> float:
    """Armies on the board plus twice what the seat would earn as reinforcements (cards aside)."""
    income = game.territory_income(seat)  # (the rules' `territories` expression, by a table where it can)
    bonus = game.rules.continent_bonus
    income += sum(game.value(bonus[k], seat) for k in game.held_continents(seat))
    return game.armies_of(seat) + 2 * income + 2 * len(game.hands[seat])


def progress(game, seat: int, m: Mission) -> float:
    """How far a mission is done, 0 to 1 (a rough measure, for the search's scores)."""
    owner = game.owner
    if m.kind == "occupy":
        held = sum(1 for t in range(game.size) if owner[t] == seat and game.armies[t] >= m.armies)
        return min(1.0, held / m.count)
    if m.kind == "destroy":
        target = game.colour_seat.get(m.colour)
        if target is None or not game.alive[target]:
            return 1.0
        return 1.0 - game.territory_count[target] / game.size
    wanted = [t for k in m.continents for t in game.members[k]]
    held = sum(1 for t in wanted if owner[t] == seat)
    others = [k for k in range(len(game.members)) if k not in m.continents] if m.extra else []
    if others:  # one more continent: the best held share of one, as if it were the smallest
        smallest = min(len(game.members[k]) for k in others)
        best = max(game.continent_count[seat][k] / len(game.members[k]) for k in others)
        return (held + smallest * best) / (len(wanted) + smallest)
    return held / len(wanted) if wanted else 1.0


def threat(game, seat: int, m: Mission) -> float:
    """How near another player is to his mission, 0 to 1: as `progress`, but a colour to
    destroy counts from a fair share of the board (a victim with that many is no nearer)."""
    if m.kind == "destroy":
        victim = game.colour_seat.get(m.colour)
        if victim is None or not game.alive[victim]:
            return 1.0
        return max(0.0, 1 - game.territory_count[victim] * game.players / game.size)
    return progress(game, seat, m)
