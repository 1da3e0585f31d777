"""The answers a hosted game has taken, kept beside its save (`ID.answers.json`), and the
settings its people's seats were made with (`defend_most`: a defender's dice are the most he
may roll, without asking): a game is its seed, these settings and these answers."""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.errors import GameError
from ..engine.log import MAX_LOG_BYTES, write_atomically
from ..language.files import Unreadable, read_text

ANSWERS_FORMAT = 1


def write_answers(path: Path, gid: str, taken: list[list], from_log: int, defend_most: bool) -> None:
    """Every answer taken, atomically (OutputError if it cannot be)."""
    data = {"format": ANSWERS_FORMAT, "id": gid, **({"from_log": from_log} if from_log else {}),
            **({"defend_most": True} if defend_most else {}), "answers": taken}
    write_atomically(path, [json.dumps(data, ensure_ascii=False, separators=(",", ":"))])


def read_answers(path: Path, gid: str, players: int) -> tuple[list[list] | None, int, bool]:
    """The answers kept, or None if there are none (a game an older riskrules saved); the save's
    lines whose people are answered from the save itself; whether the defenders roll the most
    without asking (not in a file kept before that setting). GameError saying why if the file
    is not one this server wrote."""
    if not path.exists():
        return None, 0, False
    try:
        data = json.loads(read_text(path, str(path), MAX_LOG_BYTES, "the answers of a game"))
    except Unreadable as err:
        raise GameError(str(err)) from None
    except (ValueError, RecursionError):
        raise GameError(f"{path}: not the answers of a game (not JSON)") from None
    answers = data.get("answers") if isinstance(data, dict) else None
    from_log = data.get("from_log", 0) if isinstance(data, dict) else None
    most = data.get("defend_most", False) if isinstance(data, dict) else None
    if (not isinstance(data, dict) or data.get("format") != ANSWERS_FORMAT or data.get("id") != gid
            or type(from_log) is not int or from_log < 0 or type(most) is not bool
            or not isinstance(answers, list) or not all(
                type(a) is list and len(a) == 2 and type(a[0]) is int and 0 <= a[0] < players
                and type(a[1]) is dict for a in answers)):
        raise GameError(f"{path}: not the answers of game {gid}")
    return answers, from_log, most
