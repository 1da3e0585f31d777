"""The board as a person at the terminal sees it: compact enough for 80×24, coloured when it can be.

    board_view(view, t, me)          every territory: continents side by side, names cut short,
                                     each owner a letter (and its colour), then a line per player
    territory_view(view, t, x)       one territory, its neighbours and their owners

Colour comes from rich, and only when asked for (`color=True`: a terminal, no NO_COLOR);
otherwise the text is plain and reads the same.
"""

from __future__ import annotations

import io

from ..engine.sight import seen_now as shown
from ..text.i18n import Text

NAME = 12  # characters of a territory's name in the board view
COLUMN = NAME + 6  # name, owner letter, armies (3 wide), blanks
GAP = 2

# Player colours of the rule files → terminal colours; others are shown plain.
STYLES = {"red": "red", "blue": "blue", "yellow": "yellow", "green": "green", "black": "bright_black",
          "pink": "magenta", "purple": "magenta", "orange": "dark_orange", "white": "white", "grey": "grey50",
          "brown": "orange4", "neutral": "grey50"}


def letters(view, t: Text) -> list[str]:
    """One letter per seat (the neutral army too), unique: the first free letter of its name."""
    taken: set[str] = set()
    found = []
    for seat, name in enumerate(view.names):
        shown = t.player(name).upper()
        letter = next((c for c in shown if c.isalpha() and c not in taken), None) or str(seat + 1)
        taken.add(letter)
        found.append(letter)
    return found


def fogged(view) -> bool:
    return getattr(view, "level", None) is not None


def short(name: str, width: int = NAME) -> str:
    return name if len(name) <= width else name[:width - 1] + "."


def _render(lines, width: int, color: bool) -> str:
    """rich Text lines → a string, with colour codes only when `color`."""
    from rich.console import Console
    from rich.text import Text as Rich

    out = io.StringIO()
    console = Console(file=out, width=max(width, 20), force_terminal=color, no_color=not color,
                      color_system="standard" if color else None, highlight=False, soft_wrap=True)
    console.print(Rich("\n").join(lines))  # (one print, not one a line: the same text, a third of the time)
    return out.getvalue().rstrip("\n")


def _columns(blocks: list[list], width: int) -> list[list]:
    """Continent blocks into as many columns as fit: the tallest first, each into the shortest column."""
    count = max(1, min(len(blocks), (width + GAP) // (COLUMN + GAP)))
    columns: list[list[int]] = [[] for _ in range(count)]
    heights = [0] * count
    for i in sorted(range(len(blocks)), key=lambda i: -len(blocks[i])):
        c = heights.index(min(heights))
        columns[c].append(i)
        heights[c] += len(blocks[i])
    return [[line for i in sorted(col) for line in blocks[i]] for col in columns if col]


def bonus(view, k: int) -> int:
    """Continent `k`'s bonus, an expression counted as it would be for the seat looking now."""
    return view.value(view.rules.continent_bonus[k], view.seat)


def board_view(view, t: Text, me: int | None = None, width: int = 80, color: bool = False) -> str:
    from rich.text import Text as Rich

    board = view.board
    marks = letters(view, t)
    styles = [STYLES.get(name, "") for name in view.names]
    blocks = []
    for k, members in enumerate(board.members):
        holders = {shown(view, x)[0] for x in members}
        only = holders.pop() if len(holders) == 1 else -1
        only = -1 if only is None else only
        title = f"{short(t.continent(board.continents[k]), NAME + 1)} +{bonus(view, k)}"
        head = Rich(f"{title:<{COLUMN - 2}}", style="bold")
        head.append(f"{marks[only]:>2}" if only >= 0 else "  ", style=styles[only] if only >= 0 else "")
        block = [head]
        units = getattr(view, "units", None)  # special units (issue 45): a '*' after the armies
        for x in members:
            owner, armies = shown(view, x)
            style = styles[owner] if owner is not None and owner >= 0 else ""
            if owner == me:
                style = (style + " bold").strip()
            unit = bool(units) and x in units
            cell = Rich(f"{short(t.territory(board.territories[x]), NAME - unit):<{NAME - unit}} ")
            mark = "?" if owner is None else marks[owner] if owner >= 0 else "-"
            cell.append(f"{mark}{'?' if armies is None else armies:>4}{'*' if unit else ''}", style=style)
            block.append(cell)
        blocks.append(block)
    columns = _columns(blocks, width)
    rows = max(len(c) for c in columns)
    lines = []
    for r in range(rows):
        line = Rich()
        for c, column in enumerate(columns):
            if c:
                line.append(" " * GAP)
            cell = column[r] if r < len(column) else Rich()
            line.append_text(cell)
            line.append(" " * (COLUMN - len(cell.plain)))
        line.rstrip()
        lines.append(line)
    lines.append(Rich())
    lines += player_lines(view, t, me, marks, styles, width)
    return _render(lines, width, color)


def player_lines(view, t: Text, me, marks, styles, width: int):
    """A header and one line per player: territories, armies, cards, continents held."""
    from rich.text import Text as Rich

    # Translators: the column heads of the players' summary under the board; short (6, 7, 6 characters)
    player, territories, armies, cards = t._("player"), t._("terr."), t._("armies"), t._("cards")
    continents, out = t._("continents"), t._("out")
    head = f"   {player:<13}{territories:>6}{armies:>8}{cards:>7}  {continents}"
    lines = [Rich(head[:width], style="bold")]
    for seat, name in enumerate(view.names):
        you = "*" if seat == me else " "
        line = Rich(f"{marks[seat]} ", style=styles[seat])
        line.append(f"{short(t.player(name), 11) + you:<13}", style=styles[seat] + (" bold" if seat == me else ""))
        if not view.alive[seat]:
            line.append(f"{out:>6}")
        else:
            cards = view.hand_size(seat)
            cards = "?" if cards is None else cards
            if view.rules.cards.pieces:  # and the pieces of a card held: 2+3/4
                pieces = view.pieces_held(seat)
                cards = f"{cards}+{'?' if pieces is None else pieces}/{view.rules.cards.pieces}"
            if fogged(view) and not view.shares(seat):  # (what it saw of another may be old)
                held = ", ".join(t.continent(view.board.continents[k]) for k, m in enumerate(view.board.members)
                                 if all(shown(view, x)[0] == seat for x in m))
                line.append(f"{'?':>6}{'?':>8}{cards:>7}  ")
            else:
                held = ", ".join(t.continent(view.board.continents[k]) for k in view.held_continents(seat))
                line.append(f"{view.territory_count[seat]:>6}{view.armies_of(seat):>8}{cards:>7}  ")
            room = width - len(line.plain)
            line.append(held if len(held) <= room else held[:max(room - 1, 0)] + "…")
        lines.append(line)
    return lines


def territory_view(view, t: Text, territory: int, color: bool = False, width: int = 80) -> str:
    """'Peru (South America, +2): red, 4 armies', then each neighbour with owner and armies."""
    from rich.text import Text as Rich

    board = view.board
    styles = [STYLES.get(name, "") for name in view.names]

    def one(x: int) -> Rich:
        owner, armies = shown(view, x)
        who = "?" if owner is None else t.player(view.names[owner]) if owner >= 0 else t.player(None)
        line = Rich(f"{t.territory(board.territories[x])}")
        line.append(f" ({who}, {'?' if armies is None else t.num(armies)})",
                    style=styles[owner] if owner is not None and owner >= 0 else "")
        return line

    k = board.continent_of[territory]
    first = one(territory)
    first.append(f" — {t.continent(board.continents[k])} +{bonus(view, k)}")
    lines = [first, Rich(t._("Neighbours:"))]
    out, into = set(board.adjacent[territory]), set(board.incoming[territory])
    for x in sorted(out | into):
        line = Rich("  ")
        line.append_text(one(x))
        if x not in into:
            line.append(" " + t._("(one way: attacked from here only)"))
        elif x not in out:
            line.append(" " + t._("(one way: attacks here only)"))
        lines.append(line)
    return _render(lines, width, color)
