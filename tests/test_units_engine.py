"""Special units in a game (issue 45; engine/units.py): the platforms' worked examples with fixed
draws and loaded dice — Warzone's commander (7 armies, killed only whole after its armies, its owner
out at its loss), a boss that splits, Hasbro's experts' die turned to a 6, RISK 2210's eight-sided
die — and units carried by copies, seen under fog, narrated."""

from __future__ import annotations

from riskrules.engine.dice import LoadedDice, LoadedDraws
from riskrules.engine.units import place_all
from riskrules.text.i18n import Text
from riskrules.text.narrate import Narrator

from scenario import Scenario

NO_LUCK = "battle {\n    luck 0%\n}\n"


def kill_scenario(write, parent: str, holds: dict, players: int = 3, rest=None) -> Scenario:
    path = write("house.risk", f"rulebook house\nextends {parent}\n\n{NO_LUCK}")
    s = Scenario(str(path), players, holds=holds, rest=rest)
    s.game.dice = LoadedDraws()
    return s


def commander(s: Scenario, where: str, strength: int = 7) -> None:
    s.game.units.setdefault(s.t(where), []).append([0, strength, 0])


def test_a_commander_and_three_armies_hit_with_six_lose_the_armies_only(write):
    """Warzone's wiki (Commanders): 10 armies on a commander and 3 at 60% do 6 damage; the 3 armies
    die, the 3 left over cannot kill the commander (7, only whole). It defends as 10 armies: 7 kills."""
    s = kill_scenario(write, "warzone-commanders", {"alberta": (0, 11), "ontario": (1, 3)})
    commander(s, "ontario")
    g = s.game
    g._fight(g, 0, 0, s.t("alberta"), s.t("ontario"))
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")], g.armies[s.t("alberta")]) == (1, 1, 4)
    assert g.units == {s.t("ontario"): [[0, 7, 0]]} and g.alive[1] and not s.of("unit_lost")
    battle, = s.of("battles")
    assert (battle["attacker_losses"], battle["defender_losses"]) == (7, 2)


def test_the_owner_is_out_when_his_commander_dies(write):
    """20 armies do 12: the 3 armies, then 9 ≥ 7 kill the commander; its owner is out, everything he
    held goes to the neutral army, and the 13 attackers left move in."""
    s = kill_scenario(write, "warzone-commanders", {"alberta": (0, 21), "ontario": (1, 3)})
    commander(s, "ontario")
    g = s.game
    held = [t for t in range(g.size) if g.owner[t] == 1 and t != s.t("ontario")]
    g._fight(g, 0, 0, s.t("alberta"), s.t("ontario"))
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")], g.armies[s.t("alberta")]) == (0, 13, 1)
    assert not g.alive[1] and g.territory_count[1] == 0 and all(g.owner[t] == g.neutral for t in held)
    lost, = s.of("unit_lost")
    assert (lost["player"], lost["unit"], lost["territory"], lost["by"]) == ("blue", "commander", "ontario", "red")
    assert lost["to_neutral"] == [g.board.territories[t] for t in held]
    assert s.of("elimination")[0]["by"] == "red" and g.units == {}


def test_a_commander_attacking_with_three_hits_as_ten_and_goes_along(write):
    """Commanders: a commander with 3 armies does the damage of 10 (6 kills): the 6 defenders fall;
    their 4 kills take 3 armies, the 1 left over not the commander, which goes on with one army (and
    the territory behind it keeps its one)."""
    s = kill_scenario(write, "warzone-commanders", {"alberta": (0, 4), "ontario": (1, 6)})
    commander(s, "alberta")
    g = s.game
    g._fight(g, 0, 0, s.t("alberta"), s.t("ontario"))
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")], g.armies[s.t("alberta")]) == (0, 1, 1)
    assert g.units == {s.t("ontario"): [[0, 7, 0]]}
    moved, = s.of("unit_moved")
    assert (moved["from"], moved["to"], moved["unit"]) == ("alberta", "ontario", "commander")


def test_a_boss_splits_into_three_of_half_its_strength(write):
    """Warzone's Boss3, smaller: 60 armies do 36 on a splitter of 30 with 4 armies: it dies, and 3
    units of 15 are put on neutral territories without a unit, drawn; they split no more."""
    neutral = {"greenland": (3, 2), "madagascar": (3, 2), "new_guinea": (3, 2), "siam": (3, 2)}
    s = kill_scenario(write, "warzone-bosses", {"brazil": (0, 61), "peru": (3, 4), "iceland": (3, 4), **neutral},
                      rest=lambda t: t % 3)
    g = s.game
    g.units[s.t("peru")] = [[1, 30, 0]]
    g.units[s.t("iceland")] = [[0, 20, 0]]
    g._fight(g, 0, 0, s.t("brazil"), s.t("peru"))
    assert (g.owner[s.t("peru")], g.armies[s.t("peru")]) == (0, 36)  # (34 × 70% = 23.8: 24 attackers killed)
    assert [e["strength"] for e in s.of("unit_placed")] == [15, 15, 15]
    placed = {s.t(e["territory"]) for e in s.of("unit_placed")}
    assert len(placed) == 3 and placed <= {s.t(n) for n in neutral}
    assert all(g.units[t] == [[1, 15, -1]] for t in placed) and s.of("unit_lost")[0]["unit"] == "splitter"


def test_units_grow_each_round_and_start_where_the_rules_say(write):
    s = kill_scenario(write, "warzone-bosses", {"peru": (3, 4), "iceland": (3, 4), "siam": (3, 4)},
                      rest=lambda t: t % 3)
    g = s.game
    place_all(g)
    assert {g.board.territories[t]: here for t, here in g.units.items()} == {
        "iceland": [[0, 20, 0]], "peru": [[1, 30, 0]], "siam": [[1, 30, 0]]}
    g.unit_round, g.round = 1, 2
    g._at_turn_start(g)
    assert g.units[s.t("iceland")] == [[0, 25, 0]] and s.of("unit_grown")[0]["strength"] == 25


def test_a_die_becomes_a_six_once_a_turn_and_a_commander_returns_when_its_territory_falls():
    """Hasbro's experts: attacking from Alberta, red's commander in Peru turns his 2 into a 6 (5 4 2
    against 5 3: 6 5 4, two killed); the next roll of the turn is rolled as it falls (6 5 1 against
    2) and Ontario is taken. Blue's commander there falls with it and stands again on another
    territory of blue's (`returns on loss`)."""
    s = Scenario("experts-commanders", 3, holds={"alberta": (0, 8), "ontario": (1, 3), "peru": (0, 1)},
                 dice=[5, 4, 2, 5, 3, 6, 5, 1, 2])
    g = s.game
    commander(s, "peru", 0)
    commander(s, "ontario", 0)
    g._fight(g, 0, 0, s.t("alberta"), s.t("ontario"))
    first, = s.of("battle")
    assert (first["attacker_dice"], first["defender_dice"]) == ([6, 5, 4], [5, 3])
    assert (first["attacker_losses"], first["defender_losses"]) == (0, 2)
    assert g.units[s.t("peru")] == [[0, 0, g.turn]]
    g._fight(g, 0, 0, s.t("alberta"), s.t("ontario"))
    second = s.of("battle")[1]
    assert (second["attacker_dice"], second["defender_dice"]) == ([6, 5, 1], [2]) and g.owner[s.t("ontario")] == 0
    lost, = s.of("unit_lost")
    again, = [e for e in s.of("unit_placed")]
    assert lost["territory"] == "ontario" and again["player"] == "blue" and g.owner[s.t(again["territory"])] == 1


def test_a_commander_rolls_one_eight_sided_die():
    """RISK 2210: the attacker's land commander rolls one die of eight sides (drawn first), his other
    dice six; 8 2 1 against 6 5."""
    s = Scenario("risk-2210-commanders", 3, holds={"alberta": (0, 5), "ontario": (1, 3)})
    g = s.game
    g.dice = LoadedDice([8, 2, 1, 6, 5], sides=8)
    commander(s, "alberta", 0)
    g._fight(g, 0, 0, s.t("alberta"), s.t("ontario"))
    battle, = s.of("battle")
    assert (battle["attacker_dice"], battle["defender_dice"]) == ([8, 2, 1], [6, 5])
    assert (battle["attacker_losses"], battle["defender_losses"]) == (1, 1)


def test_a_copy_carries_its_own_units_and_a_fortify_move_takes_them_along(write):
    s = kill_scenario(write, "warzone-commanders", {"alberta": (0, 5), "ontario": (0, 1)})
    commander(s, "alberta")
    g = s.game
    copy = g.copy([])
    copy.units[s.t("alberta")][0][1] = 99
    assert g.units == {s.t("alberta"): [[0, 7, 0]]}
    s.agents[0].answers = {"fortify": __import__("collections").deque([(s.t("alberta"), s.t("ontario"), 4)])}
    g.fortify(0)
    assert g.units == {s.t("ontario"): [[0, 7, 0]]} and s.of("unit_moved")[0]["to"] == "ontario"


def test_narrated_in_five_languages():
    event = {"type": "unit_lost", "turn": 3, "player": "blue", "unit": "commander", "territory": "ontario",
             "by": "red", "to_neutral": ["peru"]}
    rules = Scenario("warzone-commanders", 3).rules
    lines = {lang: Narrator(rules, Text(lang, board=rules.board))(event) for lang in ("en", "de", "nl", "sv", "cs")}
    assert lines["en"] == ("The commander of blue falls on Ontario, killed by red: blue is out and his territories "
                           "go to the neutral army.")
    assert all(line and "commander" in line.lower() for line in lines.values()) and len(set(lines.values())) == 5


def test_each_player_chooses_where_his_commanders_stand_and_the_log_replays_it(tmp_path):
    """RISK 2210: `1 each chosen at the start` asks each player, unit by unit (a `unit` question
    naming the unit); a seat played by a person is answered from the log in a replay."""
    import io

    from riskrules.engine.game import Game
    from riskrules.engine.log import LogWriter
    from riskrules.engine.replay import replay
    from riskrules.language.loader import open_rulebook
    from scenario import Script

    rules = open_rulebook("risk-2210-commanders").rules(None, 3)
    agents = [Script() for _ in range(3)]
    out = io.StringIO()
    Game(rules, agents, 1, max_turns=4, listeners=[LogWriter(out)], edition="risk-2210-commanders").play()
    asked = [d for d in agents[0].asked if d.kind == "unit"]
    assert [d.shown for d in asked] == [("land",), ("diplomat",)] and asked[0].check(-1).template == \
        "not one of your territories"
    events = [__import__("json").loads(line) for line in out.getvalue().splitlines()]
    placed = [(e["unit"], e["territory"]) for e in events if e["type"] == "unit_placed" and e["player"] == "red"]
    assert placed == [("land", rules.board.territories[asked[0].options[-1]]),
                      ("diplomat", rules.board.territories[asked[1].options[-1]])]
    path = tmp_path / "game.jsonl"
    path.write_text(out.getvalue(), encoding="utf-8")
    assert replay(path).ok
