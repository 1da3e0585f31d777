"""Playing: `risk play`, `risk replay` and `risk resume`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..text.i18n import Text
from .common import (BOT_NAMES, AllowDirOpt, EditionArg, LangOpt, SetOpt, VariantOpt, allow, check_bot, fail,
                     reported, text_for, variants)

# Exit codes of `risk play` and `risk resume` when the game is left before its end (the
# game is saved first when --save names a file): Ctrl-C is 130, as for any interrupted
# command; end of input (Ctrl-D, a script that runs out) and the `quit` command are 3.
EXIT_INTERRUPTED = 130
EXIT_LEFT = 3


def outcome_lines(outcome) -> None:
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
    allow(allow_dir)
    from ..terminal.session import play as play_game

    check_bot(bot, max_turns)
    if lang is not None:
        text_for(lang, "en")  # refuses an unknown language
    with reported():
        outcome = play_game(edition, variants(variant), players, humans, bot, seed, log, save, max_turns,
                            lang=lang, narrate=not quiet, write=typer.echo, sets=set_rules or ())
    outcome_lines(outcome)


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
    allow(allow_dir)
    from ..text.narrate import Narrator
    from ..engine.replay import difference, load
    from ..engine.replay import replay as replay_log

    with reported():
        if show:
            events, rules = load(file)
            narrator = Narrator(rules, text_for(lang, rules.language, rules.terms))
            for event in events:
                line = narrator(event)
                if line:
                    typer.echo(line)
            return
        report = replay_log(file)
    t = text_for(lang, "en")
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


def resume(
    file: Annotated[Path, typer.Argument(help="A save file written by `risk play --save`.")],
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Go on with a saved game (exit codes as for `risk play`). The file is replayed first; one that no
    longer replays is refused."""
    allow(allow_dir)
    from ..terminal.session import resume as resume_game

    if lang is not None:
        text_for(lang, "en")
    with reported():
        outcome = resume_game(file, lang=lang, write=typer.echo)
    outcome_lines(outcome)


COMMANDS = (play, replay, resume)
