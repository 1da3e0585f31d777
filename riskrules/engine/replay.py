"""Replaying a game log, and resuming a saved game.

A replay re-runs the game from the log's header — same rules, seed and bots — and checks
every line it produces against the log. Seats played by people are answered from the log
itself (each answer is the next event). A saved game is the log of a game in progress:
resuming replays it, then hands each human seat back to the person at the keyboard.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from ..language.errors import RuleError
from ..language.loader import open_rulebook
from ..language.rules import Rules
from .agents import BOTS, Agent, make_bot
from .agents.log_agent import LogAgent
from .decisions import Decision
from .dice import GameError
from .game import LOG_FORMAT, Game, Result
from .log import line_of, read_log


class Mismatch(Exception):
    def __init__(self, line: int, expected: dict | None, got: dict):
        self.line, self.expected, self.got = line, expected, got


@dataclass
class ReplayReport:
    lines: int  # lines in the log
    matched: int  # lines reproduced exactly
    result: Result | None
    mismatch: Mismatch | None = None

    @property
    def ok(self) -> bool:
        return self.mismatch is None and self.matched == self.lines


class Follower:
    """Listens to a replaying game: checks each event against the log, counts the position."""

    def __init__(self, events: list[dict], stop_at_end: bool = False):
        self.events = events
        self.position = 0
        self.stop_at_end = stop_at_end

    def __call__(self, event: dict) -> None:
        i = self.position
        got = json.loads(line_of(event))
        if i < len(self.events):
            if got != self.events[i]:
                raise Mismatch(i + 1, self.events[i], got)
        elif not self.stop_at_end:
            raise Mismatch(i + 1, None, got)
        self.position += 1

    @property
    def replaying(self) -> bool:
        return self.position < len(self.events)


def rules_for(header: dict[str, Any]) -> Rules:
    """The rules a log was played by; GameError if they cannot be found or have changed."""
    if header.get("format") != LOG_FORMAT:
        raise GameError(f"this log has format {header.get('format')!r}; this riskrules reads format {LOG_FORMAT}")
    variant = header.get("variant")
    sets = header.get("set", [])
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise GameError("the log's 'set' must be a list of rule texts")
    try:
        rules = open_rulebook(header["edition"], sets=sets).rules(variant.split(",") if variant else None,
                                                       header.get("player_count"))
    except RuleError as err:
        raise GameError(f"the rules of this game cannot be loaded: {err.first_line}") from None
    if rules.fingerprint != header["rules"]:
        raise GameError(f"the rules of {header['edition']} have changed since this game was played "
                        f"(fingerprint {header['rules']}, now {rules.fingerprint})")
    return rules


def _agents(header: dict, events: list[dict], follower: Follower,
            live: Callable[[str], Agent] | None) -> list[Agent]:
    agents: list[Agent] = []
    for player in header["players"]:
        kind = player.get("agent")
        if kind in BOTS:
            agents.append(make_bot(kind))
        elif live is None:
            agents.append(LogAgent(events, follower, kind))  # type: ignore[arg-type]
        else:
            agents.append(_Resuming(LogAgent(events, follower, kind), live(player["name"]), follower))  # type: ignore
    return agents


class _Resuming(Agent):
    """Answers from the log while it lasts, then lets the person play on."""

    def __init__(self, from_log: LogAgent, person: Agent, follower: Follower):
        self.from_log, self.person, self.follower = from_log, person, follower
        self.kind = from_log.kind

    def start(self, game, seat, rng) -> None:
        super().start(game, seat, rng)
        self.from_log.start(game, seat, rng)
        self.person.start(game, seat, rng)

    def decide(self, decision: Decision):
        if self.follower.replaying:
            return self.from_log.decide(decision)
        return self.person.decide(decision)


def replay(path: Path) -> ReplayReport:
    """Re-run a logged game and compare every line."""
    events = read_log(path)
    header = events[0]
    rules = rules_for(header)
    follower = Follower(events)
    agents = _agents(header, events, follower, None)
    game = Game(rules, agents, header["seed"], max_turns=header["max_turns"], listeners=[follower],
                edition=header["edition"], names=[p["name"] for p in header["players"]])
    try:
        result = game.play()
    except Mismatch as m:
        return ReplayReport(len(events), m.line - 1, None, m)
    except GameError as err:
        got = {"error": str(err)}
        return ReplayReport(len(events), follower.position, None,
                            Mismatch(follower.position + 1, events[follower.position]
                                     if follower.position < len(events) else None, got))
    return ReplayReport(len(events), follower.position, result)


def resume_game(path: Path, live: Callable[[str], Agent], listeners: Sequence[Callable[[dict], None]] = ()
                ) -> tuple[Game, Follower]:
    """A game rebuilt from a save file, ready to `play()` on: its human seats answered from
    the file until it runs out, then by `live(name)`. `listeners` hear only the new events."""
    events = read_log(path)
    if events[-1]["type"] == "game_over":
        raise GameError(f"{path}: this game is over ({events[-1].get('reason')}); nothing to resume")
    header = events[0]
    rules = rules_for(header)
    follower = Follower(events, stop_at_end=True)
    agents = _agents(header, events, follower, live)
    if all(isinstance(a, Agent) and a.kind in BOTS for a in agents):
        raise GameError(f"{path}: no person plays in this game; replay it with `risk replay`")

    def follow(event: dict) -> None:  # check first, then let the new events through
        was_replaying = follower.replaying
        follower(event)
        if not was_replaying:
            for listen in listeners:
                listen(event)

    game = Game(rules, agents, header["seed"], max_turns=header["max_turns"], listeners=[follow],
                edition=header["edition"], names=[p["name"] for p in header["players"]])
    return game, follower
