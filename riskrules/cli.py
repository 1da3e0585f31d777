"""The `risk` command: a thin typer layer over riskrules.

Commands parse their options, call the library, and print. A user's mistake — an unknown
edition, a rule file with problems, a bad option — becomes one line on stderr and exit
code 1, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from .errors import RuleError
from .i18n import Text
from .loader import editions as list_editions
from .loader import open_rulebook

app = typer.Typer(
    name="risk",
    help="The rules of RISK as data: read, compare, check and play every edition.\n\n"
    "Wherever an EDITION is asked for, the path of a .risk file (a house rule) works too.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class UserError(Exception):
    """A mistake of the person at the keyboard: shown as one line, exit code 1."""


def fail(message: str) -> None:
    typer.secho(f"risk: {message}", err=True, fg=typer.colors.RED)
    raise typer.Exit(1)


def _one_line(err: RuleError) -> str:
    line = err.first_line
    more = len(err.problems) - 1
    if more:
        line += f" (and {more} more problem{'s' if more > 1 else ''}: see `risk check`)"
    return line


def _variants(values: Optional[list[str]]) -> list[str] | None:
    """--variant a,b or --variant a --variant b → [a, b]; nothing → the default."""
    if not values:
        return None
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def _print_json(data) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


EditionArg = Annotated[str, typer.Argument(help="An edition id (see `risk editions`) or the path of a .risk file.")]
VariantOpt = Annotated[
    Optional[list[str]],
    typer.Option("--variant", "-v", help="A variant of the edition; several combine: --variant a,b. "
                 "Default: the edition's default variant."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]


@app.command()
def editions(as_json: JsonOpt = False) -> None:
    """List the built-in editions: id, title, language, players, default victory and variants."""
    try:
        found = list_editions()
    except RuleError as err:
        fail(_one_line(err))
    if as_json:
        _print_json(found)
        return
    for e in found:
        players = f"{e['players']['min']}–{e['players']['max']}"
        variants = ", ".join(v["id"] + (" (default)" if v["default"] else "") for v in e["variants"]) or "—"
        mark = "  [base: an ancestor of the editions, not an edition]" if e["base"] else ""
        typer.echo(f"{e['id']:<11} {e['title']}{mark}")
        typer.echo(f"{'':<11} language {e['language']}, {players} players, victory: {e['victory'].replace('_', ' ')}"
                   f"{', 2-player rules with a neutral army' if e['two_player_rules'] else ''}")
        typer.echo(f"{'':<11} variants: {variants}")


@app.command()
def rules(
    edition: EditionArg,
    variant: VariantOpt = None,
    players: Annotated[Optional[int], typer.Option(help="Show the rules for this many players "
                                                        "(the 2-player rules with --players 2).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the merged rules of an edition or house rule as a rule sheet (or JSON)."""
    from .sheet import build_sheet, render_sheet

    try:
        book = open_rulebook(edition)
        if as_json:
            compiled = book.rules(_variants(variant), players)
            _print_json({**compiled.model, "board": compiled.board.to_json(), "fingerprint": compiled.fingerprint})
            return
        t = Text("en", book.rules(_variants(variant)).terms)
        if players is not None:
            book.rules(_variants(variant), players)  # refuses a player count the rules do not allow
        typer.echo(render_sheet(build_sheet(book, _variants(variant), t), t), nl=False)
    except RuleError as err:
        fail(_one_line(err))


@app.command()
def diff(
    a: Annotated[str, typer.Argument(help="The first edition (or .risk path).")],
    b: Annotated[str, typer.Argument(help="The second edition (or .risk path).")],
    variant: Annotated[Optional[list[str]], typer.Option("--variant", "-v", help="Variant(s) of A.")] = None,
    variant_b: Annotated[Optional[list[str]], typer.Option("--variant-b", help="Variant(s) of B "
                                                                               "(default: B's default).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show every rule on which two editions (or variants, or house rules) differ, side by side."""
    from .sheet import build_sheet, diff_rows, render_diff

    try:
        book_a, book_b = open_rulebook(a), open_rulebook(b)
        t = Text("en")
        sheet_a = build_sheet(book_a, _variants(variant), t)
        sheet_b = build_sheet(book_b, _variants(variant_b), t)
    except RuleError as err:
        fail(_one_line(err))
    rows = diff_rows(sheet_a, sheet_b)
    if as_json:
        _print_json([{"section": s, "rule": l, a: va, b: vb} for s, l, va, vb in rows])
        return
    typer.echo(render_diff(sheet_a, sheet_b, rows, t), nl=False)


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(help="Rule files (.risk) to check.", show_default=False)],
) -> None:
    """Check rule files: every problem in every variant and player count, with its line and a caret.

    Exits 0 when all files are sound, 1 otherwise.
    """
    bad = 0
    for path in files:
        try:
            problems = open_rulebook(path, strict=False).check()
        except RuleError as err:
            problems = err.problems
        if problems:
            bad += 1
            for p in problems:
                typer.echo(p.format(), err=True)
            typer.secho(f"{path}: {len(problems)} problem{'s' if len(problems) > 1 else ''}", err=True,
                        fg=typer.colors.RED)
        else:
            typer.echo(f"{path}: ok")
    if bad:
        raise typer.Exit(1)


def main() -> None:
    """Entry point of the installed `risk` command."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("", err=True)
        sys.exit(130)
