"""docs/rule-language.md cannot drift from the grammar: its examples are loaded here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.expr import QUANTITIES
from riskrules.language.loader import open_rulebook
from riskrules.resources import grammar_path

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "rule-language.md"
pytestmark = pytest.mark.skipif(not GUIDE.exists(), reason="the guide ships in the sdist, not in the wheel")


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


def test_worked_house_rule(write):
    example = next(b for b in blocks("risk") if b.startswith("# house.risk"))
    path = write("house.risk", example)
    rules = open_rulebook(path).rules()
    assert rules.fortify.connected and rules.cards.escalating == (4, 6, 8, 10, 12, 15)
    assert rules.continent_bonus[rules.board.continent_index["europe"]] == 3  # from nl-1990

    runner = CliRunner()
    sheet = runner.invoke(app, ["rules", str(path), "--lang", "en"])
    assert sheet.exit_code == 0
    assert "escalating: 4, 6, 8, 10, 12, 15, then +5 each" in sheet.stdout
    diff = runner.invoke(app, ["diff", "nl-1990", str(path), "--json", "--lang", "en"])
    assert [r["rule"] for r in __import__("json").loads(diff.stdout)] == ["Sets", "Trades counted", "Fortify"]


@pytest.mark.parametrize("block", [b for b in blocks("risk") if not b.startswith("# house.risk")])
def test_every_fragment_loads(write, block):
    """Each fragment, dropped into a house rule of classic, loads with no problem."""
    beside = re.match(r"# [\w-]+\.risk, beside ([\w-]+\.yaml)\n", block)
    if beside:  # a whole rule file on a board of docs/examples/, copied beside it
        write(beside[1], (GUIDE.parent / "examples" / beside[1]).read_text(encoding="utf-8"))
        text = block
    elif block.lstrip().startswith("# A comment"):
        text = block
    else:
        text = "rulebook fragment\nextends classic\n" + block
    path = write("fragment.risk", text)
    book = open_rulebook(path)
    assert book.check() == []


def test_every_keyword_is_documented():
    guide = GUIDE.read_text(encoding="utf-8")
    words = set(re.findall(r'"([a-z]+)"', grammar_path().read_text(encoding="utf-8")))
    missing = sorted(w for w in words if not re.search(rf"\b{w}\b", guide))
    assert missing == []


def test_every_expression_name_is_documented():
    guide = GUIDE.read_text(encoding="utf-8")
    for name in QUANTITIES:
        assert f"| `{name}` |" in guide


def test_every_board_fragment_is_in_its_example():
    """The guide's board fragments that name an example board say what that board holds."""
    walls = [b for b in blocks("yaml") if b.startswith("id: classic_walls")]
    board = (GUIDE.parent / "examples" / "classic-walls.yaml").read_text(encoding="utf-8")
    assert len(walls) == 1
    for line in walls[0].strip().split("\n"):
        assert line.split("  #")[0].rstrip() in board
