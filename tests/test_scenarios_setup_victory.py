"""Setups (who starts, dealt and drafted territories, the four 2-player setups) and victory:
capitals with the continent replacement, and each mission timing, won only when allowed."""

from __future__ import annotations

from collections import Counter

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.dice import LoadedDice
from riskrules.engine.game import Game, GameOver
from riskrules.language.loader import open_rulebook
from riskrules.language.rules import Mission
from scenario import Scenario, Script


def setup_game(edition: str, players: int, variant: str | None = None, dice=None, seed: int = 3):
    rules = open_rulebook(edition).rules([variant] if variant else None, players)
    events: list[dict] = []
    game = Game(rules, [make_bot("balanced") for _ in range(players)], seed,
                dice=LoadedDice(dice) if dice else None, listeners=[events.append])
    game.setup()
    return game, events


def armies_by_owner(game) -> Counter:
    count: Counter = Counter()
    for t in range(game.size):
        count[game.names[game.owner[t]]] += game.armies[t]
    return count


# ---- setups -------------------------------------------------------------------------------------------

def test_deal_with_four_players_gives_the_first_two_an_extra_card():
    # sv-2000: "OBS – när 4 eller 5 spelare deltar, kommer två spelare att få ett extra kort." —
    # "Spelaren till vänster om GENERALEN får det första kortet."
    game, events = setup_game("sv-2000", 4)
    dealer = next(e for e in events if e["type"] == "dealer")
    first = game.names.index(dealer["first"])
    assert first == (game.names.index(dealer["player"]) + 1) % 4
    claims = Counter(e["player"] for e in events if e["type"] == "claim")
    assert claims[game.names[first]] == claims[game.names[(first + 1) % 4]] == 11
    assert claims[game.names[(first + 2) % 4]] == claims[game.names[(first + 3) % 4]] == 10
    assert all(v == 30 for v in armies_by_owner(game).values())


def test_highest_roll_starts_and_ties_roll_again():
    # nl-modern: "Rol een dobbelsteen. Diegene die het hoogste aantal gooit … mag ook het spel openen."
    game, events = setup_game("nl-modern", 3, dice=[5, 5, 2, 3, 6])
    rolls = [e["rolls"] for e in events if e["type"] == "roll_for_first"]
    assert rolls == [{"red": 5, "blue": 5, "yellow": 2}, {"red": 3, "blue": 6}]
    assert game.first == 1
    assert next(e for e in events if e["type"] == "claim")["player"] == "blue"  # drafting starts with blue
    assert Counter(e["player"] for e in events if e["type"] == "claim") == {"blue": 14, "yellow": 14, "red": 14}


def test_sv_2000_two_players():
    # sv-2000 SPEL FÖR TVÅ DELTAGARE: "tar 40 arméer var … en neutral styrka med 28 arméer … delas ut
    # – 14 till varje spelare, inklusive den neutrala styrkan"
    game, events = setup_game("sv-2000", 2)
    assert Counter(e["player"] for e in events if e["type"] == "claim") == {"red": 14, "blue": 14, "neutral": 14}
    assert armies_by_owner(game) == {"red": 40, "blue": 40, "neutral": 28}


def test_nl_1990_two_players_two_per_neutral_territory():
    # nl-1990: "stellen het neutrale leger op: 2 bataljons per gebied"
    game, _ = setup_game("nl-1990", 2)
    assert {game.armies[t] for t in game.territories_of(game.neutral)} == {2}


def test_nl_modern_two_players():
    # nl-modern: "Neem 40 Infanterie stukken uit elk van de 3 sets … verdeel ze in 3 gelijke stapels
    # … Plaats twee infanterie op 1 of 2 van de gebieden dat je bezit. Plaats een "neutraal" leger
    # op elke "neutraal" gebied naar keuze"
    game, events = setup_game("nl-modern", 2, dice=[6, 1])
    assert Counter(e["player"] for e in events if e["type"] == "claim") == {"red": 14, "blue": 14, "neutral": 14}
    assert armies_by_owner(game) == {"red": 40, "blue": 40, "neutral": 40}
    placed_for_neutral = Counter(e["by"] for e in events if e["type"] == "place" and e["player"] == "neutral")
    assert placed_for_neutral == {"red": 13, "blue": 13}


def test_cs_riziko_two_players_draft_fourteen_each():
    # cs-riziko: "střídavě je umísťují na neobsazená území, dokud každý z nich neobsadí 14 území …
    # Zbývajících 14 území je obsazeno mocností zvanou Spojená Armáda … dohromady 28 armád."
    game, events = setup_game("cs-riziko", 2, dice=[2, 5])
    claims = [e["player"] for e in events if e["type"] == "claim"]
    assert claims[:28] == ["blue", "red"] * 14  # the highest roll drafts first, then in turn
    assert Counter(claims) == {"red": 14, "blue": 14, "neutral": 14}
    assert armies_by_owner(game) == {"red": 40, "blue": 40, "neutral": 28}


def test_missions_of_absent_colours_are_removed_and_own_colour_falls_back():
    # sv-2000: "Om färre än sex spelare deltar ska Generalen ta bort de uppgiftskort som hör ihop med
    # de färger som inte används." — nl-modern: "Als een speler zijn eigen kleur trekt, dan moet hij
    # echter 24 gebieden veroveren."
    for seed in range(30):
        game, events = setup_game("sv-2000", 3, seed=seed)
        for e in events:
            if e["type"] == "mission_dealt":
                m = e["mission"]
                if "destroy" in m:
                    assert m["destroy"] in ("red", "blue", "yellow")
                    mine = game.missions[game.names.index(e["player"])]
                    if m["destroy"] == e["player"]:
                        assert (mine.kind, mine.count, e["own_colour"]) == ("occupy", 24, True)


# ---- capitals -------------------------------------------------------------------------------------------

AFRICA_BLUE = {"egypt": (1, 3), "north_africa": (1, 4), "congo": (1, 2), "middle_east": (0, 6),
               "east_africa": (0, 2), "south_africa": (0, 2), "madagascar": (0, 2)}
CAPITALS = ["siam", "egypt", "japan", "peru"]


def capitals_scenario(edition: str, variant: str, players: int) -> Scenario:
    """Blue's capital is Egypt; blue also holds North Africa and Congo; red attacks from the Middle East."""
    holds = dict(AFRICA_BLUE)
    holds.update({CAPITALS[seat]: (seat, 3) for seat in range(players) if seat != 1})
    s = Scenario(edition, players, variant, holds=holds, dice=[6, 6, 6, 1, 1], rest=lambda t: t % players)
    g = s.game
    for seat in range(players):
        g.capital[seat] = s.t(CAPITALS[seat])
        g.capital_owner[s.t(CAPITALS[seat])] = seat
    s.give(1, "alaska", "peru" if players < 4 else "brazil")
    return s


def test_sv_2000_capital_capture_replaces_the_victims_continent_armies():
    # sv-2000 HUVUDSTADS-RISK: "lämna över sina RISK-kort … alla arméer som tillhör förloraren och som
    # står på samma KONTINENT tas bort från spelet och ersättas med EN armé från angriparen i vart och
    # ett av de tomma områdena"
    s = capitals_scenario("sv-2000", "capitals", 4)
    g = s.game
    g.armies[s.t("egypt")] = 1  # (two would roll one die in sv-2000, and survive this roll)
    g.battle(0, 0, s.t("middle_east"), s.t("egypt"))
    e = s.of("capital_captured")[-1]
    assert e == {"type": "capital_captured", "turn": 1, "player": "red", "victim": "blue", "territory": "egypt",
                 "replaced": ["north_africa", "congo"], "cards_taken": 2}
    assert [g.armies[s.t(n)] for n in ("north_africa", "congo")] == [1, 1]
    assert all(g.owner[s.t(n)] == 0 for n in ("egypt", "north_africa", "congo"))
    assert len(g.hands[0]) == 2 and g.alive[1]
    assert s.of("game_over") == []  # 4 players need 3 capitals


def test_sv_2000_two_capitals_win_with_three_players():
    # sv-2000: "Antal spelare 2-3 → 2 … Detta antal INNEFATTAR hans egen huvudstad."
    s = capitals_scenario("sv-2000", "capitals", 3)
    g = s.game
    g.armies[s.t("egypt")] = 1
    with pytest.raises(GameOver):
        g.battle(0, 0, s.t("middle_east"), s.t("egypt"))
    assert s.of("game_over")[-1] == {"type": "game_over", "turn": 1, "winner": "red", "reason": "capitals", "turns": 1}


def test_no_win_without_ones_own_capital():
    # sv-2000: "En spelare kan inte vinna om han inte själv behärskar sin ursprungliga huvudstad."
    s = capitals_scenario("sv-2000", "capitals", 3)
    g = s.game
    g.set_owner(s.t("siam"), 1)  # red has lost his own capital (to blue, who is about to lose his)
    g.armies[s.t("egypt")] = 1
    g.battle(0, 0, s.t("middle_east"), s.t("egypt"))
    assert s.of("capital_captured") and s.of("game_over") == []


def test_nl_1990_super_risk_victim_is_out():
    # nl-1990 Super RISK: "moet de eigenaar hiervan verklaren dat hij uitgeschakeld is en al zijn
    # RISK-kaarten aan de overwinnaar geven."
    s = capitals_scenario("nl-1990", "super-risk", 4)
    g = s.game
    g.armies[s.t("egypt")] = 2
    g.battle(0, 0, s.t("middle_east"), s.t("egypt"))
    assert s.of("elimination")[-1] == {"type": "elimination", "turn": 1, "player": "blue", "by": "red",
                                       "cards_taken": 0}
    assert not g.alive[1] and g.territory_count[1] > 0  # his armies elsewhere stay on the board


# ---- mission timing ---------------------------------------------------------------------------------------

def destroy_scenario(edition: str, variant: str | None) -> Scenario:
    """Yellow's mission is to destroy blue; red is about to take blue's last territory."""
    s = Scenario(edition, 3, variant, holds={"alberta": (0, 6), "ontario": (1, 1)},
                 rest=lambda t: 0 if t % 2 else 2, dice=[6, 6, 6, 1] + [1] * 200)
    g = s.game
    g.missions = [Mission("occupy", count=40), Mission("occupy", count=40), Mission("destroy", colour="blue",
                                                                                      count=24)]
    return s


def play_turns(game, turns: int) -> None:
    game.max_turns = game.turn + turns
    game.turn -= 1  # the scenario's turn 1 is played by loop()
    try:
        game.loop()
    except GameOver:
        pass


@pytest.mark.parametrize("edition, variant, at_once", [("nl-1990", None, True), ("sv-2000", None, False),
                                                        ("de-deluxe", None, False)])
def test_mission_fulfilled_in_another_players_turn(edition, variant, at_once):
    # nl-1990 DE WINNAAR: the first to fulfil wins. sv-2000: "MÅSTE den vinnande spelaren vänta på sin
    # tur för att utropa sig till vinnare" — de-deluxe: "muß … abwarten, bis er am Zug ist"
    s = destroy_scenario(edition, variant)
    g = s.game
    try:
        g.battle(0, 0, s.t("alberta"), s.t("ontario"))
    except GameOver:
        pass
    over = s.of("game_over")
    if at_once:
        assert over == [{"type": "game_over", "turn": 1, "winner": "yellow", "reason": "mission", "turns": 1}]
    else:
        assert over == []
        g.first, g.turn, g.round = 2, 1, 1  # yellow's turn comes: the mission is claimed at its start
        play_turns(g, 1)
        assert s.of("game_over")[-1]["winner"] == "yellow" and s.of("turn_start")[-1]["player"] == "yellow"
        assert [e["type"] for e in s.events[-2:]] == ["turn_start", "game_over"]


def red_destroys_blue(variant: str) -> Scenario:
    """nl-modern: red's mission is to destroy blue, and red takes blue's last territory in turn 1."""
    s = Scenario("nl-modern", 3, variant, holds={"alberta": (0, 6), "ontario": (1, 1)},
                 rest=lambda t: 0 if t % 2 else 2, dice=[6, 6, 6, 1] + [1] * 300,
                 agents=[Script(attack=[lambda d: (s.t("alberta"), s.t("ontario"))]), Script(), Script()])
    g = s.game
    g.missions = [Mission("destroy", colour="blue", count=24), Mission("occupy", count=40),
                  Mission("occupy", count=40)]
    g.first = 0
    return s


def test_nl_modern_end_of_turn_timing():
    # nl-modern: "Je wint op het einde van je beurt (officiële regel)."
    s = red_destroys_blue("missions")
    play_turns(s.game, 1)
    assert [e["type"] for e in s.events[-3:]] == ["elimination", "card_drawn", "game_over"]
    assert s.of("game_over")[-1] == {"type": "game_over", "turn": 1, "winner": "red", "reason": "mission",
                                     "turns": 1}


@pytest.mark.parametrize("variant", ["missions-start-of-turn", "missions-full-round"])
def test_nl_modern_start_of_turn_and_full_round(variant):
    # nl-modern: "Je wint enkel bij het begin van je beurt." / "Je wint enkel na een volledige ronde
    # nadat je uw missie kenbaar hebt gemaakt en voldoet aan de condities."
    s = red_destroys_blue(variant)
    play_turns(s.game, 5)
    over = s.of("game_over")[-1]
    assert (over["winner"], over["reason"]) == ("red", "mission")
    starts = [e["turn"] for e in s.of("turn_start") if e["player"] == "red"]
    assert over["turn"] == starts[1]  # not in the turn of the conquest: at the start of red's next
    declared = [e["turn"] for e in s.of("mission_declared")]
    assert declared == ([1] if variant == "missions-full-round" else [])
