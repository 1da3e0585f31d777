"""What an imported map must be to play: within the limits of a board and of the rule language,
its borders joining every territory, its ids read back as themselves, its positions plain numbers
inside the drawing, its words printable. (language/map_import.py and map_named.py read the maps;
their `finish` asks `problems` here for what stops a map, each at its line.)
"""

from __future__ import annotations

import math
from collections import deque

from .errors import Pos, Problem
from .files import quoted

# board.schema.json and rulebook.schema.json: what a board and a house rule may hold
MAX_TERRITORIES = 1000  # (a continent holds at most 1,000; the setup's 500 rounds are counted for this many)
MAX_CONTINENTS = 100
MAX_BORDERS = 10_000  # each of `borders` and `one_way`
MAX_BONUS = 1000  # a continent's bonus
MAX_MISSION = 1000  # territories or armies a mission asks for
MAX_MISSIONS = 100  # missions in a rule file
LEAST_TERRITORIES = 3  # the 2-player game: one for each player and one for the neutral army
MAX_SIZE = 100_000  # of a layout, and every position within it
MARGIN = 40  # around the positions, in the drawing

# plain YAML words that read as booleans or null, not as the id they look like
_YAML_WORDS = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})


def yaml_id(ident: str) -> str:
    """An id as YAML text that reads back as the same string."""
    return f'"{ident}"' if ident in _YAML_WORDS else ident


def reserved_continent_ids() -> dict[str, int]:
    """The ids a continent may not have, to begin the ids given (`unique`): `one`, which a mission
    `conquer a and one more` could not tell from its words."""
    return {"one": 1}


def unique(name: str, taken: dict[str, int]) -> str:
    """`name`, or `name_2`, `name_3` … (cut to stay within 64 characters) — the first not taken;
    `taken` holds every id given and, for each, the last number tried after it."""
    if name not in taken:
        taken[name] = 1
        return name
    k = taken[name]
    while True:
        k += 1
        suffix = f"_{k}"
        candidate = name[:64 - len(suffix)].rstrip("_") + suffix
        if candidate not in taken:
            break
    taken[name] = k
    taken[candidate] = 1
    return candidate


def printable(text: str, limit: int = 100) -> str:
    """A stranger's words for a title or a comment: what does not print made a space, spaces
    collapsed, `"` made `'` (a rule file's strings hold no `"`), at most `limit` characters."""
    shown = "".join(c if c.isprintable() else " " for c in text).replace('"', "'")
    return " ".join(shown.split())[:limit].strip()


def one_line(message: str) -> str:
    """A problem's message, on one line whatever the map's names hold: what does not print is
    shown escaped (a newline in a name as \\n)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def plain(x: float) -> str:
    """A position as YAML reads a number: no exponent, at most two decimals."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def placing(points: list[tuple[float, float]]) -> tuple[float, float, float]:
    """How the map's positions become the layout's: (scale, dx, dy) — scaled down alike where needed
    so that the drawing, MARGIN beyond the furthest, stays within MAX_SIZE; moved MARGIN clear of the
    top and left edges where they come nearer (a territory's cell is not cut by the edge)."""
    top = max(max(x for x, _ in points), max(y for _, y in points), 0.0)
    scale = min(1.0, (MAX_SIZE - MARGIN) / top) if top > 0 else 1.0
    shifts = []
    for axis in (0, 1):
        low, high = min(p[axis] for p in points) * scale, max(p[axis] for p in points) * scale
        shifts.append(max(0.0, min(MARGIN - low, MAX_SIZE - MARGIN - high)))
    return scale, math.floor(shifts[0]), math.floor(shifts[1])


def fitted(points: list[tuple[float, float]]) -> tuple[list[tuple[float, float]], int, int]:
    """The positions as the layout holds them (`placing`), and the drawing's width and height."""
    scale, dx, dy = placing(points)
    at = [(math.floor(x * scale * 100) / 100 + dx, math.floor(y * scale * 100) / 100 + dy) for x, y in points]
    width = max(100, math.ceil(max(x for x, _ in at) + MARGIN))
    height = max(100, math.ceil(max(y for _, y in at) + MARGIN))
    return at, min(width, MAX_SIZE), min(height, MAX_SIZE)


def shared(points: list[tuple[float, float]]) -> list[int]:
    """The territories whose position (as the layout would hold it) one before them has."""
    seen: set[tuple[float, float]] = set()
    found = []
    for i, point in enumerate(points):
        if point in seen:
            found.append(i)
        seen.add(point)
    return found


def player_counts(counts: list[int]) -> str:
    """2, 3, 4, 6 → '2 to 4 or 6'."""
    runs: list[list[int]] = []
    for n in counts:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    said = [f"{a}" if a == b else f"{a} to {b}" for a, b in runs]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


class Source:
    """The lines of a map, for problems at a line."""

    def __init__(self, label: str, lines: list[str]):
        self.label, self.lines = label, lines

    def at(self, n: int, message: str) -> Problem:
        if n < 1:
            return Problem(f"{self.label}: {message}")
        return Problem(message, Pos(self.label, n, 1, self.lines[n - 1] if n <= len(self.lines) else ""))


def limits(source: Source, territory_lines: list[int], continents: list[tuple[str, int]],
           continent_lines: list[int], section_line: int) -> list[Problem]:
    """The map's counts and bonuses within what a board and a house rule hold."""
    found = []
    if len(territory_lines) > MAX_TERRITORIES:
        found.append(source.at(territory_lines[MAX_TERRITORIES], f"more than {MAX_TERRITORIES} territories: a board "
                                                                 f"holds at most {MAX_TERRITORIES}"))
    elif len(territory_lines) < LEAST_TERRITORIES:
        found.append(source.at(territory_lines[-1] if territory_lines else section_line,
                               f"{len(territory_lines)} territor{'y' if len(territory_lines) == 1 else 'ies'}: "
                               f"a map needs at least {LEAST_TERRITORIES} to play (2 players and the neutral army)"))
    if len(continents) > MAX_CONTINENTS:
        found.append(source.at(continent_lines[MAX_CONTINENTS], f"more than {MAX_CONTINENTS} continents: a board "
                                                                f"holds at most {MAX_CONTINENTS}"))
    for (_, bonus), n in zip(continents, continent_lines):
        if bonus > MAX_BONUS:
            found.append(source.at(n, f"a bonus of {bonus}: a continent gives at most {MAX_BONUS}"))
            break
    return found


def too_many_borders(source: Source, pairs: dict[tuple[int, int], int]) -> Problem | None:
    """More borders (or one-way borders) than a board holds: at the line that passes the limit."""
    both: set[tuple[int, int]] = set()
    one: set[tuple[int, int]] = set()
    for (a, b), n in pairs.items():
        if (b, a) in pairs:
            both.add((min(a, b), max(a, b)))
        else:
            one.add((a, b))
        if len(both) > MAX_BORDERS or len(one) > MAX_BORDERS:
            return source.at(n, f"more than {MAX_BORDERS} borders: a board holds at most {MAX_BORDERS}")
    return None


def unconnected(source: Source, names: list[str], territory_lines: list[int],
                pairs: dict[tuple[int, int], int]) -> Problem | None:
    """The first territory no border leads to from the first (borders followed either way)."""
    near: list[list[int]] = [[] for _ in names]
    for a, b in pairs:
        near[a].append(b)
        near[b].append(a)
    seen = [False] * len(names)
    seen[0] = True
    queue = deque([0])
    while queue:
        for u in near[queue.popleft()]:
            if not seen[u]:
                seen[u] = True
                queue.append(u)
    apart = [i for i, s in enumerate(seen) if not s]
    if not apart:
        return None
    i = apart[0]
    more = f" (and {len(apart) - 1} more)" if len(apart) > 1 else ""
    return source.at(territory_lines[i], f"{quoted(names[i], 40)}{more} cannot be reached from {quoted(names[0], 40)}: "
                                         f"the borders do not join the map into one")
