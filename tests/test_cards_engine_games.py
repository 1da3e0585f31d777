"""Cards that do something (issue 44) in whole games: every bot plays every kind to a result, its
answers checked; a log replays the plays; fogged games of every kind run clean."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from cards_kinds import EVERY_KIND, kinds_rules, with_kinds
from riskrules.engine.agents import make_bot
from riskrules.engine.agents.random_agent import RandomAgent
from riskrules.engine.game import Game
from riskrules.engine.replay import _replay
from riskrules.language.loader import open_rulebook

# every kind as Warzone's defaults would have it, but quicker to earn: two pieces a card, two at the start
QUICK = tuple(dataclasses.replace(k, pieces=2, start=2) for k in EVERY_KIND)


def played(events) -> Counter:
    return Counter(e["card"] for e in events if e["type"] == "card_played")


@pytest.mark.parametrize("bot, turns", [("random", 40), ("balanced", 40), ("strong-2", 6)])
def test_every_bot_plays_every_kind_to_a_result(bot, turns):
    rules = kinds_rules(QUICK)
    events: list[dict] = []
    game = Game(rules, [make_bot(bot) for _ in range(3)], 1, max_turns=turns, listeners=[events.append],
                check_all=True)
    result = game.play()
    assert result.reason in ("turn_limit", "domination", "opponent_eliminated")
    counts = played(events)
    assert sum(counts.values()) >= 3
    if bot == "random":
        assert set(counts) == {k.name for k in QUICK}


@pytest.mark.parametrize("bot", ["random", "balanced"])
def test_warzone_s_way_no_territory_cards_only_pieces(bot):
    """`sets none` (no territory card is ever drawn) with kinds earned in pieces, as Warzone plays."""
    rules = kinds_rules(QUICK)
    rules = dataclasses.replace(rules, cards=dataclasses.replace(rules.cards, kind="none", draw=0))
    events: list[dict] = []
    game = Game(rules, [make_bot(bot) for _ in range(3)], 2, max_turns=60, listeners=[events.append], check_all=True)
    game.play()
    kinds = Counter(e["type"] for e in events)
    assert kinds["card_drawn"] == kinds["trade"] == 0 and kinds["card_piece"] > 0 and kinds["card_played"] > 0
    assert all(hand == [] for hand in game.hands)


class Person(RandomAgent):
    """A random player the log names as a person: a replay answers it from the log (LogAgent)."""

    kind = "person"
    proven = False


def test_a_log_replays_a_person_s_plays():
    rules = kinds_rules(QUICK)
    events: list[dict] = []
    game = Game(rules, [Person(), make_bot("random"), make_bot("balanced")], 2, max_turns=30,
                listeners=[events.append])
    game.play()
    mine = [e for e in events if e["type"] == "card_played" and e["player"] == "red"]
    assert len({e["effect"] for e in mine}) >= 5
    report = _replay(events, rules)
    assert report.ok and report.matched == len(events)


def test_fogged_games_of_every_kind_run_clean():
    fogged = open_rulebook("classic", sets=["visibility { rest nothing }", "visibility { hide cards }"])
    rules = with_kinds(fogged.rules(None, 3), QUICK)
    for seed, bots in ((1, ("random", "random", "balanced")), (2, ("balanced", "random", "random"))):
        streams: dict[int, list[dict]] = {0: []}
        game = Game(rules, [make_bot(b) for b in bots], seed, max_turns=30, check_all=True,
                    seat_listeners={0: streams[0].append})
        game.play()
        red = "red"
        told = [e for e in streams[0] if e["type"] in ("card_gained", "card_piece")]
        assert told and all(e["player"] == red for e in told)  # others' cards: not told under `hide cards`


def test_the_same_seed_plays_the_same_game():
    rules = kinds_rules(QUICK)
    logs = []
    for _ in range(2):
        events: list[dict] = []
        Game(rules, [make_bot("random") for _ in range(3)], 5, max_turns=25, listeners=[events.append]).play()
        logs.append(events)
    assert logs[0] == logs[1]


def test_the_log_schema_holds_every_card_event_and_refuses_a_damaged_one():
    from riskrules.engine.errors import GameError
    from riskrules.engine.logcheck import check_events

    fogged = open_rulebook("classic", sets=["visibility { adjacent owner }", "visibility { rest nothing }"])
    rules = with_kinds(fogged.rules(None, 3), QUICK, nuclear=True)
    events: list[dict] = []
    stream: list[dict] = []
    Game(rules, [make_bot("random") for _ in range(3)], 3, max_turns=40, listeners=[events.append],
         seat_listeners={1: stream.append}).play()
    kinds = {e["type"] for e in events}
    assert {"card_piece", "card_gained", "card_played", "card_effect_ended", "nuclear"} <= kinds
    board = rules.board
    check_events(events, "log", board.territories, board.continents, events[0])
    ours = [stream[0]] + [e for e in stream if e["type"] in kinds and e["type"] in (
        "card_piece", "card_gained", "card_played", "card_effect_ended", "nuclear")]
    check_events(ours, "stream", board.territories, board.continents, stream[0])  # (a seat's card events too)
    assert any(e["type"] == "card_played" and "territory" not in e and e["effect"] in ("strike", "abandon", "give")
               for e in stream)  # told without where: blue did not see it
    played = next(e for e in events if e["type"] == "card_played")
    with pytest.raises(GameError) as damaged:
        check_events([events[0], {**played, "effect": "explode"}], "log", board.territories, board.continents,
                     events[0])
    assert str(damaged.value).startswith("log:2: damaged — ")


def test_a_damaged_play_in_a_log_is_found_at_its_line():
    rules = kinds_rules(QUICK)
    events: list[dict] = []
    Game(rules, [Person(), make_bot("random"), make_bot("balanced")], 2, max_turns=30,
         listeners=[events.append]).play()
    at = next(i for i, e in enumerate(events) if e["type"] == "card_played" and e["player"] == "red")
    unknown = events[:at] + [{**events[at], "card": "nonsense"}] + events[at + 1:]
    report = _replay(unknown, rules)
    assert report.mismatch.got == {"error": f"line {at + 1} plays a card these rules do not have: 'nonsense'"}
    bomb = next(i for i, e in enumerate(events) if e["type"] == "card_played" and e["player"] == "red"
                and e["effect"] == "strike")
    from riskrules.engine.log import Tracker

    board = Tracker(rules.board, ["red", "blue", "yellow", "neutral"])
    for e in events[1:bomb]:
        board.apply(e)
    mine = next(name for t, name in enumerate(rules.board.territories) if board.owner[t] == "red")  # not a strike's
    wrong = events[:bomb] + [{**events[bomb], "territory": mine}] + events[bomb + 1:]
    mismatch = _replay(wrong, rules).mismatch  # (a play not offered now is taken for one of a later moment)
    assert mismatch.line == bomb + 1 and mismatch.expected == wrong[bomb] and mismatch.got != wrong[bomb]


def test_a_log_tells_a_pass_at_one_moment_from_a_play_at_the_next():
    """A person passes his start card and plays his reinforcement card: the log holds the play only,
    and the replay does not take it for an answer at the start (each kind has its one moment)."""
    from scenario import Script

    kinds = (dataclasses.replace(EVERY_KIND[0], name="early", moment="start", pieces=1, start=1),
             dataclasses.replace(EVERY_KIND[0], name="late", pieces=1, start=1))
    rules = kinds_rules(kinds)
    events: list[dict] = []
    person = Script(play=[None, (1,)])
    Game(rules, [person, make_bot("random"), make_bot("random")], 3, max_turns=3, listeners=[events.append]).play()
    plays = [(e["player"], e["card"]) for e in events if e["type"] == "card_played"]
    assert ("red", "late") in plays and ("red", "early") not in plays
    assert _replay(events, rules).ok


PLUG_IN = '''
class Player:
    """Plays the first card it is offered (but an airlift: none), after a look at its own hand."""

    kind = "player"

    def start(self, view, seat, rng):
        self.view, self.seen = view, []
        self.seen.append(list(view.kind_hand))

    def decide(self, d):
        if d.kind == "play":
            self.seen.append(list(self.view.kind_hand))
            first = d.options[0]
            return None if self.view.rules.cards.kinds.kinds[first[0]].effect == "move" else first
        if d.kind == "place":
            return d.options[0], d.most
        if d.optional:
            return None
        return d.options[-1] if d.kind in ("dice", "defend") else d.options[0]
'''


def test_a_plug_in_bot_sees_its_own_cards_and_plays_them(tmp_path):
    path = tmp_path / "player.py"
    path.write_text(PLUG_IN, encoding="utf-8")
    rules = kinds_rules(tuple(dataclasses.replace(k, pieces=1, start=1) for k in QUICK))
    events: list[dict] = []
    game = Game(rules, [make_bot(f"{path}:Player"), make_bot("random"), make_bot("random")], 1, max_turns=6,
                listeners=[events.append])
    game.play()
    mine = [e["card"] for e in events if e["type"] == "card_played" and e["player"] == "red"]
    assert len(mine) >= 5 and "airlift" not in mine


def test_a_playout_under_sets_none_and_hidden_cards_guesses_no_territory_cards():
    """`sets none`, cards earned in pieces, `hide cards` (Warzone's way): a playout of a seat's view
    guesses no territory cards in the others' hands (a guessed set, once an elimination handed one
    over, was traded for armies the rules have no value for: strong's playouts failed)."""
    fogged = open_rulebook("classic", sets=["visibility { rest nothing }", "visibility { hide cards }"])
    rules = with_kinds(fogged.rules(None, 3), tuple(dataclasses.replace(k, pieces=1) for k in EVERY_KIND))
    none = dataclasses.replace(rules, cards=dataclasses.replace(rules.cards, kind="none", draw=0))
    for r, others in ((none, 0), (rules, 2)):  # (with territory cards: two guessed for each other player)
        game = Game(r, [make_bot("balanced") for _ in range(3)], 1, max_turns=3)
        game.play()
        copy = game.sights[0].playout([make_bot("balanced") for _ in range(3)], seed=1)
        assert [len(hand) for hand in copy.hands] == [len(game.hands[0]), others, others, 0]
    result = Game(none, [make_bot("strong-2"), make_bot("balanced"), make_bot("balanced")], 1, max_turns=9,
                  check_all=True).play()
    assert result.reason == "turn_limit" and result.turns == 9
