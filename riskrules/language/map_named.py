"""Maps whose borders name territories: Conquest's `.map` and Conquer Club's XML (language/map_import.py
holds what they become and the Domination format).

Conquest (windowsgames.co.uk):

    [Map]                        author=…, image=…, wrap=…, scroll=…, warn=…
    [Continents]                 Name=bonus
    North=3
    [Territories]                Name,x,y,Continent,Neighbour,Neighbour,…
    Frost Fell,100,60,North,High Moor,Grey Water

A neighbour that names no other territory of the map is left out with a note: Conquest shows such a
problem in a warning (`warn=yes`) and plays the map.

Conquer Club: `<map>` with `<continents>` (each `<continent>` a `<name>`, a `<bonus>` and its
`<components>`: `<territory>` names), `<territories>` (each `<territory>` a `<name>`, `<borders>`
of `<border>` names, `<coordinates>` with `<smallx>`, `<smally>`, `<largex>`, `<largey>`, and a
`<neutral>` count where it starts neutral, a `<bonus>` placed there each turn: autodeploy, or
decay when negative), `<objectives>` (the first is the rule's objective). Only what riskrules plays
is read: a territory in more than one continent, a continent made of continents or of some
`<required>` components are refused; killer neutrals (played as plain ones), bombardments, a
second objective and a `<reinforcements>` table are set aside with a note, never guessed.
"""

from __future__ import annotations

import re
from pathlib import Path

from .errors import Pos, Problem, RuleError
from .map_checks import Source, reserved_continent_ids, unique
from .map_import import ImportedMap, finish, ident, text_of

MAX_TERRITORY_BONUS = 1000  # a territory's autodeploy or decay (the rule language's bound)


def read_conquest(path: Path, label: str) -> ImportedMap:
    """A Conquest `.map` → ImportedMap; RuleError with every problem, each at its line."""
    lines = text_of(path, label).splitlines()
    problems: list[Problem] = []

    def problem(n: int, message: str) -> None:
        problems.append(Problem(message, Pos(label, n, 1, lines[n - 1] if n <= len(lines) else "")))

    result = ImportedMap(ident(Path(label).stem), Path(label).stem.replace("_", " "),
                         source=f"{Path(label).name} (Conquest)")
    continent_index: dict[str, int] = {}
    continent_ids = reserved_continent_ids()
    rows: list[tuple[int, str, list[str]]] = []  # (line, name, neighbours)
    names: dict[str, int] = {}
    taken: dict[str, int] = {}
    section = None
    territories_at = 0  # the line of [Territories]
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("["):
            section = line.lower()
            if section == "[territories]":
                territories_at = territories_at or n
            if section not in ("[map]", "[continents]", "[territories]"):
                problem(n, f"unknown section {line[:40]}: a map has [Map], [Continents], [Territories]")
            continue
        if section == "[map]":
            key, _, value = line.partition("=")
            if key.strip().lower() == "author" and value.strip():
                result.author = value.strip()[:100]
            continue
        if section == "[continents]":
            name, sep, bonus = line.partition("=")
            if not sep or not name.strip() or not re.fullmatch(r"[0-9]{1,4}", bonus.strip()):
                problem(n, "a continent is 'Name=bonus'")
                if not name.strip():
                    continue
                bonus = "0"  # (kept, so that its territories are not refused for it too)
            if name.strip().lower() in continent_index:
                problem(n, f"the continent '{name.strip()[:40]}' is given twice")
                continue
            continent_index[name.strip().lower()] = len(result.continents)
            result.add_continent(unique(ident(name.strip(), "continent"), continent_ids), int(bonus), n, name.strip())
        elif section == "[territories]":
            fields = [f.strip() for f in line.split(",")]
            if len(fields) < 4 or not all(re.fullmatch(r"[0-9]{1,6}(\.[0-9]+)?", f) for f in fields[1:3]):
                problem(n, "a territory is 'Name,x,y,Continent,Neighbour,…'")
                continue
            name, x, y, continent = fields[0], float(fields[1]), float(fields[2]), fields[3]
            if continent.lower() not in continent_index:
                problem(n, f"the continent '{continent[:40]}' is not one of [Continents]")
                continue
            if name.lower() in names:
                problem(n, f"the territory '{name[:40]}' is given twice")
                continue
            names[name.lower()] = len(result.territories)
            result.add_territory(unique(ident(name, "territory"), taken), continent_index[continent.lower()], x, y, n,
                                 name)
            rows.append((n, name, [f for f in fields[4:] if f]))
    if not result.territories and not problems:
        raise RuleError(f"{label}: no [Territories]: not a Conquest map")
    pairs: dict[tuple[int, int], int] = {}
    stray: list[tuple[int, str, str]] = []  # (line, territory, neighbour): Conquest warns of them and plays on
    for n, name, neighbours in rows:
        for other in neighbours:
            if other.lower() not in names or other.lower() == name.lower():
                stray.append((n, name, other))
                continue
            pairs[(names[name.lower()], names[other.lower()])] = n
    if stray:
        n, name, other = stray[0]
        result.notes.append(f"{label}:{n}: '{name[:40]}' borders '{other[:40]}', which is not another territory of "
                            f"the map" + (f" (and {len(stray) - 1} more such neighbours)" if len(stray) > 1 else "")
                            + ": left out, as Conquest plays such a map after its warning")
    finish(result, pairs, problems, Source(label, lines), territories_at)
    return result


def read_conquerclub(path: Path, label: str) -> ImportedMap:
    """A Conquer Club XML map → ImportedMap; RuleError with every problem (XML's own at its line)."""
    import xml.etree.ElementTree as ET

    text = text_of(path, label)
    if "<!DOCTYPE" in text.upper() or "<!ENTITY" in text.upper():
        raise RuleError(f"{label}: a map with a DOCTYPE or ENTITY declaration is not read")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as err:
        line = err.position[0] if err.position else 1
        raise RuleError(Problem(f"not well-formed XML ({str(err).split(':')[0]})",
                                Pos(label, line, 1, text.splitlines()[line - 1] if line <= len(text.splitlines())
                                    else ""))) from None
    if root.tag != "map":
        raise RuleError(f"{label}: not a Conquer Club map (its root is <{root.tag[:40]}>, not <map>)")
    problems: list[Problem] = []
    lines = text.splitlines()

    first_line = _name_lines(text)

    def line_of(name: str) -> int:
        """The line of the element named `name` (the first <name> that says it), else 1."""
        return first_line.get(name, 1)

    def problem(name: str, message: str) -> None:
        n = line_of(name)
        problems.append(Problem(message, Pos(label, n, 1, lines[n - 1] if n <= len(lines) else "")))

    result = ImportedMap(ident(Path(label).stem), Path(label).stem.replace("_", " "),
                         source=f"{Path(label).name} (Conquer Club)")
    territory_of: dict[str, int] = {}
    taken: dict[str, int] = {}
    spots: list[tuple[str, float, float, list[str]]] = []
    for node in root.iterfind("territories/territory"):
        name = (node.findtext("name") or "").strip()
        x, y = node.findtext("coordinates/largex"), node.findtext("coordinates/largey")
        if x is None and y is None:  # (the small map's position, where the large one is not given)
            x, y = node.findtext("coordinates/smallx"), node.findtext("coordinates/smally")
        if not name or not _number(x) or not _number(y):
            problem(name, "a territory has a <name> and <coordinates> with <largex> and <largey>")
            continue
        if name in territory_of:
            problem(name, f"the territory '{name[:40]}' is given twice")
            continue
        territory_of[name] = len(spots)
        spots.append((name, float(x), float(y), [(b.text or "").strip() for b in node.iterfind("borders/border")]))
    continent_of: dict[str, int] = {}
    members_of: dict[str, list[str]] = {}  # continent name → its territories' names (for an objective)
    continent_ids = reserved_continent_ids()
    for node in root.iterfind("continents/continent"):
        name = (node.findtext("name") or "").strip()
        bonus = (node.findtext("bonus") or "").strip()
        if not name or not re.fullmatch(r"-?[0-9]{1,4}", bonus):
            problem(name, "a continent has a <name> and a <bonus>")
            continue
        if node.find("required") is not None:
            problem(name, f"the continent '{name[:40]}' gives its bonus for only some of its components "
                          f"(<required>), which is not played: a bonus needs the whole continent")
            continue
        if node.find("components/continent") is not None:
            problem(name, f"the continent '{name[:40]}' is made of continents, which is not played (each "
                          f"territory has one continent)")
            continue
        index = len(result.continents)
        result.add_continent(unique(ident(name, "continent"), continent_ids), max(0, int(bonus)), line_of(name), name)
        for member in node.iterfind("components/territory"):
            member_name = (member.text or "").strip()
            members_of.setdefault(name, []).append(member_name)
            if member_name not in territory_of:
                problem(name, f"'{member_name[:40]}' in the continent '{name[:40]}' is not a territory of the map")
            elif member_name in continent_of:
                problem(name, f"'{member_name[:40]}' is in the continent '{name[:40]}' and another: each territory "
                          f"has one continent")
            else:
                continent_of[member_name] = index
    alone = [name for name, *_ in spots if name not in continent_of]
    if alone:
        index = len(result.continents)
        result.add_continent(unique("rest", continent_ids), 0, line_of(alone[0]), "Rest")  # in no continent: no bonus
        for name in alone:
            continent_of[name] = index
    for name, x, y, _ in spots:
        result.add_territory(unique(ident(name, "territory"), taken), continent_of.get(name, 0), x, y, line_of(name),
                             name)
    if not spots and not problems:
        raise RuleError(f"{label}: no <territories>: not a Conquer Club map")
    least = (root.findtext("minreinforcement") or "").strip()
    if least:
        if re.fullmatch(r"[0-9]{1,4}", least):
            result.least_reinforcement = int(least)
        else:
            problem("", "<minreinforcement> is not a number of armies")
    if root.find("reinforcements") is not None:
        result.notes.append(f"{label}: its <reinforcements> table is not imported yet; the territories held give "
                            f"one army for three, as in the classic rules")
    killers = bombarding = 0
    for node in root.iterfind("territories/territory"):
        count = (node.findtext("neutral") or "").strip()
        name = (node.findtext("name") or "").strip()
        if count and name in territory_of:
            if not re.fullmatch(r"[0-9]{1,4}", count) or int(count) < 1:
                problem(name, f"the starting neutrals of '{name[:40]}' are not a number of armies from 1")
            else:
                result.neutrals[territory_of[name]] = int(count)
                killers += node.find("neutral").get("killer", "no").strip().lower() not in ("", "no", "n", "0")
        bonus = (node.findtext("bonus") or "").strip()
        if bonus and name in territory_of:
            if not re.fullmatch(r"-?[0-9]{1,4}", bonus) or abs(int(bonus)) > MAX_TERRITORY_BONUS:
                problem(name, f"the <bonus> of '{name[:40]}' (armies placed there each turn, or lost if negative) "
                              f"is not a whole number from -{MAX_TERRITORY_BONUS} to {MAX_TERRITORY_BONUS}")
            elif int(bonus):
                (result.autodeploy if int(bonus) > 0 else result.decay)[territory_of[name]] = abs(int(bonus))
        bombarding += node.find("bombardments") is not None
    if killers:
        result.notes.append(f"{label}: {killers} killer neutrals (neutral again when conquered) start as plain "
                            f"neutrals: a neutral that takes a territory back is not played yet")
    if bombarding:
        result.notes.append(f"{label}: the <bombardments> of {bombarding} territories are set aside: riskrules has "
                            f"no attack on a territory that is not a neighbour")
    _objectives(root, result, territory_of, members_of, problem, label)
    if alone:
        result.notes.append(f"{label}: {len(alone)} territories in no continent are put in 'rest', worth 0")
    pairs: dict[tuple[int, int], int] = {}
    for name, _, _, borders in spots:
        for other in borders:
            if other not in territory_of or other == name:
                problem(name, f"the border '{other[:40]}' of '{name[:40]}' is not another territory of the map")
                continue
            pairs[(territory_of[name], territory_of[other])] = line_of(name)
    at = text.find("<territories")
    finish(result, pairs, problems, Source(label, lines), text.count("\n", 0, at) + 1 if at >= 0 else 1)
    return result


def _objectives(root, result: ImportedMap, territory_of: dict[str, int], members_of: dict[str, list[str]], problem,
                label: str) -> None:
    """The map's <objectives>: the first becomes the rule's objective (its territories; a continent
    among its components stands for all of its own). The language holds one objective."""
    found = list(root.iterfind("objectives/objective"))
    if not found:
        return
    name = (found[0].findtext("name") or "").strip()
    members: list[int] = []
    for component in found[0].iterfind("components/*"):
        what = (component.text or "").strip()
        if component.tag == "territory" and what in territory_of:
            members.append(territory_of[what])
        elif component.tag == "continent" and what in members_of:
            members += [territory_of[t] for t in members_of[what] if t in territory_of]
        else:
            problem(name, f"'{what[:40]}' in the objective '{name[:40]}' is not a {component.tag[:20]} of the map")
    if not members:
        problem(name, f"the objective '{name[:40]}' names no territory")
        return
    result.objective = sorted(set(members))
    if len(found) > 1:
        result.notes.append(f"{label}: the first of its {len(found)} objectives ('{name[:40]}') is written: a rule "
                            f"holds one objective")


def _name_lines(text: str) -> dict[str, int]:
    """Each name the map's <name> elements say → the line of the first (read once: a map may be large)."""
    import html

    lines: dict[str, int] = {}
    line, at = 1, 0
    for found in re.finditer(r"<name>([^<]*)</name>", text):
        line += text.count("\n", at, found.start())
        at = found.start()
        lines.setdefault(html.unescape(found.group(1)).strip(), line)
    return lines


def _number(text: str | None) -> bool:
    return text is not None and bool(re.fullmatch(r"[0-9]{1,6}(\.[0-9]+)?", text.strip()))


def read_map(path: Path, label: str, kind: str | None = None, cards: Path | None = None) -> ImportedMap:
    """A map of `kind` (domination, conquest, conquerclub; None: by its name and first section)."""
    from .map_import import read_domination

    kind = kind or kind_of(path, label)
    if kind == "domination":
        return read_domination(path, label, cards)
    if kind == "conquest":
        return read_conquest(path, label)
    return read_conquerclub(path, label)


def kind_of(path: Path, label: str) -> str:
    """A map's format by its name and sections: conquerclub (.xml), conquest ([Territories] and no
    [countries]) or domination."""
    if path.suffix.lower() == ".xml":
        return "conquerclub"
    sections = {m.lower() for m in re.findall(r"(?m)^[ \t]*(\[[A-Za-z]+\])", text_of(path, label))}
    return "conquest" if "[territories]" in sections and "[countries]" not in sections else "domination"
