"""Special units in a game (issue 45; the kinds: language/units.py): on the board, in battle, moving
with their armies, and what their loss does.

Nothing here runs in a game whose rules declare no units (`rules.units is None`): `start` is called
once, when the game is made, and only then are the game's battle functions wrapped, so every
earlier game runs the same code and draws the same random numbers.

The state, on the game (copied by copying.py): `units`, territory → its units, each a list
[kind index, strength, the turn its die-6 was last used]; a unit belongs to whoever holds its
territory. The units are put on the board at the start of the first turn and grow at the start
of each round after the first.

Semantics (the platforms' words in docs/rule-language.md "Special units"; where they are silent):
- kill rates: a side fights as its armies plus its units' strengths (the units of the attacking
  territory fight in every attack from it); its kills fall on the other side's armies first, and
  what is left kills a unit only whole (Warzone's commander: damage to kill 7), in the order the
  units stand; a unit that lives keeps one army of its side with it (it holds its territory, or
  goes on into the one taken).
- dice: `dice N` — one die of its side per such unit has N sides; `die 6 once a turn` — once a
  turn (of the game), in an attack of its owner wherever the unit stands (Hasbro's experts: the
  commander's influence), the lowest die of his roll, if lower, becomes that face; a defending
  unit is lost with its territory (`returns on loss`: it stands again on a territory of its owner).
- a unit goes with its armies when a conquest or a fortify move leaves at most one army behind.
- its loss: `loss eliminates its owner` puts him out (his territories to the neutral army, his
  cards to the one who killed it); `splits into K` puts K units of half its strength (which
  split no more) on territories of its owner drawn at random, none where a unit stands.
"""

from __future__ import annotations

from typing import Any

from . import decisions as D
from .combat.kill_rates import draw_kills, futile
from .decisions import Decision
from .dice import fought

KIND, STRENGTH, USED = 0, 1, 2  # a unit's fields


def start(game: Any) -> None:
    """Made once, in a game whose rules declare units: the empty board of units and the wrapped
    battle functions; the placing and growing at the turns' start."""
    game.units = {}
    game.unit_round = 0  # the round whose start was last seen (units grow at each new one)
    fight, press, is_futile = game._fight, game._press, game._futile
    kills = game.rules.battle.kills is not None
    sixes = game.rules.units.six and not kills

    def involved(g, side, source, target) -> bool:  # units here, or a die-6 of the attacker unused this turn
        return source in g.units or target in g.units or (sixes and _six(g, side) is not None)

    def unit_fight(g, decider, side, source, target, floor=0):
        if involved(g, side, source, target):
            (_kill_battle if kills else _dice_battle)(g, decider, side, source, target, floor)
        else:
            fight(g, decider, side, source, target, floor)

    def unit_press(g, decider, side, source, target, floor):
        if not involved(g, side, source, target):
            press(g, decider, side, source, target, floor)
            return
        armies, owner = g.armies, g.owner
        defender = owner[target]
        while armies[source] >= floor and owner[target] == defender:
            if unit_futile(g, source, target):
                return  # no battle of these could kill anybody: pressed, it would never end
            unit_fight(g, decider, side, source, target, floor)  # (one that kills nobody by luck: again)

    def unit_futile(g, source, target):
        if source not in g.units and target not in g.units:
            return is_futile is not None and is_futile(g, source, target)
        if not kills:
            return False
        b = g.rules.battle
        return bool(g.armies[target]) and futile(b.kills, g.armies[source] - b.guard + _strength(g, source),
                                                  g.armies[target] + _strength(g, target))

    game._fight, game._press, game._futile = unit_fight, unit_press, unit_futile
    before = game._at_turn_start

    def at_turn_start(g):
        if g.unit_round == 0:
            place_all(g)
        elif g.round > g.unit_round:
            grow(g)
        g.unit_round = g.round
        if before is not None:
            before(g)
    game._at_turn_start = at_turn_start


def _strength(g, t: int) -> int:
    return sum(u[STRENGTH] for u in g.units.get(t, ()))


def _tell(g, kind: str, seat: int, **fields) -> None:
    if g.listeners:
        g._event(kind, seat, **fields)


def put(g, t: int, k: int, strength: int) -> None:
    g.units.setdefault(t, []).append([k, strength, 0])
    _tell(g, "unit_placed", g.owner[t], unit=g.rules.units.kinds[k].name, territory=g.board.territories[t],
          strength=strength)


def place_all(g) -> None:
    """The units of the start: those on named territories (with whoever holds them), then each
    player's, on his territories drawn at random (none where a unit stands, while there are others)."""
    kinds = g.rules.units.kinds
    for k, kind in enumerate(kinds):
        for t in kind.on:
            if g.owner[t] >= 0 and (not kind.neutral or g.owner[t] == g.neutral):
                put(g, t, k, kind.strength)
    for seat in range(g.players):
        for k, kind in enumerate(kinds):
            for _ in range(kind.each):
                mine = g.territories_of(seat)
                free = [t for t in mine if t not in g.units] or mine
                if free and kind.chosen:  # the player chooses (he is shown the unit's name)
                    put(g, g.ask(Decision(D.UNIT, seat, free, seat, False, 0, None, None, (kind.name,))), k,
                        kind.strength)
                elif free:
                    put(g, free[g.rng.randrange(len(free))], k, kind.strength)


def grow(g) -> None:
    kinds = g.rules.units.kinds
    for t in sorted(g.units):
        for u in g.units[t]:
            more = kinds[u[KIND]].grows
            if more:
                u[STRENGTH] += more
                _tell(g, "unit_grown", g.owner[t], unit=kinds[u[KIND]].name, territory=g.board.territories[t],
                      strength=u[STRENGTH])


def follow(g, source: int, target: int) -> None:
    """The units of `source` go to `target` with their armies, if at most one army stays behind."""
    moving = g.units.get(source)
    if not moving or g.armies[source] > 1 or g.owner[source] != g.owner[target]:
        return
    del g.units[source]
    g.units.setdefault(target, []).extend(moving)
    names = g.rules.units.kinds
    for u in moving:
        _tell(g, "unit_moved", g.owner[target], unit=names[u[KIND]].name, **{
            "from": g.board.territories[source], "to": g.board.territories[target]})


def _whole(units: list, left: int) -> list:
    """The units killed by `left` kills once their side's armies are all killed: each only whole,
    in the order they stand."""
    dead = []
    for u in units:
        if left >= u[STRENGTH]:
            left -= u[STRENGTH]
            dead.append(u)
    return dead


def _kill_battle(g, decider: int, side: int, source: int, target: int, floor: int = 0) -> None:
    """A kill-rate battle with units on either territory (see the module's doc)."""
    b = g.rules.battle
    kr = b.kills
    armies = g.armies
    committed = armies[source] - (floor - 1 if floor else b.guard)
    defending = armies[target]
    attacking_units, defending_units = g.units.get(source, []), g.units.get(target, [])
    if not defending and not defending_units:
        g.move_in(side, source, target, committed, committed)
        follow(g, source, target)
        return
    kills = getattr(g.dice, "kills", None)
    random = g.dice.uniform
    attacker_kills = draw_kills(committed + _strength(g, source), kr.attacker, kr.luck, kr.weighted, random, kills)
    defender_kills = draw_kills(defending + _strength(g, target), kr.defender, kr.luck, kr.weighted, random, kills)
    defender_losses = min(attacker_kills, defending)
    attacker_losses = min(defender_kills, committed)
    lost_defending = _whole(defending_units, attacker_kills - defender_losses)
    lost_attacking = _whole(attacking_units, defender_kills - attacker_losses)
    if attacker_losses == committed and len(lost_attacking) < len(attacking_units):
        attacker_losses -= 1  # an attacking unit that lives goes on with one army
    if defender_losses == defending and (len(lost_defending) < len(defending_units) or attacker_losses == committed):
        defender_losses -= 1  # a unit that lives holds with one army; both wiped out: one army survives
    armies[source] -= attacker_losses
    armies[target] -= defender_losses
    if g.listeners:
        g.tell_battles(side, source, target, committed, committed, defending, 1, attacker_losses, defender_losses)
    loser = g.owner[target]
    dead = [(target, loser, u, side) for u in _remove(g, target, lost_defending)]
    dead += [(source, side, u, loser) for u in _remove(g, source, lost_attacking)]
    if armies[target] == 0:
        survivors = committed - attacker_losses
        g.move_in(side, source, target, survivors, survivors)
        if g.owner[target] == side:
            follow(g, source, target)
    for where, owner, u, by in dead:
        lose(g, where, owner, u, by)


def _remove(g, t: int, dead: list) -> list:
    if dead:
        left = [u for u in g.units[t] if all(u is not d for d in dead)]
        if left:
            g.units[t] = left
        else:
            del g.units[t]
    return dead


def _dice_battle(g, decider: int, side: int, source: int, target: int, floor: int = 0) -> None:
    """One roll of dice with units on either territory: Battle.battle's roll, one at a time, with the
    units' dice (see the module's doc)."""
    b = g.rules.battle
    armies = g.armies
    where = (source, target)
    most_attacking = b.attacker_dice(armies[source])
    most_defending = b.defender_dice(armies[target])
    ties_to_defender = b.ties_to_defender
    if b.modified and b.modifiers is not None:
        most_attacking, most_defending, ties_to_defender = b.modifiers.battle(
            g, side, source, target, most_attacking, most_defending, ties_to_defender)
    options = g._dice_options[most_attacking]
    if len(options) == 1:
        committed, rolled = options[0]
    else:
        committed, rolled = g.ask(Decision(D.DICE, decider, options, side, False, 0, where))
    defender = g.owner[target]
    if b.defender_chooses and most_defending > 1 and g.alive[defender]:
        decides = defender if defender != g.neutral else g.other_player()
        defending = g.ask(Decision(D.DEFEND, decides, g._defend_options[most_defending], defender, False, rolled,
                                   where))
    else:
        defending = most_defending
    attack = _roll(g, source, rolled)
    defence = _roll(g, target, defending)
    if turned := _six(g, side):  # the attacker's die-6, once a turn, wherever its unit stands
        kind, u = turned
        if attack[-1] < kind.six:
            u[USED] = g.turn
            attack[-1] = kind.six
            attack.sort(reverse=True)
    rerolled = g._reroll(decider, side, source, target, attack, defence,
                         lambda n: g.dice.roll_sides(n, b.sides)) if b.reroll else None
    attacker_losses, defender_losses = fought(attack, defence, ties_to_defender)
    armies[source] -= attacker_losses
    armies[target] -= defender_losses
    if g.listeners:
        g._event("battle", side, **{
            "from": g.board.territories[source], "to": g.board.territories[target],
            "defender": g.names[defender], "attacker_armies": armies[source] + attacker_losses,
            "defender_armies": armies[target] + defender_losses, "committed": committed, "attacker_dice": attack,
            "defender_dice": defence, "attacker_losses": attacker_losses,
            "defender_losses": defender_losses, **({"reroll": rerolled} if rerolled else {})})
    if armies[target] == 0:
        lost = _remove(g, target, list(g.units.get(target, ())))
        g.conquer(decider, side, source, target, committed if b.move_committed else rolled)
        if g.owner[target] == side:
            follow(g, source, target)
        for u in lost:
            lose(g, target, defender, u, side)


def _roll(g, t: int, n: int) -> list[int]:
    """`n` dice of the side of territory `t`, sorted high to low: one die per unit with `dice N` has
    N sides, the rest the battle's."""
    sides = g.rules.battle.sides
    kinds = g.rules.units.kinds
    units = g.units.get(t, ())
    special = [kinds[u[KIND]].dice for u in units if kinds[u[KIND]].dice][:n]
    faces = [g.dice.roll_sides(1, s)[0] for s in special]
    if n > len(faces):
        rest = n - len(faces)
        faces += g.dice.roll(rest) if sides == 6 else g.dice.roll_sides(rest, sides)
    faces.sort(reverse=True)
    return faces


def _six(g, side: int):
    """(kind, unit) of a die-6 unit of `side` not used this turn, anywhere on the board; else None."""
    kinds, owner, turn = g.rules.units.kinds, g.owner, g.turn
    for t, here in g.units.items():
        if owner[t] == side:
            for u in here:
                kind = kinds[u[KIND]]
                if kind.six and u[USED] != turn:
                    return kind, u
    return None


def lose(g, t: int, owner: int, u: list, by: int) -> None:
    """What a unit's loss does: tell it, put its owner out, or split it."""
    kind = g.rules.units.kinds[u[KIND]]
    territories = g.board.territories
    if kind.eliminates and owner != g.neutral and g.alive[owner]:
        gone = g.territories_of(owner)
        for x in gone:
            g.set_owner(x, g.neutral)
        _tell(g, "unit_lost", owner, unit=kind.name, territory=territories[t], by=g.names[by],
              to_neutral=[territories[x] for x in gone])
        g.eliminate(owner, by)
        return
    _tell(g, "unit_lost", owner, unit=kind.name, territory=territories[t], by=g.names[by])
    if kind.returns and owner != g.neutral and g.alive[owner]:  # it stands again on one of his territories
        mine = g.territories_of(owner)
        if mine:
            put(g, mine[g.rng.randrange(len(mine))], u[KIND], kind.strength)
        return
    if kind.splits and u[USED] >= 0 and owner is not None:
        half = u[STRENGTH] // 2
        mine = [x for x in g.territories_of(owner) if x not in g.units]
        for _ in range(min(kind.splits, len(mine))):
            x = mine.pop(g.rng.randrange(len(mine)))
            put(g, x, u[KIND], half)
            g.units[x][-1][USED] = -1  # a unit of a split splits no more
