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

from ..engine.agents import BOTS
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
    host: str | None = None  # the host's token's hash: who may release a seat to the bot (web/away.py)
    away: float | None = None  # the game's own --away and --away-bot (None: the server's)
    away_bot: str = "balanced"

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

    def is_host(self, token: str) -> bool:
        return (isinstance(token, str) and len(token) == TOKEN_CHARS and self.host is not None
                and hmac.compare_digest(digest(token), self.host))

    def write(self, directory: Path) -> None:
        data = {"format": RECORD_FORMAT, "id": self.gid,
                "seats": [{"name": n, "agent": a, "token_sha256": h}
                          for n, a, h in zip(self.names, self.agents, self.hashes)],
                **({"host_sha256": self.host} if self.host else {}),
                **({"away": self.away, "away_bot": self.away_bot} if self.away is not None else {})}
        write_atomically(Path(directory) / f"{self.gid}.seats.json", [json.dumps(data)])

    @classmethod
    def read(cls, directory: Path, gid: str) -> Seats:
        """ValueError saying why if the record is missing or not one this server wrote."""
        path = Path(directory) / f"{gid}.seats.json"
        try:
            data = json.loads(read_text(path, str(path), MAX_RECORD_BYTES, "a seats record"))
        except Unreadable as err:
            raise ValueError(str(err)) from None
        except (ValueError, RecursionError):  # (not JSON; nested deeper than the parser goes)
            raise ValueError(f"{path}: not a seats record (not JSON)") from None
        seats = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or data.get("id") != gid \
                or not isinstance(seats, list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("agent"), str)
                and (s.get("token_sha256") is None or isinstance(s.get("token_sha256"), str)) for s in seats) \
                or not isinstance(data.get("host_sha256", ""), str) \
                or type(data.get("away", 0)) not in (int, float) or data.get("away_bot", "balanced") not in BOTS:
            raise ValueError(f"{path}: not a seats record of game {gid}")
        return cls(gid, [s["name"] for s in seats], [s["agent"] for s in seats], [s.get("token_sha256") for s in seats],
                   data.get("host_sha256"), data.get("away"), data.get("away_bot", "balanced"))

    def misfit(self, directory: Path, names: list[str], humans: list[int]) -> str | None:
        """Why this record cannot be the seats of the saved game of players `names` whose seats
        `humans` are people's (nobody could answer for it, or it is another game's), or None."""
        path = Path(directory) / f"{self.gid}.seats.json"
        if not any(self.hashes):
            return f"{path}: nobody can answer for this game (its seats record has no person's seat)"
        if self.names != names or [s for s, a in enumerate(self.agents) if a == "human"] != humans:
            return f"{path}: its seats are not those of the game saved beside it"
        for seat in humans:
            h = self.hashes[seat]
            if not isinstance(h, str) or len(h) != 64 or not all(c in "0123456789abcdef" for c in h):
                return f"{path}: nobody can answer for {names[seat]}'s seat (its seats record has no token for it)"
        return None
