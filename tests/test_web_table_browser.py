"""At the table, round 2 (issue 48), in Chromium: what happened since the person's last turn,
the battle drawn on the board, a start in a few clicks, the bots' moves at once."""

from __future__ import annotations

import pytest

from webserver import Served
from webtable import QUESTION, Clicker, make

NEXT = "n => (document.body.dataset.question || '') !== n && (document.body.dataset.question || '') !== ''"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("games"))
    yield server
    server.stop()


def test_since_your_last_turn_and_the_battle_on_the_board(browser, served):
    made = make(served.url, edition="classic", players=3, seats=["human", "balanced", "balanced"], seed=3, lang="en")
    person = Clicker(browser, served.url + made["seats"][0]["link"])
    page = person.page
    while person.play_one(stop_at=lambda kind, turn: turn >= 4):
        pass
    # the setup's 35 armies in one click ("spread the rest"), a turn's in one, the turn ended at the attack
    # question (no fortification asked), no question to defend (the most dice, unasked)
    assert person.kinds == {"place": 2, "attack": 1} and person.clicks == 3
    # a line per opponent's turn, the terminal's, and what was taken marked on the board
    assert page.inner_text("#h-since") == "Since your last turn"
    assert page.eval_on_selector_all("#since-list li", "e => e.map(x => x.textContent)") == [
        "Blue, turn 2: takes Peru, Brazil, Ontario, Northwest Territory from yellow; takes Western United States "
        "from red.",
        "Yellow, turn 3: takes Scandinavia, Central America, Ontario, Alberta, Venezuela, Peru, Alaska, Western "
        "United States from blue."]
    assert page.eval_on_selector_all("#board path.changed", "e => e.map(x => Number(x.id.slice(1)))") == [
        0, 1, 3, 4, 6, 8, 9, 10, 11, 14]
    person.button("spread")
    page.wait_for_function("() => document.body.dataset.kind === 'attack'")
    assert page.eval_on_selector_all("#board path.changed", "e => e.length") == 0  # (the person has acted)
    # one roll from Argentina (4) on Brazil (2): the attacker and the target marked, an arrow between them
    page.check("input[name=until][value=once]")
    person.cell(12)
    assert page.eval_on_selector_all("#board path.selected", "e => e.map(x => x.id)") == ["c12"]
    question = page.evaluate("document.body.dataset.question")
    person.cell(11)
    page.wait_for_function(NEXT, arg=question)
    assert page.evaluate("document.body.dataset.kind") == "dice"
    assert page.eval_on_selector_all("#board path.attacking, #board path.attacked", "e => e.map(x => x.id)") == [
        "c11", "c12"]
    assert page.locator(".battle-arrow").count() == 1
    question = page.evaluate("document.body.dataset.question")
    person.click("#controls button.primary")  # three dice
    page.wait_for_function(NEXT, arg=question)
    # the dice as they fell, drawn as the replay page draws them
    assert page.eval_on_selector_all("#battle .die.a", "e => e.map(x => x.textContent)") == ["6", "5", "4"]
    assert page.eval_on_selector_all("#battle .die.d", "e => e.map(x => x.textContent)") == ["5", "2"]
    assert page.inner_text("#battle").splitlines()[-1] == "Losses: 0 / 2"
    assert page.get_attribute("#c11", "fill") == page.evaluate("info.colours[0]")  # Brazil taken
    assert person.errors == []
    person.close()


def test_a_game_from_the_lobby_to_its_end_in_few_clicks(browser, tmp_path):
    """Done means (issue 48): one person and two bots, from the lobby to the end, in at most 80 of the
    person's clicks at the default settings (the bots paced as `risk serve` paces them, skipped
    ahead with the fast-forward button); the end says who won, every mission, and links on."""
    served = Served(tmp_path / "games", pace=0.4)
    try:
        lobby = Clicker(browser, served.url)
        page = lobby.page
        page.wait_for_selector("#edition option", state="attached")
        page.select_option("#edition", "edition:three-isles")
        lobby.clicks += 1
        page.fill("#seed", "5")  # (typed, not clicked)
        lobby.click("#create")
        page.wait_for_selector("#made:not([hidden])")
        with page.expect_popup() as opened:
            lobby.click("#links a")  # (the seat's page, in a new tab)
        person = Clicker(browser, page=opened.value)
        person.clicks, person.hurry = lobby.clicks, True
        while person.play_one():
            assert person.clicks < 200
        page = person.page
        assert person.clicks <= 80, (person.clicks, person.kinds)
        print(f"\nfrom the lobby to the end: {person.clicks} clicks ({person.hurried} on the fast-forward button)")
        # the lobby 3, the setup 1, 10 turns' placements 10, an attack 2 clicks (no attack: 1, and the turn ends),
        # 6 move-ins, 1 trade; and the fast-forward button, once a wait it shortened
        assert (person.clicks - person.hurried, person.kinds) == (
            3 + 1 + 9 + 2 * 7 + 9 + 6 + 1, {"place": 10, "attack": 16, "occupy": 6, "trade": 1})
        assert page.inner_text("#result") == "The game is over. Yellow wins by world domination after 25 turns."
        assert page.get_attribute("#again-link", "href") == (
            "/?rules=edition%3Athree-isles&variant=&players=3&seats=human%2Cbalanced%2Cbalanced&lang=en")
        assert page.get_attribute("#lobby-link", "href") == "/"
        replay = page.context.new_page()
        replay.goto(served.url + page.get_attribute("#replay-link", "href"))
        assert replay.title() == "Three isles: the classic rules on a 14-territory board — seed 5"
        replay.close()
        assert person.errors == []
        page.context.close()
    finally:
        served.stop()


def test_armies_several_a_click_and_the_bots_moves_at_once(browser, tmp_path):
    slow = Served(tmp_path / "games", pace=30.0)  # (a bot's move would stay 30 s on the page)
    try:
        made = make(slow.url, edition="classic", players=3, seats=["human", "balanced", "balanced"], seed=3, lang="en")
        person = Clicker(browser, slow.url + made["seats"][0]["link"], width=390, height=844)
        page = person.page
        person.wait()
        assert page.evaluate("document.body.dataset.kind") == "place"
        left = page.evaluate("states[current].decision.left")
        page.select_option("#per-click", "5")
        person.clicks += 1  # (a choice in a list: counted as a click)
        x = min(person.choosable())
        before = page.evaluate(f"states[current].armies[{x}]")
        question = page.evaluate("document.body.dataset.question")
        person.cell(x)  # five armies in one click (the setup asks for one at a time: the page answers five)
        page.wait_for_function(NEXT, arg=question)
        assert page.evaluate(f"[states[current].armies[{x}], states[current].decision.left]") == [before + 5, left - 5]
        person.play_one()  # the rest spread in one click
        person.play_one()  # the first turn's armies: spread
        person.wait()
        assert page.evaluate("document.body.dataset.kind") == "attack"
        person.button("end_turn")  # no attack, no fortification: one click
        page.wait_for_function("() => document.getElementById('hurry') !== null")
        # (the state published as red's answer is taken may still name red, whose turn is ending: the
        # next one names blue, who is asked while its moves stay 30 s on the page)
        page.wait_for_function("() => document.getElementById('prompt').innerText === 'Waiting for blue…'",
                               timeout=20_000)
        person.click("#hurry")  # the bots' two turns at once, not a minute and more
        page.wait_for_function(QUESTION, timeout=20_000)
        assert page.evaluate("[states[current].turn, document.body.dataset.kind]") == [4, "place"]
        assert person.clicks == 6 and person.errors == []
        person.close()
    finally:
        slow.stop()


def test_continents_outlined_each_its_own_with_bonus_and_holder(browser, served):
    made = make(served.url, edition="classic", players=3, seats=["human", "balanced", "balanced"], seed=3, lang="nl")
    person = Clicker(browser, served.url + made["seats"][0]["link"], width=1400, height=900)
    page = person.page
    person.wait()
    bands = page.eval_on_selector_all("#board g.outlines path", """e => e.map(x => [Number(x.dataset.continent),
        x.getAttribute("stroke"), x.getAttribute("stroke-dasharray") || ""])""")
    assert len(bands) == 42
    styles = {k: (colour, dash) for k, colour, dash in bands}
    assert len(styles) == 6 and len(set(styles.values())) == 6
    assert len({dash for _, dash in styles.values()}) == 6  # (told apart in grey too: each its own dash)
    # a palette that stays distinct past eight continents
    assert page.evaluate("new Set([...Array(16).keys()].map((k) => JSON.stringify(outline(k)))).size") == 16
    assert page.eval_on_selector_all("#continents tr", "e => e.map(x => x.innerText.replace(/\\s+/g, ' ').trim())") == [
        "werelddeel bonus in handen van", "Noord-Amerika +5 —", "Zuid-Amerika +2 —", "Europa +5 —", "Afrika +3 —",
        "Azië +7 —", "Australië +2 —"]
    assert person.errors == []
    person.close()


@pytest.mark.parametrize("width, height", [(390, 844), (1400, 900)])
def test_any_screen_the_map_legible_and_the_side_below_it_when_narrow(browser, served, width, height):
    made = make(served.url, edition="classic", players=3, seats=["human", "balanced", "balanced"], seed=3, lang="en")
    person = Clicker(browser, served.url + made["seats"][0]["link"], width=width, height=height)
    page = person.page
    person.wait()
    look = """() => { const svg = document.querySelector('#board svg'), board = document.getElementById('board');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        const map = board.getBoundingClientRect(), side = document.getElementById('side').getBoundingClientRect();
        return {smallest: Math.min(...sizes), fullWidth: map.width >= window.innerWidth - 40,
                below: side.top >= map.bottom, overflow: document.documentElement.scrollWidth - window.innerWidth,
                pans: board.scrollWidth > board.clientWidth}; }"""
    seen = page.evaluate(look)
    assert seen["smallest"] >= 11 and seen["overflow"] == 0 and seen["pans"] is True
    assert (seen["fullWidth"], seen["below"]) == ((True, True) if width < 1100 else (False, False))
    before = float(page.evaluate("document.body.dataset.zoom"))
    person.click("#zoom-in")
    assert float(page.evaluate("document.body.dataset.zoom")) == pytest.approx(before * 1.25, abs=0.01)
    assert person.errors == []
    person.close()


def test_the_lobby_language_groups_and_seed(browser, tmp_path):
    served = Served(tmp_path / "games")
    served.host.chosen_seeds = False  # (as `risk serve` starts: a seed is chosen for a game of one person only)
    try:
        lobby = Clicker(browser, served.url, width=390, height=844)
        page = lobby.page
        page.wait_for_selector("#edition option", state="attached")
        assert page.eval_on_selector_all("#lang option", "e => e.map(x => x.textContent)") == [
            "čeština", "Deutsch", "English", "Nederlands", "svenska"]
        groups = page.eval_on_selector_all("#edition optgroup", "e => e.map(x => x.label)")
        assert groups[0] == "Editions" and "House rules on classic" in groups and len(groups) == len(set(groups))
        assert page.input_value("#lang") == "nl"  # nl-1990's
        page.select_option("#edition", "edition:fog-normal")  # a house rule on classic: English
        assert page.input_value("#lang") == "en"
        page.select_option("#edition", "edition:sv-2000")
        assert page.input_value("#lang") == "sv"
        page.select_option("#lang", "de")  # chosen by the person: it stays
        page.select_option("#edition", "edition:nl-1990")
        assert page.input_value("#lang") == "de"
        page.wait_for_selector("body[data-titled='de:nl-1990']")  # the variants' titles in the language chosen
        assert page.eval_on_selector_all("#variant option", "e => e.map(x => x.textContent)") == [
            "the edition's own: Geheime Missionen", "Alternatives RISIKO", "Steigender Wert der Kartensätze",
            "Super-RISIKO"]
        assert page.is_visible("#seed") and page.is_checked("#defend-most")
        page.select_option("select[name=seat1]", "human")  # two people: no seed of anyone's choosing
        assert page.is_hidden("#seed")
        page.select_option("select[name=seat1]", "balanced")
        assert page.is_visible("#seed") and lobby.errors == []
        lobby.close()
    finally:
        served.stop()


def test_the_committed_armies_rule_said_where_it_is_asked(browser, served):
    made = make(served.url, edition="nl-1990", players=3, seats=["human", "balanced", "balanced"], seed=4, lang="en")
    person = Clicker(browser, served.url + made["seats"][0]["link"])
    page = person.page
    while person.play_one(stop_at=lambda kind, turn: kind == "attack" and any(a >= 4 for a in person.choosable().values())):
        pass
    armies = person.choosable()
    source = max(armies, key=lambda x: (armies[x], -x))
    page.check("input[name=until][value=once]")
    person.cell(source)
    targets = person.choosable()
    question = page.evaluate("document.body.dataset.question")
    person.cell(min(targets))
    page.wait_for_function(NEXT, arg=question)
    assert page.evaluate("document.body.dataset.kind") == "dice"
    assert page.inner_text("#faced") == ("You roll as many dice as the armies you send, or fewer. If you take the "
                                         "territory, at least the armies you sent move in.")
    labels = page.eval_on_selector_all("#controls button", "e => e.map(x => x.textContent.replace(/^\\d /, ''))")
    assert labels[-1] == "send 3 armies, roll 3 dice" and "send 3 armies, roll 1 die" in labels
    assert person.errors == []
    person.close()
