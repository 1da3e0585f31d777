"""The neutral army's own moves (issue 45: neutrals that act), played by the engine at the start
of each round, before the first seat's turn — no agent, its draws from the game's rng, so the
same seed plays the same game. What it does is `Rules.acting` (language/acting.py):

- round 1: `infects` — one territory of each player with more than one, drawn at random, joins
  the neutral army with its armies (SMG's zombies' first turn); `takes back its territories`
  notes the territories it holds now;
- every later round, in this order: killer neutrals take back each of their territories that a
  player has held since `after` rounds (Conquer Club's killer neutrals: neutral again with the
  stated armies, or with those it held as play began; a player left with nothing is out); every
  neutral territory grows; then each territory it holds now (not one these attacks take), in the
  board's order, attacks the neighbour of a player that the policy picks among those it
  outnumbers `ratio` times (weakest: fewest armies, strongest: most, random: drawn; ties: the
  first in the board's order), rolling the rules' dice (their modifiers aside) until it takes it
  or keeps 1 army, and moves all but 1 in.

Events: `neutral_infects`, `neutral_takes_back`, `neutral_grows` (one per territory), and the
attack as any player's (`attack`, `battle`, `conquest`)."""

from __future__ import annotations

from typing import Any


class ActingState:
    """What the neutral army's moves keep between rounds (copied with the game)."""

    def __init__(self, back: frozenset[int]):
        self.back = back  # the territories it takes back (killer neutrals)
        self.held_since: dict[int, int] = {}  # such a territory → the round since which a player holds it
        self.starting: dict[int, int] = {}  # such a territory → its armies as play began (`their starting armies`)

    def copy(self) -> ActingState:
        other = ActingState(self.back)
        other.held_since = dict(self.held_since)
        other.starting = self.starting  # (set once, in round 1)
        return other


def round_start(game: Any) -> None:
    """The neutral army's moves at the start of round `game.round`."""
    a, n = game.rules.acting, game.neutral
    state = game.acting
    if game.round == 1:
        if a.takes_back_own:
            state.back = frozenset(game.owned(n))
        state.starting = {t: max(1, game.armies[t]) for t in state.back}
        if a.infects:
            _infect(game, n)
        return
    if state.back:
        _take_back(game, a, n, state)
    if not game.alive[n]:
        return
    if a.grows or a.grows_percent:
        _grow(game, a, n)
    if a.target is not None:
        for t in list(game.owned(n)):
            if game.owner[t] == n:
                _assault(game, a, n, t)


def _infect(game: Any, n: int) -> None:
    for seat in range(game.players):
        mine = game.owned(seat)
        if game.alive[seat] and len(mine) > 1:
            t = mine[int(game.rng.random() * len(mine))]
            game.set_owner(t, n)
            if game.listeners:
                game._event("neutral_infects", n, territory=game.board.territories[t], **{"from": game.names[seat]},
                            armies=game.armies[t])
    game.changed()


def _take_back(game: Any, a: Any, n: int, state: ActingState) -> None:
    owner, since = game.owner, state.held_since
    for t in sorted(state.back):
        if owner[t] == n:
            since.pop(t, None)
            continue
        if game.round - since.setdefault(t, game.round - 1) < a.after:
            continue
        loser = owner[t]
        del since[t]
        game.alive[n] = True  # (a neutral army put out comes back with it)
        game.set_owner(t, n)
        game.armies[t] = armies = a.back_armies or state.starting.get(t, 1)
        if game.listeners:
            game._event("neutral_takes_back", n, territory=game.board.territories[t],
                        **{"from": game.names[loser]}, armies=armies)
        if game.territory_count[loser] == 0 and game.alive[loser]:
            game.eliminate(loser, n)
        game.changed()


def _grow(game: Any, a: Any, n: int) -> None:
    armies = game.armies
    for t in game.owned(n):
        added = a.grows or armies[t] * a.grows_percent // 100
        if added:
            armies[t] += added
            if game.listeners:
                game._event("neutral_grows", n, territory=game.board.territories[t], armies=added)
    game.changed()


def _assault(game: Any, a: Any, n: int, t: int) -> None:
    armies, owner = game.armies, game.owner
    if armies[t] < 2:
        return
    near = [u for u in game.adjacent[t] if 0 <= owner[u] < game.players and armies[t] >= a.ratio * armies[u]]
    if not near:
        return
    if a.target == "weakest":
        u = min(near, key=lambda v: (armies[v], v))
    elif a.target == "strongest":
        u = min(near, key=lambda v: (-armies[v], v))
    else:
        u = sorted(near)[int(game.rng.random() * len(near))]
    if game.listeners:
        game._event("attack", n, **{"from": game.board.territories[t], "to": game.board.territories[u], "keep": 1})
    b = game.rules.battle
    victim = owner[u]
    roll = game.dice.roll if b.sides == 6 else (lambda k: game.dice.roll_sides(k, b.sides))
    while armies[t] > 1 and owner[u] == victim:
        rolled, defending = min(b.attacker_dice(armies[t]), armies[t] - 1), b.defender_dice(armies[u])
        if rolled < 1 or defending < 1:
            return
        attack, defence = sorted(roll(rolled), reverse=True), sorted(roll(defending), reverse=True)
        won = sum(x > y or (x == y and not b.ties_to_defender) for x, y in zip(attack, defence))
        lost = min(rolled, defending) - won
        armies[t] -= lost
        armies[u] -= won
        if game.listeners:
            game._event("battle", n, **{
                "from": game.board.territories[t], "to": game.board.territories[u], "defender": game.names[victim],
                "attacker_armies": armies[t] + lost, "defender_armies": armies[u] + won, "committed": rolled,
                "attacker_dice": attack, "defender_dice": defence, "attacker_losses": lost, "defender_losses": won})
        if armies[u] == 0:
            moved = armies[t] - 1
            game.move_in(n, t, u, moved, min(rolled, moved))
