"""Rules with cards that do something, built on a loaded edition (until the rule language
compiles them: branch cards-lang), for tests/test_cards_engine_*.py."""

from __future__ import annotations

import dataclasses

from conftest import load
from riskrules.language.card_kinds import CardKind, CardKinds

# one of each effect, as Warzone's default cards (SPEC44's examples), whole cards at the start
EVERY_KIND = (
    CardKind("reinforcement", "armies", None, amount=5),
    CardKind("spy", "see", "player", turns=1),
    CardKind("reconnaissance", "see", "territory", around=True),
    CardKind("surveillance", "see", "continent"),
    CardKind("airlift", "move", "own"),
    CardKind("gift", "give", "own"),
    CardKind("diplomacy", "forbid", "players"),
    CardKind("sanctions", "income", "player", amount=50),
    CardKind("bomb", "strike", "enemy_neighbour", amount=50),
    CardKind("blockade", "abandon", "own", amount=3, moment="end"),
)


def with_kinds(rules, kinds, earned: int = 1, limit=None, nuclear: bool = False):
    """`rules` with the card kinds `kinds` (CardKind tuples) declared."""
    return dataclasses.replace(rules, cards=dataclasses.replace(
        rules.cards, kinds=CardKinds(tuple(kinds), earned, limit) if kinds else None, nuclear=nuclear))


def kinds_rules(kinds=EVERY_KIND, edition: str = "classic", players: int = 3, **options):
    return with_kinds(load(edition, players=players), kinds, **options)


def whole(kind: CardKind, start: int = 1) -> CardKind:
    """`kind` as a whole card, `start` of them in each hand at the start."""
    return dataclasses.replace(kind, pieces=1, start=start)


def kind_index(rules, name: str) -> int:
    return next(i for i, kind in enumerate(rules.cards.kinds.kinds) if kind.name == name)


def placed(rules, agents, holds: dict[str, tuple[int, int]], seed: int = 1, listeners=(), seat_listeners=None):
    """A game of `rules` put in a position, in round 1 and seat 0's turn: `holds` names the
    territories given (seat, armies); the others go round the players, one army each. Nobody holds
    a card that does something but as the test gives (game.kind_hands)."""
    from collections import deque

    from riskrules.engine.game import Game

    game = Game(rules, agents, seed, listeners=list(listeners), seat_listeners=seat_listeners)
    index = game.board.index
    for name in holds:
        assert name in index, name
    for t in range(game.size):
        seat, armies = holds.get(game.board.territories[t], (t % game.players, 1))
        game.set_owner(t, seat)
        game.armies[t] = armies
    game.deck = deque(range(game.size + game.board.jokers))
    for hand in game.kind_hands or ():
        hand.clear()
    game.active, game.turn, game.round = 0, 1, 1
    return game
