"""Teams that share (issue 45), compiled: the options after `teams N` beyond `with fortify into
partners` (which stays `Rules.fortify_partners`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TeamRules:
    """What partners share (None in `Rules.team_rules`: none of it)."""

    deploy_partners: bool = False  # reinforcements may be placed on a partner's territory
    shared_hand: bool = False  # the team's cards are one hand: drawn into, traded from, limited together
    seated_together: bool = False  # teams of consecutive seats (Conquer Club), else alternate seats
    one_person: bool = False  # one person (or bot) plays every seat of its team (polymorphic)


def compile_team_rules(d: dict[str, Any]) -> TeamRules | None:
    teams = d.get("teams") or {}
    keys = ("deploy_partners", "shared_hand", "seated_together", "one_person")
    if not any(teams.get(k) for k in keys):
        return None
    return TeamRules(**{k: bool(teams.get(k)) for k in keys})
