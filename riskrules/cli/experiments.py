"""Experiments with bots: `risk simulate`, `risk compare` and `risk sweep`."""

from pathlib import Path
from typing import Annotated

import typer

from . import runs
from ..engine.agents import TIMEOUT
from .common import (AllowDirOpt, BotTimeoutOpt, EditionArg, JsonOpt, LangOpt, SetOpt, VariantOpt, allow, bot_timeout,
                     check_distinct, check_output, fail, label, print_json, reported, text_for)
from .runs import (AddressOpt, BotsOpt, ExecutorOpt, GamesOpt, HtmlOpt, MaxGamesOpt, MaxTurnsOpt, PlayersOpt,
                   PrecisionOpt, SeedOpt, SimBotOpt, WorkersOpt)


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
    bot_timeout_s: BotTimeoutOpt = TIMEOUT,
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    set_rules: SetOpt = None,
    as_json: JsonOpt = False,
    csv: Annotated[Path | None, typer.Option(help="Also write one line per game to this CSV file.")] = None,
    html: HtmlOpt = None,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Play many bot games and report wins by seat (95% Wilson intervals), how games ended, their
    length, the continents held at the end, the neutral army's survival and the cards traded.

    The same --seed gives the same numbers whatever --workers is.
    """
    allow(allow_dir)
    from ..instrument import experiment

    workers = workers or runs.cores()
    timeout = bot_timeout(bot_timeout_s)
    runs.check_run(bot, games, workers, executor, max_turns, timeout)
    stopping = runs.stopping(games, precision, max_games)
    runs.check_seed(seed)
    check_output(csv)
    runs.check_page(html)
    with reported():
        job = runs.job(edition, variant, players, bot, max_turns, set_rules, timeout)
        rules = job.rules()
    check_distinct([("--csv", csv), ("--html", html)], lambda: runs.job_files([job]))
    t = text_for(lang, rules.language)  # every option is checked before the first game
    records, report = experiment.simulate(job, seed, stopping, runs.runner(workers, executor, address))
    summary = runs.summary(records, rules, players)
    if csv:
        from ..outputs import write_lines
        from ..text.formats import simulation_csv

        with reported():
            write_lines(csv, simulation_csv(records, rules.board.continents))
    from ..text.formats import simulation_json

    data = simulation_json(job.edition, rules.variant, job.sets, job.players, job.bot, seed, summary, report)
    if as_json:
        print_json(data)
    else:
        from ..text.report import simulation, stopping_line

        typer.echo(simulation(label(rules), players, bot, seed, summary, rules.board.continents, t), nl=False)
        typer.echo(stopping_line(report, t))
    if html is not None:
        from ..text.report_page import simulation_page

        runs.publish(html, lambda command, version: simulation_page(data, label(rules), rules.board.continents,
                                                                      command, version, t), t, as_json)


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
    bot_timeout_s: BotTimeoutOpt = TIMEOUT,
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    set_rules: SetOpt = None,
    plot: Annotated[Path | None, typer.Option(help="Write a picture (.png or .svg) of the paired differences with "
                                                   "their corrected intervals, as in the table.")] = None,
    html: HtmlOpt = None,
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
    allow(allow_dir)
    from ..instrument import experiment

    workers = workers or runs.cores()
    timeout = bot_timeout(bot_timeout_s)
    runs.check_run(bot, games, workers, executor, max_turns, timeout)
    populations = runs.bot_populations(bot, bots, max_turns, timeout)
    stopping = runs.stopping(games, precision, max_games)
    runs.check_seed(seed)
    if len(editions) < 2:
        fail("compare needs at least two editions, variants or rule files")
    runs.check_plot(plot)
    runs.check_page(html)
    with reported():
        groups = [[runs.job(ref, variant, players, b, max_turns, set_rules, timeout) for ref in editions]
                  for b in populations]
        all_rules = [job.rules() for job in groups[0]]
    check_distinct([("--plot", plot), ("--html", html)], lambda: runs.job_files(groups[0]))
    languages = {r.language for r in all_rules}
    t = text_for(lang, languages.pop() if len(languages) == 1 else "en")  # checked before the first game
    same = experiment.identical(all_rules)
    labels = [label(r) for r in all_rules]
    compared = runs.rule_diffs(groups[0], labels, t.lang) if html is not None else []
    played, diffs, correction, report = experiment.compare(groups, seed, stopping,
                                                           runs.runner(workers, executor, address), independent)
    summaries = [[runs.summary(run, r, players) for run, r in zip(group, all_rules)] for group in played]
    from ..text.formats import comparison_json

    arms = [(job.edition, r.variant) for job, r in zip(groups[0], all_rules)]
    data = comparison_json(arms, populations, summaries, diffs, players, seed, independent, set_rules, report,
                           correction, same)
    boards = {r.board.continents for r in all_rules}
    continents = all_rules[0].board.continents if len(boards) == 1 else ()
    if as_json:
        print_json(data)
    else:
        from ..text.report import comparison, correction_line, identical_lines, stopping_line

        for i, (b, ss, ds) in enumerate(zip(populations, summaries, diffs)):
            if i:
                typer.echo("")
            typer.echo(comparison(labels, ss, ds, players, b, seed, continents, t, independent), nl=False)
        typer.echo(correction_line(correction, t))
        letters = [chr(ord("A") + k) for k in range(len(labels))]
        typer.echo(identical_lines([(letters[i], letters[j]) for i, j in same], independent, t), nl=False)
        typer.echo(stopping_line(report, t))
    if plot is not None:  # after the results: a plot that fails loses nothing
        runs.draw(lambda p: p.comparison(plot, labels, populations, diffs, correction, players, report, t))
        if not as_json:
            typer.echo(t._("Plot written to {file}.").format(file=plot))
    if html is not None:
        from ..text.report_page import comparison_page

        runs.publish(html, lambda command, version: comparison_page(data, labels, continents, compared, command,
                                                                      version, t), t, as_json)


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
    bot_timeout_s: BotTimeoutOpt = TIMEOUT,
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    plot: Annotated[Path | None, typer.Option(help="Write a picture (.png or .svg) of game length, sets traded and "
                                                   "win rate by seat against the value, with 95% intervals.")] = None,
    html: HtmlOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """What if a rule took other values? One simulation per value, all on the same seeds, compared game by game.

    Prints the statistics of `risk simulate` side by side, one column per value, every rate and mean with its
    95% interval; then the paired differences of each value from the one before and from the first, and for
    numeric values the trend along them (the least-squares slope), for the win rate of every seat, unfinished
    games, game length and the sets traded. All of them are tested together, as in `risk compare`: * marks
    those significant at 5% after Holm's correction, and their intervals hold together at 95% (Bonferroni).
    With --json: the runs (each shaped like `simulate --json`, with its "value"), the differences, the trend
    and the correction, per bot population.
    """
    allow(allow_dir)
    from ..instrument import experiment
    from ..instrument.sweep import check_templates, json_value, pairs, parse_values, positions, sets_for

    workers = workers or runs.cores()
    timeout = bot_timeout(bot_timeout_s)
    runs.check_run(bot, games, workers, executor, max_turns, timeout)
    populations = runs.bot_populations(bot, bots, max_turns, timeout)
    stopping = runs.stopping(games, precision, max_games)
    runs.check_seed(seed)
    runs.check_plot(plot)
    runs.check_page(html)
    set_rules = set_rules or []
    if values is None:
        fail("sweep needs --values, e.g. --values 2,3,4")
    with reported():
        check_templates(set_rules)
        chosen = parse_values(values)
    with reported():
        jobs = [[runs.job(edition, variant, players, b, max_turns, sets_for(set_rules, v), timeout) for v in chosen]
                for b in populations]
        all_rules = [job.rules() for job in jobs[0]]
    check_distinct([("--plot", plot), ("--html", html)], lambda: runs.job_files(jobs[0]))
    t = text_for(lang, all_rules[0].language, all_rules[0].terms)  # checked before the first game
    same = experiment.identical(all_rules)
    labels = [label(r) for r in all_rules]
    compared_rules = runs.rule_diffs(jobs[0], labels, t.lang) if html is not None else []
    played, diffs, trends, correction, report = experiment.sweep(jobs, positions(chosen), seed, stopping,
                                                                 runs.runner(workers, executor, address))
    summaries = [[runs.summary(run, r, players) for run, r in zip(group, all_rules)] for group in played]
    compared = pairs(len(chosen))
    from ..instrument.stats import summary_half_width
    from ..text.formats import simulation_json, sweep_json

    # each run as `simulate --json` gives it: the experiment's stopping rule, its own widest interval
    runs_json = [[simulation_json(j.edition, r.variant, j.sets, j.players, j.bot, seed, s,
                                  {**report, "half_width": summary_half_width(s)})
                  for j, r, s in zip(group, all_rules, ss)] for group, ss in zip(jobs, summaries)]
    data = sweep_json(jobs[0][0].edition, all_rules[0].variant, set_rules, [json_value(v) for v in chosen], players,
                      seed, populations, runs_json, compared, diffs, trends, report, correction, same)
    if as_json:
        print_json(data)
    else:
        from ..text.report import (identical_lines, stopping_line, sweep_correction_line, sweep_differences,
                                   sweep_table)

        continents = all_rules[0].board.continents
        for i, (b, ss, ds, trend) in enumerate(zip(populations, summaries, diffs, trends)):
            if i:
                typer.echo("")
            typer.echo(sweep_table(label(all_rules[0], sets=False), set_rules, chosen, ss, players, b, seed,
                                   continents, t), nl=False)
            typer.echo(sweep_differences(chosen, compared, ds, trend, players, continents, t), nl=False)
        typer.echo(sweep_correction_line(correction, t))
        named = [f"{t._('value')} {v}" for v in chosen]
        typer.echo(identical_lines([(named[i], named[j]) for i, j in same], False, t), nl=False)
        typer.echo(stopping_line(report, t))
    if plot is not None:  # after the results: a plot that fails loses nothing
        runs.draw(lambda p: p.sweep(plot, set_rules, chosen, populations, summaries, players, report, t))
        if not as_json:
            typer.echo(t._("Plot written to {file}.").format(file=plot))
    if html is not None:
        from ..text.report_page import sweep_page

        continents = all_rules[0].board.continents
        runs.publish(html, lambda command, version: sweep_page(data, labels, chosen, compared, continents,
                                                                 compared_rules, command, version, t), t, as_json)


COMMANDS = (simulate, compare, sweep)
