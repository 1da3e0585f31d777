"""Reading files that may come from strangers: bounded in size, UTF-8, one clear message."""

from __future__ import annotations

from pathlib import Path


class Unreadable(Exception):
    """Why a file cannot be used; each layer turns it into its own error type."""


def read_text(path: Path, label: str, limit: int, kind: str) -> str:
    """The text of `path`, or Unreadable('<label>: <why>'); `kind` names what the file should be."""
    try:
        if Path(path).stat().st_size > limit:
            raise Unreadable(f"{label}: file is too large (the limit is {limit // 1024} KiB)")
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise Unreadable(f"{label}: no such file") from None
    except IsADirectoryError:
        raise Unreadable(f"{label}: is a directory, not {kind}") from None
    except OSError as err:
        raise Unreadable(f"{label}: cannot be read ({err.strerror})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Unreadable(f"{label}: not UTF-8 text (byte {err.start})") from None
