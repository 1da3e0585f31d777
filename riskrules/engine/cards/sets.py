"""Cards: the deck's identities, and which three cards make a set.

Card ids 0…T-1 are the territory cards (card i shows territory i); ids T and above are
jokers, which carry every symbol.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from ...language.rules import Number, Rules

JOKER = -1


def symbol_of(card: int, rules: Rules) -> int:
    """The symbol index on a card, or JOKER."""
    board = rules.board
    return board.card_symbol[card] if card < board.size else JOKER


def is_set(symbols: tuple[int, ...], joker_pair: bool = False) -> bool:
    """Do three cards make a set: three alike or one of each, jokers standing for any symbol?
    Under `joker with a pair` a joker makes a set only with two alike cards."""
    real = [s for s in symbols if s != JOKER]
    if joker_pair and len(real) < 3:
        return len(real) == 2 and real[0] == real[1]
    return len(set(real)) in (1, len(real))


def set_kind(symbols: tuple[int, ...], rules: Rules, worth: Callable[[Number], int]) -> str | None:
    """What three cards are worth as a set: a symbol's name (three alike), 'mixed' (one of
    each), 'joker_pair' (under `joker with a pair`), or None (no set). Jokers stand for whatever
    serves best: `worth` counts a value of the rules (an expression, for the trading player at
    the trade: Game.value)."""
    real = [s for s in symbols if s != JOKER]
    names = rules.board.symbols
    if rules.cards.joker_pair and len(real) < 3:  # a joker with a pair (the only set a joker makes), or none
        return "joker_pair" if is_set(symbols, True) else None
    if len(real) >= 2:
        if not is_set(symbols):
            return None
        return names[real[0]] if len(set(real)) == 1 else "mixed"
    # one real card and two jokers (or only jokers): the more valuable reading
    values = rules.cards.fixed
    if real and values is not None and worth(values.get(names[real[0]], 0)) > worth(values.get("mixed", 0)):
        return names[real[0]]
    return "mixed"


def sets_in(hand: list[int], rules: Rules) -> list[tuple[int, int, int]]:
    """Every set in a hand, once each; jokers are interchangeable, so the lowest ids are used."""
    board = rules.board
    size = board.size
    pair = rules.cards.joker_pair
    if not hand or max(hand) < size:  # (the common hand, no joker: three real cards are a set when their
        symbol = board.card_symbol  # symbols are all alike or all different; each trio comes once, in order)
        return [trio for trio in combinations(sorted(hand), 3)
                if (symbol[trio[0]] == symbol[trio[1]]) == (symbol[trio[1]] == symbol[trio[2]])
                == (symbol[trio[0]] == symbol[trio[2]])]
    jokers = sorted([c for c in hand if c >= size])
    cards = sorted([c for c in hand if c < size]) + jokers[:2]
    found = []
    seen = set()
    for trio in combinations(cards, 3):
        key = tuple(c if c < size else -1 for c in trio)
        if key in seen:
            continue
        if is_set(tuple(symbol_of(c, rules) for c in trio), pair):
            seen.add(key)
            found.append(_canonical(trio, jokers, size))
    return found


def _canonical(trio: tuple[int, ...], jokers: list[int], size: int) -> tuple[int, int, int]:
    real = sorted(c for c in trio if c < size)
    count = len(trio) - len(real)
    return tuple(real + jokers[:count])  # type: ignore[return-value]
