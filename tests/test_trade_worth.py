"""A set's worth as the trade prompt shows it (Sight.set_worth, engine/trading.worth) is what the
trade then gives: armies and territory bonus, over the sets traded in bot games of every edition,
every variant and the house rules whose values are expressions, capped or escalate late; and the
preview changes nothing in the game."""

from __future__ import annotations

import copy

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.base import Agent
from riskrules.engine.decisions import TRADE
from riskrules.engine.game import Game
from riskrules.language.find import builtin_ids, house_ids
from riskrules.language.loader import open_rulebook


class Previewing(Agent):
    """Plays as balanced does; before each trade it answers, asks the view what the set is worth
    (and what every other set offered would be), and checks that asking changed nothing."""

    kind = "previewing"

    def __init__(self, previews: list):
        self.inner = make_bot("balanced")
        self.previews = previews

    def start(self, view, seat, rng):
        super().start(view, seat, rng)
        self.inner.start(view, seat, rng)

    def decide(self, d):
        answer = self.inner.decide(d)
        if d.kind is TRADE and answer is not None:
            game = self.view._game
            before = (game.trade_count, list(game.trades_made), dict(game.escalation_base), list(game.hands[self.seat]),
                      list(game.armies))
            for cards in d.options:
                self.view.set_worth(cards)
            after = (game.trade_count, list(game.trades_made), dict(game.escalation_base),
                     list(game.hands[self.seat]), list(game.armies))
            assert before == after
            self.previews.append((self.seat, tuple(answer), self.view.set_worth(answer)))
        return answer


def _compared(ref: str, variant: str | None, players: int, seeds: range, max_turns: int = 120,
              sets: tuple[str, ...] = ()) -> int:
    """Plays the games; returns how many trades were compared with their preview."""
    rules = open_rulebook(ref, sets=sets).rules([variant] if variant else None, players)
    if rules.cards.kind == "none":
        return 0
    compared = 0
    for seed in seeds:
        previews: list = []
        trades: list[dict] = []
        agents = [Previewing(previews) for _ in range(players)]
        game = Game(rules, agents, seed, max_turns=max_turns, listeners=[
            lambda e: trades.append(copy.deepcopy(e)) if e["type"] == "trade" else None])
        game.play()
        assert len(previews) == len(trades)
        for (seat, cards, (armies, territories, bonus)), event in zip(previews, trades):
            assert event["player"] == game.names[seat]
            assert event["armies"] == armies, (ref, variant, seed, event)
            given = {b["territory"]: b["armies"] for b in event["territory_bonus"]}
            offered = {game.board.territories[x] for x in territories}
            assert set(given) <= offered and all(n == bonus for n in given.values()), (ref, variant, seed, event)
            if rules.cards.bonus_per_card or len(territories) == 1:
                assert set(given) == offered
            else:
                assert len(given) == (1 if territories else 0)
        compared += len(trades)
    return compared


def _every_variant():
    for ref in builtin_ids():
        book = open_rulebook(ref)
        for variant in [None, *book.variants]:
            yield pytest.param(ref, variant, id=f"{ref}:{variant or 'default'}")


@pytest.mark.parametrize("ref, variant", list(_every_variant()))
def test_the_preview_is_what_the_trade_gives_in_every_edition(ref, variant):
    book = open_rulebook(ref)
    players = 4 if 4 in range(book.config().data["players"]["min"], book.config().data["players"]["max"] + 1) else \
        book.config().data["players"]["min"]
    try:
        compared = _compared(ref, variant, players, range(1, 4))
    except Exception as err:  # a variant for other player counts only
        if "player" in str(err).lower():
            pytest.skip(str(err))
        raise
    rules = book.rules([variant] if variant else None, players)
    assert compared > 0 or rules.cards.kind == "none"


@pytest.mark.parametrize("ref", [r for r in house_ids() if r in
                                 {"escalating-cards", "late-escalation", "capped-sets", "flat-sets"}])
def test_the_preview_is_what_the_trade_gives_with_expressions_caps_and_late_escalation(ref):
    assert _compared(ref, None, 4, range(1, 6), max_turns=200) > 10


# values that are expressions of the game quantities the trade changes (cards held, trades made)
EXPRESSIONS = {
    "escalating": "cards { sets escalating 4, min(own_trades + 5, 40), min(trades * 2, 50) then +3\n"
                  "territory bonus min(cards + 1, 9) per card }",
    "fixed": "cards { sets fixed 3 infantry: min(own_trades + 4, 20), 3 cavalry: 6, 3 artillery: min(trades + 8, 30), "
             "1 of each: 10\nterritory bonus min(cards, 5) per trade }",
    "late": "cards { sets escalating 4, 6, 8 then +2\nescalation after round players + 2\nsets at most cards + 12 }",
    "after-trades": "cards { sets escalating 4, 6, 8 then +2\nescalation after trades // 2 trades }",
}


@pytest.mark.parametrize("name", list(EXPRESSIONS))
def test_the_preview_is_what_the_trade_gives_when_values_are_expressions(name):
    assert open_rulebook("classic", sets=(EXPRESSIONS[name],)).rules(None, 4).cards.plain is False
    assert _compared("classic", None, 4, range(1, 6), max_turns=200, sets=(EXPRESSIONS[name],)) > 10
