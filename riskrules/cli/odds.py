"""`risk odds`: the exact chances of an attack under an edition's dice rules."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import AllowDirOpt, JsonOpt, LangOpt, SetOpt, VariantOpt, allow, check_output, fail, open_rulebook, \
    print_json, reported, text_for, variants


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
    allow(allow_dir)
    from ..engine.odds import Odds
    from ..text.formats import odds_json, odds_table_json

    if table is None and (attackers is None or defenders is None):
        fail("give ATTACKERS and DEFENDERS, or --table N")
    if table is not None and (attackers is not None or defenders is not None):
        fail("--table takes no ATTACKERS or DEFENDERS")
    size = table if table is not None else max(attackers, defenders)
    if size < 1 or size > 1000 or (table is None and min(attackers, defenders) < 0):
        fail("armies must be between 0 and 1000" if table is None else "--table must be between 1 and 1000")
    if plot is not None and table is None:
        fail("--plot goes with --table")
    check_output(plot)
    with reported():
        rules = open_rulebook(edition, sets=set_rules or ()).rules(variants(variant))
    o = Odds(rules.battle, size)
    t = text_for(lang, rules.language)
    if table is None:
        e = odds_json(o, attackers, defenders)
        if as_json:
            print_json(e)
        else:
            from ..text.report import odds_line

            typer.echo(odds_line(rules.id, attackers, defenders, e["p_attacker_wins"], e["expected_attacker_left"],
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


COMMANDS = (odds,)
