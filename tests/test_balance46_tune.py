"""`risk tune` (instrument/tune.py): the successive halving on made-up games (exact), the targets'
intervals, the house rule written, a tiny real search end to end, refusals word for word."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.instrument import tune as tn
from riskrules.instrument.balance import Shape
from riskrules.instrument.simulate import Job

runner = CliRunner()


def made_up(lengths: dict[int, int]):
    """A runner whose candidate k (its --set text 'k') plays games of lengths[k] rounds, won by seat 0."""
    calls = []

    def run(job: Job, games: int, seed: int, first: int) -> list[Shape]:
        k = int(job.sets[0])
        calls.append((k, games, first))
        return [Shape(first + i, seed, 0, "domination", lengths[k], (1,), (0,)) for i in range(games)]

    return run, calls


def jobs(k: int) -> list[Job]:
    return [Job("classic", None, 3, sets=(str(i),)) for i in range(k)]


def test_halving_spends_where_the_answer_can_change():
    """Five candidates, budget 300: three rungs; 20 games each, then 50 for the best three, then 50 for two."""
    run, calls = made_up({0: 30, 1: 18, 2: 16, 3: 25, 4: 10})
    found = tn.halving(jobs(5), tn.parse_target("rounds=15..18"), 300, 7, run)
    assert found["chosen"] == 2  # 16 rounds: 0.5 from the middle, 16.5
    assert calls == [(0, 20, 0), (1, 20, 0), (2, 20, 0), (3, 20, 0), (4, 20, 0),
                     (2, 33, 20), (1, 33, 20), (4, 33, 20), (2, 50, 53), (1, 50, 53)]
    assert [[c["candidate"] for c in rung] for rung in found["rungs"]] == [[2, 1, 4, 3, 0], [2, 1, 4], [2, 1]]
    assert found["games"] == {0: 20, 1: 103, 2: 103, 3: 20, 4: 53} and found["spent"] == 299


def test_seat_scores_and_intervals():
    games = [Shape(i, 0, i % 3, "domination", 10, (1,), (0,)) for i in range(300)]
    target = tn.parse_target("seats=10pp")
    assert tn.score(target, games, 3) == pytest.approx(0.0, abs=1e-12)
    rows = tn.intervals(target, [games, games], 3)
    assert [r["row"] for r in rows] == ["seat 1", "seat 2", "seat 3"] * 2 and all(r["inside"] for r in rows)
    assert not any(r["inside"] for r in tn.intervals(tn.parse_target("seats=3pp"), [games], 3))
    assert tn.out_of_reach(target, games, 3) is None
    lopsided = [Shape(i, 0, 0, "domination", 10, (1,), (0,)) for i in range(100)]
    far = tn.out_of_reach(target, lopsided, 3)
    assert far["row"] == "seat 1" and far["estimate"] == 1.0


def test_a_band_the_games_cannot_confirm():
    half, needed = tn.games_needed(tn.parse_target("seats=0.5pp"), 3, 1000)
    assert round(100 * half, 2) == 3.92 and needed == 68058
    assert tn.games_needed(tn.parse_target("seats=5pp"), 3, 1000) is None
    assert tn.games_needed(tn.parse_target("rounds=1..2"), 3, 10) is None


def test_candidates_and_fill():
    over = tn.parse_over(["a=1..3", "b=x,y"])
    assert over == {"a": ["1", "2", "3"], "b": ["x", "y"]}
    found = tn.candidates("r {a} {b} {a}", over)
    assert len(found) == 6 and found[1] == {"a": "1", "b": "y"}
    assert tn.fill("r {a} {b} {a}", found[1]) == "r 1 y 1"


def test_the_house_rule():
    text = tn.house_rule(tn.rulebook_id("My Tuned_Rule"), "classic", "battle { ties attacker }", ["made here"])
    assert text == "# made here\nrulebook my-tuned-rule\nextends classic\n\nbattle { ties attacker }\n"
    assert tn.rulebook_id("2x") == "tuned-2x"


@pytest.mark.parametrize("call, message", [
    (lambda: tn.parse_target("seats=60pp"), "target 'seats=60pp': a band between 0 and 50 pp, such as seats=1.5pp"),
    (lambda: tn.parse_target("rounds=9..3"),
     "target 'rounds=9..3': give rounds LOW..HIGH with LOW < HIGH, such as rounds=15..18"),
    (lambda: tn.parse_over(["ab=1..3"]),
     "over 'ab=1..3': NAME=LOW..HIGH or NAME=V1,V2,… with a one-letter name, such as a=0..6"),
    (lambda: tn.parse_over(["a=3..3"]), "over 'a=3..3': LOW..HIGH with LOW < HIGH"),
    (lambda: tn.parse_over(["a=1,1"]), "over 'a=1,1': values separated by commas, each once, such as a=1,3,5"),
    (lambda: tn.parse_over(["a=1,2", "a=3,4"]), "over: 'a' is given twice"),
    (lambda: tn.candidates("x {a}", {"a": ["1", "2"], "b": ["1", "2"]}), "over: 'b' is not a placeholder of --vary"),
    (lambda: tn.candidates("x {a}", {"a": [str(i) for i in range(300)]}), "over: 300 combinations; at most 256"),
])
def test_refusals_of_the_library(call, message):
    with pytest.raises(tn.TuneError) as err:
        call()
    assert str(err.value) == message


VARY = "reinforcements { territories max({a}, territories // 3) }"


def test_a_tiny_search_end_to_end(tmp_path, monkeypatch):
    monkeypatch.setattr(tn, "MIN_GAMES", 5)  # (the command's least is 20 a rung: too many for a test)
    out = tmp_path / "tuned.risk"
    result = runner.invoke(app, ["tune", "classic", "--vary", VARY, "--over", "a=1,3", "--target", "rounds=5..80",
                                 "--budget", "10", "--confirm-games", "4", "--max-turns", "90", "--workers", "1",
                                 "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["candidates"] == ["a=1", "a=3"] and data["search_games"] == 10 and data["total_games"] == 18
    assert data["confirmation"]["seeds"] == [2, 3] and data["confirmation"]["confirmed"]
    assert data["rule"] == f"reinforcements {{ territories max({data['chosen'][2:]}, territories // 3) }}"
    text = out.read_text()
    assert "rulebook tuned\nextends classic\n\nreinforcements { territories max(" in text
    assert "# Confirmation at seeds 2 and 3, 4 games each: confirmed." in text
    check = runner.invoke(app, ["check", str(out)])
    assert check.exit_code == 0, check.output


@pytest.mark.parametrize("args, message", [
    (["--vary", "battle { ties defender } # {a}", "--over", "a=1,2", "--target", "seats=3pp", "--confirm-games",
      "5000"], "risk: --vary reaches no rule: every value of --over plays the same rules as the others"),
    (["--vary", "battle { ties defender }", "--over", "a=1,2", "--target", "seats=3pp"],
     "risk: --vary 'battle { ties defender }': put a placeholder such as {a} where a value goes"),
    (["--vary", "battle { ties {a} }", "--over", "a=1,2", "--target", "seats=0.5pp"],
     "risk: --target seats=0.5pp is narrower than --confirm-games 1000 can confirm: its intervals are at least "
     "±3.9 pp wide (about 68,058 games a seed would do)"),
    (["--vary", "battle { ties {a} }", "--over", "b=1,2", "--target", "seats=3pp"],
     "risk: --over: no values for {a} (give --over a=…)"),
    (["--vary", "battle { ties {a} }", "--over", "a=1,2", "--target", "foo"],
     "risk: --target 'foo': seats=BAND (such as seats=1.5pp), rounds=LOW..HIGH (such as rounds=15..18) or "
     "skill=STRONGER>WEAKER:GAP (such as skill=strong-1>balanced:10pp)"),
    (["--vary", "battle { ties {a} }", "--over", "a=1,2", "--target", "seats=3pp", "--out", "x.txt"],
     "risk: x.txt: a house rule is written as .risk"),
    (["--over", "a=1,2"], "risk: tune needs --vary, --over and --target, e.g. --vary \"reinforcements { continents "
                          "asia {a} }\" --over a=4..9 --target seats=3pp"),
])
def test_refusals(args, message):
    result = runner.invoke(app, ["tune", "classic", *args])
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == message


def test_a_target_no_value_meets_is_said_so(monkeypatch):
    monkeypatch.setattr(tn, "MIN_GAMES", 5)
    result = runner.invoke(app, ["tune", "classic", "--vary", VARY, "--over", "a=1,3", "--target", "rounds=1..2",
                                 "--budget", "10", "--confirm-games", "4", "--max-turns", "90", "--workers", "1"])
    assert result.exit_code == 1
    line = result.stderr.strip().splitlines()[-1]
    assert line.startswith("risk: no value of --over meets --target rounds=1..2: the closest, a=")
    assert line.endswith("simultaneous 95%) after 10 games")


def tiny_tune(*extra: str):
    return runner.invoke(app, ["tune", "classic", "--vary", VARY, "--over", "a=1,3", "--target", "rounds=5..80",
                               "--budget", "10", "--confirm-games", "4", "--max-turns", "90", "--workers", "1",
                               "--json", *extra])


def test_a_stopped_search_resumes_from_its_state(tmp_path, monkeypatch):
    """A state cut short (as if the search had been stopped) is taken up: the same result, only the rest played."""
    monkeypatch.setattr(tn, "MIN_GAMES", 5)
    state = tmp_path / "search.json"
    first = tiny_tune("--state", str(state))
    assert first.exit_code == 0, first.output
    assert "--state " + str(state) + ": 0 games taken from it" in first.stderr
    kept = json.loads(state.read_text())
    assert kept["format"] == "riskrules-tune-state 1" and sum(len(g) for g in kept["games"].values()) == 18
    for key in kept["games"]:  # keep the first 3 games of each batch of rules and seed: a search stopped early
        kept["games"][key] = kept["games"][key][:3]
    state.write_text(json.dumps(kept))
    again = tiny_tune("--state", str(state))
    assert again.exit_code == 0, again.output
    assert "--state " + str(state) + ": 12 games taken from it" in again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)


def test_a_state_of_another_search_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(tn, "MIN_GAMES", 5)
    state = tmp_path / "search.json"
    assert tiny_tune("--state", str(state)).exit_code == 0
    other = runner.invoke(app, ["tune", "classic", "--vary", VARY, "--over", "a=1,4", "--target", "rounds=5..80",
                                "--budget", "10", "--confirm-games", "4", "--state", str(state)])
    assert other.exit_code == 1
    assert other.stderr.strip() == (f"risk: --state {state}: made by another search (other rules, values, target, "
                                    "budget, seed or bots): give a new file, or the search's own options")
    state.write_text("{}")
    assert tiny_tune("--state", str(state)).stderr.strip() == \
        f"risk: --state {state}: not a state file of `risk tune`"
    state.write_text("{")
    assert tiny_tune("--state", str(state)).stderr.strip() == \
        f"risk: --state {state}: not a state file of `risk tune` (unreadable)"


def test_a_state_whose_games_do_not_match_their_seeds_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(tn, "MIN_GAMES", 5)
    state = tmp_path / "search.json"
    assert tiny_tune("--state", str(state)).exit_code == 0
    kept = json.loads(state.read_text())
    key = next(iter(kept["games"]))
    kept["games"][key][0][1] += 1  # the first game's seed
    state.write_text(json.dumps(kept))
    result = tiny_tune("--state", str(state))
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1] == \
        f"risk: --state {state}: its games do not match their seeds (a damaged file)"


def test_a_skill_target():
    target = tn.parse_target("skill=strong-1>balanced:10pp")
    assert (target.kind, target.band, target.pairing) == ("skill", 0.1, ("strong-1", "balanced"))
    assert target.text() == "one strong-1 among balanced bots winning at least 10 pp above the even share"
    lone = [Shape(i, 0, 0 if i % 2 else 1, "domination", 0, (), ()) for i in range(60)]  # the lone bot wins half
    assert tn.score(target, lone, 3) == -0.5
    rows = tn.intervals(target, [lone], 3)
    assert rows[0]["row"] == "strong-1 wins" and rows[0]["estimate"] == 0.5 and not rows[0]["inside"]
    assert tn.out_of_reach(target, lone, 3) is None
    assert tn.out_of_reach(tn.parse_target("skill=strong-1>balanced:60pp"), lone, 3)["row"] == "strong-1 wins"
    with pytest.raises(tn.TuneError) as err:
        tn.parse_target("skill=random>random:5pp")
    assert str(err.value) == "target 'skill=random>random:5pp': name two different bots"


def test_a_skill_search_plays_whole_rotations(monkeypatch):
    monkeypatch.setattr(tn, "MIN_GAMES", 4)
    result = runner.invoke(app, ["tune", "classic", "--vary", VARY, "--over", "a=1,3", "--target",
                                 "skill=balanced>random:10pp", "--budget", "8", "--confirm-games", "4",
                                 "--max-turns", "90", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rungs"][0][0]["games"] == 6 and data["search_games"] == 12  # 4 rounded up to 2 rotations of 3
    assert data["confirmation"]["games"] == 6 and data["total_games"] == 24
    assert [r["row"] for r in data["confirmation"]["rows"]] == ["balanced wins"] * 2
