"""Cards that do something (issue 44) under fog: what a see card reveals is revealed to its holder
only, for as long as it lasts; a seat without one is shown nothing new; a hidden kind's play is
told to its holder only (with fog and without)."""

from __future__ import annotations

import dataclasses

import pytest

from cards_kinds import whole, with_kinds
from riskrules.engine.game import Game
from riskrules.language.card_kinds import CardKind
from riskrules.language.loader import open_rulebook
from riskrules.language.visibility import SEE_ALL
from scenario import Script

SPY = CardKind("spy", "see", "player")


def spy_game(hidden: bool, fog: bool = True, seed: int = 3):
    """Three scripted players, each with a spy card at the start; red spies on yellow at once."""
    sets = ["visibility { rest nothing }"] if fog else []
    rules = with_kinds(open_rulebook("classic", sets=sets).rules(None, 3),
                       (whole(dataclasses.replace(SPY, hidden=hidden)),))
    streams: dict[int, list[dict]] = {0: [], 1: []}
    marks: list[tuple] = []
    agents = [Script(play=[(0, 2)]), Script(), Script()]

    def watch(event: dict) -> None:  # (after the Fog: each seat's view as it stands after the event)
        views = game.sights
        if fog:
            marks.append((event, list(views[0].level), [list(views[1].owner), list(views[1].armies),
                                                         list(views[1].level)]))
        else:
            marks.append((event, None, None))

    game = Game(rules, agents, seed, max_turns=4, listeners=[watch],
                seat_listeners={0: streams[0].append, 1: streams[1].append})
    game.play()
    return game, marks, streams


@pytest.mark.parametrize("hidden", [False, True])
def test_a_spy_shows_the_target_s_territories_to_its_holder_only_while_it_lasts(hidden):
    game, marks, streams = spy_game(hidden)
    at = next(i for i, (e, _, _) in enumerate(marks) if e["type"] == "card_played")
    event, red_level, blue_view = marks[at]
    assert (event["player"], event["target"], event["until_round"]) == ("red", "yellow", game.round)
    yellow = [t for t in range(game.size) if game.owner[t] == 2]
    assert yellow and all(red_level[t] == SEE_ALL for t in yellow)
    before = marks[at - 1][1]
    assert sum(before[t] != SEE_ALL for t in yellow) > 0  # red saw less of them before
    # nothing new for blue: its view the same as before the play
    assert blue_view == marks[at - 1][2]
    # red is told the play, and what it now sees
    red_stream = [e["type"] for e in streams[0]]
    i = red_stream.index("card_played")
    assert red_stream[i + 1] == "seen"
    # blue: the play (not hidden) with nothing seen after it; or (hidden) nothing at all
    blue_played = [e for e in streams[1] if e["type"] == "card_played"]
    assert blue_played == ([] if hidden else [event])
    # it ends when red's turn begins in the next round, and red sees them no more
    end = next(i for i, (e, _, _) in enumerate(marks) if e["type"] == "card_effect_ended")
    assert marks[end][0]["player"] == "red" and marks[end - 1][0]["type"] == "turn_start"
    assert sum(marks[end][1][t] != SEE_ALL for t in yellow if game.owner[t] == 2) > 0
    assert ("card_effect_ended" in [e["type"] for e in streams[1]]) is not hidden


def test_a_hidden_play_without_fog_is_told_to_its_holder_only():
    game, marks, streams = spy_game(True, fog=False)
    assert [e["type"] for e in streams[0]].count("card_played") == 1
    assert [e["type"] for e in streams[1]].count("card_played") == 0
    assert all("player" in e or e["type"] == "game_start" or e["type"] == "game_over" for e in streams[1])


def test_a_hidden_play_narrates_as_nothing_to_the_others():
    from riskrules.engine.sight import told, untold

    event = {"type": "card_played", "turn": 3, "player": "red", "card": "spy", "effect": "see", "target": "blue",
             "until_round": 2, "hidden": True}
    assert told(event, {"red"}) == event
    assert untold(told(event, {"blue"})) and told(event, {"blue"}) == {"type": "card_played", "turn": 3}


FOGS = [["visibility { rest nothing }", "visibility { hide cards }"],
        ["visibility { adjacent owner }", "visibility { rest nothing }"]]


@pytest.mark.parametrize("fog", [0, 1])
def test_no_seat_receives_a_hidden_fact_in_a_game_of_every_kind(fog):
    """The fog check of issue 23 (tests/fogcheck.py: what a seat may see, worked out from the full
    log apart from the engine; it knows the see cards) over every channel of each seat, in a game
    where every kind is played, a third of them hidden."""
    from cards_kinds import EVERY_KIND
    from fogcheck import leaks, play_watched
    from riskrules.engine.cards.play import with_neutral  # (the game's own rules: the check reads them)

    kinds = tuple(dataclasses.replace(k, pieces=2, start=2, hidden=i % 3 == 0) for i, k in enumerate(EVERY_KIND))
    rules = with_neutral(with_kinds(open_rulebook("classic", sets=FOGS[fog]).rules(None, 3), kinds))
    for seat in range(3):
        full, stream, decisions = play_watched(rules, ["random", "balanced", "random"], 5 + fog, seat, max_turns=18,
                                               screens=seat == fog)  # (the board screens of one seat: they are slow)
        assert sum(e["type"] == "card_played" for e in full) >= 10
        assert leaks(rules, full, stream, decisions, seat) == []


def test_a_see_card_shows_as_if_next_to_one_s_own():
    """Under `adjacent owner` a spy shows who holds the target's territories, not their armies."""
    from riskrules.language.visibility import SEE_OWNER

    rules = with_kinds(open_rulebook("classic", sets=["visibility { adjacent owner }", "visibility { rest nothing }"]
                                     ).rules(None, 3), (whole(SPY),))
    marks: list[tuple] = []
    game = Game(rules, [Script(play=[(0, 2)]), Script(), Script()], 3, max_turns=2,
                listeners=[lambda e: marks.append((e, list(game.sights[0].level)))])
    game.play()
    event, level = next(m for m in marks if m[0]["type"] == "card_played")
    yellow = [t for t in range(game.size) if game.owner[t] == 2]
    assert {level[t] for t in yellow} == {SEE_OWNER}
