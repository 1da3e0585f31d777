"""The end of a hosted game as each person's page tells it: who won and how (a mission in its
own words), every seat's mission as the game's replay page shows them to that seat (all of
them, unless a fog that is not lifted at the end keeps the others'), and a link to that page.

Made once the game is over, from its log (its lines, the public record of a finished game), by
the same rule as `risk replay-page --as SEAT`: under a fog the page is the seat's own stream."""

from __future__ import annotations

import hmac
import json
import secrets
from typing import Any

from ..engine.replay import seat_stream
from ..language.rules import Rules
from ..text.i18n import Text
from ..text.narrate import mission_text
from ..text.replay_page import replay_page


def _fogged(rules: Rules) -> bool:
    return rules.visibility is not None and rules.visibility.foggy


def missions_of(lines: list[str]) -> dict[str, dict]:
    """Each player's mission, from the game's lines."""
    found = {}
    for line in lines:
        if '"mission_dealt"' in line:
            e = json.loads(line)
            if e["type"] == "mission_dealt" and "mission" in e:
                found[e["player"]] = e["mission"]
    return found


def endings(lines: list[str], rules: Rules, t: Text, humans: list[int], names: list[str], winner: str | None,
            reason: str) -> dict[int, dict[str, Any]]:
    """For each person's seat: `missions` (player's name in words → the mission in words, those the
    seat may see now), `how` (the winner's mission, if it won by it and the seat may see it), and
    `key` (its replay page's, kept by the server)."""
    missions = missions_of(lines)
    open_end = not _fogged(rules) or rules.visibility.lifted
    out = {}
    for seat in humans:
        shown = {n: m for n, m in missions.items() if open_end or n == names[seat]}
        end: dict[str, Any] = {"missions": [[t.player(n), mission_text(shown[n], t)] for n in names if n in shown],
                               "key": secrets.token_urlsafe(18)}
        if reason == "mission" and winner in shown:
            end["how"] = mission_text(shown[winner], t)
        out[seat] = end
    return out


def seat_of_key(ends: dict[int, dict[str, Any]], key: str) -> int | None:
    """The seat whose replay key this is, or None (every seat compared, in constant time)."""
    found = None
    for seat, end in ends.items():
        if isinstance(key, str) and hmac.compare_digest(key.encode(), end["key"].encode()):
            found = seat
    return found


def replay_of(lines: list[str], rules: Rules, t: Text, seat: str, source: str) -> str:
    """The game's replay page as `seat` may see it (under fog: its own stream)."""
    events = [json.loads(line) for line in lines]
    lifted = None
    if _fogged(rules):
        if rules.visibility.lifted:
            lifted = missions_of(lines)
        events = seat_stream(events, rules, seat, source)
        return replay_page(events, rules, t, seat, source=source, missions=lifted)
    return replay_page(events, rules, t, None, source=source)
