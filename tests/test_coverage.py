"""The coverage table (docs/coverage.md, made by benchmarks/coverage.py from docs/rule-space.yaml and
the rule files' `# covers:` lines): the committed page is the one the script writes, and every rule
file it names checks and plays a short game with random and balanced to a result, and a few turns
with strong (strong-1: one playout a candidate, the same search; the default is slow)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

# benchmarks/coverage.py, by its path: the name `coverage` is also coverage.py's (pytest-cov)
_SPEC = importlib.util.spec_from_file_location("coverage_table",
                                               Path(__file__).resolve().parent.parent / "benchmarks" / "coverage.py")
table = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(table)

PAGE, FILES = table.generated()
SHORT = 150  # turns of the random-and-balanced game
STRONG_TURNS = 3  # turns of the game with strong in the first seat


def test_the_committed_page_is_the_generated_one():
    assert table.PAGE.read_text(encoding="utf-8") == PAGE
    assert table.main(["--check"]) == 0


def test_the_table_counts_every_item_once():
    listed = table.items()
    assert len(listed) == 116 and len({i["id"] for i in listed}) == 116
    assert "| listed | 116 |" in PAGE
    written = table.covers({i["id"] for i in listed})
    assert {i["id"] for i in listed if i["class"] == "EXPRESSIBLE"} <= set(written)
    assert [p.stem for p in written["wz25"]] == ["fog-complete", "fog-dense", "fog-heavy", "fog-light", "fog-normal"]
    assert "| wz08 | Base armies per turn (default 5) | [warzone-base-income](../rulebooks/house/warzone-base-" \
           "income.risk) |  | W/Settings; W/Deploy |" in PAGE


def test_a_covers_line_naming_no_item_is_one_line(tmp_path):
    (tmp_path / "x.risk").write_text("# covers: wz08 zz99\nrulebook x\n", encoding="utf-8")
    with pytest.raises(table.CoverageError) as err:
        table.covers({"wz08"}, [tmp_path / "x.risk"])
    assert str(err.value).endswith("x.risk: covers zz99, which is not an item of docs/rule-space.yaml")


def test_an_expressible_item_no_file_covers_is_refused():
    listed = [{"id": "wz08", "platform": "Warzone", "item": "Base armies", "source": "W/Settings",
               "class": "EXPRESSIBLE"}]
    with pytest.raises(table.CoverageError) as err:
        table.page(listed, {})
    assert str(err.value) == "wz08 was expressible when the list was made, and no gallery file covers it"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_file_named_checks_and_plays_with_every_bot(path):
    book = open_rulebook(path.stem)
    assert book.check() == []
    general = book.rules()
    players = min(max(4, general.min_players), general.max_players)
    rules = book.rules(None, players)
    kinds = ["random", "balanced"] * players
    result = Game(rules, [make_bot(k) for k in kinds[:players]], 1, max_turns=SHORT, edition=path.stem).play()
    assert result.turns <= SHORT and result.players == list(rules.colours[:players])
    assert result.reason == "turn_limit" or result.winner is not None or result.reason == "draw", result
    strong = Game(rules, [make_bot("strong-1")] + [make_bot("random") for _ in range(players - 1)], 2,
                  max_turns=STRONG_TURNS, edition=path.stem).play()
    assert strong.turns <= STRONG_TURNS


def test_a_stale_page_fails_the_check(tmp_path, monkeypatch, capsys):
    stale = tmp_path / "coverage.md"
    stale.write_text(PAGE.replace("| listed | 116 |", "| listed | 115 |"), encoding="utf-8")
    monkeypatch.setattr(table, "PAGE", stale)
    assert table.main(["--check"]) == 1
    assert capsys.readouterr().err == f"coverage: {stale} is stale: run python benchmarks/coverage.py\n"
