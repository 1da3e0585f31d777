"""The gallery of house rules (docs/house-rules.md, rulebooks/house/): each loads with no
problem, shows its sheet, differs from its parent, and plays to the end with balanced bots
and replays line for line. A light slice here (one game a rule); benchmarks/house_gallery.py plays 20 seeds of
each at every player count."""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.engine.log import LogWriter
from riskrules.engine.replay import replay
from riskrules.language.loader import builtin_ids, house_ids, open_rulebook

GALLERY = house_ids()
runner = CliRunner()


def test_at_least_twelve_and_apart_from_the_editions():
    assert len(GALLERY) >= 12
    assert not set(GALLERY) & set(builtin_ids())
    listing = runner.invoke(app, ["editions", "--lang", "en"])
    assert listing.exit_code == 0
    editions, _, house = listing.stdout.partition("House rules (rulebooks/house/)")
    assert "no-first-round-attacks" in house and "no-first-round-attacks" not in editions
    assert all(f"{h:<24}" in house for h in GALLERY)


@pytest.mark.parametrize("house", GALLERY)
def test_loads_shows_and_diffs_against_its_parent(house):
    book = open_rulebook(house)
    assert book.check() == []
    parent = book.parents[0]
    sheet = runner.invoke(app, ["rules", house, "--lang", "en"])
    assert sheet.exit_code == 0 and book.title in sheet.stdout
    diff = runner.invoke(app, ["diff", parent, house, "--json", "--lang", "en"])
    assert diff.exit_code == 0
    assert json.loads(diff.stdout) != []


@pytest.mark.parametrize("house", GALLERY)
def test_plays_to_the_end_and_replays(tmp_path, house):
    """One game a house rule (the gallery grows: 58 rules with issue 43), at its fewest players, its
    most, or one past the middle, in turn along house_ids' order so the gallery meets all three;
    benchmarks/house_gallery.py plays 20 seeds at every player count."""
    book = open_rulebook(house)
    general = book.rules()
    low, high = general.min_players, general.max_players
    seed, players = ((1, low), (2, high), (3, (low + high) // 2 + 1))[GALLERY.index(house) % 3]
    players = min(players, high)
    out = io.StringIO()
    rules = book.rules(None, players)
    game = Game(rules, [make_bot("balanced") for _ in range(players)], seed, listeners=[LogWriter(out)],
                edition=house)
    result = game.play()
    assert result.reason != "turn_limit", (seed, players)
    path = tmp_path / f"{seed}.jsonl"
    path.write_text(out.getvalue(), encoding="utf-8")
    report = replay(path)
    assert report.ok and report.result.winner == result.winner, (seed, players)


def test_the_issues_two_house_rules_show_their_numbers():
    sheet = runner.invoke(app, ["rules", "asia-by-players", "--players", "5", "--lang", "en"])
    assert "Asia 5," in sheet.stdout
    sheet = runner.invoke(app, ["rules", "no-first-round-attacks", "--lang", "en"])
    assert "attack only when round > 1" in sheet.stdout
