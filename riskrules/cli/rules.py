"""Reading rules: `risk editions`, `risk rules`, `risk diff` and `risk check`."""

from pathlib import Path
from typing import Annotated

import typer

from ..language.errors import RuleError
from ..text.i18n import Text
from .common import (AllowDirOpt, EditionArg, JsonOpt, LangOpt, SetOpt, VariantOpt, allow, console, list_editions,
                     error_line, open_rulebook, print_json, reported, terminal, text_for, variants)


def editions(as_json: JsonOpt = False, lang: LangOpt = None) -> None:
    """List the built-in editions: id, title, language, players, default victory and variants."""
    with reported():
        found = list_editions()
    if as_json:
        print_json(found)
        return
    t = text_for(lang, "en")
    goals = {
        "domination": t._("world domination"),
        "missions": t._("secret missions"),
        "capitals": t._("capitals"),
        "opponents_eliminated": t._("eliminate the opponent"),
    }
    for e in found:
        names = ", ".join(v["id"] + (" " + t._("(default)") if v["default"] else "") for v in e["variants"]) or "—"
        mark = "  [" + t._("base: an ancestor of the editions, not an edition") + "]" if e["base"] else ""
        typer.echo(f"{e['id']:<11} {e['title']}{mark}")
        line = t._("language {language}, {low}–{high} players, victory: {goal}").format(
            language=e["language"], low=e["players"]["min"], high=e["players"]["max"], goal=goals[e["victory"]])
        if e["two_player_rules"]:
            line += t._(", 2-player rules with a neutral army")
        typer.echo(f"{'':<11} {line}")
        typer.echo(f"{'':<11} " + t._("variants: {names}").format(names=names))
    from ..language.loader import house_rules

    typer.echo("")
    # Translators: the heading of the gallery in `risk editions`; rulebooks/house/ is a directory
    typer.echo(t._("House rules (rulebooks/house/)"))
    for h in house_rules():
        typer.echo(f"{h['id']:<24}{h['title']}  " + t._("(extends {parent})").format(parent=h["extends"]))


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
    allow(allow_dir)
    with reported():
        if as_json:
            from ..language import prebuilt
            from ..text.formats import rules_json

            # a built-in, checked when built (not with --set: those rules are made here)
            found = None if set_rules else prebuilt.model(edition, variants(variant), players)
            if found is None:
                compiled = open_rulebook(edition, sets=set_rules or ()).rules(variants(variant), players)
                found = compiled.model, compiled.board, compiled.fingerprint
            print_json(rules_json(*found))
            return
        from ..text.sheet import build_sheet, render_sheet

        book = open_rulebook(edition, sets=set_rules or ())
        compiled = book.rules(variants(variant), players)
        t = text_for(lang, compiled.language, compiled.terms, compiled.board)
        sheet = build_sheet(book, variants(variant), t, players)
        if terminal():
            from ..text.sheet import sheet_table

            console().print(sheet_table(sheet))
        else:
            typer.echo(render_sheet(sheet, t), nl=False)


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
    allow(allow_dir)
    from ..text.diff import diff_rows, render_diff
    from ..text.sheet import build_sheet

    with reported():
        book_a, book_b = open_rulebook(a, sets=set_rules or ()), open_rulebook(b, sets=set_b or ())
        rules_a, rules_b = book_a.rules(variants(variant), players), book_b.rules(variants(variant_b), players)
        t = text_for(lang, rules_a.language if rules_a.language == rules_b.language else "en")
        sheet_a = build_sheet(book_a, variants(variant), Text(t.lang, rules_a.terms, rules_a.board), players)
        sheet_b = build_sheet(book_b, variants(variant_b), Text(t.lang, rules_b.terms, rules_b.board), players)
    rows = diff_rows(sheet_a, sheet_b)
    if as_json:
        from ..text.formats import diff_json

        print_json(diff_json(rows, a, b))
        return
    if terminal():
        from ..text.diff import diff_table

        console().print(diff_table(sheet_a, sheet_b, rows, t))
    else:
        typer.echo(render_diff(sheet_a, sheet_b, rows, t), nl=False)


MAX_SHOWN = 50  # problems `check` prints per file: a stranger's file may hold thousands


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
    allow(allow_dir)
    t = text_for(lang, "en")
    bad = 0
    found: list[dict] = []
    for path in files:
        try:
            problems = open_rulebook(path, strict=False, sets=set_rules or ()).check()
        except RuleError as err:  # not a failure of the command: the problems are what it reports
            problems = err.problems
        errors = sum(not p.warning for p in problems)
        bad += errors > 0
        if as_json:
            from ..text.formats import problem_json

            found += [problem_json(p, t, path) for p in problems]
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
            error_line(f"{path}: {summary}")
        elif warnings:
            typer.echo(f"{path}: " + t._("ok") + ", " + t.n_("{n} warning", "{n} warnings", warnings).format(
                n=warnings))
        else:
            typer.echo(f"{path}: " + t._("ok"))
    if as_json:
        print_json(found)
    if bad:
        raise typer.Exit(1)


COMMANDS = (editions, rules, diff, check)
