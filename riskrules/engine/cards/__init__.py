"""Cards: the territory cards and their sets (sets.py), and the cards that do something
(issue 44): kinds earned in pieces or drawn from a deck of their own (earning.py), played at
a moment of their holder's turn (play.py), each effect a function (effects.py)."""

from .sets import JOKER, is_set, set_kind, sets_in, symbol_of

__all__ = ["JOKER", "is_set", "set_kind", "sets_in", "symbol_of"]
