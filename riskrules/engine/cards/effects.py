"""What a card of each effect may be played on (its options) and what playing it does: a function
per effect of the vocabulary (language/card_kinds.EFFECTS), never a branch on a card's name.

Options are tuples of ints, the kind index first (SPEC44): armies (k,) · see a player (k, seat) ·
see a territory (k, territory) · see a continent (k, continent) · move (k, from, to), answered
(k, from, to, armies) · give (k, territory, seat) · forbid (k, seat_a, seat_b) · income (k, seat) ·
strike (k, territory) · abandon (k, territory).

The platforms' own descriptions, in our words (sources):
- Warzone wiki, Sanctions_Card: a player's income cut by a percent, 50% by default; two cuts apply
  one after the other (20 → 10 → 5); the cut is rounded to the nearest army, a half down (50% of 5
  takes 2, 51% takes 3).
- Warzone wiki, Diplomacy_Card: neither of two players may attack the other for some turns (there
  from the next turn on; here from the play on).
- Warzone forum 90852 ("games bombs"): a bomb halves an adjacent enemy territory's armies, an odd
  number leaving the smaller half (here: the share killed rounded up, and one army always stays).
- Warzone wiki, Neutral: blockade and abandon cards send a territory to the neutral army with
  more armies than it had.
- Warzone wiki, Cards: a card is used up when played, whatever it did.
"""

from __future__ import annotations

from typing import Any

# ---- options ------------------------------------------------------------------------------------


def _others(game: Any, seat: int) -> list[int]:
    return [s for s in range(game.players) if s != seat and game.alive[s]]


def options(game: Any, seat: int, k: int) -> list[tuple]:
    """The plays of kind `k` open to `seat` now, by its effect and target."""
    kind = game.rules.cards.kinds.kinds[k]
    effect, target = kind.effect, kind.target
    owner = game.owner
    if effect == "armies":
        return [(k,)]
    if effect == "orders_first" or effect == "orders_last":  # only where orders are given together (issue 45)
        return [(k,)] if game._rounds is not None else []
    if effect == "move":
        stay = game.rules.fortify.stay
        own = game.owned(seat)
        return [(k, t, u) for t in own if game.armies[t] > stay for u in own if u != t]
    if effect == "give":
        return [(k, t, s) for t in game.owned(seat) for s in _others(game, seat)]
    if target == "player":
        return [(k, s) for s in _others(game, seat)]
    if target == "players":
        alive = [s for s in range(game.players) if game.alive[s]]
        return [(k, a, b) for i, a in enumerate(alive) for b in alive[i + 1:]]
    if target == "continent":
        return [(k, c) for c in range(len(game.board.continents))]
    if target == "own":
        if effect == "abandon" and game.neutral is None:
            return []
        return [(k, t) for t in game.owned(seat)]
    if target == "enemy_neighbour":
        near = {u for t in game.owned(seat) for u in game.adjacent[t] if owner[u] != seat and owner[u] >= 0}
        return [(k, u) for u in sorted(near) if not _partner(game, seat, owner[u])]
    if target == "enemy":
        return [(k, u) for u in range(game.size) if owner[u] >= 0 and owner[u] != seat
                and not _partner(game, seat, owner[u])]
    # "territory": any territory in play
    return [(k, u) for u in range(game.size) if owner[u] >= 0]


def _partner(game: Any, seat: int, other: int) -> bool:
    return game.friends is not None and other < game.players and other in game.friends[seat]


# ---- effects ------------------------------------------------------------------------------------
# each: (game, holder, k, kind, answer, moment) → the armies it adds to the placing (armies cards
# played at `reinforce`; otherwise 0). The event `card_played` tells what it did.


def _tell(game: Any, seat: int, kind, **fields) -> None:
    if game.listeners:
        game._event("card_played", seat, card=kind.name, effect=kind.effect,
                    **fields, **({"hidden": True} if kind.hidden else {}))


def armies(game, seat, k, kind, answer, moment) -> int:
    """Armies now (Warzone's reinforcement card): added to the armies to place at `reinforce`,
    placed at once at any other moment."""
    n = max(0, game.value(kind.amount, seat))
    _tell(game, seat, kind, armies=n)
    if moment == "reinforce":
        return n
    if n:
        game.place(seat, seat, n)
    return 0


def _until(game: Any, kind) -> int:
    return game.round + kind.turns


def see(game, seat, k, kind, answer, moment) -> int:
    """See a player's territories / a territory (and its neighbours) / a continent (Warzone's spy,
    reconnaissance, surveillance) as if next to one's own (the fog's `adjacent` level) until the
    holder's turn `turns` rounds on: through the fog (fog.Fog.card_sight), to the holder only;
    without fog it shows nothing new."""
    names, territories = game.names, game.board.territories
    until = _until(game, kind)
    target = kind.target
    if target == "player":
        what, fields = ("player", answer[1]), {"target": names[answer[1]]}
    elif target == "continent":
        what = ("territories", tuple(game.members[answer[1]]))
        fields = {"continent": game.board.continents[answer[1]]}
    else:
        t = answer[1]
        seen = (t, *game.adjacent[t]) if kind.around else (t,)
        what, fields = ("territories", tuple(sorted(set(seen)))), {"territory": territories[t]}
    game.kind_effects.append(("see", k, seat, what[0], what[1], until))
    _tell(game, seat, kind, **fields, until_round=until)  # (the Fog hears it: fog.Fog.card_sight)
    return 0


def move(game, seat, k, kind, answer, moment) -> int:
    """Armies between any two of one's own territories (Warzone's airlift): exactly the armies the
    answer says, the guard staying as in a fortify move."""
    _, source, target, n = answer
    game.armies[source] -= n
    game.armies[target] += n
    t = game.board.territories
    _tell(game, seat, kind, **{"from": t[source], "to": t[target], "armies": n})
    game.changed()
    return 0


def give(game, seat, k, kind, answer, moment) -> int:
    """A territory and its armies become another player's (Warzone's gift)."""
    _, t, to = answer
    game.set_owner(t, to)
    _tell(game, seat, kind, territory=game.board.territories[t], target=game.names[to],
          armies=game.armies[t])
    _lost(game, seat, to)
    return 0


def forbid(game, seat, k, kind, answer, moment) -> int:
    """No attack between the two players, either way, until the holder's turn `turns` rounds on
    (Warzone's diplomacy; here from the play on, not from the next turn)."""
    until = _until(game, kind)
    game.kind_effects.append(("forbid", k, seat, answer[1], answer[2], until))
    _tell(game, seat, kind, players=[game.names[answer[1]], game.names[answer[2]]], until_round=until)
    return 0


def income(game, seat, k, kind, answer, moment) -> int:
    """The player's reinforcements from territories and continents cut by the percent while it lasts
    (Warzone's sanctions; play.income_cut)."""
    until = _until(game, kind)
    percent = game.value(kind.amount, seat)
    game.kind_effects.append(("income", k, seat, answer[1], percent, until))
    _tell(game, seat, kind, target=game.names[answer[1]], percent=percent, until_round=until)
    return 0


def strike(game, seat, k, kind, answer, moment) -> int:
    """The percent of an enemy neighbour's armies killed, the share rounded up, one army always left
    (Warzone's bomb: 10 leave 5)."""
    t = answer[1]
    victim = game.owner[t]
    killed = strike_killed(game.armies[t], game.value(kind.amount, seat))
    game.armies[t] -= killed
    _tell(game, seat, kind, territory=game.board.territories[t], target=game.names[victim], killed=killed,
          armies=game.armies[t])
    game.changed()
    return 0


def strike_killed(armies: int, percent: int) -> int:
    """The armies a strike of `percent` kills of `armies`: the share rounded up (Warzone's bomb on an
    odd number leaves the smaller half), one army always left (here every territory holds one)."""
    return max(0, min(armies - 1, -(-armies * percent // 100)))


def abandon(game, seat, k, kind, answer, moment) -> int:
    """One's own territory goes to the neutral army, its armies multiplied (Warzone's blockade and
    emergency blockade)."""
    t = answer[1]
    neutral = game.neutral
    game.armies[t] *= max(1, game.value(kind.amount, seat))
    game.set_owner(t, neutral)
    game.alive[neutral] = True
    _tell(game, seat, kind, territory=game.board.territories[t], armies=game.armies[t])
    _lost(game, seat, neutral)
    return 0


def _lost(game: Any, seat: int, to: int) -> None:
    """After `seat` gave a territory away: put out if it was his last, then the victory checks."""
    if game.territory_count[seat] == 0 and game.alive[seat]:
        game.eliminate(seat, to)
    game.changed()


def orders(game, seat, k, kind, answer, moment) -> int:
    """Order priority / order delay (issue 45): counted for the round's move order (schedule/move_order.py)."""
    game.order_cards[2 * seat + (kind.effect == "orders_last")] += 1
    _tell(game, seat, kind)
    return 0


EFFECTS = {"orders_first": orders, "orders_last": orders, "armies": armies, "see": see, "move": move, "give": give, "forbid": forbid, "income": income,
           "strike": strike, "abandon": abandon}
