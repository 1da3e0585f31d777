"""Orders given together (issue 45) as the bots give them: `random` a random legal order (or the
end of the list), `balanced` its attacks of today and its fortify toward the front, as a list
made once a round from the board as the round began plus its own deployments."""

from __future__ import annotations

from typing import Any

STOP = 0.3  # the random bot ends its list with this chance at each order
ATTACK_WIN = 0.6  # balanced: order an attack when its chance of taking the territory is at least this


def random_order(agent: Any, d) -> tuple | None:
    rng = agent.rng
    if rng.random() < STOP:
        return None
    source, target = d.options[int(rng.random() * len(d.options))]
    modes = d.shown[0]
    deployed = dict(d.shown[1])
    have = (agent.view.armies[source] or 0) + deployed.get(source, 0)
    return modes[int(rng.random() * len(modes))], source, target, max(1, min(d.most, 1 + int(rng.random() * have)))


def balanced_order(agent: Any, d) -> tuple | None:
    """The next order of the list made at the round's first `order` decision: from each territory
    that has armies to spare, an attack on its weakest neighbour it would take at today's odds
    (attack only where the rules allow it), else, from a territory with no enemy neighbour, a
    transfer of all but the guard to a neighbour that has one."""
    if not d.shown[2]:
        agent.order_plan = plan(agent, d)
    given = len(d.shown[2])
    plan_ = getattr(agent, "order_plan", [])
    return plan_[given] if given < len(plan_) else None


def plan(agent: Any, d) -> list[tuple]:
    view = agent.view
    seat = d.player
    owner, armies, adjacent = view.owner, view.armies, view.adjacent
    deployed = dict(d.shown[1])
    modes = d.shown[0]
    guard = view.rules.battle.guard
    odds = agent.odds
    have = {t: (armies[t] or 0) + deployed.get(t, 0) for t, _ in d.options}
    orders = []
    for t in sorted(have, key=lambda t: -have[t]):
        spare = have[t] - guard
        if spare <= 0:
            continue
        enemies = [u for u in adjacent[t] if owner[u] is not None and owner[u] != seat and armies[u] is not None]
        if enemies:
            u = min(enemies, key=lambda u: armies[u])
            if odds.win(spare, armies[u]) >= ATTACK_WIN:
                orders.append((1 if 1 in modes else 0, t, u, spare))
            continue
        fronts = [u for u in adjacent[t] if owner[u] == seat
                  and any(owner[x] != seat for x in adjacent[u])]
        if fronts:
            orders.append((2 if 2 in modes else 0, t, max(fronts, key=lambda u: have.get(u, 0)), spare))
    return [o for o in orders if (o[1], o[2]) in set(d.options) and o[3] <= d.most]
