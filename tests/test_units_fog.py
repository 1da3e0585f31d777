"""Special units under fog (issue 45): a seat is shown a unit where it sees its territory with its
armies, is told of units only where it sees, and no channel of any seat learns more (tests/fogcheck.py)."""

from __future__ import annotations

from dataclasses import replace

from fogcheck import leaks, play_watched
from riskrules.engine.cards.play import IDLE_NEUTRAL
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook
from riskrules.language.visibility import SEE_ALL

FOG = ["visibility { rest nothing }"]


def test_no_seat_of_a_fogged_game_with_commanders_receives_a_hidden_fact():
    """Commanders' games get a neutral army to send a player's territories to (the check reads the
    game's own rules)."""
    rules = replace(open_rulebook("warzone-commanders", sets=FOG).rules(None, 3), neutral=IDLE_NEUTRAL)
    for seat in (0, 2):  # (red puts blue out in turn 15, yellow looks on)
        full, stream, decisions = play_watched(rules, ["balanced", "random", "balanced"], 4, seat, max_turns=20,
                                               screens=seat == 2)  # (a board drawn at each decision: one seat)
        assert {"unit_placed", "unit_moved", "unit_lost"} <= {e["type"] for e in full}
        assert leaks(rules, full, stream, decisions, seat) == []


def test_a_view_shows_the_units_it_sees_and_a_seat_is_told_only_of_those():
    rules = open_rulebook("warzone-commanders", sets=["visibility { adjacent owner }", "visibility { lifted at end no }", *FOG]).rules(None, 3)
    told: list[dict] = []
    game = Game(rules, [make_bot("balanced") for _ in range(3)], 5, max_turns=2, seat_listeners={0: told.append})
    game.play()
    view = game.sights[0]
    assert view.units == {t: here for t, here in game.units.items() if view.level[t] == SEE_ALL}
    assert len(view.units) < len(game.units)
    placed = [e["territory"] for e in told if e["type"] == "unit_placed"]
    index = rules.board.index
    assert placed and all(game.fog.level[0][index[t]] == SEE_ALL or game.owner[index[t]] == 0 for t in placed)
