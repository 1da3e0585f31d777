"""Plug-in bots are guests: what they are handed is their own, and they cannot stop the game.

A plug-in (agents/plugins.py) is played through a `Guest`, which the engine asks as it asks
any agent. The guest

- hands the plug-in a copy of its seat's view (`Sight.apart`: the game copied with what the
  seat cannot see blanked, its lists, dicts and sets, rules and board its own), made afresh
  for each decision into the same view object, and a copy of each decision (its options a
  list of its own); the engine checks the answer against its own decision. So nothing the
  plug-in does to what it is handed reaches the game;
- runs the plug-in's code (its constructor, `start`, `decide`) in a thread of its own and
  waits at most `timeout` seconds for it (None: no limit): a plug-in that never answers
  ends the game with a GameError naming it, and the thread is left behind (a daemon: the
  process can still exit);
- turns whatever the plug-in raises (any exception, and SystemExit, KeyboardInterrupt and
  the like, which are the plug-in's own: the user's Ctrl-C comes to the main thread, which
  is waiting) into a one-line GameError naming the bot and the error;
- takes from the plug-in's answer only plain values (None, numbers, strings, tuples and
  lists of them: a number of another type, numpy's say, becomes an int), made in its
  thread, so that none of the plug-in's code runs when the engine checks the answer.

This is not a sandbox: a plug-in runs with the user's rights and may import riskrules and
change its code. It keeps an honest plug-in's mistakes, and a careless one's writes, out of
the game. The built-in bots are not guests: they read the game's own lists, which is fast.
"""

from __future__ import annotations

import operator
import os
import threading
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
        how, made = _run(cls, (), self.timeout)
        if how != "ok":
            raise GameError(f"cannot make bot '{spec}': " + (made if how == "raised" else f"no answer {self._late()}"))
        self.bot = made

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)  # the game's own view: kept here, never handed on
        self.memo: dict = {}  # the deep copy's memo: the guest's rules, and its mission cards
        self.rules = deepcopy(view.rules, self.memo)
        self.seen = view.apart(self.rules, self.memo)
        how, said = _run(self.bot.start, (self.seen, seat, rng), self.timeout)
        if how == "raised":
            raise GameError(f"{self._who()} failed to start: {said}")
        if how == "late":
            raise GameError(f"{self._who()} did not start {self._late()}")

    def decide(self, d: Decision) -> Any:
        seen = self.view.apart(self.rules, self.memo, self.seen)
        asked = Decision(d.kind, d.player, list(d.options), d.side, d.optional, d.most, d.where, seen)
        how, answer = _run(self.bot.decide, (asked,), self.timeout, plain=True)
        if how == "ok":
            return answer
        if how == "raised":
            raise GameError(f"{self._who()} failed to answer {d.kind}: {answer}")
        if how == "late":
            raise GameError(f"{self._who()} did not answer {d.kind} {self._late()}")
        raise GameError(f"{self._who()} answered {d.kind} with a value of type {answer}: an answer is None, "
                        "a number or a tuple of numbers")

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


# ---- running a plug-in's code ----------------------------------------------------------------------


def _run(call, args: tuple, timeout: float | None, plain: bool = False) -> tuple[str, Any]:
    """call(*args) in this thread's guest thread, waiting at most `timeout` seconds (None: no
    limit): ("ok", what it returned, as plain data if `plain`), ("raised", the error in one
    line), ("not plain", the answer's type) or ("late", None)."""
    runner = _RUNNERS.get(threading.get_ident()) or _Runner()
    return runner.run(call, args, timeout, plain)


class _Runner:
    """A daemon thread that runs the calls of one thread that plays games, one at a time.
    It is handed a call through two plain locks, the cheapest hand-over there is (a queue
    and an event cost several times as much, and a guest is asked hundreds of times a game)."""

    def __init__(self):
        self.asked = threading.Lock()  # released: a call is waiting in self.slot
        self.answered = threading.Lock()  # released: its outcome is in self.slot
        self.asked.acquire()
        self.answered.acquire()
        self.slot: Any = None
        self.abandoned = False
        _RUNNERS[threading.get_ident()] = self
        threading.Thread(target=self._serve, name="riskrules-guest", daemon=True).start()

    def run(self, call, args: tuple, timeout: float | None, plain: bool) -> tuple[str, Any]:
        self.slot = (call, args, plain)
        self.asked.release()
        if not self.answered.acquire(True, -1 if timeout is None else min(timeout, threading.TIMEOUT_MAX)):
            # not answered in time: this thread is left to its call (and ends if it ever returns)
            self.abandoned = True
            _RUNNERS.pop(threading.get_ident(), None)
            return "late", None
        outcome, self.slot = self.slot, None  # (hold nothing of a game between calls)
        return outcome

    def _serve(self) -> None:
        while True:
            self.asked.acquire()
            call, args, plain = self.slot
            outcome = _outcome(call, args, plain)
            del call, args
            if self.abandoned:
                return
            self.slot = outcome
            self.answered.release()


_RUNNERS: dict[int, _Runner] = {}  # the guest thread of each thread that plays games


if hasattr(os, "register_at_fork"):  # a forked worker process has none of its parent's threads
    os.register_at_fork(after_in_child=_RUNNERS.clear)


def _outcome(call, args: tuple, plain: bool) -> tuple[str, Any]:
    """What `_run` returns, made in the guest thread (the answer's type and an error's message
    are the plug-in's code too)."""
    try:
        value = call(*args)
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
