"""The lobby in the language of the person's browser (seen at stop 57: its labels were English
only): the words come with the catalog (web/words.py `lobby_words`), in every language of the
server, and the page shows them — a German browser's lobby in German, word for word."""

from __future__ import annotations

import pytest

from riskrules.text.i18n import Text, available_languages
from riskrules.web.words import lobby_words
from webserver import Served


def test_every_language_has_every_lobby_word_and_keeps_its_places():
    english = lobby_words(Text("en"))
    for lang in available_languages():
        words = lobby_words(Text(lang))
        assert set(words) == set(english)
        for key, text in words.items():  # the fields and values go where the words say, in every language
            assert sorted(part for part in ("{seconds}", "{bot}", "{title}", "{n}", "{edition}") if part in text) == \
                sorted(part for part in ("{seconds}", "{bot}", "{title}", "{n}", "{edition}") if part in english[key]), \
                (lang, key)
        if lang != "en":
            assert words["rules"] != english["rules"] and words["seat"] != english["seat"], lang


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path / "games")
    yield server
    server.stop()


def test_a_german_browser_gets_the_lobby_in_german(browser, served):
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(served.url)
    page.wait_for_selector("#edition option", state="attached")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.title() == "riskrules — ein neues Spiel"
    assert page.text_content("h1") == "riskrules — ein neues Spiel"
    assert page.eval_on_selector_all("label > span[data-w]", "e => e.map(x => x.textContent)") == [
        "Regeln", "Variante", "Spieler", "Sprache", "Immer mit den meisten Würfeln verteidigen", "Seed (wahlweise)"]
    assert page.text_content("#seats legend") == "Plätze"
    assert page.text_content("#create") == "Spiel anlegen"
    assert page.eval_on_selector("#away-label", "e => [...e.childNodes].map(x => x.id || x.textContent)") == [
        "Wer seine Seite ", "away", " Sekunden lang geschlossen hat (0: nie), wird von ", "away-bot",
        " gespielt, bis er zurück ist"]  # (the fields where the words put them)
    assert page.eval_on_selector_all("#seats label", "e => e.map(x => x.firstChild.textContent)") == [
        "Platz 1 ", "Platz 2 ", "Platz 3 "]
    assert page.eval_on_selector_all("select[name=seat0] option", "e => e.map(x => x.textContent)")[:2] == [
        "ein Mensch", "Bot: random"]
    groups = page.eval_on_selector_all("#edition optgroup", "e => e.map(x => x.label)")
    assert groups[0] == "Ausgaben" and "Hausregeln zu classic" in groups
    page.click("#create")  # the game's links, in German around them
    page.wait_for_selector("#made:not([hidden])")
    assert page.text_content("#made h2") == "Dein Spiel"
    assert page.text_content("#links a.as-host") == "(deiner, als Gastgeber)"
    assert page.text_content("#hot-seat") == "Alle Plätze der Menschen in diesem Browser spielen (Hot Seat)"
    assert errors == []
    context.close()
