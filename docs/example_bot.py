"""An example plug-in bot for riskrules (docs/bots.md): cautious, greedy, short.

    risk tournament nl-modern --players 4 --bots docs/example_bot.py:CautiousBot,balanced --games 40

It reinforces the territory of its own with the most enemy armies around it, attacks only
with at least twice the defenders' armies (and stops after three conquests a turn), moves
everything it can into a conquered territory, and never fortifies. Every other decision
takes the first option offered.
"""

from riskrules.engine.agents import Agent


class CautiousBot(Agent):
    kind = "cautious"  # how game logs and tournaments name it

    def start(self, view, seat, rng):
        super().start(view, seat, rng)  # keeps self.view (what this seat sees), self.seat, self.rng
        self.conquests = 0
        self.turn = -1

    def decide(self, d):
        view = self.view
        if d.kind == "place":
            def pressure(t):  # enemy armies next to t
                return sum(view.armies[u] for u in view.adjacent[t] if view.owner[u] != d.side)
            return max(d.options, key=pressure), d.most
        if d.kind == "attack":
            if view.turn != self.turn:
                self.turn, self.conquests = view.turn, 0
            if self.conquests >= 3:
                return None
            for source, target in d.options:
                if view.armies[source] - 1 >= 2 * view.armies[target]:
                    if view.armies[target] == 1:
                        self.conquests += 1  # most likely
                    return source, target
            return None
        if d.kind in ("dice", "defend", "occupy"):
            return d.options[-1]  # the most armies and dice
        if d.kind == "fortify":
            return None
        return d.options[0]  # claim, trade, bonus, capital
