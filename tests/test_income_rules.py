"""Income (issue 43): local deployments, autodeploy and decay, negative bonuses, the income cap,
the card bonus placed anywhere and the cap per territory — each worked example with fixed
positions and scripted answers, and the checks' words."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from conftest import house, load, problems_of
from scenario import Scenario, Script
from riskrules.engine.agents import make_bot
from riskrules.engine.decisions import BONUS, PLACE
from riskrules.engine.game import Game
from riskrules.engine.income import spread_loss
from riskrules.engine.turn import PHASES
from riskrules.language.loader import open_rulebook
from riskrules.text.i18n import Text
from riskrules.text.sheet import build_sheet

EUROPE = ("iceland", "scandinavia", "ukraine", "great_britain", "northern_europe", "western_europe",
          "southern_europe")
SET = 4  # the set the script trades from these five cards (the last offered): 3 infantry
AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def scenario(write, body: str, holds: dict, agents=None) -> Scenario:
    path = write("income.risk", house(body))
    return Scenario(str(path), 2, holds=holds, agents=agents, rest=lambda t: 1)


def reinforce(s: Scenario, seat: int = 0) -> None:
    s.game._phases[0][2](s.game, seat)  # the compiled reinforce phase of the rules


def test_local_deployments_with_autodeploy_decay_and_a_negative_bonus(write):
    holds = {t: (0, 1) for t in EUROPE + AUSTRALIA}
    holds.update(alaska=(0, 1), kamchatka=(0, 3))
    s = scenario(write, """
        reinforcements {
            continents europe 5, australia -2
            continent armies placed inside
            autodeploy alaska 2
            decay kamchatka 1
        }
    """, holds)
    reinforce(s)
    g = s.game
    # 13 territories: 4; Europe 5, Australia -2: income 7. The pools 4 (anywhere) and 5 (Europe)
    # lose the 2 evenly: 3 anywhere, 4 inside Europe
    (r,) = s.of("reinforcements")
    assert (r["from_territories"], r["from_continents"], r["total"]) == (4, 3, 7)
    assert s.of("decay") == [{"type": "decay", "turn": 1, "player": g.names[0], "territory": "kamchatka",
                              "armies": 1}]
    assert [e["armies"] for e in s.of("autodeploy")] == [2]
    assert [(e["continent"], e["armies"]) for e in s.of("local_armies")] == [("europe", 4)]
    # the script places each pool on the first territory offered: Iceland (Europe's), then Alaska
    assert [(e["territory"], e["armies"]) for e in s.of("place")] == [("iceland", 4), ("alaska", 3)]
    assert g.armies[s.t("iceland")] == 5 and g.armies[s.t("alaska")] == 6 and g.armies[s.t("kamchatka")] == 2
    europe_offered = s.agents[0].asked[0]
    assert europe_offered.kind is PLACE and sorted(europe_offered.options) == sorted(s.t(t) for t in EUROPE)


def test_a_negative_total_gives_nothing_and_decay_keeps_the_last_army(write):
    holds = {t: (0, 1) for t in AUSTRALIA}
    holds.update(kamchatka=(0, 1))
    s = scenario(write, """
        reinforcements {
            territories 1
            continents australia -5
            decay kamchatka 3
        }
    """, holds)
    reinforce(s)
    (r,) = s.of("reinforcements")
    assert (r["from_territories"], r["from_continents"], r["total"]) == (1, -5, 0)
    assert s.of("place") == [] and s.of("decay") == []
    assert s.game.armies[s.t("kamchatka")] == 1


@pytest.mark.parametrize("armies, total", [(275, 5), (280, 0), (300, 0), (100, 14)])
def test_warzones_army_cap_of_twenty(write, armies, total):
    holds = {"alaska": (0, armies - 5), "peru": (0, 1), "egypt": (0, 1), "ural": (0, 1), "japan": (0, 1),
             "iceland": (0, 1)}
    s = scenario(write, """
        reinforcements {
            territories 14
            income at most 20 * income - armies
        }
    """, holds)
    reinforce(s)
    assert s.of("reinforcements")[0]["total"] == total
    assert sum(e["armies"] for e in s.of("place")) == total


@pytest.mark.parametrize("where", ["card bonus placed anywhere", ""])
def test_the_card_bonus_joins_the_armies_to_place(write, where):
    holds = {t: (0, 1) for t in ("peru", "brazil", "venezuela", "egypt", "congo")}
    s = scenario(write, f"""
        cards {{
            territory bonus 2 per trade
        }}
        reinforcements {{
            territories 0
            {where}
        }}
    """, holds, agents=[Script(place=[lambda d: (d.options[-1], d.most)]), Script()])
    s.give(0, "peru", "brazil", "venezuela", "egypt", "congo")  # five cards always hold a set
    reinforce(s)
    (trade,) = s.of("trade")
    (r,) = s.of("reinforcements")
    g = s.game
    held = ("peru", "brazil", "venezuela", "egypt", "congo")
    if where:  # the set's value and the bonus (in the trade's armies) are placed: all on the last offered
        assert trade["territory_bonus"] == [] and BONUS not in [d.kind for d in s.agents[0].asked]
        assert r["total"] == trade["armies"] == s.of("place")[0]["armies"]
        assert trade["armies"] == SET + 2
        assert sum(g.armies[s.t(t)] for t in held) == 5 + trade["armies"]
    else:  # the bonus goes onto the territory of a traded card, the set's value is placed
        (bonus,) = trade["territory_bonus"]
        assert bonus["armies"] == 2 and r["total"] == trade["armies"] == SET
        assert sum(g.armies[s.t(t)] for t in held) == 5 + trade["armies"] + 2


def test_at_most_twelve_armies_per_territory(write):
    s = scenario(write, """
        reinforcements {
            territories 5
            armies at most 12 per territory
        }
    """, {"alaska": (0, 11), "peru": (0, 10), "brazil": (0, 12)},
        agents=[Script(place=[(0, 5)]), Script()])
    reinforce(s)
    g = s.game
    # 5 asked on Alaska: 1 fits; then Brazil (full) is not offered: 2 on Peru, 2 lost
    assert [(e["territory"], e["armies"]) for e in s.of("place")] == [("alaska", 1), ("peru", 2)]
    assert [(e["armies"], e["cap"]) for e in s.of("armies_lost")] == [(2, 12)]
    assert s.t("brazil") not in s.agents[0].asked[1].options
    assert (g.armies[s.t("alaska")], g.armies[s.t("peru")]) == (12, 12)


def test_a_conquest_moves_in_and_a_fortify_moves_at_most_to_the_cap(write):
    s = scenario(write, """
        reinforcements {
            armies at most 12 per territory
        }
    """, {"alaska": (0, 20), "northwest_territory": (0, 8), "kamchatka": (1, 0)})
    g = s.game
    g.conquer(0, 0, s.t("alaska"), s.t("kamchatka"), 3)
    assert (g.armies[s.t("alaska")], g.armies[s.t("kamchatka")]) == (8, 12)
    s.agents[0].answers["fortify"] = deque([(s.t("northwest_territory"), s.t("alaska"), 7)])
    g.fortify(0)
    assert (g.armies[s.t("northwest_territory")], g.armies[s.t("alaska")]) == (4, 12)


def test_the_loss_is_spread_evenly_the_first_pool_first():
    pools = [5, 3]
    spread_loss(pools, 2)
    assert pools == [4, 2]
    pools = [4, 1, 0, 6]
    spread_loss(pools, 7)
    assert pools == [1, 0, 0, 3]
    pools = [2, 1]
    spread_loss(pools, 10)
    assert pools == [0, 0]


def test_rules_that_declare_none_of_it_keep_todays_reinforce():
    rules = load("classic", None, 3)
    assert rules.income is None
    game = Game(rules, [make_bot("random") for _ in range(3)], 1)
    assert game._phases[0][2] is PHASES["reinforce"] and game._cap is None


@pytest.mark.parametrize("body, expected", [
    ("reinforcements {\n    autodeploy alaksa 2\n}\n",
     "house.risk:4:16: autodeploy names unknown territory 'alaksa'; did you mean 'alaska'?"),
    ("reinforcements {\n    decay kamchatka 1, kamchatka 2\n}\n",
     "house.risk:4:24: the territory 'kamchatka' is named twice"),
    ("reinforcements {\n    autodeploy alaska players\n}\n",
     "house.risk:4:23: autodeploy needs a whole number of armies for alaska"),
    ("reinforcements {\n    income at most incme * 2\n}\n",
     "house.risk:4:20: unknown name 'incme'; did you mean 'income'? (names allowed here: alive_players, armies, "
     "board_continents, board_territories, cards, continents, income, own_trades, players, round, territories, "
     "trades)"),
    ("cards {\n    sets none\n}\nreinforcements {\n    card bonus placed anywhere\n}\n",
     "house.risk:7:5: 'card bonus placed anywhere' places the bonus of traded cards, but 'sets none' has no sets"),
    ("reinforcements {\n    armies at most 0 per territory\n}\n",
     "house.risk:4:5: reinforcements.territory_cap: 0 is less than the minimum of 1"),
])
def test_the_checks_words(write, body, expected):
    assert problems_of(write, house(body)).splitlines()[0] == expected


def test_income_is_a_name_of_income_caps_only(write):
    found = problems_of(write, house("reinforcements {\n    territories income\n}\n"))
    assert found.startswith("house.risk:4:17: unknown name 'income'")


def test_negative_bonuses_are_allowed_and_shown(write):
    path = write("house.risk", house("reinforcements {\n    continents australia -2\n}\n"))
    book = open_rulebook(path)
    assert book.check() == []
    assert book.rules().continent_bonus[5] == -2


@pytest.mark.parametrize("lang, shown", [
    ("en", "2 armies for each traded card showing a territory one holds, to place anywhere"),
    ("de", "2 Einheiten für jede eingetauschte Karte eines eigenen Landes, beliebig zu setzen")])
def test_the_sheet_says_where_the_territory_bonus_goes(lang, shown):
    # the Territory bonus row agrees with the Card bonus row (not "placed there at once")
    book = open_rulebook(Path(__file__).resolve().parent.parent / "rulebooks" / "house" / "italian-cards.risk")
    rows = build_sheet(book, None, Text(lang, book.rules().terms)).rows()
    (row,) = [value for key, (_, _, value) in rows.items() if key.endswith("/cards.territory_bonus")]
    assert row == shown
