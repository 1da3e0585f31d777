"""The text of neutrals that act and teams that share (issue 45): the statements write.py
makes of a `neutral` block's acting parts and of `teams N` with its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .write_words import _int, _name

_TEAM_OPTIONS = (("deploy_partners", "deploy on partners"), ("shared_hand", "shared hand"),
                 ("seated_together", "seated together"))
_TARGETS = ("weakest", "strongest", "random")


def teams(v: Mapping) -> str:
    """teams 2 with fortify into partners, deploy on partners, shared hand, seated together played by one person"""
    options = ["fortify into partners"] * bool(v["fortify_partners"]) + [
        words for key, words in _TEAM_OPTIONS if _on(v, key)]
    return (f"teams {_int(v['count'])}" + (" with " + ", ".join(options) if options else "")
            + " played by one person" * _on(v, "one_person"))


def _on(v: Mapping, key: str) -> bool:
    if key in v and v[key] is not True:
        raise ValueError(f"cannot write {key} {v[key]!r}")
    return key in v


def grows(v: Mapping) -> str:
    if "percent" in v:
        return f"grows {_int(v['percent'])}% a round"
    return f"grows {_int(v['per_territory'])} per territory a round"


def assault(v: Mapping) -> str:
    if v.get("target") not in _TARGETS:
        raise ValueError(f"cannot write the neutral army's target {v.get('target')!r}")
    ratio = "twice" if v["ratio"] == 2 else f"{_int(v['ratio'])} times"
    return f"attacks its {v['target']} neighbour when it has {ratio} its armies"


def takes_back(v: Mapping[str, Any]) -> str:
    which = ("territories named " + ", ".join(map(_name, v["named"]))) if "named" in v else "its territories"
    after = _int(v["after"])
    armies = "their starting armies" if v["armies"] == "starting" else f"{_int(v['armies'])} armies"
    return f"takes back {which} after {after} {'round' if after == '1' else 'rounds'} with {armies}"


def infects(v: Any) -> str:
    return {True: "infects a territory of each player at the start"}[v]
