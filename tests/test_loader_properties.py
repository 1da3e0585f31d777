"""Property: whatever text a stranger hands the loader, it returns rules or raises RuleError.

Inputs are the built-in rulebooks mutated (characters and lines deleted, duplicated,
swapped, replaced by words of the language) and token soup made of the grammar's own words.
CI tries EXAMPLES of each (150, 150 and 100 until the suite outgrew its time);
`python benchmarks/properties.py` runs this file with 150 of each, or more.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook
from riskrules.resources import grammar_path, rulebooks_dir

SOURCES = {p.stem: p.read_text(encoding="utf-8") for p in sorted(rulebooks_dir().glob("*.risk"))}
KEYWORDS = sorted(set(re.findall(r'"([a-z+\-*/%<>=!(){}:,]+)"', grammar_path().read_text(encoding="utf-8"))))
WORDS = KEYWORDS + ["europe", "europa", "asia", "infantry", "red", "total", "territories", "2", "3+", "2-3",
                    "-1", "0", "999999999999", "\n", "\n", " ", "#", '"x"', "nl-1990", '"../x.risk"', "{", "}"]

_DIR = Path(tempfile.mkdtemp(prefix="riskrules-prop-"))
# examples a property (benchmarks/properties.py sets RISKRULES_PROPERTY_SCALE: 3, 150 of each)
EXAMPLES = 50 * int(os.environ.get("RISKRULES_PROPERTY_SCALE", "1"))


def _load(text: str) -> None:
    """Load `text` every way the CLI does; anything but RuleError escapes and fails the test."""
    path = _DIR / "fuzz.risk"
    path.write_text(text, encoding="utf-8")
    try:
        book = open_rulebook(path, strict=False)
        book.check()
        for variant in [None, *book.variants]:
            for players in (None, 2, 3):
                try:
                    book.rules([variant] if variant else None, players)
                except RuleError:
                    pass
    except RuleError:
        pass


mutation = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 10_000), st.integers(1, 40)),
    st.tuples(st.just("insert"), st.integers(0, 10_000), st.sampled_from(WORDS)),
    st.tuples(st.just("swap_lines"), st.integers(0, 400), st.integers(0, 400)),
    st.tuples(st.just("drop_line"), st.integers(0, 400), st.just(0)),
    st.tuples(st.just("dup_line"), st.integers(0, 400), st.just(0)),
)


def _mutate(text: str, steps) -> str:
    for kind, a, b in steps:
        if kind == "delete" and text:
            a %= len(text)
            text = text[:a] + text[a + b:]
        elif kind == "insert":
            a %= len(text) + 1
            text = text[:a] + f" {b} " + text[a:]
        else:
            lines = text.split("\n")
            i, j = a % len(lines), b % len(lines)
            if kind == "swap_lines":
                lines[i], lines[j] = lines[j], lines[i]
            elif kind == "drop_line":
                del lines[i]
            else:
                lines.insert(i, lines[i])
            text = "\n".join(lines)
    return text


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SOURCES)), st.lists(mutation, min_size=1, max_size=6))
def test_mutated_rulebooks(name, steps):
    text = SOURCES[name].replace(f"rulebook {name}", "rulebook fuzz", 1)
    _load(_mutate(text, steps))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=60))
def test_token_soup(words):
    _load("rulebook fuzz\nextends classic\n" + " ".join(words))


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(max_size=300))
def test_any_text(text):
    _load(text)
