"""A person at a page of a hosted game (web/hosted.py): asked through the host, with the answers
a page gives in one go kept for the questions that follow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.agents.base import Agent
from ..engine.agents.log_agent import LogAgent
from ..engine.decisions import BONUS, DEFEND, DICE, FORTIFY, OCCUPY, PLACE, Decision
from .orders import is_order

if TYPE_CHECKING:
    from .hosted import HostedGame


class WebPerson(Agent):
    """A person at a page: asked through the host, with the answers a page gives in one go kept
    for the questions that follow (placements to come; the dice of an attack pressed on)."""

    kind = "human"

    def __init__(self, host: "HostedGame"):
        self.host = host
        host.people.append(self)
        self.plan: list[tuple[int, int]] = []  # placements still to make this turn
        self.plan_for: tuple[int, int] = (-1, -1)  # (turn, side) the plan is for
        self.press: tuple[int, int, int] | None = None  # (from, to, armies to keep): an attack going on
        self.end_turn = -1  # the turn whose fortification the person skipped ("end the turn" at the attack)
        self.logged: LogAgent | None = None  # answers read off the save's lines (HostedGame.from_log)
        self.stand_in: Agent | None = None  # the bot playing the seat while its person is away (web/away.py)
        self.stand_in_kind = ""
        self.stints = 0  # how many times a bot has taken the seat over

    def decide(self, d: Decision):
        host = self.host
        if host.follower is not None and host.follower.position < host.from_log:
            if self.logged is None:
                self.logged = LogAgent(host.saved_events, host.follower, self.kind)
                self.logged.start(self.view, self.seat, self.rng)
            return self.logged.decide(d)
        g = self.view
        if d.kind is PLACE and self.plan and self.plan_for == (g.turn, d.side):
            answer = self.plan.pop(0)
            if d.check(answer) is None:
                return answer
        if is_order(d) and d.shown[2] and self.plan_for == (g.turn, d.side):  # the rest of a list sent (web/orders.py)
            return self.plan.pop(0) if self.plan else None
        self.plan = []
        if d.kind is DICE and self.press is not None and d.where == self.press[:2]:
            room = g.armies[d.where[0]] - self.press[2]
            fitting = [o for o in d.options if o[0] <= room]
            return fitting[-1] if fitting else d.options[0]
        if d.kind is not DEFEND:
            self.press = None
        if len(d.options) == 1 and not d.optional and d.kind in (DICE, DEFEND, OCCUPY, BONUS):
            return d.options[0]  # nothing to choose
        if d.kind is FORTIFY and d.optional and self.end_turn == g.turn:
            return None
        if d.kind is DEFEND and host.defend_most:
            return max(d.options)  # (the setting: always defend with the most)
        return self.host.ask(self, d)
