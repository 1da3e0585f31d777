"""Who may act for which seat: a secret token per person's seat, kept only as its hash.

A token is 32 random bytes (`secrets`), shown once, to whoever made the game, in the seat's
link; the server keeps its SHA-256 in the game's `.seats.json` beside the save, and compares
hashes in constant time (`hmac.compare_digest`). A page sends its token in a header, never in
a URL the server logs (the link carries it after '#', which browsers do not send).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from pathlib import Path

from ..engine.log import write_atomically
from ..language.files import Unreadable, read_text

RECORD_FORMAT = 1
MAX_RECORD_BYTES = 64 * 1024
TOKEN_CHARS = 43  # secrets.token_urlsafe(32)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Seats:
    """The seats of one hosted game: each player's name, agent ('human' or a bot) and, for a
    person's seat, its token's hash."""

    gid: str
    names: list[str]
    agents: list[str]
    hashes: list[str | None]

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None; every seat is compared, in constant time each."""
        if not isinstance(token, str) or len(token) != TOKEN_CHARS:
            return None
        given = digest(token)
        found = None
        for seat, kept in enumerate(self.hashes):
            if kept is not None and hmac.compare_digest(given, kept):
                found = seat
        return found

    def write(self, directory: Path) -> None:
        data = {"format": RECORD_FORMAT, "id": self.gid,
                "seats": [{"name": n, "agent": a, "token_sha256": h}
                          for n, a, h in zip(self.names, self.agents, self.hashes)]}
        write_atomically(Path(directory) / f"{self.gid}.seats.json", [json.dumps(data)])

    @classmethod
    def read(cls, directory: Path, gid: str) -> Seats:
        """ValueError saying why if the record is missing or not one this server wrote."""
        path = Path(directory) / f"{gid}.seats.json"
        try:
            data = json.loads(read_text(path, str(path), MAX_RECORD_BYTES, "a seats record"))
        except (Unreadable, json.JSONDecodeError) as err:
            raise ValueError(str(err)) from None
        seats = data.get("seats") if isinstance(data, dict) else None
        if data.get("format") != RECORD_FORMAT or data.get("id") != gid or not isinstance(seats, list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("agent"), str)
                and (s.get("token_sha256") is None or isinstance(s.get("token_sha256"), str)) for s in seats):
            raise ValueError(f"{path}: not a seats record of game {gid}")
        return cls(gid, [s["name"] for s in seats], [s["agent"] for s in seats], [s["token_sha256"] for s in seats])
