"""`risk board import` accepts only what plays (issue 42): each map here was accepted and written as files
`risk check` then refused; now each is written so that they check, draw and play, or refused in one line at
its place. The property test at the end: over generated maps of the three formats, what import accepts
checks, is drawn, and plays to a result with bots alone."""

from __future__ import annotations

import re
import tempfile
from contextlib import chdir
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.board import load_board
from riskrules.language.loader import open_rulebook
from riskrules.language.map_named import read_map
from riskrules.text.board_svg import board_svg, continent_bonuses
from riskrules.text.i18n import Text

runner = CliRunner()


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    load_board.cache_clear()  # (a board of the same path in another test is another board)
    return tmp_path


def imported(name: str, *options: str) -> tuple[int, str]:
    result = runner.invoke(app, ["board", "import", name, *options])
    return result.exit_code, result.output


def plays(rule: str, *sets: str) -> None:
    """`rule` checks, its board is drawn, and bots alone play it to a result with the fewest and the most players
    (with `sets`, e.g. --set "victory missions", for each count of players given after them)."""
    load_board.cache_clear()
    checked = runner.invoke(app, ["check", rule])
    assert (checked.exit_code, checked.output) == (0, f"{rule}: ok\n")
    drawn = runner.invoke(app, ["board", "show", rule, "--svg", "board.svg"])
    assert drawn.exit_code == 0 and Path("board.svg").read_text(encoding="utf-8").count("<svg") == 1
    book = open_rulebook(Path(rule))
    rules = book.rules(None)
    low, high = rules.model["players"]["min"], rules.model["players"]["max"]
    for players in sorted({low, high}):
        game = Game(book.rules(None, players), [make_bot("random") for _ in range(players)], 7, max_turns=40)
        assert game.play().reason in ("domination", "opponent_eliminated", "turn_limit")


def conquest(continents: str, territories: str) -> str:
    return f"[Map]\nauthor=tests\n\n[Continents]\n{continents}\n\n[Territories]\n{territories}\n"


RING = "a,10,10,A,b,c\nb,20,20,A,a,c\nc,30,30,A,a,b\n"


# ---- the reproducers ------------------------------------------------------------------------------------

def test_ids_yaml_reads_as_booleans_are_quoted(folder):
    (folder / "on.map").write_text(conquest("Yes=3\nNo=2", "On,10,10,Yes,Off,Null\nOff,20,20,Yes,On,Null\n"
                                                         "Null,30,30,No,On,Off\n"), encoding="utf-8")
    assert imported("on.map") == (0, "on: 3 territories in 2 continents, 3 borders.\n"
                                     "Written: on.yaml and on.risk. Play it: risk play on.risk\n")
    text = (folder / "on.yaml").read_text(encoding="utf-8")
    assert 'id: "on"\nname: "on"\nauthor: "tests"\nsource: "on.map (Conquest)"\ncontinents:\n  "yes": ["on", "off"]\n' \
           '  "no": ["null"]\n' in text
    assert load_board(folder / "on.yaml", "on.yaml").territories == ("on", "off", "null")
    plays("on.risk")


def test_names_that_meet_after_slugging_stay_apart(folder):
    """`a`, `a_2`, `a!` (`a!` was made `a_2` too: a continent holding it twice, a border with itself);
    names of 64 characters and more, given twice, stay within 64."""
    long = "x" * 70
    (folder / "twice.map").write_text(conquest("A=3", f"a,10,10,A,a_2,a!\na_2,20,20,A,a,a!\na!,30,30,A,a,a_2,{long}\n"
                                                      f"{long},40,40,A,a!,{long}y\n{long}y,50,50,A,{long}\n"),
                                      encoding="utf-8")
    assert imported("twice.map")[0] == 0
    board = load_board(folder / "twice.yaml", "twice.yaml")
    assert board.territories == ("a", "a_2", "a_3", "x" * 64, "x" * 62 + "_2")
    assert ("a_2", "a_3") in board.borders and len(board.borders) == 5
    plays("twice.risk")


def test_positions_are_plain_numbers_within_the_layout(folder):
    """999999 and 0.000001 were written `1e+06` and `1e-06` (YAML reads them as strings), and
    beyond the layout's bounds: now scaled alike into 100,000 less the margin, two decimals."""
    (folder / "far.map").write_text(conquest("A=3", "a,999999,0.000001,A,b,c\nb,500000,250000,A,a,c\n"
                                                    "c,0.5,999999.99,A,a,b\n"), encoding="utf-8")
    assert imported("far.map")[0] == 0
    text = (folder / "far.yaml").read_text(encoding="utf-8")
    assert text.endswith("layout:\n  size: [100000, 100000]\n  territories:\n    a: [99959.9, 0]\n"
                         "    b: [49980, 24990]\n    c: [0.04, 99960]\n")
    plays("far.risk")


def test_territories_at_one_point_are_drawn_from_their_borders(folder):
    (folder / "point.map").write_text(conquest("A=3", "a,0,0,A,b,c\nb,0,0,A,a,c\nc,0,0,A,a,b\n"), encoding="utf-8")
    assert imported("point.map") == (0, "risk: note: point.map: 'b' and 1 more at the position of another: the board "
                                        "is drawn from a layout computed from its borders\n"
                                        "point: 3 territories in 1 continent, 3 borders.\n"
                                        "Written: point.yaml and point.risk. Play it: risk play point.risk\n")
    assert "layout" not in (folder / "point.yaml").read_text(encoding="utf-8")
    plays("point.risk")


@pytest.mark.parametrize("name, text, message", [
    ("bonus.map", conquest("A=5000", RING), "bonus.map:5:1: a bonus of 5000: a continent gives at most 1000"),
    ("bonus_cc.xml", "<map>\n<continents>\n<continent><name>A</name><bonus>1001</bonus><components><territory>a"
                     "</territory></components></continent>\n</continents>\n<territories>\n"
                     + "".join(f"<territory><name>{t}</name><borders><border>{u}</border></borders><coordinates>"
                               f"<largex>{k}</largex><largey>{k}</largey></coordinates></territory>\n"
                               for k, (t, u) in enumerate([("a", "b"), ("b", "c"), ("c", "a")]))
                     + "</territories>\n</map>\n", "bonus_cc.xml:3:1: a bonus of 1001: a continent gives at most 1000"),
    ("lonely.map", conquest("A=3", RING + "d,40,40,A\n"), "lonely.map:11:1: 'd' cannot be reached from 'a': the "
                                                          "borders do not join the map into one"),
    ("halves.map", conquest("A=3", RING + "d,40,40,A,e\ne,50,50,A,d\n"),
     "halves.map:11:1: 'd' (and 1 more) cannot be reached from 'a': the borders do not join the map into one"),
    ("pair.map", conquest("A=3", "a,10,10,A,b\nb,20,20,A,a\n"), "pair.map:9:1: 2 territories: a map needs at least "
                                                               "3 to play (2 players and the neutral army)"),
    ("many.map", conquest("A=3", "".join(f"t{k},{k},{k},A,t{k - 1 if k else 1}\n" for k in range(1001))),
     "many.map:1008:1: more than 1000 territories: a board holds at most 1000"),
    ("wide.map", conquest("\n".join(f"C{k}=1" for k in range(101)),
                          "".join(f"t{k},{k},{k},C{k},t{k - 1 if k else 1}\n" for k in range(101))),
     "wide.map:105:1: more than 100 continents: a board holds at most 100"),
    ("empty.map", conquest("A=3\nB=2", RING), "empty.map:6:1: the continent b has no territory"),
    ("again.map", conquest("A=3\nB=2\na=1", RING), "again.map:7:1: the continent 'a' is given twice"),
], ids=lambda v: v if isinstance(v, str) and v.endswith((".map", ".xml")) else "")
def test_what_cannot_play_is_refused_at_its_line(folder, name, text, message):
    (folder / name).write_text(text, encoding="utf-8")
    assert imported(name) == (1, f"risk: {message}\n")
    assert not list(folder.glob("*.yaml")) and not list(folder.glob("*.risk"))


def test_a_map_of_many_problems_is_told_in_twenty_lines_and_a_count(folder):
    rows = "".join(f"{k} T 1 x y\n" for k in range(1, 31))
    (folder / "bad.map").write_text("[continents]\nA 1\n[countries]\n" + rows, encoding="utf-8")
    code, output = imported("bad.map")
    assert (code, output.splitlines()[0], output.splitlines()[19:]) == (
        1, "risk: bad.map:4:1: a country is 'id Name continent x y'",
        ["risk: bad.map:23:1: a country is 'id Name continent x y'", "risk: bad.map: and 10 more problems"])


def test_a_name_with_a_line_break_is_told_on_one_line(folder):
    one = "<territory><name>cr\nname</name><coordinates><largex>1</largex><largey>1</largey></coordinates></territory>"
    names = one + one
    (folder / "nl.xml").write_text(f"<map><territories>{names}</territories></map>", encoding="utf-8")
    code, output = imported("nl.xml")
    assert code == 1 and "risk: nl.xml:1:1: the territory 'cr\\nname' is given twice" in output.splitlines()
    assert all(line.startswith("risk: nl.xml:") for line in output.splitlines())


MAP = """\
name {name}
[files]
crd two.cards
[continents]
North 3 blue
South 2 red
[countries]
1 Frost_Fell 1 100 60
2 High_Moor 1 200 70
3 Grey_Water 2 150 140
4 Kings_Holm 2 250 150
[borders]
1 2 3
2 1 4
3 1 4
4 2 3
"""
CARDS = "[cards]\nInfantry 1\nCavalry 2\nCannon 3\nInfantry 4\n"


def test_a_title_in_windows_1252_is_read_as_such(folder):
    (folder / "two.map").write_bytes(MAP.format(name="Café’s – Map\x01").encode("cp1252"))
    assert imported("two.map")[1].startswith("Café’s – Map: 4 territories in 2 continents, 4 borders.\n")
    assert 'title "Café’s – Map"\n' in (folder / "two.risk").read_text(encoding="utf-8")
    assert (folder / "two.yaml").read_text(encoding="utf-8").startswith(
        "# Café’s – Map — imported from a map of another program by `risk board import`.\n")
    plays("two.risk")


def test_mission_armies_over_the_ceiling_are_refused(folder):
    (folder / "two.map").write_text(MAP.format(name="Two"), encoding="utf-8")
    (folder / "two.cards").write_text(CARDS + "[missions]\n0 2 5000 0 0 0 Hold two with many\n", encoding="utf-8")
    assert imported("two.map") == (1, "risk: two.cards:7:1: a mission asks for 5000 armies on each country: a mission "
                                      "asks for at most 1000\n")


def test_more_missions_than_a_rule_file_holds_are_refused(folder):
    (folder / "two.map").write_text(MAP.format(name="Two"), encoding="utf-8")
    (folder / "two.cards").write_text(CARDS + "[missions]\n" + "0 2 0 0 0 0 Two\n" * 101, encoding="utf-8")
    assert imported("two.map") == (1, "risk: two.cards:107:1: more than 100 missions: a rule file holds at most 100\n")


@pytest.mark.parametrize("missions, said, counts", [
    ("0 3 0 0 0 0 Three\n0 2 2 0 0 0 Two with two\n0 0 0 1 2 0 Both\n",
     "# the map's own missions, for 2 to 3 players; played with: --set \"victory missions\"\n", [2, 3]),
    ("3 0 0 0 0 0 Destroy yellow\n3 0 0 0 0 0 Again\n3 0 0 0 0 0 And again\n",
     "# the map's own missions, for 3 players; played with: --set \"victory missions\"\n", [3]),
    ("0 3 0 0 0 0 Three\n", "# the map's own missions: too few to deal one to each of 2 players (add more to play "
                            "them)\n", []),
])
def test_the_missions_comment_promises_only_the_player_counts_they_deal_to(folder, missions, said, counts):
    (folder / "two.map").write_text(MAP.format(name="Two"), encoding="utf-8")
    (folder / "two.cards").write_text(CARDS + "[missions]\n" + missions, encoding="utf-8")
    assert imported("two.map")[0] == 0
    rule = (folder / "two.risk").read_text(encoding="utf-8")
    assert said + "missions {\n" in rule and "players 2 to 4\n" in rule
    plays("two.risk")
    for players in range(2, 5):
        result = runner.invoke(app, ["play", "two.risk", "--humans", "0", "--players", str(players), "--seed", "3",
                                     "--set", "victory missions", "--quiet"])
        assert (result.exit_code == 0) == (players in counts), result.output


def test_a_continent_named_one_is_not_read_as_one_more(folder):
    """`conquer south and one` read as `and one more` cut short: a continent is never given the id `one`."""
    (folder / "two.map").write_text(MAP.format(name="Two").replace("North 3 blue", "One 3 blue"), encoding="utf-8")
    (folder / "two.cards").write_text(CARDS + "[missions]\n0 0 0 2 1 0 South and One\n0 0 0 1 * 0 One and more\n",
                                      encoding="utf-8")
    assert imported("two.map")[0] == 0
    rule = (folder / "two.risk").read_text(encoding="utf-8")
    assert "    continents one_2 3, south 2\n" in rule
    assert "missions {\n    conquer south and one_2  # South and One\n    conquer one_2 and one more  # One and more\n}\n" \
        in rule
    plays("two.risk")
    checked = runner.invoke(app, ["check", "two.risk", "--set", "victory missions", "--set", "players 2 to 2"])
    assert (checked.exit_code, checked.output) == (0, "two.risk: ok\n")


def test_a_cards_file_named_and_missing_is_an_error(folder):
    (folder / "two.map").write_text(MAP.format(name="Two"), encoding="utf-8")
    assert imported("two.map", "--cards", "nowhere.cards") == (1, "risk: nowhere.cards: no such file\n")
    assert not (folder / "two.yaml").exists()
    assert imported("two.map")[0] == 0  # the map's own `crd` not there: symbols dealt in turn, as before


def test_a_big_map_places_its_starting_armies_within_the_setups_rounds(folder):
    """1,000 territories: 953 starting armies each for 2 players, placed 2 per turn (500 rounds at most)."""
    rows = "".join(f"t{k},{k % 100 * 10},{k // 100 * 10},C{k // 100},t{(k + 1) % 1000},t{(k - 1) % 1000}\n"
                   for k in range(1000))
    (folder / "big.map").write_text(conquest("\n".join(f"C{k}=2" for k in range(10)), rows), encoding="utf-8")
    assert imported("big.map")[0] == 0
    rule = (folder / "big.risk").read_text(encoding="utf-8")
    assert "    starting armies 2: 953, 3: 834, 4: 715, 5: 596, 6: 477\n    placement 2 per turn\n" in rule
    checked = runner.invoke(app, ["check", "big.risk"])
    assert (checked.exit_code, checked.output) == (0, "big.risk: ok\n")


# ---- generated maps of the three formats ------------------------------------------------------------------

NAMES = ["on", "Yes", "null", "and", "territories", "a", "a 2", "a_2", "A-2", "x" * 70, "x" * 70 + "y", "1st",
         "!!!", "O'Brien", 'say "hi"', "<b>bold</b>", "R&D", "Ελλάδα", "東京", "عربي", "Café", "naïve",
         "🙂 smile",
         "Frost Fell", "High Moor", "tab\there", "Ölfus", "a;b", "x=y", "[z]", "  padded  "]


@st.composite
def maps(draw):
    """A map as data: names, continents (bonus, members), positions, borders (a tree, more, one-way)."""
    n = draw(st.integers(3, 9))
    k = draw(st.integers(1, min(3, n)))
    names = draw(st.lists(st.sampled_from(NAMES), min_size=n, max_size=n))
    names = [f"{name} {i}" if draw(st.booleans()) else name for i, name in enumerate(names)]
    continent_of = list(range(k)) + draw(st.lists(st.integers(0, k - 1), min_size=n - k, max_size=n - k))
    bonuses = draw(st.lists(st.integers(0, 1000), min_size=k, max_size=k))
    size = draw(st.sampled_from([1.0, 1000.0, 100000.0, 999999.0]))
    xy = draw(st.lists(st.tuples(st.floats(0, size), st.floats(0, size)), min_size=n, max_size=n))
    xy = [(round(x, 3), round(y, 3)) for x, y in xy]
    if draw(st.booleans()):
        xy[-1] = xy[0]  # two at one point
    edges = {(draw(st.integers(0, i - 1)), i) for i in range(1, n)}
    edges |= set(draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] < e[1]),
                               max_size=n)))
    one_way = set(draw(st.lists(st.sampled_from(sorted(edges)), max_size=2))) - {min(edges)}  # (one both ways)
    return names, continent_of, [f"Land {c}" for c in range(k)], bonuses, xy, sorted(edges), one_way


def directed(edges, one_way):
    return [(a, b) for a, b in edges] + [(b, a) for a, b in edges if (a, b) not in one_way]


def domination(names, continent_of, continents, bonuses, xy, edges, one_way) -> str:
    words = [re.sub(r"\s+", "_", name.replace(";", ":")).strip("_") or "x" for name in names]
    out = ["name Generated Map", "[continents]"]
    out += [f"{c.replace(' ', '_')} {b} red" for c, b in zip(continents, bonuses)]
    out.append("[countries]")
    out += [f"{i + 1} {w} {continent_of[i] + 1} {min(x, 100000):.3f} {min(y, 100000):.3f}"
            for i, (w, (x, y)) in enumerate(zip(words, xy))]
    out.append("[borders]")
    links = directed(edges, one_way)
    out += [f"{i + 1} " + " ".join(str(b + 1) for a, b in links if a == i) for i in range(len(names))]
    return "\n".join(out) + "\n"


def conquest_of(names, continent_of, continents, bonuses, xy, edges, one_way) -> str:
    clean = [re.sub(r"[,=;\[\]\t]", " ", name).strip() or "x" for name in names]
    seen: dict[str, int] = {}
    for i, name in enumerate(clean):  # Conquest refuses a name given twice: these are told apart
        seen[name.lower()] = seen.get(name.lower(), 0) + 1
        clean[i] = name if seen[name.lower()] == 1 else f"{name} #{i}"
    links = directed(edges, one_way)
    rows = [f"{name},{x:.3f},{y:.3f},{continents[continent_of[i]]}," + ",".join(clean[b] for a, b in links if a == i)
            for i, (name, (x, y)) in enumerate(zip(clean, xy))]
    return conquest("\n".join(f"{c}={b}" for c, b in zip(continents, bonuses)), "\n".join(rows))


def conquer_club(names, continent_of, continents, bonuses, xy, edges, one_way) -> str:
    from xml.sax.saxutils import escape

    clean = [" ".join(name.split()) or "x" for name in names]
    clean = [name if clean.index(name) == i else f"{name} #{i}" for i, name in enumerate(clean)]
    links = directed(edges, one_way)
    out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<map>", "<continents>"]
    for c, (name, bonus) in enumerate(zip(continents, bonuses)):
        out.append(f"<continent><name>{name}</name><bonus>{bonus}</bonus><components>"
                   + "".join(f"<territory>{escape(clean[i])}</territory>" for i in range(len(names))
                             if continent_of[i] == c) + "</components></continent>")
    out += ["</continents>", "<territories>"]
    for i, (name, (x, y)) in enumerate(zip(clean, xy)):
        out.append(f"<territory><name>{escape(name)}</name><borders>"
                   + "".join(f"<border>{escape(clean[b])}</border>" for a, b in links if a == i)
                   + f"</borders><coordinates><largex>{x:.3f}</largex><largey>{y:.3f}</largey></coordinates>"
                   + "</territory>")
    out += ["</territories>", "</map>"]
    return "\n".join(out) + "\n"


def accepted_plays(name: str) -> None:
    """What `risk board import NAME` does, then `risk check`, `risk board show --svg` and a game of bots alone:
    in this process, as the commands do (each command's own start costs more than all of it on a small map)."""
    found = read_map(Path(name), name)
    board, rule = Path(f"{found.id}.yaml"), Path(f"{found.id.replace('_', '-')}.risk")
    board.write_text(found.board_yaml(), encoding="utf-8")
    rule.write_text(found.house_rule(board.name), encoding="utf-8")
    load_board.cache_clear()
    book = open_rulebook(rule, strict=False)
    assert [p.line() for p in book.check() if not p.warning] == []
    rules = book.rules(None)
    assert board_svg(rules.board, Text("en"), title=rules.title, bonuses=continent_bonuses(rules)).count("<svg") == 1
    players = rules.model["players"]["min"]
    game = Game(book.rules(None, players), [make_bot("random") for _ in range(players)], 7, max_turns=30)
    assert game.play().reason in ("domination", "opponent_eliminated", "turn_limit")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=maps(), form=st.sampled_from(["domination", "conquest", "conquerclub"]), cp1252=st.booleans())
def test_what_import_accepts_checks_draws_and_plays(data, form, cp1252):
    """Every generated map is one that plays (connected, within the limits): import accepts it, in UTF-8 or
    Windows-1252, and what it writes checks, is drawn and plays to a result with bots alone."""
    writer = {"domination": domination, "conquest": conquest_of, "conquerclub": conquer_club}[form]
    text = writer(*data)
    name = "gen.xml" if form == "conquerclub" else "gen.map"
    with tempfile.TemporaryDirectory() as tmp, chdir(tmp):
        raw = text.encode("cp1252", errors="replace") if cp1252 and form != "conquerclub" else text.encode("utf-8")
        Path(name).write_bytes(raw)
        accepted_plays(name)
