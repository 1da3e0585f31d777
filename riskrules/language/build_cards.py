"""The builder's statements of cards that do something (issue 44): `card NAME: EFFECT, OPTION …`,
`earn N pieces per turn with conquest`, `card limit N` and `sets nuclear` (a mixin of
build_sections._Sections; the helpers `at`, `here` and `problem` are build._Builder's).

A kind is one value at ("cards", "kinds", NAME): its effect and the options it states, so that
a later file (an overlay, a variant, a child) replaces one kind whole and keeps the others.
"""

from __future__ import annotations

from lark import Token, Transformer, v_args

from .model import Assign

# the effect phrases' targets (language/card_kinds.py TARGETS)
SEE_TARGETS = {"player": "player", "territory": "territory", "territory_and_its_neighbours": "territory",
               "continent": "continent"}
# the words of an option, as an error names it
OPTION_WORDS = {"copies": "in the deck", "pieces": "pieces", "weight": "weight", "minimum": "minimum",
                "start": "pieces at the start", "moment": "played", "per_turn": "at most", "turns": "for",
                "hidden": "hidden"}


class _Option(tuple):
    """One option of a card statement: (key, value, where)."""


class _Effect(tuple):
    """The effect of a card statement: (value, parts)."""


@v_args(meta=True)
class _CardStatements(Transformer):
    def card_kind(self, meta, c):
        name, (value, parts), *options = c
        value = dict(value)
        for key, option, where in options:
            if key in value:
                self.problem(f"'{OPTION_WORDS[key]}' is given twice for the card '{name}'", where)
                continue
            value[key] = option
            parts[(key,)] = where
        return Assign(("cards", "kinds", str(name)), value, self.here(meta), {("name",): self.at(name), **parts})

    def kind_armies(self, meta, c):
        amount, where = c[0]
        return _Effect(({"effect": "armies", "amount": amount}, {("amount", "="): where}))

    def see_target(self, meta, c):
        return "_".join(t.value for t in c)

    def kind_see(self, meta, c):
        value = {"effect": "see", "target": SEE_TARGETS[c[0]]}
        if c[0] == "territory_and_its_neighbours":
            value["around"] = True
        return _Effect((value, {}))

    def kind_move(self, meta, c):
        return _Effect(({"effect": "move"}, {}))

    def kind_give(self, meta, c):
        return _Effect(({"effect": "give"}, {}))

    def kind_forbid(self, meta, c):
        return _Effect(({"effect": "forbid"}, {}))

    def _amount(self, effect: str, tok: Token) -> _Effect:
        return _Effect(({"effect": effect, "amount": int(tok)}, {("amount", "="): self.at(tok)}))

    def kind_income(self, meta, c):
        return self._amount("income", c[0])

    def kind_strike(self, meta, c):
        return self._amount("strike", c[0])

    def kind_abandon(self, meta, c):
        return self._amount("abandon", c[0])

    def kind_orders(self, meta, c):  # orders given together (issue 45): order priority / order delay
        return _Effect(({"effect": "orders_" + c[0]}, {}))

    def _option(key: str):
        def build(self, meta, c):
            return _Option((key, int(c[0]), self.here(meta)))
        return build

    kind_copies, kind_pieces, kind_weight = map(_option, ("copies", "pieces", "weight"))
    kind_minimum, kind_start, kind_per_turn, kind_turns = map(_option, ("minimum", "start", "per_turn", "turns"))

    def moment(self, meta, c):
        return {"at_start": "start", "with_reinforcements": "reinforce", "in_attack": "attack",
                "at_end": "end"}["_".join(t.value for t in c)]

    def kind_moment(self, meta, c):
        return _Option(("moment", c[0], self.here(meta)))

    def kind_hidden(self, meta, c):
        return _Option(("hidden", True, self.here(meta)))

    def kinds_earned(self, meta, c):
        return Assign(("cards", "earned"), int(c[0]), self.here(meta), {("=",): self.at(c[0])})

    def kinds_limit(self, meta, c):
        return Assign(("cards", "card_limit"), int(c[0]), self.here(meta), {("=",): self.at(c[0])})

    def nuclear_sets(self, meta, c):
        return Assign(("cards", "sets"), {"kind": "nuclear"}, self.here(meta))
