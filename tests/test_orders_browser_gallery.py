"""The Warzone gallery file itself (rulebooks/house/warzone-default.risk, on the classic board) played
in headless Chromium through `risk serve` by two people and a bot: a round of orders given together
(fog, kill rates), both people's orders checked against the engine's log, the resolution each page
shows against the engine's told as that seat, and no page shown another's orders before they are
carried out (the helpers of tests/test_orders_browser.py)."""

from __future__ import annotations

from test_orders_browser import check_orders, play_orders
from test_web_browser import make
from webserver import Served


def test_the_warzone_gallery_file_in_two_browsers_and_a_bot(browser, tmp_path):
    served = Served(tmp_path / "games")
    try:
        made = make(served, edition="warzone-default", players=3, seats=["human", "human", "balanced"], seed=3,
                    lang="en", max_turns=3)
        played = play_orders(browser, served, made, tmp_path, None, simple=True)  # (the drawing: test_orders_browser)
    finally:
        served.stop()
    hosted = played[0]
    assert hosted.game.rules.board.territories[0] == "alaska" and len(hosted.game.rules.board.territories) == 42
    check_orders(*played, rounds=1)
