"""The random bot: a uniformly random legal answer to every decision.

Stopping is one more legal answer, but chosen uniformly it would almost never come, and
an attack phase (or an unlimited fortify) could go on for ever: so the bot stops
attacking with probability STOP_ATTACK at each attack decision, and stops fortifying with
probability STOP_FORTIFY.
"""

from __future__ import annotations

from ..decisions import ATTACK, DEFEND, DICE, FORTIFY, PLACE, PLAY, Decision
from .base import Agent
from .order_play import random_order


class RandomAgent(Agent):
    kind = "random"
    proven = True
    STOP_ATTACK = 0.15
    STOP_FORTIFY = 0.5

    def decide(self, d: Decision):
        rng = self.rng
        kind = d.kind
        if kind is FORTIFY:  # (its options read only if it moves: they may be made when read, decisions.Later)
            if rng.random() < self.STOP_FORTIFY:
                return None
            source, target = d.options[int(rng.random() * len(d.options))]
            return source, target, 1 + int(rng.random() * (self.view.armies[source] - self.view.rules.fortify.stay))
        options = d.options
        if kind is ATTACK:
            if rng.random() < self.STOP_ATTACK:
                return None
            return options[int(rng.random() * len(options))]
        if kind is DICE or kind is DEFEND:  # the most frequent after attacks; never optional
            return options[int(rng.random() * len(options))]
        if kind is PLACE:
            return options[int(rng.random() * len(options))], 1 + int(rng.random() * d.most)
        if kind is PLAY:  # a card that does something: uniformly among the plays and none
            i = int(rng.random() * (len(options) + 1))
            if i == len(options):
                return None
            chosen = options[i]
            if len(chosen) == 3 and self.view.rules.cards.kinds.kinds[chosen[0]].effect == "move":
                return (*chosen, 1 + int(rng.random() * (self.view.armies[chosen[1]] - self.view.rules.fortify.stay)))
            return chosen
        if kind == "order":  # orders given together (issue 45): agents/order_play.py
            return random_order(self, d)
        if d.optional:  # an optional trade: not trading is one of the choices
            i = int(rng.random() * (len(options) + 1))
            return options[i] if i < len(options) else None
        return options[int(rng.random() * len(options))]

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        self._random = rng.random  # (self.rng.random, read once: the quick questions draw from it)

    # the quick questions (Agent.quick_attack …): the same answers from the same draws as decide's
    def quick_attack(self, options, side):
        r = self._random
        if r() < self.STOP_ATTACK:
            return None
        return options[int(r() * len(options))]

    def quick_dice(self, options, side, where):
        return options[int(self._random() * len(options))]

    def quick_defend(self, options, side, most, where):
        return options[int(self._random() * len(options))]

    def quick_place(self, options, side, most):
        r = self._random
        return options[int(r() * len(options))], 1 + int(r() * most)

    def quick_occupy(self, least, most, side, where):  # (range(least, most + 1)[i], read as decide reads it)
        return least + int(self._random() * (most - least + 1))

    def quick_fortify(self, make, side):  # (its options made only if it moves, as decide reads them)
        r = self._random
        if r() < self.STOP_FORTIFY:
            return None
        options = make()
        source, target = options[int(r() * len(options))]
        view = self.view
        return source, target, 1 + int(r() * (view.armies[source] - view.rules.fortify.stay))
