"""Cards that do something on a game's page (issue 44), in a real browser (headless Chromium,
tests/browser.py): in one short game of tests/data/all-cards.risk a person plays every kind of card
from its button — then a click on its target on the board, or a player or a continent from a list —
and sees each play told, and his cards that do something listed."""

from __future__ import annotations

from pathlib import Path

from riskrules.engine.log import read_log
from riskrules.engine.replay import replay
from browser import screenshot
from test_web_browser import QUESTION, Person, make
from webserver import Served

DATA = Path(__file__).resolve().parent / "data"
KINDS = {"reinforcement", "spy", "reconnaissance", "surveillance", "airlift", "gift", "diplomacy", "sanctions",
         "bomb", "blockade"}


def play_a_card(person: Person) -> str:
    """Click the first card's button, then its first target: the card's name."""
    page = person.page
    question = page.get_attribute("body", "data-question")
    card = page.evaluate("states[current].decision.cards[0]")
    page.click(f"#controls button[data-card='{card['name']}']")
    shape = card["shape"]
    if shape in ("territory", "give", "move"):
        person.click(next(iter(person.choosable())))  # the territory (an airlift's: from)
    if shape == "move":
        person.click(next(iter(person.choosable())))  # to
        page.fill("#number", "1")
        page.locator("#controls button.primary").click()
    elif shape in ("give", "player", "players"):
        page.locator("#controls button[data-player]").first.click()
        if shape == "players":  # (the second player, from the list that is left)
            page.locator("#controls button[data-player]").first.click()
    elif shape == "continent":
        page.locator("#controls button[data-continent]").first.click()
    person.answered(question)
    return card["name"]


def test_every_kind_of_card_is_played_from_its_button(browser, tmp_path):
    served = Served(tmp_path / "games", rules_dirs=(DATA,))
    try:
        made = make(served, file="all-cards.risk", players=2, seats=["human", "balanced"], seed=3, lang="en")
        person = Person(browser, served.url + made["seats"][0]["link"])
        page = person.page
        played: list[str] = []
        for _ in range(400):
            page.wait_for_function(f"() => document.querySelector(\"{QUESTION}\") || "
                                   "document.body.dataset.over === 'yes'", timeout=60_000)
            if page.get_attribute("body", "data-kind") == "play":
                if not played:  # the cards are listed with what each would do now
                    assert page.text_content("#prompt") == "Play a card: click it, then its target; or play none."
                    assert page.locator("#controls p.card-play").count() == 9  # (the blockade: at the end)
                    assert "Your cards that do something: reinforcement, spy, reconnaissance, surveillance, " \
                           "airlift, gift, diplomacy, sanctions, bomb, blockade." in page.text_content("#hand")
                    screenshot(person, "cards-play", tmp_path, full_page=False)
                played.append(play_a_card(person))
            elif not person.play_one() or len(played) == len(KINDS):
                break
        assert sorted(played) == sorted(KINDS)
        assert "You hold no card that does something." in page.text_content("#hand") or \
            "Your cards that do something:" in page.text_content("#hand")
        told = page.text_content("#log")
        assert person.errors == []
        person.context.close()
        hosted = served.host.games[made["id"]]
        hosted.close()
        hosted.write_log()  # (the game so far: every play in it, and it replays)
    finally:
        served.stop()
    plays = [e for e in read_log(hosted.log_path) if e["type"] == "card_played" and e["player"] == "red"]
    assert sorted(e["card"] for e in plays) == sorted(KINDS)
    report = replay(hosted.log_path)  # (every line replays; the game is left where it was)
    assert report.matched == report.lines > 100
    assert told.count("Red plays") == len(KINDS)
