"""`risk tournament`: bots against each other, the seats rotated on common seeds."""

from typing import Annotated

import typer

from . import runs
from ..engine.agents import TIMEOUT
from .common import BOT_NAMES, BotTimeoutOpt, EditionArg, JsonOpt, LangOpt, VariantOpt, bot_timeout, check_bot, \
    check_distinct, fail, label, print_json, reported, rule_files, text_for
from .runs import HtmlOpt, MaxTurnsOpt, PlayersOpt, SeedOpt, WorkersOpt


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
    bot_timeout_s: BotTimeoutOpt = TIMEOUT,
    html: HtmlOpt = None,
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

    workers = workers or runs.cores()
    if games < 1:
        fail("--games must be at least 1")
    if workers < 1:
        fail("--workers must be at least 1")
    timeout = bot_timeout(bot_timeout_s)
    runs.check_page(html)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    for bot in dict.fromkeys(names):
        check_bot(bot, max_turns, timeout)
    with reported(ValueError):
        seats = lineup(names, players)
        name, chosen = runs.edition_and_variants(edition, variant)
        match = Match(name, chosen, seats, max_turns, timeout)
        rules = match.rules()
    check_distinct([("--html", html)], lambda: rule_files(name, (), chosen, players))
    t = text_for(lang, rules.language)  # checked before the first game
    total = games_for(games, players)
    with runs.Progress(total, label(rules)) as progress, reported():  # (a plug-in's error or timeout: one line)
        played = run(match, total, seed, workers, progress)
    result = standings(match, played, seed)
    from ..text.formats import tournament_json

    data = tournament_json(name, rules.variant, players, seed, seats, result)
    if as_json:
        print_json(data)
    else:
        typer.echo(report(label(rules), players, seed, result, t), nl=False)
    if html is not None:
        from ..text.report_page import tournament_page

        runs.publish(html, lambda command, version: tournament_page(data, label(rules), command, version, t), t,
                     as_json)


COMMANDS = (tournament,)
