"""`risk serve` in a real browser: a whole game played by clicking, the hot seat, and two people
at two browsers who never see each other's cards or mission (headless Chromium, tests/browser.py)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from riskrules.engine.replay import replay
from riskrules.engine.log import read_log
from browser import screenshot
from webserver import Served

QUESTION = "body[data-question]:not([data-question=''])"
# Person.look's script: waits as wait_for_function does (a check each animation frame, 60 s at most:
# a loaded machine answers slowly) for a question, and for the page's last answer to be acknowledged
# (table.js's `sending`: until then a click is ignored, and the acknowledgement clears a chosen source),
# then reads all that the person looks at; null after 60 s.
LOOK = """async (question) => {
  const body = document.body, end = Date.now() + 60000;
  while ((!document.querySelector(question) || sending) && body.dataset.over !== "yes") {
    if (Date.now() > end) return null;
    await new Promise((r) => requestAnimationFrame(r));
  }
  const armies = [...document.querySelectorAll("#board path.choosable")].map((x) => {
    const n = Number(x.id.slice(1)), label = document.getElementById("a" + n);
    const text = label ? label.textContent : "";
    return [n, /^[0-9]+$/.test(text) ? Number(text) : 0];
  });
  return {over: body.dataset.over === "yes", question: body.dataset.question, kind: body.dataset.kind, armies,
          primary: document.querySelector("#controls button.primary") !== null, all_left: info.words.all_left};
}"""


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path / "games")
    yield server
    server.stop()


def make(served: Served, **request) -> dict:
    data = json.dumps(request).encode()
    asked = urllib.request.Request(served.url + "/api/games", data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(asked) as answer:
        return json.load(answer)


class Person:
    """Somebody at a page who plays by looking at the board and clicking: places everything on
    their strongest territory, attacks from it while it has armies to spare, never fortifies."""

    def __init__(self, browser, url: str):
        self.context = browser.new_context(viewport={"width": 1400, "height": 950})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" and "(Unprocessable Entity)"
                     not in m.text else None)  # (Chromium logs a refused answer's 422 as a failed load)
        self.page.goto(url)
        self.kinds: dict[str, int] = {}
        self.refusals: list[str] = []
        self.again: set[str] = set()  # the questions play_one answered a second time (answered)

    def choosable(self) -> dict[int, int]:
        """The territories the page lets one choose, in the board's order, each with the armies its label
        shows (0 for none): one look at the page, not one a territory (each look is a round trip)."""
        return dict(self.page.eval_on_selector_all("#board path.choosable", """e => e.map(x => {
            const n = Number(x.id.slice(1)), label = document.getElementById("a" + n);
            const text = label ? label.textContent : "";
            return [n, /^[0-9]+$/.test(text) ? Number(text) : 0];
        })"""))

    def click(self, x: int) -> None:
        self.page.dispatch_event(f"#c{x}", "click")  # (the cell itself: a label may lie over its middle)

    def answered(self, question: str, again: bool = False) -> None:
        """Wait until the page asks something else; `again` (play_one's): once a question, a timeout
        returns instead, for the question to be answered again — a state that came between two
        clicks may have redrawn the board and dropped the first."""
        try:
            self.page.wait_for_function(
                "n => document.body.dataset.question !== n || document.body.dataset.over === 'yes'", arg=question,
                timeout=60_000)  # (as long as play_one waits for a question: a loaded machine answers slowly)
        except Exception as err:  # (Playwright's TimeoutError: what the page showed, so a failure says why)
            if type(err).__name__ != "TimeoutError":
                raise
            if again and question not in self.again:
                self.again.add(question)
                return
            shown = self.page.evaluate("""() => ({kind: document.body.dataset.kind, question: document.body.dataset.question,
                refusal: document.getElementById('refusal').textContent, prompt: document.getElementById('prompt').textContent,
                offline: !document.getElementById('offline').hidden, versions: JSON.stringify(versions)})""")
            raise AssertionError(f"question {question} still asked after 60 s: {shown}; errors {self.errors}") from None

    def look(self) -> dict:
        """Wait for a question (or the end), then what the person sees of it, in one round trip (each
        Playwright call is one, and a person's answer took 6 to 8 of them): whether the game is over,
        the question and its kind, the territories one may choose with their armies (`choosable`),
        whether the controls have a primary button, and the words of the "all that are left" button."""
        shown = self.page.evaluate(LOOK, QUESTION)
        if shown is None:
            raise AssertionError(f"no question and no end after 60 s; errors {self.errors}")
        shown["armies"] = dict(shown["armies"])
        return shown

    def play_one(self) -> bool:
        """Answer the question on the page; False once the game is over."""
        page = self.page
        shown = self.look()
        if shown["over"]:
            return False
        question, kind = shown["question"], shown["kind"]
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        n = self.kinds[kind]
        if kind in ("claim", "capital", "bonus"):
            self.click(next(iter(shown["armies"])))
        elif kind == "place":
            armies = shown["armies"]
            best = max(armies, key=armies.get)
            if not shown["primary"] and n % 2:
                page.select_option("#pick", str(best))  # the keyboard's way: the list of territories, then Enter
                page.press("#pick", "Enter")
            else:
                self.click(best)
            all_left = page.locator("#controls button", has_text=shown["all_left"])
            if shown["primary"] and all_left.count():  # (a Place button: more than one army, so a click made it)
                all_left.click()
        elif kind == "attack":
            armies = shown["armies"]
            sources = [x for x in armies if armies[x] >= 4]
            if not sources:
                page.keyboard.press("Enter")  # the primary button: stop attacking
            else:
                self.click(max(sources, key=armies.get))
                if not self.refusals:  # once: more armies to keep than there are, refused by the engine
                    page.fill("#keep", "999")
                    self.click(min(targets := self.choosable(), key=targets.get))
                    page.wait_for_function("() => document.getElementById('refusal').textContent !== ''")
                    self.refusals.append(page.text_content("#refusal"))
                    # choose again from the start: Escape, out of #keep first (table.js's keys ignore it in an input;
                    # kept, the chosen source made the next look see its targets, and a stop could stall there)
                    page.evaluate("() => document.activeElement.blur()")
                    page.keyboard.press("Escape")
                    page.wait_for_function("() => !document.querySelector('#board .selected')")
                    return True
                if n % 3 == 1:
                    page.check("input[name=until][value=once]")
                elif n % 5 == 2:
                    page.fill("#keep", "2")
                else:  # (the mode is kept for the turn: chosen again each time)
                    page.check("input[name=until][value=taken]")
                self.click(min(targets := self.choosable(), key=targets.get))
        elif kind in ("dice", "defend", "occupy", "trade"):
            page.keyboard.press("Enter")  # the most dice, all armies in, the first set
        elif kind == "fortify":
            page.locator("#controls button.primary").click()  # end the turn
        self.answered(question, again=True)
        return True


def test_a_whole_game_by_clicking(browser, served, tmp_path):
    lobby = browser.new_context().new_page()
    lobby.goto(served.url)
    lobby.wait_for_selector("#edition option", state="attached")
    lobby.select_option("#edition", "edition:nl-1990")
    lobby.select_option("select[name=seat1]", "balanced")
    lobby.select_option("#lang", "en")
    lobby.fill("#seed", "11")
    lobby.click("#create")
    lobby.wait_for_selector("#made:not([hidden])")
    assert lobby.locator("#links li").count() == 1
    link = lobby.get_attribute("#links a", "href")
    made = {"id": link.split("/")[2].split("#")[0]}
    person = Person(browser, served.url + link)
    answers = 0
    while person.play_one():
        answers += 1
        assert answers < 3000
    assert person.page.text_content("#over").startswith("The game is over.")
    screenshot(person, "web-game-over", tmp_path, full_page=False)
    assert person.errors == []
    # every kind of question a person meets in a game was answered with the mouse or the keyboard
    assert {"place", "attack", "dice", "occupy", "fortify", "trade"} <= set(person.kinds), person.kinds
    assert person.refusals[0].startswith("Not allowed: keep between 1 and ")
    assert person.refusals[0].endswith(" armies in the attacking territory.")
    log = served.host.directory / f"{made['id']}.jsonl"
    report = replay(log)
    assert report.ok and report.result is not None
    events = read_log(log)
    assert events[0]["kind"] == "log" and events[0]["players"][0]["agent"] == "human"
    assert sum(1 for e in events if e.get("player") == "red" and e["type"] in ("claim", "place")) > 14
    person.context.close()
    lobby.context.close()


# A question, or the screen handed over (waited for as Person.look waits, 30 s at most): true for the latter.
HANDED_OVER = """async (question) => {
  const end = Date.now() + 30000, handover = document.getElementById("handover");
  while (!document.querySelector(question) && handover.hidden) {
    if (Date.now() > end) throw new Error("no question and no hand-over after 30 s");
    await new Promise((r) => requestAnimationFrame(r));
  }
  return !handover.hidden;
}"""


def test_hot_seat_hands_the_screen_over(browser, served):
    made = make(served, edition="nl-1990", players=3, seats=["human", "human", "balanced"], seed=4, lang="en")
    person = Person(browser, served.url + made["hot_seat"])
    page = person.page
    seen = set()
    for _ in range(600):  # the screen goes from one person to the other, each saying who he is, once either
        # has something of his own to hide (in nl-1990, from the missions dealt after the setup)
        if len(seen) == 2:
            break
        if page.evaluate(HANDED_OVER, QUESTION):
            assert page.locator("#table").is_hidden()  # nothing of either seat is shown in between
            text = page.text_content("#handover-text")
            assert text in ("Hand the screen to red.", "Hand the screen to blue.")
            if len(seen) % 2:
                page.keyboard.press("Enter")  # the keyboard says who sits down
            else:
                page.locator("#handover-go").click()
            seen.add(text)
            continue
        person.play_one()
    assert seen == {"Hand the screen to red.", "Hand the screen to blue."}
    assert person.errors == []
    person.context.close()


def secrets_of(served: Served, gid: str, seat: int) -> tuple[list[str], str]:
    """A seat's cards and mission in words, as its own page shows them."""
    state = served.host.games[gid].shown(seat)[1]
    return state["hand"], state["mission"]


# The page once it has a seat's state of at least a version (waited for as Person.look waits), in one round
# trip: its HTML as page.content() gives it (the doctype, then the document), and whether a question is up.
SHOWN = """async ([seat, version]) => {
  const end = Date.now() + 30000;
  while ((versions[seat] || 0) < version) {
    if (Date.now() > end) throw new Error(`seat ${seat}'s state ${version} not shown after 30 s`);
    await new Promise((r) => requestAnimationFrame(r));
  }
  const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "";
  return [doctype + document.documentElement.outerHTML, Boolean(document.body.dataset.question)];
}"""


def test_two_browsers_never_see_each_others_cards_or_mission(browser, served):
    made = make(served, edition="sv-2000", players=3, seats=["human", "human", "balanced"], seed=8, lang="en")
    red, blue = (Person(browser, served.url + seat["link"]) for seat in made["seats"])
    gid = made["id"]
    game = served.host.games[gid]
    checked = 0
    for _ in range(400):
        for person, me, other in ((red, 0, 1), (blue, 1, 0)):
            page = person.page
            # the page shows at least what its seat's state was a moment ago (a mission dealt between the page's
            # look and the server's is in neither yet, or in both)
            version, mine = served.host.games[gid].shown(me)
            html, asked = page.evaluate(SHOWN, [me, version])
            own_hand, own_mission = mine["hand"], mine["mission"]
            their_hand, their_mission = secrets_of(served, gid, other)
            if their_mission.startswith("Your mission") and their_mission != own_mission:
                assert their_mission not in html
            assert all(card not in html for card in their_hand if card not in own_hand)
            assert own_mission in html
            checked += 1
            if asked:
                person.play_one()
        if game.game.turn > 12 or game.finished:
            break
    assert game.game.turn > 12 or game.finished
    hands = [game.game.hands[0], game.game.hands[1]]
    assert any(hands) and checked > 50  # cards were held while the pages were read
    assert red.errors == [] and blue.errors == []
    red.context.close()
    blue.context.close()
