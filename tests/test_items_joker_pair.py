"""dom06 whole (issue 43): Domination's Italian-like cards — `sets fixed …, joker with a pair: 12`.
A joker makes a set only with two alike cards (12, whatever their symbol); with two different cards,
with another joker, or three jokers, no set (Domination's RiskGame.getTradeAbsValue). Fixed hands:
the worked example traded through the engine; every edition's jokers stay wild."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.cards import JOKER, is_set, set_kind, sets_in, symbol_of
from riskrules.engine.decisions import TRADE, Decision
from riskrules.engine.trading import worth
from riskrules.language.parse import parse_rulebook
from riskrules.language.write import write_rulebook
from conftest import house, load, problems_of
from scenario import Scenario, Script

ROOT = Path(__file__).resolve().parent.parent
GALLERY = str(ROOT / "rulebooks/house/italian-cards.risk")
ITALIAN = "    sets fixed 3 artillery: 4, 3 infantry: 6, 3 cavalry: 8, 1 of each: 10, joker with a pair: 12\n"
runner = CliRunner()


def of_symbol(s: Scenario, symbol: str, count: int, seat: int | None = None) -> list[str]:
    """`count` territories whose card shows `symbol` (held by `seat` if given, else by nobody's hand)."""
    g = s.game
    k = g.board.symbols.index(symbol)
    return [g.board.territories[t] for t in range(g.size) if g.board.card_symbol[t] == k
            and (seat is None or g.owner[t] == seat)][:count]


def italian() -> Scenario:
    """Every territory blue's; red trades the first set offered whenever asked."""
    trader = Script(trade=[lambda d: d.options[0]] * 3)
    return Scenario(GALLERY, 3, agents=[trader, Script(), Script()], rest=lambda t: 1)


# ---- which cards make a set, and what it is worth ------------------------------------------------------

def test_only_a_joker_with_two_alike_cards_is_a_set():
    rules = load(GALLERY)
    inf, cav, art = (rules.board.symbols.index(s) for s in ("infantry", "cavalry", "artillery"))
    assert rules.cards.joker_pair and rules.cards.fixed["joker_pair"] == 12
    assert set_kind((JOKER, inf, inf), rules, int) == "joker_pair"
    assert set_kind((cav, JOKER, cav), rules, int) == "joker_pair"
    for no_set in ((JOKER, inf, cav), (JOKER, JOKER, art), (JOKER, JOKER, JOKER)):
        assert not is_set(no_set, True) and set_kind(no_set, rules, int) is None
    assert [set_kind(k, rules, int) for k in ((art,) * 3, (inf,) * 3, (cav,) * 3, (inf, cav, art))] == [
        "artillery", "infantry", "cavalry", "mixed"]
    classic = load("classic")  # every edition: a joker stands for any symbol
    assert not classic.cards.joker_pair
    assert set_kind((JOKER, inf, cav), classic, int) == "mixed" and set_kind((JOKER, JOKER, art), classic, int)


def test_the_worked_example_trades_for_twelve():
    """Red holds a joker, two infantry cards and a cavalry card (no territory of them his): the
    joker with the two infantry is the one set; traded, it gives 12. A joker with the infantry and
    the cavalry, or two jokers, is offered as no set."""
    s = italian()
    infantry, cavalry = of_symbol(s, "infantry", 2), of_symbol(s, "cavalry", 1)
    s.give(0, "joker", *infantry, *cavalry)
    g = s.game
    joker = g.size  # the first joker's id
    assert sets_in(g.hands[0], g.rules) == [tuple(sorted(s.t(n) for n in infantry)) + (joker,)]
    assert g.trade_cards(0, None) == 12
    assert s.of("trade")[-1]["armies"] == 12 and g.hands[0] == [s.t(cavalry[0])]
    s.give(0, "joker", *of_symbol(s, "artillery", 1))
    assert sets_in(g.hands[0], g.rules) == []  # a joker with two different cards
    s2 = italian()
    s2.give(0, "joker", "joker", *of_symbol(s2, "infantry", 1))
    assert sets_in(s2.game.hands[0], s2.game.rules) == []  # two jokers with a card


def test_the_bonus_of_each_held_card_joins_the_armies_to_place():
    """Three artillery (4) whose three territories red holds: 2 more for each card, placed anywhere."""
    s = italian()
    names = of_symbol(s, "artillery", 3)
    for name in names:
        s.game.set_owner(s.t(name), 0)
    s.give(0, *names)
    assert worth(s.game, 0, tuple(s.t(n) for n in names)) == (10, [], 0)
    assert s.game.trade_cards(0, None) == 10


def test_balanced_trades_the_set_worth_most():
    """Joker + two infantry (12, no territory held) against three artillery with one held (4 + 2):
    balanced and strong take the 12 (on every other rule they take the set with most of their own
    territories, as before)."""
    from riskrules.engine.agents import make_bot

    s = italian()
    artillery = of_symbol(s, "artillery", 3)
    s.game.set_owner(s.t(artillery[0]), 0)
    s.give(0, "joker", *of_symbol(s, "infantry", 2), *artillery)
    g = s.game
    for name in ("balanced", "strong-1"):
        bot = make_bot(name)
        bot.start(g.sights[0], 0, g.rules)
        d = Decision(TRADE, 0, sets_in(g.hands[0], g.rules), optional=True)
        d.view = g.sights[0]
        chosen = bot.decide(d)
        assert g.size in chosen and set_kind(tuple(symbol_of(c, g.rules) for c in chosen), g.rules, int) == "joker_pair"


@pytest.mark.parametrize("bot", ["random", "balanced", "strong-2"])
def test_every_bot_plays_it(bot):
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game

    rules = load(GALLERY, None, 3)
    turns = 8 if bot.startswith("strong") else 60
    result = Game(rules, [make_bot(bot) for _ in range(3)], 4, max_turns=turns).play()
    assert result.reason in ("domination", "turn_limit") and result.turns <= turns


# ---- the language: checks word for word, the sheet, --set, diff, the writer ------------------------------

def test_errors_word_for_word(write, tmp_path):
    twice = house("cards {\n" + ITALIAN.rstrip("\n") + ", joker with a pair: 11\n}\n")
    assert problems_of(write, twice) == (
        "house.risk:4:99: the set 'joker with a pair' is given twice\n"
        "    …tillery: 4, 3 infantry: 6, 3 cavalry: 8, 1 of each: 10, joker with a pair: 12, joker with a pair: 11\n"
        "                                                                                    ^")
    assert problems_of(write, house("cards {\n    sets fixed 3 infantry: 4, 3 cavalry: 6, 3 artillery: 8, "
                                    "1 of each: 10, 3 jokers: 12\n}\n")) == (
        "house.risk:4:78: unknown card symbol 'jokers': a set with a joker is written 'joker with a pair: N'\n"
        "        sets fixed 3 infantry: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10, 3 jokers: 12\n"
        "                                                                                 ^")
    assert problems_of(write, house("cards {\n    sets fixed 3 infantry: 4, 3 cavalry: 6, 3 artillery: 8, "
                                    "1 of each: 10, joker with pair: 12\n}\n")) == (
        "house.risk:4:87: unexpected 'pair'; expected a\n"
        "        sets fixed 3 infantry: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10, joker with pair: 12\n"
        "                                                                                          ^")
    isles = ROOT / "rulebooks/house"  # the three-isles rules on their board, without jokers
    write("three-isles.risk", (isles / "three-isles.risk").read_text(encoding="utf-8"))
    write("three-isles.yaml", (isles / "three-isles.yaml").read_text(encoding="utf-8").replace("jokers: 2", "jokers: 0"))
    assert problems_of(write, house("cards {\n" + ITALIAN + "}\n", extends='"three-isles.risk"')) == (
        "house.risk:4:76: 'joker with a pair' needs jokers: board 'three_isles' has none\n"
        "        sets fixed 3 artillery: 4, 3 infantry: 6, 3 cavalry: 8, 1 of each: 10, joker with a pair: 12\n"
        "                                                                               ^")


def test_the_sheet_set_and_diff():
    sheet = runner.invoke(app, ["rules", GALLERY, "--lang", "en"])
    assert sheet.exit_code == 0
    assert ("  Sets                           fixed values: 3 × infantry: 6, 3 × cavalry: 8, 3 × artillery: 4,\n"
            "                                 one of each: 10, a joker with two alike cards: 12\n") in sheet.stdout
    assert "  Deck                           a joker makes a set only with two alike cards;\n" in sheet.stdout
    german = runner.invoke(app, ["rules", GALLERY, "--lang", "de"])
    assert "ein Joker mit zwei gleichen Karten: 12" in german.stdout
    rule = "cards { " + ITALIAN.strip() + " }"
    set_ = runner.invoke(app, ["rules", "classic", "--set", rule, "--lang", "en"])
    assert set_.exit_code == 0 and "a joker with two alike cards: 12" in set_.stdout
    diff = runner.invoke(app, ["diff", "classic", GALLERY, "--lang", "en"])
    assert diff.exit_code == 0 and "a joker with two alike cards: 12" in diff.stdout


def test_written_back_as_said():
    book = parse_rulebook(Path(GALLERY).read_text(encoding="utf-8"), "italian-cards.risk")
    text = write_rulebook(book)
    assert ITALIAN.strip() in text
    again = parse_rulebook(text, "written")
    assert [a.value for a in again.assigns] == [a.value for a in book.assigns]
