"""Options the engine keeps between decisions are the options it would make afresh.

The engine keeps attack options from one battle to the next, the territories to place on
while no owner changes, and a fortify phase's connected regions; these tests put every such
decision of whole games beside a fresh, plain computation of the same options.
"""

from __future__ import annotations

import io

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.decisions import ATTACK, FORTIFY, PLACE
from riskrules.engine.errors import GameError
from riskrules.engine.game import Game
from riskrules.engine.log import LogWriter
from riskrules.language.find import house_dir
from riskrules.language.loader import builtin_ids, open_rulebook


def fresh_attack_options(game, side):
    owner, armies = game.owner, game.armies
    least = game.rules.battle.least_to_attack
    if side == game.neutral:
        enemy = lambda u: owner[u] == game.active  # noqa: E731
    elif game.friends is not None:
        enemy = lambda u: owner[u] not in game.friends[side]  # noqa: E731
    else:
        enemy = lambda u: owner[u] != side  # noqa: E731
    return [(t, u) for t in range(game.size) if owner[t] == side and armies[t] >= least
            and t not in game.conquered_now for u in game.adjacent[t] if enemy(u)]


def reachable(game, seat, start):
    """Every territory of `seat` connected to `start` through its own, by a search of its own."""
    seen, todo = {start}, [start]
    while todo:
        for u in game.adjacent[todo.pop()]:
            if u not in seen and game.owner[u] == seat:
                seen.add(u)
                todo.append(u)
    return sorted(seen - {start})


class Watching:
    """A bot whose every attack, place and fortify decision is compared with fresh options."""

    def __init__(self, bot):
        self.bot = bot
        self.kind = bot.kind
        self.seen = {ATTACK: 0, PLACE: 0, FORTIFY: 0}

    def start(self, game, seat, rng):
        self.game = game
        self.bot.start(game, seat, rng)

    def decide(self, d):
        game = self.game
        if d.kind == ATTACK:
            assert d.options == fresh_attack_options(game, d.side)
        elif d.kind == PLACE:
            assert d.options == [t for t in range(game.size) if game.owner[t] == d.side]
        elif d.kind == FORTIFY and game.rules.fortify.connected:
            expected = [(t, u) for t in range(game.size) if game.owner[t] == d.side and game.armies[t] >= 2
                        for u in reachable(game, d.side, t)]
            if game.rules.fortify.split:
                assert d.options == expected
            else:  # a source that has sent armies keeps its one target
                assert set(d.options) <= set(expected)
        if d.kind in self.seen:
            self.seen[d.kind] += 1
        return self.bot.decide(d)


def watched_game(rules, players, bot, seed, max_turns):
    agents = [Watching(make_bot(bot)) for _ in range(players)]
    Game(rules, agents, seed, max_turns=max_turns).play()
    return {k: sum(a.seen[k] for a in agents) for k in agents[0].seen}


@pytest.mark.parametrize("edition", builtin_ids())
def test_kept_options_equal_fresh_ones(edition):
    book = open_rulebook(edition)
    seen = {ATTACK: 0, PLACE: 0}
    for variant in list(book.variants) or [None]:
        general = book.rules([variant] if variant else None)
        for players in sorted({general.min_players, 4}):
            rules = book.rules([variant] if variant else None, players)
            for bot in ("random", "balanced"):
                counts = watched_game(rules, players, bot, seed=7, max_turns=60)
                seen = {k: seen[k] + counts[k] for k in seen}
    assert seen[ATTACK] > 100 and seen[PLACE] > 100


# what changes owners other than a plain conquest: a capital's continent taken with it, a player
# put out whose cards are traded and placed at once, partners, trenches, a neutral army
KEPT_ACROSS = {
    "capitals": """
        rulebook kept
        extends classic
        victory capitals
        capitals {
            needed 2+: 3
            capture takes cards yes
            capture replaces continent armies with one each
            capture eliminates victim no
        }
        """,
    "teams-trench": """
        rulebook kept
        extends classic
        for 4 players {
            teams 2
        }
        battle {
            trench warfare yes
        }
        """,
}


@pytest.mark.parametrize("name", sorted(KEPT_ACROSS) + ["house:neutral-territories", "house:assassin"])
def test_kept_options_equal_fresh_ones_in_house_rules(write, name):
    path = house_dir() / f"{name[6:]}.risk" if name.startswith("house:") else write("kept.risk", KEPT_ACROSS[name])
    book = open_rulebook(path)
    general = book.rules(None)
    attacks = 0
    for players in sorted({general.min_players, 4}):
        for bot, seed in (("random", 5), ("balanced", 6)):
            attacks += watched_game(book.rules(None, players), players, bot, seed, max_turns=120)[ATTACK]
    assert attacks > 200


def test_connected_regions_equal_a_search_per_territory(write):
    path = write("connected.risk", """
        rulebook connected
        extends classic
        title "Fortify along a chain"
        fortify {
            moves unlimited
            path connected
            split yes
        }
        """)
    book = open_rulebook(path)
    for players in (3, 4):
        counts = watched_game(book.rules(None, players), players, "random", seed=3, max_turns=80)
        assert counts[FORTIFY] > 20


def configurations():
    for edition in builtin_ids():
        book = open_rulebook(edition)
        for variant in list(book.variants) or [None]:
            general = book.rules([variant] if variant else None)
            for players in range(general.min_players, general.max_players + 1):
                yield book, variant, players


def test_proven_bots_play_the_same_games_with_every_answer_checked():
    """The proof Agent.proven rests on: with every answer of the built-in bots checked (an
    illegal one raises), every configuration of every edition plays the same log, byte for
    byte, as with their answers unchecked."""
    games = 0
    for book, variant, players in configurations():
        rules = book.rules([variant] if variant else None, players)
        for bot in ("random", "balanced"):
            for seed in range(1):
                logs = []
                for check_all in (True, False):
                    out = io.StringIO()
                    Game(rules, [make_bot(bot) for _ in range(players)], seed, max_turns=50,
                         listeners=[LogWriter(out)], check_all=check_all).play()
                    logs.append(out.getvalue())
                assert logs[0] == logs[1], (book.id, variant, players, bot, seed)
                games += 1
    assert games > 50


def test_a_subclass_of_a_proven_bot_is_checked():
    class Cheat(make_bot("random").__class__):
        def decide(self, d):
            return ("no", "such", "answer") if d.kind == ATTACK else super().decide(d)

    rules = open_rulebook("classic").rules(None, 3)
    with pytest.raises(GameError, match=r"^red \(random\) answered \('no', 'such', 'answer'\) to attack: "
                                        r"that attack is not allowed$"):
        Game(rules, [Cheat(), make_bot("random"), make_bot("random")], 1).play()
