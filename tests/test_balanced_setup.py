"""balanced spreads its setup armies as a player would: never all on one territory
(benchmarks/setup_spread.py measures it over 1,000 games, and the turn-one wins that piling allowed)."""

from __future__ import annotations

from collections import Counter

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.instrument.simulate import game_seed
from riskrules.language.loader import open_rulebook


@pytest.mark.parametrize("edition, players", [("nl-1990", 3), ("sv-2000", 4), ("de-deluxe", 5), ("nl-modern", 3)])
def test_no_player_puts_every_setup_army_on_one_territory(edition, players):
    rules = open_rulebook(edition).rules(None, players)
    for i in range(40):
        placed: dict[str, Counter] = {}

        def listen(e, placed=placed):
            if e["type"] == "place" and e["turn"] == 0 and "by" not in e:
                placed.setdefault(e["player"], Counter())[e["territory"]] += e["armies"]

        game = Game(rules, [make_bot("balanced") for _ in range(players)], game_seed(1, i), max_turns=1,
                    listeners=[listen])
        game.play()
        for name, counts in placed.items():
            assert len(counts) >= 2, (edition, i, name, counts)
            # no territory takes more than half of what the setup left to place
            assert max(counts.values()) <= sum(counts.values()) // 2, (edition, i, name, counts)
