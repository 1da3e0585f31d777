"""wz19 whole (issue 43): Warzone's "one army must stand guard" off (`battle { guard 0 }`) covers
transfers too — fortifying may empty a territory, which stays its owner's — and `risk odds` follows
it: an attack from N armies commits all N, a chain leaves none behind by default, an empty
territory falls without a fight. Brute force in exact fractions; a short simulation of the
engine's own attacks (10^5 in benchmarks/kill_rates.py)."""

from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine import plans
from riskrules.engine.decisions import FORTIFY, Decision
from riskrules.engine.dice import Dice
from riskrules.engine.errors import GameError
from riskrules.engine.odds import Odds
from riskrules.language.rules import KillRates
from conftest import house, load
from scenario import Scenario, Script
from test_combat_kill_rates import brute_battle, brute_win
from test_prompts import Screen

GALLERY = "rulebooks/house/warzone-combat.risk"
runner = CliRunner()


def no_guard(write, guard: int = 0) -> str:
    return str(write("house.risk", house(f"battle {{\n    combat kill rates\n    guard {guard}\n}}\n")))


# ---- fortifying: the worked example ---------------------------------------------------------------------

def test_a_move_may_empty_a_territory_which_stays_its_owners(write):
    """Alberta 5, Ontario 1, both red's: red moves all 5 into Ontario; Alberta stays red's with 0 and
    offers no move; Ontario (6) could send all 6 on."""
    mover = Script(fortify=[lambda d: (s.t("alberta"), s.t("ontario"), 5)])
    s = Scenario(no_guard(write), 3, holds={"alberta": (0, 5), "ontario": (0, 1)}, agents=[mover, Script(), Script()])
    g = s.game
    assert g.rules.fortify.stay == 0
    g.fortify(0)
    assert (g.owner[s.t("alberta")], g.armies[s.t("alberta")]) == (0, 0)
    assert (g.owner[s.t("ontario")], g.armies[s.t("ontario")]) == (0, 6)
    assert s.of("fortify")[-1] == {**s.of("fortify")[-1], "from": "alberta", "to": "ontario", "armies": 5}
    options = g.fortify_options(0, {})
    assert not [pair for pair in options if pair[0] == s.t("alberta")]
    assert (s.t("ontario"), s.t("alberta")) in options
    one = [t for t in range(g.size) if g.owner[t] == 0 and g.armies[t] == 1]
    assert all(any(pair[0] == t for pair in options) for t in one if any(g.owner[u] == 0 for u in g.adjacent[t]))


@pytest.mark.parametrize("guard, armies, refusal", [
    (1, 5, "move between 1 and 4 armies (one must stay behind)"),
    (0, 6, "move between 1 and 5 armies"),
])
def test_a_move_of_too_many_is_refused_word_for_word(write, guard, armies, refusal):
    mover = Script(fortify=[lambda d: (s.t("alberta"), s.t("ontario"), armies)])
    s = Scenario(no_guard(write, guard), 3, holds={"alberta": (0, 5), "ontario": (0, 1)},
                 agents=[mover, Script(), Script()])
    with pytest.raises(GameError) as err:
        s.game.fortify(0)
    assert str(err.value) == (f"red (script) answered ({s.t('alberta')}, {s.t('ontario')}, {armies}) to fortify: "
                              f"{refusal}")


def test_the_terminal_offers_every_army_and_says_why_not(write):
    s = Scenario(no_guard(write), 3, holds={"peru": (0, 5), "venezuela": (0, 1), "argentina": (0, 0),
                                            "brazil": (0, 1), "japan": (1, 3)})
    screen = Screen(s, typed=["argentina peru", "peru venezuela 6", "peru venezuela"])
    d = Decision(FORTIFY, 0, s.game.fortify_options(0, {}), optional=True)
    assert screen.ask(d) == (s.t("peru"), s.t("venezuela"), 5)  # (without a number: every army)
    assert screen.refusals() == ["Not allowed: Argentina has no armies.", "Not allowed: move from 1 to 5 armies."]
    assert screen.human.help_text(d, "").count("without a number all armies move") == 1


def test_the_browser_is_told_what_stays(write):
    from riskrules.text.i18n import Text
    from riskrules.web.view import described

    for rules, stay in ((no_guard(write), 0), ("classic", 1)):
        s = Scenario(rules, 3, holds={"alberta": (0, 5), "ontario": (0, 1)})
        d = Decision(FORTIFY, 0, s.game.fortify_options(0, {}), optional=True)
        d.view = s.game.sights[0]
        assert described(d, s.game.sights[0], Text("en"), 1, 0)["stay"] == stay


def test_the_sheet_says_a_territory_may_be_emptied():
    out = runner.invoke(app, ["rules", GALLERY, "--variant", "no-guard", "--lang", "en"])
    assert out.exit_code == 0
    assert "  Left behind                    nothing: a territory may be emptied; it stays its owner's\n" in out.stdout
    assert "Left behind" not in runner.invoke(app, ["rules", GALLERY, "--lang", "en"]).stdout
    set_ = runner.invoke(app, ["rules", GALLERY, "--set", "battle { guard 0 }", "--lang", "sv"])
    assert "inget: ett område får tömmas; det förblir ägarens" in set_.stdout
    diff = runner.invoke(app, ["diff", GALLERY, GALLERY, "--variant-b", "no-guard", "--lang", "en"])
    assert diff.exit_code == 0
    assert "Fortify › Left behind  —" in diff.stdout and "nothing: a territory may be emptied;" in diff.stdout


@pytest.mark.parametrize("bot", ["random", "balanced", "strong-2"])
def test_every_bot_empties_territories_by_fortifying(bot):
    """Seeded short games of the no-guard variant: each bot's moves leave some territory empty, and
    the game goes on (a turn limit or a winner)."""
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    rules = open_rulebook(GALLERY).rules(["no-guard"], 3)
    emptied = []
    game = None

    def watch(event):
        if event["type"] == "fortify" and game.armies[game.board.index[event["from"]]] == 0:
            emptied.append(event)
    turns = 9 if bot.startswith("strong") else 40
    game = Game(rules, [make_bot(bot) for _ in range(3)], 3, max_turns=turns, listeners=[watch])
    result = game.play()
    assert result.reason in ("domination", "turn_limit") and emptied


# ---- risk odds under guard 0 -----------------------------------------------------------------------------

KR = KillRates(60, 70, 16, True)


def guard_battle(kr: KillRates = KR, guard: int = 0):
    return dataclasses.replace(load(GALLERY, "no-guard").battle, kills=kr, guard=guard)


def test_an_attack_from_n_commits_all_n_equal_to_brute_force():
    """From a territory of N under guard 0 every army attacks until it falls or none is left: the
    table at N (the territory's armies) equals the exact fractions; with a guard, at N - 1."""
    o = Odds(guard_battle(), 5)
    memo: dict = {}
    for territory in range(1, 6):
        for d in range(0, 6):
            assert abs(o.p_win[territory][d] - float(brute_win(KR, territory, d, memo))) < 1e-12
    assert o.p_win[3][0] == 1.0  # an empty territory falls without a fight
    guarded = Odds(guard_battle(guard=1), 5)
    assert all(guarded.p_win[n - 1][d] == o.p_win[n - 1][d] for n in range(2, 6) for d in range(1, 6))


def test_a_chain_leaves_nothing_behind_and_an_empty_territory_falls():
    """5 armies on a chain of 2, 0 and 1 under guard 0: after each conquest all survivors attack on
    (none stays); the empty territory is taken at once."""
    battle = guard_battle()
    plan = plans.Plan(5, (2, 0, 1), leave=0)
    outcome = plans.odds(battle, plan)
    memo: dict = {}

    def taken(a: int, d: int) -> dict[int, Fraction]:  # survivors after taking a territory of d, by count
        if d == 0:
            return {a: Fraction(1)} if a else {}
        out: dict[int, Fraction] = {}
        outcomes = brute_battle(KR, a, d)
        still = outcomes.get((0, 0), Fraction(0))
        for (la, ld), p in outcomes.items():
            if (la, ld) == (0, 0):
                continue
            p /= 1 - still
            if ld == d:
                out[a - la] = out.get(a - la, Fraction(0)) + p
            elif a - la:
                for k, q in taken(a - la, d - ld).items():
                    out[k] = out.get(k, Fraction(0)) + p * q
        return out

    first = taken(5, 2)
    second = {k: p for k, p in first.items() if k}  # the empty one: every survivor moves on
    third = sum((p * brute_win(KR, k, 1, memo) for k, p in second.items()), Fraction(0))
    assert abs(outcome.p_at_least[1] - float(sum(first.values()))) < 1e-12
    assert abs(outcome.p_at_least[2] - float(sum(second.values()))) < 1e-12
    assert abs(outcome.p_at_least[3] - float(third)) < 1e-12
    advice = plans.advise(battle, plan)
    assert abs(advice.value - float(third)) < 1e-12  # (never stopping is best for taking it all)


def test_the_engine_attacks_as_the_odds_say():
    """3,000 attacks of a territory of 6 on 5 (guard 0, luck 16%, weighted), the engine's own press
    keeping nothing back: the share taken is within 3 standard errors of the exact chance."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.risk"
        path.write_text(house("battle {\n    combat kill rates\n    luck 16%\n    rounding weighted random\n"
                              "    guard 0\n}\n"), encoding="utf-8")
        s = Scenario(str(path), 3)
    g = s.game
    g.listeners = []
    g.dice = Dice(random.Random(19))
    source, target = s.t("alberta"), s.t("ontario")
    won, n = 0, 3000
    for _ in range(n):
        g.set_owner(target, 1)
        g.armies[source], g.armies[target] = 6, 5
        g.press(0, 0, source, target, 0)
        won += g.owner[target] == 0
    exact = Odds(g.rules.battle, 6).p_win[6][5]
    se = (exact * (1 - exact) / n) ** 0.5
    assert 0.8 < exact < 0.85 and abs(won / n - exact) < 3 * se


def test_risk_odds_follows_guard_zero():
    out = runner.invoke(app, ["odds", "5", "2,0,1", "--edition", GALLERY, "--variant", "no-guard", "--json"])
    assert out.exit_code == 0
    e = json.loads(out.stdout)
    assert e["leave"] == 0
    expected = plans.odds(load(GALLERY, "no-guard").battle, plans.Plan(5, (2, 0, 1), leave=0))
    assert e["p_at_least"] == list(expected.p_at_least)
    refused = runner.invoke(app, ["odds", "5", "2,1", "--edition", GALLERY, "--variant", "no-guard",
                                  "--leave", "1001"])
    assert (refused.exit_code, refused.output.strip()) == (1, "risk: --leave must be between 0 and 1000")
    guarded = runner.invoke(app, ["odds", "5", "2,0", "--edition", GALLERY])
    assert (guarded.exit_code, guarded.output.strip()) == (
        1, "risk: attackers must be between 0 and 1000, and each territory's defenders between 1 and 1000")
    kept = runner.invoke(app, ["odds", "5", "2,1", "--edition", GALLERY, "--leave", "0"])
    assert (kept.exit_code, kept.output.strip()) == (
        1, "risk: --leave must be between 1 and 1000: a territory taken is held by one army at least")
