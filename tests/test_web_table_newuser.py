"""Tried again as a new user (issue 48): what was still there, mended — each in Chromium."""

from __future__ import annotations

import pytest

from webserver import Served


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("games"))
    yield server
    server.stop()


def test_a_late_catalog_answer_does_not_title_the_variants_of_rules_chosen_since(browser, served):
    """The lobby opens on nl-1990 (its variants asked for in Dutch); sv-2000 is chosen, then English:
    the Dutch answer, come last, left sv-2000's variants half in Dutch (a race, seen on a loaded server)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    held = []
    context.route("**/api/catalog?lang=nl", lambda route: held.append(route))
    page = context.new_page()
    page.goto(served.url)
    page.wait_for_selector("#edition option", state="attached")
    page.wait_for_function("() => document.getElementById('lang').value === 'nl'")
    page.select_option("#edition", "edition:sv-2000")
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.body.dataset.titled === 'en:sv-2000'")
    page.wait_for_timeout(100)
    assert len(held) == 1
    held[0].continue_()  # (the Dutch titles, come last)
    page.wait_for_timeout(300)
    assert page.eval_on_selector_all("#variant option", "e => e.map(x => x.textContent)") == [
        "the edition's own: Secret missions", "Game to conquer the world", "Rising value of the RISK cards",
        "Capital RISK"]
    context.close()


def test_the_map_s_own_legend_frames_each_continent_as_the_board_does(browser, served):
    """The legend under the map showed each continent's tint only (North America and Asia both pale blue)
    while the board bands them in a colour and dash each: its swatches are framed the same way now."""
    from webtable import make

    made = make(served.url, edition="classic", players=3, seats=["human", "balanced", "balanced"], seed=1, lang="en")
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(served.url + made["seats"][0]["link"])
    page.wait_for_selector("#board g.outlines", state="attached")
    swatches = page.eval_on_selector_all("#board g.legend rect[data-continent]", "e => e.map(x => [x.dataset.continent, "
                                         "x.getAttribute('stroke'), x.getAttribute('stroke-dasharray')])")
    assert swatches == [["0", "#E69F00", None], ["1", "#56B4E9", "12 4"], ["2", "#009E73", "3 3"],
                        ["3", "#0072B2", "12 3 3 3"], ["4", "#D55E00", "20 5"], ["5", "#CC79A7", "6 2 2 2 2 2"]]
    bands = page.eval_on_selector_all("#board g.outlines path", "e => [...new Set(e.map(x => x.dataset.continent + "
                                      "' ' + x.getAttribute('stroke')))].sort()")
    assert bands == sorted(f"{k} {colour}" for k, colour, _ in swatches)
    context.close()


def test_under_fog_a_continent_the_seat_cannot_see_whole_is_held_by_someone_unknown(browser, served):
    """Under fog the legend said "—" (nobody) for Australia while the log told that yellow was paid for
    holding it: a continent with a territory the seat does not see says "?" now."""
    from webtable import Clicker, make

    made = make(served.url, edition="fog-normal", players=3, seats=["human", "balanced", "balanced"], seed=6, lang="en")
    person = Clicker(browser, served.url + made["seats"][0]["link"])
    while person.play_one(stop_at=lambda kind, turn: turn >= 4):
        pass
    page = person.page
    rows = page.eval_on_selector_all("#continents tr[data-continent]", "e => e.map(x => x.lastChild.textContent)")
    unseen = page.evaluate("info.continents.map((_, k) => info.continent_of.some((c, x) => c === k && "
                           "states[current].owner[x] === null))")
    assert rows == ["?", "—", "?", "?", "?", "?"] and unseen == [True, False, True, True, True, True]
    assert person.errors == []
    person.close()
