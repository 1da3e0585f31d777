"""Marks (issue 43), the engine: each worked example with loaded dice — SMG's capital and wall
(+1 defence die, stacking), its zombies (ties to the attacker, −1 attack die), RISK 2210's
eight-sided dice — the impassable border, an attack pressed at once under a modifier, and the
bots' odds of a modified battle."""

from __future__ import annotations

import random

import pytest

from conftest import house
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.dice import Dice, LoadedDice
from riskrules.engine.odds import odds_for
from scenario import Scenario

CAPITALS = """
    victory capitals
    capitals {
        needed 2-3: 2, 4-5: 3, 6: 4
        capture takes cards yes
        capture replaces continent armies no
        capture eliminates victim no
    }
    battle {
        defender dice + 1 when defender_capital
    }"""


def battle(s: Scenario, source: str, target: str, side: int = 0, decider: int | None = None) -> dict:
    s.game.battle(side if decider is None else decider, side, s.t(source), s.t(target))
    return s.of("battle")[-1]


def test_a_capital_of_three_armies_defends_with_three_dice(write):
    # SMG: "Player attacking Capital: +1 max defender die"
    path = write("house.risk", house(CAPITALS))
    s = Scenario(str(path), 3, holds={"alberta": (0, 10), "ontario": (1, 3), "quebec": (1, 3)},
                 dice=[6, 5, 2, 4, 4, 3, 6, 5, 2, 4, 4])
    s.game.capital_owner[s.t("ontario")] = 1
    e = battle(s, "alberta", "ontario")
    assert (e["attacker_dice"], e["defender_dice"]) == ([6, 5, 2], [4, 4, 3])
    assert (e["attacker_losses"], e["defender_losses"]) == (1, 2)
    # not a capital: two dice, as the table gives
    s.game.armies[s.t("ontario")] = 3
    s.game.capital_owner.clear()
    e = battle(s, "alberta", "ontario")
    assert (e["attacker_dice"], e["defender_dice"]) == ([6, 5, 2], [4, 4])


def test_a_capital_of_two_armies_still_rolls_two(write):
    path = write("house.risk", house(CAPITALS))
    s = Scenario(str(path), 3, holds={"alberta": (0, 10), "ontario": (1, 2)}, dice=[6, 5, 2, 4, 3])
    s.game.capital_owner[s.t("ontario")] = 1
    e = battle(s, "alberta", "ontario")
    assert (e["defender_dice"], e["defender_losses"], e["attacker_losses"]) == ([4, 3], 2, 0)


def test_a_marked_capital_behind_a_wall_rolls_two_dice_more():
    # walled-isles: kingsholm is marked capital and its strait to ambercoast a wall; both count
    s = Scenario("walled-isles", 3, holds={"ambercoast": (0, 9), "kingsholm": (1, 5), "ravenscar": (1, 3),
                                           "redcliffs": (0, 4)},
                 dice=[6, 6, 6, 5, 4, 3, 2, 6, 6, 5, 5, 4, 4])
    e = battle(s, "ambercoast", "kingsholm")
    assert (e["attacker_dice"], e["defender_dice"]) == ([6, 6, 6], [5, 4, 3, 2])
    assert (e["attacker_losses"], e["defender_losses"]) == (0, 3)
    e = battle(s, "redcliffs", "ravenscar")  # a wall alone: one more
    assert (e["attacker_dice"], e["defender_dice"]) == ([6, 6, 5], [5, 4, 4])
    assert (e["attacker_losses"], e["defender_losses"]) == (0, 3)


def test_no_attack_or_fortify_across_an_impassable_border():
    s = Scenario("walled-isles", 3, holds={"highmoor": (0, 9), "greywater": (1, 2), "frostfell": (0, 2)})
    g = s.game
    assert (s.t("highmoor"), s.t("greywater")) not in g.attack_options(0)
    assert s.t("greywater") not in g.adjacent[s.t("highmoor")]
    assert (s.t("frostfell"), s.t("greywater")) in g.attack_options(0)


def test_zombie_ties_go_to_the_attacker_and_zombies_roll_a_die_fewer():
    # SMG: "Human attacking Zombie: Ties favor attacker"; "Zombie attacking Human: -1 max attack die"
    s = Scenario("zombie-neutrals", 2, holds={"alberta": (0, 10), "ontario": (2, 4), "quebec": (1, 4),
                                              "eastern_united_states": (2, 10)},
                 dice=[5, 3, 1, 5, 3, 6, 6, 2, 2, 6, 6, 2, 6, 2, 6, 6, 6, 6, 6])
    e = battle(s, "alberta", "ontario")
    assert (e["attacker_dice"], e["defender_dice"], e["attacker_losses"], e["defender_losses"]) == \
        ([5, 3, 1], [5, 3], 0, 2)
    e = battle(s, "eastern_united_states", "quebec", 2, 1)  # the neutral army attacks: two dice, not three
    assert (e["attacker_dice"], e["defender_dice"]) == ([6, 6], [2, 2])
    s.game.armies[s.t("quebec")] = 10
    e = battle(s, "quebec", "ontario", 1)  # a player on the neutral army: ties to the attacker
    assert (e["attacker_dice"], e["defender_dice"], e["attacker_losses"], e["defender_losses"]) == \
        ([6, 6, 2], [6, 2], 0, 2)
    assert s.game.owner[s.t("ontario")] == 1  # taken from the neutral army
    s.game.armies[s.t("quebec")] = 5
    e = battle(s, "alberta", "quebec")  # between players the defender wins ties, as always
    assert (e["defender"], e["attacker_dice"], e["defender_dice"], e["attacker_losses"]) == \
        ("blue", [6, 6, 6], [6, 6], 2)


def test_eight_sided_dice():
    s = Scenario("eight-sided-dice", 3, holds={"alberta": (0, 10), "ontario": (1, 4)})
    s.game.dice = LoadedDice([8, 7, 7, 8, 6], sides=8)
    e = battle(s, "alberta", "ontario")
    assert (e["attacker_dice"], e["defender_dice"], e["attacker_losses"], e["defender_losses"]) == \
        ([8, 7, 7], [8, 6], 1, 1)
    fair = Dice(random.Random(5))
    faces = fair.roll_sides(2000, 8)
    assert (min(faces), max(faces), len(set(faces))) == (1, 8, 8)
    # six sides through roll_sides draw what roll draws
    a, b = Dice(random.Random(7)), Dice(random.Random(7))
    assert [a.roll(3) for _ in range(50)] == [b.roll_sides(3, 6) for _ in range(50)]


def test_an_attack_pressed_at_once_keeps_the_modified_dice(write):
    path = write("house.risk", house(CAPITALS))
    s = Scenario(str(path), 3, holds={"alberta": (0, 400), "ontario": (1, 300)})
    g = s.game
    g.dice = Dice(random.Random(3))
    g.capital_owner[s.t("ontario")] = 1
    g.press(0, 0, s.t("alberta"), s.t("ontario"), 1)
    many = s.of("battles")
    assert many and all(e["defended"] == 3 for e in many)
    assert all(len(e["defender_dice"]) == min(3, e["defender_armies"]) for e in s.of("battle"))


def test_balanced_values_an_attack_with_the_odds_of_its_battle(write):
    path = write("house.risk", house(CAPITALS))
    s = Scenario(str(path), 3, holds={"alberta": (0, 6), "ontario": (1, 3), "northwest_territory": (1, 3)})
    g = s.game
    g.capital_owner[s.t("ontario")] = 1
    bot = BalancedAgent()
    bot.start(g.sights[0], 0, random.Random(1))  # what seat 0 sees: the capitals are public
    b = g.rules.battle
    capital = bot.chance(0, s.t("alberta"), s.t("ontario"))
    plain = bot.chance(0, s.t("alberta"), s.t("northwest_territory"))
    assert capital == odds_for(b, 60, (("defender_capital", 1),)).win(5, 3)
    assert plain == odds_for(b, 60, (("defender_capital", 0),)).win(5, 3)
    assert round(capital, 4) == 0.5665 and round(plain, 4) == 0.7694


# ---- the experts' re-roll with a card of the territory (has07) -----------------------------------------

def test_a_card_of_the_territory_rolls_one_die_again():
    from scenario import Script
    from riskrules.engine.decisions import REROLL

    agents = [Script(reroll=[1]), Script(), Script()]
    s = Scenario("experts-reroll", 3, holds={"alberta": (0, 10), "ontario": (1, 4), "quebec": (1, 4)},
                 dice=[6, 3, 1, 5, 2, 4, 6, 3, 1, 5, 2], agents=agents)
    s.give(0, "ontario")
    e = battle(s, "alberta", "ontario")
    asked = [d for d in agents[0].asked if d.kind is REROLL]
    assert [(d.options, d.shown, d.optional) for d in asked] == [([1, 3, 6], ((6, 3, 1), (5, 2)), True)]
    assert (e["attacker_dice"], e["defender_dice"], e["reroll"]) == ([6, 4, 3], [5, 2], [1, 4])
    assert (e["attacker_losses"], e["defender_losses"]) == (0, 2)
    # no card of alberta or quebec: nothing is asked, nothing rolled again
    e = battle(s, "alberta", "quebec")
    assert len([d for d in agents[0].asked if d.kind is REROLL]) == 1
    assert "reroll" not in e and (e["attacker_losses"], e["defender_losses"]) == (0, 2)


def test_balanced_rolls_again_the_die_that_gains_most():
    from riskrules.engine.decisions import REROLL, Decision

    s = Scenario("experts-reroll", 3, holds={"alberta": (0, 10), "ontario": (1, 4)})
    bot = BalancedAgent()
    bot.start(s.game.sights[0], 0, random.Random(1))
    where = (s.t("alberta"), s.t("ontario"))

    def asked(attack, defence):
        return bot.decide(Decision(REROLL, 0, sorted(set(attack)), 0, True, 0, where, None,
                                   (tuple(attack), tuple(defence))))

    assert asked([6, 3, 1], [5, 2]) is None  # both pairs win already
    assert asked([6, 2, 1], [5, 4]) == 1  # the lowest: as good as the losing 2, and it risks nothing
    assert asked([2], [5]) == 2
    assert asked([2], [6]) is None  # nothing beats a 6: keeping costs no more
    assert asked([5, 1], [5]) == 1  # a tie lost: the spare die may still beat it, and risks nothing


def test_a_log_answers_the_re_roll():
    from riskrules.engine.agents.log_agent import Cursor, LogAgent
    from riskrules.engine.decisions import REROLL, Decision

    s = Scenario("experts-reroll", 3, holds={"alberta": (0, 10), "ontario": (1, 4)})
    events = [{"type": "battle", "reroll": [1, 4]}, {"type": "battle"}]
    cursor = Cursor()
    agent = LogAgent(events, cursor, "human")
    agent.start(s.game.sights[0], 0, random.Random(1))
    d = Decision(REROLL, 0, [1, 3, 6], 0, True, 0, (s.t("alberta"), s.t("ontario")), None, ((6, 3, 1), (5, 2)))
    assert agent.decide(d) == 1
    cursor({})
    assert agent.decide(d) is None


def test_a_person_is_asked_the_re_roll_at_the_terminal_and_in_the_browser():
    from riskrules.engine.decisions import REROLL, Decision
    from riskrules.terminal.human import HumanAgent
    from riskrules.text.i18n import Text
    from riskrules.web.answers import Malformed, read
    from riskrules.web.view import described

    s = Scenario("experts-reroll", 3, holds={"alberta": (0, 10), "ontario": (1, 4)})
    g = s.game
    typed = iter(["5", "1", ""])
    shown: list[str] = []
    person = HumanAgent(Text("en"), read=lambda prompt: shown.append(prompt) or next(typed), write=shown.append)
    person.start(g.sights[0], 0, random.Random(1))
    person._board_shown = g.turn  # (the turn's first screen is not what is tested)
    d = Decision(REROLL, 0, [1, 3, 6], 0, True, 0, (s.t("alberta"), s.t("ontario")), g.sights[0],
                 ((6, 3, 1), (5, 2)))
    assert person.decide(d) == 1
    assert "Your dice 6 3 1 against 5 2: a face to roll again (a card of the territory), or Enter to keep them: " \
        in shown
    assert any("type the face of one of your dice: 1, 3, 6" in line for line in shown)
    assert person.decide(d) is None  # Enter keeps them
    page = described(d, g.sights[0], Text("en"), 7, 0)
    assert (page["kind"], page["options"], page["labels"][0], page["keep"]) == \
        ("reroll", [1, 3, 6], "roll a 1 again", "Keep the dice")
    assert page["prompt"] == "Your dice 6 3 1 against 5 2: roll one again with your card of the territory?"
    assert read(d, {"reroll": 3})[0] == 3 and read(d, {"reroll": None})[0] is None
    with pytest.raises(Malformed):
        read(d, {"reroll": "3"})
