"""Two kill-rate edges met on the way (issue 43): a seat that may not see the attacking territory's
armies is not told them through the battle's `committed` and `rolled` (under kill rates they are
those armies but the guard), nor the defending ones through `defended`; and a log whose battle
commits more than 1,000 armies is a valid log (it replays)."""

from __future__ import annotations

from conftest import house
from fogcheck import play_watched
from riskrules.engine.logcheck import EventChecker
from riskrules.language.loader import open_rulebook

HIDDEN_BATTLES = """
    visibility {
        adjacent owner
        rest nothing
        battles reveal no
    }
"""


def test_a_kill_rate_battle_hides_the_armies_it_commits_where_they_are_not_seen(write):
    rules = open_rulebook(write("house.risk", house(HIDDEN_BATTLES, extends="warzone-combat"))).rules(None, 3)
    full, stream, _ = play_watched(rules, ["balanced", "balanced", "balanced"], 3, 1, max_turns=6, screens=False)
    told = [e for _, e in stream if e["type"] == "battles"]
    unseen = [e for e in told if e["attacker_armies"] is None]
    assert unseen and all(e["committed"] is None and e["rolled"] is None for e in unseen)
    assert all(e["defended"] is None for e in told if e["defender_armies"] is None)
    seen = [e for e in told if e["attacker_armies"] is not None]
    assert seen and all(e["committed"] == e["rolled"] == e["attacker_armies"] - 1 for e in seen)


def test_dice_battles_keep_their_dice_counts_under_the_same_fog(write):
    rules = open_rulebook(write("house.risk", house(HIDDEN_BATTLES))).rules(None, 3)
    _, stream, _ = play_watched(rules, ["balanced", "balanced", "balanced"], 3, 1, max_turns=6, screens=False)
    unseen = [e for _, e in stream if e["type"] in ("battle", "battles") and e["attacker_armies"] is None]
    assert unseen and all(isinstance(e["committed"], int) for e in unseen)


def test_a_battle_of_more_than_a_thousand_armies_is_a_valid_log_line():
    rules = open_rulebook("classic").rules(None, 3)
    checker = EventChecker(rules.board.territories, rules.board.continents, ["red", "blue", "yellow"])
    event = {"type": "battles", "turn": 9, "player": "red", "from": "alberta", "to": "ontario", "defender": "blue",
             "attacker_armies": 1969, "defender_armies": 1500, "committed": 1968, "rolled": 1968, "defended": 1500,
             "rolls": 1, "attacker_losses": 1050, "defender_losses": 1181}
    assert checker.problem(event) is None
    assert checker.problem({**event, "rolled": 0}) == "'rolled': expected a number of at least 1, found 0"
