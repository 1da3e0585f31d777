"""Where lark may keep its compiled parser: only in the user's own, private cache directory.

lark's cache is a pickle, and unpickling runs code. Its default (`cache=True`) is a file of
a predictable name in the shared temporary directory, where any local user could plant one;
riskrules never uses that. It names its own file in `$XDG_CACHE_HOME/riskrules` (or
`~/.cache/riskrules`), and only when that directory is the user's own and private (mode
0700, no symbolic link), its parent is writable by nobody else, and the file itself, if it
is there, is a regular file of the user's that nobody else may write. Otherwise the parser
is built from the grammar each time (slower start, same parser).
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path


def _cache_dir() -> Path | None:
    base = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    except (RuntimeError, KeyError):  # no home directory
        return None
    return root / "riskrules"


def _private(path: Path, uid: int, directory: bool) -> bool:
    """Whether `path` is the user's own (not a link) and nobody else may write it (or, for a
    directory, enter it)."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    kind_ok = stat.S_ISDIR(st.st_mode) if directory else stat.S_ISREG(st.st_mode)
    closed = 0o077 if directory else 0o022
    return kind_ok and st.st_uid == uid and not st.st_mode & closed


def cache_file(grammar: str) -> str | None:
    """The path lark may use as its cache for `grammar`, or None: build without a cache."""
    getuid = getattr(os, "getuid", None)
    directory = _cache_dir()
    if getuid is None or directory is None:
        return None
    uid = getuid()
    try:
        directory.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        directory.mkdir(mode=0o700, exist_ok=True)
        parent = os.lstat(directory.parent)
    except OSError:
        return None
    if parent.st_uid not in (uid, 0) or parent.st_mode & 0o022 or not _private(directory, uid, True):
        return None
    import lark

    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:24]
    path = directory / f"parser-{digest}-lark{lark.__version__}.cache"
    if os.path.lexists(path) and not _private(path, uid, False):
        return None
    return str(path)


def settle(path: str | None) -> None:
    """After lark wrote its cache: make the file the user's alone, whatever the umask."""
    if path is None:
        return
    try:
        if _private(Path(path).parent, os.getuid(), True) and os.path.isfile(path) and not os.path.islink(path):
            os.chmod(path, 0o600)
    except OSError:
        pass
