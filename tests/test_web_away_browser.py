"""Seats that empty (issue 48, item 9), in Chromium: the host releases a person's seat and he takes it
back; then his page is closed, the other person's page sees the bot play his seat, and he comes
back with his link."""

from __future__ import annotations

from webserver import Served
from webtable import Clicker, make

AWAY = "Red is away: played by balanced until he returns."


def asked(clicker: Clicker) -> bool:
    return clicker.page.evaluate("(document.body.dataset.question || '') !== ''")


def turn(clicker: Clicker) -> int:
    return clicker.page.evaluate("states[current] ? states[current].turn : 0")


def play_until(people: list[Clicker], done) -> None:
    """Answer whichever page is asked, until `done()`."""
    while not done():
        for person in people:
            if asked(person) and not done():
                person.play_one()
        people[0].page.wait_for_timeout(50)


def test_a_person_who_leaves_is_played_by_the_bot_until_he_comes_back(browser, tmp_path):
    served = Served(tmp_path / "games")
    served.host.away = 1.0  # (`risk serve --away 1`)
    try:
        made = make(served.url, edition="three-isles", players=3, seats=["human", "human", "balanced"], seed=5,
                    lang="en", max_turns=9)
        red_link, blue_link = made["seats"][0]["link"], made["seats"][1]["link"]
        red = Clicker(browser, served.url + red_link)
        blue = Clicker(browser, served.url + blue_link + "&host=" + made["host"])  # (blue made the game: the host)
        play_until([red, blue], lambda: asked(blue) and turn(blue) >= 2)
        # the host releases red's seat from his page; red's page says so and takes it back
        assert blue.page.locator("button.release").count() == 1
        blue.page.click("button.release[data-seat='0']")
        red.page.wait_for_selector("#away button")
        assert red.page.eval_on_selector_all("#away li", "e => e.map(x => x.textContent)") == [AWAY]
        red.page.click("#away button")
        # (blue's page must first hear that red is back: else its "Red is away" of the release, still
        # shown, would be taken below for the one the bot's taking over makes)
        blue.page.wait_for_function("() => document.getElementById('away').hidden")
        # red closes his page: a second later the bot plays his seat, and blue's page says so
        red.close()
        play_until([blue], lambda: blue.page.eval_on_selector_all("#away li", "e => e.length") == 1)
        assert blue.page.inner_text("#away") == AWAY
        play_until([blue], lambda: turn(blue) >= 5)  # (red's turn 4: the bot's)
        assert any(line.startswith("Red") for line in blue.page.eval_on_selector_all(
            "#log li", "e => e.map(x => x.textContent)"))
        # red opens his link again: his seat is his at its next question, and no page says he is away
        red = Clicker(browser, served.url + red_link)
        play_until([blue], lambda: asked(red))
        assert turn(red) == 7 and red.page.inner_text("#away") == ""
        blue.page.wait_for_function("() => document.getElementById('away').hidden")
        assert red.errors == [] and blue.errors == []
        red.close()
        blue.close()
    finally:
        served.stop()
