"""`risk balance`: how fair and how lively a rule set is (or two, compared), one family of intervals;
`risk tune`: rule values searched for a target, confirmed at fresh seeds."""

from pathlib import Path
from typing import Annotated

import typer

from . import runs
from ..engine.agents import TIMEOUT
from .common import AllowDirOpt, BotTimeoutOpt, EditionArg, JsonOpt, SetOpt, VariantOpt, allow, bot_timeout, \
    check_bot, check_distinct, check_output, fail, label, print_json, reported
from .runs import AddressOpt, ExecutorOpt, HtmlOpt, MaxTurnsOpt, PlayersOpt, SeedOpt, SimBotOpt, WorkersOpt


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
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    set_rules: SetOpt = None,
    html: HtmlOpt = None,
    as_json: JsonOpt = False,
    allow_dir: AllowDirOpt = None,
) -> None:
    """How fair and how lively a rule set is: seats, skill and the shape of a game, with simultaneous intervals.

    Seats: each seat's win share against the even share 1/players, and the largest gap. Skill: for each pairing
    A>B, the win share of one A among players−1 B (the seats rotated on common seeds, as in `risk tournament`):
    above the even share, skill decides. The shape of a game: its length in rounds, the share still running after
    each of --rounds, the players eliminated by then, lead changes, decisiveness (the share of the game before
    the winner leads for good) and comebacks (won from behind at half time), the leader being the seat with the
    most territories + armies on the board at the end of a round.

    Every figure is in one family: all the intervals hold together at 95% (Bonferroni), and * marks a win share
    (or, with two rule sets, a difference) that Holm's correction finds different from the even share (from 0).
    Two rule sets play the same seeds and are compared game by game (B − A). The report states the games, the
    seeds and the family's size m; see docs/statistics.md ("Balance"). Text, --json or --html; --set applies to every
    rule set; the same --seed gives the same figures whatever --workers is. --executor dask plays the shape runs
    on a dask cluster (the skill runs stay on this machine's processes). The report is in English.
    """
    allow(allow_dir)
    from ..instrument import balance as b

    workers = workers or runs.cores()
    timeout = bot_timeout(bot_timeout_s)
    runs.check_run(bot, None, workers, executor, max_turns, timeout)
    if not 1 <= len(editions) <= 2:
        fail("balance takes one rule set, or two to compare")
    if not 2 <= games <= 1_000_000:
        fail("--games must be between 2 and 1,000,000")
    if skill_games < 1:
        fail("--skill-games must be at least 1 (or --skill none)")
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
        jobs = tuple(runs.job(ref, variant, players, bot, max_turns, set_rules, timeout) for ref in editions)
        all_rules = [job.rules() for job in jobs]
    check_distinct([("--html", html)], lambda: runs.job_files(jobs))
    plan = b.Plan(jobs, pairings, games, skill_games, chosen_rounds, seed, independent)

    with reported(RuntimeError):
        shapes, skills = b.play(plan, workers, _bar, timeout, executor, address)
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



def tune(
    edition: EditionArg,
    vary: Annotated[str | None, typer.Option(
        help="A rule in the rule language with one-letter placeholders where the values go, e.g. "
             "\"reinforcements { continents asia {a} }\" (as --set, applied on top of the rules).",
        show_default=False)] = None,
    over: Annotated[list[str] | None, typer.Option(
        help="The values of a placeholder: a=0..6 or a=1,3,5; once per placeholder. Every combination is a "
             "candidate.", show_default=False)] = None,
    target: Annotated[str | None, typer.Option(
        help="seats=1.5pp (every seat's win share within ±1.5 pp of the even share), rounds=15..18 (the mean "
             "length in rounds) or skill=strong-1>balanced:10pp (one strong-1 among balanced bots wins at least "
             "10 pp above the even share; its games rotate the seats as risk tournament's).",
        show_default=False)] = None,
    variant: VariantOpt = None,
    players: PlayersOpt = 3,
    bot: SimBotOpt = "balanced",
    budget: Annotated[int, typer.Option(help="Games the search may spend (about; each candidate plays at least "
                                             "20 a rung).")] = 2000,
    confirm_games: Annotated[int, typer.Option(help="Games of the chosen candidate at each of the two fresh "
                                                    "seeds that confirm it.")] = 1000,
    seed: SeedOpt = 1,
    workers: WorkersOpt = 0,
    max_turns: MaxTurnsOpt = 1000,
    bot_timeout_s: BotTimeoutOpt = TIMEOUT,
    executor: ExecutorOpt = "process",
    address: AddressOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write the chosen values as a house rule (.risk) extending "
                                                  "the input.", show_default=False)] = None,
    state: Annotated[Path | None, typer.Option(
        help="Keep the games played in this file (every 500 games; a name ending .gz: compressed); run the same "
             "command again with it to resume a stopped search: the games it holds are not played again, and the "
             "search ends as it would have.", show_default=False)] = None,
    as_json: JsonOpt = False,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Search rule values for a target: successive halving on common seeds, confirmed at fresh seeds.

    Every combination of the --over values fills --vary; the candidates play the games of --seed S (common
    seeds), and in each rung the better half by the target's score (the largest seat gap, or the distance of
    the mean length from the middle of the range) goes on, so games go where the answer can still change.
    The one left is confirmed at seeds S+1 and S+2, which the search never played: --confirm-games each,
    every interval simultaneous over both (Bonferroni), all of them inside the target. A target the games
    cannot confirm (a band narrower than --confirm-games allows) is refused before any game; one that no value
    meets (the closest candidate's interval wholly outside it) is said so after the search, not searched on.
    Progress on stderr; --state FILE makes a stopped search resumable; --executor dask plays on a dask cluster,
    as simulate does. See docs/statistics.md ("Tuning").
    """
    allow(allow_dir)
    from ..instrument import tune as tn
    from ..instrument.experiment import play_fingerprint

    workers = workers or runs.cores()
    timeout = bot_timeout(bot_timeout_s)
    runs.check_run(bot, None, workers, executor, max_turns, timeout)
    if vary is None or not over or target is None:
        fail("tune needs --vary, --over and --target, e.g. --vary \"reinforcements { continents asia {a} }\" "
             "--over a=4..9 --target seats=3pp")
    if budget < 1:
        fail("--budget must be at least 1")
    if confirm_games < 2:
        fail("--confirm-games must be at least 2")
    runs.check_seed(seed)
    runs.check_seed(seed + 2)
    if out is not None and out.suffix != ".risk":
        fail(f"{out}: a house rule is written as .risk")
    check_output(out)
    check_output(state)
    try:
        goal = tn.parse_target(target)
        chosen_values = tn.candidates(vary, tn.parse_over(over))
    except tn.TuneError as err:
        fail(f"--{err.name}{err.rest}")
    unit = 1
    if goal.kind == "skill":  # whole rotations of the seats, as risk tournament plays them
        for who in goal.pairing:
            check_bot(who, max_turns, timeout)
        if executor == "dask":
            fail("--executor dask plays games of one bot in every seat; a skill target's games play here "
                 "(--workers)")
        unit = players
        confirm_games = -(-confirm_games // players) * players
    narrow = tn.games_needed(goal, players, confirm_games)
    if narrow is not None:
        half, needed = narrow
        fail(f"--target {target.strip()} is narrower than --confirm-games {confirm_games} can confirm: its intervals "
             f"are at least ±{100 * half:.1f} pp wide (about {needed:,} games a seed would do)")
    texts = [tn.fill(vary, values) for values in chosen_values]
    with reported():
        jobs = [runs.job(edition, variant, players, bot, max_turns, (text,), timeout) for text in texts]
        prints = [play_fingerprint(job.rules()) for job in jobs]
    if len(set(prints)) == 1:
        fail("--vary reaches no rule: every value of --over plays the same rules as the others")
    check_distinct([("--out", out), ("--state", state)], lambda: runs.job_files(jobs[:1]))
    plan = {"rules": jobs[0].label, "variants": list(jobs[0].variants or ()), "players": players, "bot": bot,
            "max_turns": max_turns, "vary": vary, "candidates": texts, "target": goal.text(), "budget": budget,
            "seed": seed, "confirm_games": confirm_games}
    try:
        store = tn.Store(state, plan)
    except tn.TuneError as err:
        fail(f"--{err.name}{err.rest}")
    if goal.kind == "skill":
        run = store.runner(_lone_runner(goal.pairing, players, workers), group=players)
    else:
        run = store.runner(tn.default_runner(workers, _bar, executor, address))

    def named(values: dict) -> str:
        return ", ".join(f"{k}={v}" for k, v in values.items())

    with reported(RuntimeError):
        search = tn.halving(jobs, goal, budget, seed, run, unit)
    for r, rung in enumerate(search["rungs"]):
        best = rung[0]
        typer.echo(f"rung {r + 1}: {len(rung)} candidates, {best['games']} games each; best "
                   f"{named(chosen_values[best['candidate']])} (score {best['score']:.4g})", err=True)
    k = last = search["chosen"]
    refined = tn.surface(goal, chosen_values, search["played"], players)
    if refined is not None:  # (a seats target over whole numbers: every game of the search read at once)
        k = refined["chosen"]
        typer.echo(f"surface: {named(chosen_values[k])}, predicted largest gap {100 * refined['gap'][k]:.2f} pp "
                   f"(a quadratic over all {search['spent']:,} games; the halving's last: "
                   f"{named(chosen_values[last])})", err=True)
    far = tn.out_of_reach(goal, search["played"][k], players)
    if far is not None:
        fail(f"no value of --over meets --target {target.strip()}: the closest, {named(chosen_values[k])}, has "
             f"{far['row']} at {far['estimate']:.4g} ({far['low']:.4g}–{far['high']:.4g}, simultaneous 95%) after "
             f"{search['spent']:,} games")
    confirm_seeds = (seed + 1, seed + 2)
    with reported(RuntimeError):
        checked = tn.confirm(jobs[k], goal, confirm_games, confirm_seeds, run, unit)
    if state is not None:
        typer.echo(f"--state {state}: {store.reused:,} games taken from it, the others played and kept in it",
                   err=True)
    rows = tn.intervals(goal, checked["runs"], players, len(confirm_seeds))
    stopped = checked["stopped"]
    confirmed = stopped is None and all(r["inside"] for r in rows)
    confirming = sum(len(r) for r in checked["runs"])
    family = len(confirm_seeds) * len(rows) // len(checked["runs"])  # the rows of both seeds, played or not
    data = {"rules": jobs[0].label, "players": players, "bot": bot, "vary": vary, "target": goal.text(),
            "seed": seed, "budget": budget, "candidates": [named(v) for v in chosen_values],
            "rungs": [[{**c, "candidate": named(chosen_values[c["candidate"]])} for c in rung]
                      for rung in search["rungs"]],
            "search_games": search["spent"], "chosen": named(chosen_values[k]), "rule": texts[k],
            "chosen_by": "halving" if refined is None else "surface", "halving_chosen": named(chosen_values[last]),
            **({} if refined is None else {"predicted": refined["predicted"][k]}),
            "confirmation": {"seeds": list(confirm_seeds), "games": confirm_games, "rows": rows,
                             "interval": f"simultaneous 95% over {family} rows (Bonferroni)",
                             "confirmed": confirmed, "played": [len(r) for r in checked["runs"]],
                             "stopped": stopped},
            "total_games": search["spent"] + confirming}
    if out is not None:
        _write_rule(out, jobs[k], texts[k], edition, variant, data, prints[k])
        data["written"] = str(out)
    if as_json:
        print_json(data)
        return
    bots = "" if goal.kind == "skill" else f", {bot} bots"
    lines = [f"Tuning {jobs[0].label}, {players} players{bots}: {goal.text()}",
             f"Candidates: {len(chosen_values)} ({vary}); successive halving at seed {seed}: "
             f"{search['spent']:,} games in {len(search['rungs'])} rungs.",
             f"Chosen: {named(chosen_values[k])} — {texts[k]}" + ("" if refined is None else
                 f" (by the fitted surface; the halving's last: {named(chosen_values[last])})"),
             f"Confirmation at seeds {confirm_seeds[0]} and {confirm_seeds[1]} (never played by the search), "
             f"{confirm_games:,} games each, intervals simultaneous 95% over {family} rows:"]
    for r in rows:
        shown = (f"{100 * r['estimate']:.1f}% ({100 * r['low']:.1f}%–{100 * r['high']:.1f}%)"
                 if goal.kind != "rounds" else f"{r['estimate']:.2f} ({r['low']:.2f}–{r['high']:.2f})")
        lines.append(f"  seed {confirm_seeds[r['run']]}: {r['row']:<8} {shown}{'' if r['inside'] else '  outside'}")
    if stopped is not None:
        lines.append(f"NOT confirmed: at seed {stopped['seed']} after {stopped['games']:,} games {stopped['row']}'s "
                     "interval lies wholly outside the target: stopped there, the rest not played.")
    else:
        lines.append("Confirmed: every interval inside the target." if confirmed else
                     "NOT confirmed: some interval reaches outside the target (play more games, or widen it).")
    lines.append(f"Games: {data['total_games']:,} ({search['spent']:,} searching, {confirming:,} confirming).")
    if out is not None:
        lines.append(f"House rule written to {out}.")
    typer.echo("\n".join(lines))


def _lone_runner(pairing, players: int, workers: int):
    """Plays a candidate's games of one `pairing[0]` among `pairing[1]`s (balance.run_lone)."""
    from ..instrument.balance import run_lone
    from ..instrument.tournament import Match, lineup

    def run(job, games: int, seed: int, first: int):
        match = Match(job.edition, job.variants, lineup(list(pairing), players), job.max_turns, job.bot_timeout,
                      job.sets)
        return run_lone(match, games, seed, workers, _bar(f"{job.label} {'>'.join(pairing)}", games), first)

    return run


def _write_rule(out: Path, job, text: str, edition: str, variant, data: dict, played: str) -> None:
    """The chosen values as a house rule extending the input; read back, it must play the rules confirmed."""
    import os

    from ..instrument import tune as tn
    from ..instrument.experiment import play_fingerprint
    from ..language.loader import open_rulebook
    from ..outputs import write_lines

    name, chosen = runs.edition_and_variants(edition, variant)
    parent = name if not name.endswith(".risk") else \
        '"' + os.path.relpath(os.path.abspath(name), os.path.dirname(os.path.abspath(out))) + '"'
    conf = data["confirmation"]
    comments = [f"Made by `risk tune` ({runs.command_line()})", f"Target: {data['target']}, {data['players']} "
                f"players" + ("" if data["target"].startswith("one ") else f", {data['bot']} bots") + (f", variant {','.join(chosen)}" if chosen else "") + ".",
                f"Search: successive halving at seed {data['seed']}, {data['search_games']:,} games; chosen "
                f"{data['chosen']}" + (" by the surface fitted to all of them" if data["chosen_by"] == "surface"
                                       else "") + ".",
                f"Confirmation at seeds {conf['seeds'][0]} and {conf['seeds'][1]}, {conf['games']:,} games each: "
                + ("confirmed" if conf["confirmed"] else "NOT confirmed") + (
                    f" (stopped at seed {conf['stopped']['seed']} after {conf['stopped']['games']:,} games: "
                    f"{conf['stopped']['row']} wholly outside the target)" if conf["stopped"] else "") + "."]
    body = tn.house_rule(tn.rulebook_id(out.stem), parent, text, comments)
    with reported():
        write_lines(out, body.rstrip("\n").split("\n"))
        again = open_rulebook(out).rules(list(chosen) if chosen else None, job.players)
    if play_fingerprint(again) != played:
        fail(f"{out}: the house rule written does not play the rules tuned (a bug: please report it)")


COMMANDS = (balance, tune)
