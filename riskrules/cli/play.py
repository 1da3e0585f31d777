"""Playing: `risk play`, `risk replay` and `risk resume`."""

from pathlib import Path
from typing import Annotated

import typer

from ..text.i18n import Text
from . import complete
from ..engine.agents import TIMEOUT
from .common import (BOT_NAMES, AllowDirOpt, BotTimeoutOpt, EditionArg, LangOpt, Pair, SetOpt, VariantOpt, allow,
                     bot_timeout, check_bot, check_distinct, fail, header_files, pair, pairs_command, reported,
                     rule_files, text_for, variants)

# Exit codes of `risk play` and `risk resume` when the game is left before its end (the
# game is saved first when --save names a file): Ctrl-C is 130, as for any interrupted
# command; end of input (Ctrl-D, a script that runs out) and the `quit` command are 3.
EXIT_INTERRUPTED = 130
EXIT_LEFT = 3
# `risk replay` exits 0 when every line of the file matches the replayed game, whether the
# game ends in it or goes on after its last line (a save, a log of a game left before its
# end: every line of it is true, and that is what a replay checks; the message says which);
# 1 when a line differs, or the file or its rules are refused.


def warn(line: str) -> None:
    """A line worth knowing that changes nothing (a local rule file that differs from the carried one)."""
    typer.echo(f"risk: warning: {line}", err=True)


def outcome_lines(outcome) -> None:
    """The end of a game: a sentence in the game's language, then a line for scripts."""
    t = outcome.text or Text("en")
    if outcome.result is None:
        if outcome.left in ("interrupt", "eof"):
            typer.echo("")  # the prompt's line is left open by ^C or ^D
        if outcome.fogged:  # (under fog the seed would tell the cards and dice to come)
            typer.echo(t._("Game left before its end; saved to {file} — go on with: risk resume {file}").format(
                file=outcome.saved) if outcome.saved else t._("Game left before its end."))
        elif outcome.saved:
            typer.echo(t._("Game left before its end (seed {seed}); saved to {file} — go on with: "
                           "risk resume {file}").format(seed=outcome.seed, file=outcome.saved))
        else:
            typer.echo(t._("Game left before its end (seed {seed}).").format(seed=outcome.seed))
        raise typer.Exit(EXIT_INTERRUPTED if outcome.left == "interrupt" else EXIT_LEFT)
    r = outcome.result
    seed = "" if outcome.fogged else f", seed: {outcome.seed}"  # (fog not lifted at the end: the seed tells it all)
    typer.echo(f"winner: {r.winner or 'none'}, reason: {r.reason}, turns: {r.turns}{seed}")


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
    log_for: Annotated[list[Pair] | None, typer.Option(
        "--log-for", metavar="PLAYER FILE", parser=pair, show_default=False,
        help="Write what one player is told of the game (JSON Lines) to FILE as it is played: under fog, "
             "only what that player sees (the same lines as `risk replay LOG --show --as PLAYER` tells). "
             "Repeatable: a file for each player named.")] = None,
    save: Annotated[Path | None, typer.Option(help="Keep the game saved in this file, rewritten safely before "
                                                      "each of your moves; go on later with `risk resume`.")] = None,
    max_turns: Annotated[int, typer.Option(help="End the game without a winner after this many player turns "
                                                "(reported as turn_limit).")] = 1000,
    lang: LangOpt = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="With --humans 0: print only the result.")] = False,
    defend_most: Annotated[bool, typer.Option("--defend-most/--ask-defence", help="Defend with the most dice "
                                              "you may, unasked (--ask-defence: asked at each attack).")] = True,
    set_rules: SetOpt = None,
    allow_dir: AllowDirOpt = None,
    bot_timeout_s: BotTimeoutOpt = TIMEOUT,
) -> None:
    """Play an edition at the terminal against bots, or watch bots play it (--humans 0).

    The game is told in the edition's language; the last line sums it up for scripts:
    winner, reason, turns and seed. A game left before its end (saved first with --save)
    exits 130 after Ctrl-C and 3 after end of input (Ctrl-D) or the `quit` command.
    """
    allow(allow_dir)
    from ..terminal.session import play as play_game

    timeout = bot_timeout(bot_timeout_s)
    check_bot(bot, max_turns, timeout)
    if lang is not None:
        text_for(lang, "en")  # refuses an unknown language
    views = [(seat, Path(file)) for seat, file in log_for or ()]
    check_distinct([("--log", log), ("--save", save), *((f"--log-for {seat}", file) for seat, file in views)],
                   lambda: rule_files(edition, set_rules or (), variants(variant), players))
    with reported():
        outcome = play_game(edition, variants(variant), players, humans, bot, seed, log, save, max_turns,
                            lang=lang, narrate=not quiet, write=typer.echo, sets=set_rules or (), bot_timeout=timeout,
                            log_for=views, defend_most=defend_most)
    outcome_lines(outcome)


play.command_class = pairs_command("log_for")  # (--log-for PLAYER FILE, repeatable)


def replay(
    file: Annotated[Path, typer.Argument(help="A game log written by `risk play --log` (or a save file).")],
    show: Annotated[bool, typer.Option("--show", help="Tell the game as text (in the language it was played "
                                                      "in, unless --lang) instead of checking it.")] = False,
    html: Annotated[Path | None, typer.Option("--html", help="Write the game as one standalone page: the board "
                                                             "drawn, a slider over every event, its narration, "
                                                             "dice, trades and a chart (and warn if the log does "
                                                             "not replay).")] = None,
    seat: Annotated[str | None, typer.Option("--as", help="With --html or --show: tell the game as this seat is "
                                                          "told it (a player's colour); every mission is shown "
                                                          "at the end (under fog: where the rules lift it at "
                                                          "the end).")] = None,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Re-run a logged game from its header and report whether every line matches.

    Exit 0 when every line matches, also for a game that goes on after the file's last line (a
    save, or the log of a game left before its end: every line of it is true, which is what a
    replay checks; the message says the game is not over); exit 1 when a line differs.

    The file is checked before it is used: a damaged line, a name the board lacks, a line after
    the end of the game or rules that have changed since are refused, with the line (exit 1).
    A house rule's files are carried in the log: a local file of the same name that differs
    is a warning, and the log's copy is used.
    """
    allow(allow_dir)
    from ..text.narrate import Narrator
    from ..engine.replay import difference, load
    from ..engine.replay import replay as replay_log

    notes: list[str] = []
    lifted = None  # the missions the fog lifts at the end, told as a seat
    if html is not None and show:
        fail("--html and --show are two ways of telling the game: give one")
    if seat is not None and html is None and not show:
        fail("--as tells the game as one seat: give it with --html or --show")
    with reported():
        if html is not None:
            from ..text.page import check_page_target

            check_page_target(html)
        if show or html is not None:
            if html is not None:
                check_distinct([("--html", html)], header_files(file))
            events, rules = load(file, notes)
            for note in notes:
                warn(note)
            t = text_for(lang, events[0].get("language") or rules.language, rules.terms, rules.board)
            if seat is not None:
                from ..text.replay_page import player_names

                seats = player_names(events[0])
                if seat not in seats:
                    named = seat if len(seat) <= 40 else seat[:39] + "…"
                    fail(f"--as {named}: no such player in this game (its players: {', '.join(seats)})")
            if seat is not None and rules.visibility is not None and rules.visibility.foggy:
                from ..engine.replay import seat_stream  # under fog: only what the seat saw

                if rules.visibility.lifted:  # every mission, once the game is over (the page's last step)
                    lifted = {e["player"]: e["mission"] for e in events
                              if e["type"] == "mission_dealt" and "mission" in e}
                events = seat_stream(events, rules, seat, str(file))
        if html is not None:
            from ..text.page import write_page
            from ..text.replay_page import replay_page

            write_page(html, replay_page(events, rules, t, seat, source=file.name, missions=lifted))
            typer.echo(t._("Page written to {file}.").format(file=html))
            report = replay_log(file, [])  # the page shows the log as it is: say so if it is not the game's
            if not report.ok and not report.unfinished:
                warn(t._("{file}:{line}: this line differs from the replayed game; the page shows the log as it "
                         "is").format(file=file, line=report.mismatch.line))
            return
        if show:
            from ..engine.sight import told

            narrator = Narrator(rules, t, {seat} if seat else None)
            for event in events:
                line = narrator(told(event, {seat}) if seat else event)
                if line:
                    typer.echo(line)
            return
        report = replay_log(file, notes)
    for note in notes:
        warn(note)
    t = text_for(lang, "en")
    matched = t.n_("{file}: the {n} line of the log matches the replayed game.",
                   "{file}: all {n} lines of the log match the replayed game.", report.lines).format(
        file=file, n=t.num(report.lines))
    if report.ok:
        from ..text.narrate import result_line

        r = report.result
        typer.echo(matched + " " + result_line(r.winner, r.reason, r.turns, t))
        return
    m = report.mismatch
    if report.unfinished:
        more = t._("The game is not over: it goes on after the last line.")
        if report.kind == "save":
            more += " " + t._("Go on with it: risk resume {file}").format(file=file)
        typer.echo(matched + " " + more)
        return
    expected, found = difference(m.expected, m.got)
    fail(t._("{file}:{line}: differs from the replayed game after {n} matching lines — in the log: {expected}; "
             "replayed: {found}").format(file=file, line=m.line, n=report.matched, expected=expected, found=found))


def resume(
    file: Annotated[Path, typer.Argument(help="A save file written by `risk play --save`.")],
    lang: Annotated[str | None, typer.Option("--lang", help="The language of the text (en, sv, nl, de, cs). "
                                                            "Default: the game's own, as saved.",
                                              autocompletion=complete.languages)] = None,
    log: Annotated[Path | None, typer.Option(help="Write the game log on in this file (the log of this game, "
                                                  "or a new file: the log is written from the start). "
                                                  "Default: the log the save names, if any.")] = None,
    allow_dir: AllowDirOpt = None,
    defend_most: Annotated[bool, typer.Option("--defend-most/--ask-defence", help="Defend with the most dice "
                                              "you may, unasked (--ask-defence: asked at each attack).")] = True,
) -> None:
    """Go on with a saved game (exit codes as for `risk play`): in its language, writing on its log.

    The file is replayed first; one that no longer replays, a game log given for a save, or a log
    that is not this game's, is refused (exit 1) before the game goes on and any file changes.
    """
    allow(allow_dir)
    from ..terminal.session import resume as resume_game

    if lang is not None:
        text_for(lang, "en")
    # (the save itself is written on, as a save; its log may not be the save: resume_game says so)
    check_distinct([("--log", log)], [(what, path) for what, path in header_files(file) if path != file])
    with reported():
        outcome = resume_game(file, lang=lang, write=typer.echo, log=log, warn=warn, defend_most=defend_most)
    outcome_lines(outcome)


COMMANDS = (play, replay, resume)
