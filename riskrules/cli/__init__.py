"""The `risk` command: a thin typer layer over riskrules.

Commands parse their options, call the library, and print. A user's mistake — an unknown
edition, a rule file with problems, a bad option — becomes one line on stderr and exit
code 1, never a traceback (common.py: `fail`, and `reported` for the package's errors).

One module per family of commands, each a tuple COMMANDS of plain functions registered
here in the order `risk --help` lists them: rules.py (editions, rules, diff, check),
play.py (play, replay, resume), experiments.py (simulate, compare, sweep), tournament.py
and odds.py. common.py holds the app's settings, the shared options and the error mapper;
runs.py what the commands that play many games share; values.py keeps short commands from
importing pydantic. The commands import the library when they run, so `risk --help` stays fast.

A group of commands (`risk board show`, `risk board import`) is a module of its own with
its own `app = typer_app("…")` (common.py) and `@app.command()`s, added here in one line:

    app.add_typer(board.app, name="board")
"""

import sys
from typing import Annotated

import typer

from . import balance, board, experiments, odds, play, rules, serve, tournament
from .common import typer_app
from .values import skip_adapters_for_plain_values

skip_adapters_for_plain_values()  # a short command need not import pydantic

app = typer_app(
    name="risk",
    help="The rules of RISK as data: read, compare, check and play every edition.\n\n"
    "Wherever an EDITION is asked for, the path of a .risk file (a house rule) works too.",
)
for family in (rules, play, serve, experiments, tournament, odds, balance):
    for command in family.COMMANDS:
        app.command(cls=getattr(command, "command_class", None))(command)  # (common.pairs_command)
app.add_typer(board.app, name="board")


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"risk (riskrules) {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """The rules of RISK as data: read, compare, check and play every edition.

    Wherever an EDITION is asked for, the path of a .risk file (a house rule) works too.
    """


def _replacing() -> None:
    """Output cannot fail for a character: what standard output and standard error cannot
    encode (a Latin-1 or ASCII terminal, PYTHONIOENCODING=latin-1: the dashes, arrows and
    letters of the editions' languages) is written as ? instead of raising UnicodeEncodeError.
    The one place the output streams are set up; Python's own choice stands where it already
    replaces (standard error's backslashreplace)."""
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def main() -> None:
    """Entry point of the installed `risk` command."""
    from ..outputs import install_signal_handlers

    install_signal_handlers()
    _replacing()
    try:
        app(prog_name="risk")
    except KeyboardInterrupt:
        typer.echo("", err=True)
        sys.exit(130)
    except BrokenPipeError:  # `risk … | head`: the reader has gone; so do we, quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
