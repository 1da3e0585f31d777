"""Cards that do something (issue 44): the kinds of card a rule file declares beside (or instead
of) the territory cards, compiled. engine/cards/ deals, earns and plays them."""

from __future__ import annotations

from dataclasses import dataclass

from .expr import Expression

Number = int | Expression

# what a card does: the effect vocabulary (docs/rule-language.md "Cards that do something")
EFFECTS = ("armies", "see", "move", "give", "forbid", "income", "strike", "abandon",
           "orders_first", "orders_last")  # orders given together (issue 45): order priority, order delay
# what a play names: nothing, a player, two players, an own territory, an enemy territory (next to
# one's own: "enemy_neighbour"), any territory, a continent
TARGETS = (None, "player", "players", "own", "enemy", "enemy_neighbour", "territory", "continent")
# when a kind may be played in its holder's turn
MOMENTS = ("start", "reinforce", "attack", "end")


@dataclass(frozen=True)
class CardKind:
    name: str  # the rule file's name for it: reinforcement, spy, bomb …
    effect: str  # one of EFFECTS
    target: str | None  # one of TARGETS
    amount: Number = 0  # armies: the armies (an expression counted for the holder); income: percent
    # taken off (−50% → 50); strike: percent of the armies killed; abandon: the multiplier
    around: bool = False  # see: the territory and its neighbours (Warzone's reconnaissance)
    turns: int = 1  # how long the effect lasts (see, forbid, income), in rounds from the play
    copies: int = 0  # whole cards of this kind, shuffled into the territory cards' deck (0: earned in pieces)
    pieces: int = 1  # pieces that make one card of this kind (1: whole cards)
    weight: int = 1  # its chance among the kinds when an earned piece's kind is drawn
    minimum: int = 0  # pieces of this kind given every earning turn besides the drawn ones
    moment: str = "reinforce"  # one of MOMENTS
    per_turn: int | None = None  # at most this many of the kind played a turn (None: no limit)
    hidden: bool = False  # others are not told it was played (Warzone's card fog)
    start: int = 0  # pieces of this kind each player holds at the start (Warzone's initial pieces)


@dataclass(frozen=True)
class CardKinds:
    """Every declared kind and how they are earned; Rules.cards.kinds is None without any."""

    kinds: tuple[CardKind, ...]
    earned: int = 1  # pieces earned by a turn with a conquest, each of a kind drawn by weight (besides the minimums)
    limit: int | None = None  # cards of these kinds a hand may hold (more: the holder discards)


def compile_card_kinds(config) -> CardKinds | None:
    """The `card NAME: …` statements of a checked configuration (language/build_cards.py), in the order
    first declared; None without any. `visibility { hide card plays }` makes every kind hidden."""
    from .expr import compile_expression, is_static  # (rules.py imports this module)

    cards = config.data["cards"]
    declared = cards.get("kinds") or {}
    if not declared:
        return None
    hide_all = "card_plays" in (config.data.get("visibility") or {}).get("hide", ())
    kinds = []
    for name, k in declared.items():
        amount = k.get("amount", 0)
        if isinstance(amount, str):
            amount = compile_expression(amount, "game", config.origin(("cards", "kinds", name, "amount", "=")))
            if config.players is not None and is_static(amount):
                amount = amount({"players": config.players})
        effect = k["effect"]
        target = {"armies": None, "see": k.get("target"), "move": "own", "give": "own", "forbid": "players",
                  "income": "player", "strike": "enemy_neighbour", "abandon": "own",
                  "orders_first": None, "orders_last": None}[effect]
        kinds.append(CardKind(
            name=name, effect=effect, target=target, amount=amount, around=k.get("around", False),
            turns=k.get("turns", 1), copies=k.get("copies", 0), pieces=k.get("pieces", 1), weight=k.get("weight", 1),
            minimum=k.get("minimum", 0), moment=k.get("moment", "reinforce"), per_turn=k.get("per_turn"),
            hidden=hide_all or k.get("hidden", False), start=k.get("start", 0)))
    # `earn N` is every piece a turn earns, the minimums among them (Warzone's card minimums); the
    # compiled `earned` is what is left to draw by weight (checks_cards: the minimums fit in N)
    least = sum(k.minimum for k in kinds if not k.copies)
    return CardKinds(kinds=tuple(kinds), earned=cards.get("earned", 1) - least, limit=cards.get("card_limit"))
