"""At the table: strict prompts, refusals word for word (two languages), localized commands,
blitz and multi-placement with the log unchanged, the board view, the digest, conventions."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.terminal.human import HumanAgent, Quit
from riskrules.terminal.typed import MAX_LENGTH, QUOTE, Unreadable, clean, split
from riskrules.engine.decisions import ATTACK, DICE, FORTIFY, OCCUPY, PLACE, TRADE, Decision
from riskrules.terminal.board import board_view, territory_view
from riskrules.text.i18n import Text
from scenario import Scenario, Script
from conftest import RISK

runner = CliRunner()


def ask(s: Scenario, d: Decision, typed: list[str], lang: str = "en", terms=None):
    """The answer a person typing `typed` gives to `d`, and the refusals shown."""
    said: list[str] = []
    answers = iter(typed)
    human = HumanAgent(Text(lang, terms), read=lambda p: next(answers), write=said.append)
    human.start(s.game.sights[d.player], d.player, None)
    d.view = s.game.sights[d.player]
    answer = human.decide(d)
    return answer, [line for line in said if ":" in line and line.split(":")[0] in REFUSED]


REFUSED = {"Not allowed", "Nicht erlaubt", "Niet toegestaan", "Inte tillåtet", "Nepovoleno"}


def battle_position(edition="sv-2000"):
    return Scenario(edition, 3, holds={"peru": (0, 8), "brazil": (1, 3), "argentina": (0, 1), "venezuela": (0, 1)})


# ---- number prompts: a number in the range, or the range ------------------------------------

@pytest.mark.parametrize("lang, refusal", [
    ("en", "Not allowed: type a number from 1 to 3."),
    ("de", "Nicht erlaubt: gib eine Zahl von 1 bis 3 ein."),
    ("nl", "Niet toegestaan: typ een getal van 1 tot 3."),
])
def test_nonsense_at_the_dice_prompt_is_refused_with_the_range(lang, refusal):
    s = battle_position()
    d = Decision(DICE, 0, [(1, 1), (2, 2), (3, 3)], where=(s.t("peru"), s.t("brazil")))
    answer, refused = ask(s, d, ["blah", "²", "0", "4", "2"], lang)
    assert answer == (2, 2)
    assert refused == [refusal] * 4


@pytest.mark.parametrize("lang, refusal", [
    ("en", "Not allowed: type a number from 3 to 7."),
    ("sv", "Inte tillåtet: skriv ett tal från 3 till 7."),
])
def test_a_typo_or_a_short_move_in_is_refused_with_the_range(lang, refusal):
    s = battle_position()
    d = Decision(OCCUPY, 0, [3, 4, 5, 6, 7], where=(s.t("peru"), s.t("brazil")))
    answer, refused = ask(s, d, ["5x", "1", "4"], lang)
    assert answer == 4 and refused == [refusal, refusal]
    assert ask(s, d, [""], lang)[0] == 7  # Enter: the default in brackets


def test_a_number_prompt_with_one_choice_says_so():
    s = battle_position()
    d = Decision(TRADE, 0, [(0, 1, 2)], optional=False)
    assert ask(s, d, ["x", "1"])[1] == ["Not allowed: type 1 or press Enter."]


@pytest.mark.parametrize("lang, refusal", [
    ("en", ["Not allowed: '12345678901234567890123…' has too many digits.",
            "Not allowed: that answer is 5000 characters long; at most 200 are read."]),
    ("cs", ["Nepovoleno: '12345678901234567890123…' má příliš mnoho číslic.",
            "Nepovoleno: odpověď má 5000 znaků; čte se nejvýše 200."]),
])
def test_a_huge_number_is_refused_not_converted(lang, refusal):
    s = battle_position()
    d = Decision(OCCUPY, 0, [3, 4, 5], where=(s.t("peru"), s.t("brazil")))
    assert ask(s, d, ["1234567890" * 5, "1" * 5000, "3"], lang) == (3, refusal)


@pytest.mark.parametrize("lang, refusal", [
    ("en", "Not allowed: that answer is 10000000 characters long; at most 200 are read."),
    ("de", "Nicht erlaubt: diese Antwort ist 10000000 Zeichen lang; höchstens 200 werden gelesen."),
])
def test_a_ten_megabyte_line_is_not_echoed(lang, refusal):
    s = battle_position()
    d = Decision(OCCUPY, 0, [3, 4, 5], where=(s.t("peru"), s.t("brazil")))
    assert ask(s, d, ["x" * 10_000_000, "3"], lang) == (3, [refusal])


def test_a_refusal_quotes_only_a_short_prefix():
    s = battle_position()
    d = Decision(PLACE, 0, [s.t("peru"), s.t("argentina")], most=5)
    answer, refused = ask(s, d, ["q" * 150, "peru 5"])
    assert refused == ["Not allowed: no territory starts with '" + "q" * (QUOTE - 1) + "…'."]


# ---- placing: several at once, with the log of one at a time ------------------------------------

def placements(typed: list[str]) -> list[dict]:
    s = Scenario("sv-2000", 3, holds={"peru": (0, 1), "brazil": (0, 1), "argentina": (0, 1)})
    answers = iter(typed)
    human = HumanAgent(Text("en"), read=lambda p: next(answers), write=lambda line: None)
    s.game.agents[0] = human
    human.start(s.game.sights[0], 0, None)
    s.game.turn = 5
    s.events.clear()
    s.game.place(0, 0, 7)
    return s.events


def test_several_placements_in_one_line_log_as_one_at_a_time():
    one_line = placements(["peru 3 brazil 2 argentina"])
    assert [(e["territory"], e["armies"]) for e in one_line] == [("peru", 3), ("brazil", 2), ("argentina", 2)]
    assert one_line == placements(["peru 3", "brazil 2", "argentina 2"])


@pytest.mark.parametrize("lang, refusals", [
    ("en", ["Not allowed: you have 7 armies to place.", "Not allowed: name a territory before each number.",
            "Not allowed: no territory starts with 'peru brazil'."]),
    ("nl", ["Niet toegestaan: je hebt 7 legers te plaatsen.", "Niet toegestaan: noem een gebied vóór elk getal.",
            "Niet toegestaan: geen gebied begint met 'peru brazil'."]),
])
def test_placement_refusals(lang, refusals):
    s = Scenario("sv-2000", 3, holds={"peru": (0, 1), "brazil": (0, 1)})
    d = Decision(PLACE, 0, [s.t("peru"), s.t("brazil")], most=7)
    assert ask(s, d, ["peru 5 brazil 3", "5 peru", "peru brazil 2", "peru 7"], lang) == ((s.t("peru"), 7), refusals)


def test_no_between_1_and_1_in_the_setup():
    """One army a placing turn: the refusal counts what is left, in the singular where it is one."""
    from riskrules.language.loader import open_rulebook
    from riskrules.engine.game import Game

    said: list[str] = []
    typed = iter(["{first} 99", "quit"])
    human = HumanAgent(Text("nl"), write=said.append,
                       read=lambda p: next(typed).format(first=human.tname(human.pending.options[0])))
    game = Game(open_rulebook("sv-2000").rules(None, 3), [human, Script(), Script()], 3)
    with pytest.raises(Quit):
        game.play()
    left = game.rules.starting_armies[3] - game.territory_count[0]
    assert f"Niet toegestaan: je hebt {left} legers te plaatsen." in said
    t = Text("nl")
    assert t.n_("you have {n} army to place", "you have {n} armies to place", 1).format(n=1) == \
        "je hebt 1 leger te plaatsen"


def test_setup_placements_in_one_line_play_the_same_game(tmp_path):
    """'peru 5' in the setup places one army on each of the next five placing turns."""
    from riskrules.terminal.session import play

    def run_one(multi: bool, name: str) -> str:
        from riskrules.terminal import session

        made = []
        original = session.HumanAgent

        def seat(*args, **kwargs):
            agent = original(*args, **kwargs)
            made.append(agent)
            return agent

        session.HumanAgent = seat
        try:
            typed = []

            def read(prompt):
                first = made[0].tname(made[0].pending.options[0]).lower()
                if multi:
                    if typed:
                        raise EOFError
                    typed.append(f"{first} 5")
                    return typed[-1]
                if len(typed) == 5:
                    raise EOFError
                typed.append(first)
                return first

            play("sv-2000", None, 3, 1, "balanced", 8, save=tmp_path / name, read=read, write=lambda line: None)
        finally:
            session.HumanAgent = original
        return (tmp_path / name).read_text(encoding="utf-8")

    assert run_one(True, "multi.jsonl") == run_one(False, "single.jsonl")


# ---- attacking until taken, or until N are left ---------------------------------------------------

def attack_events(typed: list[str], dice: list[int]) -> tuple[list[dict], list[str]]:
    s = Scenario("sv-2000", 3, holds={"peru": (0, 8), "brazil": (1, 3), "argentina": (0, 1),
                                       "venezuela": (0, 1)}, dice=dice)
    answers = iter(typed)
    asked: list[str] = []

    def read(prompt):
        asked.append(prompt)
        return next(answers)

    human = HumanAgent(Text("en"), read=read, write=lambda line: None)
    s.game.agents[0] = human
    human.start(s.game.sights[0], 0, None)
    s.game.turn = 5
    s.game.active = 0
    s.events.clear()
    s.game.attack_phase(0, 0)
    return s.events, asked


# attacker 3 dice then defender 2 dice per roll (sv-2000: the defender rolls the most it may)
ROLLS = [6, 6, 1, 1, 2] + [1, 1, 1, 6] + [6, 5, 4, 1]  # Brazil −2; Peru −1 (Brazil has 1 die left); taken


def test_attack_until_taken_logs_every_roll_as_one_at_a_time():
    blitz, asked = attack_events(["peru brazil", "", ""], ROLLS)
    assert [e["type"] for e in blitz] == ["battle", "battle", "battle", "conquest"]
    assert len(asked) == 3  # the attack, the move-in, the end of attacking
    one_by_one, asked = attack_events(["peru brazil once", "3", "peru brazil once", "3", "peru brazil once", "3",
                                       "", ""], ROLLS)
    assert blitz == one_by_one


def test_attack_until_n_left_stops_there():
    events, asked = attack_events(["peru brazil 5", ""], [1, 1, 1, 6, 6] + [1, 6, 6])
    battles = [e for e in events if e["type"] == "battle"]
    # 8 → 6 (Peru −2) → one more roll with 1 die (6 − 5 = 1 may be risked) → 5: stop
    assert [b["attacker_armies"] for b in battles] == [8, 6]
    assert battles[-1]["committed"] == 1 and battles[-1]["attacker_armies"] - battles[-1]["attacker_losses"] == 5


@pytest.mark.parametrize("lang, refusal", [
    ("en", "Not allowed: keep from 1 to 7 armies in Peru."),
    ("sv", "Inte tillåtet: behåll från 1 till 7 arméer i Peru."),
])
def test_attack_keep_out_of_range(lang, refusal):
    s = battle_position()
    d = Decision(ATTACK, 0, s.game.attack_options(0), optional=True)
    assert ask(s, d, ["peru brazil 8", ""], lang) == (None, [refusal])


@pytest.mark.parametrize("lang, refusal", [
    ("en", "Not allowed: 'n' could be Northwest Territory, North Africa."),
    ("de", "Nicht erlaubt: 'n' könnte Nordwest-Territorium, Nordafrika sein."),
])
def test_n_at_the_attack_prompt_does_not_end_the_attacks(lang, refusal):
    s = Scenario("sv-2000", 3, holds={"north_africa": (0, 5), "brazil": (1, 1), "northwest_territory": (0, 4),
                                       "alaska": (1, 1)})
    d = Decision(ATTACK, 0, s.game.attack_options(0), optional=True)
    answer, refused = ask(s, d, ["n", "done"], lang)
    assert answer is None and refused == [refusal]


# ---- commands in every language ----------------------------------------------------------------------

def test_commands_in_the_game_language_and_in_english():
    s = battle_position("de-deluxe")
    s.game.hands[0] = [s.t("peru")]
    d = Decision(OCCUPY, 0, [3, 4], where=(s.t("peru"), s.t("brazil")))
    for word in ("karten", "cards", "KARTEN"):
        said: list[str] = []
        answers = iter([word, "3"])
        human = HumanAgent(Text("de"), read=lambda p: next(answers), write=said.append)
        human.start(s.game.sights[0], 0, None)
        d.view = s.game.sights[d.player]
        assert human.decide(d) == 3
        assert said[-1] == "Deine Karten: Infanterie Peru"


def test_help_at_a_numbered_list_explains_and_lists_the_commands():
    s = battle_position()
    said: list[str] = []
    answers = iter(["help", ""])
    human = HumanAgent(Text("en"), read=lambda p: next(answers), write=said.append)
    human.start(s.game.sights[0], 0, None)
    d = Decision(ATTACK, 0, s.game.attack_options(0), optional=True)
    d.view = s.game.sights[d.player]
    human.decide(d)
    text = "\n".join(said)
    assert "Type the number of an attack, or 'from to': it goes on until the territory is taken." in \
        " ".join(text.split())
    assert "  quit       leave the game (saved first if you play with --save)" in text
    assert "  board      the board; 'board NAME': a territory and its neighbours" in text


def test_help_in_swedish_names_both_words():
    s = battle_position()
    said: list[str] = []
    answers = iter(["hjälp", ""])
    human = HumanAgent(Text("sv"), read=lambda p: next(answers), write=said.append)
    human.start(s.game.sights[0], 0, None)
    d = Decision(FORTIFY, 0, s.game.fortify_options(0, {}), optional=True)
    d.view = s.game.sights[d.player]
    human.decide(d)
    assert "  avsluta (quit) lämna spelet (sparas först om du spelar med --save)" in "\n".join(said)


@pytest.mark.parametrize("lang, word, told", [
    ("en", "mission", "The missions are dealt when all armies are placed."),
    ("nl", "opdracht", "De opdrachten worden verdeeld als alle legers geplaatst zijn."),
])
def test_mission_during_the_setup(lang, word, told):
    from riskrules.language.loader import open_rulebook
    from riskrules.engine.game import Game

    said: list[str] = []
    typed = iter([word, "quit"])
    human = HumanAgent(Text(lang), read=lambda p: next(typed), write=said.append)
    game = Game(open_rulebook("nl-1990").rules(None, 3), [human, Script(), Script()], 3)
    with pytest.raises(Quit):
        game.play()
    assert told in said


def test_board_name_shows_the_neighbours():
    s = battle_position()
    text = territory_view(s.game.sights[0], Text("en"), s.t("peru"))
    assert text.splitlines() == ["Peru (red, 8) — South America +2", "Neighbours:", "  Venezuela (red, 1)",
                                 "  Brazil (blue, 3)", "  Argentina (red, 1)"]


# ---- the board -----------------------------------------------------------------------------------

@pytest.mark.parametrize("edition, lang", [("sv-2000", "sv"), ("de-deluxe", "de"), ("cs-riziko", "cs"),
                                           ("nl-1990", "nl"), ("classic", "en")])
def test_the_board_fits_80_by_24(edition, lang):
    s = Scenario(edition, 6 if edition != "cs-riziko" else 5)
    text = board_view(s.game.sights[0], Text(lang), 0)
    lines = text.splitlines()
    assert len(lines) <= 21 and max(len(line) for line in lines) <= 80
    assert "\x1b[" not in text


def test_the_board_in_colour_only_when_asked():
    s = battle_position()
    coloured = board_view(s.game.sights[0], Text("en"), 0, color=True)
    plain = board_view(s.game.sights[0], Text("en"), 0)
    assert "\x1b[31m" in coloured  # red
    import re

    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


def test_the_player_lines():
    s = battle_position()
    s.game.hands[1] = [1, 2]
    lines = board_view(s.game.sights[0], Text("en"), 0).splitlines()
    head = lines.index("   player        terr.  armies  cards  continents")
    assert lines[head + 2].split()[:5] == ["B", "blue", str(s.game.territory_count[1]), str(s.game.armies_of(1)), "2"]
    assert lines[head + 1].startswith("R red*")


# ---- the prompt parser never breaks ----------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_typed_text_is_an_answer_or_a_short_refusal(typed):
    s = PROPERTY
    for d in PROPERTY_DECISIONS:
        human = HumanAgent(Text("en"), read=lambda p: "", write=lambda line: None)
        human.start(s.game.sights[0], 0, None)
        d.view = s.game.sights[d.player]
        try:
            answer, problem = human.parse(d, clean(typed))
        except Unreadable as err:
            assert len(str(err)) < 100
            continue
        if problem is None:
            assert d.check(answer) is None or d.kind in (DICE, PLACE)
        else:
            assert len(problem) < 60 + 2 * QUOTE + 80


PROPERTY = battle_position()
PROPERTY_DECISIONS = [
    Decision(DICE, 0, [(1, 1), (2, 2), (3, 3)], where=(PROPERTY.t("peru"), PROPERTY.t("brazil"))),
    Decision(OCCUPY, 0, [3, 4, 5], where=(PROPERTY.t("peru"), PROPERTY.t("brazil"))),
    Decision(ATTACK, 0, PROPERTY.game.attack_options(0), optional=True),
    Decision(PLACE, 0, [PROPERTY.t("peru"), PROPERTY.t("argentina")], most=5),
    Decision(FORTIFY, 0, PROPERTY.game.fortify_options(0, {}), optional=True),
    Decision(TRADE, 0, [(0, 1, 2), (3, 4, 5)], optional=True),
]


def test_strict_numbers():
    assert split("peru 3 ٣ ² 1_000 007") == ["peru", 3, "٣", "²", "1_000", 7]
    with pytest.raises(Unreadable):
        clean("x" * (MAX_LENGTH + 1))
    with pytest.raises(Unreadable):
        clean("peru\x1b[2J")


# ---- conventions -----------------------------------------------------------------------------------

def test_version_and_python_m():
    from riskrules import __version__

    assert runner.invoke(app, ["--version"]).stdout == f"risk (riskrules) {__version__}\n"
    out = subprocess.run([*RISK, "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "Usage: risk [OPTIONS] COMMAND [ARGS]..." in out.stdout


def test_shell_completion():
    env = {**os.environ, "_RISK_COMPLETE": "complete_bash", "COMP_WORDS": "risk pl", "COMP_CWORD": "1"}
    out = subprocess.run(RISK, capture_output=True, text=True, env=env, timeout=60)
    assert out.stdout.split() == ["play"]


def test_end_of_input_exits_3_and_saves(tmp_path):
    save = tmp_path / "s.jsonl"
    result = runner.invoke(app, ["play", "sv-2000", "--seed", "5", "--save", str(save), "--lang", "en"], input="")
    assert result.exit_code == 3
    assert result.stdout.endswith(f"Game left before its end (seed 5); saved to {save} — go on with: "
                                  f"risk resume {save}\n")
    assert json.loads(save.read_text().splitlines()[0])["type"] == "game_start"


def test_quit_exits_3_in_the_games_language(tmp_path):
    result = runner.invoke(app, ["play", "nl-1990", "--seed", "5"], input="afsluiten\n")
    assert result.exit_code == 3
    assert "Opdrachten: bord, kaarten, opdracht, verslag, kansen, hulp, afsluiten ('hulp' legt uit)." in result.stdout


def test_ctrl_c_exits_130(tmp_path, monkeypatch):
    import builtins

    def interrupt(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)  # what the session reads with
    save = tmp_path / "s.jsonl"
    result = runner.invoke(app, ["play", "sv-2000", "--seed", "5", "--save", str(save)])
    assert result.exit_code == 130 and save.exists()


def test_no_color_for_the_error_line(monkeypatch):
    from riskrules.cli import common

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert common.red() == "red"
    monkeypatch.setenv("NO_COLOR", "1")
    assert common.red() is None


# ---- what happened while you waited -------------------------------------------------------------------

def digest_of(lang: str) -> tuple[list[str], str]:
    from riskrules.terminal.table import Table

    s = Scenario("sv-2000", 3, holds={"peru": (0, 2), "brazil": (1, 5), "argentina": (1, 1), "venezuela": (1, 1)})
    g = s.game
    said: list[str] = []
    table = Table(s.rules, Text(lang), {"red"}, said.append)
    table.join(g)
    battle = {"type": "battle", "turn": 5, "player": "blue", "from": "brazil", "to": "peru", "defender": "red",
              "attacker_armies": 5, "defender_armies": 2, "committed": 3, "attacker_dice": [6, 5, 1],
              "defender_dice": [2, 1], "attacker_losses": 0, "defender_losses": 2}
    table({"type": "turn_start", "turn": 5, "player": "blue", "round": 2})
    table({"type": "trade", "turn": 5, "player": "blue", "cards": [], "armies": 8, "territory_bonus": [],
           "trade_number": 1})
    table(battle)
    g.set_owner(s.t("peru"), 1)
    table({"type": "conquest", "turn": 5, "player": "blue", "from": "brazil", "to": "peru", "moved": 3, "min_move": 3})
    table({"type": "turn_start", "turn": 6, "player": "yellow", "round": 2})
    table({"type": "turn_start", "turn": 7, "player": "red", "round": 3})
    assert said == []  # held until the person's question, to be written under the board
    table.flush()
    return said, table.account()


def test_the_digest_of_the_other_players_turns():
    said, account = digest_of("en")
    assert said == ["Blue, turn 5: takes Peru from red; trades cards for 8 armies; wins South America.",
                    "Yellow, turn 6: no conquest.", "— Turn 7 (round 3): red —"]
    assert account.splitlines()[1] == "Blue trades  for 8 armies."
    assert account.splitlines()[2].startswith("Blue attacks Peru (2, red) from Brazil (5): 6 5 1 against 2 1;")


def test_the_digest_in_swedish():
    said, _ = digest_of("sv")
    assert said[:2] == ["Blå, drag 5: tar Peru från Röd; byter in kort mot 8 arméer; vinner Sydamerika.",
                        "Gul, drag 6: ingen erövring."]
