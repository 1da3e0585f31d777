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

from ..text.i18n import Text, check_language
from ..language.carried import carried, moved
from ..language.files import Unreadable, place
from ..language.loader import is_path, load_rules, open_rulebook
from ..engine.teams import person_seats
from ..engine.agents import TIMEOUT, make_bot
from .human import HumanAgent, Quit
from ..engine.dice import GameError
from ..engine.game import DEFAULT_MAX_TURNS, Game, Result
from ..outputs import OutputError, check_target, same_file
from ..engine.log import LogWriter, check_continuation, file_header, line_of, read_log, write_atomically
from ..engine.seed import check_seed
from ..engine.sight import told
from ..text.narrate import Narrator
from ..engine.replay import carried_by, load_save, resume_loaded
from .table import Table


class SaveFile:
    """The game so far, rewritten atomically before every question put to a person."""

    def __init__(self, path: Path, lines: Sequence[str] = (), header: Callable[[dict], dict] | None = None):
        self.path = Path(path)
        self.lines = list(lines)
        self.header = header  # the game's header → the save's

    def __call__(self, event: dict) -> None:
        if self.header is not None and event["type"] == "game_start":
            event = self.header(event)
        self.lines.append(line_of(event))

    def save(self) -> None:
        write_atomically(self.path, self.lines)


@dataclass
class Outcome:
    result: Result | None  # None when the game was left before its end
    seed: int
    saved: Path | None = None
    text: Text | None = None  # the language and voice the game was told in
    left: str | None = None  # how a game left before its end was left: 'interrupt', 'eof' or 'quit'
    fogged: bool = False  # under fog, not lifted: the seed is not shown (it would tell the hidden game)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def edition_for(edition: str, output: Path) -> str:
    """How a file written to `output` names the rules: an edition id as it is, a house rule
    by its path relative to the file's own directory (where a replay looks for it)."""
    if not is_path(edition):
        return edition
    return os.path.relpath(os.path.abspath(edition), os.path.abspath(Path(output).parent))


def _relative(path: Path, directory: Path) -> str:
    return os.path.relpath(os.path.abspath(path), os.path.abspath(directory))


def header_for(output: Path, kind: str, edition: str, language: str, files: dict[str, str],
               log: Path | None = None) -> Callable[[dict], dict]:
    """The game's header → the header of the file `output` (a log or a save): the edition and
    the carried files (`files`, named relative to here) named relative to the file, the
    game's language, and in a save, the log it writes."""
    where = edition_for(edition, output)
    mine = {moved(name, ".", Path(output).parent): text for name, text in files.items()}
    log_ref = _relative(log, Path(output).parent) if log is not None else None
    return lambda event: file_header(event, kind, language, mine, where, log_ref)


def play(edition: str, variants: Sequence[str] | None = None, players: int = 3, humans: int = 1,
         bot: str = "balanced", seed: int | None = None, log: Path | None = None, save: Path | None = None,
         max_turns: int = DEFAULT_MAX_TURNS, lang: str | None = None, narrate: bool = True,
         read: Callable[[str], str] | None = None, write: Callable[[str], None] = print,
         sets: Sequence[str] = (), bot_timeout: float | None = TIMEOUT,
         log_for: tuple[str, Path] | Sequence[tuple[str, Path]] | None = None, defend_most: bool = False) -> Outcome:
    """Play a game at the terminal (or, with no humans, to the end without input), told in
    the edition's language (or `lang`) unless `narrate` is off and nobody plays. A log and a
    save carry the rule files of a house rule (language/carried.py), the game's language, and
    the save names its log. A plug-in bot may take `bot_timeout` seconds over a decision
    (None: no limit). `log_for` (a player, a file; or a list of them, a player once) writes what
    that player is told of the game (Game.teller: under fog, only what it sees) as it is played."""
    if not 0 <= humans <= players:
        raise GameError(f"--humans must be between 0 and the number of players ({players})")
    if seed is not None:
        check_seed(seed)
    views = [log_for] if log_for and isinstance(log_for[0], str) else list(log_for or ())  # (player, file) each
    for target in (log, save, *(file for _, file in views)):
        if target is not None:
            check_target(target)
    if log is not None and save is not None and os.path.abspath(log) == os.path.abspath(save):
        raise GameError(f"--log and --save name the same file ({log}): a log and a save are two files")
    if sets or is_path(edition):
        book = open_rulebook(edition, sets=sets)
        rules = book.rules(variants, players)
        files = carried(book, edition, variants, players, rules) if log or save else {}
    else:  # (a built-in edition: its prebuilt form where the package has one; it carries no files)
        rules, files = load_rules(edition, variants, players), {}
    read = read or _input
    seed = new_seed() if seed is None else seed
    language = lang or rules.language
    t = Text(language, rules.terms, rules.board)
    saver = SaveFile(save, header=header_for(save, "save", edition, language, files, log)) if save else None
    try:  # (`played by one person`, issue 45: a person plays every seat of a team)
        mine = person_seats(rules, players, humans)
    except ValueError as e:
        raise GameError(f"--humans {e}") from None
    people = {rules.colours[s] for s in mine}
    foggy = _one_at_the_table(rules, set(rules.colours[:humans]))
    for log_for in views:
        _check_view(log_for, rules.colours[:players])
    twice = [seat for k, (seat, _) in enumerate(views) if seat in (s for s, _ in views[:k])]
    if twice:
        raise GameError(f"--log-for names {twice[0]} twice: one file for each player")
    table = Table(rules, t, people, write, _width()) if humans else None
    agents = [_person(t, read, write, table, saver, defend_most) if s in mine else make_bot(bot, bot_timeout)
              for s in range(players)]
    with ExitStack() as stack:
        listeners: list[Callable[[dict], None]] = []
        if saver:
            listeners.append(saver)
        if log:
            writer = LogWriter(stack.enter_context(_open_log(log)), log)
            log_header = header_for(log, "log", edition, language, files)
            listeners.append(lambda e: writer(log_header(e) if e["type"] == "game_start" else e))
        if table is not None and not foggy:
            listeners.append(table)
        elif table is None and narrate:
            narrator = Narrator(rules, t, people)
            listeners.append(lambda e: _say(narrator(told(e, people)), write))
        hearing: dict[int, list[Callable[[dict], None]]] = {}
        if table is not None and foggy:
            hearing[0] = [table]
        for seat, file in views:
            hearing.setdefault(rules.colours.index(seat), []).append(
                _view_log(LogWriter(stack.enter_context(_open_log(file)), file), seat))
        game = Game(rules, agents, seed, max_turns=max_turns, listeners=listeners, edition=edition,
                    seat_listeners={seat: _all(hear) for seat, hear in hearing.items()})
        if table is not None:
            table.join(game.sights[0])  # (the people sit first: public things only are read)
        fogged = rules.visibility is not None and rules.visibility.foggy
        for kept in (save, log) if fogged else ():
            if kept is not None:
                write(t._("Under fog of war {file} holds the whole game, what the fog hides too: it is the "
                          "host's file, not to be shown to the players.").format(file=kept))
        return _run(game, saver, seed, t, table, write if narrate and table is None else None)


def _check_view(log_for: tuple[str, Path], players: Sequence[str]) -> None:
    """--log-for PLAYER FILE: a player of the game, and a file not named like an option (GameError)."""
    if str(log_for[1]).startswith("-"):
        raise GameError(f"--log-for {log_for[0]} {log_for[1]}: the file's name begins with '-': give a player, "
                        "then a file (--log-for red red.jsonl)")
    if log_for[0] not in players:
        named = log_for[0] if len(log_for[0]) <= 40 else log_for[0][:39] + "…"
        raise GameError(f"--log-for {named}: no such player in this game (its players: {', '.join(players)})")


def _view_log(writer: LogWriter, seat: str) -> Callable[[dict], None]:
    """What `seat` is told, to its --log-for file: the header marked as not a game log."""
    mark = {"kind": "view", "seat": seat}  # (not a game log: what one seat was told)
    return lambda e: writer({**e, **mark} if e["type"] == "game_start" else e)


@contextmanager
def _open_log(path: Path, mode: str = "w"):
    """The --log file, open for writing (or, with mode "a", for writing on); OutputError naming
    it if it cannot be opened or closed (a full disk shows when the last buffer is written)."""
    try:
        out = open(path, mode, encoding="utf-8")
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
           write: Callable[[str], None] = print, log: Path | None = None,
           warn: Callable[[str], None] | None = None, defend_most: bool = False) -> Outcome:
    """Go on with a saved game: replay it, then hand the human seats back to the keyboard, in
    the game's language (the save's, unless `lang`), writing on the log the save names (or
    `log`). A game log given as the save, a save that no longer replays, or a log that is not
    this game's are refused (GameError) before the game goes on and before any file changes.
    `warn` hears what is worth knowing but changes nothing (a local rule file that differs
    from the one the save carries)."""
    read = read or _input
    path = Path(path)
    check_target(path)
    notes: list[str] = []
    events, rules = load_save(path, notes)
    header = events[0]
    language = lang or _known(header.get("language")) or rules.language
    t = Text(language, rules.terms, rules.board)
    log_path, log_ref = _log_of(path, header, log)
    files = carried_by(header, path.parent)
    top = file_header(header, "save", language, files, log=log_ref)
    saver = SaveFile(path, [line_of(top)] + [line_of(e) for e in events[1:]])
    people = {p["name"] for p in header["players"] if p["agent"] == "human"}
    foggy = _one_at_the_table(rules, people)
    table = Table(rules, t, people, write, _width())
    with ExitStack() as stack:
        logged: list[LogWriter] = []  # the log's writer, once it is checked and open
        listeners: list[Callable[[dict], None]] = [saver]
        if log_path is not None:
            listeners.append(lambda e: logged[0](e))
        if not foggy:
            listeners.append(table)
        seat = next((s for s, p in enumerate(header["players"]) if p["name"] in people), 0)
        game, _ = resume_loaded(path, events, rules, lambda name: _person(t, read, write, table, saver, defend_most),
                                listeners=listeners, seat_listeners={seat: table} if foggy else None)
        if log_path is not None:
            stream = stack.enter_context(_log_on(path, events, files, language, log_path, log is None, notes))
            logged.append(LogWriter(stream, log_path))
        for note in notes:
            (warn or write)(note)
        table.join(game.sights[seat])
        if foggy:  # (the seed would tell the cards and dice to come)
            write(t._("Resuming {edition} at turn {turn}.").format(edition=header["edition"], turn=events[-1]["turn"]))
        else:
            write(t._("Resuming {edition} (seed {seed}) at turn {turn}.").format(
                edition=header["edition"], seed=header["seed"], turn=events[-1]["turn"]))
        if log_path is not None:
            write(t._("The game log goes on in {file}.").format(file=log_path))
        write(table.commands_line())
        return _run(game, saver, header["seed"], t, table)


def _all(listeners: list[Callable[[dict], None]]) -> Callable[[dict], None]:
    if len(listeners) == 1:
        return listeners[0]
    return lambda event: [hear(event) for hear in listeners]


def _one_at_the_table(rules, people: set[str]) -> bool:
    """Are these rules fogged? Then at most one person may sit at the terminal: the others would
    read what the fog hides from them (GameError)."""
    visibility = rules.visibility
    if visibility is None or not visibility.foggy:
        return False
    if len(people) > 1:
        raise GameError("under fog of war one person plays at a terminal (the others would see what the fog "
                        "hides from them): play with --humans 1, or each at a terminal of their own")
    return True


def _known(language: str | None) -> str | None:
    """A language from a file, if this riskrules can speak it."""
    return language if language and check_language(language) is None else None


def _log_of(save: Path, header: dict, log: Path | None) -> tuple[Path | None, str | None]:
    """The log a resumed game writes on — `log` if given, else the one the save names, which
    may lead only where a rule file's `extends` may (inside the save's directory, or one given
    with --allow-dir) — and how the save names it."""
    if log is not None:
        if same_file(log, save):
            raise GameError(f"--log {log}: that is the save itself: a log and a save are two files")
        return Path(log), _relative(log, save.parent)
    ref = header.get("log")
    if ref is None:
        return None, None
    try:
        place(ref, save.parent)  # (refused if it leads out; then named as the save names it)
    except Unreadable as err:
        raise GameError(f"{save}:1: the log this save writes cannot be used: {err}, or give the log with "
                        f"--log FILE") from None
    if same_file(save.parent / ref, save):
        raise GameError(f"{save}:1: the log this save writes is the save itself: a log and a save are two files")
    return save.parent / ref, ref


@contextmanager
def _log_on(save: Path, events: list[dict], files: dict[str, str], language: str, log: Path, named: bool,
            notes: list[str]):
    """The log of a resumed game, open to write on: its lines so far are the save's (a log
    that holds more, from a game cut short after the save, is cut back to it; one cut off is
    made whole), under its own header; a log that is missing is written anew. GameError, the
    file untouched, if it is a save or another game's log."""
    check_target(log)
    if log.exists():
        logged = read_log(log, cut_off=True)
        check_continuation(save, events, log, logged)
        if len(logged) > len(events):
            notes.append(f"{log}: its last {len(logged) - len(events)} lines are left out: the game goes on "
                         f"from {save}")
        head = logged[0]
    else:
        if named:
            notes.append(f"{log}: no such file; it is written anew from {save}")
        header = events[0]
        edition = header["edition"]
        if is_path(edition):
            edition = moved(edition, save.parent, log.parent)
        mine = {moved(name, save.parent, log.parent): text for name, text in files.items()}
        head = file_header(header, "log", header.get("language") or language, mine, edition)
    write_atomically(log, [line_of(head)] + [line_of(e) for e in events[1:]])
    with _open_log(log, "a") as out:
        yield out


def _input(prompt: str) -> str:
    return input(prompt)  # looked up when called, so that a test may replace it


def _person(t: Text, read, write, table: Table, saver: SaveFile | None, defend_most: bool = False) -> HumanAgent:
    """A person at this terminal: told by the table, saved before each question, in colour on a terminal
    (`defend_most`: defending with the most dice, unasked)."""

    def before_prompt() -> None:
        table.flush()
        if saver:
            saver.save()

    agent = HumanAgent(t, read, write, before_prompt=before_prompt, history=table.account, color=_colour(),
                       width=_width() or 80, table=table)
    agent.defend_most = defend_most
    return agent


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


def _run(game: Game, saver: SaveFile | None, seed: int, t: Text, table: Table | None = None,
         say: Callable[[str], None] | None = None) -> Outcome:
    _interruptible()
    try:
        result = game.play()
        if table is not None or say is not None:
            _winning_mission(game, result, t, table.write if table is not None else say)
    except (Quit, KeyboardInterrupt) as stop:
        if saver:
            saver.save()
        how = stop.how if isinstance(stop, Quit) else "interrupt"
        return Outcome(None, seed, saver.path if saver else None, t, how, game.fog is not None)
    finally:
        if table is not None:
            table.flush()
    if saver:
        saver.save()
    return Outcome(result, seed, saver.path if saver else None, t,
                   fogged=game.fog is not None and not game.fog.lifted)  # (lifted at the end: the seed may be told)


def _winning_mission(game: Game, result, t: Text, write: Callable[[str], None]) -> None:
    """After the result's line, the mission the winner fulfilled, in its own words (told as the
    replay page tells every mission once the game is over: unless a fog that is not lifted hides it)."""
    if result.reason != "mission" or result.winner not in game.names or (game.fog is not None and not game.fog.lifted):
        return
    mission = game.missions[game.names.index(result.winner)]
    if mission is not None:
        from ..text.narrate import mission_text

        write(t._("The mission: {mission}.").format(mission=mission_text(mission.data, t)))
