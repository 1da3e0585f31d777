"""`risk board import` of a Conquer Club XML map carries what the format says and the language holds
(issue 43): the small map's positions where the large are not given, killer neutrals and
bombardments set aside with a note, a continent of only some required components refused; a
territory's <bonus> (autodeploy, decay) and the map's objective written in the words of issue 43's
income and goal (tested here as text, word for word: they parse once those families are merged)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from riskrules.cli import app

runner = CliRunner()

NAMES = ["Frost Fell", "High Moor", "Grey Water", "Kings Holm", "Amber Coast", "Sun Fields", "Low Marsh", "Tide Water"]
XY = [(100, 60), (200, 70), (150, 140), (250, 150), (120, 300), (220, 310), (170, 380), (280, 390)]
EDGES = [(1, 2), (1, 3), (2, 3), (2, 4), (3, 4), (3, 5), (4, 6), (5, 6), (5, 7), (6, 7), (6, 8), (7, 8)]


def xml(extra: dict[int, str] | None = None, large: bool = True, tail: str = "", continent: str = "") -> str:
    """Two Lands as Conquer Club XML; `extra`: more elements inside territory k (1-based)."""
    extra = extra or {}
    out = ["<?xml version=\"1.0\"?>", "<map>", "<continents>"]
    for name, bonus, members in (("North Land", 3, NAMES[:4]), ("South Land", 2, NAMES[4:])):
        out.append(f"<continent><name>{name}</name><bonus>{bonus}</bonus>"
                   + (continent if name == "South Land" else "") + "<components>"
                   + "".join(f"<territory>{m}</territory>" for m in members) + "</components></continent>")
    out += ["</continents>", "<territories>"]
    for k, name in enumerate(NAMES, 1):
        borders = [NAMES[b - 1] for a, b in EDGES if a == k] + [NAMES[a - 1] for a, b in EDGES if b == k]
        x, y = XY[k - 1]
        where = (f"<smallx>{x}</smallx><smally>{y}</smally>"
                 + (f"<largex>{2 * x}</largex><largey>{2 * y}</largey>" if large else ""))
        out.append(f"<territory>\n<name>{name}</name><borders>" + "".join(f"<border>{b}</border>" for b in borders)
                   + f"</borders><coordinates>{where}</coordinates>{extra.get(k, '')}</territory>")
    out += ["</territories>", tail, "</map>"]
    return "\n".join(out) + "\n"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def imported(folder, text: str):
    (folder / "isles.xml").write_text(text, encoding="utf-8")
    return runner.invoke(app, ["board", "import", "isles.xml"])


def test_killer_neutrals_bombardments_and_small_positions_import_check_draw_and_play(folder):
    text = xml({8: "<neutral killer=\"yes\">4</neutral><bombardments><bombardment>Frost Fell</bombardment>"
                   "</bombardments>", 1: "<neutral>2</neutral>"}, large=False)
    result = imported(folder, text)
    assert (result.exit_code, result.output) == (0, (
        "risk: note: isles.xml: 1 killer neutrals (neutral again when conquered) start as plain neutrals: a "
        "neutral that takes a territory back is not played yet\n"
        "risk: note: isles.xml: the <bombardments> of 1 territories are set aside: riskrules has no attack on a "
        "territory that is not a neighbour\n"
        "isles: 8 territories in 2 continents, 12 borders.\n"
        "Written: isles.yaml and isles.risk. Play it: risk play isles.risk\n"))
    rule = (folder / "isles.risk").read_text(encoding="utf-8")
    assert "neutral {\n    territories named frost_fell 2, tide_water 4\n}\n" in rule
    assert "autodeploy" not in rule and "objective" not in rule
    assert "    tide_water: [280, 390]\n" in (folder / "isles.yaml").read_text(encoding="utf-8")  # (the small map's)
    assert runner.invoke(app, ["check", "isles.risk"]).output == "isles.risk: ok\n"
    drawn = runner.invoke(app, ["board", "show", "isles.risk", "--svg", "isles.svg"])
    assert drawn.exit_code == 0 and (folder / "isles.svg").read_text(encoding="utf-8").count("Tide Water") >= 1
    played = runner.invoke(app, ["play", "isles.risk", "--humans", "0", "--players", "3", "--seed", "1", "--quiet"])
    assert played.exit_code == 0 and played.output.startswith("winner: ")


def test_autodeploy_decay_and_the_objective_are_written_in_issue_43s_words(folder):
    objective = ("<objectives><objective><name>The Marsh Road</name><components><territory>Frost Fell</territory>"
                 "<continent>South Land</continent></components></objective><objective><name>Second</name>"
                 "<components><territory>High Moor</territory></components></objective></objectives>")
    result = imported(folder, xml({2: "<bonus>2</bonus>", 7: "<bonus>-1</bonus>", 3: "<bonus>0</bonus>",
                                   5: "<bonus>1</bonus>"}, tail=objective))
    assert result.exit_code == 0 and result.output.splitlines()[0] == (
        "risk: note: isles.xml: the first of its 2 objectives ('The Marsh Road') is written: a rule holds one "
        "objective")
    rule = (folder / "isles.risk").read_text(encoding="utf-8")
    assert ("reinforcements {\n"
            "    continents north_land 3, south_land 2\n"
            "    autodeploy high_moor 2, amber_coast 1\n"
            "    decay low_marsh 1\n"
            "}\n\n"
            "# the map's objective: whoever holds all of these wins\n"
            "victory domination or objective\n"
            "objective frost_fell, amber_coast, sun_fields, low_marsh, tide_water\n\n"
            "missions {\n") in rule
    assert rule.endswith("for 2 players {\n    victory opponents eliminated or objective\n    neutral {\n"
                         "        armies 4\n    }\n}\n")
    # … and what is written checks and plays (the words of issue 43's income and goal families)
    assert runner.invoke(app, ["check", "isles.risk"]).output == "isles.risk: ok\n"
    for players in ("2", "4"):
        played = runner.invoke(app, ["play", "isles.risk", "--humans", "0", "--players", players, "--seed", "1",
                                     "--quiet"])
        assert played.exit_code == 0 and played.output.startswith("winner: "), played.output


@pytest.mark.parametrize("extra, tail, continent, message", [
    ({}, "", "<required>2</required>", "isles.xml:5:1: the continent 'South Land' gives its bonus for only some of "
                                       "its components (<required>), which is not played: a bonus needs the whole "
                                       "continent"),
    ({6: "<bonus>many</bonus>"}, "", "", "isles.xml:19:1: the <bonus> of 'Sun Fields' (armies placed there each "
                                         "turn, or lost if negative) is not a whole number from -1000 to 1000"),
    ({6: "<bonus>1001</bonus>"}, "", "", "isles.xml:19:1: the <bonus> of 'Sun Fields' (armies placed there each "
                                         "turn, or lost if negative) is not a whole number from -1000 to 1000"),
    ({}, "<objectives><objective><name>Gold</name><components><territory>Atlantis</territory></components>"
         "</objective></objectives>", "", "isles.xml:25:1: 'Atlantis' in the objective 'Gold' is not a territory of "
                                          "the map"),
    ({}, "<objectives><objective><name>Gold</name><components></components></objective></objectives>", "",
     "isles.xml:25:1: the objective 'Gold' names no territory"),
])
def test_what_is_not_played_is_one_line_at_its_place(folder, extra, tail, continent, message):
    result = imported(folder, xml(extra, tail=tail, continent=continent))
    assert result.exit_code == 1 and result.output.splitlines()[0] == "risk: " + message
    assert not (folder / "isles.risk").exists()
