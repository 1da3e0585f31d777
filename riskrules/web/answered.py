"""How the game's thread took an answer, and what stops a hosted game: told back to the server's
waiting request (hosted.py's thread replies; server.py reads)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any


class Closing(Exception):
    """The server is closing: the game stops where it is, as saved."""


class Over(Exception):
    """A save found at its end (the server stopped before the log was written): the log is now."""


class Answered:
    """How the game's thread took an answer: `refused` (the reason, in words) or taken; `stale`
    when the question it answered is no longer the one put up; `unsaved` (why) when it could not
    be kept on disk, and so was not taken."""

    def __init__(self, refused: str | None = None, stale: bool = False, unsaved: str | None = None):
        self.refused, self.stale, self.unsaved = refused, stale, unsaved


def _reply(reply: Future, outcome: Any) -> None:
    """Tell the server's waiting request how its answer went, unless it has stopped waiting."""
    if reply.set_running_or_notify_cancel():
        if isinstance(outcome, Exception):
            reply.set_exception(outcome)
        else:
            reply.set_result(outcome)
