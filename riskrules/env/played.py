"""One environment's games: the rules loaded once, each game a Table, its decisions asked in stages.

Shared by the PettingZoo environment (aec.py) and the Gymnasium one (single.py). A decision with
a single answer (one option, not optional, no amount to choose) is answered here and never
asked. With `events` (or a directory for logs) the game's events are kept in memory (`events`:
the engine tells none otherwise, which spares it a third of its time); with a directory for
logs, each game's log is written there atomically when the game ends (seed-<seed>.jsonl), with
the header `risk play --log` writes, so that `risk replay` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.agents import BOTS
from ..engine.game import as_played
from ..engine.log import line_of, write_atomically
from ..language.carried import carried
from ..language.loader import open_rulebook
from ..terminal.session import header_for
from .encoding import ASKED, NOT_FORCED, Encoding, forced
from .seen import Seen
from .table import Table


class Played:
    def __init__(self, rules: str, variant: str | Sequence[str] | None, players: int, max_turns: int,
                 sets: Sequence[str], logs: Path | str | None, seats: Sequence[str | None], events: bool = False):
        for bot in seats:  # (a plug-in or a program is played under a watch or a process of its own: not here)
            if bot is not None and bot.partition("-")[0] not in BOTS:
                raise ValueError(f"unknown bot '{bot}': the other seats are built-in bots ({', '.join(BOTS)})")
        variants = [variant] if isinstance(variant, str) else list(variant) if variant else None
        book = open_rulebook(str(rules), sets=sets)
        self.rules = book.rules(variants, players)
        orders, units = self.rules.orders, self.rules.units  # (their decisions have no encoding yet: issue 45)
        for words, present in (("orders given together", orders is not None and orders.together),
                               ("special units", units is not None)):
            if present:
                raise ValueError(f"the environment cannot play rules with {words} yet: {rules}")
        self.edition, self.variants, self.sets = str(rules), variants, list(sets)
        self.files = carried(book, str(rules), variants, players, self.rules) if logs is not None else {}
        self.logs = Path(logs) if logs is not None else None
        self.keep_events = events or logs is not None  # (the game's events in `events`)
        self.players, self.max_turns, self.seats = players, max_turns, list(seats)
        neutral = as_played(self.rules).neutral is not None  # (the game's seats: nuclear sets bring a neutral army)
        self.names = list(self.rules.colours[:players]) + (["neutral"] if neutral else [])
        self.encoding = Encoding(self.rules, players, len(self.names))
        self.table: Table | None = None
        self.seed = 0
        self.check_all = False  # every answer checked by the engine too (tests/test_env_proven.py: Asked.proven)

    def start(self, seed: int) -> None:
        self.close()
        self.seed = seed
        self.events: list[dict] = []  # (told by the engine only when kept: they cost it a third more)
        listeners = [self.events.append] if self.keep_events else []
        self.table = Table(self.rules, self.seats, seed, self.max_turns, listeners, self.edition, self.check_all)
        self.names = list(self.table.game.names)
        self.stage, self.parts = 0, []
        self.seen = [Seen(self.encoding, seat, self.table.game) for seat in range(len(self.table.game.sights))]
        self.given = None  # the mask of the stage asked now, once made (None: not yet)
        self.number = 0  # the engine's answers so far: nothing in the game changes between two
        self.switch = self.table.game_thread.switch  # (Table.answer, without a call of its own)
        self.pending = None  # the decision asked now (Table.pending's: None, the game is over)
        self._settle(self.table.start())

    @property
    def over(self) -> bool:
        return self.pending is None

    @property
    def seat(self) -> int:
        """The seat the pending decision is put to."""
        return self.pending.player

    def observe(self, seat: int) -> dict:
        """The seat's observation and action mask (a mask of nothing when the decision is not its own)."""
        d = self.pending
        if d is not None and d.player == seat:
            mask = self.given
            if mask is None:  # (the stage's mask, made once: Encoding.mask)
                mask = self.given = self.encoding.mask(d, d.view, self.stage, self.parts)
            return self.seen[seat].observe(d, self.stage, self.parts, self.number, mask)
        return self.seen[seat].observe(None, 0, (), self.number, self.encoding.nothing)

    def act(self, action: int) -> Any:
        """Takes the action; the decision asked next (None: the game is over)."""
        d = self.pending
        mask = self.given
        if mask is None:
            mask = self.encoding.mask(d, d.view, self.stage, self.parts)
        if not 0 <= action < self.encoding.actions or not mask.base[action]:  # (its bytes: Encoding.mask)
            raise ValueError(f"action {action} is not legal now (a {d.kind} decision, stage {self.stage})")
        self.given = None
        done, answer = self.encoding.step(d, d.view, self.stage, self.parts, action)
        if not done:
            self.stage += 1
            return d
        self.stage, self.parts = 0, []
        d = self.pending = self.table.pending = self.switch(answer)  # (into the game, until its next question)
        if d is not None and (d.optional or d.kind in ASKED or len(d.options) != 1):  # (not forced: _settle's
            # commonest cases, here; a decision of one of ASKED's kinds may make its options when read)
            self.number += 1
            return d
        return self._settle(d)

    def own_share(self, seat: int) -> float:
        return self.table.game.sights[seat].territory_count[seat] / self.encoding.n

    def _settle(self, d) -> Any:
        """Answers the decisions that have a single answer; writes the log at the end. The decision
        asked next (None: the game is over)."""
        self.number += 1  # (the game has moved: observations are brought up to date, masks made anew)
        self.given = None
        while d is not None:
            if d.optional or d.kind in ASKED:  # (forced's first test, here: the commonest)
                break
            only = forced(d)
            if only is NOT_FORCED:
                break
            d = self.table.answer(only)
        self.pending = d
        if d is not None:
            return d
        if self.logs is not None:
            self.logs.mkdir(parents=True, exist_ok=True)
            path = self.logs / f"seed-{self.seed}.jsonl"
            head = header_for(path, "log", self.edition, self.rules.language, self.files)
            write_atomically(path, [line_of(head(self.events[0]))] + [line_of(e) for e in self.events[1:]])

    def close(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
