"""The strong bot: it plays every kind of rules, the same seed plays the same game, and its
answers never depend on what it cannot see (other players' cards and missions, the deck)."""

from __future__ import annotations

import random

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.agents.strong import StrongAgent
from riskrules.engine.game import Game
from conftest import load


@pytest.mark.parametrize("edition, variant, players", [
    ("cs-riziko", "domination", 2),  # the 2-player neutral army
    ("sv-2000", "capitals", 3),  # capitals
    ("nl-modern", "missions-full-round", 3),  # a mission declared, won a round later
    ("sv-2000", "missions", 4),  # missions at once
])
def test_strong_plays_every_kind_of_rules_and_the_same_seed_plays_the_same_game(edition, variant, players):
    rules = load(edition, variant, players)

    def play():
        events = []
        game = Game(rules, [make_bot("strong-2")] + [make_bot("balanced") for _ in range(players - 1)], 8,
                    listeners=[events.append], max_turns=20)
        return game.play(), events

    (first, events), (second, again) = play(), play()
    assert first == second and events == again


class Probed(Exception):
    pass


class Probe(StrongAgent):
    """A strong bot that, at its `at`-th search, also answers the same question on copies of
    the game whose hidden parts were shuffled, from the same random state."""

    def __init__(self, at: int):
        super().__init__(playouts=3)
        self.at, self.searches = at, 0
        self.answers: list = []

    def search(self, candidates, apply, phase):
        self.searches += 1
        if self.searches == self.at and not self.answers:
            game, state = self.view._game, self.rng.getstate()  # the real game behind the view: its hidden parts
            for shuffle in range(3):
                self.rng.setstate(state)
                real = (game.hands, game.missions, game.deck)
                game.hands, game.missions, game.deck = self.hidden_shuffled(random.Random(shuffle))
                try:
                    self.answers.append(super().search(candidates, apply, phase))
                finally:
                    game.hands, game.missions, game.deck = real
            raise Probed
        return super().search(candidates, apply, phase)

    def hidden_shuffled(self, rng):
        """Other hands (of the same sizes), missions and deck replaced, the bot's own kept."""
        game = self.view._game
        mine = game.hands[self.seat]
        pool = [c for c in range(game.size + game.board.jokers) if c not in mine]
        rng.shuffle(pool)
        hands, start = [], 0
        for seat, hand in enumerate(game.hands):
            if seat == self.seat:
                hands.append(list(mine))
            else:
                hands.append(pool[start:start + len(hand)])
                start += len(hand)
        missions = list(game.missions)
        others = [m for m in game.rules.missions if m is not missions[self.seat]]
        for seat in range(game.players):
            if seat != self.seat and missions[seat] is not None:
                missions[seat] = rng.choice(others)
        from collections import deque
        return hands, missions, deque(pool[start:])


@pytest.mark.parametrize("edition, variant", [("sv-2000", "missions"), ("nl-1990", "alternatief")])
@pytest.mark.parametrize("at", [2, 9])
def test_strong_never_reads_what_it_cannot_see(edition, variant, at):
    rules = load(edition, variant, 4)
    probe = Probe(at)
    game = Game(rules, [BalancedAgent(), probe, BalancedAgent(), BalancedAgent()], 21, max_turns=120)
    with pytest.raises(Probed):
        game.play()
    assert len(probe.answers) == 3
    assert probe.answers[0] == probe.answers[1] == probe.answers[2]


def test_strong_searches_only_in_its_own_turn():
    rules = load("sv-2000", "missions", 4)
    kinds = []

    class Counting(StrongAgent):
        def search(self, candidates, apply, phase):
            game = self.game
            assert game.active == self.seat and game.rules.phases[game.phase] in ("attack", "reinforce", "fortify")
            kinds.append(game.rules.phases[game.phase])
            return super().search(candidates, apply, phase)

    Game(rules, [Counting(playouts=1)] + [BalancedAgent() for _ in range(3)], 4, max_turns=20).play()
    assert "attack" in kinds and "reinforce" in kinds and "fortify" in kinds


def test_a_turn_whose_searches_spent_the_budget_is_played_on_as_balanced(monkeypatch):
    """The per-turn budget: no search starts once a turn's searches have spent TURN_DECISIONS playout
    decisions. With a budget of 0 the bot is `balanced`, decision for decision."""
    from riskrules.engine.agents import strong

    rules = load("sv-2000", "missions", 4)

    def play(first):
        events = []
        Game(rules, [first] + [BalancedAgent() for _ in range(3)], 4, listeners=[events.append],
             max_turns=20).play()
        return [e for e in events if e.get("type") != "game_start"]

    monkeypatch.setattr(strong, "TURN_DECISIONS", 0)
    assert play(StrongAgent(playouts=1)) == play(BalancedAgent())

    searched = []

    class Counting(StrongAgent):
        def search(self, candidates, apply, phase):
            spent = self.spent
            found = super().search(candidates, apply, phase)
            searched.append((self.game.turn, spent))
            return found

    monkeypatch.setattr(strong, "TURN_DECISIONS", 1)  # one search a turn, then balanced
    play(Counting(playouts=1))
    turns = [turn for turn, _ in searched]
    assert searched and all(spent == 0 for _, spent in searched) and len(turns) == len(set(turns))


def test_a_conquer_missions_further_continent_is_one_of_the_others():
    """"Europe, Australia and one more": balanced's usual two goals may be the mission's own, so it
    aims at no third; strong aims at the best ranked of the others."""
    from riskrules.language.rules import Mission

    mission = Mission("conquer", continents=(2, 5), extra=1)
    ranked = [5, 2, 1, 0, 3, 4]
    assert BalancedAgent().further_goals(ranked, mission) == [5]  # Australia again: no third
    assert StrongAgent().further_goals(ranked, mission) == [1]
    assert StrongAgent().further_goals([3, 5, 2], mission) == [3]


def test_progress_of_a_conquer_mission_with_one_more_continent():
    """Held of the mission's continents, plus the best held share of another continent counted as
    if it were the smallest (4 territories here): Europe 7/7, Australia 2/4, South America 3/4 and
    Asia 6/12 give (9 + 4 × 3/4) / (11 + 4)."""
    from riskrules.engine.agents.valuing import progress
    from riskrules.language.rules import Mission
    from scenario import Scenario

    mine = ["iceland", "scandinavia", "ukraine", "great_britain", "northern_europe", "western_europe",
            "southern_europe", "indonesia", "new_guinea", "venezuela", "peru", "brazil",
            "ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "mongolia"]
    s = Scenario("sv-2000", 4, "missions", holds={t: (0, 1) for t in mine}, rest=lambda t: 1 + t % 3)
    assert progress(s.game, 0, Mission("conquer", continents=(2, 5), extra=1)) == 12 / 15
    assert progress(s.game, 0, Mission("conquer", continents=(2, 5))) == 9 / 11


def _watching():
    """sv-2000 missions, 4 players, territory t held by seat t mod 4; a strong bot in seat 0
    that has looked at the board as dealt."""
    from scenario import Scenario, Script

    s = Scenario("sv-2000", 4, "missions", agents=[StrongAgent(), Script(), Script(), Script()])
    bot = s.agents[0]
    bot.watch()  # the deal is no conquest
    assert bot.taken == [[], [], [], []]
    return s, bot


def test_the_others_conquests_weigh_the_missions_they_may_hold():
    """Blue (seat 1) takes western_europe and east_africa from yellow and congo from green:
    each conquest serving a mission makes it 3 times as likely, against the chance that an
    indifferent player's conquest serves it (the mission's share of the board; for a colour to
    destroy, 1 in 3 opponents)."""
    from math import exp, log

    from riskrules.engine.agents.reading import mission_evidence

    s, bot = _watching()
    g = s.game
    for name in ("western_europe", "east_africa", "congo"):
        g.set_owner(s.t(name), 1)
    bot.watch()
    assert bot.taken[1] == [(s.t("western_europe"), 2), (s.t("east_africa"), 2), (s.t("congo"), 3)]
    assert bot.taken[0] == bot.taken[2] == bot.taken[3] == []
    missions = {str(m.data): m for m in s.rules.missions}
    evidence = {
        "{'destroy': 'yellow', 'else_occupy': 24}": 2 * log(3) - 3 * log(1 + 2 / 3),
        "{'conquer': ['asia', 'africa'], 'extra': 0}": 2 * log(3) - 3 * log(1 + 2 * 18 / 42),
        "{'conquer': ['europe', 'south_america'], 'extra': 1}": log(3) - 3 * log(1 + 2 * 11 / 42),
        "{'destroy': 'blue', 'else_occupy': 24}": 0.0,  # his own colour: 24 territories
        "{'occupy': 24, 'armies': 1}": 0.0,
    }
    for data, value in evidence.items():
        assert mission_evidence(bot.view, bot.taken[1], 1, missions[data]) == pytest.approx(value, rel=1e-12)

    own = missions["{'conquer': ['europe', 'australia'], 'extra': 1}"]
    g.missions[:4] = [own] + [missions["{'occupy': 24, 'armies': 1}"]] * 3
    bot.guess_missions()
    pool, weights = bot.guess
    in_play = [m for m in s.rules.missions if m.colour not in ("black", "pink")]
    assert pool == [m for m in in_play if m is not own] and len(pool) == 11
    assert sorted(weights) == [1, 2, 3]
    blue = dict(zip((str(m.data) for m in pool), weights[1]))
    assert max(blue, key=blue.get) == "{'destroy': 'yellow', 'else_occupy': 24}"
    assert blue["{'destroy': 'yellow', 'else_occupy': 24}"] == 1.0
    assert blue["{'occupy': 24, 'armies': 1}"] == pytest.approx(exp(-evidence[
        "{'destroy': 'yellow', 'else_occupy': 24}"]), rel=1e-12) == pytest.approx(125 / 243)
    assert weights[2] == weights[3] == [1.0] * 11  # no conquests: every mission as likely


def test_a_guess_decides_the_missions_of_a_determinization():
    """Each other player draws from the missions left with his weights; a colour's own destroy
    mission falls back to 24 territories; the bot's own mission is never dealt."""
    s, bot = _watching()
    g = s.game
    own = s.rules.missions[13]
    g.missions[:4] = [own, s.rules.missions[0], s.rules.missions[0], s.rules.missions[0]]
    bot.guess_missions()
    pool, _ = bot.guess
    yellow = next(i for i, m in enumerate(pool) if m.colour == "yellow")
    asia = next(i for i, m in enumerate(pool) if m.continents == (4, 3))
    only = lambda k: [1.0 if i == k else 0.0 for i in range(len(pool))]  # noqa: E731
    bot.guess = pool, {1: only(asia), 2: only(yellow), 3: [0.0 if i in (asia, yellow) else 1.0 for i in range(11)]}
    seen = set()
    for seed in range(40):
        bot.determinize(g, random.Random(seed))
        assert g.missions[0] is own
        assert g.missions[1] is pool[asia]
        assert (g.missions[2].kind, g.missions[2].count, g.missions[2].data) == ("occupy", 24, pool[yellow].data)
        assert g.missions[3] not in (own, pool[asia], pool[yellow])
        seen.add(g.missions[3].data["conquer"][0] if "conquer" in g.missions[3].data else str(g.missions[3].data))
    assert len(seen) > 3  # green's draw varies


def test_an_undecided_mission_game_is_valued_as_a_chance_of_winning():
    """Not won or lost, a mission game's playout scores the chance of winning that VALUE's logistic
    model gives: the bot's share of strength, its mission's progress (a column per kind, and to
    the fourth power), the nearest opponent's (a colour to destroy is near only once its victim
    holds less than a fair share of the board) and 1 / players."""
    import math

    from riskrules.engine.agents.valuing import VALUE, progress, strength, threat, value_features
    from scenario import Scenario

    # yellow holds the first 3 territories; then red the even ones, green the odd ones
    s = Scenario("sv-2000", 4, "missions", rest=lambda t: 2 if t < 3 else t % 2 * 3,
                 agents=[StrongAgent()] + [BalancedAgent() for _ in range(3)])
    g = s.game
    assert g.territory_count[:4] == [19, 0, 3, 20]
    m = s.rules.missions
    g.missions[:4] = [m[1], m[4], m[0], m[9]]  # 24 territories; destroy yellow; 18 with 2 each; Asia and Africa
    assert threat(g, 1, m[4]) == 1 - 3 * 4 / 42 and progress(g, 1, m[4]) == 1 - 3 / 42
    assert threat(g, 3, m[9]) == 9 / 18  # Africa 3 of 6, Asia 6 of 12
    assert threat(g, 2, m[0]) == 0  # 1 army each
    share = strength(g, 0) / (strength(g, 0) + strength(g, 1) + strength(g, 2) + strength(g, 3))
    near = 1 - 3 * 4 / 42  # blue's "destroy yellow"
    x = value_features(g, 0)
    assert x == (1.0, share, 19 / 24, 0.0, 0.0, (19 / 24) ** 4, 0.0, 0.0, near, near ** 4, 1.0, 0.0, 1 / 4)

    class Unfinished:
        winner = None
    bot = s.agents[0]
    before = bot.score(g, Unfinished())
    assert before == 1 / (1 + math.exp(-sum(w * v for w, v in zip(VALUE, x))))
    g.alive[1] = False  # blue out: his mission no longer counts, green's is the nearest
    share = strength(g, 0) / (strength(g, 0) + strength(g, 2) + strength(g, 3))
    assert value_features(g, 0)[1:2] + value_features(g, 0)[8:10] == (share, 9 / 18, (9 / 18) ** 4)
    assert bot.score(g, Unfinished()) > before
    g.missions[0] = m[9]  # red with yellow's mission instead: conquer columns, 9 of 18 held
    assert value_features(g, 0)[2:8] == (0.0, 0.0, 9 / 18, 0.0, 0.0, (9 / 18) ** 4)


def test_the_move_in_after_a_conquest_is_searched_where_the_territory_taken_faces_the_enemy():
    """Balanced's answer, the least and the most are tried where the territory conquered borders
    an enemy; elsewhere balanced's answer stands. The engine moves what the search chose."""
    rules = load("sv-2000", "missions", 4)
    events, searched, plain = [], [], []

    class Watching(StrongAgent):
        def occupy_searched(self, d):
            target = d.where[1]  # (still the enemy's when asked)
            facing = any(self.game.owner[u] != 0 for u in self.game.adjacent[target])
            self.tried = None
            answer = super().occupy_searched(d)
            (searched if facing else plain).append((answer, BalancedAgent.occupy(self, d), d.options, self.tried,
                                                    len(events)))
            return answer

        def search(self, candidates, apply, phase):
            self.tried = list(candidates)
            return super().search(candidates, apply, phase)

    Game(rules, [Watching(playouts=2)] + [BalancedAgent() for _ in range(3)], 4, listeners=[events.append],
         max_turns=40).play()
    assert len(searched) >= 3 and plain
    for answer, usual, options, tried, _ in searched:
        assert tried == [usual] + [n for n in (options[0], options[-1]) if n != usual] and answer in tried
    assert any(answer != usual for answer, usual, *_ in searched)  # the search does change answers
    for answer, usual, options, tried, _ in plain:
        assert tried is None and answer == usual
    for answer, *_, at in searched + plain:  # the next event is the conquest, with what was chosen
        assert events[at]["type"] == "conquest" and events[at]["moved"] == answer


def test_on_a_board_of_10000_territories_the_budgets_are_a_hundredth(tmp_path):
    """Issue 21: on a 10,000-territory board (455 KB) `balanced` played 20 turns in 3 s, `strong`
    did not finish them in 120 s — each decision looks over the board, so the same number of
    playout decisions cost 100 times as much. Past BOARD territories both budgets shrink in
    proportion (a count of decisions, not a clock: the same seed plays the same game), and no
    search starts once a turn has spent its budget.
    (benchmarks/big_board.py times it: 20 turns of 3 strong bots.)"""
    import sys
    from pathlib import Path

    from riskrules.engine.agents import strong
    from riskrules.language.loader import open_rulebook

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import big_board

    rules = open_rulebook(big_board.write_case(tmp_path, 10_000)).rules(None, 3)
    assert (rules.board.size, strong.BOARD) == (10_000, 100)
    started: list[tuple[int, int]] = []  # (turn, decisions spent before the search)

    class Counting(StrongAgent):
        def search(self, candidates, apply, phase):
            started.append((self.view.turn, self.spent))
            return super().search(candidates, apply, phase)

    bots = [Counting(), BalancedAgent(), BalancedAgent()]
    Game(rules, bots, 1, max_turns=7).play()
    assert (bots[0].turn_decisions, bots[0].playout_decisions) == (1_500, 30)
    assert len({turn for turn, _ in started}) >= 2 and all(spent < 1_500 for _, spent in started)
