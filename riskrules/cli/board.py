"""`risk board …`: a board as data and as a picture."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import AllowDirOpt, JsonOpt, LangOpt, allow, fail, print_json, reported, text_for, typer_app

app = typer_app("Boards: show one (its territories, borders and drawing).")


@app.command()
def show(
    board: Annotated[str, typer.Argument(help="A board file (.yaml), or an edition or .risk file: its board.",
                                         show_default=False)],
    svg: Annotated[Path | None, typer.Option("--svg", help="Write the board drawn as SVG: every territory named, "
                                                           "continents told apart by hatching and coast as well "
                                                           "as colour, sea lanes dotted.")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    allow_dir: AllowDirOpt = None,
) -> None:
    """Show a board: its continents and territories, how many borders, and how it is drawn.

    A board file without a layout is drawn from one computed from its borders (continents
    kept together); `--svg` writes the drawing, in the language of --lang (default: the
    edition's, or English for a board file).
    """
    allow(allow_dir)
    from ..outputs import check_target

    with reported():
        if svg is not None:
            if svg.suffix.lower() != ".svg":
                fail(f"{svg}: a drawing is written as .svg")
            check_target(svg)
        found, bonuses, language, title = _board(board)
    t = text_for(lang, language)
    if as_json:
        data = found.to_json()
        data["drawn"] = "layout" if found.layout is not None else "computed"
        print_json(data)
    else:
        drawn = (t._("drawn from its layout") if found.layout is not None
                 else t._("drawn from a layout computed from its borders"))
        typer.echo(t._("{board}: {n} territories in {k} continents, {b} borders; {drawn}.").format(
            board=found.id, n=found.size, k=len(found.continents), b=len(found.borders), drawn=drawn))
        for k, continent in enumerate(found.continents):
            names = ", ".join(t.territory(found.territories[i]) for i in found.members[k])
            bonus = f" (+{bonuses[k]})" if bonuses and bonuses[k] is not None else ""
            typer.echo(f"  {t.continent(continent)}{bonus}: {names}")
    if svg is not None:
        from ..text.board_svg import board_svg
        from ..text.page import write_page

        with reported():
            write_page(svg, '<?xml version="1.0" encoding="UTF-8"?>\n'
                       + board_svg(found, t, title=title, bonuses=bonuses) + "\n")
        if not as_json:
            typer.echo(t._("Drawing written to {file}.").format(file=svg))


def _board(ref: str):
    """The board `ref` names, each continent's bonus where rules give one, the language, a title."""
    from ..language.board import load_board
    from ..language.loader import open_rulebook

    if ref.lower().endswith((".yaml", ".yml")):
        board = load_board(Path(ref), ref)  # the file named on the command line, read within the bounds
        return board, None, "en", board.id
    from ..text.board_svg import continent_bonuses

    rules = open_rulebook(ref).rules()
    return rules.board, continent_bonuses(rules), rules.language, rules.title
