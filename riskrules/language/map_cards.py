"""Domination's `.cards` file, read for an imported map (language/map_import.py): each country's
card symbol, the wildcards, and the missions as statements of the rule language.

    [cards]                      Infantry|Cavalry|Cannon country, or wildcard
    Infantry 1
    wildcard
    [missions]                   player countries armies continent continent continent text
    0 0 0 1 * 0 Conquer North Land and one more

A deck may leave countries out (Domination deals the cards it has): they get symbols in turn, with a
note, as a board's deck has a card for every territory. A mission riskrules cannot say (more than one
continent of the player's choice) is set aside with a note; its text stands beside each mission written.
"""

from __future__ import annotations

from pathlib import Path

from .errors import Pos, Problem, RuleError
from .files import quoted
from .map_checks import MAX_MISSION, MAX_MISSIONS
from .map_import import ImportedMap, _classic, _is_int, _said, text_of

SYMBOLS = {"infantry": "infantry", "cavalry": "cavalry", "cannon": "artillery", "artillery": "artillery"}


def deck(result: ImportedMap, path: Path, label: str) -> None:
    """The cards file's deck and missions into `result`; what riskrules cannot hold, noted."""
    result.cards, result.jokers, missions = read_cards(path, label, len(result.territories))
    missing = [i + 1 for i in range(len(result.territories)) if i not in result.cards]
    if missing:  # (Domination deals the cards it has; a board has a card for every territory)
        result.notes.append(f"{label}: no card for country {missing[0]}"
                            + (f" and {len(missing) - 1} more" if len(missing) > 1 else "")
                            + ": given symbols in turn (a board's deck has a card for every territory)")
    for found in missions:
        said = mission(found, result, label)
        if said is not None:
            result.missions.append(said)
            result.mission_texts.append(" ".join(found[1][6:]))


def read_cards(path: Path, label: str, size: int) -> tuple[dict[int, str], int, list[tuple[int, list[str]]]]:
    """A Domination `.cards` file: each country's symbol, the wildcards, and its missions' lines
    (line number, words) as they are."""
    lines = text_of(path, label).splitlines()
    problems: list[Problem] = []
    cards: dict[int, str] = {}
    jokers = 0
    missions: list[tuple[int, list[str]]] = []
    for n, section, line in _said(lines):
        if line is None:
            continue
        if section == "[missions]":
            missions.append((n, line.split()))
        if section != "[cards]":
            continue
        words = line.split()
        if words[0].lower() == "wildcard":
            jokers += 1
            continue
        symbol = SYMBOLS.get(words[0].lower())
        if symbol is None or len(words) != 2 or not _is_int(words[1]) or not 1 <= int(words[1]) <= size:
            problems.append(Problem("a card is 'Infantry|Cavalry|Cannon country' or 'wildcard'",
                                    Pos(label, n, 1, lines[n - 1])))
            continue
        cards[int(words[1]) - 1] = symbol
    if len(missions) > MAX_MISSIONS:
        n = missions[MAX_MISSIONS][0]
        problems.append(Problem(f"more than {MAX_MISSIONS} missions: a rule file holds at most {MAX_MISSIONS}",
                                Pos(label, n, 1, lines[n - 1])))
    if problems:
        raise RuleError(problems)
    return cards, min(jokers, 100), missions


def mission(found: tuple[int, list[str]], result: ImportedMap, label: str) -> str | None:
    """A Domination mission — `player countries armies continent continent continent text`, 0 for
    none and `*` for a continent of the player's choice — as a statement of the rule language; None
    (and a note) for one it cannot say: more than one continent of choice."""
    n, words = found
    fields = words[:6]
    if len(fields) < 6 or not all(_is_int(w) or w == "*" for w in fields) or any(w == "*" for w in fields[:3]):
        raise RuleError(Problem("a mission is 'player countries armies continent continent continent text'",
                                Pos(label, n, 1, " ".join(words))))
    player, countries, armies = (int(w) for w in fields[:3])
    size = len(result.territories)
    fallback = max(1, size * 24 // 42)
    if player:
        colours = _classic().colours  # in seat order: whom the mission destroys
        if player > len(colours):
            raise RuleError(Problem(f"a mission destroys player {player}: the colours are {len(colours)}",
                                    Pos(label, n, 1, " ".join(words))))
        return f"destroy {colours[player - 1]} or else occupy {fallback} territories"
    if countries:
        if countries > size:
            raise RuleError(Problem(f"a mission asks for {countries} countries of {size}",
                                    Pos(label, n, 1, " ".join(words))))
        if armies > MAX_MISSION:
            raise RuleError(Problem(f"a mission asks for {armies} armies on each country: a mission asks for at "
                                    f"most {MAX_MISSION}", Pos(label, n, 1, " ".join(words))))
        return f"occupy {countries} territories" + (f" with {armies} armies each" if armies > 1 else "")
    named = list(dict.fromkeys(int(w) for w in fields[3:] if w != "*" and w != "0"))  # (each once)
    choice = fields[3:].count("*")
    if (not named and not choice) or any(not 1 <= k <= len(result.continents) for k in named):
        raise RuleError(Problem("a mission names no continent of the map, or one it does not have",
                                Pos(label, n, 1, " ".join(words))))
    if choice > 1 or not named:  # (the rule language's mission names a continent, and at most one more)
        said = quoted(" ".join(words[6:]) or " ".join(fields), 60)
        result.notes.append(f"{label}:{n}: the mission {said} asks for {choice} continent{'s' * (choice != 1)} of "
                            f"the player's choice{'' if named else ' and names none'}: set aside (a mission of "
                            f"riskrules names a continent, and at most one more of choice)")
        return None
    more = " and one more" if choice and len(named) < len(result.continents) else ""
    return "conquer " + " and ".join(result.continents[k - 1][0] for k in named) + more
