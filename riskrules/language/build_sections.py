"""The builder's statements of the sections: setup, reinforcements, cards, battle, fortify,
missions, capitals, neutral and visibility (a mixin of build._Builder, which has the helpers `at`,
`here`, `problem`, `_expression` and `_expr_pos` these methods use).

Each statement becomes an `Assign` of its full path in the rule model; a section becomes
a `_Block` of them, kept for the warnings of its scope.
"""

from __future__ import annotations

from lark import Token, Transformer, v_args

from .errors import N_, problem
from .build_cards import _CardStatements
from .build_units import _UnitStatements
from .model import Assign
from .scopes import _Block

# The sight levels of a `visibility` block, from the least shown to the most.
SIGHT_ORDER = ("nothing", "owner", "owner_and_armies")


class _Step(tuple):
    """The `then +N` of an escalating scale, (value, where), told apart from the scale's values."""


@v_args(meta=True)
class _Sections(_CardStatements, _UnitStatements):
    def territory_armies(self, meta, c):
        return Assign(("reinforcements", "territories"), self._expression(c[0]), self.here(meta),
                      {("=",): self._expr_pos(c[0])})

    def continent_bonus(self, meta, c):
        return [Assign(("continents", name), value, pos, {("=",): where}) for name, (value, where), pos in c[0]]

    # ---- income (issue 43)
    def local_deployments(self, meta, c):
        return Assign(("reinforcements", "local"), True, self.here(meta))

    def _per_territory(self, key: str, entries) -> list:
        out, seen = [], set()
        for name, (value, where), pos in entries:
            if name in seen:
                self.problem(f"the territory '{name}' is named twice", pos)
                continue
            seen.add(name)
            if not isinstance(value, int):
                self.problem(f"{key} needs a whole number of armies for {name}", where)
                continue
            out.append(Assign(("reinforcements", key, name), value, pos, {("=",): where}))
        return out

    def autodeploy(self, meta, c):
        return self._per_territory("autodeploy", c[0])

    def decay(self, meta, c):
        return self._per_territory("decay", c[0])

    def card_bonus_anywhere(self, meta, c):
        return Assign(("reinforcements", "card_bonus"), "anywhere", self.here(meta))

    def territory_cap(self, meta, c):
        return Assign(("reinforcements", "territory_cap"), int(c[0]), self.here(meta), {("=",): self.at(c[0])})

    def income_cap(self, meta, c):
        return Assign(("reinforcements", "income_cap"), self._expression(c[0]), self.here(meta),
                      {("=",): self._expr_pos(c[0])})

    def fixed_sets(self, meta, c):
        values, parts = {}, {}
        for symbol, (value, where), pos in c:
            if symbol in values:
                shown = "joker with a pair" if symbol == "joker_pair" else symbol
                self.problem(f"the set '{shown}' is given twice", pos)
            values[symbol] = value
            parts[("values", symbol)] = pos
            parts[("values", symbol, "=")] = where
        return Assign(("cards", "sets"), {"kind": "fixed", "values": values}, self.here(meta), parts)

    def set_value(self, meta, c):
        count, symbol, value = c
        if int(count) != 3:
            self.problem(f"a set of one symbol is 3 cards: write '3 {symbol}'", self.at(count))
        return str(symbol), value, self.at(symbol)

    def mixed_set_value(self, meta, c):
        count, value = c
        if int(count) != 1:
            self.problem("a mixed set is one card of each symbol: write '1 of each'", self.at(count))
        return "mixed", value, self.at(count)

    def joker_pair_value(self, meta, c):  # a joker with two alike cards (issue 43: Domination's Italian cards)
        return "joker_pair", c[0], self.here(meta)

    def escalating_sets(self, meta, c):
        step = None
        numbers = list(c)  # every number is a (value, where) pair: only a `then +N` is a _Step
        if numbers and isinstance(numbers[-1], _Step):
            step = numbers.pop()
        value = {"kind": "escalating", "values": [v for v, _ in numbers], "step": step[0] if step else 0}
        parts = {("values", i): where for i, (_, where) in enumerate(numbers)}
        if step:
            parts[("step",)] = step[1]
        return Assign(("cards", "sets"), value, self.here(meta), parts)

    def escalation_tail(self, meta, c):
        return _Step(c[0])

    def flat_sets(self, meta, c):
        value, where = c[0]
        return Assign(("cards", "sets"), {"kind": "flat", "value": value}, self.here(meta), {("value",): where})

    def no_sets(self, meta, c):
        return Assign(("cards", "sets"), {"kind": "none"}, self.here(meta))

    def set_cap(self, meta, c):
        value, where = c[0]
        return Assign(("cards", "cap"), value, self.here(meta), {("=",): where})

    def escalation_start(self, meta, c):
        return Assign(("cards", "escalation_after"), c[0][0], self.here(meta), {("=",): c[0][1]})

    def escalation_round(self, meta, c):
        return {"round": c[0][0]}, c[0][1]

    def escalation_trades(self, meta, c):
        return {"trades": c[0][0]}, c[0][1]

    def territory_bonus(self, meta, c):
        (armies, where), scope = c
        return Assign(("cards", "territory_bonus"), {"armies": armies, "per": scope.removeprefix("per_")},
                      self.here(meta), {("armies", "="): where})

    def after_elimination(self, meta, c):
        cards, rule = c
        if isinstance(rule, tuple):
            value = {"cards": int(cards), "trade": "at_once", "down_to": rule[1][0]}
        else:
            value = {"cards": int(cards), "trade": "next_reinforcement"}
        return Assign(("cards", "after_elimination"), value, self.here(meta))

    def traded_cards(self, meta, c):
        return Assign(("cards", "recycle"), c[0] == "recycled", self.here(meta))

    def hand_limit(self, meta, c):
        return Assign(("cards", "hand_limit"), int(c[0]), self.here(meta), {("=",): self.at(c[0])})

    def card_pieces(self, meta, c):
        return Assign(("cards", "pieces"), int(c[0]), self.here(meta), {("=",): self.at(c[0])})

    def destroy_own_kill(self, meta, c):
        return Assign(("missions", "destroy_own_kill"), c[0] if c else True, self.here(meta))

    def attacker_dice(self, meta, c):
        return Assign(("battle", "attacker_dice"), c[0].value, self.here(meta), c[0].parts)

    def defender_dice(self, meta, c):
        table, rule = c
        pos = self.here(meta)
        return [
            Assign(("battle", "defender_dice"), table.value, pos, table.parts),
            Assign(("battle", "defender_chooses"), rule == "by_choice", pos),
        ]

    # ---- combat (issue 43): the combat model and its kill rates, luck and rounding
    def percent(self, meta, c):
        return int(c[0])

    def combat_model(self, meta, c):
        return Assign(("battle", "combat"), c[0], self.here(meta))

    def kill_rates(self, meta, c):  # (`!kill_rates` keeps its words: which side each rate is)
        rates = dict(zip([w for w in c if w in ("attacker", "defender")], [r for r in c if isinstance(r, int)]))
        if len(rates) == 2:
            return Assign(("battle", "kill_rates"), rates, self.here(meta))
        (side, rate), = rates.items()  # one rate alone: the other stays the parent's (or the default)
        return Assign(("battle", "kill_rates", side), rate, self.here(meta))

    def luck(self, meta, c):
        return Assign(("battle", "luck"), c[0], self.here(meta))

    def rounding(self, meta, c):
        return Assign(("battle", "rounding"), c[0], self.here(meta))

    def fortify_moves(self, meta, c):
        tok = c[0]
        return Assign(("fortify", "moves"), "unlimited" if tok.type == "UNLIMITED" else int(tok), self.here(meta))

    def missions(self, meta, c):
        out, items, parts = [], [], {}
        for item in c:
            if isinstance(item, Assign):
                out.append(item)
            else:
                mission, pos, mission_parts = item
                parts[(len(items),)] = pos
                for k, p in mission_parts.items():
                    parts[(len(items),) + k] = p
                items.append(mission)
        if items:
            out.append(Assign(("missions", "list"), items, self.here(meta), parts))
        return _Block("missions", self.here(meta), out)

    def occupy(self, meta, c):
        count, where = c[0]
        parts = {("occupy", "="): where}
        armies = 1
        if len(c) > 1:
            armies, parts[("armies", "=")] = c[1]
        return {"occupy": count, "armies": armies}, self.here(meta), parts

    def occupy_armies(self, meta, c):
        return c[0]

    def destroy(self, meta, c):
        colour, (count, where) = c
        return ({"destroy": str(colour), "else_occupy": count}, self.here(meta),
                {("destroy",): self.at(colour), ("else_occupy", "="): where})

    def conquer(self, meta, c):
        names = [t for t in c if isinstance(t, Token)]
        extra = 1 if any(x == "one_more" for x in c) else 0
        parts = {("conquer", i): self.at(t) for i, t in enumerate(names)}
        return {"conquer": [str(t) for t in names], "extra": extra}, self.here(meta), parts

    def conquer_extra(self, meta, c):
        return "one_more"

    def capture_continent(self, meta, c):
        rule = "one_each" if c[0] == "with_one_each" else "no"
        return Assign(("capitals", "capture_replaces"), rule, self.here(meta))

    def capitals_needed(self, meta, c):
        return Assign(("capitals", "needed"), c[0].value, self.here(meta), c[0].parts)

    def neutral_territories(self, meta, c):
        share, parts, start = c[0]
        out = [Assign(("neutral", "territories"), share, self.here(meta), parts)]
        if start is not None:
            out.append(Assign(("neutral", "start"), start[0], self.here(meta), {("=",): start[1]}))
        return out

    def dealt_share(self, meta, c):
        return {"share": "dealt"}, {}, None

    def leftover_share(self, meta, c):
        return {"share": "leftover", "count": c[0][0]}, {("count", "="): c[0][1]}, None

    def named_share(self, meta, c):
        held, parts = {}, {}
        for name, (value, where), pos in c[0]:
            if name in held:
                self.problem(f"the territory '{name}' is named twice", pos)
            held[name] = value
            parts[("held", name)] = pos
            parts[("held", name, "=")] = where
        return {"share": "named", "held": held}, parts, (1, c[0][0][1][1])  # (start: each holds its own count)

    def count_share(self, meta, c):
        return {"share": "count", "count": c[0][0]}, {("count", "="): c[0][1]}, (c[1] if len(c) > 1 else None)

    def neutral_armies(self, meta, c):
        return Assign(("neutral", "armies"), c[0][0], self.here(meta), {("=",): c[0][1]})

    def neutral_start(self, meta, c):
        return Assign(("neutral", "start"), c[0][0], self.here(meta), {("=",): c[0][1]})

    def neutral_reinforcements(self, meta, c):
        item = c[0]
        if isinstance(item, Token):  # none
            return Assign(("neutral", "reinforcements"), "none", self.here(meta))
        return Assign(("neutral", "reinforcements"), self._expression(item), self.here(meta),
                      {("=",): self._expr_pos(item)})

    def sight_within(self, meta, c):
        hops, level = c
        if int(hops) < 2:
            self.problem(f"'within {int(hops)}' must reach 2 or more borders away: territories 1 border away "
                         f"are 'adjacent'", self.at(hops))
            return None
        return Assign(("visibility", "within"), {"hops": int(hops), "sees": level}, self.here(meta),
                      {("hops",): self.at(hops)})

    def hide(self, meta, c):
        words, parts = [], {}
        for word, pos in c:  # none for `hide nothing`
            if word in words:
                self.problem(f"'{word}' is given twice", pos)
                continue
            parts[(len(words),)] = pos
            words.append(word)
        return Assign(("visibility", "hide"), words, self.here(meta), parts)

    def hidden(self, meta, c):
        return "_".join(t.value for t in c), self.at(c[0])  # card plays: card_plays

    def visibility(self, meta, c):
        """The section, with a warning where a level further out shows more than a nearer one
        stated in the same block (fog usually thickens with distance; allowed, but say so)."""
        stated = {a.path[-1]: a for a in c if isinstance(a, Assign)}  # the last of each, as merged
        levels = []  # (the statement as written, how much it shows, where), nearest first
        for key in ("adjacent", "within", "rest"):
            if key in stated:
                a = stated[key]
                hops, sees = (f" {a.value['hops']}", a.value["sees"]) if key == "within" else ("", a.value)
                levels.append((f"{key}{hops} {sees.replace('_', ' ')}", SIGHT_ORDER.index(sees), a.pos))
        for i, (further, shows, pos) in enumerate(levels):
            nearer = next((text for text, less, _ in levels[:i] if less < shows), None)
            if nearer is not None:
                self.problems.append(problem(N_("'{further}' shows more than '{nearer}' nearer in: farther "
                                                "territories are seen better than nearer ones"),
                                             pos, warning=True, further=further, nearer=nearer))
        return _Block("visibility", self.here(meta), c)

    # ---- the start (issue 43): distribution modes, territory limit, armies on each, removal, scenario
    def deal_or_draft(self, meta, c):
        out = [Assign(("setup", "territories"), c[0], self.here(meta))]
        if len(c) > 1:
            out.append(Assign(("setup", "pickable"), c[1], self.here(meta)))
        return out

    def pickable_only(self, meta, c):
        return Assign(("setup", "pickable"), c[0], self.here(meta))

    def _number_at(self, path, meta, c):
        return Assign(path, c[0][0], self.here(meta), {("=",): c[0][1]})

    def territory_limit(self, meta, c):
        return Assign(("setup", "limit"), int(c[0]), self.here(meta), {("=",): self.at(c[0])})

    def armies_each(self, meta, c):
        return self._number_at(("setup", "armies_each"), meta, c)

    def remove_territories(self, meta, c):
        return self._number_at(("setup", "remove"), meta, c)

    # ---- seat compensation (issue 46): extra armies by seat, at the start and in the first turn
    def seat_number(self, meta, c):
        return int("".join(str(t) for t in c)), self.at(c[-1])

    def _by_seat(self, path, meta, c):
        return Assign(path, [v for v, _ in c], self.here(meta), {(i,): where for i, (_, where) in enumerate(c)})

    def seat_armies(self, meta, c):
        return self._by_seat(("setup", "seat_armies"), meta, c)

    def first_turn_armies(self, meta, c):
        return self._by_seat(("reinforcements", "first_turn"), meta, c)

    def leftover_deal(self, meta, c):
        out = [Assign(("neutral", "leftover_deal"), True, self.here(meta))]
        if c:
            out.append(self._number_at(("neutral", "start"), meta, c))
        return out

    def wastelands(self, meta, c):
        (count, where), (armies, armies_where) = c
        return Assign(("neutral", "wastelands"), {"count": count, "armies": armies}, self.here(meta),
                      {("count", "="): where, ("armies", "="): armies_where})

    def scenario(self, meta, c):
        """The whole start, one value: a scenario stated again (a variant's, an overlay's) replaces it."""
        value: dict = {"seats": {}, "neutral": {}}
        parts: dict = {}
        seen: dict[str, object] = {}
        for key, entries, pos in c:
            if key != "neutral" and key in value["seats"]:
                self.problem(f"seat {key} is given twice", pos)
            held = value["neutral"] if key == "neutral" else value["seats"].setdefault(key, {})
            where = ("neutral",) if key == "neutral" else ("seats", key)
            parts.setdefault(where, pos)
            for name, (armies, armies_where), name_pos in entries:
                if name in seen:
                    self.problem(f"the territory '{name}' is named twice in the scenario", name_pos)
                    continue
                seen[name] = name_pos
                held[name] = armies
                parts[where + (name,)] = name_pos
                parts[where + (name, "=")] = armies_where
        return Assign(("scenario",), value, self.here(meta), parts)

    def scenario_seat(self, meta, c):
        seat = c[0]
        if int(seat) < 1:
            self.problem("seats are numbered from 1", self.at(seat))
        return str(int(seat)), c[1], self.here(meta)

    def scenario_neutral(self, meta, c):
        return "neutral", c[0], self.here(meta)

    # sections: their statements already carry full paths; the block is kept for the warnings
    def _section(name: str):
        def build(self, meta, c):
            return _Block(name, self.here(meta), c)
        return build

    setup, reinforcements, cards = map(_section, ("setup", "reinforcements", "cards"))
    fortify, capitals, neutral = map(_section, ("fortify", "capitals", "neutral"))
    orders = _section("orders")  # orders given together (issue 45)

    def moved_stay(self, meta, c):  # fortify { moved armies stay }: lux10 (issue 45)
        return Assign(("fortify", "moved_stay"), c[0] if c else True, self.here(meta))

    # ---- marks (issue 43): battle modifiers, dice sides, re-roll
    def battle(self, meta, c):
        """A battle block: its modifiers (`… when …`) gathered into one list, in their order, as a
        mission list is (a later block that gives any replaces them all)."""
        out, items, parts = [], [], {}
        for item in c:
            if isinstance(item, _Modifier):
                value, pos, where = item
                parts[(len(items),)] = pos
                parts[(len(items), "when")] = where
                items.append(value)
            else:
                out.append(item)
        if items:
            out.append(Assign(("battle", "modifiers"), items, self.here(meta), parts))
        return _Block("battle", self.here(meta), out)

    def dice_sides(self, meta, c):
        return Assign(("battle", "sides"), int(c[0]), self.here(meta))

    def attacker_modifier(self, meta, c):
        return _Modifier(({"dice": "attacker", "change": c[0], "when": self._expression(c[1])},
                          self.here(meta), self._expr_pos(c[1])))

    def defender_modifier(self, meta, c):
        return _Modifier(({"dice": "defender", "change": c[0], "when": self._expression(c[1])},
                          self.here(meta), self._expr_pos(c[1])))

    def dice_plus(self, meta, c):
        return int(c[0])

    def dice_minus(self, meta, c):
        return -int(c[0])

    def ties_when(self, meta, c):
        return _Modifier(({"ties": c[0], "when": self._expression(c[1])}, self.here(meta), self._expr_pos(c[1])))

    def reroll(self, meta, c):
        return Assign(("battle", "reroll"), True, self.here(meta))

    def no_reroll(self, meta, c):
        return Assign(("battle", "reroll"), False, self.here(meta))

    def no_modifiers(self, meta, c):
        return Assign(("battle", "modifiers"), [], self.here(meta))


class _Modifier(tuple):
    """A battle modifier statement, (value, where, where its test is), gathered by `battle`."""
