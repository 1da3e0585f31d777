"""risk tournament: seating, figures, ratings; plug-in bots (the docs' example plays a tournament)."""

from __future__ import annotations

import json
import math
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import check_bot, make_bot
from riskrules.engine.errors import GameError
from riskrules.engine.game import Game
from riskrules.instrument.tournament import Match, Played, games_for, lineup, rate, run, standings
from conftest import load

runner = CliRunner()
EXAMPLE = str(Path(__file__).parent.parent / "docs" / "example_bot.py") + ":CautiousBot"


def invoke(*args):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(*args) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 1, result.output
    return result.stderr.strip()


def test_the_last_bot_fills_the_seats():
    assert lineup(["strong", "balanced"], 4) == ("strong", "balanced", "balanced", "balanced")
    assert lineup(["a", "b", "c"], 3) == ("a", "b", "c")
    with pytest.raises(ValueError, match="^3 bots named for 2 seats$"):
        lineup(["a", "b", "c"], 2)
    assert games_for(10, 4) == 12 and games_for(8, 4) == 8


def test_every_bot_plays_every_seat_equally_often_on_common_seeds():
    match = Match("nl-modern", None, ("strong", "balanced", "balanced", "random"))
    seatings = [match.seating(i) for i in range(8)]
    for seat in range(4):
        assert sorted(s[seat] for s in seatings) == sorted(match.lineup * 2)
    assert seatings[0] == list(match.lineup) and seatings[1] == ["random", "strong", "balanced", "balanced"]


def test_plackett_luce_ratings_exact():
    # two bots, one seat each: 3 and 1 wins, plus half a win each: γ ratio 3.5 / 1.5
    played = [Played(i, w, ("a", "b"), "domination", 10) for i, w in enumerate("aaab")]
    r = rate(["a", "b"], played)
    assert round(r["a"] - r["b"], 6) == round(400 * math.log10(3.5 / 1.5), 6)
    assert round(r["a"] + r["b"], 6) == 3000.0
    # one seat against three: the lone bot wins 2 of 4 games (its half-win included: 2.5 against 2.5
    # shared by three seats, so each of those seats is a third as strong)
    played = [Played(i, w, ("a", "b", "b", "b"), "mission", 10) for i, w in enumerate("abab")]
    r = rate(["a", "b"], played)
    assert round(r["a"] - r["b"], 6) == round(400 * math.log10(3), 6)


def test_standings_and_seeded_reproducibility():
    match = Match("nl-modern", ("missions",), lineup(["balanced", "random"], 3), max_turns=300)
    played = run(match, 6, seed=4)
    assert run(match, 6, seed=4, workers=2) == played
    s = standings(match, played, seed=4)
    balanced, rnd = s["bots"]
    assert (balanced["bot"], balanced["seats"], rnd["seats"]) == ("balanced", 1, 2)
    assert balanced["games"] == rnd["games"] == 6
    assert balanced["wins"] + rnd["wins"] + s["reasons"].get("turn_limit", 0) == 6
    assert balanced["win_share"] == balanced["wins"] / 6 and rnd["win_share"] == rnd["wins"] / 12
    assert balanced["low"] <= balanced["win_share"] <= balanced["high"]
    assert balanced["rating_low"] <= balanced["rating"] <= balanced["rating_high"]


def test_the_docs_example_bot_plays_a_tournament():
    out = json.loads(invoke("tournament", "nl-modern", "--players", "3", "--bots", f"{EXAMPLE},balanced",
                            "--games", "3", "--max-turns", "200", "--workers", "1", "--seed", "2", "--json"))
    assert out["lineup"] == [EXAMPLE, "balanced", "balanced"]
    assert [b["bot"] for b in out["bots"]] == [EXAMPLE, "balanced"]
    assert all(set(b) >= {"bot", "games", "wins", "win_share", "low", "high", "rating"} for b in out["bots"])
    assert out["games"] == 3 and out["even_share"] == 1 / 3
    text = invoke("tournament", "nl-modern", "--players", "3", "--bots", f"{EXAMPLE},balanced",
                  "--games", "3", "--max-turns", "200", "--workers", "1", "--seed", "2", "--lang", "en")
    assert "3 games, seats rotated on common seeds, seed 2" in text
    assert "An even share is 33.3%: wins per seat a bot holds." in text


def test_tournament_refusals():
    assert refused("tournament", "nl-modern", "--players", "2", "--bots", "random,balanced,strong") == \
        "risk: 3 bots named for 2 seats"
    assert refused("tournament", "nl-modern", "--bots", "clever") == \
        "risk: unknown bot 'clever'; bots: random, balanced, strong, aggressive, turtle, spreader, or module:Class"
    assert refused("tournament", "nl-modern", "--bots", "strong-0") == \
        "risk: unknown bot 'strong-0': strong-N takes 1 to 10000 playouts"
    assert refused("tournament", "nl-modern", "--bots", "balanced", "--games", "0") == \
        "risk: --games must be at least 1"


def test_plug_in_loading_errors_are_one_line():
    assert check_bot("no_such_module_here:Bot") == \
        "cannot load bot 'no_such_module_here:Bot': ModuleNotFoundError: No module named 'no_such_module_here'"
    assert check_bot(EXAMPLE.replace("CautiousBot", "Nobody")).endswith("example_bot.py has no Nobody")
    assert check_bot("json:dumps") == "cannot load bot 'json:dumps': not an agent class (one with a decide method)"
    assert check_bot("missing/bot.py:Bot") == "cannot load bot 'missing/bot.py:Bot': no file missing/bot.py"


def test_an_entry_point_names_a_plug_in(monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parent.parent / "docs"))
    point = EntryPoint(name="cautious", value="example_bot:CautiousBot", group="riskrules.bots")
    monkeypatch.setattr("importlib.metadata.entry_points", lambda group=None: [point] if group == "riskrules.bots" else [])
    bot = make_bot("cautious")  # played as a guest (engine/agents/guest.py)
    assert bot.kind == "cautious" and type(bot.bot).__name__ == "CautiousBot"


@pytest.mark.parametrize("answer, kinds, refusal", [
    ("float(first)", "'claim'", r"answered \d+\.0 to claim: not a free territory"),
    ("first == first", "'claim'", "answered True to claim: not a free territory"),
    ("(float(first), 1)", "'place'", r"answered \(\d+\.0, 1\) to place: expected a territory and a number of armies"),
    ("tuple(float(x) for x in first)", "'dice'", r"answered \(\d\.0, \d\.0\) to dice: not an allowed number"),
])
def test_an_answer_equal_to_an_option_but_not_an_int_is_refused(tmp_path, answer, kinds, refusal):
    # 3.0 == 3 and True == 1: the check took them, and the engine then failed on a float index
    # or wrote 4.0 into the log, which no longer replayed (found by the fuzz campaign's plugins kind)
    path = tmp_path / "floaty.py"
    path.write_text("from riskrules.engine.agents import Agent, make_bot\n"
                    "class Floaty(Agent):\n"
                    "    kind = 'floaty'\n"
                    "    def __init__(self):\n"
                    "        self.inner = make_bot('balanced')\n"
                    "    def start(self, view, seat, rng):\n"
                    "        super().start(view, seat, rng)\n"
                    "        self.inner.start(view, seat, rng)\n"
                    "    def decide(self, d):\n"
                    "        first = d.options[0] if d.options else None\n"
                    f"        if d.kind in ({kinds},) and first is not None:\n"
                    f"            return {answer}\n"
                    "        return self.inner.decide(d)\n", encoding="utf-8")
    rules = load("cs-riziko", None, 3)  # territories drafted: every kind above is asked
    game = Game(rules, [make_bot(f"{path}:Floaty") for _ in range(3)], 1)
    with pytest.raises(GameError, match=r"^\w+ \(floaty\) " + refusal):
        game.play()


def test_the_engine_checks_a_plug_ins_answers(tmp_path):
    path = tmp_path / "cheat.py"
    path.write_text("from riskrules.engine.agents import Agent\n"
                    "class Cheat(Agent):\n"
                    "    kind = 'cheat'\n"
                    "    def decide(self, d):\n"
                    "        return (d.options[0], d.most + 5) if d.kind == 'place' else d.options[0]\n",
                    encoding="utf-8")
    rules = load("nl-modern", None, 3)
    game = Game(rules, [make_bot(f"{path}:Cheat")] + [make_bot("balanced") for _ in range(2)], 1)
    with pytest.raises(GameError, match=r"^red \(cheat\) answered \(\d+, \d+\) to place: place between 1 and \d+ armies$"):
        game.play()
