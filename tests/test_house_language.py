"""The constructs house rules need (issue 13): expressions wherever a number stands, conditions
on phases, spoils, trench warfare, round limits and neutral territories for 3+ players. Each
has its typical mistake (word for word) and a scenario with scripted answers and loaded dice."""

from __future__ import annotations


import pytest

from riskrules.engine.decisions import ATTACK
from riskrules.engine.game import GameOver
from riskrules.language.loader import open_rulebook
from conftest import house, problems_of
from scenario import Scenario


def scenario(write, body: str, players: int = 3, **kw) -> Scenario:
    return Scenario(str(write("house.risk", house(body))), players, **kw)


def play_rounds(s: Scenario, turns: int) -> None:
    """Play the turn loop from the first round until `turns` turns are over."""
    g = s.game
    g.round = g.turn = 0
    g.first = 0
    g.max_turns = turns
    with pytest.raises(GameOver):
        g.loop()


# ---- the typical mistakes ------------------------------------------------------------------------

MISTAKES = [
    ("reinforcements {\n    continents asia 7 - (player - 3)\n}",
     "house.risk:4:26: unknown name 'player'; did you mean 'players'? (names allowed here: alive_players, "
     "armies, board_continents, board_territories, cards, continents, own_trades, players, round, territories, trades)\n"
     "        continents asia 7 - (player - 3)\n"
     "                             ^"),
    ("setup {\n    starting armies 2+: 50 - territories\n}",
     "house.risk:4:30: unknown name 'territories' (names allowed here: players)\n"
     "        starting armies 2+: 50 - territories\n"
     "                                 ^"),
    ("turn reinforce, attack when round, fortify",
     "house.risk:3:29: 'round' is a number, not a test: compare it, as in 'round > 1'\n"
     "    turn reinforce, attack when round, fortify\n"
     "                                ^"),
    ("cards {\n    escalation after round 30\n}",
     "house.risk:4:5: 'escalation after' needs escalating sets ('sets escalating …')\n"
     "        escalation after round 30\n"
     "        ^"),
    ("cards {\n    sets none\n    sets at most 10\n}",
     "house.risk:5:5: 'sets at most' caps the value of a set, but 'sets none' has no sets\n"
     "        sets at most 10\n"
     "        ^"),
    ("battle {\n    trench warfare\n}",
     "house.risk:4:19: unexpected end of line; expected one of: no, yes\n"
     "        trench warfare\n"
     "                      ^"),
    ("victory domination or after 0 rounds by most territories",
     "house.risk:3:29: a game cannot end after 0 rounds: the limit must be 1 or more\n"
     "    victory domination or after 0 rounds by most territories\n"
     "                                ^"),
    ("neutral {\n    territories 6 start 2\n    attacks active player\n}",
     "house.risk:5:5: with 3 players nobody plays the neutral army: it cannot attack; "
     "say so inside 'for 2 players { … }'\n"
     "        attacks active player\n"
     "        ^"),
]


@pytest.mark.parametrize("body, expected", MISTAKES, ids=[m[0].split("\n")[0][:30] for m in MISTAKES])
def test_typical_mistake(write, body, expected):
    assert problems_of(write, house(body)) == expected


# ---- expressions wherever a number stands -----------------------------------------------------------

def test_continent_bonus_by_player_count(write):
    # "asia 7 - (players - 3)": the house rule of the issue; a number as soon as the count is known
    path = write("house.risk", house("reinforcements {\n    continents asia 7 - (players - 3)\n}"))
    book = open_rulebook(path)
    asia = book.rules(None, 3).board.continent_index["asia"]
    assert [book.rules(None, n).continent_bonus[asia] for n in (3, 4, 5, 6)] == [7, 6, 5, 4]


def test_continent_bonus_counted_in_play(write):
    asia = ("ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "mongolia", "japan", "afghanistan", "china",
            "middle_east", "india", "siam")
    s = scenario(write, "reinforcements {\n    continents asia 7 - (players - 3)\n}", players=5,
                 holds={t: (0, 1) for t in asia}, rest=lambda t: 1 + t % 4)
    s.game.reinforce(0)
    e = s.of("reinforcements")[-1]
    assert (e["from_territories"], e["from_continents"], e["total"]) == (4, 5, 9)


def test_dynamic_set_value_and_cap(write):
    # a set worth 2 per card in hand when trading … but never more than 9
    s = scenario(write, "cards {\n    sets flat 2 * cards\n    sets at most 9\n}")
    board = s.game.board
    one_of_each = [next(board.territories[t] for t in range(board.size) if board.card_symbol[t] == k)
                   for k in range(3)]
    s.give(0, *one_of_each, "brazil")
    assert s.game._trade(0, tuple(s.t(name) for name in one_of_each)) == 8  # 4 cards in hand
    s.give(0, "venezuela", "argentina", "iceland", "japan")
    assert s.game.set_value(0, "mixed") == 9  # 2 * 5 = 10, capped


# ---- conditions on phases ----------------------------------------------------------------------------

def test_no_attacks_in_round_one(write):
    s = scenario(write, "turn reinforce, attack when round > 1, fortify",
                 holds={"alberta": (0, 5), "ontario": (1, 1)}, dice=[])
    play_rounds(s, 4)  # seats 0, 1, 2 in round 1, seat 0 in round 2
    asked = [(d.player, s.game.round) for a in s.agents for d in a.asked if d.kind is ATTACK]
    assert asked == [(0, 2)]
    skipped = [(e["player"], e["turn"]) for e in s.of("phase_skipped")]
    assert skipped == [("red", 1), ("blue", 2), ("yellow", 3)]


def test_fortify_only_with_ten_territories(write):
    s = scenario(write, "turn reinforce, attack, fortify when territories >= 10",
                 holds={"alberta": (0, 5)}, rest=lambda t: 1 + t % 2)
    play_rounds(s, 1)
    assert [e["phase"] for e in s.of("phase_skipped")] == ["fortify"]


# ---- spoils ----------------------------------------------------------------------------------------------

def test_no_cards_at_all(write):
    s = scenario(write, "cards {\n    sets none\n}", holds={"alberta": (0, 4), "ontario": (1, 1)},
                 dice=[6, 5, 4, 1])
    s.game.battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert s.game.conquered
    s.game.draw_cards(0)
    assert s.game.hands[0] == [] and s.of("card_drawn") == []


def test_flat_value_for_any_set(write):
    s = scenario(write, "cards {\n    sets flat 7\n}")
    s.give(0, "alaska", "alberta", "peru", "iceland", "japan", "siam")
    values = {s.game.set_value(0, kind) for kind in ("infantry", "cavalry", "artillery", "mixed")}
    assert values == {7}


def test_escalation_after_round(write):
    s = scenario(write, "cards {\n    sets escalating 4, 6, 8 then +2\n    escalation after round 2\n}")
    g = s.game
    values = []
    for rnd in (1, 2, 3, 3, 3, 3):
        g.round = rnd
        g.trade_count += 1
        values.append(g.set_value(0, "mixed"))
    assert values == [4, 4, 4, 6, 8, 10]


def test_escalation_after_trades_and_cap(write):
    s = scenario(write, "cards {\n    sets escalating 4, 6, 8 then +5\n    escalation after 2 trades\n"
                        "    sets at most 12\n}")
    g = s.game
    values = []
    for _ in range(7):
        g.trade_count += 1
        values.append(g.set_value(0, "mixed"))
    assert values == [4, 4, 4, 6, 8, 12, 12]


# ---- trench warfare --------------------------------------------------------------------------------------

@pytest.mark.parametrize("trench", [True, False])
def test_trench_warfare(write, trench):
    body = "battle {\n    trench warfare yes\n}" if trench else "battle {\n    trench warfare no\n}"
    s = scenario(write, body, holds={"alberta": (0, 10), "ontario": (1, 1), "quebec": (2, 1)},
                 dice=[6, 5, 4, 1])
    g = s.game
    g.battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert g.owner[s.t("ontario")] == 0 and g.armies[s.t("ontario")] == 9
    assert ((s.t("ontario"), s.t("quebec")) in g.attack_options(0)) is not trench


# ---- round limit -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("by, winner", [("territories", "blue"), ("armies", "red"), ("continent bonus", "yellow")])
def test_round_limit_tie_break(write, by, winner):
    australia = ("eastern_australia", "western_australia", "new_guinea", "indonesia")
    holds = {t: (2, 1) for t in australia}
    holds["alberta"] = (0, 50)
    s = scenario(write, f"victory domination or after 1 rounds by most {by}", holds=holds,
                 rest=lambda t: 1 if t % 3 else 0)
    play_rounds(s, 100)
    over = s.of("game_over")[-1]
    assert (over["winner"], over["reason"], over["turns"]) == (winner, "round_limit", 3)


# ---- neutral territories for 3+ players -----------------------------------------------------------------

def test_neutral_territories_for_three_players(write):
    path = write("house.risk", house("neutral {\n    territories 6 start 3\n}"))
    rules = open_rulebook(path).rules(None, 3)
    from riskrules.engine.agents.balanced import BalancedAgent
    from riskrules.engine.game import Game

    events: list[dict] = []
    game = Game(rules, [BalancedAgent() for _ in range(3)], seed=5, listeners=[events.append])
    game.setup()
    neutral = game.neutral
    assert game.territory_count[neutral] == 6
    assert all(game.armies[t] == 3 for t in game.territories_of(neutral))
    assert [game.territory_count[s] for s in range(3)] == [12, 12, 12]
    game.max_turns = 30
    with pytest.raises(GameOver):
        game.loop()
    assert not [e for e in events if e["type"] in ("battle", "reinforcements", "place") and e.get("player") == "neutral"
                and e["turn"] > 0]


# ---- teams ---------------------------------------------------------------------------------------------------

TEAMS = "for 4 players {\n    teams 2\n}"


def test_teams_mistake(write):
    assert problems_of(write, house("teams 2")) == (
        "house.risk:3:7: teams 2 (2 players in each team) needs 4, 6, … players: "
        "say it inside 'for 4 players { … }'\n"
        "    teams 2\n"
        "          ^")


def test_partners_never_attack_each_other_and_win_together(write):
    # seats 0 and 2 (red, yellow) against 1 and 3 (blue, green); blue is already out
    s = scenario(write, TEAMS, players=4, holds={"alberta": (0, 5), "ontario": (3, 1), "quebec": (2, 1)},
                 rest=lambda t: 2 * (t % 2), dice=[6, 5, 4, 1])
    g = s.game
    g.alive[1] = False
    options = g.attack_options(0)
    assert (s.t("alberta"), s.t("ontario")) in options
    assert not [(a, b) for a, b in options if g.owner[b] == 2]
    with pytest.raises(GameOver):
        g.battle(0, 0, s.t("alberta"), s.t("ontario"))  # green's last territory: blue and green are out
    over = s.of("game_over")[-1]
    assert (over["winner"], over["reason"]) == ("red", "team")


def test_fortify_into_partners_is_an_option(write):
    holds = {"alberta": (0, 5), "ontario": (2, 1)}
    without = scenario(write, TEAMS, players=4, holds=holds, rest=lambda t: 1 + 2 * (t % 2))
    assert (without.t("alberta"), without.t("ontario")) not in without.game.fortify_options(0, {})
    with_ = scenario(write, "for 4 players {\n    teams 2 with fortify into partners\n}", players=4, holds=holds,
                     rest=lambda t: 1 + 2 * (t % 2))
    assert (with_.t("alberta"), with_.t("ontario")) in with_.game.fortify_options(0, {})


def test_team_games_end_with_balanced_bots(write):
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game

    rules = open_rulebook(write("house.risk", house(TEAMS))).rules(None, 4)
    reasons = set()
    for seed in range(3):
        game = Game(rules, [make_bot("balanced") for _ in range(4)], seed)
        result = game.play()
        reasons.add(result.reason)
        assert game.team[game.names.index(result.winner)] == game.team[game.active]
    assert reasons == {"team"}


def test_triples_with_six_players_are_two_teams(write):
    rules = open_rulebook(write("house.risk", house("for 6 players {\n    teams 3\n}"))).rules(None, 6)
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game

    game = Game(rules, [make_bot("balanced") for _ in range(6)], seed=1)
    assert game.team == [0, 1, 0, 1, 0, 1]


# ---- assassin -----------------------------------------------------------------------------------------------

# Conquer Club's instructions (conquerclub.com/public.php?mode=instructions3, "Game Type"): "In an
# assassin game each player is assigned a secret target … You win the game if your target is
# killed - whether it be by you or another player!"

def test_assassin_mistake(write):
    assert problems_of(write, house("for 2 players {\n    victory assassin\n}")) == (
        "house.risk:4:5: victory assassin needs 3 or more players: with 2, the target is the only opponent; "
        "say it outside 'for 2 players { … }'\n"
        "        victory assassin\n"
        "        ^")


@pytest.mark.parametrize("by", [0, 2])
def test_the_hunter_wins_whoever_eliminates_his_target(write, by):
    # blue (seat 1) holds only ontario; red hunts blue, blue hunts yellow, yellow hunts red
    s = scenario(write, "victory assassin", holds={"alberta": (by, 5), "ontario": (1, 1)},
                 rest=lambda t: 0 if t % 2 else 2, dice=[6, 5, 4, 1])
    g = s.game
    g.targets[:3] = [1, 2, 0]
    with pytest.raises(GameOver):
        g.battle(by, by, s.t("alberta"), s.t("ontario"))
    over = s.of("game_over")[-1]
    assert (over["winner"], over["reason"]) == ("red", "assassin")


def test_targets_make_one_circle(write):
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game

    rules = open_rulebook(write("house.risk", house("victory assassin"))).rules(None, 5)
    game = Game(rules, [make_bot("balanced") for _ in range(5)], seed=3)
    result = game.play()
    seat, seen = 0, set()
    for _ in range(5):
        seen.add(seat)
        seat = game.targets[seat]
    assert seat == 0 and seen == set(range(5))
    assert result.reason in ("assassin", "domination", "opponent_eliminated")
