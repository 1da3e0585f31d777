"""Orders given together (issue 45), the engine: the platform's documented examples as fixed-draw
games (kill rates with no luck and straight rounding: every battle's kills are known), with
scripted players (tests/scenario.Script) in a set position."""

from __future__ import annotations

from cards_kinds import placed
from riskrules.engine.schedule.move_order import seat_order, sequence
from riskrules.engine.schedule.orders import ORDER, OrderDecision
from riskrules.engine.schedule.together import play_round
from riskrules.language.loader import open_rulebook
from scenario import Script

# kill rates 60% / 70%, no luck, straight rounding: n attackers kill round(0.6 n), m defenders round(0.7 m)
RULES_TEXT = """rulebook orders-test
extends classic
orders {{
    given together
    move order no luck cycle
    multi-attack {multi}
}}
battle {{
    combat kill rates
    kill rates attacker 60%, defender 70%
    luck 0%
}}
cards {{
    sets none
    card priority: orders first, pieces 1
    card delay: orders last, pieces 1
}}
"""


def rules(tmp_path, multi: str = "yes"):
    path = tmp_path / "orders-test.risk"
    path.write_text(RULES_TEXT.format(multi=multi), encoding="utf-8")
    return open_rulebook(path).rules(None, 3)


def at(rules_, name: str) -> int:
    return rules_.board.index[name]


def game_of(rules_, scripts, holds):
    """Seat 1 (blue) goes first in round 1 (no luck cycle from the first player); each seat places
    its reinforcements on a territory of its own far from the fighting."""
    events: list[dict] = []
    game = placed(rules_, scripts, holds, listeners=[events.append])
    game.first, game.round, game.turn = 1, 1, 0
    return game, events


def place_on(name):
    return lambda d: (d.view.board.index[name], d.most)


def orders_done(events):
    return [(e["player"], e["from"], e["to"], e["done"], e["armies"], e.get("why")) for e in events
            if e["type"] == "order"]


HOLDS = {"alaska": (0, 10), "northwest_territory": (0, 10), "alberta": (0, 4), "kamchatka": (1, 20),
         "argentina": (0, 1), "indonesia": (1, 1), "egypt": (2, 1)}


def scripts(red_orders, blue_orders, red_place="argentina", blue_place="indonesia"):
    return [Script(place=[place_on(red_place)] * 3, order=list(red_orders)),
            Script(place=[place_on(blue_place)] * 3, order=list(blue_orders)),
            Script(place=[place_on("egypt")] * 3)]


def test_an_order_from_a_territory_lost_earlier_in_the_round_is_skipped(tmp_path):
    r = rules(tmp_path)
    red = [(0, at(r, "alaska"), at(r, "northwest_territory"), 5)]
    blue = [(1, at(r, "kamchatka"), at(r, "alaska"), 19)]
    game, events = game_of(r, scripts(red, blue), HOLDS)
    play_round(game)
    # blue first: 19 kill 11 of 10, 10 kill 7: alaska taken, 12 move in; red's order from alaska: skipped
    assert orders_done(events) == [("blue", "kamchatka", "alaska", "attack", 19, None),
                                   ("red", "alaska", "northwest_territory", "skipped", 0, "source_lost")]
    assert game.owner[at(r, "alaska")] == 1 and game.armies[at(r, "alaska")] == 12


def test_a_transfer_into_a_territory_taken_meanwhile_attacks_it(tmp_path):
    r = rules(tmp_path)
    red = [(0, at(r, "northwest_territory"), at(r, "alaska"), 9)]
    blue = [(1, at(r, "kamchatka"), at(r, "alaska"), 19)]
    game, events = game_of(r, scripts(red, blue), HOLDS)
    play_round(game)
    # red's transfer finds alaska blue's (12): 9 attack, kill 5, lose 8: alaska stays blue's with 7
    assert orders_done(events) == [("blue", "kamchatka", "alaska", "attack", 19, None),
                                   ("red", "northwest_territory", "alaska", "attack", 9, None)]
    assert game.owner[at(r, "alaska")] == 1 and game.armies[at(r, "alaska")] == 7
    assert game.armies[at(r, "northwest_territory")] == 2


def test_a_transfer_only_order_into_a_territory_lost_is_skipped(tmp_path):
    r = rules(tmp_path)
    red = [(2, at(r, "northwest_territory"), at(r, "alaska"), 9)]
    blue = [(1, at(r, "kamchatka"), at(r, "alaska"), 19)]
    game, events = game_of(r, scripts(red, blue), HOLDS)
    play_round(game)
    assert orders_done(events)[1] == ("red", "northwest_territory", "alaska", "skipped", 0, "not_own")
    assert game.armies[at(r, "northwest_territory")] == 10


def test_an_attack_into_a_territory_taken_meanwhile_moves_armies_unless_attack_only(tmp_path):
    r = rules(tmp_path)
    holds = {**HOLDS, "alberta": (1, 1)}
    red = [(0, at(r, "alaska"), at(r, "alberta"), 9), (0, at(r, "northwest_territory"), at(r, "alberta"), 4),
           (1, at(r, "northwest_territory"), at(r, "alberta"), 3)]
    game, events = game_of(r, scripts(red, []), holds)
    play_round(game)
    assert orders_done(events) == [("red", "alaska", "alberta", "attack", 9, None),
                                   ("red", "northwest_territory", "alberta", "transfer", 4, None),
                                   ("red", "northwest_territory", "alberta", "skipped", 0, "own_territory")]
    assert game.armies[at(r, "alberta")] == 9 - 1 + 4  # (9 attack 1: kill 5, lose 1; 8 move in)


def test_multi_attack_off_keeps_armies_that_moved_where_they_are(tmp_path):
    """Armies moved in this round stay (any army may stand guard): of 10 in northwest territory, 9
    just moved in, one goes on."""
    holds = {**HOLDS, "northwest_territory": (0, 1), "alberta": (1, 30)}
    for multi, armies in (("yes", 9), ("no", 1)):
        r = rules(tmp_path, multi)
        red = [(2, at(r, "alaska"), at(r, "northwest_territory"), 9),
               (1, at(r, "northwest_territory"), at(r, "alberta"), 9)]
        game, events = game_of(r, scripts(red, []), holds)
        play_round(game)
        assert orders_done(events) == [("red", "alaska", "northwest_territory", "transfer", 9, None),
                                       ("red", "northwest_territory", "alberta", "attack", armies, None)]


def test_the_move_order_interleaves_the_lists_turning_round_each_time():
    lists = {0: "abc", 1: "xy", 2: "p"}
    none = [0, 0, 0, 0, 0, 0]  # (priority, delay) cards played by each seat
    assert sequence([1, 0, 2], lists, none) == [(1, 0), (0, 0), (2, 0), (0, 1), (1, 1), (0, 2)]


def test_order_priority_puts_its_player_first_and_delay_after_the_others():
    """Warzone's wiki: a priority card's first order goes before the first orders of those who played
    none (then as if drawn first); a delay card's orders go after those of the players who played none."""
    lists = {0: "ab", 1: "xy", 2: "pq"}
    priority = [0, 0, 0, 0, 1, 0]
    assert sequence([0, 1, 2], lists, priority) == [(2, 0), (0, 0), (1, 0), (1, 1), (0, 1), (2, 1)]
    delay = [0, 1, 0, 0, 0, 0]
    assert sequence([0, 1, 2], lists, delay) == [(1, 0), (2, 0), (2, 1), (1, 1), (0, 0), (0, 1)]
    both = [1, 0, 1, 0, 0, 0]  # two priority cards: the move order between them
    assert sequence([1, 2, 0], lists, both) == [(1, 0), (0, 0), (2, 0), (2, 1), (0, 1), (1, 1)]


def test_an_order_priority_card_played_with_the_deployments_goes_first(tmp_path):
    r = rules(tmp_path)
    k = next(i for i, kind in enumerate(r.cards.kinds.kinds) if kind.name == "priority")
    red = [(0, at(r, "alaska"), at(r, "northwest_territory"), 5)]
    blue = [(1, at(r, "kamchatka"), at(r, "alaska"), 19)]
    agents = scripts(red, blue)
    agents[0].answers["play"] = __import__("collections").deque([(k,)])
    game, events = game_of(r, agents, HOLDS)
    game.kind_hands[0].append(k)
    play_round(game)
    # red's transfer first (alaska 5 → northwest territory), then blue takes alaska from 5: 19 kill 11
    assert orders_done(events) == [("red", "alaska", "northwest_territory", "transfer", 5, None),
                                   ("blue", "kamchatka", "alaska", "attack", 19, None)]
    assert [e["card"] for e in events if e["type"] == "card_played"] == ["priority"]


def test_the_cycle_rotates_and_the_no_luck_cycle_starts_from_the_first_player(tmp_path):
    r = rules(tmp_path)
    game, _ = game_of(r, scripts([], []), HOLDS)
    orders = []
    for rnd in (1, 2, 3, 4):
        game.round = rnd
        orders.append(seat_order(game, [0, 1, 2]))
    assert orders == [[1, 2, 0], [2, 0, 1], [0, 1, 2], [1, 2, 0]]


def test_no_seat_sees_another_seats_pending_deployments_or_orders(tmp_path):
    r = rules(tmp_path)
    seen = []

    def look(d):
        seen.append((d.player, d.view.armies[at(r, "argentina")], d.view.armies[at(r, "indonesia")], d.shown[1]))
        return None

    agents = [Script(place=[place_on("argentina")] * 3, order=[look]),
              Script(place=[place_on("indonesia")] * 3, order=[look]), Script(place=[place_on("egypt")] * 3)]
    game, events = game_of(r, agents, HOLDS)
    play_round(game)
    red_deploy = (at(r, "argentina"), 4)  # (red holds 13 territories: 4)
    # blue is asked first (seat 1), then egypt's seat, then red: nobody's view holds another's deployments
    assert seen == [(1, 1, 1, ((at(r, "indonesia"), 5),)), (0, 1, 1, (red_deploy,))]
    assert game.armies[at(r, "argentina")] == 5 and game.armies[at(r, "indonesia")] == 6
    told = [e["type"] for e in events if e["type"] in ("orders_given", "place")]
    assert told == ["orders_given"] * 3 + ["place"] * 3  # deployments told only when carried out


def test_an_order_answer_is_checked():
    d = OrderDecision(ORDER, 0, [(0, 1)], 0, True, 10, None, None, ((0, 1, 2), (), ()))
    assert d.check(None) is None and d.check((1, 0, 1, 10)) is None
    assert d.check((0, 1)) == "expected a mode, from, to and a number of armies"
    assert d.check((3, 0, 1, 1)) == "not an order these rules allow"
    assert d.check((0, 1, 0, 1)) == "no order can go between those territories"
    assert d.check((0, 0, 1, 11)) == "order between 1 and 10 armies"
    assert d.check((0, 0, 1, True)) == "expected a mode, from, to and a number of armies"


def test_moved_armies_stay_in_a_sequential_fortify():
    """Lux's fortify (lux10): armies move as often as one likes, but an army moved this turn moves no
    more: 5 moved from alaska into northwest territory cannot go on to alberta; its own 3 can."""
    r = open_rulebook("lux-one-step").rules(None, 3)
    holds = {"alaska": (0, 6), "northwest_territory": (0, 4), "alberta": (0, 1), "kamchatka": (1, 1),
             "greenland": (1, 1), "ontario": (1, 1), "western_united_states": (1, 1)}
    T = r.board.index
    script = Script(fortify=[(T["alaska"], T["northwest_territory"], 5),
                             (T["northwest_territory"], T["alberta"], 8)])
    events: list[dict] = []
    game = placed(r, [script, Script(), Script()], holds, listeners=[events.append])
    game.fortify(0)
    moved = [(e["from"], e["to"], e["armies"]) for e in events if e["type"] == "fortify"]
    assert moved == [("alaska", "northwest_territory", 5), ("northwest_territory", "alberta", 3)]
    # (8 asked, 3 free: the 5 that came in stay); then no army is free to move: nobody is asked again
    assert len(script.asked) == 2
    assert [game.armies[T[n]] for n in ("alaska", "northwest_territory", "alberta")] == [1, 6, 4]
