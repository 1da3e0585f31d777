"""The move order (Warzone's Move_Order page, in our words): each round the seats are put in an
order — drawn each round (random), drawn once and then rotated by one each round (cycle), or the
seat order rotated by one each round (no luck cycle); each seat's first order is carried out in that
order, then each one's second in the reverse order, the third in that order again, and so on.
An order priority card puts its holder first in the order, before the seats that played fewer, as if
drawn first ("just as if you were selected to go first");
an order delay card puts its holder's orders after those of seats that played fewer (here the whole
list: the card is played with the deployments, before any order)."""

from __future__ import annotations

from typing import Any


def seat_order(game: Any, seats: list[int]) -> list[int]:
    """The order of the seats this round, as the rules' move order says."""
    how = game.rules.orders.move_order
    if how == "random":
        order = seats[:]
        game.rng.shuffle(order)
        return order
    if how == "cycle":
        if not game.cycle_start:  # drawn once, at the first round of orders
            game.cycle_start[:] = range(game.players)
            game.rng.shuffle(game.cycle_start)
        base = game.cycle_start
    else:  # no luck cycle: the seat order from the first player
        base = [(game.first + i) % game.players for i in range(game.players)]
    shift = (game.round - 1) % len(base)
    rotated = base[shift:] + base[:shift]
    return [s for s in rotated if s in seats]


def sequence(order: list[int], lists: dict[int, list], cards: list[int]) -> list[tuple[int, int]]:
    """(seat, index into its list) in the order they are carried out: the seats grouped by delay
    cards played (fewer first), each group led by the seats with more priority cards (stable: the
    move order among equals), its lists interleaved, the rounds alternating in direction. `cards`:
    the priority cards each seat played at 2·seat, the delay cards at 2·seat + 1 (game.order_cards)."""
    out = []
    for delay in sorted({cards[2 * s + 1] for s in order}):
        group = sorted((s for s in order if cards[2 * s + 1] == delay), key=lambda s: -cards[2 * s])
        longest = max((len(lists[s]) for s in group), default=0)
        for i in range(longest):
            turn = group if i % 2 == 0 else group[::-1]
            out.extend((s, i) for s in turn if i < len(lists[s]))
    return out
