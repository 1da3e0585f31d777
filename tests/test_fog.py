"""Fog of war in play (issue 23): what each seat receives holds nothing its view hides.

The check itself (tests/fogcheck.py) works out from the full log, by its own means, what a
seat may see after each event, and compares everything the seat received with it, value by
value: its stream (what --log-for writes and the terminal narrates), each decision's view,
the board screens at its prompts. Here: a slice of games, every edition under a fog, each
gallery fog on the classic rules; benchmarks/fog_leaks.py runs it at full size.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import load
from fogcheck import leaks, play_watched
from riskrules.engine import fog as fog_module
from riskrules.engine.fog_view import FoggedSight
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game, GameError
from riskrules.engine.replay import load as load_log, seat_stream
from riskrules.language.loader import open_rulebook
from riskrules.language.visibility import SEE_ALL, SEE_NOTHING
from riskrules.terminal.session import play

NORMAL = ["visibility { rest nothing }"]
EDITIONS = [
    ("sv-2000", NORMAL, ["balanced", "random", "balanced"], 2),
    ("nl-1990", ["visibility { within 2 owner }", "visibility { rest nothing }"], ["balanced", "balanced", "random"], 3),
    ("de-deluxe", ["visibility { adjacent owner }", "visibility { rest nothing }", "visibility { battles reveal no }",
                   "visibility { hide reinforcements, cards }"], ["balanced", "random", "balanced"], 4),
    ("nl-modern", ["visibility { adjacent owner }", "visibility { rest owner }"], ["random", "balanced", "balanced"], 5),
    ("cs-riziko", ["fog { adjacent nothing }", "fog { rest nothing }"], ["balanced", "random"], 6),
]
TURNS = 120  # a fogged game's turns in CI (was 250: most fog facts are told in the first rounds)
GALLERY = ["fog-light", "fog-normal", "fog-dense", "fog-heavy", "fog-complete", "fog-conquer-club"]


def fogged(edition, sets, players):
    return open_rulebook(edition, sets=sets).rules(None, players)


@pytest.mark.parametrize("edition, sets, bots, seed", EDITIONS, ids=[e[0] for e in EDITIONS])
@pytest.mark.parametrize("again", [0, 100])
def test_no_seat_of_a_fogged_edition_receives_a_hidden_fact(edition, sets, bots, seed, again):
    """Every seat of the first seed's game, one seat (seed % players) of the second's, each game to
    at most TURNS turns; benchmarks/fog_leaks.py watches every seat of more seeds to 300 turns."""
    rules = fogged(edition, sets, len(bots))
    for seat in range(len(bots)) if again == 0 else [seed % len(bots)]:
        full, stream, decisions = play_watched(rules, bots, seed + again, seat, max_turns=TURNS)
        assert len(decisions) > 20 and any(e["type"] == "seen" for _, e in stream)
        assert leaks(rules, full, stream, decisions, seat) == []


@pytest.mark.parametrize("name", GALLERY)
def test_no_seat_receives_a_hidden_fact_under_each_gallery_fog(name):
    rules = load(f"rulebooks/house/{name}.risk", players=3)
    full, stream, decisions = play_watched(rules, ["balanced", "balanced", "random"], 7, 1, max_turns=TURNS)
    assert leaks(rules, full, stream, decisions, 1) == []


def test_no_seat_receives_a_hidden_fact_under_the_card_gallery_file():
    """Warzone's cards (rulebooks/house/warzone-cards.risk: its normal fog, cards and card plays
    hidden), every kind a whole card at the start so that a short game plays them: every channel
    of every seat checked (tests/fogcheck.py knows what a see card shows, and to whom)."""
    import dataclasses

    from riskrules.engine.cards.play import with_neutral  # (the game's own rules: the check reads them)

    rules = load("rulebooks/house/warzone-cards.risk", players=3)
    kinds = rules.cards.kinds
    whole = dataclasses.replace(kinds, kinds=tuple(dataclasses.replace(k, start=k.pieces) for k in kinds.kinds))
    rules = with_neutral(dataclasses.replace(rules, cards=dataclasses.replace(rules.cards, kinds=whole)))
    for seat in range(3):
        full, stream, decisions = play_watched(rules, ["balanced", "balanced", "random"], 7, seat, max_turns=60)
        assert sum(e["type"] == "card_played" for e in full) == 33
        assert leaks(rules, full, stream, decisions, seat) == []


@pytest.mark.parametrize("leak", ["level", "told", "view", "numbers"])
def test_a_leaking_observer_is_caught(leak, monkeypatch):
    if leak == "level":  # one territory always shown whole
        levels = fog_module.Fog._levels

        def leaky(self, s):
            levels(self, s)
            self.level[s][5] = SEE_ALL
        monkeypatch.setattr(fog_module.Fog, "_levels", leaky)
    elif leak == "told":  # every event told as it is (but the header, still without its seed)
        told = fog_module.Fog._told
        monkeypatch.setattr(fog_module.Fog, "_told",
                            lambda self, e, seat: told(self, e, seat) if e["type"] == "game_start" else e)
    elif leak == "numbers":  # the others' reinforcements read off the game
        monkeypatch.setattr(FoggedSight, "turn_total", property(lambda self: self._game.turn_total))
    else:  # every view's armies read off the board after each event
        hear = fog_module.Fog.__call__

        def leaky_hear(self, event):
            hear(self, event)
            for view in self.views:
                view.armies[:] = self.game.armies
        monkeypatch.setattr(fog_module.Fog, "__call__", leaky_hear)
    rules = load("rulebooks/house/fog-conquer-club.risk", players=3)  # (its reinforcements hidden)
    # the board screens (drawing them is nine tenths of a watched game's time) where they show the leak: a
    # territory always shown whole is on them; the other leaks are in what the seat is told and its view
    screens = leak == "level"
    full, stream, decisions = play_watched(rules, ["balanced"] * 3, 1, 0, max_turns=40, screens=screens)
    found = leaks(rules, full, stream, decisions, 0)
    assert found and not any("seed" in line for line in found)
    assert any("the screen does not show" in line for line in found) == screens


class Hidden(list):
    """A part of the true state that raises when read, but for the indices `open` (the seat's own)."""

    def __init__(self, values, open_=()):
        super().__init__(values)
        self.open = set(open_)

    def __getitem__(self, i):
        if isinstance(i, int) and i in self.open:
            return list.__getitem__(self, i)
        raise AssertionError("a bot read the true state under fog")

    def __iter__(self):
        raise AssertionError("a bot read the true state under fog")

    def __len__(self):
        raise AssertionError("a bot read the true state under fog")


class Guarded:
    """Hides the game's true board, hands, missions and deck while its bot decides."""

    def __init__(self, inner, game_box):
        self.inner, self.box, self.kind = inner, game_box, inner.kind
        self.proven = False

    def start(self, view, seat, rng):
        self.seat = seat
        self.inner.start(view, seat, rng)

    def decide(self, d):
        g = self.box[0]
        kept = {name: getattr(g, name) for name in ("owner", "armies", "territory_count", "continent_count", "deck",
                                                    "hands", "missions", "targets", "conquered_now", "_owned")}
        for name in ("owner", "armies", "territory_count", "continent_count", "deck", "conquered_now", "_owned"):
            setattr(g, name, Hidden([]))
        for name in ("hands", "missions", "targets"):
            setattr(g, name, Hidden(kept[name], [self.seat]))
        try:
            return self.inner.decide(d)
        finally:
            for name, value in kept.items():
                setattr(g, name, value)


@pytest.mark.parametrize("bot", ["random", "balanced", "strong-2"])
def test_built_in_bots_never_read_the_true_state_under_fog(bot):
    rules = fogged("sv-2000", NORMAL + ["visibility { hide reinforcements, cards }"], 3)
    box = []
    agents = [Guarded(make_bot(bot), box), make_bot("balanced"), make_bot("balanced")]
    game = Game(rules, agents, 11, max_turns=12 if bot.startswith("strong") else 60)
    box.append(game)
    result = game.play()
    assert result.turns >= 1
    # the guard works: the same bot reads the board when there is no fog
    plain = load("sv-2000", players=3)
    box2 = []
    game2 = Game(plain, [Guarded(make_bot("balanced"), box2), make_bot("balanced"), make_bot("balanced")], 11)
    box2.append(game2)
    with pytest.raises(AssertionError, match="a bot read the true state under fog"):
        game2.play()


def test_a_seat_log_is_what_replay_tells_as_that_seat(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rule = "rulebooks/house/fog-heavy.risk"
    import shutil
    from pathlib import Path
    shutil.copy(Path(__file__).parent.parent / rule, tmp_path / "fog-heavy.risk")
    out = play("fog-heavy.risk", players=3, humans=0, seed=5, log=tmp_path / "g.jsonl", narrate=False,
               write=lambda line: None, log_for=("blue", tmp_path / "blue.jsonl"))
    assert out.result is not None
    mine = [json.loads(line) for line in (tmp_path / "blue.jsonl").read_text().splitlines()]
    assert mine[0]["kind"] == "view" and mine[0]["seat"] == "blue" and "seed" not in mine[0]
    events, rules = load_log(tmp_path / "g.jsonl")
    again = seat_stream(events, rules, "blue")
    assert again[1:] == mine[1:]
    # the same seed plays the same seat log, byte for byte
    play("fog-heavy.risk", players=3, humans=0, seed=5, narrate=False, write=lambda line: None,
         log_for=("blue", tmp_path / "blue2.jsonl"))
    assert (tmp_path / "blue2.jsonl").read_bytes() == (tmp_path / "blue.jsonl").read_bytes()


def test_the_host_is_told_that_a_fogged_log_holds_everything(tmp_path):
    said = []
    play("rulebooks/house/fog-normal.risk", players=3, humans=0, seed=2, log=tmp_path / "g.jsonl",
         narrate=False, write=said.append, max_turns=3)
    assert said[0] == (f"Under fog of war {tmp_path / 'g.jsonl'} holds the whole game, what the fog hides too: "
                       "it is the host's file, not to be shown to the players.")


def test_under_fog_one_person_plays_at_a_terminal():
    with pytest.raises(GameError) as err:
        play("rulebooks/house/fog-normal.risk", players=3, humans=2, seed=2, read=lambda p: "quit",
             write=lambda line: None)
    assert str(err.value) == ("under fog of war one person plays at a terminal (the others would see what the fog "
                              "hides from them): play with --humans 1, or each at a terminal of their own")


def test_log_for_names_a_player_of_the_game(tmp_path):
    with pytest.raises(GameError) as err:
        play("nl-1990", players=3, humans=0, seed=2, write=lambda line: None, log_for=("pink", tmp_path / "x"))
    assert str(err.value) == "--log-for pink: no such player in this game (its players: red, blue, yellow)"


def test_a_view_under_complete_fog_shows_only_its_own():
    rules = load("rulebooks/house/fog-complete.risk", players=3)
    game = Game(rules, [make_bot("balanced") for _ in range(3)], 3, max_turns=6)
    game.play()  # (lifted at the end: everything seen)
    assert all(level == SEE_ALL for level in game.sights[0].level)
    game = Game(rules, [make_bot("balanced") for _ in range(3)], 3, max_turns=200)
    seen = []
    game.listeners.append(lambda e: seen.append((list(game.sights[0].level), list(game.owner)))
                          if e["type"] == "turn_start" else None)
    game.play()
    level, owner = seen[3]
    own = [t for t in range(game.size) if owner[t] == 0]
    assert own and all(level[t] == SEE_ALL for t in own)
    assert SEE_NOTHING in level and set(level) == {SEE_NOTHING, SEE_ALL}


def person_in_complete_fog():
    """Red at a terminal under complete fog: it sees its own territories only. (The person, one of
    its territories that borders another's, that other territory, and the view.)"""
    from riskrules.terminal.human import HumanAgent
    from riskrules.text.i18n import Text

    rules = load("rulebooks/house/fog-complete.risk", players=3)
    game = Game(rules, [make_bot("balanced") for _ in range(3)], 3, max_turns=3)
    game.play()
    view = game.sights[0]
    view.level[:] = [SEE_ALL if view.owner[t] == 0 else SEE_NOTHING for t in range(game.size)]
    mine = next(t for t in range(game.size) if view.owner[t] == 0 and any(view.owner[u] != 0 for u in game.adjacent[t]))
    other = next(u for u in game.adjacent[mine] if view.owner[u] != 0)
    person = HumanAgent(Text("en", rules.terms))
    person.view, person.seat = view, 0
    return person, mine, other, view


def test_odds_at_a_prompt_refuse_armies_the_seat_does_not_see():
    person, mine, other, view = person_in_complete_fog()
    names = view.board.territories
    text = person.odds_text(f"{names[mine]} {names[other]}")
    assert text == f"Not allowed: the armies in {person.t.territory(names[other])} are hidden from you."


def test_the_person_at_a_fogged_terminal_sees_only_what_the_fog_shows(monkeypatch):
    """A game at the terminal under Warzone's normal fog, one person (red) and two bots: each board
    the person asks for shows, territory by territory, what red may see at that moment (worked out
    from the full log by tests/fogcheck.py), '?' for what it does not."""
    import re

    from fogcheck import Entitled
    from riskrules.terminal import session
    from riskrules.terminal.board import NAME, short
    from riskrules.text.i18n import Text

    events: list[dict] = []

    class Recording(Game):
        def __init__(self, *args, **kwargs):
            kwargs["listeners"] = list(kwargs.get("listeners") or []) + [events.append]
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(session, "Game", Recording)
    written: list[str] = []
    boards: list[tuple[int, str]] = []
    state = {"asked": None, "board_turn": -1}

    def read(prompt: str) -> str:
        """Asks for the board once a turn, then the first territory offered, no attack, defaults."""
        screen = "\n".join(written)
        written.clear()
        asked, state["asked"] = state["asked"], None
        if asked == "board":
            boards.append((len(events) - 1, screen))
        turn = events[-1]["turn"]
        if turn > 0 and turn != state["board_turn"]:
            state["board_turn"], state["asked"] = turn, "board"
            return "board"
        if prompt.startswith(("Place up to", "Place 1 army", "Claim")):
            if asked != "help":
                state["asked"] = "help"
                return "help"
            listed = screen.split("Commands (at any question):")[0].split(".")[-1]  # the options, after the help
            return " ".join(listed.split()).split(", ")[0]
        if prompt.startswith(("Trade which set?", "Place the card bonus")):
            return "1"
        return ""  # no attack, no move, the defaults

    rules = load("rulebooks/house/fog-normal.risk", players=3)
    out = play("rulebooks/house/fog-normal.risk", players=3, humans=1, seed=8, max_turns=24, lang="en",
               read=read, write=written.append)
    assert out.result is not None and len(boards) >= 5
    t = Text("en", rules.terms)
    entitled = Entitled(rules, events[0], 0)
    marks = {"red": "R", "blue": "B", "yellow": "Y"}
    at = 0
    for k, event in enumerate(events):
        entitled.apply(event)
        while at < len(boards) and boards[at][0] == k:
            screen = boards[at][1]
            for x, name in enumerate(rules.board.territories):
                o, a = entitled.shown(x)
                mark = "-" if o == "" else "?" if o is None else marks[o]
                cell = f"{short(t.territory(name)):<{NAME}} {mark}{'?' if a is None else a:>4}"
                assert cell in screen, (k, cell)
            hidden = [x for x in range(rules.board.size) if entitled.level[x] == 0]
            assert hidden and re.search(r"\?\s+\?", screen)
            at += 1
    assert at == len(boards)


def test_a_plug_in_under_fog_is_handed_the_seats_view_with_its_levels():
    from fogcheck import Peeker

    rules = load("rulebooks/house/fog-heavy.risk", players=3)
    Peeker.levels = []
    game = Game(rules, [make_bot("fogcheck:Peeker"), make_bot("balanced"), make_bot("balanced")], 4, max_turns=9)
    game.play()
    assert len(Peeker.levels) > 10 and all(isinstance(level, list) for level in Peeker.levels)
    assert any(0 in level for level in Peeker.levels)  # heavy fog: territories two borders away are not seen
    plain = Game(load("nl-1990", players=3), [make_bot("fogcheck:Peeker"), make_bot("balanced"),
                                              make_bot("balanced")], 4, max_turns=3)
    Peeker.levels = []
    plain.play()
    assert Peeker.levels and all(level is None for level in Peeker.levels)


def test_every_seat_of_a_game_with_hidden_cards_is_told_to_the_end_in_words_and_as_a_page():
    """Eliminations under `hide cards` are told without the cards taken (they were a KeyError)."""
    from riskrules.text.i18n import Text
    from riskrules.text.narrate import Narrator
    from riskrules.text.replay_page import steps

    rules = fogged("nl-1990", ["visibility { rest nothing }", "visibility { hide reinforcements, cards }"], 4)
    t = Text("en", rules.terms)
    outs, blind = 0, 0
    for seed in range(1, 7):
        seats = {s: [] for s in range(4)}
        game = Game(rules, [make_bot("balanced") for _ in range(4)], seed,
                    seat_listeners={s: seats[s].append for s in range(4)})
        game.play()
        for s, stream in seats.items():
            narrator = Narrator(rules, t, {game.names[s]})
            lines = [narrator(e) for e in stream]
            outs += sum(1 for line in lines if line and " is out, beaten by " in line)
            blind += sum(1 for e in stream if e["type"] == "elimination" and "cards_taken" not in e)
            assert steps(stream, rules, t, game.names[s])["steps"]
    assert outs >= 3 and blind >= 1  # (someone else's elimination, told without the cards taken)


def test_a_seat_log_does_not_replay_and_says_what_it_is(tmp_path):
    from riskrules.engine.log import read_log

    play("nl-1990", players=3, humans=0, seed=2, narrate=False, write=lambda line: None, max_turns=3,
         log_for=("red", tmp_path / "red.jsonl"))
    with pytest.raises(GameError) as err:
        read_log(tmp_path / "red.jsonl")
    assert str(err.value) == (f"{tmp_path / 'red.jsonl'}:1: what one player was told of a game (--log-for), not a "
                              "game log: it does not replay; the game's own log does, and `risk replay LOG --as "
                              "PLAYER --show` tells it as he saw it")
    header = json.loads((tmp_path / "red.jsonl").read_text().splitlines()[0])
    assert "seed" not in header  # (without fog too: the seed would tell the others' cards to come)


def test_log_for_refuses_a_file_named_like_an_option(tmp_path):
    with pytest.raises(GameError) as err:
        play("nl-1990", players=3, humans=0, seed=2, write=lambda line: None, log_for=("red", "--quiet"))
    assert str(err.value) == ("--log-for red --quiet: the file's name begins with '-': give a player, then a file "
                              "(--log-for red red.jsonl)")


def test_the_prompts_show_question_marks_for_what_the_fog_hides():
    from riskrules.engine.decisions import ATTACK, DEFEND, Decision

    person, mine, other, view = person_in_complete_fog()
    t, names = person.t, view.board.territories
    listed = " ".join(person.attack_list(Decision(ATTACK, 0, [(mine, other)], 0, True)))
    assert f"1) {t.territory(names[other])} (?, ?)" in listed
    faced = person.attack_faced(Decision(DEFEND, 0, [1, 2], 0, False, 3, (other, mine)))
    active = t.player(view.names[view.active]).capitalize()
    assert faced.startswith(f"{active} attacks {t.territory(names[mine])} ({view.armies[mine]}, red) from "
                            f"{t.territory(names[other])} (?) with 3 dice.")


def test_the_digest_of_a_turn_under_fog_tells_the_conquests_seen():
    from riskrules.terminal.table import Table
    from riskrules.text.i18n import Text

    rules = load("rulebooks/house/fog-normal.risk", players=3)
    t = Text("en", rules.terms)
    written: list[str] = []
    table = Table(rules, t, {"red"}, written.append)
    game = Game(rules, [make_bot("balanced") for _ in range(3)], 8, max_turns=30, seat_listeners={0: table})
    table.join(game.sights[0])
    game.play()
    table.flush()
    table.release()
    text = "\n".join(written)
    assert re.search(r"(Blue|Yellow), turn \d+: takes [A-Z]", text)
    assert ": no conquest." not in text


MORE = [
    ("sv-2000", "capitals", NORMAL, 4),
    ("nl-1990", "super-risk", ["visibility { rest owner }", "visibility { hide cards }"], 4),
    ("rulebooks/house/doubles.risk", None, ["visibility { partners share sight no }", "visibility { adjacent nothing }",
                                            "visibility { rest nothing }"], 4),
    ("rulebooks/house/doubles.risk", None, NORMAL, 4),
    ("rulebooks/house/neutral-territories.risk", None, ["visibility { rest nothing }", "visibility { lifted at end no }"], 3),
    ("rulebooks/house/assassin.risk", None, NORMAL + ["visibility { battles reveal no }"], 3),
]


@pytest.mark.parametrize("edition, variant, sets, players", MORE, ids=[f"{m[0].split('/')[-1]}-{m[1]}" for m in MORE])
def test_no_leak_with_capitals_teams_neutral_territories_and_assassins(edition, variant, sets, players):
    rules = open_rulebook(edition, sets=sets).rules([variant] if variant else None, players)
    """The first seat and the last (with teams, red and green: one of each side); every seat of more
    seeds: benchmarks/fog_leaks.py."""
    bots = ["balanced", "random", "balanced", "balanced"][:players]
    for seat in (0, players - 1):
        full, stream, decisions = play_watched(rules, bots, 9, seat, max_turns=TURNS)
        assert leaks(rules, full, stream, decisions, seat) == []
