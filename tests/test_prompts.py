"""What the table shows with each question (issue 20): the defender's view of the attack, the
sets with their worth and bonus, attacks numbered for the whole turn, hot-seat prompts that name
the player, refusals that say why, names with and without accents, the turn's first screen, and
`log` wrapped and paged."""

from __future__ import annotations

import pytest

from riskrules.engine.decisions import ATTACK, DEFEND, FORTIFY, PLACE, TRADE, Decision
from riskrules.terminal.human import HumanAgent, Quit
from riskrules.terminal.table import Table
from riskrules.text.i18n import Text
from scenario import Scenario, Script


class Screen:
    """A person at one terminal: types `typed`, keeps what is written and the prompts."""

    def __init__(self, s: Scenario, lang: str = "en", typed=(), seat: int = 0, table: Table | None = None,
                 width: int = 80, height: int = 24):
        self.said: list[str] = []
        self.asked: list[str] = []
        self.typed = list(typed)
        self.human = HumanAgent(Text(lang, s.rules.terms), read=self.read, write=self.said.append, table=table,
                                before_prompt=table.flush if table is not None else None,
                                history=table.account if table is not None else None, width=width, height=height)
        self.human.start(s.game.sights[seat], seat, None)

    def read(self, prompt: str) -> str:
        self.asked.append(prompt)
        if not self.typed:
            raise EOFError
        return self.typed.pop(0)

    def ask(self, d: Decision):
        d.view = self.human.view
        return self.human.decide(d)

    def text(self) -> str:
        return "\n".join(self.said)

    def refusals(self) -> list[str]:
        return [line for line in self.said if line.startswith(("Not allowed", "Nicht erlaubt", "Inte tillåtet"))]


# ---- the defender ----------------------------------------------------------------------------------

def roll(source: str, target: str, a: list[int], d: list[int], lost: int, killed: int, armies: int, defending: int):
    return {"type": "battle", "turn": 5, "player": "blue", "from": source, "to": target, "defender": "red",
            "attacker_armies": armies, "defender_armies": defending, "committed": len(a), "attacker_dice": a,
            "defender_dice": d, "attacker_losses": lost, "defender_losses": killed}


def test_the_defender_sees_the_attack_the_dice_and_the_rolls_so_far():
    s = Scenario("sv-2000", 3, holds={"north_africa": (0, 4), "egypt": (1, 7)})
    table = Table(s.rules, Text("en"), {"red"}, lambda line: None)
    table.join(s.game.sights[0])
    table({"type": "turn_start", "turn": 5, "player": "blue", "round": 2})
    table(roll("egypt", "north_africa", [6, 5, 2], [4, 3], 0, 2, 9, 6))
    table(roll("egypt", "north_africa", [3, 2, 1], [5, 1], 1, 1, 9, 4))
    s.game.active = 1
    screen = Screen(s, typed=["1"], table=table)
    d = Decision(DEFEND, 0, [1, 2], most=3, where=(s.t("egypt"), s.t("north_africa")))
    assert screen.ask(d) == 1
    assert screen.text().splitlines()[-3:] == [
        "Blue attacks North Africa (4, red) from Egypt (7) with 3 dice.",
        "  Roll 1: 6 5 2 against 4 3; the attacker loses 0, the defender 2.",
        "  Roll 2: 3 2 1 against 5 1; the attacker loses 1, the defender 1."]
    assert screen.asked == ["Dice to defend North Africa with, 1–2 [2]: "]


def test_a_long_battle_sums_up_its_earlier_rolls_in_german():
    s = Scenario("sv-2000", 3, holds={"north_africa": (0, 4), "egypt": (1, 7)})
    table = Table(s.rules, Text("de"), {"red"}, lambda line: None)
    table.join(s.game.sights[0])
    table({"type": "turn_start", "turn": 5, "player": "blue", "round": 2})
    table(roll("brazil", "north_africa", [6], [1], 0, 1, 3, 9))  # another battle: not this one's
    for _ in range(5):
        table(roll("egypt", "north_africa", [6, 6, 6], [1, 1], 0, 2, 20, 9))
    screen = Screen(s, "de", typed=[""], table=table)
    assert screen.ask(Decision(DEFEND, 0, [1, 2], most=2, where=(s.t("egypt"), s.t("north_africa")))) == 2
    assert screen.text().splitlines()[-5:] == [
        "Blau greift Nordafrika (4, Rot) von Ägypten (7) aus mit 2 Würfeln an.",
        "  2 frühere Würfe: der Angreifer verlor 0, der Verteidiger 4.",
        "  Wurf 3: 6 6 6 gegen 1 1; der Angreifer verliert 0, der Verteidiger 2.",
        "  Wurf 4: 6 6 6 gegen 1 1; der Angreifer verliert 0, der Verteidiger 2.",
        "  Wurf 5: 6 6 6 gegen 1 1; der Angreifer verliert 0, der Verteidiger 2."]
    assert screen.asked == ["Würfel zur Verteidigung von Nordafrika, 1–2 [2]: "]


def test_in_a_game_the_defender_is_told_the_dice_the_attacker_chose():
    """sv-2000: the attacker commits armies and may roll fewer dice; the defence is asked after."""
    s = Scenario("sv-2000", 3, holds={"north_africa": (0, 4), "egypt": (1, 7)}, dice=[6, 6, 1, 1] * 3)
    screen = Screen(s, typed=["2"])
    s.game.agents[0] = screen.human
    s.game.agents[1] = Script(dice=[(3, 2)])
    s.game.active = 1
    s.game.battle(1, 1, s.t("egypt"), s.t("north_africa"))
    assert "Blue attacks North Africa (4, red) from Egypt (7) with 2 dice." in screen.said
    assert [e["defender_dice"] for e in s.of("battle")] == [[1, 1]]


# ---- the trade ---------------------------------------------------------------------------------------

def trade_position(lang="en"):
    s = Scenario("sv-2000", 3, holds={"peru": (0, 3), "brazil": (0, 2), "alaska": (1, 1)})
    s.give(0, "peru", "brazil", "alaska", "joker")
    return s


def test_each_set_is_listed_with_its_worth_and_bonus_and_enter_does_not_decline():
    s = trade_position()
    from riskrules.engine.cards import sets_in

    sets = sets_in(s.game.hands[0], s.rules)
    screen = Screen(s, typed=["", "no"])
    assert screen.ask(Decision(TRADE, 0, sets, optional=True)) is None
    assert screen.text().splitlines()[-5:-1] == [  # and the refusal of Enter
        "  1) infantry Alaska, infantry Peru, joker — 4 armies; +2 on Peru",
        "  2) infantry Alaska, artillery Brazil, joker — 10 armies; +2 on Brazil",
        "  3) infantry Peru, artillery Brazil, joker — 10 armies; +2 on Peru, +2 on",  # sv-2000: 2 a card held
        "      Brazil"]
    assert [s.game.sights[0].set_worth(cards)[0] for cards in sets] == [4, 10, 10]
    assert screen.asked[0] == "Trade which set? (number, or 'no'; Enter alone does not decline): "
    assert screen.refusals() == ["Not allowed: type a number from 1 to 3, or 'no' to keep the cards."]


@pytest.mark.parametrize("lang, word", [("de", "nein"), ("sv", "nej"), ("nl", "nee"), ("cs", "ne"), ("de", "no")])
def test_the_word_for_no_declines_a_set(lang, word):
    s = trade_position()
    from riskrules.engine.cards import sets_in

    screen = Screen(s, lang, typed=[word])
    assert screen.ask(Decision(TRADE, 0, sets_in(s.game.hands[0], s.rules), optional=True)) is None
    assert screen.refusals() == []


def test_a_forced_trade_is_not_declined():
    s = trade_position()
    from riskrules.engine.cards import sets_in

    sets = sets_in(s.game.hands[0], s.rules)
    screen = Screen(s, typed=["no", "2"])
    assert screen.ask(Decision(TRADE, 0, sets, optional=False)) == sets[1]
    assert screen.refusals() == ["Not allowed: type a number from 1 to 3."]


def test_a_bonus_once_per_trade_names_the_territories_to_choose_from():
    s = Scenario("classic", 3, holds={"peru": (0, 3), "brazil": (0, 2), "alaska": (1, 1)})
    s.give(0, "peru", "brazil", "joker")
    from riskrules.engine.cards import sets_in

    screen = Screen(s, typed=["1"])
    screen.ask(Decision(TRADE, 0, sets_in(s.game.hands[0], s.rules), optional=True))
    assert "+2 on one of Peru, Brazil (you choose)" in " ".join(screen.text().split())


# ---- attacks numbered for the whole turn ---------------------------------------------------------------

def test_an_attack_keeps_its_number_after_a_conquest():
    s = Scenario("sv-2000", 3, holds={"peru": (0, 8), "brazil": (1, 1), "venezuela": (0, 1), "argentina": (1, 1)})
    s.game.turn = 5
    screen = Screen(s, typed=["1", "2"])
    first = Decision(ATTACK, 0, s.game.attack_options(0), optional=True)
    listed = dict(screen.human.attack_numbers(first))
    assert screen.ask(first) == next(p for p, n in listed.items() if n == 1)
    taken = next(p for p, n in listed.items() if n == 1)[1]
    s.game.set_owner(taken, 0)  # conquered: the options are made anew
    s.game.armies[taken] = 3
    second = Decision(ATTACK, 0, s.game.attack_options(0), optional=True)
    again = screen.human.attack_numbers(second)
    assert all(listed[p] == n for p, n in again.items() if p in listed)  # the same pair, the same number
    assert all(n > len(listed) for p, n in again.items() if p not in listed)  # new ones get new numbers
    screen.typed = ["1", "done"]
    assert screen.ask(second) is None
    name = screen.human.tname(taken)
    assert screen.refusals() == [f"Not allowed: attack 1 (Peru → {name}) is over: {name} is yours."]
    assert "An attack keeps its number for the whole turn" in screen.human.how_to_answer(second)


@pytest.mark.parametrize("armies, typed, answer", [
    (1002, "peru brazil", ("peru", "brazil", 1)),  # 1,001 armies to spend: one answer, the rolls drawn at once
    (1001, "peru brazil", ("peru", "brazil")),  # 1,000: roll by roll
    (5000, "peru brazil 4000", ("peru", "brazil")),
    (5001, "peru brazil 4000", ("peru", "brazil", 4000)),
])
def test_an_attack_of_more_than_a_thousand_armies_is_one_answer(armies, typed, answer):
    s = Scenario("classic", 3, holds={"peru": (0, armies), "brazil": (1, 3000)})
    s.game.turn = 5
    screen = Screen(s, typed=[typed])
    d = Decision(ATTACK, 0, s.game.attack_options(0), optional=True)
    assert screen.ask(d) == tuple(s.t(x) if isinstance(x, str) else x for x in answer)
    again = Decision(ATTACK, 0, s.game.attack_options(0), optional=True)
    assert screen.ask(again) == tuple(s.t(x) if isinstance(x, str) else x for x in answer)  # the attack goes on


# ---- hot-seat --------------------------------------------------------------------------------------------

def test_at_a_hot_seat_every_prompt_names_the_player():
    s = Scenario("sv-2000", 3, holds={"north_africa": (1, 4), "egypt": (0, 7)})
    table = Table(s.rules, Text("sv"), {"red", "blue"}, lambda line: None)
    table.join(s.game.sights[0])
    screen = Screen(s, "sv", typed=["2"], seat=1, table=table)
    assert screen.ask(Decision(DEFEND, 1, [1, 2], most=3, where=(s.t("egypt"), s.t("north_africa")))) == 2
    assert screen.asked == ["[Blå] Tärningar att försvara Nordafrika med, 1–2 [2]: "]
    alone = Screen(s, "sv", typed=["2"], seat=1)
    alone.ask(Decision(DEFEND, 1, [1, 2], most=3, where=(s.t("egypt"), s.t("north_africa"))))
    assert alone.asked == ["Tärningar att försvara Nordafrika med, 1–2 [2]: "]


# ---- refusals say why; names with and without accents --------------------------------------------------

@pytest.mark.parametrize("lang, typed, refusal", [
    ("en", "japan kamchatka", "Not allowed: Japan is not yours: it belongs to blue."),
    ("en", "peru kamchatka", "Not allowed: Kamchatka does not border Peru."),
    ("en", "peru venezuela", "Not allowed: Venezuela is yours."),
    ("en", "argentina brazil", "Not allowed: Argentina has 1 army; an attack takes at least 2."),
    ("sv", "japan kamtjatka", "Inte tillåtet: Japan är inte ditt: det tillhör Blå."),
    ("de", "peru kamtschatka", "Nicht erlaubt: Kamtschatka grenzt nicht an Peru."),
])
def test_a_refused_attack_says_why(lang, typed, refusal):
    s = Scenario("sv-2000", 3, holds={"peru": (0, 5), "brazil": (1, 1), "venezuela": (0, 1), "argentina": (0, 1),
                                       "japan": (1, 3), "kamchatka": (2, 1)})
    screen = Screen(s, lang, typed=[typed, "done"])
    assert screen.ask(Decision(ATTACK, 0, s.game.attack_options(0), optional=True)) is None
    assert screen.refusals() == [refusal]


def test_a_refused_move_says_why():
    s = Scenario("sv-2000", 3, holds={"peru": (0, 5), "brazil": (1, 1), "venezuela": (0, 1), "argentina": (0, 1),
                                       "japan": (1, 3)})
    screen = Screen(s, typed=["argentina peru", "peru japan", ""])
    assert screen.ask(Decision(FORTIFY, 0, s.game.fortify_options(0, {}), optional=True)) is None
    assert screen.refusals() == ["Not allowed: Argentina has only 1 army, and one must stay.",
                                 "Not allowed: Japan is not yours: it belongs to blue."]


@pytest.mark.parametrize("typed, territory", [("grossbr", "great_britain"), ("großbr", "great_britain"),
                                              ("sudeu", "southern_europe"), ("SÜDEU", "southern_europe"),
                                              ("nord afr", "north_africa"), ("west aust", "western_australia")])
def test_names_with_and_without_accents_in_german(typed, territory):
    s = Scenario("sv-2000", 3, rest=lambda t: 0)
    screen = Screen(s, "de", typed=[typed])
    assert screen.ask(Decision(PLACE, 0, list(range(s.game.size)), most=1)) == (s.t(territory), 1)


# ---- the turn's first screen, and the log -----------------------------------------------------------------

def test_the_turns_first_screen_is_the_board_then_the_others_turns_then_cards_and_mission():
    from riskrules.language.loader import open_rulebook
    from riskrules.engine.game import Game
    from riskrules.engine.agents import make_bot

    rules = open_rulebook("sv-2000").rules(None, 3)
    said: list[str] = []
    table = Table(rules, Text("en"), {"red"}, said.append)
    typed = iter(["quit"])

    def read(prompt):
        if screen.view.turn == 0:  # the setup: the first territory offered
            return screen.tname(screen.pending.options[0])
        return next(typed)

    screen = HumanAgent(Text("en"), read=read, write=said.append, before_prompt=table.flush,
                        history=table.account, table=table)
    game = Game(rules, [screen, make_bot("balanced"), make_bot("balanced")], 6, listeners=[table])
    table.join(game.sights[0])
    with pytest.raises(Quit):
        game.play()
    start = max(i for i, line in enumerate(said) if line.startswith("Asia +7"))  # the board of turn 1 or later
    after = said[start + 1:]
    digest = [i for i, line in enumerate(after) if ", turn " in line]
    assert after[-2].startswith(("Your cards:", "You hold no cards.")) and after[-1].startswith("Your mission: ")
    assert after[-3].startswith("Red receives ") and after[-4].startswith("— Turn ")
    assert digest and max(digest) < len(after) - 4  # the others' turns under the board, above the turn's own


def test_log_is_wrapped_and_paged():
    lines = [f"Line {i}: " + "blue attacks somewhere far away with a great many armies " * 2 for i in range(1, 31)]
    said: list[str] = []
    typed = iter(["log", "log 2", "log 99", "log x", "quit"])
    s = Scenario("sv-2000", 3)
    human = HumanAgent(Text("en"), read=lambda p: next(typed), write=said.append, history=lambda: "\n".join(lines),
                       width=60, height=12)
    human.start(s.game.sights[0], 0, None)
    d = Decision(PLACE, 0, [0], most=1)
    d.view = s.game.sights[0]
    with pytest.raises(Quit):
        human.decide(d)
    last, before, first, wrong = said[-4:]
    assert all(len(line) <= 59 for page in (last, before, first) for line in page.splitlines())
    assert last.splitlines()[-1] == "Lines 82–90 of 90. 'log 2' shows the screen before."
    assert last.splitlines()[-2] == "  armies"  # wrapped, indented
    assert before.splitlines()[-1] == "Lines 73–81 of 90. 'log 3' shows the screen before."
    assert first.splitlines()[0].startswith("Line 1: ") and first.splitlines()[-1] == "Lines 1–9 of 90."
    assert wrong == "Not allowed: 'log' takes a number: 'log 2' is the screen before the last."


def test_odds_at_the_table_through_a_chain():
    """'odds FROM TO …' at any prompt: the exact chances with the armies on the board; a name that is no
    neighbour, or a territory of one's own, is refused with why."""
    from riskrules.engine.plans import Plan, odds

    said: list[str] = []
    typed = iter(["odds alb ont queb", "odds alberta quebec", "odds alberta ontario alberta", "odds ontario",
                  "odds peru argentina", "quit"])
    s = Scenario("nl-1990", 3, holds={"alberta": (0, 7), "ontario": (1, 3), "quebec": (2, 2), "peru": (0, 5000),
                                      "argentina": (1, 2000)})
    human = HumanAgent(Text("en"), read=lambda p: next(typed), write=said.append)
    human.start(s.game.sights[0], 0, None)
    d = Decision(PLACE, 0, [0], most=1)
    d.view = s.game.sights[0]
    with pytest.raises(Quit):
        human.decide(d)
    chance, not_next, own, alone, huge = said[-5:]
    exact = odds(s.rules.battle, Plan(6, (3, 2)))
    assert chance.splitlines()[:4] == [
        "nl-1990: 6 armies attack Ontario (3) → Quebec (2); 1 stays in each territory taken; the attack stops at 0 "
        "or fewer.",
        "Defender dice: the most the rules allow.",
        f"  takes Ontario and all before it: {exact.p_at_least[1] * 100:.1f}% ({exact.p_at_least[1]:.4f})",
        f"  takes Quebec and all before it: {exact.p_at_least[2] * 100:.1f}% ({exact.p_at_least[2]:.4f})",
    ]
    assert not_next == "Not allowed: Quebec does not border Alberta."
    assert own == "Not allowed: Alberta is yours."
    assert alone == "Not allowed: Ontario is not yours: it belongs to blue."
    assert huge == "Not allowed: the chain is too long, or its armies too many, to compute at the table."
