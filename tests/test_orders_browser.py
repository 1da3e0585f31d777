"""Orders given together (issue 45) on a game's page, in a real browser (headless Chromium,
tests/browser.py): two people and a bot play Warzone's default settings (fog, kill rates, orders
given together) on a small board (tests/data/orders-isles.risk) through `risk serve`. Each person
deploys, draws orders as arrows (a source, a neighbour, the armies, attack only), removes one,
and sends them together; the resolution each page then tells is the engine's (its log, told as
that seat), and no state the server made for a page before the round's orders were carried out
holds anything of another's orders: its board stands as the round began, its account tells no
order, and only whose orders are in."""

from __future__ import annotations

import json
import time
from pathlib import Path

from riskrules.engine.replay import seat_stream
from riskrules.text.i18n import Text
from riskrules.text.narrate import Narrator
from browser import screenshot
from test_web_browser import Person, make
from webserver import Served

DATA = Path(__file__).resolve().parent / "data"
ORDER_LINE = ("(an order)", "is skipped:")


class Recorded(dict):
    """A hosted game's snapshots, each one made also kept with how many log lines stood then."""

    def __init__(self, hosted, *args):
        super().__init__(*args)
        self.hosted, self.made = hosted, []

    def __setitem__(self, seat, state):
        self.made.append((len(self.hosted.lines), seat, state))
        super().__setitem__(seat, state)


def give_orders(person: Person, me: int, n: int, tmp_path: Path, orders_in: str, shot: str | None,
                simple: bool = False) -> list[list[int]]:
    """The deployments given: in the first round draw two orders, remove the second, add an attack
    only, send; in the second (or in every round, `simple`), one order with the keyboard's Enter.
    `orders_in`: whose orders the page should say are in; `shot`: the screenshot's name (seat 0,
    first round). The list sent."""
    page = person.page
    d = page.evaluate("states[current].decision")
    owner = page.evaluate("states[current].owner")
    assert d["prompt"] == "Your orders: click one of your territories, then a neighbour; send them all together."
    assert d["modes"] == [0, 1, 2] and d["given"] == [] and d["deployed"]
    assert page.text_content("#deployed").startswith("Your deployments this round: ")
    assert page.text_content("#orders-in") == orders_in  # whose orders are in, not what
    sources = person.choosable()
    source = max(sources, key=lambda x: sources[x] + sum(a for t, a in d["deployed"] if t == x))
    person.click(source)
    targets = person.choosable()
    enemy = [x for x in targets if owner[x] != me]
    target = enemy[0] if enemy else next(iter(targets))
    person.click(target)
    assert page.input_value("#number") == str(min(d["most"], sources[source] + sum(
        a for t, a in d["deployed"] if t == source) - d["guard"]) or 1)
    if n > 0 or simple:  # (the second round: one order, as it comes)
        page.keyboard.press("Enter")  # Add the order: all the armies free there, either
        number = min(d["most"], sources[source] + sum(a for t, a in d["deployed"] if t == source) - d["guard"]) or 1
        question = page.get_attribute("body", "data-question")
        page.keyboard.press("Enter")  # Send orders
        person.answered(question)
        return [[0, source, target, number]]
    page.fill("#number", "2")
    page.locator("#controls button.primary").click()  # Add the order (either)
    person.click(source)
    person.click(target)
    page.fill("#number", "1")
    page.locator("#controls button.primary").click()
    assert page.locator("#board .order-arrow").count() == 2  # each order an arrow on the board
    page.click("#orders button[data-remove='1']")  # the second taken off again
    assert page.locator("#board .order-arrow").count() == 1
    person.click(source)
    person.click(target)
    page.check("input[name=order-mode][value='1']")
    page.fill("#number", "3")
    page.locator("#controls button.primary").click()
    sent = [[0, source, target, 2], [1, source, target, 3]]
    a, b = page.evaluate(f"[info.territories[{source}], info.territories[{target}]]")
    assert page.eval_on_selector_all("#orders li", "e => e.map(x => x.firstChild.textContent)") == \
        [f"{a} → {b}, 2 ", f"{a} → {b}, 3, attack only "]
    assert page.locator("#orders button[data-remove]").count() == 2
    if me == 0 and shot:
        screenshot(person, shot, tmp_path, full_page=False)
    question = page.get_attribute("body", "data-question")
    page.click("#send-orders")
    person.answered(question)
    return sent


def orders_in(hosted) -> str:
    """The page's line of whose orders of the round now being given the engine has."""
    events = [json.loads(line) for line in hosted.lines]
    now = max(e["round"] for e in events if e["type"] == "turn_start")
    given = [e["player"] for e in events if e["type"] == "orders_given" and e["round"] == now]
    return "Orders given this round: " + ", ".join(given) + "." if given else ""


def play_orders(browser, served: Served, made: dict, tmp_path: Path, shot: str | None, simple: bool = False,
                most_s: float = 60):
    """Two people (seats 0 and 1) play a hosted game of orders given together to its end: the setup's
    armies spread at one click, deployments by Person.play_one, orders by give_orders (`simple`: one
    order a round). The game, the orders each sent, each page's account, the snapshots made."""
    start = time.monotonic()
    hosted = served.host.games[made["id"]]
    hosted.snapshots = recorded = Recorded(hosted, hosted.snapshots)
    people = {s["seat"]: Person(browser, served.url + s["link"]) for s in made["seats"]}
    sent: dict[int, list] = {0: [], 1: []}
    while True:
        looks = {s: p.page.evaluate("() => [document.body.dataset.over, document.body.dataset.question, "
                                    "document.body.dataset.kind]") for s, p in people.items()}
        if all(over == "yes" for over, _, _ in looks.values()):
            break
        asked = [s for s, (_, q, _) in looks.items() if q]
        if not asked:
            time.sleep(0.03)
            continue
        seat = asked[0]
        person = people[seat]
        spread = person.page.locator("#controls button", has_text="Spread the rest")
        if looks[seat][2] == "order":
            sent[seat].append(give_orders(person, seat, len(sent[seat]), tmp_path, orders_in(hosted), shot, simple))
        elif looks[seat][2] == "place" and spread.count() and person.page.evaluate(
                "states[current].decision.most") == 1:  # the setup's armies, one at a time: at one click
            spread.click()
            person.answered(looks[seat][1])
        else:
            person.play_one()
        assert time.monotonic() - start < most_s
    told = {s: p.page.eval_on_selector_all("#log li", "e => e.map(x => x.textContent)") for s, p in people.items()}
    assert all(p.errors == [] for p in people.values())
    for p in people.values():
        p.context.close()
    return hosted, sent, told, recorded


def check_orders(hosted, sent: dict, told: dict, recorded: Recorded, rounds: int) -> None:
    """What each person sent is what the engine carried out, in the order given; the resolution each
    page shows is the engine's log told as that seat; no state made for a page while a round's
    orders were given shows anything of them."""
    assert len(sent[0]) == len(sent[1]) == rounds
    events = [json.loads(line) for line in hosted.lines]
    names = [p["name"] for p in events[0]["players"]]
    rules = hosted.game.rules
    orders = [e for e in events if e["type"] == "order"]
    for seat in (0, 1):
        mine = [(e["mode"], e["from"], e["to"], e["asked"]) for e in orders if e["player"] == names[seat]]
        modes = ("either", "attack_only", "transfer_only")
        assert mine == [(modes[m], rules.board.territories[a], rules.board.territories[b], n)
                        for round_ in sent[seat] for m, a, b, n in round_]
        # the resolution the page shows: the engine's log told as that seat, narrated
        narrate = Narrator(rules, Text("en", rules.terms, rules.board), {names[seat]})
        expected = [line for e in seat_stream(events, rules, names[seat]) if (line := narrate(e))
                    and any(mark in line for mark in ORDER_LINE)]
        shown = [line for line in told[seat] if any(mark in line for mark in ORDER_LINE)]
        assert shown and shown == expected[-len(shown):]
    starts = [i for i, e in enumerate(events) if e["type"] == "turn_start"]
    given = [i for i, e in enumerate(events) if e["type"] == "orders_given"]
    firsts = {}
    for i in starts:
        firsts.setdefault(events[i]["round"], i)
    for r, first in firsts.items():
        last_given = max(i for i in given if events[i]["round"] == r)
        for seat in (0, 1):
            during = [(at, state) for at, s, state in recorded.made if s == seat and first < at <= last_given + 1]
            assert during, (r, seat)
            boards = {(tuple(state["owner"]), tuple(state["armies"])) for _, state in during}
            assert len(boards) == 1  # the board as the round began, all the while
            counts = {sum(any(mark in line for mark in ORDER_LINE) for line in state["log"]) for _, state in during}
            assert len(counts) == 1  # no order told before they are carried out
            for at, state in during:  # whose orders are in: those who had given them then, no more
                in_ = [names.index(events[i]["player"]) for i in given if first <= i < at and events[i]["round"] == r]
                assert state["orders_in"]["seats"] == in_
                assert state["orders_in"]["text"] == ("Orders given this round: " + ", ".join(
                    names[s] for s in in_) + "." if in_ else "")


def test_two_people_give_orders_in_their_browsers(browser, tmp_path):
    served = Served(tmp_path / "games", rules_dirs=(DATA,))
    try:
        made = make(served, file="orders-isles.risk", players=3, seats=["human", "human", "balanced"], seed=5,
                    lang="en", max_turns=6)
        played = play_orders(browser, served, made, tmp_path, "orders-drawn")
    finally:
        served.stop()
    check_orders(*played, rounds=2)
