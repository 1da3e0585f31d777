"""Plug-in bots are guests: what they are handed is their own, and they cannot stop the game.

A plug-in (agents/plugins.py) is played through a `Guest`, which the engine asks as it asks
any agent. The guest

- hands the plug-in its seat's view of a copy of the game (`Sight.lend`: what the seat
  cannot see blanked, its lists, dicts and sets, rules and board its own), renewed for each
  decision in the same view object (copied as it is read: a list alone, or the whole game),
  and a copy of each decision (its options a list of its own); the engine checks the answer
  against its own decision. So nothing the plug-in does to what it is handed reaches the
  game;
- gives the plug-in at most `timeout` seconds for each call (None: no limit). A game with such
  a guest is played in a thread of its own (`watch`, which Game.play calls), the plug-in's
  `decide` called there directly, while the calling thread watches the clock: when a call
  is late it raises a GameError naming the bot, and the game's thread is left behind (a
  daemon: the process can still exit; it stops at its next decision). A thread handed each
  decision would cost tens of microseconds a decision, a plug-in's game several times its
  own time where it is asked every roll of the dice. The constructor and `start` (made
  before play) run in a thread of their own, waited for as long;
- passes on to a plug-in that hears (Agent.hears) each event as its seat is told it, a copy of
  its own, its view renewed to that moment, under the same clock as its decisions;
- turns whatever the plug-in raises (any exception, and SystemExit, KeyboardInterrupt and
  the like, which are the plug-in's own: the user's Ctrl-C comes to the main thread, which
  is watching; only in the main thread, without a watch, is a KeyboardInterrupt taken for
  the user's) into a one-line GameError naming the bot and the error;
- takes from the plug-in's answer only plain values (None, numbers, strings, tuples and
  lists of them: a number of another type, numpy's say, becomes an int), made where the
  plug-in runs, so that none of its code runs when the engine checks the answer.

This is not a sandbox: a plug-in runs with the user's rights and may import riskrules and
change its code. It keeps an honest plug-in's mistakes, and a careless one's writes, out of
the game. The built-in bots are not guests: they read the game's own lists, which is fast.
"""

from __future__ import annotations

import operator
import os
import threading
import time
from copy import deepcopy
from typing import Any

from ..decisions import Decision
from ..errors import GameError
from .base import Agent

TIMEOUT = 60.0  # seconds a plug-in may take over one call (the `risk` commands' --bot-timeout)
MAX_NAME = 64  # characters in a name of a game log (language/schema/log.schema.json)


class Guest(Agent):
    """A plug-in bot as the engine plays it (see the module's docstring)."""

    proven = False  # every answer is checked, whatever the plug-in's class says

    def __init__(self, cls: type, spec: str, timeout: float | None = TIMEOUT):
        self.spec = spec
        self.timeout = timeout or None  # 0: no limit
        self.kind = _log_name(getattr(cls, "kind", None), spec)
        self.asking: tuple[float, str] | None = None  # (its deadline, what is asked): for the watch
        self.abandoned = False  # the watch has given up on its game
        how, made = _aside(cls, (), self.timeout)
        if how != "ok":
            raise GameError(f"cannot make bot '{spec}': " + (made if how == "raised" else f"no answer {self._late()}"))
        self.bot = made
        self.hears = getattr(cls, "hears", False) is True  # a plug-in that hears hears through its guest

    @property
    def watches(self) -> bool:
        """Whether its game is to be played under `watch` (Game.play asks)."""
        return self.timeout is not None

    def watch(self, game) -> Any:
        return watch(game)

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)  # the game's own view: kept here, never handed on
        self.memo: dict = {}  # the deep copy's memo: the guest's rules, and its mission cards
        self.rules = deepcopy(view.rules, self.memo)
        self.seen = view.lend(self.rules, self.memo)
        how, said = _aside(self.bot.start, (self.seen, seat, rng), self.timeout)
        if how == "raised":
            raise GameError(f"{self._who()} failed to start: {said}")
        if how == "late":
            raise GameError(f"{self._who()} did not start {self._late()}")

    def decide(self, d: Decision) -> Any:
        seen = self.view.lend(self.rules, self.memo, self.seen)
        asked = Decision(d.kind, d.player, list(d.options), d.side, d.optional, d.most, d.where, seen)
        if self.timeout is not None:
            self.asking = (time.monotonic() + self.timeout, d.kind)
        # in the main thread the user's Ctrl-C may come during the call: it is let through
        how, answer = _outcome(self.bot.decide, (asked,), True,
                               (KeyboardInterrupt,) if threading.current_thread() is threading.main_thread() else ())
        self.asking = None
        if self.abandoned:  # late: the game has been given up, and this thread ends here
            raise _Abandoned
        if how == "ok":
            return answer
        if how == "raised":
            raise GameError(f"{self._who()} failed to answer {d.kind}: {answer}")
        raise GameError(f"{self._who()} answered {d.kind} with a value of type {answer}: an answer is None, "
                        "a number or a tuple of numbers")

    def hear(self, event: dict) -> None:
        """An event for a plug-in that hears: a copy of its own, with its view renewed to the moment
        of the event; what it raises and its lateness, as for a decision."""
        self.view.lend(self.rules, self.memo, self.seen)
        if self.timeout is not None:
            self.asking = (time.monotonic() + self.timeout, "an event")
        how, said = _outcome(self.bot.hear, (deepcopy(event),), False,
                             (KeyboardInterrupt,) if threading.current_thread() is threading.main_thread() else ())
        self.asking = None
        if self.abandoned:
            raise _Abandoned
        if how == "raised":
            raise GameError(f"{self._who()} failed to hear an event: {said}")

    def _who(self) -> str:
        return f"{self.view.names[self.seat]} ({self.kind})"

    def _late(self) -> str:
        return f"within {self.timeout:g} s (--bot-timeout)"


def _log_name(kind, spec: str) -> str:
    """How the game log (and an error) names a plug-in: its kind — unless it has none of its
    own (the loader gives it the spec), or a built-in bot's (a subclass of one inherits its
    name: a replay would play that bot itself instead of reading the plug-in's answers), or
    one a log cannot hold (1 to 64 characters). Then the spec, a file by its name only
    (bots.py:Cautious), its end if it is still too long."""
    from . import BOTS

    if (isinstance(kind, str) and 0 < len(kind) <= MAX_NAME and kind not in (spec, Agent.kind)
            and kind.partition("-")[0] not in BOTS):
        return kind
    where, _, name = spec.rpartition(":")
    short = f"{os.path.basename(where)}:{name}" if where.endswith(".py") else spec
    return short if len(short) <= MAX_NAME else "…" + short[1 - MAX_NAME:]


# ---- the watch -------------------------------------------------------------------------------------


class _Abandoned(BaseException):
    """Ends the thread of a game the watch has given up on (no one waits for its outcome)."""


class _Stopped(Agent):
    """Stands in every seat of a game the watch has given up on: its next decision ends its thread."""

    kind = "stopped"

    def decide(self, decision: Decision) -> Any:
        raise _Abandoned


def watch(game) -> Any:
    """game._play() in a thread of its own, watched: its result (or what it raised) when it
    ends, or a GameError as soon as a guest's call is later than its timeout. The watching
    thread only waits (on the game's thread, a fraction of the shortest timeout at a time),
    so the user's Ctrl-C and the signals come to it. When it stops watching for any reason,
    every seat of the game is taken by `_Stopped`: the game's thread ends at its next
    decision instead of playing on unseen."""
    timed = [a for a in game.agents if isinstance(a, Guest) and a.timeout is not None]
    outcome: list = []

    def play() -> None:
        try:
            outcome.append((True, game._play()))
        except _Abandoned:
            pass
        except BaseException as err:  # noqa: B036 — whatever ends the game is the caller's to see
            outcome.append((False, err))

    thread = threading.Thread(target=play, name="riskrules-game", daemon=True)
    poll = min(0.5, max(0.01, min(g.timeout for g in timed) / 4))
    try:
        thread.start()
        while not outcome:
            thread.join(poll)
            now = time.monotonic()
            for guest in timed:
                asking = guest.asking
                if asking is not None and now > asking[0] and not outcome:
                    raise GameError(f"{guest._who()} did not answer {asking[1]} {guest._late()}")
    except BaseException:
        for guest in timed:
            guest.abandoned = True
        game.agents[:] = [_Stopped() for _ in game.agents]
        game.trusted = (None,) * len(game.agents)  # (asked through Game.ask: the next question ends it)
        raise
    ok, value = outcome[0]
    if ok:
        return value
    raise value


def _aside(call, args: tuple, timeout: float | None) -> tuple[str, Any]:
    """call(*args) (a plug-in's constructor or start) in a thread of its own, waited for at most
    `timeout` seconds (None: in this thread): ("ok", what it returned), ("raised", the error
    in one line) or ("late", None)."""
    if timeout is None:
        return _outcome(call, args, False, (KeyboardInterrupt,))
    box: list = []
    thread = threading.Thread(target=lambda: box.append(_outcome(call, args, False)), name="riskrules-guest",
                              daemon=True)
    thread.start()
    thread.join(min(timeout, threading.TIMEOUT_MAX))
    return box[0] if box else ("late", None)


def _outcome(call, args: tuple, plain: bool, passed: tuple[type[BaseException], ...] = ()) -> tuple[str, Any]:
    """("ok", what call(*args) returned — made plain data if `plain`), ("raised", what it raised,
    in one line) or ("not plain", the answer's type): made where the plug-in runs, since the
    answer's type and an error's message are the plug-in's code too. Errors of the types
    `passed` are raised."""
    try:
        value = call(*args)
    except passed:
        raise
    except BaseException as err:  # noqa: B036 — SystemExit, KeyboardInterrupt … raised by the plug-in itself
        return "raised", _said(err)
    if not plain:
        return "ok", value
    try:
        return "ok", _plain(value)
    except BaseException:  # noqa: B036
        try:
            return "not plain", type(value).__name__
        except BaseException:  # noqa: B036
            return "not plain", "?"


def _said(err: BaseException) -> str:
    """An exception as one line: its type and its message (which is the plug-in's code too)."""
    try:
        text = " ".join(line.strip() for line in str(err).splitlines() if line.strip())
    except BaseException:  # noqa: B036 — a message that cannot be made
        text = ""
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


_SCALARS = frozenset((int, float, str, bool, type(None)))


def _plain(answer: Any) -> Any:
    """The answer as plain data: None, a number, a string, or a tuple or list of those (a number
    of another type, an int subclass or numpy's, as an int); TypeError if it is none of those."""
    kind = type(answer)
    if kind in _SCALARS:
        return answer
    if isinstance(answer, (tuple, list)):  # (a namedtuple is a tuple)
        return (list if isinstance(answer, list) else tuple)(_scalar(a) for a in answer)
    return _scalar(answer)


def _scalar(value: Any) -> Any:
    if type(value) in _SCALARS:
        return value
    return int(operator.index(value))
