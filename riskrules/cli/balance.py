"""`risk balance`: how fair and how lively a rule set is (or two, compared), one family of intervals."""

from __future__ import annotations

from typing import Annotated

import typer

from . import runs
from ..engine.agents import TIMEOUT
from .common import BotTimeoutOpt, JsonOpt, VariantOpt, allow, AllowDirOpt, bot_timeout, check_bot, \
    check_distinct, fail, label, print_json, reported
from .runs import HtmlOpt, MaxTurnsOpt, PlayersOpt, SeedOpt, SimBotOpt, WorkersOpt


def balance(
    editions: Annotated[list[str], typer.Argument(
        help="One rule set (an edition, EDITION:VARIANT or a .risk path), or two to compare.", show_default=False)],
    variant: VariantOpt = None,
    players: PlayersOpt = 3,
    games: Annotated[int, typer.Option(help="Games of the shape run, per rule set (every seat --bot).")] = 500,
    bot: SimBotOpt = "balanced",
    skill: Annotated[str | None, typer.Option(
        help="The skill pairings, STRONGER>WEAKER separated by commas: one STRONGER among players−1 WEAKER at the "
             "same table (strong-N: N playouts a move, the budget). 'none' for no skill runs. "
             "[default: strong-1>balanced,balanced>random]", show_default=False)] = None,
    skill_games: Annotated[int, typer.Option(help="Games of each skill pairing, rounded up to a multiple of the "
                                                  "players (strong bots take about a second a game).")] = 60,
    rounds: Annotated[str | None, typer.Option(
        help="The rounds at which the survival curve and the eliminations are read. [default: 5,10,15,20,30,40]",
        show_default=False)] = None,
    seed: SeedOpt = 1,
    independent: Annotated[bool, typer.Option("--independent", help="With two rule sets: give the second seeds of "
                                              "its own (an A/A check when both are the same; wider intervals).")]
    = False,
    workers: WorkersOpt = 0,
    max_turns: MaxTurnsOpt = 1000,
    bot_timeout_s: BotTimeoutOpt = TIMEOUT,
    html: HtmlOpt = None,
    as_json: JsonOpt = False,
    allow_dir: AllowDirOpt = None,
) -> None:
    """How fair and how lively is a rule set? Seats, skill and the shape of a game, every figure with a simultaneous interval.

    Seats: each seat's win share against the even share 1/players, and the largest gap. Skill: for each pairing
    A>B, the win share of one A among players−1 B (the seats rotated on common seeds, as in `risk tournament`):
    above the even share, skill decides. The shape of a game: its length in rounds, the share still running after
    each of --rounds, the players eliminated by then, lead changes, decisiveness (the share of the game before
    the winner leads for good) and comebacks (won from behind at half time), the leader being the seat with the
    most territories + armies on the board at the end of a round.

    Every figure is in one family: all the intervals hold together at 95% (Bonferroni), and * marks a win share
    (or, with two rule sets, a difference) that Holm's correction finds different from the even share (from 0).
    Two rule sets play the same seeds and are compared game by game (B − A). The report states the games, the
    seeds and the family's size m; see docs/statistics.md ("Balance"). Text, --json or --html; the same --seed
    gives the same figures whatever --workers is. The report is in English.
    """
    allow(allow_dir)
    from ..instrument import balance as b

    workers = workers or runs.cores()
    timeout = bot_timeout(bot_timeout_s)
    check_bot(bot, max_turns, timeout)
    if not 1 <= len(editions) <= 2:
        fail("balance takes one rule set, or two to compare")
    if not 2 <= games <= 1_000_000:
        fail("--games must be between 2 and 1,000,000")
    if skill_games < 1:
        fail("--skill-games must be at least 1 (or --skill none)")
    if workers < 1:
        fail("--workers must be at least 1")
    if independent and len(editions) != 2:
        fail("--independent needs two rule sets")
    runs.check_seed(seed)
    runs.check_page(html)
    try:
        chosen_rounds = b.check_rounds(rounds)
        pairings = b.check_skill(skill)
    except b.BalanceError as err:
        fail(f"--{err.name}{err.rest}")
    for a, weaker in pairings:
        check_bot(a, max_turns, timeout)
        check_bot(weaker, max_turns, timeout)
    with reported():
        jobs = tuple(runs.job(ref, variant, players, bot, max_turns, (), timeout) for ref in editions)
        all_rules = [job.rules() for job in jobs]
    check_distinct([("--html", html)], runs.job_files(jobs))
    plan = b.Plan(jobs, pairings, games, skill_games, chosen_rounds, seed, independent)

    with reported(RuntimeError):
        shapes, skills = b.play(plan, workers, _bar, timeout)
    data = b.measure(plan, shapes, skills)
    for k, r in enumerate(all_rules):
        data["rule_sets"][k]["rules"] = label(r)
    from ..text.balance_report import html as page, text

    if as_json:
        print_json(data)
    else:
        typer.echo(text(data), nl=False)
    if html is not None:
        runs.publish(html, lambda command, version: page(data, command, version), _English(), as_json)


def _bar(name: str, total: int):
    """A progress bar on stderr for one run of `total` games: shown from its first games to its last."""
    bar = runs.Progress(total, name)

    def advance(n: int) -> None:
        if not hasattr(bar, "done"):
            bar.__enter__()
        bar(n)
        if bar.done >= total:
            bar.__exit__(None, None, None)

    return advance


class _English:
    """What runs.publish needs of a Text: its one sentence, in English (the report is not yet translated)."""

    @staticmethod
    def _(message: str) -> str:
        return message


COMMANDS = (balance,)
