"""Whole games: every configuration ends and replays; invariants hold; same seed, same log."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskrules.engine.agents import make_bot
from riskrules.engine.decisions import Decision
from riskrules.engine.game import Game
from riskrules.engine.log import LogWriter, Tracker, line_of, read_log
from riskrules.engine.replay import _replay, replay, rules_for
from riskrules.language.loader import builtin_ids, open_rulebook


def configurations():
    for edition in builtin_ids():
        book = open_rulebook(edition)
        if book.base:
            continue
        for variant in book.variants:
            rules = book.rules([variant])
            for players in range(rules.min_players, rules.max_players + 1):
                yield edition, variant, players


CONFIGS = list(configurations())


def play(edition, variant, players, seed, bot="balanced", max_turns=1000, listeners=()):
    rules = open_rulebook(edition).rules([variant], players)
    game = Game(rules, [make_bot(bot) for _ in range(players)], seed, max_turns=max_turns,
                listeners=list(listeners))
    return game, game.play()


# Seeds a configuration in CI; `python benchmarks/games_end.py` plays 20 (the count here until the
# suite outgrew its time: 66 configurations × 20 games, none at the turn limit, every log replayed).
SEEDS = 4
# Of those, the first has its log checked line by line against the log schema before it is replayed
# (`risk replay`'s whole check); the others are replayed without it. The schema check (jsonschema, in
# pure Python) is three quarters of a replay's time: all four checked took twice as long.
# benchmarks/games_end.py checks every seed's log.
SCHEMA_SEEDS = 1


@pytest.mark.parametrize("edition, variant, players", CONFIGS, ids=[f"{e}-{v}-{n}" for e, v, n in CONFIGS])
def test_balanced_games_end_and_replay(tmp_path, edition, variant, players):
    end_and_replay(tmp_path, edition, variant, players, range(SEEDS), schema_seeds=SCHEMA_SEEDS)


def end_and_replay(tmp_path, edition, variant, players, seeds, schema_seeds: int | None = None) -> None:
    """Balanced games of one configuration, a game a seed: each ends before the turn limit, and its
    log replays to the same winner (also benchmarks/games_end.py's check). The first `schema_seeds`
    logs (all if None) are replayed as `risk replay` does, every line checked against the log schema
    first; the rest only replayed."""
    for number, seed in enumerate(seeds):
        out = io.StringIO()
        _, result = play(edition, variant, players, seed, listeners=[LogWriter(out)])
        assert result.reason != "turn_limit", (seed, result)
        path = tmp_path / f"{seed}.jsonl"
        path.write_text(out.getvalue(), encoding="utf-8")
        if schema_seeds is None or number < schema_seeds:
            report = replay(path)
        else:
            events = read_log(path)
            report = _replay(events, rules_for(events[0], str(path), path.parent))
        assert report.ok, (seed, report.mismatch and (report.mismatch.line, report.mismatch.expected,
                                                       report.mismatch.got))
        assert report.result.winner == result.winner


def test_same_seed_same_log_byte_for_byte():
    logs = []
    for _ in range(2):
        out = io.StringIO()
        play("cs-riziko", "domination", 2, 42, listeners=[LogWriter(out)])
        logs.append(out.getvalue())
    assert logs[0] == logs[1]
    other = io.StringIO()
    play("cs-riziko", "domination", 2, 43, listeners=[LogWriter(other)])
    assert other.getvalue() != logs[0]


def test_turn_limit_is_reported():
    out = io.StringIO()
    game, result = play("nl-modern", "domination", 4, 1, bot="random", max_turns=25, listeners=[LogWriter(out)])
    assert (result.winner, result.reason, result.turns) == (None, "turn_limit", 25)
    assert out.getvalue().splitlines()[-1] == '{"type":"game_over","turn":25,"winner":null,"reason":"turn_limit","turns":25}'


class Invariants:
    """Checks, after every event, what the rules promise of every moment of a game."""

    def __init__(self, game: Game):
        self.game = game
        self.tracker = Tracker(game.board, game.names)
        self.emptied = None
        self.total_cards = game.size + game.board.jokers

    def __call__(self, event: dict) -> None:
        g = self.game
        line_of(event)  # every event is JSON
        assert isinstance(event["type"], str) and isinstance(event["turn"], int)
        self.tracker.apply(event)
        owners = [g.names[o] if o >= 0 else None for o in g.owner]
        # the board and the hands, rebuilt from the log alone, are the game's
        assert owners == self.tracker.owner, event
        assert g.armies == self.tracker.armies, event
        for seat, name in enumerate(g.names):
            assert len(g.hands[seat]) == self.tracker.hand[name], event
        # no territory is ever empty — but between the roll that empties one and its conquest
        if self.emptied is not None:
            assert event["type"] == "conquest" and event["to"] == self.emptied, event
            self.emptied = None
        if all(o >= 0 for o in g.owner):
            empty = [g.board.territories[t] for t in range(g.size) if g.armies[t] < 1]
            if event["type"] == "battle" and event["defender_losses"] == event["defender_armies"]:
                assert empty == [event["to"]], event
                self.emptied = event["to"]
            else:
                assert empty == [], event
        # all the cards are somewhere: in the deck or in a hand
        if g.deck:
            assert len(g.deck) + sum(len(h) for h in g.hands) == self.total_cards, event
            assert sorted(list(g.deck) + [c for h in g.hands for c in h]) == list(range(self.total_cards))


class Checked:
    """Wraps an agent: every decision it is asked, and its answer, must be legal."""

    def __init__(self, inner):
        self.inner = inner
        self.kind = inner.kind

    def start(self, game, seat, rng):
        self.inner.start(game, seat, rng)

    def decide(self, decision: Decision):
        assert decision.options or decision.optional
        answer = self.inner.decide(decision)
        assert decision.check(answer) is None, (decision, answer)
        return answer


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CONFIGS), st.integers(0, 10_000), st.sampled_from(["random", "balanced"]))
def test_invariants_of_random_games(config, seed, bot):
    """25 games a run (60 until the suite outgrew its time; hypothesis draws new ones each run)."""
    edition, variant, players = config
    rules = open_rulebook(edition).rules([variant], players)
    game = Game(rules, [Checked(make_bot(bot)) for _ in range(players)], seed, max_turns=150)
    game.listeners.append(Invariants(game))
    result = game.play()
    assert result.reason in ("domination", "mission", "capitals", "opponent_eliminated", "turn_limit")


def test_a_game_needs_rules_merged_for_its_players():
    from riskrules.engine.errors import GameError

    general = open_rulebook("sv-2000").rules()
    with pytest.raises(GameError) as err:
        Game(general, [make_bot("random") for _ in range(2)], 1)
    assert str(err.value) == ("these rules were merged for no particular number of players, not 2: "
                              "load them with players=2")


def test_a_house_rule_can_let_the_neutral_army_fortify(write, tmp_path):
    path = write("nf.risk", """
        rulebook nf
        extends cs-riziko
        for 2 players {
            turn reinforce, attack, neutral reinforce, neutral attack, neutral fortify, fortify
        }
    """)
    rules = open_rulebook(path).rules(None, 2)
    out = io.StringIO()
    game = Game(rules, [make_bot("balanced") for _ in range(2)], 4, listeners=[LogWriter(out)],
                edition=path.name)  # as `risk play` names it in a log beside it
    game.listeners.append(Invariants(game))
    game.play()
    moves = [json.loads(line) for line in out.getvalue().splitlines() if '"type":"fortify"' in line]
    neutral = [m for m in moves if m["player"] == "neutral"]
    assert neutral and all(m["by"] in ("red", "blue") for m in neutral)
    log = tmp_path / "nf.jsonl"
    log.write_text(out.getvalue(), encoding="utf-8")
    assert replay(log).ok
