"""Reading a person's answers: territories by name (folded, any unambiguous start), numbers in
their range, placements, attacks, moves; and, for an answer that is not allowed, why not (the
territory is not yours, does not border the other, has too few armies, …).

A part of the HumanAgent (human.py), which gives it `t`, `view`, `seat` and the listings
(prompts.py).
"""

from __future__ import annotations

from ..engine.agents.balanced import PRESS
from ..engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, OCCUPY, PLACE, PLAY,
                                REROLL, TRADE, UNIT, Decision)
from ..text.card_plays import FORBIDS, refusal_text
from .orders import order_list
from .typed import fold, groups, quote, split, starts


class Answers:
    """The answer readers of a HumanAgent (a part of it)."""

    # ---- territories ---------------------------------------------------------------------------

    def names_of(self, territory: int) -> set[str]:
        """A territory's names as typed answers are compared with: the game language's and its id."""
        return {fold(self.tname(territory)), fold(self.view.board.territories[territory])}

    def match(self, text: str, candidates, why=None) -> tuple[int | None, str | None]:
        """The one territory among `candidates` whose name (or id) starts with `text`; when
        `text` names one territory that is no candidate, `why(territory)` says why not."""
        text = fold(text.strip())
        if not text:
            return None, self.t._("name a territory")
        found = []
        for x in dict.fromkeys(candidates):
            names = self.names_of(x)
            if text in names:
                return x, None
            if any(starts(n, text) for n in names):
                found.append(x)
        if len(found) == 1:
            return found[0], None
        if not found:
            everywhere = range(self.view.board.size)
            exact = [x for x in everywhere if text in self.names_of(x)]
            elsewhere = exact or [x for x in everywhere if any(starts(n, text) for n in self.names_of(x))]
            if len(elsewhere) == 1:
                reason = why(elsewhere[0]) if why is not None else None
                return None, reason or self.t._("{territory} is not one you can choose here").format(
                    territory=self.tname(elsewhere[0]))
            return None, self.t._("no territory starts with '{text}'").format(text=quote(text))
        return None, self.t._("'{text}' could be {names}").format(
            text=quote(text), names=", ".join(self.tname(x) for x in found[:5]))

    # ---- why a territory is not an option ----------------------------------------------------------

    def not_held(self, territory: int, side: int) -> str:
        t, g = self.t, self.view
        values = {"territory": self.tname(territory), "player": self.owner_name(territory), "side": t.player(g.names[side])}
        if values["player"] == "?":  # (under fog: whose it is, the seat does not see)
            return t._("{territory} is not yours").format(**values) if side == self.seat else \
                t._("{territory} is not held by {side}").format(**values)
        if side == self.seat:
            return t._("{territory} is not yours: it belongs to {player}").format(**values)
        return t._("{territory} is not held by {side}: it belongs to {player}").format(**values)

    def why_not(self, d: Decision, x: int, source: int | None = None) -> str | None:
        """Why territory `x` is no answer to `d` (as the first territory of a move or an attack,
        or, given `source`, as where it goes); None when no reason is known."""
        t, g = self.t, self.view
        k, side, owner = d.kind, d.side, g.owner[x]
        name = self.tname(x)
        if k is CLAIM and owner >= 0:
            return t._("{territory} already belongs to {player}").format(territory=name, player=self.owner_name(x))
        if k in (PLACE, CAPITAL, UNIT) and owner != side:
            return self.not_held(x, side)
        if k is BONUS:
            return t._("{territory} is not on a traded card of a territory you hold").format(territory=name)
        if k is ATTACK and source is None:
            least = g.rules.battle.least_to_attack
            if owner != side:
                return self.not_held(x, side)
            if g.armies[x] < least:
                return t.n_("{territory} has {n} army; an attack takes at least {least}",
                            "{territory} has {n} armies; an attack takes at least {least}", g.armies[x]).format(
                    territory=name, n=g.armies[x], least=least)
            if x in g.conquered_now:
                return t._("{territory} was taken this turn and may not attack").format(territory=name)
            return t._("{territory} borders no territory you may attack").format(territory=name)
        if k is ATTACK:
            values = {"territory": name, "source": self.tname(source), "player": self.owner_name(x)}
            if x not in g.adjacent[source]:
                return t._("{territory} does not border {source}").format(**values)
            if owner == side:
                return t._("{territory} is yours").format(**values) if side == self.seat else \
                    t._("{territory} already belongs to {player}").format(**values)
            if g.friends is not None and owner in g.friends[side]:
                return t._("{territory} belongs to your partner {player}").format(**values)
            if side == g.neutral and owner != g.active:
                return t._("{side} attacks only {player}").format(side=t.player(g.names[side]),
                                                                  player=t.player(g.names[g.active]))
            refusal = d.check((source, x))  # (a card that forbids the attack says so: engine/cards/play.py)
            return refusal_text(t, refusal) if refusal is not None and refusal.template == FORBIDS else None
        if k == PLAY:  # the territories of an airlift: the seat's own
            return self.not_held(x, side) if owner != side else None
        if k is FORTIFY and source is None:
            if owner != side:
                return self.not_held(x, side)
            if g.armies[x] <= g.rules.fortify.stay:
                if not g.armies[x]:  # `guard 0`: an emptied territory
                    return t._("{territory} has no armies").format(territory=name)
                return t._("{territory} has only 1 army, and one must stay").format(territory=name)
            return None
        if k is FORTIFY:
            values = {"territory": name, "source": self.tname(source)}
            partners = g.friends[side] if g.friends is not None and g.rules.fortify_partners else {side}
            if owner not in partners:
                return self.not_held(x, side)
            if g.rules.fortify.connected:
                return t._("{territory} is not linked to {source} by your territories").format(**values)
            if x not in g.adjacent[source]:
                return t._("{territory} does not border {source}").format(**values)
            return t._("armies cannot move from {source} to {territory} now").format(**values)
        return None

    # ---- numbers ---------------------------------------------------------------------------------

    def in_range(self, tokens, least: int, most: int, default: int) -> tuple[int | None, str | None]:
        """One number from least to most (Enter: the default), or why not."""
        if not tokens:
            return default, None
        if len(tokens) == 1 and isinstance(tokens[0], int) and least <= tokens[0] <= most:
            return tokens[0], None
        return None, self.range_problem(least, most)

    def range_problem(self, least: int, most: int) -> str:
        if least == most:
            return self.t._("type {n} or press Enter").format(n=least)
        return self.t._("type a number from {least} to {most}").format(least=least, most=most)

    # ---- an answer of each kind --------------------------------------------------------------------

    def declines(self, text: str) -> bool:
        """Is `text` an explicit no ('no', the game language's word, or a word for done)?"""
        word = fold(text)
        return word in {fold(self.no_word()), "no"} or text.lower() in self._done

    def parse(self, d: Decision, text: str):
        """(answer, None) or (None, why the text is not an answer)."""
        t = self.t
        k = d.kind
        if k is TRADE:
            return self.trade(d, text)
        if k is DISCARD:
            tokens = split(text)
            if len(tokens) == 1 and isinstance(tokens[0], int) and 1 <= tokens[0] <= len(d.options):
                return d.options[tokens[0] - 1], None
            return None, self.range_problem(1, len(d.options))
        if d.optional and (not text or text.lower() in self._done):
            return None, None
        if k == "order":  # orders given together (issue 45): terminal/orders.py
            return order_list(self, d, text)
        if k == PLAY:
            return self.play(d, text)
        tokens = split(text)
        if k in (CLAIM, CAPITAL, BONUS, UNIT):
            if k is BONUS and len(tokens) == 1 and isinstance(tokens[0], int):
                i = tokens[0] - 1
                return (d.options[i], None) if 0 <= i < len(d.options) else (None, self.range_problem(1, len(d.options)))
            return self.match(text, d.options, lambda x: self.why_not(d, x))
        if k is PLACE:
            return self.placements(d, tokens)
        if k is ATTACK:
            return self.attack(d, tokens)
        if k is DICE:
            committed = sorted({c for c, _ in d.options})
            most = committed[-1]
            if not tokens:
                return d.options[-1], None
            if not all(isinstance(x, int) for x in tokens) or len(tokens) > 2 or not committed[0] <= tokens[0] <= most:
                return None, self.range_problem(committed[0], most)
            sent = tokens[0]
            rolled = tokens[1] if len(tokens) == 2 else max(r for c, r in d.options if c == sent)
            return (sent, rolled), None
        if k in (DEFEND, OCCUPY):
            return self.in_range(tokens, d.options[0], d.options[-1], d.options[-1])
        if k is REROLL:  # a face of one's dice (Enter, taken above: keep them)
            if len(tokens) == 1 and tokens[0] in d.options:
                return tokens[0], None
            return None, t._("type the face of one of your dice: {faces}").format(
                faces=", ".join(map(str, d.options)))
        if k is FORTIFY:
            return self.fortify(d, tokens)
        return None, t._("unexpected question")

    def trade(self, d: Decision, text: str):
        """A set's number; when trading is not forced, the word for no declines (Enter does not)."""
        tokens = split(text)
        if d.optional and text and self.declines(text):
            return None, None
        if len(tokens) == 1 and isinstance(tokens[0], int) and 1 <= tokens[0] <= len(d.options):
            return d.options[tokens[0] - 1], None
        if d.optional:
            return None, self.t._("type a number from {least} to {most}, or '{no}' to keep the cards").format(
                least=1, most=len(d.options), no=self.no_word())
        return None, self.range_problem(1, len(d.options))

    def fortify(self, d: Decision, tokens):
        t = self.t
        armies = tokens[-1] if tokens and isinstance(tokens[-1], int) else None
        words = tokens[:-1] if armies is not None else tokens
        if not words or any(isinstance(x, int) for x in words):
            return None, t._("type 'from to armies'")
        pair, problem = self.pair(d, " ".join(words))
        if problem is not None:
            return None, problem
        stay = self.view.rules.fortify.stay
        most = self.view.armies[pair[0]] - stay
        if armies is None:
            armies = most
        elif not 1 <= armies <= most:
            if not stay:  # `guard 0`: the territory may be emptied
                return None, t._("move from 1 to {most} armies").format(most=most)
            return None, t._("move from 1 to {most} armies (one stays in {territory})").format(
                most=most, territory=self.tname(pair[0]))
        return (pair[0], pair[1], armies), None

    def placements(self, d: Decision, tokens):
        """'peru 3 brazil 2': the first placement now, the others planned for the next questions."""
        t = self.t
        left = self.left_to_place(d)
        wanted = groups(tokens)
        if not wanted:
            return None, t._("name a territory")
        chosen: list[tuple[int, int | None]] = []
        for name, armies in wanted:
            if not name:
                return None, t._("name a territory before each number")
            territory, problem = self.match(name, d.options, lambda x: self.why_not(d, x))
            if problem is not None:
                return None, problem
            chosen.append((territory, armies))
        given = sum(a for _, a in chosen if a is not None)
        if chosen[-1][1] is None:  # the last territory alone (only the last can be): the rest, or in the setup one
            rest = left - given if d.most > 1 or self.view.turn else 1
            chosen[-1] = (chosen[-1][0], rest)
        total = sum(a for _, a in chosen)
        if any(a < 1 for _, a in chosen) or total > left:
            return None, t.n_("you have {n} army to place", "you have {n} armies to place", left).format(n=left)
        steps: list[tuple[int, int]] = []
        for territory, armies in chosen:
            if d.most == 1:  # the setup: one army at a time
                steps += [(territory, 1)] * armies
            else:
                steps.append((territory, armies))
        first, rest = steps[0], steps[1:]
        self._plan = (self.view.turn, d.side, rest) if rest else None
        return first, None

    def attack(self, d: Decision, tokens):
        """'2', 'peru brazil', 'peru brazil 3' (stop at 3 armies left), 'peru brazil once'."""
        t = self.t
        once = bool(tokens) and isinstance(tokens[-1], str) and tokens[-1].lower() in self._once
        if once:
            tokens = tokens[:-1]
        keep = None
        if len(tokens) >= 2 and isinstance(tokens[-1], int):
            keep, tokens = tokens[-1], tokens[:-1]
        if len(tokens) == 1 and isinstance(tokens[0], int):
            pair, problem = self.numbered_attack(d, tokens[0])
            if problem is not None:
                return None, problem
        elif not tokens or any(isinstance(x, int) for x in tokens):
            return None, t._("type the number of an attack, or 'from to'")
        else:
            pair, problem = self.pair(d, " ".join(tokens))
            if problem is not None:
                return None, problem
        source = pair[0]
        if keep is not None and not 1 <= keep < self.view.armies[source]:
            return None, t._("keep from 1 to {most} armies in {territory}").format(
                most=self.view.armies[source] - 1, territory=self.tname(source))
        self._blitz = None if once else (pair[0], pair[1], keep or 1)
        return self.blitzed(pair), None

    def blitzed(self, pair: tuple[int, int]):
        """The answer for `pair` of the attack going on: with more than PRESS armies to spend (the
        bots' bound), the whole attack at once (the engine draws the rolls that cannot end it at
        once), else one roll."""
        if self._blitz is not None and self.view.armies[pair[0]] - self._blitz[2] > PRESS:
            return pair[0], pair[1], self._blitz[2]
        return pair

    def numbered_attack(self, d: Decision, number: int):
        """The attack a number means this turn; an attack over is refused, saying why."""
        numbers = self.attack_numbers(d)
        pair = next((p for p, n in numbers.items() if n == number), None)
        if pair is not None:
            return pair, None
        gone = next((p for p, n in self._numbers.items() if n == number), None)
        if gone is None:
            return None, self.t._("type one of the numbers shown, or 'from to'")
        source, target = gone
        taken = self.view.owner[target] == d.side  # conquered since: the target's reason comes first
        reason = self.why_not(d, target, source) if taken or source in {a for a, _ in d.options} else \
            self.why_not(d, source)
        return None, self.t._("attack {n} ({source} → {target}) is over: {reason}").format(
            n=number, source=self.tname(source), target=self.tname(target),
            reason=reason or self.t._("it is no longer possible"))

    def chain(self, text: str) -> tuple[list[int] | None, str | None]:
        """'from to to …' typed as names: a territory of this seat's, then each next one a neighbour of
        the one before that is not this seat's — read word by word, the longest name first."""
        t, g = self.t, self.view
        words = text.replace("->", " ").replace("→", " ").replace(",", " ").split()
        found: list[int] = []
        at = 0
        while at < len(words):
            if found:
                last = found[-1]
                candidates = [x for x in g.adjacent[last] if g.owner[x] != self.seat and x not in found]
                why = (lambda x, last=last: t._("{territory} does not border {source}").format(
                    territory=self.tname(x), source=self.tname(last)) if x not in g.adjacent[last]
                    else t._("{territory} is yours").format(territory=self.tname(x)))
            else:
                candidates = [x for x in range(g.size) if g.owner[x] == self.seat]
                why = lambda x: self.not_held(x, self.seat)  # noqa: E731
            for end in range(len(words), at, -1):
                x, problem = self.match(" ".join(words[at:end]), candidates, why)
                if x is not None:
                    found.append(x)
                    at = end
                    break
            else:
                return None, problem
        if len(found) < 2:
            return None, t._("type your territory, then the territories to attack one after another")
        return found, None

    def pair(self, d: Decision, text: str):
        """'from to' typed as names (or starts of names), among the option pairs."""
        options = d.options
        words = text.replace("->", " ").replace("→", " ").replace(",", " ").split()
        sources = [a for a, _ in options]
        if len(words) < 2:
            _, problem = self.match(text, sources, lambda x: self.why_not(d, x))
            return None, problem or self.t._("type two territories: from and to")
        problem = None
        for cut in range(1, len(words)):
            source, why = self.match(" ".join(words[:cut]), sources, lambda x: self.why_not(d, x))
            if source is not None:
                target, why = self.match(" ".join(words[cut:]), [b for a, b in options if a == source],
                                         lambda x, s=source: self.why_not(d, x, s))
                if target is not None:
                    return (source, target), None
            problem = problem or why  # the first reading is what was most likely meant
        return None, problem or self.t._("type two territories: from and to")
