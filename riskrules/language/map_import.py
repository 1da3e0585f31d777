"""Maps drawn for other RISK programs, read into a board and a house rule: Domination's `.map`
(and its `.cards`).

A Domination map (the format Domination and many other programs read):

    ; a comment
    name Two Lands
    [files]                      pic, map, crd, prv: the pictures and the cards file
    [continents]                 Name bonus colour, numbered from 1 in order
    North 3 blue
    [countries]                  id Name continent x y, ids 1, 2, 3 … in order
    1 Frost_Fell 1 120 80
    [borders]                    id neighbour … (directed: each line says where one country attacks)
    1 2 3

`_` in a name is a space. Its `.cards` file is language/map_cards.py's.

What is read becomes a board (ASCII ids made from the names; the names themselves, the map's name,
author and source and its continents' colours kept as written: language/board_about.py; positions
into a layout) and a house rule extending classic with the map's continent bonuses, missions of its size
and starting armies enough for it. Every problem in a stranger's file is one line `file:line:
message`; the file is bounded like any other. What is accepted checks, is drawn and plays: what
would not (more than a board holds, a map in parts …) is refused at its line too (map_checks.py).
A border given in one direction only is a one-way border of the board.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from anyascii import anyascii

from .errors import Pos, Problem, RuleError
from .files import Unreadable, quoted, read_bytes
from .checks import MAX_SETUP_ROUNDS
from .map_colours import colour
from .map_shapes import Traced, image_of, layout_lines
from .map_checks import (MAX_TERRITORIES, Source, fitted, limits, player_counts,
                         printable, reserved_continent_ids, shared, too_many_borders, unconnected, unique, yaml_id)

MAX_MAP_BYTES = 1024 * 1024
MAX_COUNTRIES = MAX_TERRITORIES


@dataclass
class ImportedMap:
    id: str
    title: str
    continents: list[tuple[str, int]] = field(default_factory=list)  # (id, bonus)
    territories: list[tuple[str, int, float, float]] = field(default_factory=list)  # (id, continent, x, y)
    borders: list[tuple[int, int]] = field(default_factory=list)  # index pairs, a < b
    one_way: list[tuple[int, int]] = field(default_factory=list)  # (from, to): from may attack to, not back
    cards: dict[int, str] | None = None  # territory → symbol, from a .cards file
    jokers: int = 2
    notes: list[str] = field(default_factory=list)  # what the map says and the import sets aside
    missions: list[str] = field(default_factory=list)  # mission statements of the rule language, from a .cards file
    neutrals: dict[int, int] = field(default_factory=dict)  # territory → the neutral armies it starts with
    least_reinforcement: int | None = None  # the fewest armies a turn for the territories held (classic: 3)
    names: list[str] = field(default_factory=list)  # territory → its name as the map writes it
    territory_lines: list[int] = field(default_factory=list)  # territory → the line that gives it
    continent_lines: list[int] = field(default_factory=list)  # continent → the line that gives it
    drawn: bool = True  # the map's positions make the board's layout (not if they put two territories at one point)
    autodeploy: dict[int, int] = field(default_factory=dict)  # territory → armies placed there each turn while held
    decay: dict[int, int] = field(default_factory=dict)  # territory → armies lost there each turn (never the last)
    objective: list[int] = field(default_factory=list)  # territories whose holder wins (a Conquer Club objective)
    continent_names: list[str] = field(default_factory=list)  # continent → its name as the map writes it
    colours: dict[int, str] = field(default_factory=dict)  # continent → its colour (#rrggbb), where the map gives one
    author: str | None = None  # who made the map, where it says
    source: str = ""  # the map's file and program
    mission_texts: list[str] = field(default_factory=list)  # mission → the map's own words for it
    traced: Traced | None = None  # the countries' outlines from the map's index image (language/map_shapes.py)

    def add_territory(self, tid: str, continent: int, x: float, y: float, line: int, name: str) -> None:
        self.territories.append((tid, continent, x, y))
        self.names.append(name)
        self.territory_lines.append(line)

    def add_continent(self, cid: str, bonus: int, line: int, name: str = "") -> None:
        self.continents.append((cid, bonus))
        self.continent_lines.append(line)
        self.continent_names.append(name)

    def board_yaml(self) -> str:
        """The board file: continents, borders, deck, and the layout of the map's positions."""
        ids = [yaml_id(t) for t, _, _, _ in self.territories]  # (YAML would read `on` as true)
        out = [f"# {printable(self.title)} — imported from a map of another program by `risk board import`.",
               f"id: {yaml_id(self.id)}"]
        out += [f"{key}: {said(value)}" for key, value in (("name", self.title), ("author", self.author),
                                                             ("source", self.source)) if said(value) != '""']
        out.append("continents:")
        for k, (cid, _) in enumerate(self.continents):
            members = [ids[i] for i, (_, c, _, _) in enumerate(self.territories) if c == k]
            out.append(f"  {yaml_id(cid)}: [{', '.join(members)}]")
        out.append("borders:" if self.borders else "borders: []  # every border of the map goes one way")
        out += [f"  - [{ids[a]}, {ids[b]}]" for a, b in self.borders]
        if self.one_way:
            out.append("one_way:  # [from, to]: from may attack and move into to, not back")
            out += [f"  - [{ids[a]}, {ids[b]}]" for a, b in self.one_way]
        out += self._names(ids)
        symbols = ["infantry", "cavalry", "artillery"]
        out += ["deck:", f"  symbols: [{', '.join(symbols)}]", f"  jokers: {self.jokers}", "  cards:"]
        for i, tid in enumerate(ids):
            symbol = (self.cards or {}).get(i, symbols[i % 3])  # (in turn where the map gives none)
            out.append(f"    {tid}: {symbol}")
        if self.drawn:
            out += layout_lines(ids, [(x, y) for _, _, x, y in self.territories], self.traced,
                                self.borders + self.one_way)
        return "\n".join(out) + "\n"

    def _names(self, ids: list[str]) -> list[str]:
        """The board's `names` (each name as the map writes it, where the id's own reading differs)
        and `colours`."""
        def english_name(i: str) -> str:  # (text/i18n.py's reading of an id, on a floor this one may not import)
            return i.replace("_", " ").title()

        out = []
        continents = ((yaml_id(c), n) for (c, _), n in zip(self.continents, self.continent_names))
        for kind, pairs in (("territories", zip(ids, self.names)), ("continents", continents)):
            differ = [f"    {i}: {said(n)}" for i, n in pairs if said(n) != '""' and n != english_name(i.strip('"'))]
            if differ:
                out += (["names:"] if not out else []) + [f"  {kind}:"] + differ
        if self.colours:
            out.append("colours:")
            out += [f"  {yaml_id(self.continents[k][0])}: \"{c}\"" for k, c in sorted(self.colours.items())]
        return out

    def house_rule(self, board_file: str) -> str:
        """A house rule that plays the classic rules on the map."""
        classic = _classic()
        n, size = len(self.territories), classic.board.size
        most = max(2, min(classic.max_players, n - len(self.neutrals)))
        start = classic.starting_armies  # classic's, grown with the board
        table = {p: max(start[p], math.ceil(start[p] * n / size), n // p + 5) for p in range(2, most + 1)}
        armies = ", ".join(f"{p}: {a}" for p, a in table.items())
        per_turn = math.ceil(max(table.values()) / MAX_SETUP_ROUNDS)  # (placed within the setup's rounds)
        bonuses = ", ".join(f"{cid} {bonus}" for cid, bonus in self.continents)
        neutral = 2 * (n // 3)
        title = printable(self.title) or self.id
        name = self.id.replace("_", "-")
        return (f"# {name}.risk — the classic rules on {title}, imported by `risk board import`.\n"
                f"# The map's continent bonuses; missions and starting armies made for its {n} territories.\n"
                f"rulebook {name}\nextends classic\ntitle \"{title}\"\n"
                f"board \"{board_file}\"\nplayers 2 to {most}\n\n"
                f"setup {{\n    starting armies {armies}\n"
                + (f"    placement {per_turn} per turn\n" if per_turn > 1 else "") + "}\n\n"
                f"reinforcements {{\n"
                + (f"    territories max({self.least_reinforcement}, territories // 3)\n"
                   if self.least_reinforcement is not None else "")
                + f"    continents {bonuses}\n" + self._per_territory() + "}\n\n"
                + self._objective()
                + (f"# the map's starting neutrals\nneutral {{\n    territories named "
                   + ", ".join(f"{self.territories[t][0]} {a}" for t, a in self.neutrals.items()) + "\n}\n\n"
                   if self.neutrals else "")
                + (self._missions_said(classic.colours, most) if self.missions else "")
                + "missions {\n"
                + "".join(f"    {m}{self._worded(k)}\n" for k, m in enumerate(self.missions or self.occupying()))
                + "}\n\n"
                f"for 2 players {{\n" + ("    victory opponents eliminated or objective\n" if self.objective else "")
                + f"    neutral {{\n        armies {neutral}\n    }}\n}}\n")

    # The words of issue 43's income and goal (docs/rule-language.md): a map's autodeploy, decay and
    # objective, written only for a map that has them.
    def _per_territory(self) -> str:
        """`autodeploy` and `decay` lines of the reinforcements block: the map's territory bonuses."""
        ids = [t for t, _, _, _ in self.territories]
        return "".join(f"    {word} " + ", ".join(f"{ids[t]} {n}" for t, n in sorted(table.items())) + "\n"
                       for word, table in (("autodeploy", self.autodeploy), ("decay", self.decay)) if table)

    def _objective(self) -> str:
        """The map's objective: its holder wins, besides world domination."""
        if not self.objective:
            return ""
        return ("# the map's objective: whoever holds all of these wins\nvictory domination or objective\n"
                "objective " + ", ".join(self.territories[t][0] for t in self.objective) + "\n\n")

    def _missions_said(self, colours: tuple[str, ...], most: int) -> str:
        """The comment above the map's own missions: with how many players they can be dealt (a
        mission to destroy a colour not in play is set aside, as the classic rules do)."""
        dealt = []
        for players in range(2, most + 1):
            usable = [m for m in self.missions if not m.startswith("destroy ")
                      or m.split()[1] in colours[:players]]
            if len(usable) >= players:
                dealt.append(players)
        if not dealt:
            return "# the map's own missions: too few to deal one to each of 2 players (add more to play them)\n"
        return (f"# the map's own missions, for {player_counts(dealt)} players; played with: "
                f"--set \"victory missions\"\n")

    def _worded(self, k: int) -> str:
        """Mission k's words in the map, as a comment after it."""
        text = printable(self.mission_texts[k]) if k < len(self.mission_texts) and self.missions else ""
        return f"  # {text}" if text else ""

    def occupying(self) -> list[str]:
        """The missions of a map without its own: occupy most of it, as the classic 24 and 18 of 42."""
        n = len(self.territories)
        return [f"occupy {max(1, n * 24 // 42)} territories",
                f"occupy {max(1, n * 18 // 42)} territories with 2 armies each"]


def ident(name: str, none: str = "t") -> str:
    """A name as an id: lower case letters, digits and _, starting with a letter, in ASCII letters
    (Kitzbühel → kitzbuhel, Москва → moskva; the name itself is kept as written, in the board's
    `names`); `none` for a name of no letters or digits at all."""
    plain_text = anyascii(name)  # (Kitzbühel → Kitzbuhel, Москва → Moskva, 東京 → DongJing)
    text = re.sub(r"[^a-z0-9]+", "_", plain_text.lower()).strip("_")
    if not text:  # (`none`, numbered by `unique`)
        return none
    if not text[0].isalpha():
        text = "t_" + text
    return text[:64].rstrip("_") or "t"


def said(text: str | None, limit: int = 100) -> str:
    """A map's words as a YAML string (JSON's quoting, which YAML reads): as written — a tab or
    another control character made a space (a board's words are one line), the line and paragraph
    separators escaped (YAML would fold them) — at most `limit` characters; "" for none."""
    words = _CONTROL_OR_TAB.sub(" ", text or "").strip()[:limit].strip()
    return json.dumps(words, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


_CONTROL_OR_TAB = re.compile("[\x00-\x1f\x7f-\x9f]")


def text_of(path: Path, label: str) -> str:
    try:
        raw = read_bytes(path, label, MAX_MAP_BYTES, "a map file")
    except Unreadable as err:
        raise RuleError(str(err)) from None
    return decoded(raw)


def decoded(raw: bytes) -> str:
    """A map's text: UTF-8 (a byte order mark dropped), else Windows-1252 as older maps are written
    (its five unused bytes dropped); control characters other than tab and line ends dropped."""
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="ignore")
    return _CONTROL.sub("", text)


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def read_domination(path: Path, label: str, cards: Path | None = None) -> ImportedMap:
    """A Domination `.map` (and its `.cards`, if given or named by `crd` beside it) → ImportedMap;
    RuleError with every problem, each at its line."""
    from .map_cards import deck

    text = text_of(path, label)
    lines = text.splitlines()
    problems: list[Problem] = []

    def problem(n: int, message: str) -> None:
        problems.append(Problem(message, Pos(label, n, 1, lines[n - 1] if n <= len(lines) else "")))

    title = Path(label).stem.replace("_", " ")
    crd = picture = None
    names: dict[str, int] = {}
    continent_names = reserved_continent_ids()
    result = ImportedMap(ident(Path(label).stem), title, source=f"{Path(label).name} (Domination)")
    raw_borders: dict[int, tuple[int, list[int]]] = {}
    countries_at = 0  # the line of [countries]
    for n, section, line in _said(lines):
        if line is None:
            if section == "[countries]":
                countries_at = countries_at or n
            if section not in ("[files]", "[continents]", "[countries]", "[borders]"):
                problem(n, f"unknown section {lines[n - 1].strip()[:40]}: a map has [files], [continents], "
                           f"[countries], [borders]")
            continue
        words = line.split()
        if section is None:
            if words[0].lower() == "name" and len(words) > 1:
                result.title = " ".join(words[1:])[:100]
            elif words[0].lower() == "author" and len(words) > 1:
                result.author = " ".join(words[1:])[:100]
            continue
        if section == "[files]":
            if words[0].lower() == "crd" and len(words) > 1:
                crd = words[1]
            elif words[0].lower() == "map" and len(words) > 1:
                picture = words[1]
        elif section == "[continents]":
            bonus_at = -1 if _is_int(words[-1]) else -2  # the colour may be left out
            if len(words) + bonus_at < 1 or not _is_int(words[bonus_at]):
                problem(n, "a continent is 'Name bonus colour'")
                result.add_continent(f"continent_{len(result.continents) + 1}", 0, n)  # (its number stays taken)
                continue
            name = " ".join(words[:bonus_at]).replace("_", " ")
            result.add_continent(unique(ident(name, "continent"), continent_names), int(words[bonus_at]), n, name)
            if bonus_at == -2:
                _coloured(result, words[-1], n, label)
        elif section == "[countries]":
            expected = len(result.territories) + 1
            if len(result.territories) >= MAX_COUNTRIES:
                problem(n, f"more than {MAX_COUNTRIES} countries")
                break
            if _is_int(words[0]) and int(words[0]) != expected:
                problem(n, f"country {words[0]} is out of order: the countries are numbered 1, 2, 3 … "
                           f"(expected {expected})")
                result.add_territory(f"country_{expected}", 0, 0.0, 0.0, n, words[0])  # (the next is still checked)
                continue
            why = _country_problem(words, len(result.continents))
            if why is not None:
                problem(n, why)
                result.add_territory(f"country_{expected}", 0, 0.0, 0.0, n, words[0])  # (its number stays taken)
                continue
            name = " ".join(words[1:-3]).replace("_", " ")
            result.add_territory(unique(ident(name, "territory"), names), int(words[-3]) - 1, float(words[-2]),
                                 float(words[-1]), n, name)
        elif section == "[borders]":
            if not all(_is_int(w) for w in words):
                problem(n, "a border line is 'id neighbour neighbour …', all numbers")
                continue
            raw_borders[int(words[0])] = (n, [int(w) for w in words[1:]])
    if not result.territories and not problems:
        problems.append(Problem(f"{label}: no [countries]: not a Domination map"))
    size = len(result.territories)
    pairs: dict[tuple[int, int], int] = {}
    for country, (n, neighbours) in raw_borders.items():
        if not 1 <= country <= size:
            problem(n, f"country {country} is not one of the {size} countries")
            continue
        for other in neighbours:
            if not 1 <= other <= size or other == country:
                problem(n, f"country {country} borders {other}, which is not another of the {size} countries")
                continue
            pairs[(country - 1, other - 1)] = n
    finish(result, pairs, problems, Source(label, lines), countries_at)
    if result.drawn:
        traced = image_of(path, picture, label, size)
        if isinstance(traced, str):
            result.notes.append(traced)
        elif traced is not None:
            result.traced = traced
            empty = [i for i, rings in enumerate(traced.rings) if not any(len(ring) >= 3 for ring in rings)]
            if empty:
                result.notes.append(f"{label}: {quoted(result.names[empty[0]], 40)}"
                                    + (f" and {len(empty) - 1} more" if len(empty) > 1 else "")
                                    + f" {'have' if len(empty) > 1 else 'has'} no pixels in its map image "
                                      f"{quoted(picture or '', 40)}: drawn round {'their' if len(empty) > 1 else 'its'}"
                                      f" position")
    if cards is not None:  # named on the command line: it must be there
        deck(result, cards, str(cards))
        return result
    beside = path.parent / crd if crd and "/" not in crd and "\\" not in crd else None
    if beside is not None and beside.is_file():  # named by the map: read if it came with it
        deck(result, beside, beside.name)
    return result


def _coloured(result: ImportedMap, word: str, n: int, label: str) -> None:
    """A continent's colour as the map gives it, or a note that it names none (drawn in the palette's)."""
    found = colour(word)
    if found is not None:
        result.colours[len(result.continents) - 1] = found
    else:
        result.notes.append(f"{label}:{n}: the colour {quoted(word, 30)} is not a colour name or #rrggbb: the "
                            f"continent is drawn in one of the palette's")


def _said(lines: list[str]):
    """(line number, section, text) of each line that says something (after a ';' all is comment);
    a [section] line is given with text None, and sets the section of the lines after it."""
    section = None
    for n, line in enumerate(lines, 1):
        line = line.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            section = line.lower()
            yield n, section, None
        else:
            yield n, section, line


def finish(result: ImportedMap, pairs: dict[tuple[int, int], int], problems: list[Problem], source: Source,
           section_line: int = 0) -> None:
    """The borders from the directed pairs read: both ways a border, one way a one-way border.
    RuleError with every problem; then with what would stop the map playing, each at its line:
    more than a board holds, too few territories, a continent without one, a map in parts.
    (`section_line`: the line where the territories begin, for a map of too few.)"""
    if problems:
        raise RuleError(problems)
    found = limits(source, result.territory_lines, result.continents, result.continent_lines, section_line)
    if found:
        raise RuleError(found)
    used = {c for _, c, _, _ in result.territories}
    empty = [k for k in range(len(result.continents)) if k not in used]
    if empty:
        raise RuleError(source.at(result.continent_lines[empty[0]],
                                  f"the continent {result.continents[empty[0]][0]} has no territory"))
    apart = too_many_borders(source, pairs) or unconnected(source, result.names, result.territory_lines, pairs)
    if apart is not None:
        raise RuleError(apart)
    result.borders = sorted({(min(a, b), max(a, b)) for a, b in pairs if (b, a) in pairs})
    result.one_way = sorted((a, b) for a, b in pairs if (b, a) not in pairs)
    at, _, _ = fitted([(x, y) for _, _, x, y in result.territories])
    twice = shared(at)
    if twice:
        result.drawn = False
        result.notes.append(f"{source.label}: {quoted(result.names[twice[0]], 40)}"
                            + (f" and {len(twice) - 1} more" if len(twice) > 1 else "")
                            + " at the position of another: the board is drawn from a layout computed from its "
                              "borders")


@cache
def _classic():
    """The classic rules the imported house rule extends (their colours, starting armies, board)."""
    from .loader import load_rules

    return load_rules("classic")


def _country_problem(words: list[str], continents: int) -> str | None:
    if len(words) < 5 or not all(_is_int(w) for w in (words[0], words[-3])) \
            or not all(_is_number(w) for w in words[-2:]):
        return "a country is 'id Name continent x y'"
    if not 1 <= int(words[-3]) <= continents:
        return f"continent {words[-3]} is not one of the {continents} continents above"
    if not (0 <= float(words[-2]) <= 100000 and 0 <= float(words[-1]) <= 100000):
        return f"the position {words[-2]}, {words[-1]} is outside 0 to 100000"
    return None


def _is_int(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 9


def _is_number(word: str) -> bool:
    return bool(re.fullmatch(r"-?[0-9]{1,9}(\.[0-9]{1,6})?", word))
