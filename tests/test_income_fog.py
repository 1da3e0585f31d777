"""Fog and income (issue 43): autodeploy and decay are told to a seat that sees the territory's
armies, local armies and lost armies as the reinforcements are (tests/fogcheck.py checks it)."""

from __future__ import annotations

from conftest import house
from fogcheck import leaks, play_watched
from riskrules.language.loader import open_rulebook

FOGGED = """
    visibility {
        adjacent owner and armies
        rest nothing
        hide reinforcements
    }
    reinforcements {
        continents australia -2
        continent armies placed inside
        autodeploy alaska 2, iceland 1, siam 3
        decay kamchatka 1, egypt 2
        armies at most 12 per territory
    }
"""


def test_no_seat_receives_a_hidden_fact_of_income(write):
    rules = open_rulebook(write("house.risk", house(FOGGED))).rules(None, 3)
    full, stream, decisions = play_watched(rules, ["balanced", "balanced", "random"], 7, 1, max_turns=60,
                                           screens=False)
    kinds = {e["type"] for e in full}
    assert {"autodeploy", "decay", "local_armies"} <= kinds
    assert leaks(rules, full, stream, decisions, 1) == []
    told = [e for _, e in stream if e["type"] in ("autodeploy", "decay", "local_armies")]
    assert 0 < len(told) < sum(1 for e in full if e["type"] in ("autodeploy", "decay", "local_armies"))
