"""Finding rule files: an edition id or a path → the rule file, and how messages name it.

The built-in rule files are the editions (rulebooks/*.risk) and the gallery of house rules
(rulebooks/house/*.risk); wherever an edition is asked for, a path to a `.risk` file works too.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from .errors import RuleError, unknown
from .files import MAX_REF, quoted
from ..resources import rulebooks_dir


def builtin_ids() -> list[str]:
    return sorted(p.stem for p in rulebooks_dir().glob("*.risk"))


def house_dir() -> Path:
    """The gallery of house rules (docs/house-rules.md): built-in too, listed apart."""
    return rulebooks_dir() / "house"


def house_ids() -> list[str]:
    return sorted(p.stem for p in house_dir().glob("*.risk"))


def _builtin(ref: str) -> Path | None:
    """The built-in rule file with this id: an edition's, or a house rule's of the gallery."""
    for directory in (rulebooks_dir(), house_dir()):
        path = directory / f"{ref}.risk"
        if path.is_file():
            return path
    return None


def _label(path: Path) -> str:
    """How messages name a file: built-ins as rulebooks/<name>.risk, others relative to here."""
    try:
        if path.resolve().parent == rulebooks_dir().resolve():
            return f"rulebooks/{path.name}"
        if path.resolve().parent == house_dir().resolve():
            return f"rulebooks/house/{path.name}"
    except OSError:
        pass
    try:
        rel = os.path.relpath(path)
        return rel if not rel.startswith("..") else str(path)
    except ValueError:
        return str(path)


_BUILTIN_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def is_path(ref: str) -> bool:
    return ref.endswith(".risk") or os.sep in ref or "/" in ref


def resolve(ref: str | Path) -> Path:
    """An edition id or a path → the rule file's path; RuleError if there is none.

    This is the file the user asked for: any path is fine (it is read only if it is a
    regular file of bounded size); what *it* names is held to the path policy."""
    if isinstance(ref, Path) or is_path(ref):
        text = str(ref)
        if len(text) > MAX_REF or "\0" in text:
            raise RuleError(f"{quoted(text)}: no such rule file")
        path = Path(ref)
        try:
            if not path.exists():
                raise RuleError(f"{text}: no such rule file")
        except OSError as err:
            raise RuleError(f"{text}: cannot be read ({err.strerror})") from None
        return path
    if len(ref) > MAX_REF or not _BUILTIN_NAME.fullmatch(ref):
        raise RuleError(unknown("edition", ref, builtin_ids()) + " (or give the path of a .risk file)")
    path = _builtin(ref)
    if path is None:
        raise RuleError(unknown("edition", ref, builtin_ids() + house_ids()) + " (or give the path of a .risk file)")
    return path
