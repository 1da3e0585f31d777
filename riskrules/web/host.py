"""The games a server hosts: what may be played (the catalog), making a game from a page's
request, and finding every unfinished game again after a restart.

Only what the catalog lists may be chosen: a built-in edition or a house rule of the gallery by
its id, or a `.risk` file lying directly in one of the directories the server was given
(`--rules-dir`), by the name the catalog shows. A request never names a path: nothing outside
those directories is read. Bots are the built-in ones (a plug-in would run a stranger's code).
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlencode
import secrets
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.agents import BOTS
from ..engine.errors import GameError
from ..engine.seed import check_seed
from ..language.carried import carried
from ..language.errors import RuleError
from ..language.files import Unreadable, place
from ..language.loader import editions, house_rules, open_rulebook
from ..outputs import OutputError
from ..text.i18n import Text, available_languages
from .away import AWAY_BOT, AWAY_SECONDS
from .hosted import HostedGame, Over
from .seats import Seats, digest, new_token
from .words import lobby_words

GAME_ID = re.compile(r"[0-9a-f]{16}")
MAX_HOUSE_FILES = 200  # .risk files listed from each rules directory
MAX_TURNS = 1000
CATCH_UP = 120.0  # seconds the games found after a restart are given, all together, to play again what they had
KEEP_FINISHED = 3600.0  # seconds a finished game stays in memory for its pages; then its link says it is over


class Refused(Exception):
    """A request the server will not carry out: `status` (an HTTP code) and why, in a line."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclass
class Host:
    directory: Path  # where the games are kept: <id>.save, <id>.seats.json, <id>.jsonl
    rules_dirs: tuple[Path, ...] = ()
    pace: float = 0.4  # seconds a bot's visible move stays on the pages
    max_games: int = 100  # unfinished games at once
    games: dict[str, HostedGame] = field(default_factory=dict)
    seats: dict[str, Seats] = field(default_factory=dict)
    warn: Callable[[str], None] = lambda line: None  # hears each game found that cannot be resumed
    tell: Callable[[str], None] = lambda line: None  # hears how many go on
    chosen_seeds: bool = False  # may a game of several people be made with a seed of the maker's choice?
    away: float = AWAY_SECONDS  # seconds a person's page may be gone before the bot plays his seat (0: never)
    away_bot: str = AWAY_BOT  # the bot that plays it (web/away.py)
    making: threading.Lock = field(default_factory=threading.Lock)

    # ---- what may be played ------------------------------------------------------------------

    def house_files(self) -> dict[str, Path]:
        """The .risk files of the rules directories, by the name a page chooses them by."""
        found: dict[str, Path] = {}
        for k, directory in enumerate(self.rules_dirs):
            try:
                entries = sorted(os.scandir(directory), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries[:MAX_HOUSE_FILES * 5]:
                if not entry.name.endswith(".risk") or not entry.name.isprintable():
                    continue
                try:
                    path = place(entry.name, directory)  # (a symbolic link out of the directory is refused)
                    if not stat.S_ISREG(path.stat().st_mode):
                        continue
                except (Unreadable, OSError):
                    continue
                name = entry.name if len(self.rules_dirs) == 1 else f"{k + 1}/{entry.name}"
                found[name] = path
                if len(found) >= MAX_HOUSE_FILES * (k + 1):
                    break
        return found

    def catalog(self, lang: str | None = None) -> dict[str, Any]:
        """What may be played; the variants' titles in `lang` (one of the catalogs), if given."""
        t = Text(lang) if lang in available_languages() else None
        named = (lambda v: {**v, "title": t.p_("variant", v["title"])} if t and v.get("title") else v)  # noqa: E731
        return {"editions": [{"id": e["id"], "title": e["title"], "language": e["language"], "players": e["players"],
                              "variants": [named(v) for v in e["variants"]]} for e in editions()],
                "gallery": house_rules(),
                "files": sorted(self.house_files()),
                "bots": list(BOTS), "languages": available_languages(),
                "chosen_seeds": self.chosen_seeds,  # (may a game of several people have a seed chosen?)
                "away": self.away, "away_bot": self.away_bot,  # (the server's: a game's own may differ)
                "words": lobby_words(t or Text("en"))}  # (the lobby's own, in `lang`)

    # ---- a new game ----------------------------------------------------------------------------

    def create(self, request: Any) -> tuple[HostedGame, dict[int, str], str]:
        """A game made as `request` asks (Refused with the reason otherwise), started; and the
        token of each person's seat, and the host's (its maker's: to release a seat to the bot).
        (In the server's worker threads: one at a time.)"""
        with self.making:
            return self._create(request)

    def _create(self, request: Any) -> tuple[HostedGame, dict[int, str], str]:
        if not isinstance(request, dict):
            raise Refused(400, "a game is asked for with a JSON object")
        unknown = set(request) - {"edition", "file", "variant", "players", "seats", "lang", "seed", "max_turns",
                                 "defend_most", "away", "away_bot"}
        if unknown:
            raise Refused(400, f"unknown field '{sorted(unknown)[0][:40]}'")
        self.forget_finished()
        if sum(1 for g in self.games.values() if not g.finished) >= self.max_games:
            raise Refused(503, f"this server hosts {self.max_games} unfinished games already; try later")
        edition, label = self._edition(request)
        variant = request.get("variant") or None
        if variant is not None and (not isinstance(variant, list) or len(variant) > 10
                                    or not all(isinstance(v, str) and 0 < len(v) <= 60 for v in variant)):
            raise Refused(400, "'variant' is a list of variant ids")
        players, seats = request.get("players"), request.get("seats")
        if type(players) is not int or not 2 <= players <= 8:
            raise Refused(400, "'players' is a number of players")
        if not isinstance(seats, list) or len(seats) != players:
            raise Refused(400, "'seats' names who plays each seat: 'human' or a bot, one for each player")
        for kind in seats:
            if kind != "human" and kind not in BOTS:
                raise Refused(400, f"a seat is 'human' or one of the bots {', '.join(BOTS)}")
        if "human" not in seats:
            raise Refused(400, "at least one seat is a person's: watch bots play with `risk play --humans 0`")
        seed = request.get("seed")
        if seed is None:
            seed = secrets.randbits(63)  # (the seed tells every card and die to come: not to be guessed)
        elif type(seed) is not int:
            raise Refused(400, "'seed' is a whole number")
        elif problem := check_seed_problem(seed):
            raise Refused(400, problem)
        elif seats.count("human") > 1 and not self.chosen_seeds:
            raise Refused(400, "a seed is chosen only for a game of one person (whoever knows it knows every "
                               "card and die to come), unless the server is started with --chosen-seeds")
        max_turns = request.get("max_turns", MAX_TURNS)
        if type(max_turns) is not int or not 1 <= max_turns <= MAX_TURNS:
            raise Refused(400, f"'max_turns' is a number from 1 to {MAX_TURNS}")
        defend_most = request.get("defend_most", True)
        if type(defend_most) is not bool:
            raise Refused(400, "'defend_most' is true (a defender rolls the most dice he may, unasked) or false")
        away, away_bot = request.get("away", self.away), request.get("away_bot", self.away_bot)
        if type(away) not in (int, float) or not (away == 0 or 1 <= away <= 86_400):
            raise Refused(400, "'away' is the seconds a person's page may be gone before a bot plays his seat: "
                               "0 (never), or from 1 to 86400")
        if away_bot not in BOTS:
            raise Refused(400, f"'away_bot' is one of the bots {', '.join(BOTS)}")
        try:
            book = open_rulebook(edition)
            rules = book.rules(variant, players)
            files = carried(book, edition, variant, players, rules) if isinstance(edition, Path) else {}
        except RuleError as err:  # (named as the catalog names it: a page is not told where the server keeps it)
            raise Refused(422, self.unplaced(err.first_line.replace(str(edition), label))) from None
        except GameError as err:
            raise Refused(422, str(err)) from None
        lang = request.get("lang") or rules.language
        if not isinstance(lang, str) or lang not in available_languages():
            raise Refused(400, f"'lang' is one of {', '.join(available_languages())}")
        gid = secrets.token_hex(8)
        tokens = {s: new_token() for s, kind in enumerate(seats) if kind == "human"}
        names = list(rules.colours[:players])
        hosting = new_token()
        record = Seats(gid, names, list(seats), [digest(tokens[s]) if s in tokens else None for s in range(players)],
                       digest(hosting), away, away_bot)
        try:
            game = HostedGame.new(gid, self.directory, rules, str(edition), files, list(seats), seed, lang,
                                  self.pace, max_turns, defend_most, away, away_bot)
        except GameError as err:
            raise Refused(422, str(err)) from None
        game.again = "/?" + urlencode({"rules": f"{'file' if file_made(request) else 'edition'}:{label}",
                                       "variant": ",".join(variant or []), "players": players,
                                       "seats": ",".join(seats), "lang": lang})
        # its save first, then its seats: a game whose seats are written is found again after a restart
        game.start()
        if not game.begun.wait(30) or game.failed is not None:
            game.close(1.0)
            raise Refused(507, game.failed or "the game could not be saved in time; try again")
        try:
            record.write(self.directory)
        except OutputError as err:
            game.close(1.0)
            raise Refused(507, str(err)) from None
        self._add(game, record, started=True)
        return game, tokens, hosting

    def unplaced(self, message: str) -> str:
        """`message` without the places on disk of the rules directories."""
        for directory in self.rules_dirs:
            message = message.replace(f"{directory}{os.sep}", "").replace(str(directory), ".")
        return message

    def forget_finished(self, now: float | None = None) -> None:
        """Let go of the games finished more than KEEP_FINISHED seconds ago (their files stay)."""
        now = time.monotonic() if now is None else now
        for gid in [gid for gid, g in self.games.items() if g.ended_at is not None and now - g.ended_at > KEEP_FINISHED]:
            del self.games[gid]

    def _edition(self, request: dict) -> tuple[str | Path, str]:
        edition, file = request.get("edition"), request.get("file")
        if (edition is None) == (file is None):
            raise Refused(400, "name an 'edition' (or a house rule of the gallery) or a 'file' of the catalog")
        if file is not None:
            path = self.house_files().get(file) if isinstance(file, str) else None
            if path is None:
                raise Refused(404, "no such house rule file on this server (its catalog lists those it has)")
            return path, file
        known = {e["id"] for e in editions()} | {h["id"] for h in house_rules()}
        if not isinstance(edition, str) or edition not in known:
            raise Refused(404, "no such edition (the catalog lists the editions and house rules)")
        return edition, edition

    def _add(self, game: HostedGame, record: Seats, started: bool = False) -> None:
        self.games[game.id] = game
        self.seats[game.id] = record
        if not started:
            game.start()

    # ---- after a restart -------------------------------------------------------------------------

    def resume_all(self) -> None:
        """Every unfinished game of the directory, played again from its save and going on. A game
        whose files are damaged, or that nobody could answer for, is told in one line (`warn`) and
        left as it is: the others go on."""
        resumed: list[tuple[HostedGame, Seats]] = []
        for path in sorted(self.directory.glob("*.seats.json")):
            gid = path.name.removesuffix(".seats.json")
            if not GAME_ID.fullmatch(gid) or gid in self.games:
                continue
            try:
                record = Seats.read(self.directory, gid)
                if (self.directory / f"{gid}.jsonl").exists():
                    self.seats[gid] = record  # over: its log is written
                    continue
                try:
                    away = (self.away, self.away_bot) if record.away is None else (record.away, record.away_bot)
                    game = HostedGame.resume(gid, self.directory, self.pace, *away)
                except Over:  # (its save was at the end: its log is written now)
                    self.seats[gid] = record
                    continue
                # (the players' names: a 2-player game's neutral army has no seat in the record)
                misfit = record.misfit(self.directory, game.game.names[:game.game.players], game.humans)
                if misfit is not None:
                    raise ValueError(misfit)
            except (GameError, ValueError, RuleError, OSError, OutputError) as err:
                self.warn(f"{gid}: {str(err).splitlines()[0] if str(err) else type(err).__name__}")
                continue
            except Exception as err:  # noqa: BLE001 — one game's files, however damaged, never stop the server
                self.warn(f"{gid}: its files cannot be read ({type(err).__name__})")
                continue
            game.start()
            resumed.append((game, record))
        end = time.monotonic() + CATCH_UP
        for game, record in resumed:  # (each plays again what it had played, in its own thread)
            game.caught_up.wait(max(0.0, end - time.monotonic()))
            if game.failed is not None:
                self.warn(f"{game.id}: {game.failed.splitlines()[0]}")
                game.close(1.0)
                continue
            self._add(game, record, started=True)

    def close(self, wait: float = 5.0) -> None:
        """Stop every game's thread where it stands (as saved), waiting at most `wait` seconds in all."""
        games = list(self.games.values())
        for game in games:
            game.closing.set()
            game.woken.set()
            game.answers.put(None)
        end = time.monotonic() + wait
        for game in games:
            game.close(max(0.0, end - time.monotonic()))


def check_seed_problem(seed: int) -> str | None:
    try:
        check_seed(seed)
    except GameError as err:
        return str(err)
    return None


def file_made(request: dict) -> bool:
    return request.get("file") is not None
