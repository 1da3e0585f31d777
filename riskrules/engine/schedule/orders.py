"""The `order` decision and one order carried out (Warzone's semantics, in our words: its wiki's
Move_Order, Multi-Attack and attack/transfer pages).

An order is (mode, from, to, armies): mode 0 either, 1 attack only, 2 transfer only (language/
orders.py); None ends the list. The options are (from, to) pairs from the seat's territories as
the round began; `most` bounds the armies (all the seat's armies and deployments: no territory
can hold more). Carried out in its place in the round:
- from a territory the seat no longer holds: skipped (`source_lost`);
- into the seat's own territory: a transfer, unless attack only (`own_territory`: skipped);
- into another's: an attack, unless transfer only (`not_own`: skipped);
- with min(armies asked, armies there but the guard); with multi-attack off, less the armies that
  moved or attacked this round (`used`), which stay where they are; none left: `no_armies`;
- an attack is one battle of those armies under kill rates (Warzone), pressed with them under
  dice until the territory falls or they are spent (`keep`: the rest stay).
"""

from __future__ import annotations

from typing import Any

from ...language.orders import ATTACK_ONLY, TRANSFER_ONLY
from ..decisions import Decision, N_, Refusal

ORDER = "order"
MODES = ("either", "attack_only", "transfer_only")


class OrderDecision(Decision):
    """The `order` decision: `shown` is (the modes allowed, the seat's deployments of the round as
    (territory, armies) pairs, the orders given so far)."""

    __slots__ = ()

    def check(self, answer: Any):
        if answer is None:
            return None
        if not (type(answer) is tuple and len(answer) == 4 and all(type(x) is int for x in answer)):
            return Refusal(N_("expected a mode, from, to and a number of armies"))
        mode, source, target, armies = answer
        if mode not in self.shown[0]:
            return Refusal(N_("not an order these rules allow"))
        if (source, target) not in self.options:
            return Refusal(N_("no order can go between those territories"))
        if not 1 <= armies <= self.most:
            return Refusal(N_("order between 1 and {most} armies"), most=self.most)
        return None


def order_options(game: Any, seat: int) -> list[tuple[int, int]]:
    """(from, to): from each of the seat's territories to each neighbour."""
    adjacent = game.adjacent
    return [(t, u) for t in game.owned(seat) for u in adjacent[t]]


def carry_out(game: Any, seat: int, order: tuple, used: list[int] | None, conquerors: set[int]) -> None:
    mode, source, target, asked = order
    owner, armies = game.owner, game.armies
    why = None
    free = 0
    if not game.alive[seat] or owner[source] != seat:
        why = "source_lost"
    else:
        free = armies[source] - game.rules.battle.guard
        if used is not None:
            free = min(free, armies[source] - used[source])
        free = min(asked, free)
        mine = owner[target] == seat
        if mine and mode == ATTACK_ONLY:
            why = "own_territory"
        elif not mine and mode == TRANSFER_ONLY:
            why = "not_own"
        elif not mine and (game.friends is not None and owner[target] in game.friends[seat]):
            why = "partner"
        elif not mine and game.kind_effects and _forbidden(game, seat, owner[target]):
            why = "forbidden"
        elif free <= 0:
            why = "no_armies"
    if why is not None or not owner[target] == seat:
        if game.listeners:
            _tell(game, seat, order, "skipped" if why else "attack", free if not why else 0, why)
        if why is not None:
            return
        _attack(game, seat, source, target, free, used, conquerors)
        return
    armies[source] -= free
    armies[target] += free
    if used is not None:
        used[target] += free
    if game.listeners:
        _tell(game, seat, order, "transfer", free, None)
    game.changed()


def _forbidden(game: Any, seat: int, other: int) -> bool:
    from ..cards.play import forbidding

    return other >= 0 and forbidding(game, seat, other) is not None


def _attack(game: Any, seat: int, source: int, target: int, committed: int, used, conquerors) -> None:
    armies, owner = game.armies, game.owner
    before = armies[source]
    if game.rules.battle.kills is not None:  # one battle of the committed armies (Warzone)
        game._fight(game, seat, seat, source, target, before - committed + 1)
    else:
        game.press(seat, seat, source, target, before - committed)
    if owner[target] == seat:
        conquerors.add(seat)
        if used is not None:
            used[target] = armies[target]
            used[source] += max(0, committed - (before - armies[source]))
    elif used is not None:
        used[source] += max(0, committed - (before - armies[source]))


def _tell(game: Any, seat: int, order: tuple, done: str, armies: int, why: str | None) -> None:
    mode, source, target, asked = order
    names = game.board.territories
    game._event("order", seat, **{"from": names[source], "to": names[target]}, mode=MODES[mode], asked=asked,
                done=done, armies=armies, **({"why": why} if why else {}))
