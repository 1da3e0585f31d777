"""A round of orders given together (`orders { given together }`), in place of the turns of
turn.py (Turn.loop hands the game to `loop` once, when the rules say so).

Each seat in turn — its own `turn` in the log, for the turn limit and the cards' moments — is
asked for its deployments (its rules' reinforce phase, played as ever, then taken off the board
again: recorded, and its events held back), then for its list of orders (orders.OrderDecision),
seeing the board as the round began, its own deployments shown in the decision: never another
seat's pending orders. (The neutral army's reinforcements, where the rules give them, are placed
after every seat's deployments, one placing for each seat's turn.) Everyone is told who has given orders (`orders_given`), not what. Then all
deployments are put on the board (their events told now), and the orders are carried out in the
sequence of the move order (move_order.py), each told as an `order` event with what became of it.
A seat that took a territory in the round draws its cards after the resolution. The turn limit
reached in the middle of a round cuts it short: the orders given so far are carried out, then the
game ends (so a log holds every order given, and replays)."""

from __future__ import annotations

from typing import Any

from ..acting import round_start as acting_round
from ..errors import GameOver
from . import move_order
from .orders import ORDER, OrderDecision, carry_out, order_options

MAX_ORDERS = 4  # orders a seat may give a round, per territory of the board


def loop(game: Any, start: int = 0) -> None:
    """Rounds of orders to the end (`start`: a copy continues with the next round)."""
    limit = game.rules.round_limit
    while True:
        if limit is not None and game.round >= game.value(limit, game.first):
            game.end_by_round_limit()
        game.round += 1
        if game.acting is not None:  # a neutral army that acts (engine/acting.py): its moves first, as in turns
            acting_round(game)
        play_round(game)


def play_round(game: Any) -> None:
    n = game.players
    seats = [(game.first + i) % n for i in range(n)]
    game.order_cards[:] = [0] * (2 * n)
    pending: dict[int, tuple[dict[int, int], list[dict], int]] = {}
    lists: dict[int, list[tuple]] = {}
    at_start = game._at_turn_start
    limited = False  # the turn limit reached in the round: the orders given so far are carried out, then it ends
    for seat in seats:
        if not game.alive[seat]:
            continue
        if game.turn >= game.max_turns:
            limited = True
            break
        game.turn += 1
        game.active = seat
        game.conquered = False
        game.turn_total = 0
        game.conquered_now.clear()
        if game.listeners:
            game._event("turn_start", seat, round=game.round)
        if at_start is not None:
            at_start(game)
        if not game.alive[seat]:
            continue
        pending[seat] = record(game, seat)
        lists[seat] = give_orders(game, seat, pending[seat][0])
        if game.listeners:
            game._event("orders_given", seat, round=game.round)
    resolve(game, [s for s in seats if s in lists], pending, lists)
    if limited:
        game.end(None, "turn_limit")


def record(game: Any, seat: int) -> tuple[dict[int, int], list[dict], int]:
    """The seat's reinforce phase played, its effect on the armies taken off the board again and its
    events held back: (territory → armies added or taken, the events, its reinforcements)."""
    before = game.armies[:]
    listeners = game.listeners
    held: list[dict] = []
    game.listeners = [held.append] if listeners else []
    game.holding = held  # (what a replay's LogAgent reads these decisions' answers after: agents/log_agent.py)
    try:
        for index, (phase, test, run) in enumerate(game._phases):
            if phase == "reinforce":
                game.phase = index
                if test is None or test(game.quantities(seat, test.names)):
                    run(game, seat)
    except GameOver:  # (won by a card played, or the like): tell what was held back, and stop
        game.listeners, game.holding = listeners, None
        for event in held:
            for listen in listeners:
                listen(event)
        raise
    game.listeners, game.holding = listeners, None
    armies = game.armies
    change = {t: armies[t] - before[t] for t in range(game.size) if armies[t] != before[t]}
    armies[:] = before
    return change, held, game.turn_total


def give_orders(game: Any, seat: int, deployed: dict[int, int]) -> list[tuple]:
    options = order_options(game, seat)
    if not options:
        return []
    modes = (0, 1, 2) if game.rules.orders.modes else (0,)
    most = sum(game.armies[t] for t in game.owned(seat)) + sum(a for a in deployed.values() if a > 0)
    shown_deployed = tuple(sorted(deployed.items()))
    orders: list[tuple] = []
    for _ in range(MAX_ORDERS * game.size):
        answer = game.ask(OrderDecision(ORDER, seat, options, seat, True, max(1, most), None, None,
                                        (modes, shown_deployed, tuple(orders))))
        if answer is None:
            break
        orders.append(answer)
    return orders


def resolve(game: Any, seats: list[int], pending: dict, lists: dict[int, list[tuple]]) -> None:
    """Deployments, then the orders in the move order's sequence, then the cards of those who took a
    territory, each seat's turn ending."""
    armies = game.armies
    for seat in seats:
        change, held, _ = pending[seat]
        for t, a in change.items():
            armies[t] = max(0, armies[t] + a)
        for event in held:
            for listen in game.listeners:
                listen(event)
        game.changed()
    for index, (phase, test, run) in enumerate(game._phases):  # the neutral army's, after every deployment
        if phase == "neutral_reinforce":  # (each seat's turn's own, counted from its reinforcements)
            game.phase = index
            for seat in seats:
                game.active, game.turn_total = seat, pending[seat][2]
                if test is None or test(game.quantities(seat, test.names)):
                    run(game, seat)
    order = move_order.seat_order(game, seats)
    used = None if game.rules.orders.multi_attack else [0] * game.size
    conquerors: set[int] = set()
    for seat, i in move_order.sequence(order, lists, game.order_cards):
        game.active = seat
        carry_out(game, seat, lists[seat][i], used, conquerors)
    at_end = game._at_turn_end
    kinds = game.rules.cards.kinds is not None
    for seat in seats:
        if not game.alive[seat]:
            continue
        game.active = seat
        game.conquered = seat in conquerors
        if kinds:
            from ..cards.play import draw, earn

            draw(game, seat)
            earn(game, seat)
        else:
            game.draw_cards(seat)
        if at_end is not None:
            at_end(game)
