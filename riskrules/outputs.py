"""Writing the files a user names (--save, --log, --csv, --plot): whole or not at all, and never
over what the command reads (`check_distinct`).

A file is written to a hidden temporary file beside it, flushed to disk, then renamed over
the target, so a crash leaves the old file or the new one, never half of one. Every failure
is an `OutputError` naming the user's own path (never the temporary one), and the temporary
file is removed on any exception, on Ctrl-C and — through `install_signal_handlers`, which
the `risk` command calls — on SIGTERM and SIGHUP.

Only `kill -9` (or a power cut) can leave a temporary file behind: it is named
`.<name>.<pid>.<random>.tmp`, and the next write to the same target removes those of its
owner whose process is gone (`sweep`).
"""

from __future__ import annotations

import os
import re
import signal
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


class OutputError(Exception):
    """A file the user named cannot be written: '<path>: <why>'."""


def _why(err: OSError) -> str:
    return err.strerror or str(err) or type(err).__name__


def check_target(path: Path) -> None:
    """Refuse at once a target whose directory is missing or not writable, or which is a
    directory itself — before a long run, not after it."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(f"{path}: cannot be written (no such directory: {parent})")
    if path.is_dir():
        raise OutputError(f"{path}: cannot be written (it is a directory)")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{path}: cannot be written (permission denied)")


def same_file(a: Path, b: Path) -> bool:
    """Whether two names are one file: by the file itself where both are there (a link, another
    spelling, a hard link), else by their absolute paths with every link resolved."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one is not there (yet); (ValueError: a NUL in a name)
        try:
            return os.path.realpath(a) == os.path.realpath(b)
        except (OSError, ValueError):
            return False


def _is(a: Path, b: Path) -> bool:
    """Whether both are there, and one file (an input that is not there is replaced by nothing)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def check_distinct(outputs: Iterable[tuple[str, Path | None]],
                   inputs: Iterable[tuple[str, Path | None]] = ()) -> None:
    """An output never replaces an input, nor another output of the same command: OutputError in
    one line, before anything is written, if one of `outputs` (how the command line names it, and
    its path) is one of `inputs` (what it is, such as 'a rule file', and its path) or another
    output. A None path is no file."""
    named = [(flag, Path(path)) for flag, path in outputs if path is not None]
    read = [(what, Path(path)) for what, path in inputs if path is not None]
    for k, (flag, path) in enumerate(named):
        for what, source in read:
            if _is(path, source):
                raise OutputError(f"{flag} {path}: that is {what} this command reads: an output never replaces "
                                  "an input")
        for other, there in named[:k]:
            if same_file(path, there):
                raise OutputError(f"{other} and {flag} name the same file ({path}): each output needs a file of "
                                  "its own")


_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[A-Za-z0-9_]+\.tmp\Z")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def sweep(path: Path) -> list[Path]:
    """Remove the temporary files of earlier writes to `path` left by killed processes: only
    regular files (not links) of this user, named for this target, whose process is gone."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    removed = []
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return removed
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in entries:
        m = _TEMP.match(entry.name)
        if not m or m["name"] != path.name or int(m["pid"]) == os.getpid() or _alive(int(m["pid"])):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not entry.is_file(follow_symlinks=False) or (uid is not None and st.st_uid != uid):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


_PENDING: set[str] = set()  # temporary files being written now, removed if a signal ends us


@contextmanager
def atomic(path: Path, binary: bool = False) -> Iterator[IO]:
    """A file object to write `path` through; the file appears whole when the block ends
    without an exception, and not at all otherwise."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    sweep(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=parent)
    except OSError as err:
        if not parent.is_dir():
            raise OutputError(f"{path}: cannot be written (no such directory: {parent})") from None
        raise OutputError(f"{path}: cannot be written ({_why(err)})") from None
    _PENDING.add(tmp)
    try:
        os.fchmod(fd, _mode(path))
        with os.fdopen(fd, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except OSError as err:
        _remove(tmp)
        raise OutputError(f"{path}: cannot be written ({_why(err)})") from None
    except BaseException:
        _remove(tmp)
        raise
    finally:
        _PENDING.discard(tmp)


def _mode(path: Path) -> int:
    """The mode the file gets: the one it has, or what a plain open() would give a new file (0666
    less the umask) — not mkstemp's 0600, which would keep a page or a drawing from the people it
    is written for."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def write_lines(path: Path, lines: Iterable[str]) -> None:
    """Write `lines` (each without its newline) to `path` atomically."""
    with atomic(path) as out:
        for line in lines:
            out.write(line + "\n")


def _ended(signum, frame) -> None:
    for tmp in list(_PENDING):
        _remove(tmp)
    raise SystemExit(128 + signum)


def _reader_gone(fd: int) -> bool:
    """Whether `fd` is a pipe (or socket) whose reading end has been closed: poll says POLLERR."""
    import select

    if not hasattr(select, "poll"):
        return False
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    try:
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except OSError:
        return False


def _pipe_closed(signum, frame) -> None:
    """SIGPIPE: if it is standard output whose reader has gone (`risk … | head`), end quietly
    with exit code 0 — through the clean-up code, as for SIGTERM, and with standard output sent
    to /dev/null so that nothing is written, or complained about, on the way out. Any other
    broken pipe (a worker, a socket) goes on as Python's own: an error where the write failed."""
    import sys

    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    if not _reader_gone(fd):
        return
    os.dup2(os.open(os.devnull, os.O_WRONLY), fd)
    raise SystemExit(0)


def install_signal_handlers() -> None:
    """SIGTERM and SIGHUP end the command as Ctrl-C does: through the clean-up code, so no
    temporary file is left behind (SIGKILL cannot be caught: see `sweep`).

    A closed standard output (`risk … | head`) ends the command quietly with exit code 0, no
    message and no traceback (`_pipe_closed`). Python ignores SIGPIPE, so the write fails with
    EPIPE; click turns that into exit code 1 before the `risk` command sees it. The handler runs
    as the failure is handled, and ends the command first."""
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) in (signal.SIG_DFL, None):
            signal.signal(sig, _ended)
    sig = getattr(signal, "SIGPIPE", None)
    if sig is not None and signal.getsignal(sig) in (signal.SIG_IGN, signal.SIG_DFL, None):
        signal.signal(sig, _pipe_closed)
