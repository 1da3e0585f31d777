"""A game as the `risk` command runs it: seats, bots and people, the log, the save file, the text."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sys
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Sequence

from ..text.i18n import Text
from ..language.loader import is_path, open_rulebook
from ..engine.agents import make_bot
from .human import HumanAgent, Quit
from ..engine.dice import GameError
from ..engine.game import DEFAULT_MAX_TURNS, Game, Result
from ..outputs import OutputError, check_target
from ..engine.log import LogWriter, line_of, write_atomically
from ..engine.seed import check_seed
from ..engine.sight import told
from ..text.narrate import Narrator
from ..engine.replay import load, resume_loaded
from .table import Table


class SaveFile:
    """The game so far, rewritten atomically before every question put to a person."""

    def __init__(self, path: Path, lines: Sequence[str] = (), edition: str | None = None):
        self.path = Path(path)
        self.lines = list(lines)
        self.edition = edition

    def __call__(self, event: dict) -> None:
        self.lines.append(line_of(_relocated(event, self.edition)))

    def save(self) -> None:
        write_atomically(self.path, self.lines)


@dataclass
class Outcome:
    result: Result | None  # None when the game was left before its end
    seed: int
    saved: Path | None = None
    text: Text | None = None  # the language and voice the game was told in
    left: str | None = None  # how a game left before its end was left: 'interrupt', 'eof' or 'quit'


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def edition_for(edition: str, output: Path) -> str:
    """How a file written to `output` names the rules: an edition id as it is, a house rule
    by its path relative to the file's own directory (where a replay looks for it)."""
    if not is_path(edition):
        return edition
    return os.path.relpath(os.path.abspath(edition), os.path.abspath(Path(output).parent))


def _relocated(event: dict, edition: str | None) -> dict:
    if edition is None or event["type"] != "game_start":
        return event
    return {**event, "edition": edition}


def play(edition: str, variants: Sequence[str] | None = None, players: int = 3, humans: int = 1,
         bot: str = "balanced", seed: int | None = None, log: Path | None = None, save: Path | None = None,
         max_turns: int = DEFAULT_MAX_TURNS, lang: str | None = None, narrate: bool = True,
         read: Callable[[str], str] | None = None, write: Callable[[str], None] = print,
         sets: Sequence[str] = ()) -> Outcome:
    """Play a game at the terminal (or, with no humans, to the end without input), told in
    the edition's language (or `lang`) unless `narrate` is off and nobody plays."""
    if not 0 <= humans <= players:
        raise GameError(f"--humans must be between 0 and the number of players ({players})")
    if seed is not None:
        check_seed(seed)
    for target in (log, save):
        if target is not None:
            check_target(target)
    rules = open_rulebook(edition, sets=sets).rules(variants, players)
    read = read or _input
    seed = new_seed() if seed is None else seed
    t = Text(lang or rules.language, rules.terms)
    saver = SaveFile(save, edition=edition_for(edition, save)) if save else None
    people = set(rules.colours[:humans])
    table = Table(rules, t, people, write, _width()) if humans else None
    agents = [_person(t, read, write, table, saver) for _ in range(humans)]
    agents += [make_bot(bot) for _ in range(players - humans)]
    with ExitStack() as stack:
        listeners: list[Callable[[dict], None]] = []
        if saver:
            listeners.append(saver)
        if log:
            writer = LogWriter(stack.enter_context(_open_log(log)), log)
            where = edition_for(edition, log)
            listeners.append(lambda e: writer(_relocated(e, where)))
        if table is not None:
            listeners.append(table)
        elif narrate:
            narrator = Narrator(rules, t, people)
            listeners.append(lambda e: _say(narrator(told(e, people)), write))
        game = Game(rules, agents, seed, max_turns=max_turns, listeners=listeners, edition=edition)
        if table is not None:
            table.join(game.sights[0])  # (the people sit first: public things only are read)
        return _run(game, saver, seed, t, table)


@contextmanager
def _open_log(path: Path):
    """The --log file, open for writing; OutputError naming it if it cannot be opened or
    closed (a full disk shows when the last buffer is written)."""
    try:
        out = open(path, "w", encoding="utf-8")
    except OSError as err:
        raise OutputError(f"{path}: cannot be written ({err.strerror})") from None
    try:
        yield out
    finally:
        try:
            out.close()
        except OSError as err:
            raise OutputError(f"{path}: cannot be written ({err.strerror})") from None


def resume(path: Path, lang: str | None = None, read: Callable[[str], str] | None = None,
           write: Callable[[str], None] = print) -> Outcome:
    """Go on with a saved game: replay it, then hand the human seats back to the keyboard.
    A save that no longer replays is refused (GameError) before the game goes on."""
    read = read or _input
    check_target(path)
    events, rules = load(path)
    header = events[0]
    t = Text(lang or rules.language, rules.terms)
    saver = SaveFile(path, [line_of(e) for e in events])
    people = {p["name"] for p in header["players"] if p["agent"] == "human"}
    table = Table(rules, t, people, write, _width())
    game, _ = resume_loaded(path, events, rules, lambda name: _person(t, read, write, table, saver),
                            listeners=[saver, table])
    table.join(game.sights[0])
    write(t._("Resuming {edition} (seed {seed}) at turn {turn}.").format(
        edition=header["edition"], seed=header["seed"], turn=events[-1]["turn"]))
    write(table.commands_line())
    return _run(game, saver, header["seed"], t, table)


def _input(prompt: str) -> str:
    return input(prompt)  # looked up when called, so that a test may replace it


def _person(t: Text, read, write, table: Table, saver: SaveFile | None) -> HumanAgent:
    """A person at this terminal: told by the table, saved before each question, in colour on a terminal."""

    def before_prompt() -> None:
        table.flush()
        if saver:
            saver.save()

    return HumanAgent(t, read, write, before_prompt=before_prompt, history=table.account, color=_colour(),
                      width=_width() or 80, table=table)


def _width() -> int | None:
    """The terminal's width (at most 120), or None when the text goes elsewhere."""
    return min(shutil.get_terminal_size((80, 24)).columns, 120) if sys.stdout.isatty() else None


def _colour() -> bool:
    """Colour on a terminal, unless NO_COLOR is set (https://no-color.org)."""
    return not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb" and sys.stdout.isatty()


def _say(text: str | None, write: Callable[[str], None]) -> None:
    if text:
        write(text)


def _interruptible() -> None:
    """Ctrl-C at a terminal leaves the game (saved first), even when the shell started us with
    SIGINT ignored, as it does for a background job: Python then keeps ignoring it."""
    if sys.stdin.isatty() and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _run(game: Game, saver: SaveFile | None, seed: int, t: Text, table: Table | None = None) -> Outcome:
    _interruptible()
    try:
        result = game.play()
    except (Quit, KeyboardInterrupt) as stop:
        if saver:
            saver.save()
        how = stop.how if isinstance(stop, Quit) else "interrupt"
        return Outcome(None, seed, saver.path if saver else None, t, how)
    finally:
        if table is not None:
            table.flush()
    if saver:
        saver.save()
    return Outcome(result, seed, saver.path if saver else None, t)
