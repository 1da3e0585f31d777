"""Issue 49, what the corpus of real community maps (benchmarks/map_corpus.py) found, each rebuilt on a small map
written here: a Conquest neighbour that names no other territory (a stray character after a name, a territory
listed as its own neighbour) is left out with a note, as Conquest warns of it and plays the map."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.board import load_board

runner = CliRunner()

FIELDS = """\
[Map]
author=riskrules tests
image=fields.bmp
warn=yes

[Continents]
Upper Fields=2
Lower Fields=1

[Territories]
Barley Hill,100,50,Upper Fields,Oat Meadow,Rye Bank
Oat Meadow,200,60,Upper Fields,Barley Hill,Rye Bank
Rye Bank,150,140,Upper Fields,Barley Hill,Oat Meadow,Flax Pond
Flax Pond,160,240,Lower Fields,Rye Bank,Hemp Lane
Hemp Lane,260,250,Lower Fields,Flax Pond
"""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    load_board.cache_clear()
    return tmp_path


def imported(folder: Path, text: str) -> tuple[str, tuple]:
    (folder / "fields.map").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["board", "import", "fields.map"])
    assert result.exit_code == 0, result.output
    return result.output, load_board(folder / "fields.yaml", "fields.yaml").borders


BORDERS = (("barley_hill", "oat_meadow"), ("barley_hill", "rye_bank"), ("oat_meadow", "rye_bank"),
           ("rye_bank", "flax_pond"), ("flax_pond", "hemp_lane"))


def test_the_map_as_written_imports_with_its_borders(folder):
    output, borders = imported(folder, FIELDS)
    assert "note" not in output
    assert sorted(borders) == sorted(BORDERS)


def test_a_neighbour_with_a_stray_character_is_left_out_with_a_note_at_its_line(folder):
    text = FIELDS.replace("Rye Bank,150,140,Upper Fields,Barley Hill,Oat Meadow,Flax Pond",
                          "Rye Bank,150,140,Upper Fields,Barley Hill,Oat Meadow,Flax Pond_")
    output, borders = imported(folder, text)
    assert output.splitlines()[0] == ("risk: note: fields.map:13: 'Rye Bank' borders 'Flax Pond_', which is not "
                                      "another territory of the map: left out, as Conquest plays such a map after "
                                      "its warning")
    assert sorted(borders) == sorted(b for b in BORDERS if b != ("rye_bank", "flax_pond"))
    board = load_board(folder / "fields.yaml", "fields.yaml")
    assert board.one_way == (("flax_pond", "rye_bank"),)  # (Flax Pond still names Rye Bank: one way, as written)
    assert runner.invoke(app, ["check", "fields.risk"]).output == "fields.risk: ok\n"


def test_a_territory_named_as_its_own_neighbour_is_left_out_and_the_notes_counted(folder):
    text = FIELDS.replace("Hemp Lane,260,250,Lower Fields,Flax Pond", "Hemp Lane,260,250,Lower Fields,Flax Pond,Hemp Lane")
    text = text.replace("Barley Hill,100,50,Upper Fields,Oat Meadow,Rye Bank",
                        "Barley Hill,100,50,Upper Fields,Oat Meadow,Rye Bank,Nowhere")
    output, borders = imported(folder, text)
    assert output.splitlines()[0] == ("risk: note: fields.map:11: 'Barley Hill' borders 'Nowhere', which is not "
                                      "another territory of the map (and 1 more such neighbours): left out, as "
                                      "Conquest plays such a map after its warning")
    assert sorted(borders) == sorted(BORDERS)


def test_a_map_the_stray_neighbours_leave_in_parts_is_still_refused_at_its_line(folder):
    text = FIELDS.replace("Rye Bank,150,140,Upper Fields,Barley Hill,Oat Meadow,Flax Pond",
                          "Rye Bank,150,140,Upper Fields,Barley Hill,Oat Meadow,Flax Pondd")
    text = text.replace("Flax Pond,160,240,Lower Fields,Rye Bank,Hemp Lane", "Flax Pond,160,240,Lower Fields,Hemp Lane")
    (folder / "fields.map").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["board", "import", "fields.map"])
    assert result.exit_code == 1
    assert result.output == ("risk: fields.map:14:1: 'Flax Pond' (and 1 more) cannot be reached from 'Barley Hill': "
                             "the borders do not join the map into one\n")
