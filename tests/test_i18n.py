"""The catalogs: complete, true to their placeholders and to the code; the voices; plurals; --lang."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.text.i18n import PLACEHOLDER, Text, catalog

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TRANSLATED = ["sv", "nl", "de", "cs"]
runner = CliRunner()
sources = pytest.mark.skipif(not (LOCALES / "riskrules.pot").exists(), reason="the catalogs' sources are not installed")


def po(lang: str):
    with (LOCALES / lang / "LC_MESSAGES" / "riskrules.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def keys(cat) -> set[tuple]:
    return {(m.context, m.id) for m in cat if m.id}


@sources
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    cat = po(lang)
    untranslated = [m.id for m in cat if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []


@sources
@pytest.mark.parametrize("lang", TRANSLATED + ["en"])
def test_placeholders_match(lang):
    """Babel's own check misses a misspelled {placeholder}; this does not."""
    wrong = []
    for m in po(lang):
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set().union(*(set(PLACEHOLDER.findall(i)) for i in ids))
        for s in strings:
            if s and set(PLACEHOLDER.findall(s)) != wanted:
                wrong.append((m.id, s))
    assert wrong == []


@sources
def test_placeholder_check_catches_a_misspelling():
    assert set(PLACEHOLDER.findall("{player} erhält {n} Einheiten")) != set(PLACEHOLDER.findall("{palyer} erhält {n}"))


@sources
@pytest.mark.parametrize("lang", TRANSLATED + ["en"])
def test_catalogs_follow_the_template(lang):
    with (LOCALES / "riskrules.pot").open("rb") as handle:
        template = read_po(handle)
    assert keys(po(lang)) == keys(template)


@sources
def test_template_follows_the_code():
    """The committed .pot holds exactly what the sources say (pybabel extract, as in the README)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    keywords = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "np_": ((1, "c"), 2, 3), "N_": None}
    found = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map, keywords=keywords):
        found.add((context, message))
    with (LOCALES / "riskrules.pot").open("rb") as handle:
        assert found == keys(read_po(handle))


# ---- what people read -----------------------------------------------------------------------------------------

def out(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_swedish_rule_sheet():
    sheet = out("rules", "sv-2000")
    assert "  Försvarare " in sheet and "försvararen väljer" in sheet
    assert "Nordamerika 5, Sydamerika 2, Europa 5" in sheet
    assert "spelaren till vänster om Generalen" in sheet
    assert "MED 2 SPELARE" in sheet


def test_dutch_rule_sheet_with_europe_three():
    sheet = " ".join(out("rules", "nl-1990").split())  # rows wrap
    assert "Noord-Amerika 5, Zuid-Amerika 2, Europa 3, Afrika 3, Azië 7, Australië 2" in sheet
    assert "de speler links van de Generaal" in sheet


def test_german_rule_sheet_in_the_liberation_voice():
    sheet = out("rules", "de-deluxe")
    for word in ("Befreier", "Besatzer", "Befreiung", "Präsident", "der Spieler links vom Präsidenten",
                 "Nord-Amerika 5"):
        assert word in sheet
    assert "Angreifer" not in sheet and "Verteidiger" not in sheet


def test_czech_rule_sheet():
    sheet = " ".join(out("rules", "cs-riziko", "--players", "2").split())
    assert "Severní Amerika 5" in sheet and "Spojená Armáda" in sheet


@pytest.mark.parametrize("edition", ["sv-2000", "nl-1990", "de-deluxe", "cs-riziko", "nl-modern"])
def test_every_sheet_also_in_english(edition):
    sheet = out("rules", edition, "--lang", "en")
    assert "\nBATTLE\n" in sheet and "For continents" in sheet


def test_german_game_in_the_liberation_voice():
    text = out("play", "de-deluxe", "--humans", "0", "--seed", "1")
    assert "teilt als Präsident aus" in text
    assert re.search(r"zieht von \S+ \(\d+\) aus, um .+ zu befreien: .+ der Befreier verliert \d, der Besatzer \d\.", text)
    assert " befreit " in text
    names = ("Nord-Amerika", "Westeuropa", "Südeuropa", "Ägypten", "Nordafrika")
    assert any(n in text for n in names)
    assert text.splitlines()[-3].endswith("durch Erfüllung der geheimen Mission.")
    assert text.splitlines()[-2].startswith("Die Mission: ")  # (which one: issue 48)


def test_czech_two_player_game_with_plurals():
    text = out("play", "cs-riziko", "--players", "2", "--humans", "0", "--seed", "1")
    assert "Spojená Armáda" in text
    assert re.search(r"\b1 armádu\b|\b[2-4] armády\b", text) and re.search(r"\b([5-9]|\d\d+) armád\b", text)
    assert not re.search(r"\b[2-4] armád\b", text) and not re.search(r"\b([5-9]|\d\d) armády\b", text)


@pytest.mark.parametrize("n, form", [(1, "1 armádu"), (3, "3 armády"), (5, "5 armád"), (22, "22 armád"), (25, "25 armád")])
def test_czech_plural_forms(n, form):
    t = Text("cs")
    line = t.n_("{player} receives {n} army ({parts}).", "{player} receives {n} armies ({parts}).", n)
    assert form in line.format(player="Modrý", n=n, parts="…")


@pytest.mark.parametrize("n, form", [(1, "1 armáda"), (3, "3 armády"), (5, "5 armád")])
def test_czech_plural_forms_in_the_sheet(n, form):
    t = Text("cs")
    assert t.n_("{n} army per placing turn", "{n} armies per placing turn", n).format(n=n).startswith(form)


def test_lang_overrides_and_refuses():
    assert "\nKAMPF\n" in out("rules", "cs-riziko", "--lang", "de")
    assert "Würfe um den Beginn" in out("play", "cs-riziko", "--humans", "0", "--seed", "2", "--lang", "de")
    result = runner.invoke(app, ["rules", "sv-2000", "--lang", "fi"])
    assert result.exit_code == 1
    assert result.stderr == "risk: no translation for 'fi'; languages: cs, de, en, nl, sv\n"


def test_the_seeds_own_names():
    expected = {
        "sv": {"north_america": "Nordamerika", "siam": "Siam", "indonesia": "Indonesien"},
        "nl": {"north_america": "Noord-Amerika", "western_europe": "West-Europa", "southern_europe": "Zuid-Europa",
               "egypt": "Egypte"},
        "de": {"north_america": "Nord-Amerika", "western_europe": "Westeuropa", "southern_europe": "Südeuropa",
               "egypt": "Ägypten"},
        "cs": {"north_america": "Severní Amerika", "alaska": "Aljaška", "kamchatka": "Kamčatka",
               "greenland": "Grónsko", "iceland": "Island"},
    }
    for lang, names in expected.items():
        t = Text(lang)
        for identifier, name in names.items():
            shown = t.continent(identifier) if identifier == "north_america" else t.territory(identifier)
            assert shown == name


def test_numbers_for_the_locale():
    assert Text("de").num(12345) == "12.345"
    assert Text("en").num(12345) == "12,345"
    assert Text("cs").num(12345) == "12\xa0345"
    assert Text("sv").pct(0.568) == "56,8\xa0%"
    assert Text("nl").pct(0.5) == "50,0%"


def test_a_missing_translation_falls_back_to_english(tmp_path, monkeypatch):
    import riskrules.text.i18n as i18n

    fake = tmp_path / "locales"
    (fake / "de" / "LC_MESSAGES").mkdir(parents=True)
    (fake / "de" / "LC_MESSAGES" / "riskrules.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Players"\nmsgstr "Spieler"\n\n'
        'msgid "Board"\nmsgstr ""\n\n'
        'msgctxt "liberation"\nmsgid "Occupier"\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "locales_dir", lambda: fake)
    i18n.catalog.cache_clear()
    try:
        t = Text("de", {"attack": "liberation"})
        assert t._("Players") == "Spieler"
        assert t._("Board") == "Board"  # an empty msgstr is not a blank
        assert t._("Turn") == "Turn"  # not in the catalog at all
        assert t.p_("liberation", "Occupier") == "Occupier"
    finally:
        i18n.catalog.cache_clear()


def test_catalog_is_english_for_english():
    assert catalog("en").gettext("Players") == "Players"


def test_prompts_and_refusals_in_german():
    from riskrules.terminal.human import HumanAgent
    from riskrules.engine.decisions import PLACE, Decision
    from scenario import Scenario

    s = Scenario("de-deluxe", 3, holds={"alberta": (0, 1), "alaska": (0, 1), "kamchatka": (1, 1)})
    said, asked = [], []
    answers = iter(["zzz", "kam", "alb 9", "alb 2"])

    def read(prompt):
        asked.append(prompt)
        return next(answers)

    human = HumanAgent(Text("de", {"attack": "liberation"}), read=read, write=said.append)
    human.start(s.game.sights[0], 0, None)
    d = Decision(PLACE, 0, [s.t("alaska"), s.t("alberta")], most=5)
    d.view = s.game.sights[d.player]
    assert human.decide(d) == (s.t("alberta"), 2)
    assert asked[0] == "Setze bis zu 5 Einheiten: Land [Einheiten]: "
    assert [line for line in said if line.startswith("Nicht erlaubt")] == [
        "Nicht erlaubt: kein Land beginnt mit 'zzz'.",
        "Nicht erlaubt: Kamtschatka gehört nicht dir, sondern Blau.",
        "Nicht erlaubt: du hast 5 Einheiten zu setzen.",
    ]
