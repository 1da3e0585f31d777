"""Seats that empty (issue 48): a person who leaves — his page closed for the host's `--away`
seconds, or his seat released by the host — is played by a bot of the host's choice until he
comes back with his link, and takes his seat back at its next question.

Who is away is the server's (the pages' requests: `Away`); what the bot answered is the game's:
each of its answers is kept with the people's (`ID.answers.json`, as `{"bot": kind, "answer": …}`),
and after a restart the same bot, started at the same moment with a random source drawn from the
game's seed, answers again and must answer the same. So a game is still its seed and its answers.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..engine.agents import BOTS, make_bot
from ..engine.decisions import Decision
from ..engine.errors import GameError

if TYPE_CHECKING:
    from .hosted import HostedGame
    from .person import WebPerson

AWAY_SECONDS = 120.0  # `risk serve --away`: a page not seen this long leaves its seat to the bot (0: never)
AWAY_BOT = "balanced"  # `risk serve --away-bot`
CHECK_EVERY = 0.5  # seconds between two looks, while a person is asked, at whether he is still there


class Away:
    """Which people's seats are away: not seen for `after` seconds (no page of theirs polling) once
    seen (`arrived`: a resumed game's people were), or released by the host (until the person opens
    his link again, or asks for his seat back), or played by the bot when the server restarted
    (until a page of the seat is seen)."""

    def __init__(self, seats: list[int], after: float = AWAY_SECONDS, bot: str = AWAY_BOT, arrived: bool = False):
        self.after, self.bot = after, bot
        now = time.monotonic()
        self.seen: dict[int, float | None] = {s: now if arrived else None for s in seats}
        self.watching: Counter[int] = Counter()
        self.released: set[int] = set()
        self.left: set[int] = set()
        self.lock = threading.Lock()

    def saw(self, seats: list[int], opened: bool = False) -> None:
        """A request of these seats' page (`opened`: the page opened, or the seat asked back)."""
        now = time.monotonic()
        with self.lock:
            for s in seats:
                if s in self.seen:
                    self.seen[s] = now
                    self.left.discard(s)
                    if opened:
                        self.released.discard(s)

    @contextmanager
    def watched(self, seats: list[int]) -> Iterator[None]:
        """While a page of these seats waits for a change (a long poll), they are there."""
        self.saw(seats)
        with self.lock:
            self.watching.update(seats)
        try:
            yield
        finally:
            with self.lock:
                self.watching.subtract(seats)
            self.saw(seats)

    def release(self, seat: int) -> None:
        with self.lock:
            self.released.add(seat)

    def gone(self, seat: int) -> bool:
        with self.lock:
            if seat in self.released or seat in self.left:
                return True
            seen = self.seen[seat]  # (None: his page not opened yet — he has not left; the host may release it)
            return self.after > 0 and self.watching[seat] <= 0 and seen is not None and time.monotonic() - seen >= self.after

    def shown(self, host: HostedGame, names: list[str]) -> list[str]:
        """'red is away: played by balanced until he returns', for each person's seat away now."""
        t = host.t
        lines = [t._("{player} is away: played by {bot} until he returns.").format(player=t.player(names[s]), bot=self.bot)
                 for s in host.humans if self.gone(s)]
        return [line[:1].upper() + line[1:] for line in lines]


def encoded(answer: Any) -> Any:
    """An engine's answer as JSON (tuples as lists)."""
    if isinstance(answer, (tuple, list)):
        return [encoded(a) for a in answer]
    if answer is None or type(answer) in (int, bool, str):
        return answer
    raise GameError(f"a bot's answer that cannot be kept: {answer!r}")


def _stand_in(host: HostedGame, agent: WebPerson, kind: str):
    """The bot playing `agent`'s seat now: made anew each time the person leaves, with a random source
    of its own drawn from the game's seed, the seat and how many times it has left."""
    if agent.stand_in is None or agent.stand_in_kind != kind:
        if kind not in BOTS:
            raise GameError(f"'{kind}' is not a built-in bot")
        bot = make_bot(kind)
        bot.start(agent.view, agent.seat, random.Random(f"away {host.game.seed} {agent.seat} {agent.stints}"))
        agent.stand_in, agent.stand_in_kind, agent.stints = bot, kind, agent.stints + 1
    return agent.stand_in


def stand_in_answers(host: HostedGame, agent: WebPerson, d: Decision) -> Any:
    """The host's bot answers `d` for the person who is away; its answer is kept with the game's."""
    answer = _stand_in(host, agent, host.away.bot).decide(d)
    host.taken.append([agent.seat, {"bot": host.away.bot, "answer": encoded(answer)}])
    host.keep_answers()
    host.publish()
    return answer


def answers_again(host: HostedGame, agent: WebPerson, d: Decision, raw: dict, where: str) -> Any:
    """A bot's answer kept, answered again by the same bot: GameError unless it is the same."""
    kind = raw.get("bot")
    if set(raw) != {"bot", "answer"} or kind not in BOTS:
        raise GameError(f"{where} is not a bot's answer as this server keeps them")
    try:
        answer = _stand_in(host, agent, kind).decide(d)
    except GameError as err:
        raise GameError(f"{where}: {err}") from None
    if encoded(answer) != raw["answer"]:
        raise GameError(f"{where} is not what {kind} answers there again")
    host.taken.append([agent.seat, raw])
    return answer


def left_to_bots(kept: list[list]) -> set[int]:
    """The seats whose last answer kept is a bot's: still played by it when the server starts again."""
    last = {seat: raw for seat, raw in kept}
    return {seat for seat, raw in last.items() if "bot" in raw}
