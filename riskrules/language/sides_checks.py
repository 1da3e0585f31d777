"""Checks of neutrals that act and teams that share (issue 45): what the grammar and the schema
cannot see, each pointed at the statement that said it (a part of checks._Checker)."""

from __future__ import annotations

from typing import Any

from .errors import unknown


def sides_problems(c: Any) -> None:
    """`c`: the checker (its `data`, `board`, `add`)."""
    n = c.data.get("neutral") or {}
    back = n.get("takes_back")
    if back:
        names = c.board.territories
        for k, t in enumerate(back.get("named", ())):
            if t not in c.board.index:
                c.add(unknown("territory", t, names), "neutral", "takes_back", "named", k)
        if back["after"] < 1:
            c.add(f"takes back … after {back['after']} rounds: a territory is taken back 1 round or more "
                  "after its conquest", "neutral", "takes_back", "after")
        if back["armies"] != "starting" and back["armies"] < 1:
            c.add(f"takes back … with {back['armies']} armies: a territory taken back holds 1 army or more",
                  "neutral", "takes_back", "armies")
    grows = n.get("grows")
    if grows and not any(grows.values()):
        c.add("the neutral army grows by nothing: give 1 or more, or leave 'grows' out", "neutral", "grows",
              next(iter(grows)))
    assault = n.get("assault")
    if assault:
        if assault["ratio"] < 1:
            c.add(f"the neutral army attacks when it has {assault['ratio']} times a neighbour's armies: "
                  "say 1 times or more", "neutral", "assault", "ratio")
        if c.data["battle"].get("combat") == "kill_rates":
            c.add("the neutral army rolls dice when it attacks: its attacks cannot be played with "
                  "'combat kill rates'", "neutral", "assault")
    teams = c.data.get("teams") or {}
    if teams.get("shared_hand") and c.data["cards"]["sets"]["kind"] == "none":
        c.add("a shared hand needs cards: these rules have none", "teams", "shared_hand")
    if teams.get("shared_hand") and c.data["victory"] == "capitals" and c.data["capitals"]["capture_takes_cards"]:
        c.add("a shared hand cannot be taken with a capital: say 'capture takes cards no'", "teams", "shared_hand")
    if teams.get("deploy_partners") and "territory_cap" in c.data["reinforcements"]:
        c.add("deploy on partners cannot be played with 'armies at most N per territory'", "teams", "deploy_partners")
