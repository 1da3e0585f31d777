"""What a new reader of the guide met (issue 45): each message word for word."""

from __future__ import annotations

from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook


def problems_of(write, text: str, name: str = "house.risk") -> str:
    path = write(name, text)
    try:
        found = open_rulebook(path, strict=False).check()
    except RuleError as err:
        found = err.problems
    return "\n".join(p.format() for p in found)


def test_capitals_missing_statements_are_named_as_written(write):
    text = ("rulebook house\nextends classic\nvictory capitals\ncapitals {\n    needed 2-6: 2\n"
            "    capture replaces continent armies no\n}\n")
    assert problems_of(write, text) == (
        "house.risk:5:5: no rule sets 'capture takes cards', 'capture eliminates victim' in capitals, "
        "neither here nor in a parent rulebook\n"
        "        needed 2-6: 2\n"
        "        ^")
