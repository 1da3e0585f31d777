"""What happened since one's last turn in rounds of orders given together (issue 45): every seat's
orders are carried out in the turn of the seat whose turn began last, and the digest
(text/turn_digest.py, the terminal's and the browser's one home) tells a line for each player who
took something, under its own turn of the round, never the seat's own conquests. A game of the
gallery file warzone-default.risk (fog: the conquests red saw), three balanced bots, red's seat
told it as the browser (web/since.py) and the terminal (terminal/table.py) hear it."""

from __future__ import annotations

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook
from riskrules.terminal.table import Table
from riskrules.text.i18n import Text
from riskrules.web.since import Since

RULES = open_rulebook("warzone-default").rules(None, 3)


def test_a_line_for_each_conqueror_of_a_round_of_orders():
    t = Text("en", RULES.terms, RULES.board)
    since, said, blue = Since(RULES, t, 0), [], Since(RULES, t, 1)
    table = Table(RULES, t, {"red"}, said.append)
    page, terminal, events, blues = [], [], [], []

    def hear_blue(e):  # (blue's turn is the round's last: the orders are carried out in it)
        blue(e)
        if e["type"] == "turn_start" and e["player"] == "blue":
            blues.append((e["turn"], blue.shown()["since"]))

    def hear(e):
        since(e)
        table(e)
        if e["type"] == "turn_start" and e["player"] == "red":
            page.append((e["turn"], since.shown()["since"]))
            table.flush()
            terminal.append([line for line in said if ", turn " in line])
            said.clear()

    game = Game(RULES, [make_bot("balanced") for _ in range(3)], 1, max_turns=9, listeners=[events.append],
                seat_listeners={0: hear, 1: hear_blue})
    since.view, blue.view = game.sights[0], game.sights[1]
    table.join(game.sights[0])
    game.play()
    # round 1 (turns 1–3: yellow, red, blue), all carried out in blue's turn 3
    assert [(e["turn"], e["player"], e["to"]) for e in events if e["type"] == "conquest" and e["turn"] == 3] == [
        (3, "yellow", "scandinavia"), (3, "blue", "quebec"), (3, "red", "argentina"), (3, "blue", "southern_europe")]
    assert page == [
        (2, []),
        (5, ["Yellow, turn 1: takes Scandinavia from red.",
             "Blue, turn 3: takes Quebec from red; takes Southern Europe from yellow."]),
        (8, ["Yellow, turn 4: takes Northern Europe from red.",
             "Blue, turn 6: takes Central America, Ukraine from yellow; takes South Africa from red."])]
    # blue's page: what was carried out in its own turn, told at its next (under fog: what it saw)
    assert blues == [(3, []), (6, ["Yellow, turn 1: no conquest that you saw."]),
                     (9, ["Yellow, turn 4: takes Northern Europe from red; takes Ontario from blue.",
                          "Red, turn 5: takes North Africa from blue."])]
    assert terminal == [[], [line for line in page[1][1]], [line for line in page[2][1]]]
