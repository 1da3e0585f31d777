"""`risk tune`'s games known before the search (rung_plan), its state kept in pieces and compressed,
and benchmarks/compensation.py (the seat compensation of every edition) end to end at a tiny size."""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from riskrules.instrument import tune as tn
from riskrules.instrument.balance import Shape
from riskrules.instrument.simulate import Job, game_seed

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("compensation", ROOT / "benchmarks" / "compensation.py")
comp = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("compensation", comp)  # (its dataclass looks its module up)
_SPEC.loader.exec_module(comp)


def test_the_rungs_are_known_before_any_game():
    assert tn.rung_plan(5, 300) == [(5, 20), (3, 33), (2, 50)] and tn.planned_games(5, 300) == 299
    assert tn.rung_plan(20, 4000) == [(20, 40), (10, 80), (5, 160), (3, 266), (2, 400)]
    assert tn.planned_games(20, 4000) == 3998
    assert tn.rung_plan(2, 10, unit=3) == [(2, 21)]  # at least 20, in whole rotations of 3

    def run(job, games, seed, first):
        return [Shape(first + i, seed, 0, "domination", 10 + int(job.sets[0]), (1,), (0,)) for i in range(games)]

    jobs = [Job("classic", None, 3, sets=(str(k),)) for k in range(20)]
    assert tn.halving(jobs, tn.parse_target("rounds=5..80"), 4000, 1, run)["spent"] == 3998


def counted(calls: list, fail_at: int | None = None):
    """Made-up games with their true seeds; the call numbered `fail_at` raises (a search stopped)."""
    def run(job, games, seed, first):
        calls.append((games, first))
        if len(calls) == fail_at:
            raise KeyboardInterrupt
        return [Shape(first + i, game_seed(seed, first + i), 1, "domination", 9, (1,), (0,)) for i in range(games)]

    return run


def test_a_compressed_state_is_kept_in_pieces_and_taken_up(tmp_path, monkeypatch):
    monkeypatch.setattr(tn, "SAVE_EVERY", 3)
    path, job = tmp_path / "s.json.gz", Job("classic", None, 3, sets=("x",))
    calls: list = []
    with pytest.raises(KeyboardInterrupt):  # stopped in its third piece: the two before are kept
        tn.Store(path, {"p": 1}).runner(counted(calls, fail_at=3))(job, 8, 5, 0)
    assert calls == [(3, 0), (3, 3), (2, 6)]
    data = json.loads(gzip.decompress(path.read_bytes()))
    assert data["format"] == "riskrules-tune-state 1" and [g[0] for g in data["games"]["5|x"]] == [0, 1, 2, 3, 4, 5]
    again, calls = tn.Store(path, {"p": 1}), []
    games = again.runner(counted(calls))(job, 8, 5, 0)
    assert calls == [(2, 6)] and again.reused == 6 and again.count() == 8
    assert [g.index for g in games] == list(range(8))
    assert gzip.decompress(path.read_bytes()) == gzip.decompress(path.read_bytes())  # (mtime 0: same bytes)


def test_a_compressed_state_is_refused_in_one_line(tmp_path, monkeypatch):
    path = tmp_path / "s.json.gz"
    path.write_text("not gzip")
    with pytest.raises(tn.TuneError) as err:
        tn.Store(path, {})
    assert str(err.value) == f"state {path}: not a state file of `risk tune` (unreadable)"
    monkeypatch.setattr(tn, "MAX_STATE_BYTES", 2 ** 20)
    path.write_bytes(gzip.compress(b" " * (2 ** 20 + 1)))  # small on disk, too large unpacked
    with pytest.raises(tn.TuneError) as err:
        tn.Store(path, {})
    assert str(err.value) == f"state {path}: larger than 1 MB"


def test_the_compensation_runs_resumably_and_tabulates(tmp_path, monkeypatch, capsys):
    """Two configurations: the first run whole (a real `risk tune`, 2 candidates, games of 3 turns),
    the second stopped before it began; then one the search found out of reach."""
    where = tmp_path / "c"
    monkeypatch.setattr(comp, "DIR", where)
    monkeypatch.setattr(comp, "CONFIRM", 6)
    monkeypatch.setattr(comp, "TARGET", "seats=49pp")
    monkeypatch.setattr(comp, "PLAN", [comp.Config("classic", 3, ("a=0,2", "b=0"), 10, max_turns=3),
                                       comp.Config("classic", 4, ("a=0,1", "b=0", "c=0"), 10, max_turns=3)])
    first, second = comp.PLAN
    assert first.vary == "setup { extra starting armies by seat 0, {a}, {b} }"
    assert second.vary == "setup { extra starting armies by seat 0, {a}, {b}, {c} }"
    assert first.args() == ["tune", "classic", "--players", "3", "--vary", first.vary, "--over", "a=0,2", "--over",
                            "b=0", "--target", "seats=49pp", "--budget", "10", "--confirm-games", "6", "--seed", "1",
                            "--workers", "1", "--state", f"{where}/classic-3.state.json.gz", "--out",
                            f"{where}/classic-3.risk", "--json", "--max-turns", "3"]
    assert first.planned() == 52  # 2 candidates × 20 games (one rung), then 6 at each of two seeds
    monkeypatch.chdir(ROOT)
    assert comp.run([sys.executable, "cli.py"], ["classic-3"], None) == 0
    data = json.loads((where / "classic-3.json").read_text())
    assert data["search_games"] == 40 and data["total_games"] == 52 and data["confirmation"]["seeds"] == [2, 3]
    assert comp.state_games(where / "classic-3.state.json.gz") == 52
    assert "extends classic" in (where / "classic-3.risk").read_text()
    assert not (where / "classic-3.log").exists() and not (where / "classic-3.json.part").exists()
    assert comp.run([sys.executable, "-c", "raise SystemExit(3)"], ["classic-3"], None) == 0  # done: not run again
    rows = comp.table().splitlines()
    assert rows[2].startswith(f"| classic | 3 | `{data['rule']}` | 52 (40 + 12) | ")
    assert rows[2].endswith(" | yes |" if data["confirmation"]["confirmed"] else " | no |")
    assert rows[3] == "| classic | 4 | — | not started (at most 52 games) | — | — | not yet |"
    (where / "classic-4.txt").write_text("risk: no value of --over meets --target seats=49pp: the closest …\n")
    assert comp.table().splitlines()[3] == ("| classic | 4 | no value of --over meets --target seats=49pp: the "
                                            "closest … | — | — | — | no value meets the target |")
    (where / "classic-4.txt").unlink()
    row = {"run": 0, "row": "seat 1", "estimate": 0.4, "low": 0.37, "high": 0.43, "inside": False}
    (where / "classic-4.json").write_text(json.dumps({
        "rule": "setup { extra starting armies by seat 0, 1, 0, 0 }", "chosen": "a=1, b=0, c=0", "search_games": 40,
        "total_games": 1040,
        "confirmation": {"games": 6, "rows": [row, {**row, "row": "seat 2", "estimate": 0.2, "low": 0.18,
                                                    "high": 0.22}], "confirmed": False, "played": [1000],
                         "stopped": {"seed": 2, "games": 1000, **row}}}))
    assert comp.table().splitlines()[3] == (
        "| classic | 4 | `setup { extra starting armies by seat 0, 1, 0, 0 }` | 1,040 (40 + 1,000) | "
        "40.0 (37.0–43.0); 20.0 (18.0–22.0) | — | no (stopped at seed 2 after 1,000 games: seat 1 wholly outside "
        "the band) |")
    # not confirmed: its second round, the choice ±1 in each placeholder, searched at seed 11
    (again,) = [c for c in comp.second_rounds(comp.PLAN) if c.players == 4]
    assert again == comp.Config("classic", 4, ("a=0..2", "b=-1..1", "c=-1..1"), 10, 3, seed=11, round=2)
    assert again.id == "classic-4-r2" and again.args()[again.args().index("--seed") + 1] == "11"
    comp.PLAN.append(again)
    assert comp.table().splitlines()[4] == ("| classic (round 2: seeds 11; 12, 13) | 4 | — | not started (at most "
                                            "1,092 games) | — | — | not yet |")  # (27 candidates: 540 + 280 + 140 + 80 + 40, then 12)
    # its second round not confirmed either: a third, the second's choice ±1, searched at seed 21
    (where / "classic-4-r2.json").write_text(json.dumps({"chosen": "a=2, b=0, c=-1",
                                                         "confirmation": {"confirmed": False}}))
    (third,) = comp.third_rounds([again])
    assert third == comp.Config("classic", 4, ("a=1..3", "b=-1..1", "c=-2..0"), 10, 3, seed=21, round=3)
    assert third.id == "classic-4-r3" and third.args()[third.args().index("--seed") + 1] == "21"
    (where / "classic-4-r2.json").write_text(json.dumps({"chosen": "a=2, b=0, c=-1",
                                                         "confirmation": {"confirmed": True}}))
    assert comp.third_rounds([again]) == []


def test_the_confirmations_begun_at_30000_games_keep_them():
    early = [c for c in comp.PLAN if c.confirm == 30000]
    assert [c.id for c in early] == ["nl-1990-3", "sv-2000-3", "de-deluxe-3", "cs-riziko-3", "nl-1990-3-r2",
                                     "sv-2000-3-r2"]
    assert comp.CONFIRM == 60000 and {c.confirm for c in comp.PLAN} == {30000, 60000}


def test_a_run_out_of_time_is_stopped_and_leaves_no_report(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(comp, "DIR", tmp_path)
    monkeypatch.setattr(comp, "POLL", 0.05)
    monkeypatch.setattr(comp, "PLAN", [comp.Config("classic", 3, ("a=0,2", "b=0"), 10)])
    slow = [sys.executable, "-c", "import time; time.sleep(60)"]  # a search that would not end in time
    assert comp.run(slow, [], 0.002) == 0  # 0.12 s
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert capsys.readouterr().err.splitlines() == ["compensation: classic-3, 0 of about 120,040 games already played",
                                                    "compensation: stopped in classic-3; run again to resume"]


def test_a_confirmation_stops_once_a_row_is_wholly_outside(monkeypatch):
    monkeypatch.setattr(tn, "CONFIRM_STEP", 1000)
    job, target = Job("classic", None, 3, sets=("x",)), tn.parse_target("seats=10pp")
    for winner, seeds, stopped in ((lambda i: 0, (2, 3), True), (lambda i: i % 3, (2, 3), False),
                                   (lambda i: 0, (2,), False)):  # (the last piece of the last seed: nothing left)
        calls = []

        def run(job, games, seed, first):
            calls.append((seed, games, first))
            return [Shape(first + i, seed, winner(first + i), "domination", 9, (1,), (0,)) for i in range(games)]

        found = tn.confirm(job, target, 2500 if len(seeds) == 2 else 1000, seeds, run)
        if stopped:
            assert calls == [(2, 1000, 0)] and [len(r) for r in found["runs"]] == [1000]
            assert {k: found["stopped"][k] for k in ("seed", "games", "row", "estimate")} == \
                {"seed": 2, "games": 1000, "row": "seat 1", "estimate": 1.0}
        else:
            assert found["stopped"] is None
            assert calls == ([(2, 1000, 0), (2, 1000, 1000), (2, 500, 2000), (3, 1000, 0), (3, 1000, 1000),
                              (3, 500, 2000)] if len(seeds) == 2 else [(2, 1000, 0)])


def test_risk_tune_says_where_its_confirmation_stopped(tmp_path, monkeypatch):
    """The search finds nothing out of reach (one seed's level); the confirmation (both seeds') does at once."""
    from typer.testing import CliRunner

    from riskrules.cli import app

    monkeypatch.setattr(tn, "MIN_GAMES", 5)
    monkeypatch.setattr(tn, "CONFIRM_STEP", 2)
    row = {"row": "rounds", "estimate": 3.0, "low": 2.0, "high": 4.0}
    monkeypatch.setattr(tn, "out_of_reach", lambda target, games, players, family=1: row if family == 2 else None)
    out = tmp_path / "t.risk"
    args = ["tune", "classic", "--vary", "reinforcements { territories max({a}, territories // 3) }", "--over",
            "a=1,3", "--target", "rounds=5..80", "--budget", "10", "--confirm-games", "4", "--max-turns", "6",
            "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-3:-1] == [
        "NOT confirmed: at seed 2 after 2 games rounds's interval lies wholly outside the target: stopped there, the "
        "rest not played.", "Games: 12 (10 searching, 2 confirming)."]
    assert "# Confirmation at seeds 2 and 3, 4 games each: NOT confirmed (stopped at seed 2 after 2 games: rounds " \
           "wholly outside the target)." in out.read_text()
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)["confirmation"]
    assert data["played"] == [2] and data["stopped"] == {"seed": 2, "games": 2, **row}
    assert data["interval"] == "simultaneous 95% over 2 rows (Bonferroni)" and not data["confirmed"]
