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

from .values import skip_adapters_for_plain_values
from ..language.errors import RuleError
from ..text.i18n import Text

skip_adapters_for_plain_values()  # a short command need not import pydantic

# Help is plain text (no rich): `risk --help` then starts in a fraction of the time.
app = typer.Typer(
    rich_markup_mode=None,
    name="risk",
    help="The rules of RISK as data: read, compare, check and play every edition.\n\n"
    "Wherever an EDITION is asked for, the path of a .risk file (a house rule) works too.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# Exit codes of `risk play` and `risk resume` when the game is left before its end (the
# game is saved first when --save names a file): Ctrl-C is 130, as for any interrupted
# command; end of input (Ctrl-D, a script that runs out) and the `quit` command are 3.
EXIT_INTERRUPTED = 130
EXIT_LEFT = 3


def open_rulebook(ref, strict: bool = True, sets=()):
    """The loader's open_rulebook, imported when a command first needs the rule language."""
    from ..language.loader import open_rulebook as open_book

    return open_book(ref, strict, sets)


def list_editions():
    from ..language.loader import editions

    return editions()


def _red() -> str | None:
    """Red for errors, unless NO_COLOR is set (https://no-color.org)."""
    import os

    return None if os.environ.get("NO_COLOR") else typer.colors.RED


def fail(message: str) -> None:
    typer.secho(f"risk: {message}", err=True, fg=_red())
    raise typer.Exit(1)


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


def _one_line(err: RuleError) -> str:
    first = err.problems[0]
    if first.pos is not None and first.pos.file.startswith("--set"):
        return first.format()  # the --set text and a caret under the fault: it is short
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


def _terminal() -> bool:
    """Whether text goes to a person's terminal (tables, colour) rather than a pipe or file (plain text)."""
    return sys.stdout.isatty()


def _console():
    from rich.console import Console

    return Console()  # its width is the terminal's; it honours NO_COLOR


def _print_json(data) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


BOT_NAMES = ("random, balanced, strong (strong-N: N playouts per candidate move; default 10), or a bot "
             "of your own: module:Class, file.py:Class or a name from the riskrules.bots entry points "
             "(this runs your code: see docs/bots.md).")
EditionArg = Annotated[str, typer.Argument(help="An edition id (see `risk editions`) or the path of a .risk file.")]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option("--variant", "-v", help="A variant of the edition; several combine: --variant a,b. "
                 "Default: the edition's default variant."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", help="A rule in the rule language, e.g. --set \"battle { ties attacker }\": applied on "
                 "top of the edition, its variant and its player-count rules, checked like a house rule. "
                 "Repeatable.", show_default=False),
]
LangOpt = Annotated[str | None, typer.Option("--lang", help="The language of the text (en, sv, nl, de, cs). "
                                                          "Default: the edition's own language.")]


AllowDirOpt = Annotated[
    list[Path] | None,
    typer.Option("--allow-dir", metavar="DIR", help="Let rule files name files in this directory too "
                 "(repeatable). Without it, `extends` and `board` may name only built-in rulebooks and boards "
                 "or files in the directory of the rule file itself.", show_default=False),
]


def _allow(dirs: list[Path] | None) -> None:
    """--allow-dir: widen the path policy of the rule files this command reads."""
    from ..language.files import allow_dirs

    for d in dirs or []:
        if not d.is_dir():
            fail(f"--allow-dir {d}: no such directory")
    allow_dirs(dirs or [])


def _text(lang: str | None, default: str, terms: dict | None = None) -> Text:
    """The Text to print with: --lang if given (refused if unknown), else `default`."""
    from ..text.i18n import check_language

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
    from ..language.loader import house_rules

    typer.echo("")
    # Translators: the heading of the gallery in `risk editions`; rulebooks/house/ is a directory
    typer.echo(t._("House rules (rulebooks/house/)"))
    for h in house_rules():
        typer.echo(f"{h['id']:<24}{h['title']}  " + t._("(extends {parent})").format(parent=h["extends"]))


@app.command()
def rules(
    edition: EditionArg,
    variant: VariantOpt = None,
    players: Annotated[int | None, typer.Option(help="Show the rules for this many players "
                                                        "(the 2-player rules with --players 2).")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    set_rules: SetOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Show the merged rules of an edition or house rule as a rule sheet (or JSON)."""
    _allow(allow_dir)
    try:
        if as_json:
            from ..language import prebuilt

            # a built-in, checked when built (not with --set: those rules are made here)
            found = None if set_rules else prebuilt.model(edition, _variants(variant), players)
            if found is None:
                compiled = open_rulebook(edition, sets=set_rules or ()).rules(_variants(variant), players)
                found = compiled.model, compiled.board, compiled.fingerprint
            model, board, fingerprint = found
            _print_json({**model, "board": board.to_json(), "fingerprint": fingerprint})
            return
        from ..text.sheet import build_sheet, render_sheet

        book = open_rulebook(edition, sets=set_rules or ())
        compiled = book.rules(_variants(variant), players)
        t = _text(lang, compiled.language, compiled.terms)
        sheet = build_sheet(book, _variants(variant), t, players)
        if _terminal():
            from ..text.sheet import sheet_table

            _console().print(sheet_table(sheet))
        else:
            typer.echo(render_sheet(sheet, t), nl=False)
    except RuleError as err:
        fail(_one_line(err))


@app.command()
def diff(
    a: Annotated[str, typer.Argument(help="The first edition (or .risk path).")],
    b: Annotated[str, typer.Argument(help="The second edition (or .risk path).")],
    variant: Annotated[list[str] | None, typer.Option("--variant", "-v", help="Variant(s) of A.")] = None,
    variant_b: Annotated[list[str] | None, typer.Option("--variant-b", help="Variant(s) of B "
                                                                            "(default: B's default).")] = None,
    set_rules: Annotated[list[str] | None, typer.Option("--set", help="A rule applied on top of A (see "
                                                         "`risk rules --help`). Repeatable.")] = None,
    set_b: Annotated[list[str] | None, typer.Option("--set-b", help="A rule applied on top of B: "
                                                    "`risk diff E E --set-b \"…\"` shows what it changes. "
                                                    "Repeatable.")] = None,
    players: Annotated[int | None, typer.Option(help="Compare the rules for exactly this many players "
                                                     "(default: the general rules and each player-count section).")]
    = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Show every rule on which two editions (or variants, or house rules) differ, side by side.

    The text is in the editions' language when they share one, else in English (see --lang).
    """
    _allow(allow_dir)
    from ..text.sheet import build_sheet, diff_rows, render_diff

    try:
        book_a, book_b = open_rulebook(a, sets=set_rules or ()), open_rulebook(b, sets=set_b or ())
        rules_a, rules_b = book_a.rules(_variants(variant), players), book_b.rules(_variants(variant_b), players)
        t = _text(lang, rules_a.language if rules_a.language == rules_b.language else "en")
        sheet_a = build_sheet(book_a, _variants(variant), Text(t.lang, rules_a.terms), players)
        sheet_b = build_sheet(book_b, _variants(variant_b), Text(t.lang, rules_b.terms), players)
    except RuleError as err:
        fail(_one_line(err))
    rows = diff_rows(sheet_a, sheet_b)
    if as_json:
        _print_json([{"section": s, "rule": rule, a: va, b: vb} for s, rule, va, vb in rows])
        return
    if _terminal():
        from ..text.sheet import diff_table

        _console().print(diff_table(sheet_a, sheet_b, rows, t))
    else:
        typer.echo(render_diff(sheet_a, sheet_b, rows, t), nl=False)


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(help="Rule files (.risk) to check.", show_default=False)],
    set_rules: SetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the problems as JSON for scripts: a list of "
                                          "{file, line, column, message, severity, chain}.")] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="The language of the messages (en, sv, nl, de, cs); "
                                             "default English.")] = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Check rule files: every problem in every variant and player count, with its line and a caret.

    One run reports as much as it can: after a syntax error it reads on, and the sections that
    parsed are still checked. Warnings (a statement a later one replaces, a block stated twice)
    are shown but do not fail the check. Exits 0 when no file has an error, 1 otherwise.
    """
    _allow(allow_dir)
    t = _text(lang, "en")
    bad = 0
    found: list[dict] = []
    for path in files:
        try:
            problems = open_rulebook(path, strict=False, sets=set_rules or ()).check()
        except RuleError as err:
            problems = err.problems
        errors = sum(not p.warning for p in problems)
        bad += errors > 0
        if as_json:
            found += [_problem_json(p, t, path) for p in problems]
            continue
        for p in problems[:MAX_SHOWN]:
            typer.echo(p.format(t._), err=True)
        if len(problems) > MAX_SHOWN:
            more = len(problems) - MAX_SHOWN
            typer.echo(t.n_("… and {n} more not shown (--json lists them all)",
                            "… and {n} more not shown (--json lists them all)", more).format(n=more), err=True)
        warnings = len(problems) - errors
        if errors:
            summary = t.n_("{n} problem", "{n} problems", errors).format(n=errors)
            if warnings:
                summary += ", " + t.n_("{n} warning", "{n} warnings", warnings).format(n=warnings)
            typer.secho(f"{path}: {summary}", err=True, fg=_red())
        elif warnings:
            typer.echo(f"{path}: " + t._("ok") + ", " + t.n_("{n} warning", "{n} warnings", warnings).format(
                n=warnings))
        else:
            typer.echo(f"{path}: " + t._("ok"))
    if as_json:
        _print_json(found)
    if bad:
        raise typer.Exit(1)


MAX_SHOWN = 50  # problems `check` prints per file: a stranger's file may hold thousands


def _problem_json(p, t: Text, path: Path) -> dict:
    return {
        "file": p.pos.file if p.pos else str(path),
        "line": p.pos.line if p.pos else None,
        "column": p.pos.col if p.pos else None,
        "message": p.text(t._),
        "severity": "warning" if p.warning else "error",
        "chain": list(p.chain),
    }


# ---- playing ---------------------------------------------------------------------------------

def _outcome(outcome) -> None:
    """The end of a game: a sentence in the game's language, then a line for scripts."""
    t = outcome.text or Text("en")
    if outcome.result is None:
        if outcome.left in ("interrupt", "eof"):
            typer.echo("")  # the prompt's line is left open by ^C or ^D
        if outcome.saved:
            typer.echo(t._("Game left before its end (seed {seed}); saved to {file} — go on with: "
                           "risk resume {file}").format(seed=outcome.seed, file=outcome.saved))
        else:
            typer.echo(t._("Game left before its end (seed {seed}).").format(seed=outcome.seed))
        raise typer.Exit(EXIT_INTERRUPTED if outcome.left == "interrupt" else EXIT_LEFT)
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
    bot: Annotated[str, typer.Option(help="The bot for the other seats: " + BOT_NAMES)] = "balanced",
    seed: Annotated[int | None, typer.Option(help="Random seed; the same seed, rules and players play "
                                                     "the same game. Default: a new one, printed.")] = None,
    log: Annotated[Path | None, typer.Option(help="Write the game log (JSON Lines) to this file.")] = None,
    save: Annotated[Path | None, typer.Option(help="Keep the game saved in this file, rewritten safely before "
                                                      "each of your moves; go on later with `risk resume`.")] = None,
    max_turns: Annotated[int, typer.Option(help="End the game without a winner after this many player turns "
                                                "(reported as turn_limit).")] = 1000,
    lang: LangOpt = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="With --humans 0: print only the result.")] = False,
    set_rules: SetOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Play an edition at the terminal against bots, or watch bots play it (--humans 0).

    The game is told in the edition's language; the last line sums it up for scripts:
    winner, reason, turns and seed. A game left before its end (saved first with --save)
    exits 130 after Ctrl-C and 3 after end of input (Ctrl-D) or the `quit` command.
    """
    _allow(allow_dir)
    from ..engine.dice import GameError
    from ..terminal.session import play as play_game
    from ..outputs import OutputError

    _check_bot(bot, max_turns)
    if lang is not None:
        _text(lang, "en")  # refuses an unknown language
    try:
        outcome = play_game(edition, _variants(variant), players, humans, bot, seed, log, save, max_turns,
                            lang=lang, narrate=not quiet, write=typer.echo, sets=set_rules or ())
    except RuleError as err:
        fail(_one_line(err))
    except (GameError, OutputError) as err:
        fail(str(err))
    _outcome(outcome)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game log written by `risk play --log` (or a save file).")],
    show: Annotated[bool, typer.Option("--show", help="Tell the game as text instead of checking it.")] = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Re-run a logged game from its header and report whether every line matches (exit 1 if not).

    The file is checked before it is used: a damaged line, a name the board lacks, a line after
    the end of the game or rules that have changed since are refused, with the line.
    """
    _allow(allow_dir)
    from ..engine.dice import GameError
    from ..text.narrate import Narrator
    from ..engine.replay import difference, load
    from ..engine.replay import replay as replay_log

    try:
        if show:
            events, rules = load(file)
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
        from ..text.narrate import result_line

        r = report.result
        typer.echo(t.n_("{file}: the {n} line of the log matches the replayed game.",
                        "{file}: all {n} lines of the log match the replayed game.", report.lines).format(
            file=file, n=t.num(report.lines)) + " " + result_line(r.winner, r.reason, r.turns, t))
        return
    m = report.mismatch
    if m.expected is None and report.matched == report.lines:
        fail(t._("{file}: all {n} lines match, but the game is not over; go on with it: risk resume {file}").format(
            file=file, n=report.lines))
    expected, found = difference(m.expected, m.got)
    fail(t._("{file}:{line}: differs from the replayed game after {n} matching lines — in the log: {expected}; "
             "replayed: {found}").format(file=file, line=m.line, n=report.matched, expected=expected, found=found))


@app.command()
def resume(
    file: Annotated[Path, typer.Argument(help="A save file written by `risk play --save`.")],
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Go on with a saved game (exit codes as for `risk play`). The file is replayed first; one that no
    longer replays is refused."""
    _allow(allow_dir)
    from ..engine.dice import GameError
    from ..terminal.session import resume as resume_game
    from ..outputs import OutputError

    if lang is not None:
        _text(lang, "en")
    try:
        outcome = resume_game(file, lang=lang, write=typer.echo)
    except RuleError as err:
        fail(_one_line(err))
    except (GameError, OutputError) as err:
        fail(str(err))
    _outcome(outcome)


# ---- simulating ----------------------------------------------------------------------------------

class _Progress:
    """A rich progress bar on stderr: games done, rate, time left (hidden when stderr is no terminal)."""

    def __init__(self, total: int, label: str):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        console = Console(stderr=True)
        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=console,
                            transient=True, disable=not console.is_terminal)
        self.task = self.bar.add_task(label, total=total, rate="")

    def __enter__(self):
        import time

        self.bar.__enter__()
        self.start = time.perf_counter()
        self.done = 0
        return self

    def __exit__(self, *exc):
        self.bar.__exit__(*exc)

    def __call__(self, n: int) -> None:
        import time

        self.done += n
        rate = self.done / max(1e-9, time.perf_counter() - self.start)
        self.bar.update(self.task, advance=n, rate=f"{rate:,.0f} games/s")


WorkersOpt = Annotated[int, typer.Option(help="Worker processes (default: one per core). The results do not "
                                              "depend on it.")]
SeedOpt = Annotated[int, typer.Option(help="The seed of the whole run; game i plays with a seed derived from it.")]
ExecutorOpt = Annotated[str, typer.Option(help="process (this machine) or dask (a cluster: pip install "
                                               "'riskrules[dask]'; see --address).")]
AddressOpt = Annotated[str | None, typer.Option(help="With --executor dask: the scheduler of an existing "
                                                     "cluster (default: start a local one).")]
PlayersOpt = Annotated[int, typer.Option(help="Number of players.")]
SimBotOpt = Annotated[str, typer.Option(help="The bot in every seat: " + BOT_NAMES)]
MaxTurnsOpt = Annotated[int, typer.Option(help="Player turns after which a game ends unfinished.")]


def _job(ref: str, variant, players: int, bot: str, max_turns: int, sets=None):
    from ..instrument.simulate import Job

    name, _, inline = ref.partition(":") if not ref.endswith(".risk") else (ref, "", "")
    variants = _variants([inline]) if inline else _variants(variant)
    return Job(name, tuple(variants) if variants else None, players, bot, max_turns, tuple(sets or ()))


def _check_bot(bot: str, max_turns: int) -> None:
    from ..engine.agents import check_bot

    problem = check_bot(bot)
    if problem:
        fail(problem)
    if max_turns < 1:
        fail("--max-turns must be at least 1")


def _check_run(bot: str, games: int | None, workers: int, executor: str, max_turns: int) -> None:
    from ..instrument.simulate import MAX_GAMES

    _check_bot(bot, max_turns)
    if games is not None and not 1 <= games <= MAX_GAMES:
        fail(f"--games must be between 1 and {MAX_GAMES:,}")
    if workers < 1:
        fail("--workers must be at least 1")
    if executor not in ("process", "dask"):
        fail(f"unknown executor '{executor}'; executors: process, dask")


def _check_seed(seed: int) -> None:
    from ..engine.dice import GameError
    from ..terminal.session import check_seed

    try:
        check_seed(seed)
    except GameError as err:
        fail(str(err))


def _check_output(path: Path | None) -> None:
    """Refuse at once an output file that cannot be written (before a long run, not after)."""
    from ..outputs import OutputError, check_target

    if path is not None:
        try:
            check_target(path)
        except OutputError as err:
            fail(str(err))


def _bots(bot: str, bots: str | None, max_turns: int) -> list[str]:
    """--bots a,b (several populations) or --bot a (one)."""
    if bots is None:
        return [bot]
    chosen = [b.strip() for b in bots.split(",") if b.strip()]
    if not chosen:
        fail("--bots needs at least one bot, e.g. --bots balanced,random")
    if len(set(chosen)) < len(chosen):
        fail("--bots names a bot twice")
    for b in chosen:
        _check_bot(b, max_turns)
    return chosen


def _stopping(games: int | None, precision: str | None, max_games: int):
    """--games G (default 1000) or --precision P up to --max-games."""
    from ..instrument.precision import Stopping, parse_precision

    if precision is None:
        return Stopping(games=1000 if games is None else games)
    if games is not None:
        fail("give --games or --precision, not both")
    if max_games < 1:
        fail("--max-games must be at least 1")
    try:
        return Stopping(precision=parse_precision(precision), max_games=max_games)
    except ValueError as err:
        fail(str(err))


def _label(rules, sets: bool = True) -> str:
    label = f"{rules.id} ({rules.variant})" if rules.variant else rules.id
    return label + ("".join(f" + “{text}”" for text in rules.model.get("set", ())) if sets else "")


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _runner(workers: int, executor: str, address: str | None):
    """Plays games for the instrument: a progress bar per batch, a one-line error if it cannot."""
    from ..instrument.simulate import run

    def play(job, games: int, seed: int, first: int):
        with _Progress(games, job.label) as progress:
            try:
                return run(job, games, seed, workers, executor, address, progress, first=first)
            except RuntimeError as err:
                fail(str(err))

    return play


GamesOpt = Annotated[int | None, typer.Option(help="How many games to play (default 1000; or see --precision).",
                                              show_default=False)]
PrecisionOpt = Annotated[str | None, typer.Option(
    help="Instead of --games: play in batches until every interval of interest (win rates by seat; in compare "
         "also the differences) is at most this wide on each side, e.g. 1pp. The rule looks at widths only, never "
         "at the results.", show_default=False)]
MaxGamesOpt = Annotated[int, typer.Option(help="With --precision: stop here even if the intervals are wider.")]
BotsOpt = Annotated[str | None, typer.Option(help="Several bot populations, e.g. balanced,random: every comparison "
                                                  "is made in each (replaces --bot).", show_default=False)]


@app.command()
def simulate(
    edition: EditionArg,
    variant: VariantOpt = None,
    players: PlayersOpt = 3,
    games: GamesOpt = None,
    precision: PrecisionOpt = None,
    max_games: MaxGamesOpt = 20000,
    bot: SimBotOpt = "balanced",
    seed: SeedOpt = 1,
    workers: WorkersOpt = 0,
    max_turns: MaxTurnsOpt = 1000,
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    set_rules: SetOpt = None,
    as_json: JsonOpt = False,
    csv: Annotated[Path | None, typer.Option(help="Also write one line per game to this CSV file.")] = None,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Play many bot games and report wins by seat (95% Wilson intervals), how games ended, their
    length, the continents held at the end, the neutral army's survival and the cards traded.

    The same --seed gives the same numbers whatever --workers is.
    """
    _allow(allow_dir)
    from ..instrument import experiment
    from ..instrument.stats import summarize

    workers = workers or _cores()
    _check_run(bot, games, workers, executor, max_turns)
    stopping = _stopping(games, precision, max_games)
    _check_seed(seed)
    _check_output(csv)
    try:
        job = _job(edition, variant, players, bot, max_turns, set_rules)
        rules = job.rules()
    except RuleError as err:
        fail(_one_line(err))
    records, report = experiment.simulate(job, seed, stopping, _runner(workers, executor, address))
    summary = summarize(records, players, rules.board.continents, rules.neutral is not None)
    if csv:
        _write_csv(csv, records, rules)
    if as_json:
        _print_json(_simulation_json(job, rules, seed, summary, report))
        return
    from ..text.report import simulation, stopping_line

    t = _text(lang, rules.language)
    typer.echo(simulation(_label(rules), players, bot, seed, summary, rules.board.continents, t), nl=False)
    typer.echo(stopping_line(report, t))


def _simulation_json(job, rules, seed: int, summary: dict, report: dict) -> dict:
    extra = {"set": list(job.sets)} if job.sets else {}
    return {"edition": job.edition, "variant": rules.variant, **extra, "players": job.players, "bot": job.bot,
            "seed": seed, "stopping": report, **summary}


def _write_csv(path: Path, records, rules) -> None:
    from ..engine.log import write_atomically
    from ..outputs import OutputError

    continents = rules.board.continents
    lines = ["game,seed,winner_seat,reason,turns,continents_held,neutral_territories,trades,largest_trade"]
    for r in records:
        held = ";".join(continents[k] for k in r.continents)
        lines.append(f"{r.index},{r.seed},{r.winner + 1 if r.winner >= 0 else ''},{r.reason},{r.turns},{held},"
                     f"{r.neutral_left if r.neutral_left >= 0 else ''},{r.trades},{r.largest_trade}")
    try:
        write_atomically(path, lines)
    except OutputError as err:
        fail(str(err))


def _check_plot(plot: Path | None) -> None:
    """A plot's format, and whether its file can be written at all (before a long run, not after)."""
    from ..text.plot import PlotError, check_target

    if plot is not None:
        try:
            check_target(plot)
        except PlotError as err:
            fail(str(err))
    _check_output(plot)


@app.command()
def compare(
    editions: Annotated[list[str], typer.Argument(help="Two or more editions, EDITION:VARIANT or .risk paths.",
                                                  show_default=False)],
    variant: VariantOpt = None,
    players: PlayersOpt = 3,
    games: GamesOpt = None,
    precision: PrecisionOpt = None,
    max_games: MaxGamesOpt = 20000,
    bot: SimBotOpt = "balanced",
    bots: BotsOpt = None,
    seed: SeedOpt = 1,
    independent: Annotated[bool, typer.Option("--independent", help="Give every run seeds of its own instead of "
                                              "the same seeds (for A/A checks; wider intervals).")] = False,
    workers: WorkersOpt = 0,
    max_turns: MaxTurnsOpt = 1000,
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    set_rules: SetOpt = None,
    plot: Annotated[Path | None, typer.Option(help="Write a picture (.png or .svg) of the paired differences with "
                                                   "their corrected intervals, as in the table.")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Compare editions, variants or house rules on the same seeds, with paired differences and honest significance.

    Every run plays the same seeds (common random numbers); each difference from the first run comes with a
    paired interval. All the rows of all the tables are tested together: * marks a difference that stays
    significant at 5% after Holm's correction, and the intervals of differences hold simultaneously
    (Bonferroni). --set applies to every run.

    EDITION:VARIANT names a variant of one edition; --variant applies to those that name none.
    """
    _allow(allow_dir)
    from ..instrument import experiment

    workers = workers or _cores()
    _check_run(bot, games, workers, executor, max_turns)
    populations = _bots(bot, bots, max_turns)
    stopping = _stopping(games, precision, max_games)
    _check_seed(seed)
    if len(editions) < 2:
        fail("compare needs at least two editions, variants or rule files")
    _check_plot(plot)
    try:
        groups = [[_job(ref, variant, players, b, max_turns, set_rules) for ref in editions] for b in populations]
        all_rules = [job.rules() for job in groups[0]]
    except RuleError as err:
        fail(_one_line(err))
    runs, diffs, correction, report = experiment.compare(groups, seed, stopping, _runner(workers, executor, address),
                                                         independent)
    summaries = [[_summary(run, r, players) for run, r in zip(group, all_rules)] for group in runs]
    labels = [_label(r) for r in all_rules]
    languages = {r.language for r in all_rules}
    t = _text(lang, languages.pop() if len(languages) == 1 else "en")
    if plot is not None:
        _plot(lambda p: p.comparison(plot, labels, populations, diffs, correction, players, report, t))
    if as_json:
        _print_json({"players": players, "seed": seed, "seeds": "independent" if independent else "common",
                     **({"set": set_rules} if set_rules else {}), "stopping": report, "correction": correction,
                     "populations": [{"bot": b, "runs": [{"edition": j.edition, "variant": r.variant, **s}
                                                         for j, r, s in zip(groups[0], all_rules, ss)],
                                      "differences_from_first": ds}
                                     for b, ss, ds in zip(populations, summaries, diffs)]})
        return
    from ..text.report import comparison, correction_line, stopping_line

    boards = {r.board.continents for r in all_rules}
    continents = all_rules[0].board.continents if len(boards) == 1 else ()
    for i, (b, ss, ds) in enumerate(zip(populations, summaries, diffs)):
        if i:
            typer.echo("")
        typer.echo(comparison(labels, ss, ds, players, b, seed, continents, t, independent), nl=False)
    typer.echo(correction_line(correction, t))
    typer.echo(stopping_line(report, t))
    if plot is not None:
        typer.echo(t._("Plot written to {file}.").format(file=plot))


def _summary(records, rules, players: int) -> dict:
    from ..instrument.stats import summarize

    return summarize(records, players, rules.board.continents, rules.neutral is not None)


def _plot(draw) -> None:
    """Draw with riskrules.text.plot; a missing matplotlib becomes a one-line error."""
    from ..text import plot as plots

    try:
        draw(plots)
    except plots.PlotError as err:
        fail(str(err))


@app.command()
def sweep(
    edition: EditionArg,
    values: Annotated[str | None, typer.Option(help="The values to try, separated by commas: 2,3,4,5 (or words: "
                                                    "defender,attacker).", show_default=False)] = None,
    set_rules: Annotated[list[str] | None, typer.Option(
        "--set", help="A rule with {value} where each value goes, e.g. \"reinforcements { continents europe {value} }\". "
        "Repeatable; those without {value} apply to every run.", show_default=False)] = None,
    variant: VariantOpt = None,
    players: PlayersOpt = 3,
    games: GamesOpt = None,
    precision: PrecisionOpt = None,
    max_games: MaxGamesOpt = 20000,
    bot: SimBotOpt = "balanced",
    bots: BotsOpt = None,
    seed: SeedOpt = 1,
    workers: WorkersOpt = 0,
    max_turns: MaxTurnsOpt = 1000,
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    plot: Annotated[Path | None, typer.Option(help="Write a line plot (.png or .svg): win rate by seat against "
                                                   "the value, with 95% intervals.")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """What if a rule took other values? One simulation per value, all on the same seeds.

    Prints the statistics of `risk simulate` side by side, one column per value. With --json: one object
    per value (and bot population), shaped like `simulate --json`, with its "value".
    """
    _allow(allow_dir)
    from ..instrument import experiment
    from ..instrument.sweep import SweepError, check_templates, json_value, parse_values, sets_for

    workers = workers or _cores()
    _check_run(bot, games, workers, executor, max_turns)
    populations = _bots(bot, bots, max_turns)
    stopping = _stopping(games, precision, max_games)
    _check_seed(seed)
    _check_plot(plot)
    set_rules = set_rules or []
    if values is None:
        fail("sweep needs --values, e.g. --values 2,3,4")
    try:
        check_templates(set_rules)
        chosen = parse_values(values)
    except SweepError as err:
        fail(str(err))
    try:
        jobs = [[_job(edition, variant, players, b, max_turns, sets_for(set_rules, v)) for v in chosen]
                for b in populations]
        all_rules = [job.rules() for job in jobs[0]]
    except RuleError as err:
        fail(_one_line(err))
    runs, report = experiment.several([j for group in jobs for j in group], seed, stopping,
                                      _runner(workers, executor, address))
    k = len(chosen)
    summaries = [[_summary(run, r, players) for run, r in zip(runs[i * k:(i + 1) * k], all_rules)]
                 for i in range(len(populations))]
    t = _text(lang, all_rules[0].language, all_rules[0].terms)
    if plot is not None:
        _plot(lambda p: p.sweep(plot, set_rules, chosen, populations, summaries, players, report, t))
    if as_json:
        from ..instrument.stats import summary_half_width

        # each object as `simulate --json` gives it: the experiment's stopping rule, its own widest interval
        _print_json([{"value": json_value(v), **_simulation_json(j, r, seed, s,
                                                                 {**report, "half_width": summary_half_width(s)})}
                     for group, ss in zip(jobs, summaries) for v, j, r, s in zip(chosen, group, all_rules, ss)])
        return
    from ..text.report import stopping_line, sweep_table

    for i, (b, ss) in enumerate(zip(populations, summaries)):
        if i:
            typer.echo("")
        typer.echo(sweep_table(_label(all_rules[0], sets=False), set_rules, chosen, ss, players, b, seed,
                               all_rules[0].board.continents, t), nl=False)
    typer.echo(stopping_line(report, t))
    if plot is not None:
        typer.echo(t._("Plot written to {file}.").format(file=plot))


@app.command()
def tournament(
    edition: EditionArg,
    bots: Annotated[str, typer.Option(help="One bot per seat, comma-separated; the last fills the remaining "
                                           "seats (strong,balanced with 4 players: one strong against three "
                                           "balanced). Bots: " + BOT_NAMES)],
    variant: VariantOpt = None,
    players: PlayersOpt = 4,
    games: Annotated[int, typer.Option(help="How many games to play, rounded up to a multiple of the players "
                                            "(each seed is played once per rotation of the seats).")] = 200,
    seed: SeedOpt = 1,
    workers: WorkersOpt = 0,
    max_turns: MaxTurnsOpt = 1000,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Play bots against each other: each bot's win share and a rating, with 95% intervals.

    Games come in groups of one seed each, the seats rotated so that every bot plays every
    seat equally often. The win share is a bot's wins per seat it holds (an even share is
    1/players); the rating is a Plackett–Luce fit to the winners on Elo's scale, with a
    bootstrap interval. The same --seed gives the same figures whatever --workers is.
    """
    from ..instrument.tournament import Match, games_for, lineup, run, standings
    from ..text.report import tournament as report

    workers = workers or _cores()
    if games < 1:
        fail("--games must be at least 1")
    if workers < 1:
        fail("--workers must be at least 1")
    names = [b.strip() for b in bots.split(",") if b.strip()]
    for bot in dict.fromkeys(names):
        _check_bot(bot, max_turns)
    try:
        seats = lineup(names, players)
        name, _, inline = edition.partition(":") if not edition.endswith(".risk") else (edition, "", "")
        variants = _variants([inline]) if inline else _variants(variant)
        match = Match(name, tuple(variants) if variants else None, seats, max_turns)
        rules = match.rules()
    except ValueError as err:
        fail(str(err))
    except RuleError as err:
        fail(_one_line(err))
    total = games_for(games, players)
    with _Progress(total, _label(rules)) as progress:
        played = run(match, total, seed, workers, progress)
    result = standings(match, played, seed)
    if as_json:
        _print_json({"edition": name, "variant": rules.variant, "players": players, "seed": seed,
                     "lineup": list(seats), **result})
        return
    t = _text(lang, rules.language)
    typer.echo(report(_label(rules), players, seed, result, t), nl=False)


@app.command()
def odds(
    attackers: Annotated[int | None, typer.Argument(help="Armies that may attack: those in the territory but the "
                                                         "one that must stay behind, as in the published tables.",
                                                    show_default=False)] = None,
    defenders: Annotated[int | None, typer.Argument(help="Armies defending the territory.",
                                                    show_default=False)] = None,
    edition: Annotated[str, typer.Option(help="Whose dice rules: an edition or .risk path (default: the classic "
                                              "rules, the common ancestor of the editions).")] = "classic",
    variant: VariantOpt = None,
    set_rules: SetOpt = None,
    table: Annotated[int | None, typer.Option(help="Print the table for 1..N attackers by 1..N defenders "
                                                   "(N at most 1000).")] = None,
    plot: Annotated[Path | None, typer.Option(help="With --table: write a heat map (.png or .svg).")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """The exact probability that an attack takes the territory, and the armies expected to be left on
    each side: a dynamic programme over the edition's own dice rules, not a simulation.

    The attacker rolls the most dice the rules allow, and so does the defender. ATTACKERS counts the armies
    that may attack, not the one that must stay behind.
    """
    _allow(allow_dir)
    from ..engine.odds import Odds

    if table is None and (attackers is None or defenders is None):
        fail("give ATTACKERS and DEFENDERS, or --table N")
    if table is not None and (attackers is not None or defenders is not None):
        fail("--table takes no ATTACKERS or DEFENDERS")
    size = table if table is not None else max(attackers, defenders)
    if size < 1 or size > 1000 or (table is None and min(attackers, defenders) < 0):
        fail("armies must be between 0 and 1000" if table is None else "--table must be between 1 and 1000")
    if plot is not None and table is None:
        fail("--plot goes with --table")
    _check_output(plot)
    try:
        rules = open_rulebook(edition, sets=set_rules or ()).rules(_variants(variant))
    except RuleError as err:
        fail(_one_line(err))
    o = Odds(rules.battle, size)

    def entry(a: int, d: int) -> dict:
        return {"attackers": a, "defenders": d, "p_attacker_wins": o.p_win[a][d],
                "expected_attacker_left": o.expected_attacker[a][d], "expected_defender_left": o.expected_defender[a][d]}

    t = _text(lang, rules.language)
    if table is None:
        e = entry(attackers, defenders)
        if as_json:
            _print_json(e)
        else:
            from ..text.report import odds_line

            typer.echo(odds_line(rules.id, attackers, defenders, e["p_attacker_wins"], e["expected_attacker_left"],
                                 e["expected_defender_left"], t))
        return
    if plot is not None:
        from ..text.plot import PlotError, odds_heatmap

        try:
            odds_heatmap(plot, [[o.p_win[a][d] for d in range(1, size + 1)] for a in range(1, size + 1)], rules.id, t)
        except PlotError as err:
            fail(str(err))
    if as_json:
        _print_json([entry(a, d) for a in range(1, size + 1) for d in range(1, size + 1)])
        return
    _odds_table(o, size, rules.id, t)


def _odds_table(o, size: int, edition: str, t: Text) -> None:
    """Percentages, attackers down the side, defenders along the top."""
    from babel.numbers import get_decimal_symbol

    point = get_decimal_symbol(t.lang)
    typer.echo(t._("{edition}: chance in % that the attack takes the territory (rows: attacking armies, "
                   "columns: defending armies)").format(edition=edition))
    cell = 6
    lines = ["a\\d " + "".join(f"{d:>{cell}}" for d in range(1, size + 1))]
    for a in range(1, size + 1):
        row = o.p_win[a]
        lines.append(f"{a:>4} " + "".join(f"{row[d] * 100:>{cell}.1f}" for d in range(1, size + 1)))
    text = "\n".join(lines)
    typer.echo(text.replace(".", point) if point != "." else text)


def main() -> None:
    """Entry point of the installed `risk` command."""
    from ..outputs import install_signal_handlers

    install_signal_handlers()
    try:
        app(prog_name="risk")
    except KeyboardInterrupt:
        typer.echo("", err=True)
        sys.exit(130)
    except BrokenPipeError:  # `risk … | head`: the reader has gone; so do we, quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
