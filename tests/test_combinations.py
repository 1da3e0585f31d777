"""Every rule construct combines (issue 21): what a fuzz campaign found crashing in files that
`risk check` accepts — an assassin game whose neutral army is put out, a continent bonus that
counts the round, one card and two jokers valued by an expression — and every two house rules
of the gallery played together."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.agents.valuing import strength
from riskrules.engine.dice import LoadedDice
from riskrules.engine.game import Game, GameOver
from riskrules.engine.trading import worth
from riskrules.language.errors import RuleError
from riskrules.language.find import house_dir
from riskrules.language.loader import house_ids, open_rulebook
from riskrules.terminal.board import board_view, territory_view
from riskrules.text.i18n import Text
from scenario import Scenario, Script

runner = CliRunner()


def play(path, players: int, bot: str, seed: int, max_turns: int = 1000) -> tuple[Game, list[dict]]:
    events: list[dict] = []
    rules = open_rulebook(path).rules(None, players)
    game = Game(rules, [make_bot(bot) for _ in range(players)], seed, listeners=[events.append], max_turns=max_turns)
    game.play()
    return game, events


def eliminations(events: list[dict]) -> list[tuple[int, str, str]]:
    return [(e["turn"], e["player"], e["by"]) for e in events if e["type"] == "elimination"]


# ---- assassin with a player nobody hunts ----------------------------------------------------------

NEUTRAL_ASSASSIN = "rulebook house\nextends neutral-territories\nvictory assassin\n"


def test_the_neutral_armys_end_wins_nobody_the_game(write):
    # red, blue, yellow (seats 0-2) hunt blue, yellow, red; the neutral army (seat 3) holds only Ontario
    s = Scenario(str(write("house.risk", NEUTRAL_ASSASSIN)), 3, holds={"alberta": (0, 5), "ontario": (3, 1)},
                 rest=lambda t: 1 + t % 2, dice=[6, 5, 4, 1])
    g = s.game
    g.targets[:3] = [1, 2, 0]
    g.battle(0, 0, s.t("alberta"), s.t("ontario"))
    assert s.of("elimination") == [{"type": "elimination", "turn": 1, "player": "neutral", "by": "red",
                                    "cards_taken": 0}]
    assert g.result is None and g.alive == [True, True, True, False]


@pytest.mark.parametrize("bot, seed, out, winner, turns", [
    ("random", 2, [(20, "neutral", "yellow"), (214, "yellow", "blue")], "blue", 214),
    ("balanced", 2, [(40, "neutral", "blue"), (46, "yellow", "blue")], "blue", 46),
    # strong-1 at seed 1: the first seed whose game puts the neutral army out first
    ("strong-1", 1, [(57, "neutral", "blue"), (78, "red", "blue")], "blue", 78),
])
def test_an_assassin_game_goes_on_past_the_neutral_armys_end(write, bot, seed, out, winner, turns):
    game, events = play(write("house.risk", NEUTRAL_ASSASSIN), 3, bot, seed)
    assert eliminations(events) == out
    assert (game.result.winner, game.result.reason, game.result.turns) == (winner, "assassin", turns)


def test_simulate_plays_assassin_with_neutral_territories(write):
    done = runner.invoke(app, ["simulate", str(write("house.risk", NEUTRAL_ASSASSIN)), "--games", "5",
                               "--workers", "1", "--seed", "1", "--lang", "en"])
    assert done.exit_code == 0, done.output
    # every game won by an assassin, though in two of them the neutral army was put out
    assert re.search(r"assassin: the target out +100\.0% .* 5\n", done.output), done.output
    assert "The neutral army survives: 60.0%" in done.output


def test_a_playout_that_cannot_see_the_hunter_plays_on(write):
    # yellow puts blue out; blue's hunter, red, is hidden from yellow's copy of the game (strong's playouts)
    s = Scenario(str(write("house.risk", "rulebook house\nextends assassin\n")), 3,
                 holds={"alberta": (2, 5), "ontario": (1, 1)}, rest=lambda t: 0 if t % 2 else 2)
    g = s.game
    g.targets[:3] = [1, 2, 0]
    copy = g.sights[2].playout(g.agents, seed=1)
    copy.dice = LoadedDice([6, 5, 4, 1])
    assert copy.targets == [None, None, 0]
    copy.battle(2, 2, s.t("alberta"), s.t("ontario"))
    assert copy.alive == [True, False, True] and copy.result is None
    g.dice = LoadedDice([6, 5, 4, 1])
    with pytest.raises(GameOver):  # in the game itself, red wins
        g.battle(2, 2, s.t("alberta"), s.t("ontario"))
    assert (g.result.winner, g.result.reason) == ("red", "assassin")


def test_strong_plays_assassin():
    game, _ = play("assassin", 3, "strong-1", 1, max_turns=90)
    assert (game.result.winner, game.result.reason, game.result.turns) == ("yellow", "assassin", 88)


DOUBLES_ASSASSIN = "rulebook house\nextends doubles\nvictory assassin\n"


@pytest.mark.parametrize("players", [4, 6])
def test_with_teams_every_target_is_an_opponent_in_one_circle(write, players):
    rules = open_rulebook(write("house.risk", DOUBLES_ASSASSIN)).rules(None, players)
    for seed in range(6):
        game = Game(rules, [make_bot("random") for _ in range(players)], seed)
        game.setup()
        seat, seen = 0, set()
        for _ in range(players):
            seen.add(seat)
            assert game.team[game.targets[seat]] != game.team[seat], (seed, game.targets)
            seat = game.targets[seat]
        assert seat == 0 and seen == set(range(players)), (seed, game.targets)


@pytest.mark.parametrize("bot, out, winner", [
    ("balanced", [(20, "yellow", "green")], "green"),  # red and yellow against blue and green
    ("strong-1", [(67, "blue", "yellow")], "yellow"),
])
def test_doubles_play_assassin_to_a_winner(write, bot, out, winner):
    game, events = play(write("house.risk", DOUBLES_ASSASSIN), 4, bot, 1)
    assert game.targets == [3, 0, 1, 2]  # red hunts green, blue red, yellow blue, green yellow
    assert eliminations(events) == out
    assert (game.result.winner, game.result.reason, game.result.turns) == (winner, "assassin", out[0][0])


@pytest.mark.parametrize("bot, winner, turns", [
    ("balanced", "yellow", 28),
    ("strong-1", "yellow", 70),
])
def test_neutral_territories_with_missions(write, bot, winner, turns):
    game, _ = play(write("house.risk", "rulebook house\nextends neutral-territories\nvictory missions\n"), 3, bot, 1)
    assert (game.result.winner, game.result.reason, game.result.turns) == (winner, "mission", turns)


# ---- a continent bonus of the game's quantities ------------------------------------------------------

ROUND_BONUS = "rulebook house\nextends classic\nreinforcements {\n    continents europe round\n}\n"
EUROPE = ["iceland", "scandinavia", "ukraine", "great_britain", "northern_europe", "western_europe",
          "southern_europe"]


def test_europe_worth_the_round_is_counted_in_the_round(write):
    s = Scenario(str(write("house.risk", ROUND_BONUS)), 3, holds={t: (0, 2) for t in EUROPE},
                 rest=lambda t: 1 + t % 2)
    g = s.game
    g.round = 7
    # red: 14 armies on 7 territories, no cards; 3 armies a turn for them and 7 for Europe
    assert strength(g, 0) == 14 + 2 * (3 + 7)
    assert "Europe +7" in board_view(g.sights[1], Text("en"), 1)
    assert "Europe +7" in territory_view(g.sights[1], Text("en"), s.t("iceland"))
    g.round = 8
    assert strength(g, 0) == 14 + 2 * (3 + 8)


@pytest.mark.parametrize("bot, first, end", [
    # the first reinforcements of a player holding Europe, and the round: Europe gives that many
    ("random", (23, 8, "red", ["europe"], 8), (None, "turn_limit", 60)),
    ("balanced", (37, 14, "red", ["north_america", "south_america", "europe", "africa"], 5 + 2 + 14 + 3),
     ("red", "domination", 41)),
    ("strong-1", (29, 10, "red", ["south_america", "europe", "australia"], 2 + 10 + 2), ("red", "domination", 49)),
])
def test_every_bot_plays_europe_worth_the_round(write, bot, first, end):
    game, events = play(write("house.risk", ROUND_BONUS), 3, bot, 1, max_turns=60)
    rounds = {e["turn"]: e["round"] for e in events if e["type"] == "turn_start"}
    europe = [(e["turn"], rounds[e["turn"]], e["player"], e["continents_held"], e["from_continents"])
              for e in events if e["type"] == "reinforcements" and "europe" in e["continents_held"]]
    assert europe[0] == first
    assert (game.result.winner, game.result.reason, game.result.turns) == end


def test_simulate_plays_europe_worth_the_round(write):
    done = runner.invoke(app, ["simulate", str(write("house.risk", ROUND_BONUS)), "--games", "3",
                               "--workers", "1", "--seed", "1", "--lang", "en"])
    assert done.exit_code == 0, done.output
    assert "3 games" in done.output


# ---- one card and two jokers, valued by an expression ---------------------------------------------------

EACH_BY_CARDS = ("rulebook house\nextends classic\ncards {\n"
                 "    sets fixed 3 infantry: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: cards * 2\n}\n")


@pytest.mark.parametrize("hand, armies", [
    (["alaska", "joker", "joker"], 6),  # three infantry 4, one of each 3 × 2 = 6
    (["northwest_territory", "joker", "joker"], 8),  # three artillery 8, one of each 6
    (["alaska", "joker", "joker", "greenland", "alberta"], 10),  # five cards in the hand: one of each 10
])
def test_one_card_and_two_jokers_are_the_better_set_as_counted_now(write, hand, armies):
    first = hand[0]
    s = Scenario(str(write("house.risk", EACH_BY_CARDS)), 3, rest=lambda t: 1,
                 agents=[Script(trade=[lambda d: (s.t(first), s.game.size, s.game.size + 1)]),
                         Script(), Script()])
    g = s.game
    s.give(0, *hand)
    chosen = (s.t(first), g.size, g.size + 1)
    assert worth(g, 0, chosen) == (armies, [], 0)
    assert g.trade_cards(0, None) == armies
    assert [e["armies"] for e in s.of("trade")] == [armies]


# ---- every two house rules of the gallery, together ------------------------------------------------------

GALLERY = house_ids()
_HEADER = re.compile(r"(rulebook|extends|title)\b")


def statements(house: str) -> str:
    """A gallery rule's statements, with those of the gallery rules it extends before them."""
    text = (house_dir() / f"{house}.risk").read_text(encoding="utf-8")
    parent = re.search(r"^extends (\S+)", text, re.M).group(1)
    own = "\n".join(line for line in text.splitlines() if not _HEADER.match(line))
    return (statements(parent) + "\n" if parent in GALLERY else "") + own


# the pairs `risk check` refuses, with its first problem
REFUSED = {
    ("capped-sets", "no-spoils"): "'sets at most' caps the value of a set, but 'sets none' has no sets",
    ("late-escalation", "flat-sets"): "'escalation after' needs escalating sets ('sets escalating …')",
    ("late-escalation", "no-spoils"): "'escalation after' needs escalating sets ('sets escalating …')",
    ("late-escalation", "conquer-club-spoils"): "'escalation after' needs escalating sets ('sets escalating …')",
    # three-isles' own board has no Asia, and starting armies for 2 to 4 players only
    ("three-isles", "asia-by-players"): "unknown continent 'asia'",
    ("three-isles", "doubles"): "5 players are allowed, but starting armies has no entry for 5",
}
# player turns a game (setup aside): long enough for eliminations with random and balanced (the
# neutral army of neutral-territories falls in turn 50 of random's game with assassin); strong,
# whose every turn is a search, plays at least one turn of its own
TURNS = {"random": 100, "balanced": 60, "strong-1": 4}


# In CI each distinct combination is played by one bot, the three taking turns (EVERY 3); with 22
# gallery rules that is 377 combinations, 45 s of CPU with random and balanced on every one and
# strong-1 on every third, about 80 s (strong-1 alone 50) with every bot on every one, which
# `python benchmarks/gallery_pairs.py` plays (EVERY 1)
EVERY = 3


def test_every_two_gallery_rules_combine(tmp_path):
    """Each house rule extended by each other's statements: `check` accepts it or refuses it with a
    problem (no exception), and what it accepts plays a few turns at its fewest players and, where
    that is 2 (the edition's own 2-player game), with 3, each time with one of the bots in turn
    (every bot meeting every gallery rule). Combinations that make the same rules are played once."""
    refused, played, met = gallery_pairs(tmp_path, EVERY)
    assert refused == REFUSED
    assert len(played) >= 150  # 163 with the 15 rules of the gallery at this writing
    assert met == {bot: set(GALLERY) for bot in TURNS}  # every bot played every gallery rule in some pair


def gallery_pairs(tmp_path, every: int) -> tuple[dict, dict, dict]:
    """Every two gallery rules combined, checked and played (bot i of TURNS plays combination n
    when n - i is a multiple of `every`): the pairs refused with their first problem, the
    combinations played, and the gallery rules each bot met. Asserts that every game ends at its
    turn limit or by a win."""
    refused, played = {}, {}
    for board in house_dir().glob("*.yaml"):  # a gallery rule's board goes with its statements
        (tmp_path / board.name).write_text(board.read_text(encoding="utf-8"), encoding="utf-8")
    for a in GALLERY:
        for b in GALLERY:
            if a == b:
                continue
            path = tmp_path / f"{a}-with-{b}.risk"
            path.write_text(f"rulebook {a}-with-{b}\nextends {a}\n{statements(b)}\n", encoding="utf-8")
            try:
                book = open_rulebook(path, strict=False)
                problems = [p for p in book.check() if not p.warning]
            except RuleError as err:
                problems = err.problems
            if problems:
                refused[a, b] = problems[0].message
                continue
            general = book.rules(None)
            low = general.min_players
            for players in sorted({low, max(low, min(3, general.max_players))}):
                rules = book.rules(None, players)
                same = json.dumps({k: v for k, v in rules.model.items() if k not in ("id", "title", "extends")},
                                  sort_keys=True)
                played.setdefault(same, (a, b, rules))
    met: dict[str, set] = {bot: set() for bot in TURNS}
    for n, (a, b, rules) in enumerate(played.values()):
        for i, (bot, turns) in enumerate(TURNS.items()):
            if (n - i) % every:
                continue
            met[bot] |= {a, b}
            players = rules.player_count
            result = Game(rules, [make_bot(bot) for _ in range(players)], 1, max_turns=turns).play()
            assert result.turns == turns or result.reason != "turn_limit", (a, b, players, bot)
    return refused, played, met
