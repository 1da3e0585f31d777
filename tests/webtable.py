"""A person at a `risk serve` page who plays in few clicks and counts them (issue 48): the
setup's armies spread in one click, a turn's too, one attack a turn pressed until taken from
the strongest territory on a weaker neighbour, every move-in whole, never a fortification."""

from __future__ import annotations

import json
import urllib.request

QUESTION = "() => (document.body.dataset.question || '') !== '' || document.body.dataset.over === 'yes'"


def make(url: str, **request) -> dict:
    data = json.dumps(request).encode()
    asked = urllib.request.Request(url + "/api/games", data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(asked) as answer:
        return json.load(answer)


class Clicker:
    def __init__(self, browser, url: str | None = None, width: int = 1400, height: int = 900, page=None):
        self.context = None
        if page is None:
            self.context = browser.new_context(viewport={"width": width, "height": height})
            page = self.context.new_page()
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        if url is not None:
            page.goto(url)
        self.clicks = 0
        self.kinds: dict[str, int] = {}
        self.attacked_turn = -1
        self.hurry = False  # click the fast-forward button while the bots play?
        self.hurried = 0  # clicks on it (as many as the waits it shortened: how many depends on the clock)

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.clicks += 1

    def cell(self, x: int) -> None:
        self.page.dispatch_event(f"#c{x}", "click")
        self.clicks += 1

    def button(self, text_key: str) -> None:
        text = self.page.evaluate(f"info.words.{text_key}")
        self.page.locator("#controls button", has_text=text).first.click()
        self.clicks += 1

    def choosable(self) -> dict[int, int]:
        return dict(self.page.eval_on_selector_all("#board path.choosable", """e => e.map(x => {
            const n = Number(x.id.slice(1)), label = document.getElementById("a" + n);
            return [n, /^[0-9]+$/.test(label ? label.textContent : "") ? Number(label.textContent) : 0];
        })"""))

    def wait(self) -> bool:
        """Until a question or the end (clicking the fast-forward button once a wait, if `hurry`); False at the end."""
        page = self.page
        if self.hurry and page.evaluate("""() => { const b = document.getElementById('hurry');
                if (document.body.dataset.question || !b) return false;
                b.click(); return true; }"""):
            self.clicks += 1
            self.hurried += 1
        page.wait_for_function(QUESTION, timeout=60_000)
        return page.evaluate("document.body.dataset.over") != "yes"

    def play_one(self, stop_at=None) -> bool:
        """Answer the question up; False at the end (or when `stop_at(state)` says so before answering)."""
        if not self.wait():
            return False
        page = self.page
        question, kind, turn = page.evaluate("[document.body.dataset.question, document.body.dataset.kind, "
                                             "states[current].turn]")
        if stop_at is not None and stop_at(kind, turn):
            return False
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        if kind in ("claim", "capital", "bonus"):
            self.cell(min(self.choosable()))
        elif kind == "place":
            self.button("spread")
        elif kind == "attack":
            armies = self.choosable()
            sources = [x for x in armies if armies[x] >= 5]
            if self.attacked_turn == turn or not sources:
                self.button("end_turn")  # no more attacks, no armies moved
            else:
                self.attacked_turn = turn
                source = max(sources, key=lambda x: (armies[x], -x))
                self.cell(source)
                targets = self.choosable()
                self.cell(min(targets, key=lambda x: (targets[x], x)))
        elif kind in ("dice", "defend", "occupy", "trade", "fortify", "discard", "reroll", "play"):
            self.click("#controls button.primary")  # the most dice, all armies in, the first set, end the turn
        page.wait_for_function("n => document.body.dataset.question !== n || document.body.dataset.over === 'yes'",
                               arg=question, timeout=60_000)
        return True

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
