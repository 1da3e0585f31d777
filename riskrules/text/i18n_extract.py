"""Babel extractors for the names that live in data, not in code.

Territory, continent and card-symbol names come from the boards (rulebooks/boards/*.yaml),
colour names and variant titles from the rule files (rulebooks/*.risk). Each is offered to
translators under its context — `territory`, `continent`, `card symbol`, `colour`, `variant` —
with its English name as the message id (riskrules.text.i18n.english_name; a variant's title as
its rule file writes it). babel.cfg wires these in:

    [riskrules.text.i18n_extract:extract_board: rulebooks/boards/**.yaml]
    [riskrules.text.i18n_extract:extract_rulebook: rulebooks/**.risk]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

import yaml

from .i18n import english_name


def _line_of(text: str, word: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if word in line:
            return number
    return 1


def extract_board(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple]:
    text = fileobj.read().decode("utf-8")
    data = yaml.safe_load(text)
    board = data.get("id", "?")
    for continent, members in data["continents"].items():
        yield (_line_of(text, continent), "p_", ("continent", english_name(continent)),
               [f"Translators: a continent of the {board} board (id {continent})"])
        for territory in members:
            yield (_line_of(text, territory), "p_", ("territory", english_name(territory)),
                   [f"Translators: a territory of the {board} board (id {territory}); use the rulebook's own name"])
    for symbol in [*data["deck"]["symbols"], "joker"]:
        yield (_line_of(text, symbol), "p_", ("card symbol", symbol),
               ["Translators: a symbol on the RISK cards (the joker carries all three)"])


def extract_rulebook(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple]:
    from ..language.parse import parse_rulebook

    text = fileobj.read().decode("utf-8")
    book = parse_rulebook(text, "extract")
    for variant in book.variants.values():  # a variant's title, in its rulebook's language, for the lobby
        if variant.title:
            yield (variant.pos.line, "p_", ("variant", variant.title),
                   [f"Translators: the title of a variant of a rulebook (id {variant.id}), as its lobby lists it"])
    for assign in book.assigns:
        if assign.path == ("colours",):
            for colour in assign.value:
                yield (assign.pos.line, "p_", ("colour", colour),
                       ["Translators: the colour of a player's armies, used as the player's name"])
