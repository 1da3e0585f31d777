"""A hand-written plain-Python loop that plays the random 4-player nl-modern game: the ceiling.

It knows only this one game (the classic board, a draft of the territories, the highest roll
begins, one army at a time in the setup, escalating sets counted for all players, 2 armies
for one traded card's territory, three dice against two, ties to the defender, one fortify
move to a neighbour, world domination) and plays it the way riskrules' random bot does: the
same options in the same order, the same random sources (the game's for dice and shuffles,
one per seat for choices, drawn from the game's as riskrules draws them) and the same draws
from them. So a seed gives the very game riskrules plays, which `same_game` checks: the
benchmark compares like with like, not a different game that happens to be faster.

What it leaves out is exactly what makes riskrules an interpreter: rules as data, decisions
as objects put to agents and checked, listeners. It reads the board (adjacency, continents,
card symbols) from riskrules' Board only as data.
"""

from __future__ import annotations

import random
from itertools import combinations

STOP_ATTACK = 0.15  # as riskrules' random bot
STOP_FORTIFY = 0.5
ESCALATING = (4, 6, 8, 10, 12, 15)
STEP = 5
CONTINENT_BONUS = {"north_america": 5, "south_america": 2, "europe": 5, "africa": 3, "asia": 7, "australia": 2}


def play(board, seed: int, players: int = 4, max_turns: int = 1000) -> tuple:
    """Play one game; returns (turns, winner seat or None, owner list, armies list)."""
    size = board.size
    adjacent = board.adjacent
    continent_of = board.continent_of
    members = board.members
    bonus = [CONTINENT_BONUS[c] for c in board.continents]
    symbol = list(board.card_symbol)
    rng = random.Random(seed)
    roll = rng.random
    seat_rng = [random.Random(rng.getrandbits(64)).random for _ in range(players)]
    owner = [-1] * size
    armies = [0] * size
    count = [0] * players
    in_continent = [[0] * len(members) for _ in range(players)]
    hands: list[list[int]] = [[] for _ in range(players)]
    alive = [True] * players

    def take(t: int, seat: int) -> None:
        old = owner[t]
        k = continent_of[t]
        if old >= 0:
            count[old] -= 1
            in_continent[old][k] -= 1
        owner[t] = seat
        count[seat] += 1
        in_continent[seat][k] += 1

    def place(seat: int, amount: int) -> None:
        r = seat_rng[seat]
        mine = [t for t in range(size) if owner[t] == seat]  # placing changes no owner
        while amount > 0:
            t = mine[int(r() * len(mine))]
            n = 1 + int(r() * amount)
            armies[t] += n
            amount -= n

    # who begins: the highest roll, the tied roll again
    rolling = list(range(players))
    while len(rolling) > 1:
        faces = [int(roll() * 6) + 1 for _ in rolling]
        best = max(faces)
        rolling = [s for s, f in zip(rolling, faces) if f == best]
    first = rolling[0]
    order = [(first + i) % players for i in range(players)]
    # the draft, then one army at a time
    for i in range(size):
        seat = order[i % players]
        free = [t for t in range(size) if owner[t] < 0]
        t = free[int(seat_rng[seat]() * len(free))]
        take(t, seat)
        armies[t] = 1
    left = [30 - count[s] for s in range(players)]
    while any(x > 0 for x in left):
        for seat in order:
            if left[seat] > 0:
                place(seat, 1)
                left[seat] -= 1
    deck = list(range(size + board.jokers))
    rng.shuffle(deck)
    trades = 0
    turn = 0
    while True:
        for seat in order:
            if not alive[seat]:
                continue
            if turn >= max_turns:
                return turn, None, owner, armies
            turn += 1
            r = seat_rng[seat]
            conquered = False
            # trade sets: any set at will, with five cards or more one must
            gained = 0
            hand = hands[seat]
            while len(hand) >= 3:
                sets = card_sets(hand, symbol, size)
                if not sets:
                    break
                if len(hand) >= 5:
                    chosen = sets[int(r() * len(sets))]
                else:
                    i = int(r() * (len(sets) + 1))
                    if i == len(sets):
                        break
                    chosen = sets[i]
                trades += 1
                gained += ESCALATING[trades - 1] if trades <= len(ESCALATING) else ESCALATING[-1] + (trades - len(ESCALATING)) * STEP
                for card in chosen:
                    hand.remove(card)
                deck.extend(chosen)
                owned = [c for c in chosen if c < size and owner[c] == seat]
                if owned:
                    t = owned[0] if len(owned) == 1 else owned[int(r() * len(owned))]
                    armies[t] += 2
            total = max(3, count[seat] // 3) + gained
            for k, m in enumerate(members):
                if in_continent[seat][k] == len(m):
                    total += bonus[k]
            place(seat, total)
            # attack; the options change only with a conquest or a source left with one army
            options = None
            while True:
                if options is None:
                    options = [(t, u) for t in range(size) if owner[t] == seat and armies[t] >= 2
                               for u in adjacent[t] if owner[u] != seat]
                if not options or r() < STOP_ATTACK:
                    break
                source, target = options[int(r() * len(options))]
                most = min(3, armies[source] - 1)
                dice = most if most == 1 else 1 + int(r() * most)
                defender = owner[target]
                if armies[target] >= 2:
                    defending = 1 + int(seat_rng[defender]() * 2)
                else:
                    defending = 1
                attack = sorted([int(roll() * 6) + 1 for _ in range(dice)], reverse=True)
                defence = sorted([int(roll() * 6) + 1 for _ in range(defending)], reverse=True)
                for a, d in zip(attack, defence):
                    if a > d:
                        armies[target] -= 1
                    else:
                        armies[source] -= 1
                if armies[source] < 2:
                    options = None
                if armies[target] == 0:
                    options = None
                    most = armies[source] - 1
                    least = max(1, min(dice, most))
                    moved = least if least == most else least + int(r() * (most - least + 1))
                    armies[source] -= moved
                    take(target, seat)
                    armies[target] = moved
                    conquered = True
                    if count[defender] == 0:
                        alive[defender] = False
                        hand.extend(hands[defender])
                        hands[defender] = []
                    if count[seat] == size:
                        return turn, seat, owner, armies
            if conquered and deck:
                hand.append(deck.pop(0))
            # fortify: one move to a neighbour
            options = [(t, u) for t in range(size) if owner[t] == seat and armies[t] >= 2
                       for u in adjacent[t] if owner[u] == seat]
            if options and r() >= STOP_FORTIFY:
                source, target = options[int(r() * len(options))]
                n = 1 + int(r() * (armies[source] - 1))
                armies[source] -= n
                armies[target] += n


def card_sets(hand: list[int], symbol: list[int], size: int) -> list[tuple[int, ...]]:
    """The sets in a hand in riskrules' order: three alike or one of each, jokers (ids ≥ size)
    standing for any symbol, each set once with the lowest joker ids."""
    jokers = sorted(c for c in hand if c >= size)
    cards = sorted(c for c in hand if c < size) + jokers[:2]
    found, seen = [], set()
    for trio in combinations(cards, 3):
        key = tuple(c if c < size else -1 for c in trio)
        if key in seen:
            continue
        real = {symbol[c] for c in trio if c < size}
        n = sum(1 for c in trio if c < size)
        if n < 2 or len(real) == 1 or len(real) == n:
            seen.add(key)
            plain = sorted(c for c in trio if c < size)
            found.append(tuple(plain + jokers[:3 - len(plain)]))
    return found
