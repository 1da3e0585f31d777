"""`risk board …`: a board as data and as a picture."""

from pathlib import Path
from typing import Annotated

import typer

from .common import (AllowDirOpt, JsonOpt, LangOpt, allow, check_distinct, error_line, fail, print_json, reported,
                     rule_files, text_for, typer_app)

FORMATS = {"domination": "Domination", "conquest": "Conquest", "conquerclub": "Conquer Club"}
MAX_SHOWN = 20  # problems of a map told, a line each (a stranger's map may have thousands)

app = typer_app("Boards: show one (its territories, borders and drawing), or import one from another program.")


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
    if svg is not None:
        check_distinct([("--svg", svg)], [("the board file", Path(board))] if board.lower().endswith((".yaml", ".yml"))
                       else rule_files(board))
    t = text_for(lang, language, board=found)
    if as_json:
        data = found.to_json()
        data["drawn"] = "layout" if found.layout is not None else "computed"
        print_json(data)
    else:
        drawn = (t._("drawn from its layout") if found.layout is not None
                 else t._("drawn from a layout computed from its borders"))
        typer.echo(t._("{board}: {n} territories in {k} continents, {b} borders; {drawn}.").format(
            board=found.title, n=found.size, k=len(found.continents), b=len(found.borders), drawn=drawn))
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
        return board, None, "en", board.title
    from ..text.board_svg import continent_bonuses

    rules = open_rulebook(ref).rules()
    return rules.board, continent_bonuses(rules), rules.language, rules.title


@app.command("import")
def import_map(
    file: Annotated[Path, typer.Argument(help="A map of another program: Domination's or Conquest's .map, "
                                              "Conquer Club's .xml.", show_default=False)],
    format: Annotated[str | None, typer.Option("--format", help="domination, conquest or conquerclub (default: "
                                                                "by the file's name and sections).")] = None,
    cards: Annotated[Path | None, typer.Option(help="Its cards file (default: the one the map names beside "
                                                    "it, if there).")] = None,
    out: Annotated[Path, typer.Option(help="The directory to write NAME.yaml and NAME.risk into (made if it is "
                                           "not there).")] = Path("."),
    force: Annotated[bool, typer.Option("--force", help="Write over files of those names.")] = False,
) -> None:
    """Import a map drawn for another RISK program (Domination, Conquest, Conquer Club): a board (NAME.yaml, with the map's positions as
    its layout) and a house rule that plays the classic rules on it (NAME.risk: the map's continent
    bonuses, missions and starting armies for its size). Play it with: risk play NAME.risk

    Every problem in the map is one line with its place; a border given one way only is a one-way
    border (attacks and moves follow it).
    """
    from ..language.map_checks import one_line, printable
    from ..language.map_named import read_map
    from ..outputs import atomic, check_target

    if format not in (None, "domination", "conquest", "conquerclub"):
        fail(f"--format {format[:40]}: the formats read are: domination, conquest, conquerclub")
    from ..language.errors import RuleError

    with reported():
        _check_cards(file, format, cards)
    try:
        imported = read_map(file, str(file), format, cards)
    except RuleError as err:  # every problem, a line each: a map has no `risk check` to list them
        for problem in err.problems[:MAX_SHOWN]:
            error_line(f"risk: {one_line(problem.line())}")  # (a map's names may hold line breaks)
        if len(err.problems) > MAX_SHOWN:
            error_line(f"risk: {file}: and {len(err.problems) - MAX_SHOWN} more problems")
        raise typer.Exit(1) from None
    with reported():
        _made(out)
        board_file, rule_file = out / f"{imported.id}.yaml", out / f"{imported.id.replace('_', '-')}.risk"
        check_distinct([("--out", board_file), ("--out", rule_file)],
                       [("the map", file), ("its cards file", cards)])
        for target in (board_file, rule_file):
            check_target(target)
            if target.exists() and not force:
                fail(f"{target}: exists; give --force to write over it")
        for target, text in ((board_file, imported.board_yaml()), (rule_file, imported.house_rule(board_file.name))):
            with atomic(target) as written:
                written.write(text)
    for note in imported.notes:
        typer.echo(f"risk: note: {note}", err=True)
    one_way = f" ({len(imported.one_way)} of them one way)" if imported.one_way else ""
    typer.echo(f"{printable(imported.title) or imported.id}: "
               f"{counted(len(imported.territories), 'territory', 'territories')} in "
               f"{counted(len(imported.continents), 'continent', 'continents')}, "
               f"{counted(len(imported.borders) + len(imported.one_way), 'border', 'borders')}{one_way}.")
    typer.echo(f"Written: {board_file} and {rule_file}. Play it: risk play {rule_file}")


def counted(n: int, one: str, many: str) -> str:
    """'1 continent', '2 continents'."""
    return f"{n} {one if n == 1 else many}"


def _check_cards(file: Path, format: str | None, cards: Path | None) -> None:
    """--cards names a file that is there, for a map that has a cards file (Domination's)."""
    if cards is None:
        return
    from ..language.errors import RuleError
    from ..language.files import Unreadable, read_bytes
    from ..language.map_import import MAX_MAP_BYTES
    from ..language.map_named import kind_of

    try:
        read_bytes(cards, str(cards), MAX_MAP_BYTES, "a cards file")
    except Unreadable as err:
        fail(str(err))
    try:
        kind = format or kind_of(file, str(file))
    except RuleError:  # (the map itself is told of as it is read)
        return
    if kind != "domination":
        fail(f"--cards {cards}: only a Domination map has a cards file ({file} is read as a {FORMATS[kind]} map)")


def _made(out: Path) -> None:
    """The --out directory, made (with its parents) if it is not there."""
    if out.is_dir():
        return
    if out.exists():
        fail(f"--out {out}: not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        fail(f"--out {out}: cannot be made ({err.strerror or 'bad name'})")
