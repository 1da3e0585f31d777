"""`risk odds`: the exact chances of an attack — on one territory or through a chain — under an edition's dice rules."""

import math
from pathlib import Path
from typing import Annotated

import typer

from .common import AllowDirOpt, JsonOpt, LangOpt, SetOpt, VariantOpt, allow, check_distinct, check_output, fail, \
    open_rulebook, print_json, reported, rule_files, text_for, variants

MAX_TABLE = 1000  # --table N: N × N attacks; the text table of 1000 is 6 MB
MAX_JSON_TABLE = 300  # … with --json, five numbers an attack: 17 MB at 300 (193 MB and 1.7 GB of memory at 1000)
WORTH = (0.001, 1_000_000)  # --worth: armies a territory taken is worth (printed as the language writes numbers)


def odds(
    attackers: Annotated[int | None, typer.Argument(help="Armies that may attack: those in the territory but the "
                                                         "one that must stay behind, as in the published tables "
                                                         "(under 'guard 0': every army in the territory).",
                                                    show_default=False)] = None,
    defenders: Annotated[str | None, typer.Argument(help="Armies defending the territory; or, comma-separated, "
                                                         "those of each territory of a chain attacked one after "
                                                         "another (3,2,1).", show_default=False)] = None,
    edition: Annotated[str, typer.Option(help="Whose dice rules: an edition or .risk path (default: the classic "
                                              "rules, the common ancestor of the editions).")] = "classic",
    variant: VariantOpt = None,
    set_rules: SetOpt = None,
    leave: Annotated[int | None, typer.Option(help="A chain: armies that stay in each territory taken; the rest of "
                                                   "the attacking armies attack on (default: 1; under 'guard 0': "
                                                   "0).", show_default=False)] = None,
    stop: Annotated[int, typer.Option(help="A chain: stop attacking when this many armies or fewer may "
                                           "attack.")] = 0,
    defender_dice: Annotated[int | None, typer.Option(
        "--defender-dice", help="At most this many defender dice (for an edition where the defender chooses; "
                                "default: the most the rules allow).")] = None,
    advise: Annotated[bool, typer.Option("--advise", help="A chain: the stopping rule that gives the best chance "
                                                          "of taking it all (or, with --worth, the best expected "
                                                          "value), and how to follow it.")] = False,
    worth: Annotated[float | None, typer.Option(help="With --advise: what a territory taken is worth in armies "
                                                     "(0.001 to 1,000,000); the goal is worth × territories taken − "
                                                     "armies lost.")] = None,
    table: Annotated[int | None, typer.Option(help="Print the table for 1..N attackers by 1..N defenders "
                                                   "(N at most 1000; with --json at most 300).")] = None,
    plot: Annotated[Path | None, typer.Option(help="With --table: write a heat map; with a chain: the chances "
                                                   "of each end (.png or .svg).")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
    when: Annotated[list[str] | None, typer.Option(
        "--when", help="Under the rules' battle modifiers: what holds in this battle — a name of their tests "
                       "(defender_capital, border_wall, defender_neutral) or NAME=N (round=3); again for "
                       "more. What is not given does not hold (a game quantity: its typical value).")] = None,
) -> None:
    """The exact probability that an attack takes the territory — or each territory of a chain — and the
    armies expected to be left: a dynamic programme over the edition's own dice rules, not a simulation.

    The attacker rolls the most dice the rules allow, and so does the defender (at most --defender-dice).
    ATTACKERS counts the armies that may attack, not the one that must stay behind.

    A chain (risk odds 12 3,2,1): when a territory falls, every attacking army moves in and --leave of them
    stay there; the rest attack the next. The attack stops when --stop armies or fewer may attack. It prints
    the chance of taking each territory and all before it, the armies expected to be left, and the likeliest
    ends; --json gives p_at_least (k = 0, 1, …) and the whole distribution of ends.
    """
    allow(allow_dir)
    chain_options = leave is not None or stop != 0 or defender_dice is not None or advise or worth is not None
    if table is None and (attackers is None or defenders is None):
        fail("give ATTACKERS and DEFENDERS, or --table N")
    if table is not None and (attackers is not None or defenders is not None):
        fail("--table takes no ATTACKERS or DEFENDERS")
    if table is not None and chain_options:
        fail("--leave, --stop, --defender-dice, --advise and --worth go with ATTACKERS and DEFENDERS, not --table")
    if worth is not None and not advise:
        fail("--worth goes with --advise")
    if worth is not None and not (math.isfinite(worth) and WORTH[0] <= worth <= WORTH[1]):
        fail(f"--worth must be a number of armies between {WORTH[0]} and {WORTH[1]:,}")
    if advise and stop != 0:
        fail("--advise finds when to stop: give it no --stop")
    garrisons = _defenders(defenders) if defenders is not None else None
    if garrisons is not None and (len(garrisons) > 1 or chain_options):
        _chain(attackers, garrisons, edition, variant, set_rules, leave, stop, defender_dice, advise, worth, plot,
               as_json, lang, when or [])
        return
    defenders_one = garrisons[0] if garrisons else None
    from ..engine.odds import Odds
    from ..text.formats import odds_json, odds_table_json

    size = table if table is not None else max(attackers, defenders_one)
    if size < 1 or size > MAX_TABLE or (table is None and min(attackers, defenders_one) < 0):
        fail(f"armies must be between 0 and {MAX_TABLE}" if table is None
             else f"--table must be between 1 and {MAX_TABLE}")
    if table is not None and as_json and table > MAX_JSON_TABLE:
        fail(f"--table with --json must be between 1 and {MAX_JSON_TABLE} ({MAX_JSON_TABLE ** 2:,} attacks); "
             f"the text table goes to {MAX_TABLE}")
    if plot is not None and table is None:
        fail("--plot goes with --table or a chain")
    check_output(plot)
    with reported():
        rules = open_rulebook(edition, sets=set_rules or ()).rules(variants(variant))
    check_distinct([("--plot", plot)], lambda: rule_files(edition, set_rules or (), variants(variant)))
    if rules.battle.kills is not None:
        from ..engine.combat.kill_rates import too_large

        why = too_large(rules.battle.kills, size, size)
        if why:
            fail(why)
    o = Odds(rules.battle, size, _situation(when or [], rules))
    t = text_for(lang, rules.language)
    if table is None:
        e = odds_json(o, attackers, defenders_one)
        if rules.battle.kills is not None and attackers and defenders_one:  # kill rates: one battle's outcomes too
            from ..engine.combat.kill_rates import battle_outcomes

            e["battle"] = [{"attacker_losses": la, "defender_losses": ld, "p": p}
                           for p, la, ld in battle_outcomes(rules.battle.kills, attackers, defenders_one)]
        if as_json:
            print_json(e)
        else:
            from ..text.report import odds_line

            typer.echo(odds_line(rules.id, attackers, defenders_one, e["p_attacker_wins"], e["expected_attacker_left"],
                                 e["expected_defender_left"], t))
        return
    if plot is not None:
        from ..text.plot import odds_heatmap

        with reported():
            odds_heatmap(plot, [[o.p_win[a][d] for d in range(1, size + 1)] for a in range(1, size + 1)], rules.id, t)
    if as_json:
        print_json(odds_table_json(o, size))
        return
    from ..text.report import odds_table

    typer.echo(odds_table(o.p_win, size, rules.id, t))


def _defenders(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) <= 7 for p in parts):
        shown = text if len(text) <= 40 else text[:40] + "…"  # (a line, however long the argument)
        fail(f"DEFENDERS: '{shown}' is not a number of armies, nor numbers separated by commas (3,2,1)")
    return [int(p) for p in parts]


def _situation(when: list[str], rules) -> tuple[tuple[str, int], ...]:
    """--when's names and values, checked against the names a battle's test may use on the board."""
    from ..language.errors import unknown
    from ..language.marks import ARMIES, battle_names
    from ..language.quantities import LARGEST

    names = sorted(battle_names(rules.board).keys() - ARMIES)
    found: dict[str, int] = {}
    for item in when:
        name, equals, value = item.partition("=")
        name = name.strip()
        if name not in names:
            fail(f"--when: {unknown('name', name, names)}")
        if equals and not (value.strip().isascii() and value.strip().isdigit() and int(value) <= LARGEST):
            fail(f"--when {name}=…: a whole number from 0 to {LARGEST:,}")
        found[name] = int(value) if equals else 1
    return tuple(sorted(found.items()))


def _chain(attackers, garrisons, edition, variant, set_rules, leave, stop, defender_dice, advise, worth, plot,
           as_json, lang, when) -> None:
    from ..engine import plans
    from ..text.plans import advice_text, plan_json, plan_text

    check_output(plot)
    with reported():
        rules = open_rulebook(edition, sets=set_rules or ()).rules(variants(variant))
    guard = rules.battle.guard  # what stays behind: 1, or 0 under `guard 0` (then --leave may be 0 too)
    plan = plans.Plan(attackers, tuple(garrisons), guard if leave is None else leave, stop, defender_dice)
    try:
        plans.check(plan, least_leave=guard)
    except ValueError as err:
        fail(str(err))
    check_distinct([("--plot", plot)], lambda: rule_files(edition, set_rules or (), variants(variant)))
    if when:
        from dataclasses import replace

        plan = replace(plan, situation=_situation(when, rules))
    t = text_for(lang, rules.language)
    b = rules.battle
    if b.kills is not None and defender_dice is not None:
        fail("--defender-dice goes with dice: these rules fight by kill rates")
    if b.kills is not None:
        from ..engine.combat.kill_rates import too_large

        why = too_large(b.kills, attackers, max(garrisons), len(garrisons))
        if why:
            fail(why)
    rule = (t._("the most the rules allow") if defender_dice is None
            else t._("at most {n}").format(n=defender_dice))
    if b.kills is not None:
        rule = ""  # kill rates: no dice (the plan text leaves the line out)
    elif b.defender_chooses and defender_dice is None:
        rule += " " + t._("(in this edition the defender chooses: the most is assumed; --defender-dice 1 for one)")
    # for the whole chain the best rule is known: never stop (stopping cannot raise the chance)
    advice = plans.advise(b, plan, worth) if advise and worth is not None else None
    outcome = plans.odds(b, plan, advice.goes_on if advice is not None else None)
    if plot is not None:
        from ..text.plot import chain_plot

        with reported():
            chain_plot(plot, outcome, rules.id, t)
    if as_json:
        print_json(plan_json(rules.id, plan, outcome, "most" if defender_dice is None else defender_dice,
                             advice, worth, advise))
        return
    typer.echo(plan_text(rules.id, plan, outcome, rule, t, advised=advice is not None))
    if advise:
        typer.echo(advice_text(plan, advice, outcome.p_at_least[-1], worth, t))


COMMANDS = (odds,)
