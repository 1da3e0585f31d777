"""The `risk` command: a thin typer layer over riskrules.

Commands parse their options, call the library, and print. A user's mistake — an unknown
edition, a rule file with problems, a bad option — becomes one line on stderr and exit
code 1, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

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


def _variants(values: list[str] | None) -> list[str] | None:
    """--variant a,b or --variant a --variant b → [a, b]; nothing → the default."""
    if not values:
        return None
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def _print_json(data) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


EditionArg = Annotated[str, typer.Argument(help="An edition id (see `risk editions`) or the path of a .risk file.")]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option("--variant", "-v", help="A variant of the edition; several combine: --variant a,b. "
                 "Default: the edition's default variant."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]
LangOpt = Annotated[str | None, typer.Option("--lang", help="The language of the text (en, sv, nl, de, cs). "
                                                          "Default: the edition's own language.")]


def _text(lang: str | None, default: str, terms: dict | None = None) -> Text:
    """The Text to print with: --lang if given (refused if unknown), else `default`."""
    from .i18n import check_language

    chosen = lang or default
    problem = check_language(chosen)
    if problem:
        if lang is None:  # an edition in a language without a catalog yet: English
            return Text("en", terms)
        fail(problem)
    return Text(chosen, terms)


@app.command()
def editions(as_json: JsonOpt = False, lang: LangOpt = None) -> None:
    """List the built-in editions: id, title, language, players, default victory and variants."""
    try:
        found = list_editions()
    except RuleError as err:
        fail(_one_line(err))
    if as_json:
        _print_json(found)
        return
    t = _text(lang, "en")
    goals = {
        "domination": t._("world domination"),
        "missions": t._("secret missions"),
        "capitals": t._("capitals"),
        "opponents_eliminated": t._("eliminate the opponent"),
    }
    for e in found:
        variants = ", ".join(v["id"] + (" " + t._("(default)") if v["default"] else "") for v in e["variants"]) or "—"
        mark = "  [" + t._("base: an ancestor of the editions, not an edition") + "]" if e["base"] else ""
        typer.echo(f"{e['id']:<11} {e['title']}{mark}")
        line = t._("language {language}, {low}–{high} players, victory: {goal}").format(
            language=e["language"], low=e["players"]["min"], high=e["players"]["max"], goal=goals[e["victory"]])
        if e["two_player_rules"]:
            line += t._(", 2-player rules with a neutral army")
        typer.echo(f"{'':<11} {line}")
        typer.echo(f"{'':<11} " + t._("variants: {names}").format(names=variants))


@app.command()
def rules(
    edition: EditionArg,
    variant: VariantOpt = None,
    players: Annotated[int | None, typer.Option(help="Show the rules for this many players "
                                                        "(the 2-player rules with --players 2).")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Show the merged rules of an edition or house rule as a rule sheet (or JSON)."""
    from .sheet import build_sheet, render_sheet

    try:
        book = open_rulebook(edition)
        if as_json:
            compiled = book.rules(_variants(variant), players)
            _print_json({**compiled.model, "board": compiled.board.to_json(), "fingerprint": compiled.fingerprint})
            return
        compiled = book.rules(_variants(variant), players)
        t = _text(lang, compiled.language, compiled.terms)
        typer.echo(render_sheet(build_sheet(book, _variants(variant), t, players), t), nl=False)
    except RuleError as err:
        fail(_one_line(err))


@app.command()
def diff(
    a: Annotated[str, typer.Argument(help="The first edition (or .risk path).")],
    b: Annotated[str, typer.Argument(help="The second edition (or .risk path).")],
    variant: Annotated[list[str] | None, typer.Option("--variant", "-v", help="Variant(s) of A.")] = None,
    variant_b: Annotated[list[str] | None, typer.Option("--variant-b", help="Variant(s) of B "
                                                                            "(default: B's default).")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Show every rule on which two editions (or variants, or house rules) differ, side by side.

    The text is in the editions' language when they share one, else in English (see --lang).
    """
    from .sheet import build_sheet, diff_rows, render_diff

    try:
        book_a, book_b = open_rulebook(a), open_rulebook(b)
        rules_a, rules_b = book_a.rules(_variants(variant)), book_b.rules(_variants(variant_b))
        t = _text(lang, rules_a.language if rules_a.language == rules_b.language else "en")
        sheet_a = build_sheet(book_a, _variants(variant), Text(t.lang, rules_a.terms))
        sheet_b = build_sheet(book_b, _variants(variant_b), Text(t.lang, rules_b.terms))
    except RuleError as err:
        fail(_one_line(err))
    rows = diff_rows(sheet_a, sheet_b)
    if as_json:
        _print_json([{"section": s, "rule": rule, a: va, b: vb} for s, rule, va, vb in rows])
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


# ---- playing ---------------------------------------------------------------------------------

def _outcome(outcome) -> None:
    """The end of a game: a sentence in the game's language, then a line for scripts."""
    t = outcome.text or Text("en")
    if outcome.result is None:
        if outcome.saved:
            typer.echo(t._("Game left before its end (seed {seed}); saved to {file} — go on with: "
                           "risk resume {file}").format(seed=outcome.seed, file=outcome.saved))
        else:
            typer.echo(t._("Game left before its end (seed {seed}).").format(seed=outcome.seed))
        return
    r = outcome.result
    typer.echo(f"winner: {r.winner or 'none'}, reason: {r.reason}, turns: {r.turns}, seed: {outcome.seed}")


@app.command()
def play(
    edition: EditionArg,
    variant: VariantOpt = None,
    players: Annotated[int, typer.Option(help="Number of players; 2 plays the edition's 2-player rules "
                                              "with its neutral army.")] = 3,
    humans: Annotated[int, typer.Option(help="How many of the players are people at this terminal; "
                                             "0 lets the bots play to the end.")] = 1,
    bot: Annotated[str, typer.Option(help="The bot for the other seats: random or balanced.")] = "balanced",
    seed: Annotated[int | None, typer.Option(help="Random seed; the same seed, rules and players play "
                                                     "the same game. Default: a new one, printed.")] = None,
    log: Annotated[Path | None, typer.Option(help="Write the game log (JSON Lines) to this file.")] = None,
    save: Annotated[Path | None, typer.Option(help="Keep the game saved in this file, rewritten safely before "
                                                      "each of your moves; go on later with `risk resume`.")] = None,
    max_turns: Annotated[int, typer.Option(help="End the game without a winner after this many player turns "
                                                "(reported as turn_limit).")] = 1000,
    lang: LangOpt = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="With --humans 0: print only the result.")] = False,
) -> None:
    """Play an edition at the terminal against bots, or watch bots play it (--humans 0).

    The game is told in the edition's language; the last line sums it up for scripts:
    winner, reason, turns and seed.
    """
    from .engine.agents import BOTS
    from .engine.dice import GameError
    from .engine.session import play as play_game

    if bot not in BOTS:
        fail(f"unknown bot '{bot}'; bots: {', '.join(BOTS)}")
    if max_turns < 1:
        fail("--max-turns must be at least 1")
    if lang is not None:
        _text(lang, "en")  # refuses an unknown language
    try:
        outcome = play_game(edition, _variants(variant), players, humans, bot, seed, log, save, max_turns,
                            lang=lang, narrate=not quiet, write=typer.echo)
    except RuleError as err:
        fail(_one_line(err))
    except GameError as err:
        fail(str(err))
    except BrokenPipeError:
        raise
    except OSError as err:
        fail(f"{err.filename}: {err.strerror}")
    _outcome(outcome)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game log written by `risk play --log` (or a save file).")],
    show: Annotated[bool, typer.Option("--show", help="Tell the game as text instead of checking it.")] = False,
    lang: LangOpt = None,
) -> None:
    """Re-run a logged game from its header and report whether every line matches (exit 1 if not)."""
    from .engine.dice import GameError
    from .engine.log import read_log
    from .engine.narrate import Narrator
    from .engine.replay import replay as replay_log
    from .engine.replay import rules_for

    try:
        if show:
            events = read_log(file)
            rules = rules_for(events[0])
            narrator = Narrator(rules, _text(lang, rules.language, rules.terms))
            for event in events:
                line = narrator(event)
                if line:
                    typer.echo(line)
            return
        report = replay_log(file)
    except GameError as err:
        fail(str(err))
    t = _text(lang, "en")
    if report.ok:
        from .engine.narrate import result_line

        r = report.result
        typer.echo(t.n_("{file}: the {n} line of the log matches the replayed game.",
                        "{file}: all {n} lines of the log match the replayed game.", report.lines).format(
            file=file, n=t.num(report.lines)) + " " + result_line(r.winner, r.reason, r.turns, t))
        return
    m = report.mismatch
    if m.expected is None and report.matched == report.lines:
        fail(t._("{file}: all {n} lines match, but the game is not over; go on with it: risk resume {file}").format(
            file=file, n=report.lines))
    typer.secho(t._("{file}: line {line} differs after {n} matching lines.").format(
        file=file, line=m.line, n=report.matched), err=True, fg=typer.colors.RED)
    typer.echo("  " + t._("in the log:") + f"  {json.dumps(m.expected, ensure_ascii=False)}", err=True)
    typer.echo("  " + t._("replayed:") + f"    {json.dumps(m.got, ensure_ascii=False)}", err=True)
    raise typer.Exit(1)


@app.command()
def resume(
    file: Annotated[Path, typer.Argument(help="A save file written by `risk play --save`.")],
    lang: LangOpt = None,
) -> None:
    """Go on with a saved game."""
    from .engine.dice import GameError
    from .engine.session import resume as resume_game

    if lang is not None:
        _text(lang, "en")
    try:
        outcome = resume_game(file, lang=lang, write=typer.echo)
    except RuleError as err:
        fail(_one_line(err))
    except GameError as err:
        fail(str(err))
    _outcome(outcome)


def main() -> None:
    """Entry point of the installed `risk` command."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("", err=True)
        sys.exit(130)
    except BrokenPipeError:  # `risk … | head`: the reader has gone; so do we, quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
