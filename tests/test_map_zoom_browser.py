"""Issue 49, "zoom and pan in every page": the replay page's board, like the table page's, zooms with + and −
(1 to 6 times the page's width, its middle kept in place) and pans by scrolling, in Chromium."""

from __future__ import annotations

from typer.testing import CliRunner

from browser import Opened
from riskrules.cli import app

runner = CliRunner()


def test_the_replay_pages_board_zooms_in_and_out_and_pans(browser, tmp_path):
    log, page_file = tmp_path / "g.jsonl", tmp_path / "g.html"
    assert runner.invoke(app, ["play", "classic", "--humans", "0", "--players", "3", "--seed", "4", "--max-turns",
                               "12", "--log", str(log), "--quiet"]).exit_code == 0
    assert runner.invoke(app, ["replay", str(log), "--html", str(page_file)]).exit_code == 0
    opened = Opened(browser, page_file, width=1200, height=900)
    try:
        page = opened.page
        page.wait_for_selector("body[data-ready]")
        size = """() => { const box = document.getElementById("board"), svg = box.querySelector("svg");
                          return [Math.round(svg.getBoundingClientRect().width / box.clientWidth * 100),
                                  box.scrollWidth > box.clientWidth, document.body.dataset.zoom || "1"]; }"""
        assert page.evaluate(size) == [100, False, "1"]
        assert page.get_attribute("#zoom-in", "aria-label") == "Zoom in"
        page.click("#zoom-in")
        page.click("#zoom-in")
        assert page.evaluate(size) == [156, True, "1.56"]  # 1.25 × 1.25, wider than its box: it scrolls
        middle = page.evaluate("""() => { const b = document.getElementById("board");
                                          return Math.round((b.scrollLeft + b.clientWidth / 2) / b.scrollWidth * 100); }""")
        assert middle == 50  # the middle kept in the middle
        assert page.evaluate("""() => { const b = document.getElementById("board"); const was = b.scrollLeft;
                                        b.scrollLeft = 0; return [was > 0, b.scrollLeft]; }""") == [True, 0]  # panned
        for _ in range(12):
            page.click("#zoom-in")
        assert page.evaluate(size)[0::2] == [600, "6.00"]  # no further than 6 times
        for _ in range(12):
            page.click("#zoom-out")
        assert page.evaluate(size) == [100, False, "1.00"]  # and back, no smaller than the page
        assert opened.errors == [] and opened.outside() == []
    finally:
        opened.close()
