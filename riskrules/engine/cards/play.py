"""Cards that do something (issue 44) in a game: the kind hands and pieces, earning, the `play`
decision at each moment of the holder's turn, and the effects that last (see, forbid, income).

Nothing here runs in a game whose rules declare no kinds (`rules.cards.kinds is None`): the
game looks once, when it is made (`start`), and its phases are compiled once (`PHASES`), so
every earlier game draws the same random numbers and runs the same code.

Earning as Warzone's wiki (Cards) tells it, in our words: a turn in which a player takes a territory
earns him the game's number of pieces, however many he takes; each piece's kind drawn by the kinds'
weights, with each kind's minimum besides; a card needs all its pieces. A hand may hold at most the
limit: here a card made over it is discarded at once (Warzone lets one play or discard).

The state, on the game (copied by copying.py; a seat sees its own, the others' counts: Sight):
- kind_hands[seat]: the kind indexes (into rules.cards.kinds.kinds) of the whole cards held;
- kind_pieces[seat][k]: the pieces of kind k held;
- kind_deck: the whole cards of kinds with `copies` until the first turn shuffles them into the
  deck of territory cards (as card ids kind_base + k; with `sets none` they are the whole deck),
  drawn as any card by a turn with a conquest (one a turn under `sets none`); empty after;
- kind_effects: the effects that last, as tuples (effect, k, holder, a, b, until_round): see
  (a: "player"/"territories"… its target, b: the seat or territories), forbid (a, b: the two
  seats), income (a: the seat, b: the percent);
- kind_played[k]: cards of kind k played this turn (for `at most K a turn`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from dataclasses import replace
from itertools import accumulate
from typing import Any

from ...language.rules import NeutralRules
from .. import decisions as D
from ..decisions import Decision, Refusal, N_
from . import effects

MOMENT_NAMES = ("start", "reinforce", "attack", "end")

# a neutral army that holds nothing at the start: what abandoned and nuked territories go to in a game
# whose rules have no neutral army (it never places, reinforces nor attacks)
IDLE_NEUTRAL = NeutralRules(armies=0, dealt=False, territories=0, first=False, start=0, placement=0,
                            reinforcements=None, attacks=False, cards=False)


def needs_neutral(rules) -> bool:
    """Do these rules send territories to the neutral army (abandon cards, nuclear sets)?"""
    kinds = rules.cards.kinds
    return rules.cards.nuclear or (kinds is not None and any(k.effect == "abandon" for k in kinds.kinds))


def with_neutral(rules):
    """`rules` with an idle neutral army when they need one and have none (Game.__init__, once)."""
    if rules.neutral is None and needs_neutral(rules):
        return replace(rules, neutral=IDLE_NEUTRAL)
    return rules


# ---- the game's state ------------------------------------------------------------------------


def start(game: Any) -> None:
    """Made once, in a game whose rules declare kinds: the hands, the pieces at the start (whole
    cards made of them at once, untold), the whole cards waiting for the deck (`mix`), and the
    turn's moments."""
    kinds = game.rules.cards.kinds.kinds
    seats = len(game.names)
    game.kind_hands = [[] for _ in range(seats)]
    game.kind_pieces = [[0] * len(kinds) for _ in range(seats)]
    game.kind_effects = []
    game.kind_played = [0] * len(kinds)
    game.kind_base = game.size + game.board.jokers  # a whole card of kind k in the deck: card id kind_base + k
    game.kind_deck = deque(game.kind_base + k for k, kind in enumerate(kinds) for _ in range(kind.copies))
    for seat in range(game.players):
        for k, kind in enumerate(kinds):
            if kind.start:
                game.kind_pieces[seat][k] = kind.start
                while game.kind_pieces[seat][k] >= kind.pieces:
                    game.kind_pieces[seat][k] -= kind.pieces
                    game.kind_hands[seat].append(k)
    game._at_turn_start = _then(turn_start, game._at_turn_start)
    game._at_turn_end = _then(turn_end, game._at_turn_end)
    pieces = [kind.copies == 0 for kind in kinds]
    game.kind_weights = tuple(accumulate(kind.weight if pieces[k] else 0 for k, kind in enumerate(kinds)))


def _then(first, second):
    if second is None:
        return first

    def both(game):
        first(game)
        second(game)
    return both


def turn_start(game: Any) -> None:
    """The start of a turn: the effects that end now end, the turn's counts start afresh, and the
    holder may play the cards of the moment `start`."""
    seat = game.active
    if game.kind_deck:  # the first turn: the whole cards into the deck
        mix(game)
    if game.kind_effects:
        end_effects(game, seat)
    game.kind_played = [0] * len(game.kind_played)
    play_moment(game, seat, "start")


def mix(game: Any) -> None:
    """The whole cards of kinds with `copies` shuffled into the deck of territory cards (made by the
    setup); under `sets none` (no territory card is drawn) they are the deck."""
    cards = list(game.kind_deck) + (list(game.deck) if game.rules.cards.draw else [])
    game.kind_deck.clear()
    game.rng.shuffle(cards)
    game.deck = deque(cards)


def draw(game: Any, seat: int) -> None:
    """A turn with a conquest draws as Trading.draw_cards does (whole cards, or pieces of a card),
    one card under `sets none`; a card of a kind goes to the kind hand (card_gained), a territory
    card to the hand (card_drawn), then the territory hand's limit."""
    if not game.conquered:
        return
    c = game.rules.cards
    base = game.kind_base
    if not c.draw and not any(kind.copies for kind in c.kinds.kinds):  # (`sets none`, no whole cards: no draw)
        return
    if c.pieces:
        game.pieces[seat] += c.draw
        if game.listeners:
            game._event("card_pieces", seat, pieces=c.draw, held=game.pieces[seat])
        count = 0
        while game.pieces[seat] >= c.pieces and len(game.deck) > count:
            game.pieces[seat] -= c.pieces
            count += 1
    else:
        count = c.draw or 1
    for _ in range(count):
        if not game.deck:
            break
        card = game.deck.popleft()
        if card >= base:
            gain(game, seat, card - base)
        else:
            game.hands[seat].append(card)
            game._event("card_drawn", seat, card=game.card_json(card))
    if c.hand_limit is not None and len(game.hands[seat]) > c.hand_limit:
        game.discard_down(seat, c.hand_limit)


def turn_end(game: Any) -> None:
    play_moment(game, game.active, "end")


def end_effects(game: Any, seat: int) -> None:
    """Effects whose holder's turn begins `turns` rounds after the play end now; so do those of a
    holder who is out, once their round is over."""
    ended = [e for e in game.kind_effects if (e[2] == seat and game.round >= e[5]) or game.round > e[5]]
    if not ended:
        return
    kinds = game.rules.cards.kinds.kinds
    for e in ended:  # one at a time, each told as it ends (the Fog hears a see effect end: fog.Fog.card_sight)
        game.kind_effects = [x for x in game.kind_effects if x is not e]
        if game.listeners:
            game._event("card_effect_ended", e[2], card=kinds[e[1]].name, effect=e[0],
                        **({"hidden": True} if kinds[e[1]].hidden else {}))


# ---- earning -----------------------------------------------------------------------------------


def earn(game: Any, seat: int) -> None:
    """A turn with a conquest: `earned` pieces of kinds drawn by weight, then each kind's `minimum`;
    `pieces` of a kind make a card of it. Over the hand's limit, the cards made last are discarded.
    (Whole cards are drawn from the deck: `draw`.)"""
    if not game.conquered or seat == game.neutral or not game.alive[seat]:
        return
    ck = game.rules.cards.kinds
    kinds = ck.kinds
    weights = game.kind_weights
    got = [0] * len(kinds)
    if weights[-1] > 0:
        for _ in range(ck.earned):
            got[bisect_right(weights, int(game.rng.random() * weights[-1]))] += 1
    for k, kind in enumerate(kinds):
        if kind.copies == 0:
            got[k] += kind.minimum
    pieces = game.kind_pieces[seat]
    for k, n in enumerate(got):
        if not n:
            continue
        kind = kinds[k]
        pieces[k] += n
        if game.listeners:
            game._event("card_piece", seat, card=kind.name, pieces=n, held=pieces[k])
        while pieces[k] >= kind.pieces:
            pieces[k] -= kind.pieces
            gain(game, seat, k)


def gain(game: Any, seat: int, k: int) -> None:
    kinds = game.rules.cards.kinds
    hand = game.kind_hands[seat]
    if kinds.limit is not None and len(hand) >= kinds.limit:
        if game.listeners:
            game._event("kind_discarded", seat, card=kinds.kinds[k].name)
        return
    hand.append(k)
    if game.listeners:
        game._event("card_gained", seat, card=kinds.kinds[k].name)


# ---- playing -----------------------------------------------------------------------------------


class Play(Decision):
    """The `play` decision: options (k, …targets) (SPEC44); a move's answer adds the armies:
    (k, from, to, armies), checked as a fortify move (the guard stays). `moment`: when in the turn."""

    __slots__ = ("moment",)

    def check(self, answer: Any):
        if type(answer) is tuple and len(answer) == 4 and all(type(x) is int for x in answer) \
                and answer[:3] in self.options:
            stay = self.view.rules.fortify.stay
            most = self.view.armies[answer[1]] - stay
            if not 1 <= answer[3] <= most:  # (as a fortify move's answer is refused)
                if not stay:
                    return Refusal(N_("move between 1 and {most} armies"), most=most)
                return Refusal(N_("move between 1 and {most} armies (one must stay behind)"), most=most)
            return None
        if type(answer) is tuple and len(answer) == 3 and answer in self.options \
                and self.view.rules.cards.kinds.kinds[answer[0]].effect == "move":
            return Refusal(N_("expected the card, from, to and a number of armies"))
        return super().check(answer)


def play_moment(game: Any, seat: int, moment: str) -> int:
    """Put the `play` decision to `seat` while he holds a kind of this moment not over its `per_turn`
    and has something to play it on; returns the armies the armies cards played at `reinforce`
    add to the placing."""
    if seat >= game.players or not game.alive[seat]:
        return 0
    hand = game.kind_hands[seat]
    if not hand:
        return 0
    kinds = game.rules.cards.kinds.kinds
    added = 0
    while True:
        hand = game.kind_hands[seat]
        playable = sorted({k for k in hand if kinds[k].moment == moment
                           and (kinds[k].per_turn is None or game.kind_played[k] < kinds[k].per_turn)})
        if not playable:
            return added
        options = [o for k in playable for o in effects.options(game, seat, k)]
        if not options:
            return added
        decision = Play(D.PLAY, seat, options, seat, True)
        decision.moment = moment
        answer = game.ask(decision)
        if answer is None:
            return added
        added += play(game, seat, answer, moment)
        if game.result is not None:
            return added


def play(game: Any, seat: int, answer: tuple, moment: str) -> int:
    """Play the card `answer` names: it leaves the hand, its effect is done, the event told."""
    k = answer[0]
    kind = game.rules.cards.kinds.kinds[k]
    game.kind_hands[seat].remove(k)
    game.kind_played[k] += 1
    return effects.EFFECTS[kind.effect](game, seat, k, kind, answer, moment)


# ---- what lasts: forbid and income -----------------------------------------------------------------


def forbidding(game: Any, a: int, b: int):
    """The forbid effect that keeps `a` and `b` from attacking each other now, or None."""
    for e in game.kind_effects:
        if e[0] == "forbid" and {e[3], e[4]} == {a, b}:
            return e
    return None


def income_cut(game: Any, seat: int, income: int) -> int:
    """What the income effects on `seat` take off `income` (territories and continents), one after
    another (Warzone: two 50% sanctions on 20 leave 10, then 5), each cut rounded to the nearest
    army, a half down (Warzone's rounding: 50% of 5 takes 2, 51% takes 3)."""
    left = income
    for e in game.kind_effects:
        if e[0] == "income" and e[3] == seat and left > 0:
            left -= min(left, -((100 - 2 * left * e[4]) // 200))
    return income - left


class ForbiddenAttack(Decision):
    """An attack decision while a forbid effect holds: an attack it forbids is refused with a
    sentence naming the card."""

    __slots__ = ()

    def check(self, answer: Any):
        reason = super().check(answer)
        if reason is None or type(answer) is not tuple or len(answer) < 2 or not all(type(x) is int for x in answer):
            return reason
        game = self.view._game
        size = game.size
        if not (0 <= answer[0] < size and 0 <= answer[1] < size):
            return reason
        a, b = game.owner[answer[0]], game.owner[answer[1]]
        e = forbidding(game, a, b) if a >= 0 and b >= 0 else None
        if e is None:
            return reason
        names = game.names
        return Refusal(N_("{card} forbids attacks between {a} and {b} until {holder}'s turn in round {round}"),
                       card=game.rules.cards.kinds.kinds[e[1]].name, a=names[e[3]], b=names[e[4]],
                       holder=names[e[2]], round=e[5])


def attack_phase(game: Any, decider: int, side: int) -> None:
    """The attack phase in a game with kinds: the attacks the forbid effects forbid left out, and
    after each conquest the cards of the moment `attack` may be played again (the options are made
    afresh for each attack: the plays change the board)."""
    least = game.rules.battle.least_to_attack
    armies = game.armies
    futile = game._futile
    dropped: set = set()
    made = -1
    while True:
        options = [o for o in game.attack_options(side) if o not in dropped]
        forbidden = False
        if game.kind_effects:
            owner = game.owner
            kept = [o for o in options if forbidding(game, owner[o[0]], owner[o[1]]) is None]
            forbidden = len(kept) != len(options)
            options = kept
        if not options:
            return
        kind = ForbiddenAttack if forbidden else Decision
        chosen = game.ask(kind(D.ATTACK, decider, options, side, True))
        if chosen is None:
            return
        source, target = chosen[0], chosen[1]
        made = game.owner_changes
        if len(chosen) == 2:
            game._fight(game, decider, side, source, target)
        else:
            game.press(decider, side, source, target, chosen[2])
        if game.owner_changes == made:
            if armies[source] >= least and futile is not None and futile(game, source, target):
                dropped.add((source, target))
            continue
        dropped.clear()
        if game.owner[target] == side and side == game.active:
            play_moment(game, side, "attack")


# ---- the phases ----------------------------------------------------------------------------------


def reinforce(game: Any, seat: int) -> None:
    """The reinforce phase with kinds: as Turn.reinforce, less what income effects cut, plus the armies
    cards played at `reinforce`. (Rules with an `income` section reinforce by engine/income.py, which
    takes the cut off their income, then place the cards' armies.)"""
    if not game.alive[seat]:  # (he gave or abandoned his last territory at the start of his turn)
        return
    if game.rules.income is not None:
        from .. import income

        extra = play_moment(game, seat, "reinforce")
        if not game.alive[seat]:
            return
        income.reinforce(game, seat)
        if extra:
            game.place(seat, seat, extra)
        return
    from_cards = game.trade_cards(seat, down_to=None)
    count = game.rules.territory_armies
    from_territories = count(game.quantities(seat, count.names))
    held = game.held_continents(seat)
    bonus = game.rules.continent_bonus
    from_continents = sum(game.value(bonus[k], seat) for k in held)
    cut = income_cut(game, seat, from_territories + from_continents) if game.kind_effects else 0
    game.turn_total = from_territories + from_continents - cut + from_cards  # (before the cards played now)
    extra = play_moment(game, seat, "reinforce")
    if not game.alive[seat]:
        return
    total = from_territories + from_continents - cut + from_cards + extra
    game.turn_total = total
    if game.listeners:
        game.tell_reinforcements(seat, held, from_territories, from_continents, from_cards, total,
                                 **({"cut": cut} if cut else {}), **({"from_card_kinds": extra} if extra else {}))
    game.place(seat, seat, total)


def attack(game: Any, seat: int) -> None:
    if not game.alive[seat]:
        return
    play_moment(game, seat, "attack")
    attack_phase(game, seat, seat)
    draw(game, seat)
    earn(game, seat)


PHASES = {"reinforce": reinforce, "attack": attack}

