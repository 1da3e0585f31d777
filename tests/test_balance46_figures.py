"""`risk balance`'s figures (instrument/balance.py): a tiny run's exact figures at a fixed seed, every
figure re-computed from the per-game data, the family's size, the leader measure's edge cases, and a
Watch that changes nothing in the game it watches."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.instrument import balance as b
from riskrules.instrument.simulate import Job, game_seed, play_game

ROUNDS = (5, 10, 20)


@pytest.fixture(scope="module")
def tiny():
    """Six classic games of three balanced bots at seed 1, and three of one balanced among two random."""
    job = Job("classic", None, 3, "balanced", max_turns=300)
    plan = b.Plan((job,), (("balanced", "random"),), 6, 3, ROUNDS, 1)
    shapes, skills = b.play(plan, 1)
    return plan, shapes, skills, b.measure(plan, shapes, skills)


def by_key(data: dict, arm: int = 0) -> dict:
    return {r["key"]: r for r in data["rule_sets"][arm]["figures"]}


def test_the_tiny_runs_games(tiny):
    _, shapes, skills, _ = tiny
    games = shapes[0]
    assert [g.winner for g in games] == [0, 2, 1, 0, 0, 0]
    assert [g.rounds for g in games] == [21, 24, 19, 36, 22, 18]
    assert {g.reason for g in games} == {"domination"}
    assert games[1].leaders == (2,) + (4,) * 23  # seat 3 (bit 4) led from round 2 to the end
    assert games[2].out[-4:] == (0, 1, 1, 2)
    assert [len(g.leaders) for g in games] == [g.rounds for g in games]  # one reading at the end of every round
    assert [(p.seats.index("balanced"), p.winner) for p in skills[0][0]] == [(0, "balanced"), (1, "balanced"),
                                                                               (2, "balanced")]


def test_the_tiny_runs_figures_exactly(tiny):
    _, _, _, data = tiny
    f = by_key(data)
    assert [f[f"seat {s}"]["estimate"] for s in (1, 2, 3)] == [4 / 6, 1 / 6, 1 / 6]
    assert f["balanced>random"]["estimate"] == 1.0
    assert f["rounds"]["estimate"] == pytest.approx(140 / 6, abs=1e-12)
    assert [f[f"running after {r}"]["estimate"] for r in ROUNDS] == [1.0, 1.0, 4 / 6]
    assert [f[f"eliminated by {r}"]["estimate"] for r in ROUNDS] == [0.0, 1 / 6, 1.0]
    # lead changes 3, 1, 3, 4, 3, 0; decided at 11/21, 1/24, 4/19, 19/36, 10/22, 0; comebacks in games 1 and 4
    assert f["lead changes"]["estimate"] == pytest.approx(14 / 6, abs=1e-12)
    assert f["decided at"]["estimate"] == pytest.approx((11 / 21 + 1 / 24 + 4 / 19 + 19 / 36 + 10 / 22) / 6, abs=1e-12)
    assert f["comebacks"]["estimate"] == 2 / 6
    assert round(f["seat 1"]["low"], 6) == 0.195197 and round(f["seat 1"]["high"], 6) == 0.942832
    assert round(f["seat 1"]["p"], 6) == 0.083265 and f["seat 1"]["p_adjusted"] == 1.0
    assert round(f["balanced>random"]["p_adjusted"], 6) == 0.200282 and not f["balanced>random"]["significant"]
    assert round(f["lead changes"]["low"], 6) == 0.542451 and round(f["lead changes"]["high"], 6) == 4.124215
    assert f["rounds"]["p"] is None and f["rounds"]["p_adjusted"] is None
    gap = data["rule_sets"][0]["largest_gap"]
    assert gap["estimate"] == pytest.approx(1 / 3, abs=1e-12) and gap["low"] == 0.0
    assert round(gap["high"], 6) == 0.609498


def test_the_family(tiny):
    """m = seats + pairings + length + 2 × rounds + lead changes, decisiveness, comebacks: 3 + 1 + 1 + 6 + 3."""
    _, _, _, data = tiny
    family = data["family"]
    assert family["comparisons"] == 14 and family["tested"] == 4
    assert family["interval_level"] == 1 - 0.05 / 14
    assert family["z"] == NormalDist().inv_cdf(1 - 0.05 / 28)
    assert len(data["rule_sets"][0]["figures"]) == 14


def recompute(games, wins, players, rounds) -> dict:
    """Every figure straight from the per-game data, written apart from instrument/balance.py."""
    n = len(games)
    won = [g for g in games if g.winner >= 0]
    out = {f"seat {s + 1}": sum(g.winner == s for g in games) / n for s in range(players)}
    out["balanced>random"] = sum(wins) / len(wins)
    out["rounds"] = sum(g.rounds for g in games) / n
    for r in rounds:
        out[f"running after {r}"] = sum(g.rounds > r for g in games) / n
        out[f"eliminated by {r}"] = sum(g.out[min(r, len(g.out)) - 1] for g in games) / n
    changes = 0
    for g in games:
        alone = [m.bit_length() - 1 for m in g.leaders if bin(m).count("1") == 1]
        changes += sum(a != c for a, c in zip(alone, alone[1:]))
    out["lead changes"] = changes / n
    decided = comebacks = 0.0
    for g in won:
        d = g.rounds + 1
        while d > 1 and g.leaders[d - 2] == 1 << g.winner:
            d -= 1
        decided += (d - 1) / g.rounds if d <= g.rounds else 1.0
        comebacks += g.rounds >= 2 and not g.leaders[g.rounds // 2 - 1] & 1 << g.winner
    out["decided at"] = decided / len(won)
    out["comebacks"] = comebacks / len(won)
    return out


def test_every_figure_recomputed_from_the_games(tiny):
    plan, shapes, skills, data = tiny
    wins = [int(p.winner == "balanced") for p in skills[0][0]]
    expected = recompute(shapes[0], wins, 3, ROUNDS)
    got = {k: r["estimate"] for k, r in by_key(data).items()}
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == pytest.approx(value, abs=1e-12), key


def test_intervals_and_holm_from_the_rows(tiny):
    """Shares: Wilson's interval at the family's z; means: estimate ± z·se; Holm over all m rows."""
    _, shapes, _, data = tiny
    f = by_key(data)
    z = data["family"]["z"]
    n = 6
    for s, k in ((1, 4), (2, 1)):
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        assert f[f"seat {s}"]["low"] == pytest.approx(centre - half, abs=1e-12)
        assert f[f"seat {s}"]["high"] == pytest.approx(centre + half, abs=1e-12)
    lengths = [g.rounds for g in shapes[0]]
    mean = sum(lengths) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1)) / math.sqrt(n)
    assert f["rounds"]["high"] == pytest.approx(mean + z * se, abs=1e-12)
    ps = sorted(r["p"] for r in data["rule_sets"][0]["figures"] if r["p"] is not None)
    assert f["balanced>random"]["p_adjusted"] == pytest.approx(14 * ps[0], abs=1e-12)  # the smallest: m·p


def test_a_pair_of_rule_sets_is_one_family_of_three_tables():
    """Two rule sets: each one's figures and the differences, 3 × 12 rows, B − A paired game by game."""
    job = Job("classic", None, 3, "balanced", max_turns=300)
    plan = b.Plan((job, job), (), 4, 3, (10,), 1)
    shapes, skills = b.play(plan, 1)
    data = b.measure(plan, shapes, skills)
    assert data["family"]["comparisons"] == 3 * 9 and data["skill_games"] == 0
    assert all(d["estimate"] == 0.0 and d["se"] == 0.0 and not d["significant"] for d in data["differences"])
    assert data["largest_gap_difference"]["estimate"] == 0.0


def test_an_a_a_pair_plays_seeds_of_its_own():
    job = Job("classic", None, 3, "balanced", max_turns=300)
    plan = b.Plan((job, job), (), 3, 3, (10,), 1, independent=True)
    assert plan.seed_of(0) == 1 and plan.seed_of(1) == game_seed(1, -2)
    shapes, _ = b.play(plan, 1)
    assert [g.seed for g in shapes[0]] != [g.seed for g in shapes[1]]


def shape(winner: int, leaders: tuple[int, ...]) -> b.Shape:
    return b.Shape(0, 0, winner, "domination", len(leaders), leaders, (0,) * len(leaders))


@pytest.mark.parametrize("leaders, changes, decided, back", [
    ((1, 1, 1, 1), 0, 0.0, False),      # seat 1 (bit 1), the winner, led throughout
    ((2, 2, 1, 1), 1, 0.5, True),       # took the lead at round 3 of 4; behind at half time (round 2)
    ((2, 3, 1, 1), 1, 0.5, False),      # tied for the lead at half time (3: seats 1 and 2): not behind
    ((1, 2, 3, 2), 1, 1.0, True),       # won (by a mission) while not leading at the end: 1.0
    ((1, 3, 2, 3, 1), 2, 0.8, False),   # ties passed over: seat 1, seat 2, seat 1 is two changes
])
def test_the_leader_measures_edges(leaders, changes, decided, back):
    g = shape(0, leaders)
    assert b.lead_changes(g) == changes
    assert b.decided_at(g) == decided
    assert b.comeback(g) is back


def test_a_game_of_one_round_has_no_half_time():
    assert not b.comeback(shape(0, (2,)))


def test_eliminations_after_the_end_stay_as_at_the_end():
    g = b.Shape(0, 0, 0, "domination", 3, (1, 1, 1), (0, 1, 2))
    assert [b.out_by(g, r) for r in (1, 2, 3, 10)] == [0, 1, 2, 2]


def test_a_watch_changes_nothing_in_the_game():
    """The same game with and without a Watch: every event the same, and the same result as simulate's."""
    job = Job("classic", None, 3, "balanced", max_turns=300)
    rules = job.rules()
    seed = game_seed(1, 0)

    def events(watched: bool) -> list[dict]:
        heard: list[dict] = []
        game = Game(rules, [make_bot("balanced") for _ in range(3)], seed, max_turns=300, listeners=[heard.append])
        if watched:
            game.listeners.append(b.Watch(game))
        game.play()
        return heard

    assert events(True) == events(False)
    record = play_game(job, 0, 1)
    watched = b.play_shape(job, 0, 1)
    assert (watched.winner, watched.reason, watched.seed) == (record.winner, record.reason, record.seed)


def test_the_same_figures_whatever_the_workers():
    job = Job("classic", None, 3, "balanced", max_turns=300)
    assert b.run_shapes(job, 4, 3, workers=2) == b.run_shapes(job, 4, 3, workers=1)


@pytest.mark.parametrize("text, message", [
    ("3,2", "rounds '3,2': give 1 to 50 rising rounds from 1 up, such as 5,10,20"),
    ("0", "rounds '0': give 1 to 50 rising rounds from 1 up, such as 5,10,20"),
    ("a", "rounds 'a': give rounds separated by commas, such as 5,10,20"),
])
def test_bad_rounds(text, message):
    with pytest.raises(b.BalanceError) as err:
        b.check_rounds(text)
    assert str(err.value) == message and err.value.name == "rounds"


@pytest.mark.parametrize("text, message", [
    ("strong", "skill pairing 'strong': write STRONGER>WEAKER, such as strong-1>balanced (or 'none')"),
    ("random>random", "skill pairing 'random>random': name two different bots"),
    ("a>b,a>b", "skill pairing 'a>b' is given twice"),
])
def test_bad_skill(text, message):
    with pytest.raises(b.BalanceError) as err:
        b.check_skill(text)
    assert str(err.value) == message


def test_skill_defaults_and_none():
    assert b.check_skill(None) == (("strong-1", "balanced"), ("balanced", "random"))
    assert b.check_skill("none") == ()
    assert b.check_rounds(None) == (5, 10, 15, 20, 30, 40)


def test_dask_plays_the_shapes_chunks(monkeypatch):
    """--executor dask hands simulate's dask runner (tested in test_simulate) balance's chunks: the
    runner stood in for by one that plays them here (a local cluster takes seconds to start)."""
    handed = []

    def fake(job, chunks, seed, workers, address, progress, chunk_of):
        handed.append((chunk_of, address))
        return [g for chunk in chunks for g in chunk_of(job, list(chunk), seed)]

    monkeypatch.setattr(b, "_run_dask", fake)
    job = Job("classic", None, 3, "balanced", max_turns=300)
    assert b.run_shapes(job, 3, 5, executor="dask", address="tcp://x:1") == b.run_shapes(job, 3, 5)
    assert handed == [(b.play_shapes, "tcp://x:1")]


def test_differences_are_paired_game_by_game():
    """B − A of every figure is the difference of the two rule sets' figures; for a mean its
    standard error is the paired one, sd(b_i − a_i)/√n."""
    a = Job("classic", None, 3, "balanced", max_turns=300)
    bj = Job("classic", None, 3, "balanced", max_turns=300, sets=("battle { ties attacker }",))
    plan = b.Plan((a, bj), (), 5, 3, (10, 20), 1)
    shapes, skills = b.play(plan, 1)
    data = b.measure(plan, shapes, skills)
    rows_a, rows_b = (by_key(data, k) for k in (0, 1))
    for d in data["differences"]:
        assert d["estimate"] == pytest.approx(rows_b[d["key"]]["estimate"] - rows_a[d["key"]]["estimate"], abs=1e-12)
    pairs = [y.rounds - x.rounds for x, y in zip(*shapes)]
    mean = sum(pairs) / 5
    se = math.sqrt(sum((p - mean) ** 2 for p in pairs) / 4) / math.sqrt(5)
    rounds = next(d for d in data["differences"] if d["key"] == "rounds")
    assert rounds["se"] == pytest.approx(se, abs=1e-12)
    assert data["family"]["comparisons"] == 3 * (3 + 1 + 4 + 3)
