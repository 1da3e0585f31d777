"""The checks of what the reinforcements section says beyond territories and continents (issue 43)."""

from __future__ import annotations

from typing import Any

from .errors import unknown


def income_problems(c: Any) -> None:
    """The territories of autodeploy and decay are the board's; a card bonus placed anywhere
    needs cards. `c`: checks._Checker (its data, board and `add`)."""
    r = c.data["reinforcements"]
    known = c.board.territories
    for key in ("autodeploy", "decay"):
        for name in r.get(key, {}):
            if name not in c.board.index:
                c.add(f"{key} names " + unknown("territory", name, known), "reinforcements", key, name)
    if r.get("card_bonus") == "anywhere" and c.data["cards"]["sets"]["kind"] == "none":
        c.add("'card bonus placed anywhere' places the bonus of traded cards, but 'sets none' has no sets",
              "reinforcements", "card_bonus")
