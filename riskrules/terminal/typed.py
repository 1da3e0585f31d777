"""Typed text, read strictly: what a person types at a prompt is split into words and numbers.

A number is ASCII digits only (no '²', no '٣', no '1_000'), at most `MAX_DIGITS` of them;
an answer is at most `MAX_LENGTH` characters and holds no control characters. Anything
else is refused with a reason, and a refusal quotes at most `QUOTE` characters of what
was typed, so a pasted 10 MB line is never echoed back.

Names are compared folded (`fold`: lower case, in ASCII letters, by anyascii), so 'grossbr'
finds Großbritannien and 'sudeu' Südeuropa, as 'großbr' and 'südeu' do; and word by word
(`starts`), so 'nor afr' finds North Africa.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..engine.decisions import N_

MAX_LENGTH = 200  # characters in one answer; the longest sensible one ("north west territory …") is far shorter
MAX_DIGITS = 6  # no count of armies in a game reaches a million
QUOTE = 24  # characters of the input a refusal quotes

_NUMBER = re.compile(r"[0-9]+", re.ASCII)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffd]")  # and what is no text


class Unreadable(Exception):
    """Typed text that is no answer at all; `template` and `values` are for the catalogs."""

    def __init__(self, template: str, **values):
        super().__init__(template.format(**values))
        self.template = template
        self.values = values


def quote(text: str) -> str:
    """At most QUOTE characters of `text`, with … when cut."""
    text = _CONTROL.sub("?", text)
    return text if len(text) <= QUOTE else text[:QUOTE - 1] + "…"


def clean(raw: str) -> str:
    """The answer without its surrounding blanks; refused when too long or not text."""
    if len(raw) > MAX_LENGTH:
        raise Unreadable(N_("that answer is {n} characters long; at most {most} are read"), n=len(raw),
                         most=MAX_LENGTH)
    if _CONTROL.search(raw):
        raise Unreadable(N_("that answer holds control characters or bytes that are no text"))
    return " ".join(raw.split())


def number(word: str) -> int | None:
    """The number `word` is (ASCII digits only), else None; too many digits is refused."""
    if not _NUMBER.fullmatch(word):
        return None
    if len(word) > MAX_DIGITS:
        raise Unreadable(N_("'{text}' has too many digits"), text=quote(word))
    return int(word)


def split(text: str) -> list[str | int]:
    """Words and numbers, in order: 'north africa 3' → ['north', 'africa', 3]."""
    tokens: list[str | int] = []
    for word in text.split():
        n = number(word)
        tokens.append(word if n is None else n)
    return tokens


def groups(tokens: list[str | int]) -> list[tuple[str, int | None]]:
    """Names each followed by an optional number: 'peru 3 brazil' → [('peru', 3), ('brazil', None)].
    A number with no name before it gets the name ''."""
    found: list[tuple[str, int | None]] = []
    words: list[str] = []
    for token in tokens:
        if isinstance(token, int):
            found.append((" ".join(words), token))
            words = []
        else:
            words.append(token)
    if words:
        found.append((" ".join(words), None))
    return found


_WORDS = re.compile(r"[\s_\-]+")


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """`text` for comparing names: lower case, in ASCII letters (ß → ss, ü → u, č → c), words
    parted by one blank ('north_africa', 'Nord-Afrika' → 'north africa', 'nord afrika')."""
    from anyascii import anyascii

    return " ".join(_WORDS.split(anyascii(text).lower())).strip()


def starts(name: str, text: str) -> bool:
    """Does the folded `name` start with the folded `text`, as a whole ('nordaf' → Nordafrika),
    word by word ('nor afr' → North Africa, 'ost afr' → Ost-Afrika) or with the blanks left
    out ('nord afr' → Nordafrika)?"""
    if name.startswith(text):
        return True
    typed, words = text.split(), name.split()
    if len(typed) < 2:
        return False
    if len(typed) <= len(words) and all(w.startswith(t) for t, w in zip(typed, words)):
        return True
    return "".join(words).startswith("".join(typed))
