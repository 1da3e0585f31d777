"""Income beyond territories and continents (issue 43): autodeploy and decay, negative
continent bonuses, an income cap, local deployments, the card bonus placed anywhere and a cap
on the armies of a territory. Played only when the rules declare one of them (turn.compile_phases
then runs `reinforce` from here); today's reinforce and placing are untouched otherwise."""

from __future__ import annotations

from typing import Any

from . import decisions as D
from .decisions import Decision


def reinforce(game: Any, seat: int) -> None:
    """The reinforce phase of rules with an `IncomeRules`: the territories' own income first
    (decay, then autodeploy), then the income — territories plus continents, never below 0, at
    most the income cap — then the cards; placed continent by continent under local deployments."""
    r = game.rules.income
    per_territory(game, seat, r)
    from_cards = game.trade_cards(seat, down_to=None)
    from_territories = game.territory_income(seat)
    held = game.held_continents(seat)
    bonus = game.rules.continent_bonus
    values = [game.value(bonus[k], seat) for k in held]
    from_continents = sum(values)
    # seat compensation (issue 46): the extra armies of the seat's place in the order of play, in its first turn
    in_order = (seat - game.first) % game.players
    from_seat = r.first_turn[in_order] if game.round == 1 and in_order < len(r.first_turn) else 0
    income = max(0, from_territories + from_continents + from_seat)
    limit = income
    if r.income_cap is not None:
        cap = r.income_cap
        env = game.quantities(seat, cap.names - {"income"})
        env["income"] = income
        limit = min(income, cap(env))  # (an expression is never below 0)
    if game.kind_effects:  # cards that do something: an income effect (sanctions) cuts it (engine/cards/play.py)
        from .cards.play import income_cut

        limit -= income_cut(game, seat, limit)
    # the pools: armies placed anywhere, and each held continent's under local deployments; what
    # negative bonuses and the cap take away is taken from them evenly (Warzone's local deployments)
    if r.local:
        pools = [from_territories] + [max(0, v) for v in values]
        spread_loss(pools, sum(pools) - limit)
    else:
        pools = [limit]
    total = limit + from_cards
    game.turn_total = total
    if game.listeners:
        game.tell_reinforcements(seat, held, from_territories, from_continents, from_cards, total,
                                 **({"from_seat": from_seat} if from_seat else {}))
    if r.local:
        members = game.board.members
        for k, armies in zip(held, pools[1:]):
            if armies > 0:
                if game.listeners:
                    game._event("local_armies", seat, continent=game.board.continents[k], armies=armies)
                place(game, seat, seat, armies, list(members[k]))
        game.place(seat, seat, pools[0] + from_cards)
    else:
        game.place(seat, seat, total)


def spread_loss(pools: list[int], loss: int) -> None:
    """Take `loss` armies from `pools` evenly: each pool that has armies left gives one in turn,
    the first pools first (Warzone: "spread out amongst all deployment options evenly")."""
    while loss > 0:
        left = [i for i, n in enumerate(pools) if n > 0]
        if not left:
            return
        each = loss // len(left)
        if each == 0:
            for i in left[:loss]:
                pools[i] -= 1
            return
        for i in left:
            taken = min(each, pools[i])
            pools[i] -= taken
            loss -= taken


def per_territory(game: Any, seat: int, r: Any) -> None:
    """Decay, then autodeploy, on the territories `seat` holds (Conquer Club's territory bonuses)."""
    owner, armies = game.owner, game.armies
    names = game.board.territories
    for t, n in r.decay:
        if owner[t] == seat and armies[t] > 1:
            lost = min(n, armies[t] - 1)
            armies[t] -= lost
            if game.listeners:
                game._event("decay", seat, territory=names[t], armies=lost)
    cap = r.territory_cap
    for t, n in r.autodeploy:
        if owner[t] == seat:
            added = n if cap is None else max(0, min(n, cap - armies[t]))
            if added:
                armies[t] += added
                if game.listeners:
                    game._event("autodeploy", seat, territory=names[t], armies=added)
    if r.decay or r.autodeploy:
        game.changed()


def place(game: Any, decider: int, side: int, amount: int, where: list[int] | None = None) -> None:
    """Place `amount` armies of `side` as `decider` chooses, a territory at a time, on `where`
    (else anywhere `side` holds), none beyond the cap of armies per territory: an answer of more
    than a territory has room for places what fits; armies with no room left are lost."""
    cap = game.rules.income.territory_cap
    armies = game.armies
    while amount > 0:
        options = [t for t in (game.owned(side) if where is None else where)
                   if game.owner[t] == side and (cap is None or armies[t] < cap)]
        if not options:
            if game.listeners:
                game._event("armies_lost", side, armies=amount, cap=cap)
            return
        territory, chosen = game.ask(Decision(D.PLACE, decider, options, side, False, amount))
        if cap is not None:
            chosen = min(chosen, cap - armies[territory])
        armies[territory] += chosen
        if game.listeners:
            game.tell_place(decider, side, territory, chosen)
        if game.turn:
            game.changed()
        amount -= chosen
