"""Cards that do something (issue 44), the engine: each effect of the vocabulary reproduces the
platform's own description, with a scripted player (tests/scenario.Script) in a set position."""

from __future__ import annotations

import pytest

from cards_kinds import EVERY_KIND, kind_index, kinds_rules, placed, whole
from riskrules.engine import decisions as D
from riskrules.engine.cards import sets_in
from riskrules.engine.cards.effects import options
from riskrules.engine.cards.effects import strike_killed
from riskrules.engine.cards.play import Play, attack_phase, earn, income_cut, play_moment, reinforce
from riskrules.engine.game import GameError
from riskrules.language.card_kinds import CardKind
from scenario import Script

RULES = kinds_rules()
T = RULES.board.index


def game_with(rules, script0: Script, holds, listeners=()):
    events: list[dict] = []
    game = placed(rules, [script0, Script(), Script()], holds, listeners=[events.append, *listeners])
    return game, events


def played(events):
    return [{k: v for k, v in e.items() if k not in ("type", "turn")} for e in events if e["type"] == "card_played"]


def test_a_bomb_on_10_armies_leaves_5():
    """Warzone's bomb card: half the armies of an enemy territory next to one's own killed."""
    k = kind_index(RULES, "bomb")
    kamchatka = T["kamchatka"]
    game, events = game_with(RULES, Script(play=[(k, kamchatka)]), {"alaska": (0, 3), "kamchatka": (1, 10)})
    game.kind_hands[0].append(k)
    assert (k, kamchatka) in options(game, 0, k)
    play_moment(game, 0, "reinforce")
    assert game.armies[kamchatka] == 5 and game.owner[kamchatka] == 1
    assert played(events) == [{"player": "red", "card": "bomb", "effect": "strike", "territory": "kamchatka",
                               "target": "blue", "killed": 5, "armies": 5}]
    assert game.kind_hands[0] == []


def test_a_strike_rounds_the_share_up_and_leaves_one_army():
    assert [strike_killed(a, 50) for a in (10, 5, 2, 1)] == [5, 3, 1, 0]
    assert strike_killed(7, 100) == 6


def test_an_airlift_moves_exactly_what_it_says_and_the_guard_stays():
    k = kind_index(RULES, "airlift")
    alaska, argentina = T["alaska"], T["argentina"]
    game, events = game_with(RULES, Script(play=[(k, alaska, argentina, 5)]),
                             {"alaska": (0, 8), "argentina": (0, 2)})
    game.kind_hands[0].append(k)
    play_moment(game, 0, "reinforce")
    assert (game.armies[alaska], game.armies[argentina]) == (3, 7)
    assert played(events) == [{"player": "red", "card": "airlift", "effect": "move", "from": "alaska",
                               "to": "argentina", "armies": 5}]
    d = Play(D.PLAY, 0, [(k, alaska, argentina)], 0, True)
    d.view = game.sights[0]
    assert d.check((k, alaska, argentina, 3)) == "move between 1 and 2 armies (one must stay behind)"
    assert d.check((k, alaska, argentina)) == "expected the card, from, to and a number of armies"
    assert d.check((k, argentina, alaska, 1)) == "not a card you may play on that now"


def test_diplomacy_refuses_the_attack_with_a_sentence_naming_the_card():
    k = kind_index(RULES, "diplomacy")
    alaska, kamchatka = T["alaska"], T["kamchatka"]
    script = Script(play=[(k, 0, 1)], attack=[(alaska, kamchatka)])
    game, events = game_with(RULES, script, {"alaska": (0, 9), "kamchatka": (1, 2), "northwest_territory": (2, 1)})
    game.kind_hands[0].append(k)
    play_moment(game, 0, "reinforce")
    assert played(events) == [{"player": "red", "card": "diplomacy", "effect": "forbid", "players": ["red", "blue"],
                               "until_round": 2}]
    with pytest.raises(GameError) as refused:
        attack_phase(game, 0, 0)
    assert str(refused.value) == (f"red (script) answered (0, {kamchatka}) to attack: diplomacy forbids attacks "
                                  "between red and blue until red's turn in round 2")
    asked = script.asked[-1]
    assert asked.kind == D.ATTACK and all(game.owner[to] != 1 for _, to in asked.options)
    assert asked.options == [(alaska, T["northwest_territory"])]  # yellow's: still open


def test_diplomacy_ends_when_its_holder_s_turn_begins_the_rounds_later():
    k = kind_index(RULES, "diplomacy")
    game, events = game_with(RULES, Script(play=[(k, 1, 2)]), {})
    game.kind_hands[0].append(k)
    play_moment(game, 0, "reinforce")
    assert [e[0] for e in game.kind_effects] == ["forbid"]
    game.round, game.active = 2, 1
    game._at_turn_start(game)  # blue's turn in round 2: it holds on
    assert len(game.kind_effects) == 1
    game.active = 0
    game._at_turn_start(game)  # red's: over
    assert game.kind_effects == []
    assert [e for e in events if e["type"] == "card_effect_ended"] == [
        {"type": "card_effect_ended", "turn": 1, "player": "red", "card": "diplomacy", "effect": "forbid"}]


def test_sanctions_cut_the_next_income_by_the_percent_a_half_rounded_down():
    """Warzone's sanctions: 50% of an income of 5 takes 2 (2.5 rounds down), 51% takes 3; two of 50%
    on 20 leave 10, then 5."""
    k = kind_index(RULES, "sanctions")
    names = RULES.board.territories  # blue: 15 territories, no continent whole (north america but one …)
    blue = names[0:8] + names[9:12] + names[13:17]
    holds = {name: (1, 1) if name in blue else (2, 1) for name in names}
    holds[names[8]] = holds[names[12]] = (0, 1)
    game, events = game_with(RULES, Script(play=[(k, 1)]), holds)
    game.kind_hands[0].append(k)
    play_moment(game, 0, "start")  # (a sanctions card is played with the reinforcements)
    assert game.kind_effects == []
    play_moment(game, 0, "reinforce")
    game.active = 1
    reinforce(game, 1)
    told = [e for e in events if e["type"] == "reinforcements"][-1]
    assert (told["from_territories"], told["cut"], told["total"]) == (5, 2, 3)
    game.kind_effects = [("income", k, 0, 1, 51, 2)]
    assert income_cut(game, 1, 5) == 3
    game.kind_effects = [("income", k, 0, 1, 50, 2), ("income", k, 2, 1, 50, 2)]
    assert income_cut(game, 1, 20) == 15


def test_abandon_multiplies_the_armies_onto_the_neutral_army():
    """Warzone's blockade: the territory turns neutral, its armies multiplied (here by 3); a game
    of these rules has a neutral army of its own (an idle one: the rules had none)."""
    k = kind_index(RULES, "blockade")
    game, events = game_with(RULES, Script(play=[(k, 0)]), {"alaska": (0, 4)})
    assert game.neutral == 3 and game.names[3] == "neutral"
    game.kind_hands[0].append(k)
    play_moment(game, 0, "reinforce")  # a blockade is played at the end of the turn
    assert game.owner[0] == 0
    play_moment(game, 0, "end")
    assert (game.owner[0], game.armies[0]) == (3, 12)
    assert played(events) == [{"player": "red", "card": "blockade", "effect": "abandon", "territory": "alaska",
                               "armies": 12}]


def test_gift_gives_the_territory_and_its_armies():
    k = kind_index(RULES, "gift")
    game, events = game_with(RULES, Script(play=[(k, 0, 2)]), {"alaska": (0, 6)})
    game.kind_hands[0].append(k)
    before = game.territory_count[:3]
    play_moment(game, 0, "reinforce")
    assert (game.owner[0], game.armies[0]) == (2, 6)
    assert game.territory_count[:3] == [before[0] - 1, before[1], before[2] + 1]
    assert played(events) == [{"player": "red", "card": "gift", "effect": "give", "territory": "alaska",
                               "target": "yellow", "armies": 6}]


def test_an_armies_card_adds_to_the_placement():
    k = kind_index(RULES, "reinforcement")
    game, events = game_with(RULES, Script(play=[(k,)]), {})
    game.kind_hands[0].append(k)
    reinforce(game, 0)
    told = [e for e in events if e["type"] == "reinforcements"][-1]
    assert (told["from_territories"], told["from_card_kinds"], told["total"]) == (4, 5, 9)
    assert sum(e["armies"] for e in events if e["type"] == "place") == 9


def test_an_armies_card_played_at_another_moment_places_at_once():
    rules = kinds_rules((CardKind("reinforcement", "armies", None, amount=3, moment="start"),))
    game, events = game_with(rules, Script(play=[(0,)]), {})
    game.kind_hands[0].append(0)
    play_moment(game, 0, "start")
    assert [(e["type"], e.get("armies")) for e in events] == [("card_played", 3), ("place", 3)]


def test_a_nuclear_set_neutralises_its_territories_and_gives_no_armies():
    """Conquer Club's nuclear spoils: each territory of the set to the neutral army with one army,
    the trader's own too."""
    rules = kinds_rules((), nuclear=True)
    game, events = game_with(rules, Script(), {})
    hand = game.hands[0]
    found = next(s for s in sets_in(list(range(9)), rules) if any(game.owner[t] == 0 for t in s))
    hand.extend(found)
    for t in found:
        game.armies[t] = 5
    assert game._trade(0, found) == 0
    assert all(game.owner[t] == 3 and game.armies[t] == 1 for t in found)
    assert [e["type"] for e in events][-2:] == ["trade", "nuclear"]
    assert events[-1]["territories"] == [game.board.territories[t] for t in found]
    assert events[-2]["armies"] == 0


def test_a_see_card_without_fog_is_played_and_shows_nothing_new():
    k = kind_index(RULES, "spy")
    game, events = game_with(RULES, Script(play=[(k, 2)]), {})
    game.kind_hands[0].append(k)
    play_moment(game, 0, "reinforce")
    assert played(events) == [{"player": "red", "card": "spy", "effect": "see", "target": "yellow",
                               "until_round": 2}]
    assert game.kind_effects == [("see", k, 0, "player", 2, 2)]


def test_per_turn_and_the_moment_bound_what_is_offered():
    rules = kinds_rules((CardKind("reinforcement", "armies", None, amount=1, per_turn=1),))
    script = Script(play=[(0,), (0,)])
    game, events = game_with(rules, script, {})
    game.kind_hands[0].extend([0, 0])
    assert play_moment(game, 0, "reinforce") == 1  # the second is not offered this turn
    assert game.kind_hands[0] == [0] and len(script.asked) == 1
    assert play_moment(game, 0, "attack") == 0 and len(script.asked) == 1


def test_earning_draws_pieces_by_weight_with_minimums_and_a_limit():
    kinds = (CardKind("a", "armies", None, amount=1, pieces=2, weight=1, minimum=1),
             CardKind("b", "armies", None, amount=1, pieces=3, weight=0))
    rules = kinds_rules(kinds, earned=1, limit=1)
    game, events = game_with(rules, Script(), {})
    game.conquered = True
    earn(game, 0)  # one piece drawn (only `a` weighs), one of `a`'s minimum: a card of `a`
    earn(game, 0)  # two more: a second card, over the limit of 1
    assert game.kind_hands[0] == [0] and game.kind_pieces[0] == [0, 0]
    assert [(e["type"], e["card"]) for e in events] == [
        ("card_piece", "a"), ("card_gained", "a"), ("card_piece", "a"), ("kind_discarded", "a")]
    assert events[0]["pieces"] == 2 and events[0]["held"] == 2
    game.conquered = False
    earn(game, 1)
    assert len(events) == 4


def test_whole_cards_are_shuffled_into_the_deck_and_drawn_as_any_card():
    from riskrules.engine.cards.play import draw, mix

    rules = kinds_rules((CardKind("a", "armies", None, amount=1, copies=2),))
    game, events = game_with(rules, Script(), {})
    base = game.size + game.board.jokers
    assert list(game.kind_deck) == [base, base]
    mix(game)
    assert len(game.deck) == base + 2 and sorted(game.deck)[-2:] == [base, base] and not game.kind_deck
    game.deck.rotate(-list(game.deck).index(base))  # a card of the kind on top, then whatever comes
    game.conquered = True
    draw(game, 0)
    assert game.kind_hands[0] == [0] and game.hands[0] == []
    assert [(e["type"], e["card"]) for e in events] == [("card_gained", "a")]


def test_under_sets_none_the_whole_cards_are_the_deck_one_drawn_a_conquering_turn():
    import dataclasses

    from riskrules.engine.cards.play import draw, mix

    rules = kinds_rules((CardKind("a", "armies", None, amount=1, copies=2),))
    rules = dataclasses.replace(rules, cards=dataclasses.replace(rules.cards, draw=0))  # (what `sets none` compiles to)
    game, events = game_with(rules, Script(), {})
    mix(game)
    assert len(game.deck) == 2
    game.conquered = True
    for _ in range(3):
        draw(game, 0)
    assert game.kind_hands[0] == [0, 0] and not game.deck and game.hands[0] == []
    pieces = kinds_rules((CardKind("a", "armies", None, amount=1),))  # no whole cards: nothing drawn
    game, events = game_with(dataclasses.replace(pieces, cards=dataclasses.replace(pieces.cards, draw=0)), Script(), {})
    game.conquered = True
    draw(game, 0)
    assert game.hands[0] == [] and events == [] and len(game.deck) == game.size + game.board.jokers


def test_the_holder_sees_his_kind_hand_the_others_only_its_size():
    game, _ = game_with(RULES, Script(), {})
    game.kind_hands[1].extend([3, 4])
    assert game.sights[1].kind_hand == [3, 4]
    assert game.sights[0].kind_hand == [] and game.sights[0].kind_hand_size(1) == 2


def test_rules_without_kinds_cost_nothing():
    from riskrules.engine import turn
    from conftest import load
    from riskrules.engine.game import Game

    game = Game(load("classic", players=3), [Script(), Script(), Script()], 1)
    assert game.kind_hands is None and game.neutral is None
    assert [run for _, _, run in game._phases] == [turn._reinforce, turn._attack, turn._fortify]
    assert game._at_turn_start is None and game._at_turn_end is None


def test_every_kind_of_the_spec_offers_its_option_shapes():
    rules = kinds_rules(tuple(whole(k) for k in EVERY_KIND))
    game, _ = game_with(rules, Script(), {"alaska": (0, 4), "kamchatka": (1, 3)})
    shapes = {kind.name: {len(o) for o in options(game, 0, k)} for k, kind in enumerate(EVERY_KIND)}
    assert shapes == {"reinforcement": {1}, "spy": {2}, "reconnaissance": {2}, "surveillance": {2}, "airlift": {3},
                      "gift": {3}, "diplomacy": {3}, "sanctions": {2}, "bomb": {2}, "blockade": {2}}
    assert options(game, 0, kind_index(rules, "diplomacy")) == [(6, 0, 1), (6, 0, 2), (6, 1, 2)]


def test_sanctions_cut_an_income_of_the_income_section_too():
    from conftest import load
    from cards_kinds import with_kinds

    rules = with_kinds(load("rulebooks/house/local-deployments.risk", players=3), EVERY_KIND)
    assert rules.income is not None
    k = kind_index(rules, "sanctions")
    names = rules.board.territories
    blue = names[0:8] + names[9:12] + names[13:17]
    holds = {name: (1, 1) if name in blue else (2, 1) for name in names}
    holds[names[8]] = holds[names[12]] = (0, 1)
    game, events = game_with(rules, Script(play=[(k, 1)]), holds)
    game.kind_hands[0].append(k)
    play_moment(game, 0, "reinforce")
    game.active = 1
    reinforce(game, 1)
    told = [e for e in events if e["type"] == "reinforcements"][-1]
    assert (told["from_territories"], told["total"]) == (5, 3)


def test_a_player_who_gives_away_his_last_territory_is_out_and_his_turn_ends():
    k = kind_index(RULES, "gift")
    names = RULES.board.territories
    holds = {name: (1 + i % 2, 1) for i, name in enumerate(names)}
    holds["alaska"] = (0, 4)
    game, events = game_with(RULES, Script(play=[(k, T["alaska"], 1)]), holds)
    game.kind_hands[0].append(k)
    reinforce(game, 0)
    assert not game.alive[0] and game.owner[T["alaska"]] == 1
    assert [e["type"] for e in events] == ["card_played", "elimination"]
    assert events[1]["by"] == "blue"
