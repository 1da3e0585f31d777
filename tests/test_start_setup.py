"""The start (issue 43, family C): warlords and cities, a territory limit, armies on each territory,
wastelands, leftover deal, a scenario and removed territories — each rule's worked example played
from a fixed seed (setup only), and its errors word for word."""

from __future__ import annotations

import pytest

from riskrules.engine.agents.random_agent import RandomAgent
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook
from conftest import house, problems_of


def set_up(write, body: str, players: int, seed: int = 1) -> tuple[Game, list[dict]]:
    rules = open_rulebook(write("house.risk", house(body))).rules(None, players)
    events: list[dict] = []
    game = Game(rules, [RandomAgent() for _ in range(players)], seed=seed, listeners=[events.append])
    game.setup()
    return game, events


def by_continent(game: Game, territories) -> list[int]:
    counts = [0] * len(game.board.continents)
    for t in territories:
        counts[game.continent_of[t]] += 1
    return counts


@pytest.mark.parametrize("assignment", ["deal", "draft"])
def test_warlords_on_classic_with_3_players(write, assignment):
    """One territory of each of the 6 continents may be taken: 2 each, the other 36 neutral with 2."""
    game, events = set_up(write, f"setup {{\n    territories {assignment} warlords\n}}", 3)
    pickable = [game.board.index[t] for t in next(e for e in events if e["type"] == "pickable")["territories"]]
    assert by_continent(game, pickable) == [1, 1, 1, 1, 1, 1]
    assert [game.territory_count[s] for s in range(4)] == [2, 2, 2, 36]
    assert sorted(t for s in range(3) for t in game.territories_of(s)) == sorted(pickable)
    assert {game.armies[t] for t in game.territories_of(game.neutral)} == {2}
    assert [game.armies_of(s) for s in range(3)] == [35, 35, 35]  # the starting armies placed as ever


def test_cities_with_a_territory_limit_and_3_armies_on_each(write):
    game, events = set_up(write, "setup {\n    territories cities\n    territories 4 each\n"
                                 "    armies 3 on each territory\n}\nneutral {\n    start 4\n}", 3)
    pickable = [game.board.index[t] for t in next(e for e in events if e["type"] == "pickable")["territories"]]
    assert by_continent(game, pickable) == [8, 3, 6, 5, 11, 3]  # classic's 9, 4, 7, 6, 12, 4 less one each
    assert [game.territory_count[s] for s in range(4)] == [4, 4, 4, 30]
    assert [game.armies_of(s) for s in range(3)] == [12, 12, 12]  # nothing placed
    assert {game.armies[t] for t in game.territories_of(game.neutral)} == {4}


def test_leftover_deal_leaves_none_when_the_deal_is_even(write):
    body = "neutral {\n    territories leftover deal start 3\n}"
    game, _ = set_up(write, body, 3)  # 42 = 3 × 14
    assert [game.territory_count[s] for s in range(4)] == [14, 14, 14, 0]
    game, _ = set_up(write, body, 4)  # 42 = 4 × 10 + 2
    assert [game.territory_count[s] for s in range(5)] == [10, 10, 10, 10, 2]
    assert {game.armies[t] for t in game.territories_of(game.neutral)} == {3}


def test_leftover_deal_with_2_players_leaves_the_neutral_army_nothing(write):
    game, _ = set_up(write, "neutral {\n    territories leftover deal\n}", 2)
    assert [game.territory_count[s] for s in range(3)] == [21, 21, 0]
    assert game.alive == [True, True, False]  # so its reinforcements are never placed
    game.max_turns = 4
    from riskrules.engine.errors import GameOver
    with pytest.raises(GameOver):
        game.loop()


def test_wastelands_beside_ordinary_neutrals(write):
    game, events = set_up(write, "neutral {\n    territories 6 start 2\n    wastelands 3 with 10\n}", 3)
    waste = next(e for e in events if e["type"] == "wastelands")
    assert waste["armies"] == 10 and len(waste["territories"]) == 3
    sizes = sorted(game.armies[t] for t in game.territories_of(game.neutral))
    assert sizes == [2] * 6 + [10] * 3
    assert [game.territory_count[s] for s in range(3)] == [11, 11, 11]


def test_wastelands_with_2_players_beside_the_editions_neutral_army(write):
    game, _ = set_up(write, "neutral {\n    territories 6 start 2\n    wastelands 3 with 10\n}", 2)
    sizes = sorted(game.armies[t] for t in game.territories_of(game.neutral))
    assert sizes.count(10) == 3 and len(sizes) == 3 + 13  # its dealt hand: a third of the other 39


def test_a_territory_limit_with_2_players_replaces_the_dealt_hand(write):
    game, _ = set_up(write, "setup {\n    territories 4 each\n}", 2)
    assert [game.territory_count[s] for s in range(3)] == [4, 4, 34]
    assert {game.armies[t] for t in game.territories_of(game.neutral)} == {2}  # classic's `start 2 per territory`


def test_a_scenario_is_the_whole_start(write):
    game, events = set_up(write, "players 3 to 3\nscenario {\n    seat 1: alaska 3, kamchatka 2\n"
                                 "    seat 2: brazil 5\n    seat 3: egypt 4\n    neutral: iceland 4\n}", 3)
    at = game.board.index
    assert [(game.owner[at[t]], game.armies[at[t]]) for t in ("alaska", "kamchatka", "brazil", "egypt", "iceland")] \
        == [(0, 3), (0, 2), (1, 5), (2, 4), (3, 4)]
    assert game.territory_count == [2, 1, 1, 38]
    assert sum(game.armies) == 3 + 2 + 5 + 4 + 4 + 37 * 2


def test_removed_territories_are_out_of_play(write):
    game, events = set_up(write, "setup {\n    remove 4 territories at random\n}", 3)
    gone = [game.board.index[t] for t in next(e for e in events if e["type"] == "territories_removed")["territories"]]
    assert len(gone) == 4 and game.removed == tuple(sorted(gone))
    assert all(game.owner[t] == -1 and game.armies[t] == 0 and not game.adjacent[t] for t in gone)
    assert not [t for t in range(42) for u in game.adjacent[t] if u in gone]
    assert sum(len(m) for m in game.members) == 38 and game.in_play == 38
    assert sum(game.territory_count) == 38
    assert game.sights[0].adjacent is game.adjacent


def test_removal_never_splits_the_board_nor_empties_a_continent(write):
    game, _ = set_up(write, "setup {\n    remove 21 territories at random\n}", 2, seed=3)
    assert len(game.removed) <= 21 and all(game.members)
    from riskrules.engine.setup import _connected
    both = [set(a) | set(i) for a, i in zip(game.adjacent, game.incoming)]
    assert _connected([t for t in range(42) if t not in game.removed], both)


def test_domination_counts_only_the_territories_in_play(write):
    game, _ = set_up(write, "setup {\n    remove 4 territories at random\n}", 3)
    for t in range(42):
        if t not in game.removed:
            game.set_owner(t, 0)
    from riskrules.engine.errors import GameOver
    with pytest.raises(GameOver):
        game._victory(game)
    assert game.result.reason == "domination" and game.result.winner == game.names[0]


def test_todays_deal_draws_the_same_with_no_start_rules(write):
    plain, _ = set_up(write, "", 3, seed=7)
    assert plain.rules.start is None and plain.removed == () and plain.in_play == 42


@pytest.mark.parametrize("body, message", [
    ("setup {\n    territories 15 each\n}",
     "house.risk:4:17: territories 15 each: 3 players need 45 territories; only 42 can be dealt"),
    ("setup {\n    territories warlords\n}\nplayers 2 to 7\ncolours red, blue, yellow, green, black, pink, white\n"
     "starting armies 2+: 20",
     "house.risk:4:5: 'territories warlords' gives 6 territories to share out: 7 players need one each"),
    ("setup {\n    remove 30 territories at random\n}",
     "house.risk:4:12: remove 30 territories: at most 21 of 42 may be removed (half the board)"),
    ("neutral {\n    wastelands 41 with 10\n}",
     "house.risk:4:16: wastelands 41: 6 players need one territory each and only 42 are in play"),
    ("players 3 to 3\nscenario {\n    seat 1: alsaka 3\n    seat 2: peru 1\n    seat 3: egypt 1\n}",
     "house.risk:5:13: unknown territory 'alsaka'; did you mean 'alaska'?"),
    ("players 3 to 3\nscenario {\n    seat 1: alaska 3\n    seat 3: egypt 1\n}",
     "house.risk:4:1: the scenario gives territories to seat 3 but not to seat 2: every seat from 1 up needs some"),
    ("scenario {\n    seat 1: alaska 3\n    seat 2: peru 1\n}",
     "house.risk:3:1: the scenario is for 2 players (seats 1 to 2), not 3: say it inside 'for 2 players { … }', "
     "or 'players 2 to 2'"),
    ("players 2 to 2\nscenario {\n    seat 1: alaska 3, peru 2\n    seat 2: peru 1\n}",
     "house.risk:6:13: the territory 'peru' is named twice in the scenario"),
    ("players 3 to 3\nsetup {\n    territories 4 each\n}\nscenario {\n    seat 1: alaska 3\n    seat 2: peru 1\n"
     "    seat 3: egypt 1\n}",
     "house.risk:5:5: 'territories N each' cannot be combined with a scenario: the scenario says the whole start"),
    ("neutral {\n    start 4\n}",
     "house.risk:4:5: the neutral army holds no territories: say which with 'territories …', or leave them to a "
     "start rule ('territories N each', 'territories warlords', a scenario)"),
    ("setup {\n    territories 4 each\n}\nneutral {\n    territories 6 start 3\n}",
     "house.risk:7:5: 'territories N each' says which territories start neutral: the neutral army's own "
     "'territories' cannot be given too"),
])
def test_errors_word_for_word(write, body, message):
    assert message in problems_of(write, house(body))


def test_under_fog_a_seat_is_not_told_where_the_wastelands_are(write):
    rules = open_rulebook(write("house.risk", house(
        "neutral {\n    territories 6 start 2\n    wastelands 3 with 10\n}\nfog {\n    rest nothing\n}"))).rules(None, 3)
    everything: list[dict] = []
    red: list[dict] = []
    game = Game(rules, [RandomAgent() for _ in range(3)], seed=1, listeners=[everything.append],
                seat_listeners={0: red.append})
    game.setup()
    assert [e["armies"] for e in everything if e["type"] == "wastelands"] == [10]
    assert [e for e in red if e["type"] == "wastelands"] == []


def test_set_the_start_from_the_command_line_and_the_sheet_in_german():
    from typer.testing import CliRunner
    from riskrules.cli import app

    runner = CliRunner()
    sheet = runner.invoke(app, ["rules", "classic", "--players", "3", "--lang", "de",
                                "--set", "setup { territories warlords }", "--set", "setup { territories 2 each }"])
    assert sheet.exit_code == 0
    assert "Wählbare Länder" in sheet.stdout and "je 2 Länder; der Rest beginnt neutral" in sheet.stdout
    diff = runner.invoke(app, ["diff", "classic", "blizzards", "--lang", "en"])
    assert diff.exit_code == 0 and "Setup › Removed territories" in diff.stdout and "4 territories drawn" in diff.stdout
