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
