"""What the commands that play many games share (simulate, compare, sweep, tournament): their
options, the checks made before a long run, the progress bar and the runner of the instrument."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import BOT_NAMES, check_bot, check_output, fail, open_rulebook, reported, variants


class Progress:
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
                                                     "cluster (default: start a local one). A tls:// address takes "
                                                     "the client's certificates from dask's configuration "
                                                     "(distributed.comm.tls.*, see docs/dask.md).")]
PlayersOpt = Annotated[int, typer.Option(help="Number of players.")]
SimBotOpt = Annotated[str, typer.Option(help="The bot in every seat: " + BOT_NAMES)]
MaxTurnsOpt = Annotated[int, typer.Option(help="Player turns after which a game ends unfinished.")]
GamesOpt = Annotated[int | None, typer.Option(help="How many games to play (default 1000; or see --precision).",
                                              show_default=False)]
PrecisionOpt = Annotated[str | None, typer.Option(
    help="Instead of --games: play in batches until every interval of interest (win rates by seat; in compare "
         "and sweep also the differences in win rates) is at most this wide on each side, e.g. 1pp. The rule looks "
         "at widths only, never at the results.", show_default=False)]
MaxGamesOpt = Annotated[int, typer.Option(help="With --precision: stop here even if the intervals are wider.")]
BotsOpt = Annotated[str | None, typer.Option(help="Several bot populations, e.g. balanced,random: every comparison "
                                                  "is made in each (replaces --bot).", show_default=False)]


def edition_and_variants(ref: str, variant: list[str] | None) -> tuple[str, tuple[str, ...] | None]:
    """EDITION:VARIANT (or EDITION with --variant; a .risk path as it is) → the edition and its variants."""
    name, _, inline = ref.partition(":") if not ref.endswith(".risk") else (ref, "", "")
    chosen = variants([inline]) if inline else variants(variant)
    return name, tuple(chosen) if chosen else None


def job(ref: str, variant, players: int, bot: str, max_turns: int, sets=None, timeout: float | None = None):
    from ..instrument.simulate import Job

    name, chosen = edition_and_variants(ref, variant)
    return Job(name, chosen, players, bot, max_turns, tuple(sets or ()), bot_timeout=timeout)


def job_files(jobs) -> list[tuple[str, Path]]:
    """The rule files and boards the jobs' rules are read from: inputs no output may replace."""
    from .common import rule_files

    return [found for job in jobs for found in rule_files(job.edition, job.sets, job.variants, job.players)]


def check_run(bot: str, games: int | None, workers: int, executor: str, max_turns: int,
              timeout: float | None) -> None:
    from ..instrument.simulate import MAX_GAMES

    check_bot(bot, max_turns, timeout)
    if games is not None and not 1 <= games <= MAX_GAMES:
        fail(f"--games must be between 1 and {MAX_GAMES:,}")
    if workers < 1:
        fail("--workers must be at least 1")
    if executor not in ("process", "dask"):
        fail(f"unknown executor '{executor}'; executors: process, dask")


def check_seed(seed: int) -> None:
    from ..engine.seed import check_seed as check

    with reported():
        check(seed)


def check_plot(plot: Path | None) -> None:
    """A plot's format, whether its file can be written at all and whether matplotlib is there to
    draw it: before a long run, not after. (matplotlib is imported only when --plot is given.)"""
    from ..text.plot import check_backend, check_target

    if plot is not None:
        with reported():
            check_target(plot)
    check_output(plot)
    if plot is not None:
        with reported():
            check_backend()


def bot_populations(bot: str, bots: str | None, max_turns: int, timeout: float | None) -> list[str]:
    """--bots a,b (several populations) or --bot a (one)."""
    if bots is None:
        return [bot]
    chosen = [b.strip() for b in bots.split(",") if b.strip()]
    if not chosen:
        fail("--bots needs at least one bot, e.g. --bots balanced,random")
    if len(set(chosen)) < len(chosen):
        fail("--bots names a bot twice")
    for b in chosen:
        check_bot(b, max_turns, timeout)
    return chosen


def stopping(games: int | None, precision: str | None, max_games: int):
    """--games G (default 1000) or --precision P up to --max-games."""
    from ..instrument.precision import Stopping, parse_precision

    if precision is None:
        return Stopping(games=1000 if games is None else games)
    if games is not None:
        fail("give --games or --precision, not both")
    if max_games < 1:
        fail("--max-games must be at least 1")
    with reported(ValueError):
        return Stopping(precision=parse_precision(precision), max_games=max_games)


def cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def runner(workers: int, executor: str, address: str | None):
    """Plays games for the instrument: a progress bar per batch, a one-line error if it cannot."""
    from ..instrument.simulate import run

    def play(job, games: int, seed: int, first: int):
        with Progress(games, job.label) as progress, reported(RuntimeError):
            return run(job, games, seed, workers, executor, address, progress, first=first)

    return play


def summary(records, rules, players: int) -> dict:
    from ..instrument.stats import summarize

    return summarize(records, players, rules.board.continents, rules.neutral is not None)


def draw(picture) -> None:
    """Draw with riskrules.text.plot (`picture(plots)`); a missing matplotlib becomes a one-line error."""
    from ..text import plot as plots

    with reported():
        picture(plots)


# ---- --html: the report as a standalone page ---------------------------------------------------------------

HtmlOpt = Annotated[Path | None, typer.Option(
    "--html", metavar="PATH", help="Also write the report as one standalone .html page (tables, charts, the "
                                   "command and its seeds; nothing fetched from elsewhere).", show_default=False)]


def check_page(path: Path | None) -> None:
    """An .html target that can be written: refused before the first game, not after the last."""
    from ..text.page import check_page_target

    if path is not None:
        with reported():
            check_page_target(path)


def command_line() -> str:
    """The command as typed, to print on a page: `risk` and its arguments, quoted for a shell."""
    import shlex
    import sys

    return "risk " + shlex.join(sys.argv[1:])


def publish(path: Path, build, t, quiet: bool) -> None:
    """Write the page `build(command, version)` makes to `path`, whole (atomically), after the
    results are out; a file that cannot be written is one line, exit 1. Says so unless `quiet` (--json)."""
    from .. import __version__
    from ..text.page import write_page

    with reported():
        write_page(path, build(command_line(), __version__))
    if not quiet:
        typer.echo(t._("Page written to {file}.").format(file=path))


def rule_diffs(jobs, labels: list[str], lang: str) -> list[tuple[str, str, list]]:
    """`risk diff` of each job's rules against the first job's, for the jobs' player count:
    (label of the first, label of the other, the diff's rows), sheets in `lang`."""
    from ..text.diff import diff_rows
    from ..text.i18n import Text
    from ..text.sheet import build_sheet

    sheets = []
    with reported():
        for job in jobs:
            book = open_rulebook(job.edition, sets=job.sets)
            chosen = list(job.variants) if job.variants else None
            sheets.append(build_sheet(book, chosen, Text(lang, book.rules(chosen, job.players).terms), job.players))
    return [(labels[0], label, diff_rows(sheets[0], sheet)) for label, sheet in zip(labels[1:], sheets[1:])]
