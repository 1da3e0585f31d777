"""Game logs and save files as validated data.

A log may come from anyone, so nothing of it is used before it is checked: each line is
bounded in length, nesting and digits *before* `json.loads` sees it, the header is checked
against the schema shipped in the package (riskrules/language/schema/log.schema.json), and
once the rules are known every event is checked against the same schema, with the board's
territories and continents and the header's players as the only names allowed. Every
refusal is one GameError '<file>:<line>: <what was expected>, <what was found>'. The events'
schemas are also compiled into closures that only say valid or not (language/schema_fast.py,
some 15 times faster); jsonschema is asked only about an event they find invalid, for its message.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from ..language.carried import MAX_BYTES as MAX_CARRIED, bounds_problem
from ..language.schema_fast import compile_schema
from ..language.schemas import validator_class
from .dice import GameError

MAX_LINE = 64 * 1024  # characters in one line: the longest real event is a few hundred
# … but the header may carry the rule files of a house rule (language/carried.py: at most
# MAX_CARRIED bytes of text, which JSON may write at most twice as long: \n, \", \\, \t)
MAX_HEADER_LINE = 2 * MAX_CARRIED + MAX_LINE
MAX_DEPTH = 16  # nesting of [ and {: real events nest 3 deep
MAX_DIGITS = 19  # digits of one number: enough for any 63-bit seed


class _Refused(Exception):
    """A line refused before or while it is parsed (turned into a GameError with its place)."""


def _int(digits: str) -> int:
    if len(digits) > MAX_DIGITS + (digits[:1] == "-"):
        raise _Refused(f"a number of {len(digits)} digits (at most {MAX_DIGITS})")
    return int(digits)


def _float(text: str):
    raise _Refused(f"the number {text[:24]}{'…' if len(text) > 24 else ''} (a log holds whole numbers only)")


def _constant(text: str):
    raise _Refused(f"{text} (not a number a log can hold)")


_DECODE = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant).decode
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _depth(line: str) -> int:
    """How deep [ and { nest in `line`, strings skipped; cheap enough to run first."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub("", line)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _short(value: Any, limit: int = 60) -> str:
    """A value as a short quote: never more than `limit` characters of a stranger's file."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def parse_line(line: str, limit: int = MAX_LINE) -> Any:
    """One line's JSON value, or _Refused: too long (over `limit` characters), too deep or too
    many digits are refused before the parser runs (or while it converts a number)."""
    if len(line) > limit:
        raise _Refused(f"a line of {len(line):,} characters (at most {limit:,})")
    if line.count("[") + line.count("{") > MAX_DEPTH and _depth(line) > MAX_DEPTH:
        raise _Refused(f"JSON nested more than {MAX_DEPTH} deep")
    try:
        return _DECODE(line)
    except json.JSONDecodeError:
        raise _Refused("not JSON") from None
    except RecursionError:  # unreachable after the depth check; kept as a last guard
        raise _Refused(f"JSON nested more than {MAX_DEPTH} deep") from None


def parse_log(text: str, label: str) -> list[dict]:
    """The events of a log's text, each a dict with a type and a turn; GameError if not.
    Lines end at \n only (JSON Lines): other line breaks may stand in a JSON string."""
    if text and not text.endswith("\n"):
        raise GameError(f"{label}: damaged — its last line is cut off")
    events = []
    for number, line in enumerate(text.split("\n")[:-1], 1):
        try:
            event = parse_line(line, MAX_HEADER_LINE if number == 1 else MAX_LINE)
        except _Refused as why:
            if number == 1:
                raise GameError(f"{label}: not a riskrules game log") from None
            raise GameError(f"{label}:{number}: damaged — {why}") from None
        if not isinstance(event, dict) or "type" not in event or "turn" not in event:
            if number == 1:
                raise GameError(f"{label}: not a riskrules game log")
            raise GameError(f"{label}:{number}: damaged — not a game event (expected an object with "
                            f"'type' and 'turn', found {_short(event)})")
        events.append(event)
    if not events or events[0].get("type") != "game_start":
        raise GameError(f"{label}: not a riskrules game log (it does not begin with game_start)")
    return events


# ---- the schema --------------------------------------------------------------------------------

@cache
def _schema() -> dict:
    from ..language.schemas import schema

    return schema("log.schema.json")


def _inline(node: Any, defs: dict) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and "/" not in ref.removeprefix("#/$defs/"):
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inline(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


@cache
def _parts() -> tuple[dict, dict, dict[str, dict]]:
    """The header's schema, the schema every event meets, and one per known event type."""
    defs = _schema()["$defs"]
    return (_inline(defs["header"], defs), _inline(defs["event"], defs),
            {k: _inline(v, defs) for k, v in defs["events"].items()})


_TYPE_NAMES = {"integer": "a whole number", "string": "a string", "object": "an object", "array": "a list",
               "boolean": "true or false", "null": "null", "number": "a number"}


def _expected(error) -> str:
    """What a schema error expected, in words."""
    v, arg = error.validator, error.validator_value
    if v == "type":
        kinds = arg if isinstance(arg, list) else [arg]
        return " or ".join(_TYPE_NAMES.get(k, k) for k in kinds)
    if v == "minimum":
        return f"a number of at least {arg}"
    if v == "maximum":
        return f"a number of at most {arg:,}"
    if v in ("maxLength", "maxItems", "maxProperties"):
        return f"at most {arg} {'characters' if v == 'maxLength' else 'entries'}"
    if v in ("minLength", "minItems"):
        return f"at least {arg} {'character' if v == 'minLength' else 'entry'}{'s' if arg != 1 else ''}"
    if v == "const":
        return json.dumps(arg)
    if v == "enum":
        return " or ".join(json.dumps(a) for a in arg)
    if v == "pattern":
        return "a name of lower-case letters and '_'" if "a-z_" in arg else "a hexadecimal fingerprint"
    if v == "format":
        return {"territory": "a territory of the board", "continent": "a continent of the board",
                "player": "a player of this game"}.get(arg, arg)
    if v == "anyOf":
        return " or ".join(_expected(e) for e in error.context[:2]) if error.context else "another value"
    if v == "not":
        return "not game_start (only line 1 is the header)"
    return error.message[:80]


def _problem(error) -> str:
    path = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "required":
        missing = next((k for k in error.validator_value if k not in error.instance), "?")
        return f"{path + ': ' if path else ''}expected the key '{missing}', found none"
    where = f"'{path}'" if path else "the line"
    return f"{where}: expected {_expected(error)}, found {_short(error.instance)}"


def _first_error(validator, value):
    errors = sorted(validator.iter_errors(value), key=lambda e: (len(e.absolute_path), list(map(str, e.path))))
    return errors[0] if errors else None


@cache
def _header_validator():
    return validator_class()(_parts()[0])


def check_header(header: dict, label: str, log_format: int) -> None:
    """The header (line 1) alone: GameError '<file>:1: …' if it breaks the schema."""
    if header.get("kind") == "view":  # (`risk play --log-for`: one player's view, not the game)
        raise GameError(f"{label}:1: what one player was told of a game (--log-for), not a game log: it does not "
                        "replay; the game's own log does, and `risk replay LOG --as PLAYER --show` tells it as he saw it")
    error = _first_error(_header_validator(), header)
    if error is not None:
        raise GameError(f"{label}:1: damaged header — {_problem(error)}")
    if header["format"] != log_format:
        raise GameError(f"{label}:1: this log has format {header['format']}; this riskrules reads format {log_format}")
    names = [p["name"] for p in header["players"]]
    if len(set(names)) != len(names):
        raise GameError(f"{label}:1: damaged header — 'players': expected distinct names, found {_short(names)}")
    if header.get("neutral") in names:
        raise GameError(f"{label}:1: damaged header — 'neutral': expected a name no player has, "
                        f"found {_short(header['neutral'])}")
    if "files" in header:
        problem = bounds_problem(header["files"])
        if problem:
            raise GameError(f"{label}:1: damaged header — 'files': {problem}")
    count = header.get("player_count")
    if count is not None and count != len(names):
        raise GameError(f"{label}:1: damaged header — 'player_count': expected {len(names)} (the players "
                        f"named), found {count}")


class EventChecker:
    """Checks the events of one game: the schema, with the board's and the header's names."""

    def __init__(self, territories, continents, players):
        from jsonschema import FormatChecker

        names = {"territory": frozenset(territories), "continent": frozenset(continents),
                 "player": frozenset(players)}
        formats = FormatChecker(formats=())
        for kind, allowed in names.items():
            formats.checks(kind)(lambda value, allowed=allowed: not isinstance(value, str) or value in allowed)
        _, common, per_type = _parts()
        self.common = validator_class()(common, format_checker=formats)
        self.per_type = {k: validator_class()(s, format_checker=formats) for k, s in per_type.items()}
        # the same schemas as closures that only say valid or not: jsonschema is asked only for a message
        self.fast_common = compile_schema(common, names, lambda sub: self.common.evolve(schema=sub).is_valid)
        self.fast_per_type = {k: compile_schema(s, names, lambda sub, v=v: v.evolve(schema=sub).is_valid)
                              for (k, s), v in zip(per_type.items(), self.per_type.values())}

    def problem(self, event: dict) -> str | None:
        if self.fast_common(event):
            fast = self.fast_per_type.get(event.get("type"))
            if fast is None or fast(event):
                return None
        error = _first_error(self.common, event)
        if error is None and event.get("type") in self.per_type:
            error = _first_error(self.per_type[event["type"]], event)
        return None if error is None else _problem(error)


def check_events(events: list[dict], label: str, territories, continents, header: dict) -> None:
    """Every line after the header, against the schema; nothing may follow game_over."""
    players = [p["name"] for p in header["players"]] + ([header["neutral"]] if header.get("neutral") else [])
    checker = EventChecker(territories, continents, players)
    for number, event in enumerate(events[1:], 2):
        problem = checker.problem(event)
        if problem is not None:
            raise GameError(f"{label}:{number}: damaged — {problem}")
        if event["type"] == "game_over" and number < len(events):
            raise GameError(f"{label}:{number + 1}: damaged — a line after game_over (line {number}): "
                            f"the game ended there")
