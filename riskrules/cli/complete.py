"""Shell completion of what a command's arguments name: edition ids (and .risk files), an
edition's variants, the languages. Typer calls these when the shell asks (`risk --install-completion`);
each imports what it reads only then, so that `risk --help` stays light.
"""

from __future__ import annotations

from pathlib import Path

import typer


def editions(incomplete: str) -> list[str]:
    """The built-in editions and house rules whose id starts with `incomplete`, and the .risk
    files (and folders) a path typed so far may go on to."""
    from ..language.find import builtin_ids, house_ids

    found = [ref for ref in [*builtin_ids(), *house_ids()] if ref.startswith(incomplete)]
    return found + _risk_files(incomplete)


def _risk_files(incomplete: str) -> list[str]:
    """The .risk files, and the folders to go into, that a path typed so far may go on to
    (folders only once something path-like is typed, or nothing)."""
    start = incomplete.rsplit("/", 1)[-1]
    head = incomplete[:len(incomplete) - len(start)]
    folders = not incomplete or bool(head) or incomplete.startswith(".")
    try:
        entries = sorted(Path(head or ".").iterdir())
    except OSError:
        return []
    found = []
    for path in entries:
        if not path.name.startswith(start) or (path.name.startswith(".") and not start.startswith(".")):
            continue
        if path.is_dir() and folders:
            found.append(f"{head}{path.name}/")
        elif path.suffix == ".risk" and path.is_file():
            found.append(f"{head}{path.name}")
    return found


def variants(ctx: typer.Context, incomplete: str) -> list[str]:
    """The variants of the edition given before (of every built-in edition, when none is); after a
    comma ('--variant missions,'), the ones that may follow."""
    from ..language.find import builtin_ids
    from ..language.loader import open_rulebook

    done, _, start = incomplete.rpartition(",")
    prefix = done + "," if done else ""
    edition = None
    if ctx is not None:  # (while an option waits for its value, the edition is among the args left)
        edition = (ctx.params or {}).get("edition") or next((a for a in ctx.args if not a.startswith("-")), None)
    names: list[str] = []
    for ref in [edition] if edition else builtin_ids():
        try:
            names += [v for v in open_rulebook(ref).variants if v not in names]
        except Exception:  # a path that is no rule file (yet): nothing to offer
            continue
    chosen = set(done.split(",")) if done else set()
    return [prefix + name for name in names if name.startswith(start) and name not in chosen]


def languages(incomplete: str) -> list[str]:
    """The languages the text can be shown in."""
    from ..text.i18n import available_languages

    return [lang for lang in available_languages() if lang.startswith(incomplete)]
