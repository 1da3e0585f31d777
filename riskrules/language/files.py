"""Reading files that may come from strangers: where they may point, and bounded reads.

Two rules, one place (rule files, boards, and the headers of saves and logs all use them):

* `place(ref, base_dir)` — a file that names another file (`extends "x.risk"`, `board
  "my.yaml"`, a log's edition) may name only a relative path that stays inside its own
  directory: no absolute path, no `..` out of it, no symbolic link out of it. The user
  widens that with `--allow-dir DIR` (`allow_dirs`). A refused path is named, never opened.
* `read_text(path, …)` — only a regular file is opened; its size is checked before
  reading and the read itself is bounded. A FIFO, a device, a socket, a directory or an
  oversized file is refused at once, without blocking and without reading any of it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

MAX_REF = 255  # characters in a path or name one file gives for another
_ALLOWED: tuple[Path, ...] = ()  # directories the user allowed with --allow-dir


class Unreadable(Exception):
    """Why a file cannot be used; each layer turns it into its own error type."""


def quoted(text: str, width: int = 60) -> str:
    """`text` in quotes for a message, cut short when long (a stranger's text is never shown whole)."""
    shown = text if len(text) <= width else text[:width] + "…"
    return "'" + "".join(c if c.isprintable() else "?" for c in shown) + "'"


# ---- Where a file may point ------------------------------------------------------------------

def allow_dirs(dirs: Iterable[str | Path]) -> None:
    """Widen the policy for this process: files in (or below) these directories may be named too."""
    global _ALLOWED
    _ALLOWED = tuple(dict.fromkeys(Path(os.path.realpath(d)) for d in dirs))


def allowed_dirs() -> tuple[Path, ...]:
    return _ALLOWED


def _inside(path: Path, directory: Path) -> bool:
    return path == directory or directory in path.parents


def place(ref: str, base_dir: str | Path, allow: Iterable[str | Path] | None = None) -> Path:
    """The file that `ref`, written in a file in `base_dir`, names — or Unreadable saying why not.

    `ref` must be relative and resolve (symbolic links followed) inside `base_dir`, or inside
    one of the allowed directories (`allow`, default: those given with --allow-dir), where an
    absolute path is accepted too. The answer is the resolved path: open it, not `ref`.
    """
    if len(ref) > MAX_REF:
        raise Unreadable(f"refused path {quoted(ref)}: longer than {MAX_REF} characters")
    if not ref or "\0" in ref or not ref.isprintable():
        raise Unreadable(f"refused path {quoted(ref)}: not a file name")
    allowed = tuple(Path(os.path.realpath(d)) for d in allow) if allow is not None else _ALLOWED
    base = Path(os.path.realpath(base_dir))
    real = Path(os.path.realpath(base / ref))  # an absolute ref replaces base here
    if any(_inside(real, d) for d in allowed):
        return real
    if os.path.isabs(ref):
        raise Unreadable(f"refused path {quoted(ref)}: an absolute path "
                         f"(name a file beside this one, or allow its directory with --allow-dir DIR)")
    if not _inside(real, base):
        how = "a symbolic link" if _inside(Path(os.path.normpath(base / ref)), base) else "it"
        raise Unreadable(f"refused path {quoted(ref)}: {how} leads out of the directory of the file that names it "
                         f"(allow its directory with --allow-dir DIR)")
    return real


# ---- Bounded reads of regular files -------------------------------------------------------------

def read_bytes(path: str | Path, label: str, limit: int, kind: str) -> bytes:
    """The bytes of the regular file `path` (at most `limit`), or Unreadable('<label>: <why>')."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise Unreadable(f"{label}: no such file") from None
    except (OSError, ValueError) as err:
        raise Unreadable(f"{label}: cannot be read ({getattr(err, 'strerror', None) or 'bad name'})") from None
    _refuse_irregular(st, label, limit, kind)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise Unreadable(f"{label}: cannot be read ({err.strerror})") from None
    try:
        opened = os.fstat(fd)
        _refuse_irregular(opened, label, limit, kind)  # the file may have been swapped since the stat
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise Unreadable(f"{label}: cannot be read ({err.strerror})") from None
    finally:
        os.close(fd)
    if size > limit:  # it grew while we read
        raise Unreadable(f"{label}: file is too large (the limit is {limit // 1024} KiB)")
    return b"".join(chunks)


def _refuse_irregular(st: os.stat_result, label: str, limit: int, kind: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise Unreadable(f"{label}: is a directory, not {kind}")
    if not stat.S_ISREG(st.st_mode):
        raise Unreadable(f"{label}: not a regular file (a device, a FIFO or a socket), not {kind}")
    if st.st_size > limit:
        raise Unreadable(f"{label}: file is too large (the limit is {limit // 1024} KiB)")


def read_text(path: str | Path, label: str, limit: int, kind: str) -> str:
    """The UTF-8 text of the regular file `path`, or Unreadable('<label>: <why>'); `kind` names
    what the file should be."""
    raw = read_bytes(path, label, limit, kind)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Unreadable(f"{label}: not UTF-8 text (byte {err.start})") from None
