"""Cards that do something, played by a person in a game (issue 44): at the terminal every kind of
tests/data/all-cards.risk is typed at the play question of one turn and played as typed; a
diplomacy card then refuses an attack with the card's sentence; the replay page, told as a seat,
shows the plays that seat was told of (the hidden spy: its holder only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.decisions import ATTACK, PLAY
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook
from riskrules.terminal.human import HumanAgent
from riskrules.text.card_plays import kinds_of, shape
from riskrules.text.i18n import Text
from riskrules.text.replay_page import steps
from riskrules.web.view import described

ALL_CARDS = Path(__file__).resolve().parent / "data" / "all-cards.risk"
KINDS = ["reinforcement", "spy", "reconnaissance", "surveillance", "airlift", "gift", "diplomacy", "sanctions",
         "bomb", "blockade"]


class Person(HumanAgent):
    """Types a play of the first card offered, with its first targets, by name; types one attack the
    diplomacy card forbids; leaves every other question to a bot."""

    def __init__(self, t: Text):
        self.said: list[str] = []
        super().__init__(t, read=self.type, write=self.said.append)
        self.typed: list[str] = []
        self.forbidden: tuple[int, int] | None = None

    def start(self, view, seat, rng):
        super().start(view, seat, rng)
        self.bot = BalancedAgent()
        self.bot.start(view, seat, rng)

    def decide(self, d):
        if d.kind == PLAY:
            return super().decide(d)
        if d.kind is ATTACK and self.forbidden is None and self.view.turn == 1:
            g = self.view
            self.faced = described(d, g, self.t, 1, 0).get("faced")  # (what the page shows with the question)
            self.forbidden = next((a, b) for a in range(g.size) if g.owner[a] == self.seat and g.armies[a] > 1
                                  for b in g.adjacent[a] if g.owner[b] == 1)
            return super().decide(d)
        return self.bot.decide(d)

    def type(self, prompt: str) -> str:
        v, d = self.view, self.pending
        if d.kind is ATTACK:
            text = "" if self.typed[-1].startswith("attack") else \
                "attack " + " ".join(v.board.territories[x] for x in self.forbidden)
            self.typed.append(text)
            return text.removeprefix("attack ")
        o = d.options[0]
        kind = kinds_of(v)[o[0]]
        territory, player = (lambda x: v.board.territories[x]), (lambda s: v.names[s])
        args = {"none": lambda: [], "player": lambda: [player(o[1])], "players": lambda: [player(o[1]), player(o[2])],
                "territory": lambda: [territory(o[1])], "continent": lambda: [v.board.continents[o[1]]],
                "move": lambda: [territory(o[1]), territory(o[2]), "1"],
                "give": lambda: [territory(o[1]), player(o[2])]}[shape(kind)]()
        self.typed.append(" ".join(["play", kind.name, *args]))
        return self.typed[-1]


@pytest.fixture(scope="module")
def played():
    rules = open_rulebook(ALL_CARDS).rules(None, 2)
    person = Person(Text("en", rules.terms))
    events: list[dict] = []
    game = Game(rules, [person, BalancedAgent()], seed=3, max_turns=2, listeners=[events.append])
    game.play()
    return rules, person, events


def test_a_person_plays_every_kind_of_card_at_the_terminal(played):
    rules, person, events = played
    plays = [e for e in events if e["type"] == "card_played" and e["player"] == "red"]
    assert [e["card"] for e in plays] == KINDS
    assert person.typed[:10] == [
        "play reinforcement", "play spy blue", "play reconnaissance alaska", "play surveillance north_america",
        "play airlift northern_europe western_united_states 1", "play gift western_united_states blue",
        "play diplomacy red blue", "play sanctions blue", "play bomb peru", "attack northern_europe scandinavia"]
    assert person.typed[10:] == ["", "play blockade argentina"]  # (Enter: no attack; the blockade at the end)
    assert plays[4] == {"type": "card_played", "turn": 1, "player": "red", "card": "airlift", "effect": "move",
                        "from": "northern_europe", "to": "western_united_states", "armies": 1}
    assert plays[5]["target"] == "blue" and plays[5]["territory"] == "western_united_states"
    # the attack the diplomacy card forbids: listed with the attacks, refused with the card's sentence
    assert person.said[13].endswith("\n  diplomacy forbids attacks between red and blue until red's turn in round 2.")
    assert person.said[14] == "Not allowed: diplomacy forbids attacks between red and blue until red's turn in round 2."
    assert person.faced == "Diplomacy forbids attacks between red and blue until red's turn in round 2."


def test_the_replay_page_shows_the_plays_a_seat_was_told_of(played):
    rules, person, events = played
    t = Text("en", rules.terms)
    for seat in ("red", "blue", None):
        lines = [step[0] for step in steps(events, rules, t, seat)["steps"]]
        played_lines = [line for line in lines if line.startswith("Red plays")]
        spy = [line for line in played_lines if " spy" in line]
        assert len(spy) == (0 if seat == "blue" else 1), (seat, played_lines)
        assert len(played_lines) == (9 if seat == "blue" else 10), (seat, played_lines)
