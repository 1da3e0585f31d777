"""A game hosted for browsers: the engine in a thread of its own, people answering from pages.

The engine asks its agents and waits for each answer (engine/game.py); a person in a browser
answers whenever the page sends it. So each hosted game runs `Game.play()` in a thread; a
`WebPerson` seat puts its question up (`HostedGame.ask`) and waits for an answer from the
server's thread, which it reads (answers.py), checks with the engine's own rules and either
takes or refuses with the engine's reason. Everything a page is shown is made in the game's
thread at a moment when the game stands still — a question put up, a bot's move paced, the end
— from each seat's view alone (view.py), and handed over whole as JSON: the server's threads
never read the game.

The game is kept in the same save file as `risk play --save` writes, rewritten before every
question put to a person, and at the end its log is written beside it. Every answer taken is
kept too, beside the save (`ID.answers.json`, rewritten atomically before the page is told the
answer was taken): the game is its seed and those answers (the bots and the dice are drawn from
the seed), so `HostedGame.resume` plays it again from them after a restart — past the end of
the save, to the same bot moves and dice the pages were shown — and puts the next question.
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
import traceback
from collections import defaultdict, deque
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from ..engine.agents import make_bot
from ..engine.decisions import ATTACK, PLACE, Decision
from ..engine.errors import GameError
from ..engine.game import Game, Result
from ..engine.log import file_header, line_of, write_atomically
from ..engine.replay import Mismatch, load_save, resume_loaded, seat_stream
from ..engine.sight import left_to_place
from ..language.carried import moved
from ..language.loader import is_path
from ..language.rules import Rules
from ..outputs import OutputError
from ..text.i18n import Text
from ..text.narrate import Narrator, result_line
from .answered import Answered, Closing, Over, _reply
from .answers import Malformed, in_words, read, refusal
from .away import AWAY_BOT, AWAY_SECONDS, CHECK_EVERY, Away, answers_again, left_to_bots, stand_in_answers
from .ending import endings
from .kept import read_answers, write_answers
from .since import Since
from .orders import OrdersIn
from .person import WebPerson
from .program import Stream, by_program
from .view import described, seat_state

LINES_KEPT = 80  # lines of each seat's account of the game a page is sent
SEATS = 64  # question numbers: a seat's count times SEATS plus the seat, so that no two seats' numbers meet
PACED = {"claim", "place", "battle", "battles", "conquest", "fortify", "trade", "capital_chosen"}  # a bot's visible moves


class HostedGame:
    """One game on the server: its thread, its save, what each person's page is shown."""

    def __init__(self, gid: str, directory: Path, language: str, pace: float = 0.0):
        self.id = gid
        self.directory = Path(directory)
        self.save_path = self.directory / f"{gid}.save"
        self.log_path = self.directory / f"{gid}.jsonl"
        self.answers_path = self.directory / f"{gid}.answers.json"
        self.taken: list[list] = []  # every answer taken, [seat, the page's answer], in order: what answers_path keeps
        self.pending: deque[list] = deque()  # a resumed game's: the answers kept, still to be given again
        self.caught_up = threading.Event()  # a resumed game's: set once it has played again all it had played
        # the save's first lines whose people's answers are read off the save itself: those of a game
        # kept by a riskrules that kept no answers, up to where it went on here (0: none)
        self.from_log = 0
        self.saved_events: list[dict] = []
        self.language = language
        self.pace = pace
        self.defend_most = False  # a person's seat defends with the most dice, unasked (kept with the answers)
        self.lines: list[str] = []  # the save's lines
        self.game: Game | None = None
        self.t: Text | None = None
        self.humans: list[int] = []
        self.result: Result | None = None
        self.failed: str | None = None
        # each seat's version (of what its page shows) and count of questions: its own, going on from the
        # time in milliseconds, so that after a restart they are above what a page was sent before it
        # (its poll returns; an answer to a question of before is no answer). A question's number is
        # its seat's count times SEATS plus the seat: one seat's numbers tell nothing of the others',
        # and no number is two seats'.
        start = time.time_ns() // 1_000_000
        self.versions: dict[int, int] = defaultdict(lambda: start)
        self.questions: dict[int, int] = defaultdict(lambda: start)
        self.follower = None  # a resumed game's: is it still replaying its save?
        self.snapshots: dict[int, dict[str, Any]] = {}  # seat → what its page shows now
        self.told: dict[int, deque[str]] = {}  # seat → its account of the game, in words
        self.asking: tuple[int, WebPerson, Decision] | None = None  # (number, agent, decision) put up
        self.answers: queue.Queue = queue.Queue()
        self.closing = threading.Event()
        self.hurried = threading.Event()  # a person asked for the bots' moves at once (until a question is put)
        self.woken = threading.Event()  # (ends a pace's wait: closing, or hurried)
        self.begun = threading.Event()  # set once the game's save is first written
        self.notify: Callable[[], None] = lambda: None  # the server's: a page may be waiting
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.ended_at: float | None = None  # (time.monotonic) when it finished
        self.drawn: str | None = None  # the board as the pages draw it, made once
        self.ends: dict[int, dict[str, Any]] = {}  # at the end, each seat's: missions, how, its replay's key
        self.again: str | None = None  # the lobby's address for a new game of the same settings
        self.replays: dict[int, str] = {}  # each seat's replay page, once asked for
        self.orders_in: dict[int, OrdersIn] = {}  # seat → whose orders are in this round (issue 45)
        self.away = Away([])  # whose seats are away, played by the host's bot (web/away.py)
        self.people: list[WebPerson] = []
        self.gone_shown: frozenset[int] = frozenset()  # the seats away as the pages were last shown
        self.streams: dict[int, Stream] = {}  # seat → the seat protocol's lines for a program there (program.py)

    # ---- made new, or resumed from its save ---------------------------------------------------

    @classmethod
    def new(cls, gid: str, directory: Path, rules: Rules, edition: str, files: dict[str, str], seats: list[str],
            seed: int, language: str, pace: float = 0.0, max_turns: int = 1000, defend_most: bool = False,
            away: float = AWAY_SECONDS, away_bot: str = AWAY_BOT) -> HostedGame:
        """A game of `rules` (`edition`: an id, or a house rule's path; `files`: the texts its save
        carries, named relative to the current directory); `seats`: 'human' or a built-in bot each."""
        host = cls(gid, directory, language, pace)
        host.defend_most = defend_most
        where = os.path.relpath(os.path.abspath(edition), os.path.abspath(directory)) if is_path(edition) else edition
        mine = {moved(name, ".", directory): text for name, text in files.items()}

        def saved(event: dict) -> None:
            if event["type"] == "game_start":  # (saved at once: from now on a restart finds the game)
                host.lines.append(line_of(file_header(event, "save", language, mine, where)))
                host.save()
                host.keep_answers()
                host.begun.set()
                return
            host.lines.append(line_of(event))

        agents = [WebPerson(host) if kind == "human" else make_bot(kind) for kind in seats]
        host.humans = [s for s, kind in enumerate(seats) if kind == "human"]
        host.away = Away(host.humans, away, away_bot)
        host._told(rules)
        host.game = Game(rules, agents, seed, max_turns=max_turns, edition=edition,
                         listeners=[saved], seat_listeners=host._tellers(rules))
        host._see()
        host.game.listeners.append(host._paced)  # (after the tellers)
        return host

    @classmethod
    def resume(cls, gid: str, directory: Path, pace: float = 0.0, away: float = AWAY_SECONDS,
               away_bot: str = AWAY_BOT) -> HostedGame:
        """The game of `directory`/`gid`.save, ready to go on (`start`, then wait for `caught_up`:
        it plays again what it had played, and says in `failed` if it cannot); GameError if it
        cannot be. With the answers kept beside the save, the people's seats are played again from
        them (the save must be what they make); a save kept without them (by an older riskrules)
        is played again from its own lines."""
        path = Path(directory) / f"{gid}.save"
        events, rules = load_save(path)
        header = events[0]
        host = cls(gid, directory, header.get("language") or rules.language, pace)
        if events[-1]["type"] == "game_over":
            host.lines = [line_of(e) for e in events]
            host.write_log()
            raise Over
        kept, host.from_log, host.defend_most = read_answers(host.answers_path, gid, len(header["players"]))
        if kept is None:  # (kept by an older riskrules: its people are answered from the save to its end)
            kept, host.from_log = [], len(events)
        host.saved_events = events
        host.lines = [line_of(e) for e in events]
        names = [p["name"] for p in header["players"]]
        host.humans = [s for s, p in enumerate(header["players"]) if p["agent"] == "human"]
        host.away = Away(host.humans, away, away_bot, arrived=True)
        host.away.left = left_to_bots(kept)  # (played by the bot when the server stopped: until seen again)
        host._told(rules)
        narrators = {s: Narrator(rules, host.t, {names[s]}) for s in host.humans}
        for seat in host.humans:  # each person's account so far, as that seat was told it
            for event in seat_stream(events, rules, names[seat], str(path)):
                line = narrators[seat](event)
                if line:
                    host.told[seat].append(line)

        for given in host.orders_in.values():  # (whose orders are in, public: from the save itself, whose
            for event in events:  # round cut short is not in a seat's stream: replay.seat_stream)
                given.hear(event)

        def saved(event: dict) -> None:  # (a new event: past the save's end)
            host.lines.append(line_of(event))
            if not host.pending:
                host.caught_up.set()

        host.pending = deque(kept)
        host.game, host.follower = resume_loaded(path, events, rules, lambda name: WebPerson(host),
                                                 listeners=[saved], seat_listeners=host._tellers(rules),
                                                 people_from_log=False)
        host._see()
        host.game.listeners.append(host._paced)  # (after the tellers)
        return host

    def _see(self) -> None:
        """Each person's `Since` hears what its seat is told from the game's start (a resumed game's
        too, as it plays again what it had played: the same lines and marks as without a restart),
        and so does its Stream, for a program at the seat (program.py)."""
        game = self.game
        for seat, since in self.since.items():
            since.view = game.sights[seat]
            game.listeners.append(game.teller(seat, since))
            self.streams[seat] = Stream(game.sights[seat], seat, game.agents[seat].rng, lambda: self.notify())
            game.listeners.append(game.teller(seat, self.streams[seat].hear))

    def keep_lines(self, seat: int) -> None:
        """A program comes to `seat`: its Stream keeps the events' lines from now on, those told so far
        made again from the save (replayed: run in a thread of its own). GameError if they cannot be."""
        stream, names, rules = self.streams[seat], self.game.names, self.game.rules
        if not stream.kept:
            stream.keep(lambda: seat_stream([json.loads(line) for line in list(self.lines)], rules, names[seat],
                                            f"{self.id}'s save"))

    def keep_answers(self) -> None:
        """Write every answer taken beside the save, atomically (OutputError if it cannot be)."""
        write_answers(self.answers_path, self.id, self.taken, self.from_log, self.defend_most)

    def _told(self, rules: Rules) -> None:
        self.t = Text(self.language, rules.terms, rules.board)
        self.told = {s: deque(maxlen=LINES_KEPT) for s in self.humans}
        self.since = {s: Since(rules, self.t, s) for s in self.humans}  # since the seat's last turn; the battle
        together = rules.orders is not None and rules.orders.together  # (issue 45: whose orders are in)
        self.orders_in = {s: OrdersIn() for s in self.humans} if together else {}

    def _tellers(self, rules: Rules) -> dict[int, Callable[[dict], None]]:
        names = list(rules.colours)

        def teller(seat: int) -> Callable[[dict], None]:
            narrate = Narrator(rules, self.t, {names[seat]})
            lines = self.told[seat]
            given = self.orders_in.get(seat)

            def hear(event: dict) -> None:
                if given is not None:
                    given.hear(event)
                line = narrate(event)
                if line:
                    lines.append(line)
            return hear
        return {seat: teller(seat) for seat in self.humans}

    # ---- the game's thread ---------------------------------------------------------------------

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name=f"game {self.id}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            result = self.game.play()
            self.save()
            self.write_log()
            self.ends = endings(self.lines, self.game.rules, self.t, self.humans, self.game.names, result.winner,
                                result.reason)
            self.result = result
        except Closing:
            return
        except (GameError, OutputError) as err:  # (a plug-in's fault is none here: the bots are built in)
            self.failed = str(err)
            self.begun.set()
        except Mismatch as m:  # (a resumed game that does not play again as saved)
            self.failed = (f"{self.save_path}:{m.line}: the game does not play again as saved there (from its seed "
                           "and the answers kept)")
            self.begun.set()
        except Exception:  # noqa: BLE001 — a game that breaks must not take the server with it
            traceback.print_exc()
            self.failed = "this game stopped on an error of the server's (its output says which); it is saved"
            self.begun.set()
        finally:
            self.caught_up.set()
        self.asking = None
        self.ended_at = time.monotonic()
        self.publish()

    def save(self) -> None:
        write_atomically(self.save_path, self.lines)

    def write_log(self) -> None:
        """The game's log beside its save: the save's lines under a log's header."""
        header = json.loads(self.lines[0])
        log_header = file_header(header, "log", header.get("language"), header.get("files"), header["edition"])
        write_atomically(self.log_path, [line_of(log_header)] + self.lines[1:])

    def ask(self, agent: WebPerson, d: Decision) -> Any:
        """Put `d` up for `agent`'s page and wait for an answer the rules allow (in the game's thread).
        A resumed game first gives again the answers it kept, saying nothing to the pages."""
        seat = agent.seat
        if self.pending:
            return self._again(agent, d)
        if self.replaying():
            raise GameError(f"{self.save_path}: it goes on past the answers kept beside it ({self.answers_path.name})")
        self.caught_up.set()
        if self.away.gone(seat):
            return stand_in_answers(self, agent, d)
        self.hurried.clear()
        if not self.closing.is_set():
            self.woken.clear()
        self.questions[seat] += 1
        number = self.questions[seat] * SEATS + seat
        self.asking = (number, agent, d)
        self.streams[seat].ask(d, d.view if d.view is not None else agent.view, number)
        self.save()
        self.publish()
        while True:
            try:
                item = self.answers.get(timeout=CHECK_EVERY)
            except queue.Empty:  # (is the person still there? the others shown who is away)
                if self.away.gone(seat):
                    self.asking = None
                    return stand_in_answers(self, agent, d)
                if self.gone_shown != frozenset(s for s in self.humans if self.away.gone(s)):
                    self.publish()
                continue
            if item is None:  # (close)
                raise Closing
            by, asked, raw, reply = item
            if by != seat or asked != number:
                _reply(reply, Answered(stale=True))
                continue
            try:
                answer, rest, keep = read(d, raw)
            except Malformed as err:
                _reply(reply, err)
                continue
            why = refusal(d, answer, rest, left_to_place(agent.view, d) if d.kind is PLACE else 0)
            if why is not None:
                _reply(reply, Answered(in_words(why, self.t)))
                continue
            self.taken.append([seat, raw])
            try:  # (kept before the page is told: an answer a page was told of is never lost)
                self.keep_answers()
            except OutputError as err:
                self.taken.pop()
                _reply(reply, Answered(unsaved=str(err).replace(str(self.directory), "the games folder")))
                continue
            agent.plan, agent.plan_for = rest, (-1, -1) if by_program(raw) else (agent.view.turn, d.side)
            agent.press = (answer[0], answer[1], keep) if keep is not None else None
            agent.end_turn = agent.view.turn if d.kind is ATTACK and answer is None and raw.get("end") is True else -1
            self.asking, agent.stand_in = None, None
            self.streams[seat].answered()
            self.since[seat].acted()
            _reply(reply, Answered())
            while not self.answers.empty():  # (copies of the answer, sent twice: answered now, not later)
                item = self.answers.get_nowait()
                if item is None:
                    raise Closing
                _reply(item[3], Answered(stale=True))
            self.publish()  # (the question is gone from the page)
            return answer

    def _again(self, agent: WebPerson, d: Decision) -> Any:
        """The next answer kept, given again as when it was taken; GameError if it does not fit."""
        seat, raw = self.pending.popleft()
        where = f"{self.answers_path}: answer {len(self.taken) + 1}"
        if seat != agent.seat:
            raise GameError(f"{where} is seat {seat}'s, but seat {agent.seat} is asked: it does not fit the save")
        if "bot" in raw:  # (the host's bot's, while the person was away: answered again by it)
            return answers_again(self, agent, d, raw, where)
        agent.stand_in = None
        try:
            answer, rest, keep = read(d, raw)
        except Malformed as err:
            article = "an" if d.kind[0] in "aeiou" else "a"  # (an 'order', an 'attack' question)
            raise GameError(f"{where} does not answer {article} '{d.kind}' question: {err}") from None
        if refusal(d, answer, rest, left_to_place(agent.view, d) if d.kind is PLACE else 0) is not None:
            raise GameError(f"{where} is not allowed by the rules where it is given again")
        self.taken.append([seat, raw])
        self.streams[seat].skip()
        agent.plan, agent.plan_for = rest, (-1, -1) if by_program(raw) else (agent.view.turn, d.side)
        agent.press = (answer[0], answer[1], keep) if keep is not None else None
        agent.end_turn = agent.view.turn if d.kind is ATTACK and answer is None and raw.get("end") is True else -1
        return answer

    def _paced(self, event: dict) -> None:
        """After a bot's move that some person is shown: the pages show it, and the game waits `pace`
        seconds. (Heard after the seats' tellers, so that the pages tell it too; a move nobody sees
        is neither shown nor waited for: a page learns nothing from the pace.)"""
        if event["type"] == "orders_given" and self.orders_in and not self.catching_up():
            self.publish()  # (orders given together, issue 45: whose orders are in, at once)
            return
        if self.pace <= 0 or event["type"] not in PACED or self.catching_up() or event["turn"] == 0:
            return  # (nor the setup's: the bots place at once)
        player = event.get("player")
        names = self.game.names
        if player is None or player not in names or (names.index(player) in self.humans
                                                      and not self.away.gone(names.index(player))):
            return
        if self.publish() and not self.hurried.is_set():
            self.woken.wait(self.pace)
        if self.closing.is_set():
            raise Closing

    def hurry(self) -> None:
        """The bots' moves at once, until the next question is put to a person."""
        self.hurried.set()
        self.woken.set()

    def replaying(self) -> bool:
        """Is a resumed game still replaying its save? (Then nothing is paced or shown.)"""
        return self.follower is not None and self.follower.replaying

    def catching_up(self) -> bool:
        """Is a resumed game still playing again what it had played (its save, its answers kept)?"""
        return bool(self.pending) or self.replaying()

    def publish(self) -> bool:
        """What each person's page shows now, made from its seat's view (in the game's thread). A
        seat's version goes up only when what its page shows has changed; True if any has."""
        game, t = self.game, self.t
        asking = self.asking
        asked = asking[2].player if asking else None
        over = None
        if self.result is not None:
            r = self.result
            over = {"winner": r.winner, "reason": r.reason, "text": result_line(r.winner, r.reason, r.turns, t)}
        changed = False
        self.gone_shown = frozenset(s for s in self.humans if self.away.gone(s))
        away = self.away.shown(self, game.names)
        for seat in self.humans:
            if game.holding is not None and seat != game.active and seat in self.orders_in and seat in self.snapshots:
                continue  # (issue 45: another's deployments stand on the board while he gives them: not shown)
            view = game.sights[seat]
            state = seat_state(view, t)
            state.update(self.since[seat].shown(), over=over)
            if over is not None:
                end = self.ends.get(seat, {})
                state["over"] = {**over, "missions": end.get("missions", []), "how": end.get("how"), "again": self.again,
                                 "replay": f"/g/{self.id}/replay?key={end['key']}" if "key" in end else None}
            state.update(seat=seat, log=list(self.told[seat]), error=self.failed, away=away, gone=sorted(self.gone_shown),
                         asked=asked if asked == seat or asked == view.active or (
                             view.turn == 0 and asked is not None and not getattr(view, "level", None)) else view.active)
            if seat in self.orders_in:  # orders given together (issue 45): whose are in, not what
                state["orders_in"] = self.orders_in[seat].shown(game.names, t)
            if asking is not None and asked == seat:
                number, agent, d = asking
                state["decision"] = described(d, view, t, number, left_to_place(view, d) if d.kind is PLACE else 0)
            before = self.snapshots.get(seat)
            if before is not None and len(before) == len(state) + 1 and all(before.get(k) == v for k, v in state.items()):
                continue  # (the same keys, but its version, and the same values)
            with self.lock:
                self.versions[seat] += 1
                state["version"] = self.versions[seat]
                self.snapshots[seat] = state
            changed = True
        if changed:
            self.notify()
        return changed

    # ---- the server's threads ------------------------------------------------------------------

    def answer(self, seat: int, number: int, raw: Any) -> Future | None:
        """Hand an answer to the game's thread: a Future of how it was taken (Answered, or Malformed
        raised), or None when no question of that number is put to `seat`."""
        asking = self.asking
        if asking is None or asking[0] != number or asking[1].seat != seat:
            return None
        reply: Future = Future()
        self.answers.put((seat, number, raw, reply))
        return reply

    def version(self, seat: int) -> int:
        with self.lock:
            return self.versions[seat]

    def shown(self, seat: int) -> tuple[int, dict[str, Any] | None]:
        """(the version, the state) of `seat`'s page, read together."""
        with self.lock:
            return self.versions[seat], self.snapshots.get(seat)

    @property
    def finished(self) -> bool:
        return self.result is not None or self.failed is not None

    def close(self, wait: float = 5.0) -> None:
        """Stop the game's thread where it is (its save stays as it was last written)."""
        self.closing.set()
        self.woken.set()
        self.answers.put(None)
        if self.thread is not None:
            self.thread.join(wait)
