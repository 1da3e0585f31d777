"""Special units in the rule language (issue 45): `units { unit NAME: … }` parsed, checked (errors
word for word), compiled, written back, shown on the sheet, given with --set."""

from __future__ import annotations

from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.loader import open_rulebook
from riskrules.language.parse import parse_rulebook
from riskrules.language.units import UnitKind
from riskrules.language.write import write_rulebook

from conftest import house, problems_of

runner = CliRunner()

BOSSES = """\
    players 3 to 6
    neutral {
        territories named iceland 3, peru 2
    }
    battle {
        combat kill rates
    }
    units {
        unit commander: strength 7, loss eliminates its owner, 1 each at the start
        unit boss: neutral, strength 20, on iceland and peru, splits into 3 on loss, grows 5 a round
    }
    """


def test_compiled(write):
    rules = open_rulebook(write("house.risk", house(BOSSES))).rules(None, 3)
    index = rules.board.index
    assert rules.units.kinds == (
        UnitKind("commander", strength=7, eliminates=True, each=1),
        UnitKind("boss", strength=20, neutral=True, on=(index["iceland"], index["peru"]), splits=3, grows=5))
    assert rules.units.eliminates and rules.units.neutral
    assert open_rulebook("classic").rules(None, 3).units is None


def test_written_back_as_read():
    book = parse_rulebook(house(BOSSES), "house.risk")
    text = write_rulebook(book)
    assert "    unit boss: neutral, strength 20, on iceland and peru, splits into 3 on loss, grows 5 a round\n" in text
    assert write_rulebook(parse_rulebook(text, "again")) == text


def test_what_a_unit_says_under_dice_and_kill_rates_is_refused_where_it_cannot_hold(write):
    assert problems_of(write, house("""\
        units {
            unit commander: strength 7, 1 each at the start
            unit general: die 6 once a turn
        }
        """)) == (
        "house.risk:4:21: 'strength 7' of the unit 'commander' counts only under kill-rate combat: add 'combat kill "
        "rates' to the battle section\n"
        "        unit commander: strength 7, 1 each at the start\n                        ^\n"
        "house.risk:5:10: the unit 'general' is never placed: give it 'N each at the start' or 'on TERRITORY'\n"
        "        unit general: die 6 once a turn\n             ^")
    assert problems_of(write, house("battle {\n    combat kill rates\n}\nunits {\n    unit land: dice 8, "
                                    "1 each at the start\n}\n")) == (
        "house.risk:7:16: 'dice 8' of the unit 'land' rolls only under dice combat, not kill rates\n"
        "        unit land: dice 8, 1 each at the start\n                   ^")


def test_places_are_checked_with_a_suggestion(write):
    assert problems_of(write, house("""\
        players 3 to 6
        units {
            unit boss: neutral, on icelnd and peru, 1 each at the start, loss eliminates its owner
        }
        """)) == (
        "house.risk:5:28: the unit 'boss' stands on an unknown territory 'icelnd'; did you mean 'iceland'?\n"
        "        unit boss: neutral, on icelnd and peru, 1 each at the start, loss eliminates its owner\n"
        "                               ^\n"
        "house.risk:5:39: the neutral unit 'boss' stands on 'peru', which does not start neutral: name it in "
        "'neutral { territories named … }' or a scenario's 'neutral:' line\n"
        "        unit boss: neutral, on icelnd and peru, 1 each at the start, loss eliminates its owner\n"
        "                                          ^\n"
        "house.risk:5:45: the neutral unit 'boss' is not given to each player: place it 'on' territories\n"
        "        unit boss: neutral, on icelnd and peru, 1 each at the start, loss eliminates its owner\n"
        "                                                ^\n"
        "house.risk:5:66: the neutral unit 'boss' has no owner to put out: 'loss eliminates its owner' is for "
        "players' units\n"
        "        unit boss: neutral, on icelnd and peru, 1 each at the start, loss eliminates its owner\n"
        "                                                                     ^")


def test_an_option_given_twice_and_a_misspelt_word(write):
    assert problems_of(write, house("units {\n    unit c: 1 each at the start, 2 each at the start\n}\n")) == (
        "house.risk:4:34: 'N each at the start' is given twice for the unit 'c'\n"
        "        unit c: 1 each at the start, 2 each at the start\n                                     ^")
    assert problems_of(write, house("units {\n    unit c: die 6 once a tun\n}\n")).startswith(
        "house.risk:4:26: unexpected 'tun'; expected turn; did you mean 'turn'?")


def test_the_sheet_shows_each_kind_and_set_gives_one():
    sheet = runner.invoke(app, ["rules", "warzone-commanders", "--lang", "en"])
    assert sheet.exit_code == 0
    assert ("SPECIAL UNITS\n  Unit commander                 fights as 7 armies, killed only whole and after its side's "
            "armies;") in sheet.stdout
    given = runner.invoke(app, ["rules", "classic", "--lang", "de", "--set",
                                "units { unit general: die 6 once a turn, 1 each at the start }"])
    assert given.exit_code == 0
    words = " ".join(given.stdout.split())
    assert "Einheit general" in words and "einmal pro Zug wird in einem Angriff seines Besitzers dessen " \
        "niedrigster Würfel eine 6" in words


def test_a_unit_that_returns_on_loss(write):
    text = house("units {\n    unit commander: die 6 once a turn, 1 each at the start, returns on loss\n}\n")
    rules = open_rulebook(write("house.risk", text)).rules(None, 3)
    assert rules.units.kinds == (UnitKind("commander", each=1, six=6, returns=True),) and rules.units.six
    assert write_rulebook(parse_rulebook(text, "house.risk")).endswith(
        "    unit commander: die 6 once a turn, 1 each at the start, returns on loss\n}\n")


def test_a_unit_each_player_places_himself(write):
    text = house("units {\n    unit land: dice 8, 1 each chosen at the start\n}\n")
    rules = open_rulebook(write("house.risk", text)).rules(None, 3)
    assert rules.units.kinds == (UnitKind("land", each=1, chosen=True, dice=8),)
    assert "    unit land: dice 8, 1 each chosen at the start\n" in write_rulebook(parse_rulebook(text, "house.risk"))
