"""The builder's statements of special units (issue 45): `unit NAME: OPTION, …` in a `units { … }`
section (a mixin of build_sections._Sections; the helpers `at`, `here` and `problem` are
build._Builder's).

A kind is one value at ("units", NAME): the options it states, so that a later file (an overlay,
a variant, a child) replaces one kind whole and keeps the others.
"""

from __future__ import annotations

from lark import Transformer, v_args

from .model import Assign
from .scopes import _Block

# the words of an option, as an error names it
UNIT_WORDS = {"strength": "strength", "eliminates": "loss eliminates its owner", "each": "N each at the start",
              "neutral": "neutral", "on": "on", "splits": "splits into", "grows": "grows", "six": "die N once a turn",
              "dice": "dice", "returns": "returns on loss"}


@v_args(meta=True)
class _UnitStatements(Transformer):
    def units(self, meta, c):
        return _Block("units", self.here(meta), c)

    def unit_kind(self, meta, c):
        name, *options = c
        value, parts = {}, {("name",): self.at(name)}
        for key, option, where in options:
            if key in value:
                self.problem(f"'{UNIT_WORDS[key]}' is given twice for the unit '{name}'", where)
                continue
            value[key] = option
            parts[(key,)] = where
            if key == "on":
                for i, (_, at) in enumerate(option):
                    parts[(key, i)] = at
                value[key] = [n for n, _ in option]
        return Assign(("units", str(name)), value, self.here(meta), parts)

    def _option(key: str):
        def build(self, meta, c):
            return key, int(c[0]), self.here(meta)
        return build

    unit_strength, unit_splits, unit_grows, unit_six, unit_dice = map(
        _option, ("strength", "splits", "grows", "six", "dice"))

    def unit_each(self, meta, c):  # `1 each chosen at the start`: each player chooses where
        return "each", {"count": int(c[0]), "chosen": True} if len(c) > 1 else int(c[0]), self.here(meta)

    def unit_eliminates(self, meta, c):
        return "eliminates", True, self.here(meta)

    def unit_returns(self, meta, c):
        return "returns", True, self.here(meta)

    def unit_neutral(self, meta, c):
        return "neutral", True, self.here(meta)

    def unit_on(self, meta, c):
        return "on", [(str(t), self.at(t)) for t in c], self.here(meta)
