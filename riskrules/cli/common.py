"""What the commands share: the app's settings, the common options, the one-line errors.

A user's mistake is one line on stderr and exit code 1 (`fail`); the package's errors become
that line through one mapper, `reported`, used as a context manager (or a decorator):

    with reported():                 # RuleError, GameError, OutputError, PlotError, InputError
        rules = open_rulebook(ref).rules()
    with reported(ValueError):       # … and, where a command expects them, built-in errors too
        seats = lineup(names, players)

The library is imported inside the functions, when a command first needs it: `risk --help`
imports none of it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from . import complete
from ..engine.agents import BUILT_IN, TIMEOUT  # (the registry of bots: a few small modules)
from ..language.errors import RuleError
from ..text.i18n import Text


def typer_app(help: str, **settings) -> typer.Typer:
    """A typer app (the `risk` command, or a group of its commands) with the command's settings.

    Help is plain text (no rich): `risk --help` then starts in a fraction of the time."""
    return typer.Typer(rich_markup_mode=None, help=help, no_args_is_help=True, pretty_exceptions_enable=False,
                       context_settings={"help_option_names": ["-h", "--help"]}, **settings)


def open_rulebook(ref, strict: bool = True, sets=()):
    """The loader's open_rulebook, imported when a command first needs the rule language."""
    from ..language.loader import open_rulebook as open_book

    return open_book(ref, strict, sets)


def list_editions():
    from ..language.loader import editions

    return editions()


# ---- errors ----------------------------------------------------------------------------------------

def red() -> str | None:
    """Red for errors, unless NO_COLOR is set (https://no-color.org) or TERM is dumb (a terminal
    that shows escape codes as they are) — as for the board (terminal/session.py)."""
    import os

    return None if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb" else typer.colors.RED


def error_line(line: str) -> None:
    """A line on stderr, red where colour is wanted (`red`; click leaves it plain off a terminal).
    Without colour it is echoed as it is: secho would still end it with a reset code."""
    colour = red()
    if colour is None:
        typer.echo(line, err=True)
    else:
        typer.secho(line, err=True, fg=colour)


def fail(message: str) -> NoReturn:
    error_line(f"risk: {message}")
    raise typer.Exit(1)


def one_line(err: RuleError) -> str:
    """A RuleError in one line: its first problem, and how many more there are."""
    first = err.problems[0]
    if first.pos is not None and first.pos.file.startswith("--set"):
        return first.format()  # the --set text and a caret under the fault: it is short
    line = err.first_line
    more = len(err.problems) - 1
    if more:
        line += f" (and {more} more problem{'s' if more > 1 else ''}: see `risk check`)"
    return line


# How the command line names the inputs of riskrules.instrument (InputError.name): the flag that
# stands where the library's message names the input …
FLAGS = {"games": "--games", "precision": "--precision", "values": "--values", "executor": "--executor dask"}
# … or, where the flag changes the sentence, the command line's own sentence.
FLAG_MESSAGES = {"templates": "sweep needs a --set with {value} in it, e.g. --set \"battle { ties {value} }\""}


def flag_message(err) -> str:
    """An instrument's InputError in the words of the command line: with the flag that gave the input."""
    if err.name in FLAG_MESSAGES:
        return FLAG_MESSAGES[err.name]
    return FLAGS[err.name] + err.rest if err.name in FLAGS else str(err)


def message(err: Exception, also: tuple[type[Exception], ...] = ()) -> str | None:
    """The line `reported` prints for `err`, or None when `err` is none of the errors it reports."""
    if isinstance(err, (typer.Exit, typer.Abort)):  # a command's own exit (both are RuntimeErrors)
        return None
    if isinstance(err, RuleError):
        return one_line(err)
    # imported only when there is an error to report: a command that succeeds needs none of them
    from ..engine.errors import GameError
    from ..instrument import InputError
    from ..outputs import OutputError
    from ..text.plot import PlotError

    if isinstance(err, InputError):
        return flag_message(err)
    if isinstance(err, (GameError, OutputError, PlotError, *also)):
        return str(err)
    return None


@contextmanager
def reported(*also: type[Exception]) -> Iterator[None]:
    """The package's errors raised in the block → `fail`: one line on stderr, exit code 1.

    A RuleError by its first problem (`one_line`); an instrument's InputError with the flag
    that gave the input (`flag_message`); a GameError, OutputError or PlotError, and any error
    of the types in `also` (ValueError, RuntimeError where a command expects them), by its own
    message. Anything else, and typer's own exits, pass through."""
    try:
        yield
    except Exception as err:
        line = message(err, also)
        if line is None:
            raise
        fail(line)


# ---- shared options ----------------------------------------------------------------------------------

BOT_NAMES = (", ".join(bot.about for bot in BUILT_IN) + ", or a bot of your own: module:Class, file.py:Class "
             "or a name from the riskrules.bots entry points (this runs your code: see docs/bots.md), or "
             "cmd:\"PROGRAM ARGS\": a program that plays by the JSON seat protocol (docs/seat-protocol.md).")
EditionArg = Annotated[str, typer.Argument(help="An edition id (see `risk editions`) or the path of a .risk file.",
                                            autocompletion=complete.editions)]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option("--variant", "-v", help="A variant of the edition; several combine: --variant a,b. "
                 "Default: the edition's default variant.", autocompletion=complete.variants),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", help="A rule in the rule language, e.g. --set \"battle { ties attacker }\": applied on "
                 "top of the edition, its variant and its player-count rules, checked like a house rule. "
                 "Repeatable.", show_default=False),
]
BotTimeoutOpt = Annotated[float, typer.Option(
    "--bot-timeout", metavar="SECONDS",
    help="Seconds a bot of your own (a plug-in) may take to answer one decision, or to start, before the game ends "
         "with an error naming it; 0: no limit. Built-in bots are not timed.")]
LangOpt = Annotated[str | None, typer.Option("--lang", help="The language of the text (en, sv, nl, de, cs). "
                                                          "Default: the edition's own language.",
                                              autocompletion=complete.languages)]


AllowDirOpt = Annotated[
    list[Path] | None,
    typer.Option("--allow-dir", metavar="DIR", help="Let rule files name files in this directory too "
                 "(repeatable). Without it, `extends` and `board` may name only built-in rulebooks and boards "
                 "or files in the directory of the rule file itself.", show_default=False),
]


def allow(dirs: list[Path] | None) -> None:
    """--allow-dir: widen the path policy of the rule files this command reads."""
    from ..language.files import allow_dirs

    for d in dirs or []:
        if not d.is_dir():
            fail(f"--allow-dir {d}: no such directory")
    allow_dirs(dirs or [])


def variants(values: list[str] | None) -> list[str] | None:
    """--variant a,b or --variant a --variant b → [a, b]; nothing → the default."""
    if not values:
        return None
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def text_for(lang: str | None, default: str, terms: dict | None = None, board=None) -> Text:
    """The Text to print with: --lang if given (refused if unknown), else `default`."""
    from ..text.i18n import check_language

    chosen = lang or default
    problem = check_language(chosen)
    if problem:
        if lang is None:  # an edition in a language without a catalog yet: English
            return Text("en", terms, board)
        fail(problem)
    return Text(chosen, terms, board)


def check_bot(bot: str, max_turns: int, timeout: float | None = TIMEOUT) -> None:
    """A bot that can be made (its name, or its module and class: a plug-in is made once here,
    within `timeout`), and a turn limit of at least 1."""
    from ..engine.agents import check_bot as problem_of

    problem = problem_of(bot, timeout)
    if problem:
        fail(problem)
    if max_turns < 1:
        fail("--max-turns must be at least 1")


def bot_timeout(seconds: float) -> float | None:
    """--bot-timeout: the seconds, or None for 0 (no limit)."""
    import math

    if not seconds >= 0:  # (NaN too)
        fail("--bot-timeout must be 0 (no limit) or a number of seconds")
    return seconds if 0 < seconds < math.inf else None


def check_output(path: Path | None) -> None:
    """Refuse at once an output file that cannot be written (before a long run, not after)."""
    from ..outputs import check_target

    if path is not None:
        with reported():
            check_target(path)


# ---- an option of two values, given as often as wanted ---------------------------------------------

def pair(value):
    """typer's parser for a Pairs option: the (PLAYER, FILE) click has read, as it is."""
    return value


class Pair(tuple):
    """The type of a Pairs option's values (see `pairs_command`)."""


def pairs_command(*names: str):
    """The command class of a command whose options `names`, declared `list[Pair]` with `parser=pair`,
    take two values each time they are given (--log-for red red.jsonl --log-for blue blue.jsonl):
    typer makes an option of two values (a tuple) that may be given only once — a second silently
    replaced the first — and a repeatable one of one value each; click itself has both."""
    import click
    from typer.core import TyperCommand

    class Command(TyperCommand):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            for param in self.params:
                if param.name in names:
                    param.nargs = 2
                    param.type = click.Tuple([click.STRING, click.STRING])

    return Command


# ---- outputs never replace inputs ------------------------------------------------------------------

def check_distinct(outputs, inputs=()) -> None:
    """Refuse in one line, before anything is written, an output that is one of the command's
    inputs or another of its outputs (outputs.check_distinct): `outputs` as (flag, path or None),
    `inputs` as (what it is, path or None), or a function that lists them, called only when an
    output is named (`rule_files` reads and parses the rules: most commands write no file)."""
    from ..outputs import check_distinct as check

    outputs = list(outputs)
    if callable(inputs):
        inputs = inputs() if any(path is not None for _, path in outputs) else ()
    with reported():
        check(outputs, inputs)


def rule_files(edition, sets=(), variants=None, players: int | None = None) -> list[tuple[str, Path]]:
    """The files the rules `edition` are read from, as inputs no output may replace: every rule file
    of its extends chain, and its board as Rulebook.board finds it. Rules that cannot be opened
    give what is known (the path named); the command says what is wrong when it opens them."""
    from ..language.board import board_path
    from ..language.errors import RuleError
    from ..language.files import MAX_REF, Unreadable
    from ..language.find import _BUILTIN_NAME, is_path  # (as the loader tells a board's id from its path)

    try:
        book = open_rulebook(edition, sets=sets)
    except RuleError:
        return [("a rule file", Path(edition))] if isinstance(edition, Path) or is_path(edition) else []
    found = [("a rule file", f.path) for f in book.files if f.path is not None]
    try:
        config = book.config(variants, players)
        ref = config.data.get("board")
        pos = config.origin(("board",))
        owner = next((f for f in book.files if pos and f.label == pos.file), book.leaf)
        named = not (len(ref) <= MAX_REF and _BUILTIN_NAME.fullmatch(ref))  # a path, not a built-in board's id
        found.append(("a board file", board_path(ref, named, owner.directory)))
    except (RuleError, Unreadable, TypeError):
        pass
    return found


def header_files(file: Path) -> list[tuple[str, Path]]:
    """A log or save `file`, and the local files of the rules it names (its `edition` if a path, the
    files it carries: compared with the log's own copies when it is read), as inputs no output may
    replace. Only the header is read, within a bound; a file that is not a log gives itself only."""
    import json

    from ..language.files import Unreadable, place

    header = None
    try:
        if file.is_file():  # (not a pipe: it would be waited on)
            with open(file, "rb") as handle:
                header = json.loads(handle.readline(4 * 1024 * 1024))  # (a header carries at most 1 MiB of files)
    except (OSError, ValueError, RecursionError):
        pass
    if not isinstance(header, dict):
        return [("the game log", file)]
    found: list[tuple[str, Path]] = [("the save" if header.get("kind") == "save" else "the game log", file)]
    names = list(header["files"]) if isinstance(header.get("files"), dict) else []
    edition = header.get("edition")
    if isinstance(edition, str) and (edition.endswith(".risk") or "/" in edition):
        names.append(edition)
    for name in names[:32]:  # (a log carries at most 17: language/carried.py)
        if isinstance(name, str):
            try:
                what = "a board file" if name.lower().endswith((".yaml", ".yml")) else "a rule file"
                found.append((what, place(name, file.parent)))
            except (Unreadable, ValueError, OSError):
                pass
    return found


def label(rules, sets: bool = True) -> str:
    """How a report names the rules: the edition, its variant and the --set rules on top."""
    found = f"{rules.id} ({rules.variant})" if rules.variant else rules.id
    return found + ("".join(f" + “{text}”" for text in rules.model.get("set", ())) if sets else "")


# ---- printing -------------------------------------------------------------------------------------

def terminal() -> bool:
    """Whether text goes to a person's terminal (tables, colour) rather than a pipe or file (plain text)."""
    return sys.stdout.isatty()


def console():
    from rich.console import Console

    return Console()  # its width is the terminal's; it honours NO_COLOR


def print_json(data) -> None:
    from ..text.formats import json_text

    typer.echo(json_text(data))
