"""How `balanced` plays cards that do something (issue 44): a rule of thumb per effect, read off
the options of a `play` decision (engine/cards/effects.py), cheap enough for every playout
(docs/bots.md "Cards that do something" states the same rule).

- armies: at once;
- strike: on the enemy neighbour with the most armies;
- move: all but the guard from its largest stack behind the front to its front territory that
  faces the most enemy armies;
- income: on the player with the most territories but itself;
- forbid: with the strongest neighbouring player, when that player has more armies than itself;
- see: only under fog — the player with the most armies next to it, the territory with the most
  armies next to its largest stack (or its continent), or the continent it knows least of;
- give and abandon: a territory it cannot hold (enemy armies around it at least three times its own,
  not its last one): given to the weakest other player, abandoned to the neutral army;
- orders first (order priority): at once; orders last (order delay): never.
Otherwise it keeps the card (answers None)."""

from __future__ import annotations

from typing import Any

HOPELESS = 3  # enemy armies around a territory, times its own, that it cannot hold


def play(agent: Any, d) -> tuple | None:
    for choice in _choices(agent, d):
        if choice is not None:
            return choice
    return None


def _choices(agent: Any, d):
    """Each kind's own choice (or None), kind by kind."""
    kinds = agent.view.rules.cards.kinds.kinds
    by_kind: dict[int, list[tuple]] = {}
    for o in d.options:
        by_kind.setdefault(o[0], []).append(o)
    for k, options in by_kind.items():
        yield _RULES[kinds[k].effect](agent, d.side, kinds[k], options)


SEARCHED = 3  # plays `strong` compares


def candidates(agent: Any, d) -> list:
    """What `strong` compares at a `play` decision: balanced's answer first, then playing nothing,
    then other kinds' own choices; at most SEARCHED."""
    first = play(agent, d)
    out = [first] + ([None] if first is not None else [])
    for choice in _choices(agent, d):
        if choice is not None and choice not in out:
            out.append(choice)
    return out[:SEARCHED]


def searched(agent: Any, d):
    """`strong`'s answer to a `play` decision: the candidates (above) each played on copies of the
    game to its horizon (StrongAgent.search), the turn then played on from where the play leaves it
    (the armies to place placed at once at `reinforce`); balanced's answer unless another is clearly
    better."""
    from ..cards.play import play as play_card

    view = agent.view
    found = candidates(agent, d)
    moment = getattr(d, "moment", None)  # (a `play` decision the engine put: engine/cards/play.Play)
    if len(found) == 1 or moment is None or (moment == "reinforce" and view.rules.income is not None):
        return found[0]
    seat, script = agent.seat, agent.script
    phase = {"start": 0, "reinforce": view.phase + 1, "end": len(view.rules.phases)}.get(moment, view.phase)
    pending = view.turn_total

    def apply(copy, candidate):
        script.attack_plan(False)
        script.passing = (copy.turn, moment) if candidate is None else None
        extra = play_card(copy, seat, candidate, moment) if candidate is not None else 0
        if moment == "reinforce":
            copy.turn_total = pending + extra
            copy.place(seat, seat, pending + extra)
    return agent.search(found, apply, phase)


def _pressure(view: Any, side: int, t: int) -> int:
    owner, armies = view.owner, view.armies
    return sum(armies[u] for u in view.adjacent[t] if owner[u] != side and owner[u] >= 0)


def _armies(agent, side, kind, options):
    return options[0]


def _strike(agent, side, kind, options):
    armies = agent.view.armies
    best = max(options, key=lambda o: (armies[o[1]], -o[1]))
    return best if armies[best[1]] > 1 else None


def _move(agent, side, kind, options):
    view = agent.view
    armies = view.armies
    stay = view.rules.fortify.stay
    pressure = {t: _pressure(view, side, t) for t in {o[1] for o in options} | {o[2] for o in options}}
    behind = [t for t, p in pressure.items() if p == 0 and armies[t] > stay + 1]
    front = [t for t, p in pressure.items() if p > 0]
    if not behind or not front:
        return None
    source = max(behind, key=lambda t: (armies[t], -t))
    target = max(front, key=lambda t: (pressure[t] - armies[t], -t))
    if (kind_index := options[0][0], source, target) not in options:
        return None
    return kind_index, source, target, armies[source] - stay


def _income(agent, side, kind, options):
    counts = agent.view.territory_count
    return max(options, key=lambda o: (counts[o[1]], -o[1]))


def _forbid(agent, side, kind, options):
    view = agent.view
    owner = view.owner
    near = {owner[u] for t in view.owned(side) for u in view.adjacent[t]} - {side}
    mine = view.armies_of(side)
    rivals = [o for o in options if side in o[1:] and (o[1] if o[2] == side else o[2]) in near]
    if not rivals:
        return None
    best = max(rivals, key=lambda o: (view.armies_of(o[1] if o[2] == side else o[2]), -o[1], -o[2]))
    other = best[1] if best[2] == side else best[2]
    return best if view.armies_of(other) > mine else None


def _see(agent, side, kind, options):
    view = agent.view
    level = getattr(view, "level", None)
    if level is None:  # without fog a see card shows nothing new
        return None
    armies, owner = view.armies, view.owner
    if kind.target == "player":
        near = {owner[u] for t in view.owned(side) for u in view.adjacent[t]}
        near_options = [o for o in options if o[1] in near] or options
        return max(near_options, key=lambda o: (view.armies_of(o[1]), -o[1]))
    if kind.target == "continent":
        return min(options, key=lambda o: (sum(level[t] for t in view.members[o[1]]) / len(view.members[o[1]]), o[1]))
    own = view.owned(side)
    if not own:
        return None
    biggest = max(own, key=lambda t: (armies[t], -t))
    targets = {o[1] for o in options}
    near = [u for u in view.adjacent[biggest] if u in targets]
    if not near:
        return None
    u = max(near, key=lambda t: (armies[t], -t))
    return options[0][0], u


def _hopeless(agent, side, options, index: int = 1) -> list[tuple]:
    view = agent.view
    if view.territory_count[side] <= 1:
        return []
    armies = view.armies
    return [o for o in options if _pressure(view, side, o[index]) >= HOPELESS * armies[o[index]]]


def _give(agent, side, kind, options):
    found = _hopeless(agent, side, options)
    if not found:
        return None
    counts = agent.view.territory_count
    return min(found, key=lambda o: (counts[o[2]], -agent.view.armies[o[1]], o[1], o[2]))


def _abandon(agent, side, kind, options):
    found = _hopeless(agent, side, options)
    if not found:
        return None
    armies = agent.view.armies
    return max(found, key=lambda o: (armies[o[1]], -o[1]))


_RULES = {"armies": _armies, "strike": _strike, "move": _move, "income": _income, "forbid": _forbid,
          "see": _see, "give": _give, "abandon": _abandon,
          # orders given together (issue 45): its first order first, at once; its orders delayed, never
          "orders_first": lambda agent, side, kind, options: options[0], "orders_last": lambda *_: None}
