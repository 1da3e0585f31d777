"""language/write.py: rule text written from the model parses back to the same model."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from lark import Lark

from riskrules.language.model import Assign, RulebookFile
from riskrules.language.parse import parse_rulebook, read_rulebook
from riskrules.language.write import write_expression, write_fragment, write_rulebook
from riskrules.resources import grammar_path

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted({p for pattern in ("rulebooks/**/*.risk", "benchmarks/**/*.risk", "docs/**/*.risk", "tests/**/*.risk")
                for p in ROOT.glob(pattern)})
# The examples of the guides; a fragment goes into a house rule, as tests/test_guide.py loads it.
EXAMPLES = [b if re.search(r"^rulebook ", b, re.M) else "rulebook fragment\nextends classic\n" + b
            for doc in sorted((ROOT / "docs").glob("*.md"))
            for b in re.findall(r"```risk\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)]


def model(book: RulebookFile) -> dict:
    """What a rule file says, without positions: the fields of the model, each assignment's path,
    value and the keys of its located parts."""
    def assigns(items: list[Assign]) -> list:
        return [(a.path, a.value, sorted(a.parts, key=repr)) for a in items]

    def overlays(items) -> list:
        return [(o.low, o.high, assigns(o.assigns)) for o in items]

    return {
        "header": (book.id, book.extends, book.extends_is_path, book.title, book.language, book.base),
        "body": assigns(book.assigns),
        "overlays": overlays(book.overlays),
        "variants": [(k, v.id, v.title, v.default, v.base, assigns(v.assigns), overlays(v.overlays))
                     for k, v in book.variants.items()],
    }


def reparse(text: str) -> RulebookFile:
    book = parse_rulebook(text, "written")
    assert [p.message for p in book.problems if not p.warning] == [], text
    return book


def round_trip(book: RulebookFile) -> str:
    assert [p.message for p in book.problems if not p.warning] == []
    text = write_rulebook(book)
    again = reparse(text)
    assert model(again) == model(book)
    assert write_rulebook(again) == text  # a fixed point
    return text


def test_the_corpus_is_there():
    assert len(FILES) >= 20 and len(EXAMPLES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rule_file_round_trips(path):
    round_trip(read_rulebook(path, path.name))


@pytest.mark.parametrize("text", EXAMPLES, ids=lambda t: t.split("\n")[2][:40].strip())
def test_every_example_of_the_guide_round_trips(text):
    round_trip(parse_rulebook(text, "example"))


def test_the_layout_is_pinned():
    text = """\
# a comment, dropped
rulebook house
base
language sv
title "Husregler"
extends "../x.risk"
variant big "Big" default { victory capitals }
for 5+ players { setup { placement 2 per turn } }
cards { sets escalating 4, 6 then +5 }
cards { counter per player }
variant empty {
}
terms dealer president
terms attack liberation
players 3 to 5
neutral {
    territories 6
    start 3
}
variant small extends big { for 2-3 players { turn reinforce, attack when round > 1, fortify } }
"""
    assert round_trip(parse_rulebook(text, "house")) == """\
rulebook house
extends "../x.risk"
title "Husregler"
language sv
base

cards {
    sets escalating 4, 6 then +5
    counter per player
}

terms dealer president, attack liberation

players 3 to 5

neutral {
    territories 6 start 3
}

variant big "Big" default {
    victory capitals
}

variant empty {
}

variant small extends big {
    for 2-3 players {
        turn reinforce, attack when round > 1, fortify
    }
}

for 5+ players {
    setup {
        placement 2 per turn
    }
}
"""


def test_a_long_list_goes_on_under_its_first_entry():
    names = [f"continent_{n:02}" for n in range(12)]
    text = write_fragment({"continents": {name: n for n, name in enumerate(names)}})
    assert text == """\
reinforcements {
    continents continent_00 0, continent_01 1, continent_02 2, continent_03 3, continent_04 4,
               continent_05 5, continent_06 6, continent_07 7, continent_08 8, continent_09 9,
               continent_10 10, continent_11 11
}
"""
    book = reparse("rulebook x\n" + text)
    assert [(a.path[1], a.value) for a in book.assigns] == [(name, n) for n, name in enumerate(names)]


def test_a_fragment_from_a_model_dict_in_the_canonical_order():
    data = {
        "victory": "domination", "round_limit": {"rounds": 20, "by": "territories"},
        "battle": {"defender_chooses": False, "defender_dice": {"1": 1, "2+": 2}, "trench": True},
        "cards": {"sets": {"kind": "flat", "value": 7}},
        "continents": {"asia": "7 - (players - 3)"},
        "starting_armies": {"3": 35, "4-5": 30, "6+": 20},
        "turn": ["reinforce", "attack", "fortify"], "conditions": {"attack": "round>1"},
        "board": "maps/my map.yaml",
    }
    text = write_fragment(data)
    assert text == """\
board "maps/my map.yaml"

setup {
    starting armies 3: 35, 4-5: 30, 6+: 20
}

turn reinforce, attack when round>1, fortify

reinforcements {
    continents asia 7 - (players - 3)
}

cards {
    sets flat 7
}

battle {
    defender dice 1: 1, 2+: 2 always
    trench warfare yes
}

victory domination or after 20 rounds by most territories
"""
    book = reparse("rulebook x\n" + text)
    merged = {}
    for a in book.assigns:
        node = merged
        for key in a.path[:-1]:
            node = node.setdefault(key, {})
        node[a.path[-1]] = a.value
    assert merged == data


def test_a_set_fragment_is_written_back():
    book = parse_rulebook("for 2 players { battle { ties attacker } }\nfortify { moves unlimited }", "--set")
    text = write_fragment(book.assigns, book.overlays)
    assert text == ("fortify {\n    moves unlimited\n}\n\n"
                    "for 2 players {\n    battle {\n        ties attacker\n    }\n}\n")
    again = model(reparse("rulebook x\n" + text))
    assert (again["body"], again["overlays"]) == (model(book)["body"], model(book)["overlays"])


@pytest.mark.parametrize("text, written", [
    ("fog { rest nothing }", "visibility {\n    rest nothing\n}\n"),
    ("visibility {\n  hide nothing\n  lifted at end no\n}", "visibility {\n    hide nothing\n    lifted at end no\n}\n"),
    ("fog {\n  adjacent owner and armies\n  within 2 owner\n  rest nothing\n  hide reinforcements, cards\n"
     "  partners share sight no\n  battles reveal yes\n}",
     "visibility {\n    adjacent owner and armies\n    within 2 owner\n    rest nothing\n"
     "    hide reinforcements, cards\n    partners share sight no\n    battles reveal yes\n}\n"),
])
def test_a_visibility_block_round_trips_written_as_visibility(text, written):
    book = parse_rulebook("rulebook x\n" + text, "x")
    assert round_trip(book) == "rulebook x\n\n" + written
    assert write_fragment(book.assigns) == written


def test_what_a_fragment_cannot_say_is_refused():
    with pytest.raises(ValueError, match="no statement sets cards.jokers"):
        write_fragment({"cards": {"jokers": 2}})
    with pytest.raises(ValueError, match="no statement sets round_limit"):
        write_fragment({"round_limit": {"rounds": 20, "by": "armies"}})
    with pytest.raises(ValueError, match="no statement sets battle.defender_dice"):
        write_fragment({"battle": {"defender_dice": {"1+": 2}}})
    with pytest.raises(ValueError, match="empty list"):
        write_fragment({"colours": []})
    with pytest.raises(ValueError, match="as a name"):
        write_fragment({"continents": {"North America": 5}})
    with pytest.raises(ValueError, match="whole number"):
        write_fragment({"setup": {"placement": -1}})


@pytest.mark.parametrize("title", [
    "Svenska regler: åäö ÅÄÖ", "Deutsche Regeln: äöüß ÄÖÜ",
    "Česká pravidla: čďěňřšťůž ČŘŠŽ",
    r"C:\rules\back\slash", "single ' quote, #hash, {braces}, and trailing space ", "",
])
def test_quoted_texts_are_kept_as_they_are(title):
    book = parse_rulebook("rulebook x\n", "x")
    book.title = title
    book.extends, book.extends_is_path = title, True
    text = write_rulebook(book)
    assert f'title "{title}"\n' in text  # the language has no escapes: a backslash is itself
    again = reparse(text)
    assert (again.title, again.extends, again.extends_is_path) == (title, title, True)


@pytest.mark.parametrize("title", ['say "cheese"', "two\nlines"])
def test_a_double_quote_or_a_line_break_cannot_be_written(title):
    book = parse_rulebook("rulebook x\n", "x")
    book.title = title
    with pytest.raises(ValueError, match="quoted text"):
        write_rulebook(book)


@cache
def expression_parser() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual", start="expr")


def tree(text: str):
    """The tree of an expression, as the parser builds it."""
    return expression_parser().parse(text)


@pytest.mark.parametrize("source, written", [
    ("(a + b) * c", "(a + b) * c"),
    ("a + (b * c)", "a + b * c"),
    ("a + b * c", "a + b * c"),
    ("a - (b - c)", "a - (b - c)"),
    ("(a - b) - c", "a - b - c"),
    ("a // (b * c)", "a // (b * c)"),
    ("-(a + b)", "-(a + b)"),
    ("-(-a)", "--a"),
    ("a - -b", "a - -b"),
    ("(a < b) == (c < d)", "(a < b) == (c < d)"),
    ("not (a and b) or c", "not (a and b) or c"),
    ("not (a < b)", "not a < b"),
    ("(a or b) and c", "(a or b) and c"),
    ("(x if a else b) if c else (d if e else f)", "(x if a else b) if c else d if e else f"),
    ("max((3), territories//3) + (1 if continents>=2 else 0)",
     "max(3, territories // 3) + (1 if continents >= 2 else 0)"),
    ("-(2) * (a % 3)", "-2 * (a % 3)"),
])
def test_an_expression_tree_gets_the_brackets_it_needs(source, written):
    assert write_expression(tree(source)) == written
    assert tree(written) == tree(source)  # the same tree: the brackets left out were not needed


def test_expression_text_is_written_as_it_stands():
    assert write_expression("max(3,territories//3)") == "max(3,territories//3)"
    assert write_expression("(a + b) * c") == "(a + b) * c"
    assert write_expression(-3) == "-3"
    for bad in ["a +", "a\nb", "a # b", "a } board x", " a", ""]:
        with pytest.raises(ValueError):
            write_expression(bad)


def test_a_tree_in_the_model_is_written_with_its_brackets():
    data = {"reinforcements": {"territories": tree("max(3, (territories // 3)) + (a - (b - c))")}}
    assert write_fragment(data) == "reinforcements {\n    territories max(3, territories // 3) + (a - (b - c))\n}\n"
