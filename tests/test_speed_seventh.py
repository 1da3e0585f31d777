"""Issue 47's seventh round: each quicker form of balanced's reckoning (the strong bot's playouts)
equals the form it replaced — the odds that pass a threshold read from `Odds.passing`, an enemy's
continent to break found by its first territory's owner, the steps to the front found by sets —
at every call of whole games, and where the armies go beyond the odds' table; balanced's fortify
move found from the board plays the games of its move found from the question's options; a copy
starts with its original's kept territories."""

from __future__ import annotations

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import ATTACK_WIN, BOLDEST, CARD_WIN, PATIENCE, BalancedAgent
from riskrules.engine.agents.base import Agent
from riskrules.engine.agents.strong import _Budget, _Helper
from riskrules.engine.decisions import FORTIFY, Later
from riskrules.engine.game import Game
from riskrules.engine.log import line_of
from riskrules.engine.odds import odds_for
from riskrules.language.loader import load_rules


def _best_attack_before(agent, options, side):
    """best_attack as it read the table before: each option's odds, then the threshold's test."""
    view = agent.view
    want = agent.values(side)
    threshold = CARD_WIN if (side == view.active and not view.conquered) else ATTACK_WIN
    if view.round > PATIENCE:
        threshold = max(BOLDEST, threshold - 0.01 * (view.round - PATIENCE))
    best, best_score = None, 0.0
    odds, armies = agent.odds, view.armies
    for source, target in options:
        p = odds.win(armies[source] - 1, armies[target])
        if p >= threshold:
            score = p * want[target]
            if score > best_score:
                best, best_score = (source, target), score
    return best


def _breaking_before(agent, side, want):
    """values' last step as it was: every seat but `side`'s own, every continent it holds."""
    view = agent.view
    bonus, counts = view.rules.continent_bonus, view.continent_count
    want = list(want)
    for seat in range(len(view.names)):
        if seat not in agent.own(side):
            for k, members in enumerate(view.board.members):
                if counts[seat][k] == len(members):
                    worth = 1.0 + (bonus[k] if bonus[k].__class__ is int else view.value(bonus[k], seat)) / 2
                    for t in members:
                        want[t] += worth
    return want


def _front_distance_before(agent, side):
    """_front_distance's steps as they were found: territory by territory, neighbour by neighbour."""
    view = agent.view
    owner, adjacent = view.owner, view.adjacent
    far = view.size + 1
    distance = [far] * view.size
    calm = {*agent.own(side), agent.harmless()}
    mine = [t for t in range(view.size) if owner[t] == side]
    frontier = [t for t in mine if any(owner[u] not in calm for u in adjacent[t])]
    if not frontier:
        frontier = [t for t in mine if any(owner[u] not in agent.own(side) for u in adjacent[t])]
    for t in frontier:
        distance[t] = 0
    step = 0
    while frontier:
        step += 1
        nxt = []
        for t in frontier:
            for u in adjacent[t]:
                if owner[u] == side and distance[u] == far:
                    distance[u] = step
                    nxt.append(u)
        frontier = nxt
    return distance


def test_the_passing_odds_are_the_table_by_the_attackers_armies():
    odds = odds_for(load_rules("nl-modern", None, 4).battle)
    for threshold in (CARD_WIN, ATTACK_WIN, 0.37):
        rows = odds.passing(threshold)
        assert odds.passing(threshold) is rows  # made once a threshold
        assert len(rows) == odds.size + 2 and rows[0] == [0.0] * (odds.size + 1)
        for n in range(1, odds.size + 2):
            assert rows[n] == [p if p >= threshold else 0.0 for p in odds.p_win[n - 1]]
    assert odds.passing(0.6)[4][2] == odds.p_win[3][2] > 0.6 and odds.passing(0.6)[2][2] == 0.0


@pytest.mark.parametrize("edition, players", [("nl-modern", 4), ("classic", 3), ("cs-riziko", 5)])
def test_balanced_reckons_as_before_at_every_call_of_a_game(monkeypatch, edition, players):
    rules = load_rules(edition, None, players)
    calls = {"attack": 0, "values": 0, "front": 0, "broken": 0}
    best_attack, values, front = BalancedAgent.best_attack, BalancedAgent.values, BalancedAgent._front_distance

    def checked_attack(self, options, side):
        calls["attack"] += 1
        answer = best_attack(self, options, side)
        assert answer == _best_attack_before(self, options, side)
        return answer

    def checked_values(self, side):
        fresh = self._plan_turn != (self.view.turn, side) or not self._values
        want = values(self, side)
        if fresh:  # (this turn's wants made now: the breaking step undone, then done as before)
            calls["values"] += 1
            unbroken = list(want)
            view = self.view
            for k, members in enumerate(view.board.members):
                seat = owner_of_all(view, members)
                if seat is not None and seat not in self.own(side):
                    calls["broken"] += 1
                    bonus = view.rules.continent_bonus[k]
                    worth = 1.0 + (bonus if bonus.__class__ is int else view.value(bonus, seat)) / 2
                    for t in members:
                        unbroken[t] -= worth
            assert want == _breaking_before(self, side, unbroken)
        return want

    def checked_front(self, side):
        calls["front"] += 1
        distance = front(self, side)
        assert distance == _front_distance_before(self, side)
        return distance

    monkeypatch.setattr(BalancedAgent, "best_attack", checked_attack)
    monkeypatch.setattr(BalancedAgent, "values", checked_values)
    monkeypatch.setattr(BalancedAgent, "_front_distance", checked_front)
    for seed in (1, 2):
        Game(rules, [make_bot("balanced") for _ in range(players)], seed, max_turns=150).play()
    assert calls["attack"] > 300 and calls["values"] > 50 and calls["front"] > 50 and calls["broken"] > 5


def owner_of_all(view, members):
    """The seat that holds every territory of `members`, or None."""
    owners = {view.owner[t] for t in members}
    return next(iter(owners)) if len(owners) == 1 and min(owners) >= 0 else None


def test_best_attack_beyond_the_odds_table_reads_each_option_as_before():
    rules = load_rules("nl-modern", None, 4)
    game = Game(rules, [make_bot("balanced") for _ in range(4)], 3, max_turns=2)
    game.play()
    agent = game.agents[game.active]
    side = agent.seat
    options = game.attack_options(side)
    assert options
    for armies in (3, 61, 62, 500):  # (the table: 60 a side; a source of 61 leaves 60 to attack with)
        for source, target in options:
            game.armies[source] = armies
            game.armies[target] = max(1, armies // 3)
        assert agent.best_attack(options, side) == _best_attack_before(agent, options, side) is not None
        game.armies[options[0][1]] = 700  # (a defender beyond the table)
        assert agent.best_attack(options, side) == _best_attack_before(agent, options, side)


def _logged(rules, bots, seed, turns):
    lines = []
    Game(rules, [make_bot(b) for b in bots], seed, max_turns=turns,
         listeners=[lambda event: lines.append(line_of(event))]).play()
    return lines


def test_balanced_fortifies_from_the_board_as_from_the_questions_options(monkeypatch):
    rules = load_rules("nl-modern", None, 4)
    asked = []
    quick = BalancedAgent.quick_fortify
    monkeypatch.setattr(BalancedAgent, "quick_fortify", lambda self, make, side: (asked.append(side),
                                                                                 quick(self, make, side))[1])
    at_once = [_logged(rules, ["balanced"] * 4, seed, 150) for seed in (1, 2)]
    strong_at_once = _logged(rules, ["strong-2"] + ["balanced"] * 3, 5, 12)
    assert len(asked) > 200  # (the usual rules: every fortify question answered from the board)
    monkeypatch.setattr(BalancedAgent, "quick_fortify", Agent.quick_fortify)  # (options made, then fortify)
    assert [_logged(rules, ["balanced"] * 4, seed, 150) for seed in (1, 2)] == at_once
    assert _logged(rules, ["strong-2"] + ["balanced"] * 3, 5, 12) == strong_at_once  # (the playouts' budget alike)
    assert any(line.startswith('{"type":"fortify"') for line in at_once[0])


def test_a_playouts_helper_counts_a_fortify_question_once():
    rules = load_rules("nl-modern", None, 4)
    game = Game(rules, [make_bot("balanced") for _ in range(4)], 2, max_turns=4)
    game.play()
    budget = _Budget()
    helper = _Helper(budget)
    copy = game.copy([helper] + [make_bot("balanced") for _ in range(3)], seed=1)
    options = copy._own_fortify_options(0, {}, None)
    left = budget.left
    answer = helper.quick_fortify(lambda: options, 0)
    assert budget.left == left - 1
    later = Later(FORTIFY, 0, lambda: options, 0, True)
    later.view = copy.sights[0]
    assert answer == BalancedAgent.fortify(helper, later)


def test_a_copy_starts_with_the_kept_territories_of_its_original():
    rules = load_rules("nl-modern", None, 4)
    game = Game(rules, [make_bot("balanced") for _ in range(4)], 2, max_turns=4)
    game.play()
    kept = game.owned(1)
    copy = game.copy([make_bot("balanced") for _ in range(4)], seed=3)
    # (copies of the lists: a plug-in's copy of the game shares nothing with it, tests/test_guests.py)
    assert copy._owned is not game._owned and copy.owned(1) is not kept and copy.owned(1) == kept
    assert kept == game.territories_of(1)
    taken = kept[0]
    copy.set_owner(taken, 2)  # (a new list in the copy; the original's unchanged)
    assert game.owned(1) is kept and taken in kept and taken not in copy.owned(1)
    assert copy.owned(1) == copy.territories_of(1) and copy.owned(2) == copy.territories_of(2)
    blank = game.copy([], seed=3, state={"owner": game.owner})
    assert blank._owned == {}
