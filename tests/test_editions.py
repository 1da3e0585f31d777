"""Every cell of the "Where they differ" table (../shared/editions.md), against the merged
rules of its edition and variant. Each row names the table's row; where a seed is silent
the inherited rule is asserted, and the decisions taken in the rule files are pinned."""

from __future__ import annotations

import pytest

from conftest import load

SV, NL, DE, NLM, CS = "sv-2000", "nl-1990", "de-deluxe", "nl-modern", "cs-riziko"
ALL = (SV, NL, DE, NLM, CS)
TWO_PLAYER = (SV, NL, NLM, CS)


def model(edition, path, variant=None, players=None):
    node = load(edition, variant, players).model
    for key in path.split("."):
        node = node[key]
    return node


# (row, edition, variant, players, path in the merged model, expected)
CELLS = [
    # players
    ("players", SV, None, None, "players", {"min": 2, "max": 6}),
    ("players", NL, None, None, "players", {"min": 2, "max": 6}),
    ("players", DE, None, None, "players", {"min": 3, "max": 6}),
    ("players", NLM, None, None, "players", {"min": 2, "max": 6}),
    ("players", CS, None, None, "players", {"min": 2, "max": 6}),
    # default victory
    ("default victory", SV, None, None, "victory", "missions"),
    ("default victory", SV, None, 2, "victory", "opponents_eliminated"),
    ("default victory", NL, None, None, "victory", "missions"),
    ("default victory", NL, None, 2, "victory", "opponents_eliminated"),
    ("default victory", DE, None, None, "victory", "missions"),
    ("default victory", NLM, None, None, "victory", "domination"),
    ("default victory", NLM, "missions", None, "victory", "missions"),
    ("default victory", NLM, "missions", None, "players", {"min": 3, "max": 6}),
    ("default victory", CS, None, None, "victory", "domination"),
    ("default victory", CS, None, 2, "victory", "opponents_eliminated"),
    # territories at start
    ("territories at start", SV, None, None, "setup.territories", "deal"),
    ("territories at start", NL, None, None, "setup.territories", "deal"),
    ("territories at start", DE, None, None, "setup.territories", "deal"),
    ("territories at start", NLM, None, None, "setup.territories", "draft"),
    ("territories at start", NLM, "missions", None, "setup.territories", "deal"),
    ("territories at start", CS, None, None, "setup.territories", "draft"),
    # first player
    ("first player", SV, None, None, "setup.first_player", "left_of_dealer"),
    ("first player", NL, None, None, "setup.first_player", "left_of_dealer"),
    ("first player", DE, None, None, "setup.first_player", "left_of_dealer"),
    ("first player", NLM, None, None, "setup.first_player", "highest_roll"),
    ("first player", CS, None, None, "setup.first_player", "highest_roll"),
    # continent bonus NA/SA/EU/AF/AS/AU
    *[("continent bonus", e, None, None, "continents",
       {"north_america": 5, "south_america": 2, "europe": 3 if e == NL else 5, "africa": 3, "asia": 7,
        "australia": 2}) for e in ALL],
    # card values
    *[("card values", e, None, None, "cards.sets",
       {"kind": "fixed", "values": {"infantry": 4, "cavalry": 6, "artillery": 8, "mixed": 10}}) for e in (SV, NL, DE)],
    ("card values", SV, "escalating", None, "cards.sets",
     {"kind": "escalating", "values": [4, 6, 8, 10, 12, 15, 20, 25, 30], "step": 5}),
    ("card values", NL, "escalating", None, "cards.sets",
     {"kind": "escalating", "values": [4, 6, 8, 10, 12, 15, 20, 25, 30], "step": 5}),
    ("card values", NLM, None, None, "cards.sets", {"kind": "escalating", "values": [4, 6, 8, 10, 12, 15], "step": 5}),
    ("card values", CS, None, None, "cards.sets", {"kind": "escalating", "values": [4, 6, 8, 10, 12, 15], "step": 5}),
    # escalation counter (de-deluxe: fixed values only)
    ("escalation counter", SV, "escalating", None, "cards.counter", "global"),
    ("escalation counter", NL, "escalating", None, "cards.counter", "global"),
    ("escalation counter", NLM, None, None, "cards.counter", "global"),
    ("escalation counter", CS, None, None, "cards.counter", "global"),
    # owned-territory card bonus
    *[("owned-territory card bonus", e, None, None, "cards.territory_bonus", {"armies": 2, "per": "card"})
      for e in (SV, NL, DE, CS)],
    # not stated in nl-modern: classic's once per trade
    ("owned-territory card bonus", NLM, None, None, "cards.territory_bonus", {"armies": 2, "per": "trade"}),
    # must trade
    *[("must trade", e, None, None, "cards.must_trade", 5) for e in ALL],
    # after taking a victim's cards
    ("after taking a victim's cards", SV, None, None, "cards.after_elimination",
     {"cards": 6, "trade": "next_reinforcement"}),
    *[("after taking a victim's cards", e, None, None, "cards.after_elimination",
       {"cards": 6, "trade": "next_reinforcement"}) for e in (NL, DE, NLM)],  # not stated: inherited
    ("after taking a victim's cards", CS, None, None, "cards.after_elimination",
     {"cards": 6, "trade": "at_once", "down_to": 4}),
    # attacker dice vs armies committed
    ("attacker dice vs armies committed", SV, None, None, "battle.attacker_rolls", "up_to_committed"),
    ("attacker dice vs armies committed", NL, None, None, "battle.attacker_rolls", "up_to_committed"),
    ("attacker dice vs armies committed", DE, None, None, "battle.attacker_rolls", "committed"),
    ("attacker dice vs armies committed", NLM, None, None, "battle.attacker_rolls", "committed"),  # not stated
    ("attacker dice vs armies committed", CS, None, None, "battle.attacker_rolls", "committed"),
    *[("attacker dice vs armies committed", e, None, None, "battle.attacker_dice", {"2": 1, "3": 2, "4+": 3})
      for e in ALL],
    # defender dice
    ("defender dice", SV, None, None, "battle.defender_dice", {"1": 1, "2": 1, "3+": 2}),
    ("defender dice", SV, None, None, "battle.defender_chooses", True),
    ("defender dice", NL, None, None, "battle.defender_dice", {"1": 1, "2+": 2}),
    ("defender dice", NL, None, None, "battle.defender_chooses", False),
    ("defender dice", DE, None, None, "battle.defender_dice", {"1": 1, "2+": 2}),
    ("defender dice", DE, None, None, "battle.defender_chooses", False),
    ("defender dice", NLM, None, None, "battle.defender_dice", {"1": 1, "2+": 2}),  # not stated
    ("defender dice", NLM, None, None, "battle.defender_chooses", True),
    ("defender dice", CS, None, None, "battle.defender_dice", {"1": 1, "2+": 2}),
    ("defender dice", CS, None, None, "battle.defender_chooses", True),
    # ties go to the defender everywhere
    *[("ties", e, None, None, "battle.ties", "defender") for e in ALL],
    # minimum move after conquest
    ("minimum move after conquest", SV, None, None, "battle.minimum_move", "committed"),
    ("minimum move after conquest", NL, None, None, "battle.minimum_move", "committed"),
    ("minimum move after conquest", DE, None, None, "battle.minimum_move", "committed"),
    ("minimum move after conquest", NLM, None, None, "battle.minimum_move", "dice"),  # not stated
    ("minimum move after conquest", CS, None, None, "battle.minimum_move", "dice"),
    # fortify
    *[("fortify", e, None, None, "fortify", {"moves": 1, "path": "adjacent", "split": False})
      for e in (SV, NL, DE, NLM)],
    ("fortify", CS, None, None, "fortify", {"moves": "unlimited", "path": "adjacent", "split": False}),
    # mission win timing
    ("mission win timing", SV, None, None, "missions.timing", "during_own_turn"),
    ("mission win timing", NL, None, None, "missions.timing", "immediately"),
    ("mission win timing", DE, None, None, "missions.timing", "during_own_turn"),
    ("mission win timing", NLM, "missions", None, "missions.timing", "end_of_own_turn"),
    ("mission win timing", NLM, "missions-start-of-turn", None, "missions.timing", "start_of_own_turn"),
    ("mission win timing", NLM, "missions-full-round", None, "missions.timing", "full_round_after_declaring"),
    # capitals / bases
    ("capitals variant", SV, "capitals", None, "capitals",
     {"needed": {"2-3": 2, "4-5": 3, "6": 4}, "capture_takes_cards": True, "capture_replaces": "one_each",
      "capture_eliminates": False}),
    ("capitals variant", SV, "capitals", None, "victory", "capitals"),
    ("capitals variant", SV, "capitals", 2, "victory", "capitals"),
    ("capitals variant", NL, "super-risk", None, "capitals",
     {"needed": {"2-3": 2, "4-5": 3, "6": 4}, "capture_takes_cards": True, "capture_replaces": "one_each",
      "capture_eliminates": True}),
    ("capitals variant", NL, "super-risk", None, "victory", "capitals"),
    # other variants
    ("variants", SV, "world-conquest", None, "victory", "domination"),
    ("variants", NL, "alternatief", None, "victory", "domination"),
    # 2-player: armies
    *[("2-player: armies", e, None, 2, "starting_armies.2", 40) for e in TWO_PLAYER],
    ("2-player: armies", SV, None, 2, "neutral.armies", 28),
    ("2-player: armies", NL, None, 2, "neutral.armies", 28),
    ("2-player: armies", NL, None, 2, "neutral.start", 2),
    ("2-player: armies", NLM, None, 2, "neutral.armies", 40),
    ("2-player: armies", CS, None, 2, "neutral.armies", 28),
    ("2-player: armies", CS, None, 2, "neutral.start", 2),
    # 2-player: territories
    ("2-player: territories", SV, None, 2, "neutral.territories", {"share": "dealt"}),
    ("2-player: territories", SV, None, 2, "setup.territories", "deal"),
    ("2-player: territories", NL, None, 2, "neutral.territories", {"share": "dealt"}),
    ("2-player: territories", NLM, None, 2, "neutral.territories", {"share": "dealt"}),
    ("2-player: territories", NLM, None, 2, "setup.territories", "deal"),
    ("2-player: territories", NLM, None, 2, "setup.placement", 2),
    ("2-player: territories", NLM, None, 2, "neutral.start", 1),
    ("2-player: territories", NLM, None, 2, "neutral.placement", 1),
    ("2-player: territories", CS, None, 2, "setup.territories", "draft"),
    ("2-player: territories", CS, None, 2, "neutral.territories", {"share": "leftover", "count": 14}),
    # 2-player: who places the neutral reinforcements, and when
    *[("2-player: who places it, when", e, None, 2, "neutral.played_by", "other_player") for e in TWO_PLAYER],
    ("2-player: who places it, when", SV, None, 2, "turn", ["reinforce", "neutral_reinforce", "attack", "fortify"]),
    ("2-player: who places it, when", NL, None, 2, "turn", ["reinforce", "neutral_reinforce", "attack", "fortify"]),
    ("2-player: who places it, when", NLM, None, 2, "turn", ["reinforce", "attack", "fortify"]),
    ("2-player: who places it, when", CS, None, 2, "turn",
     ["reinforce", "attack", "neutral_reinforce", "neutral_attack", "fortify"]),
    # 2-player: neutral attacks
    ("2-player: neutral attacks", SV, None, 2, "neutral.attacks", "never"),
    ("2-player: neutral attacks", NL, None, 2, "neutral.attacks", "never"),
    ("2-player: neutral attacks", NLM, None, 2, "neutral.attacks", "never"),
    ("2-player: neutral attacks", CS, None, 2, "neutral.attacks", "active_player"),
    # 2-player: neutral cards / fortify
    *[("2-player: neutral cards / fortify", e, None, 2, "neutral.cards", False) for e in TWO_PLAYER],
    *[("2-player: neutral cards / fortify", e, None, 2, "turn", turn) for e, turn in (
        (SV, ["reinforce", "neutral_reinforce", "attack", "fortify"]),
        (NL, ["reinforce", "neutral_reinforce", "attack", "fortify"]),
        (NLM, ["reinforce", "attack", "fortify"]),
        (CS, ["reinforce", "attack", "neutral_reinforce", "neutral_attack", "fortify"]))],  # no neutral_fortify
    # army pieces
    *[("army pieces", e, None, None, "pieces", [1, 5, 10]) for e in (SV, NL, DE, NLM)],
    ("army pieces", CS, None, None, "pieces", [1, 10]),
    # voice
    ("voice", SV, None, None, "terms", {"dealer": "general", "attack": "attack", "neutral": "neutral"}),
    ("voice", NL, None, None, "terms", {"dealer": "general", "attack": "attack", "neutral": "neutral"}),
    ("voice", DE, None, None, "terms", {"dealer": "president", "attack": "liberation", "neutral": "neutral"}),
    ("voice", NLM, None, None, "terms", {"dealer": "general", "attack": "attack", "neutral": "neutral"}),
    ("voice", CS, None, 2, "terms", {"dealer": "general", "attack": "attack", "neutral": "united_army"}),
]


@pytest.mark.parametrize("row, edition, variant, players, path, expected", CELLS,
                         ids=[f"{c[0]}|{c[1]}|{c[2] or '-'}|{c[3] or '-'}|{c[4]}" for c in CELLS])
def test_cell(row, edition, variant, players, path, expected):
    assert model(edition, path, variant, players) == expected


# 2-player: neutral reinforcement — evaluated at the seeds' own numbers.
@pytest.mark.parametrize("edition, total, share", [
    (SV, 17, 9),   # decided: the stated "avrundas uppåt" (the seed's example prints 8)
    (SV, 9, 5),
    (NL, 17, 8),   # "Hij krijgt nu 6 + 3 = 17 bataljons. Het neutrale leger krijgt dus 8 troepen."
    (CS, 9, 4),    # "jestliže hráč získá 9 armád, Spojená Armáda získá 4 armády"
    (CS, 17, 8),
])
def test_neutral_share(edition, total, share):
    rules = load(edition, players=2)
    env = {"total": total, "territories": 14, "continents": 0, "armies": 28, "players": 2, "round": 1}
    assert rules.neutral.reinforcements(env) == share


def test_nl_modern_neutral_never_reinforces():
    rules = load(NLM, players=2)
    assert rules.neutral.reinforcements is None
    assert "neutral_reinforce" not in rules.phases


def test_de_deluxe_has_no_two_player_rules():
    from riskrules.language.errors import RuleError

    with pytest.raises(RuleError) as err:
        load(DE, players=2)
    assert err.value.first_line == "de-deluxe (missions) is for 3 to 6 players, not 2"


# Missions: the 14 cards, listed in nl-modern and inherited by the editions whose seeds only count them.
CLASSIC_MISSIONS = [
    {"occupy": 18, "armies": 2},
    {"occupy": 24, "armies": 1},
    *[{"destroy": c, "else_occupy": 24} for c in ("red", "blue", "yellow", "green", "black", "pink")],
    {"conquer": ["asia", "south_america"], "extra": 0},
    {"conquer": ["asia", "africa"], "extra": 0},
    {"conquer": ["north_america", "africa"], "extra": 0},
    {"conquer": ["north_america", "australia"], "extra": 0},
    {"conquer": ["europe", "south_america"], "extra": 1},
    {"conquer": ["europe", "australia"], "extra": 1},
]


@pytest.mark.parametrize("edition, variant", [(SV, None), (NL, None), (DE, None), (NLM, "missions")])
def test_fourteen_missions(edition, variant):
    assert model(edition, "missions.list", variant) == CLASSIC_MISSIONS
    assert len(CLASSIC_MISSIONS) == 14


def test_cs_riziko_and_nl_modern_default_have_no_missions_victory():
    assert load(CS).mission_timing is None
    assert load(NLM).mission_timing is None


# The shared rules (editions.md, "Shared by all five").
@pytest.mark.parametrize("edition", ALL)
def test_shared_rules(edition):
    rules = load(edition)
    env = {"continents": 0, "armies": 0, "cards": 0, "players": 3, "round": 1}
    assert rules.territory_armies({**env, "territories": 17}) == 5   # "17 : 3 = 5"
    assert rules.territory_armies({**env, "territories": 4}) == 3    # "4 : 3 = 1 (men tre arméer är minimum)"
    assert rules.battle.least_to_attack == 2
    assert [rules.battle.attacker_dice(n) for n in (2, 3, 4, 10, 100)] == [1, 2, 3, 3, 3]
    assert rules.battle.ties_to_defender
    assert rules.cards.draw == 1
    assert rules.cards.bonus_armies == 2
    assert [rules.starting_armies[n] for n in (3, 4, 5, 6)] == [35, 30, 25, 20]
    assert rules.board.size == 42 and rules.board.deck_size == 44


def test_variants_per_edition():
    from riskrules.language.loader import open_rulebook

    def names(edition):
        return {v: e.default for v, e in open_rulebook(edition).variants.items()}

    assert names(SV) == {"missions": True, "world-conquest": False, "escalating": False, "capitals": False}
    assert names(NL) == {"missions": True, "alternatief": False, "escalating": False, "super-risk": False}
    assert names(DE) == {"missions": True}
    assert names(NLM) == {"domination": True, "missions": False, "missions-start-of-turn": False,
                          "missions-full-round": False}
    assert names(CS) == {"domination": True}


def test_variants_combine():
    rules = load(NL, None)
    both = __import__("riskrules.language.loader", fromlist=["x"]).open_rulebook(NL).rules(["alternatief", "escalating"])
    assert rules.victory == "missions"
    assert both.victory == "domination"
    assert both.cards.escalating[:3] == (4, 6, 8)
    assert both.variant == "alternatief,escalating"
