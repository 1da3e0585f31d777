"""Where the data files are: the grammar, the built-in rulebooks and boards, the catalogs.

In a checkout they sit at the top of the repository (the design card's layout); an
installed wheel carries them inside the package as `riskrules/_data/…`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The directory `name` (grammar, rulebooks, locales), bundled or in the checkout."""
    bundled = _PACKAGE / "_data" / name
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / name


def grammar_path() -> Path:
    return data_dir("grammar") / "risk.lark"


def rulebooks_dir() -> Path:
    return data_dir("rulebooks")


def boards_dir() -> Path:
    return data_dir("rulebooks") / "boards"


def locales_dir() -> Path:
    return data_dir("locales")


def schema_path(name: str) -> Path:
    """A JSON Schema shipped in the package itself."""
    return _PACKAGE / "language" / "schema" / name
