"""Neutrals that act and teams that share (issue 45) under fog, and in the log: each seat is told
the neutral army's acts only as far as it sees (the no-leak check of tests/fogcheck.py over every
channel), partners are told their shared hand's cards and nobody else is, a game of them replays."""

from __future__ import annotations

from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

# (`defender dice … always`: nobody chooses the neutral army's dice, so nobody sees its territories as his own)
FOGGY = ["visibility { adjacent owner }", "visibility { rest nothing }", "battle { defender dice 1: 1, 2+: 2 always }",
         "neutral { takes back territories named iceland, siam after 1 round with 3 armies }"]


def test_no_seat_is_told_more_of_the_neutral_army_s_acts_than_it_sees():
    from fogcheck import leaks, play_watched

    rules = open_rulebook("zombies", sets=FOGGY).rules(None, 4)
    told = []
    for seat in (0, 3):
        full, stream, decisions = play_watched(rules, ["random", "balanced"] * 2, 3, seat, max_turns=9,
                                               screens=seat == 0)
        kinds = {e["type"] for e in full}
        assert {"neutral_infects", "neutral_takes_back", "neutral_grows", "conquest"} <= kinds
        assert leaks(rules, full, stream, decisions, seat) == []
        told.append(sum(e["type"] == "neutral_grows" for _, e in stream))
    # (a growth is told where the seat sees the armies: one border off it sees only the owner)
    assert told == [0, 0] and sum(e["type"] == "neutral_grows" for e in full) == 8


def test_partners_are_told_the_cards_of_their_shared_hand():
    rules = open_rulebook("warzone-teams").rules(None, 4)
    heard: dict[int, list[dict]] = {0: [], 1: [], 2: []}
    game = Game(rules, [make_bot("random") for _ in range(4)], 2, max_turns=12,
                seat_listeners={s: heard[s].append for s in heard})
    game.play()
    drawn = [(e["player"], "card" in e) for e in heard[0] if e["type"] == "card_drawn"]
    assert ("yellow", True) in drawn and ("red", True) in drawn and ("blue", False) in drawn
    assert all(("card" in e) == (e["player"] in ("blue", "green")) for e in heard[1] if e["type"] == "card_drawn")
    assert [("card" in e) for e in heard[2] if e["type"] == "card_drawn"] == \
        [e["player"] in ("red", "yellow") for e in heard[2] if e["type"] == "card_drawn"]


def test_a_game_of_zombies_and_killer_neutrals_replays(tmp_path):
    runner = CliRunner()
    log = tmp_path / "zombies.log"
    played = runner.invoke(app, ["play", "zombies", "--humans", "0", "--seed", "4", "--bot", "balanced", "--players",
                                 "4", "--max-turns", "24", "--log", str(log), "-q",
                                 "--set", "neutral { takes back territories named iceland after 1 round with 3 armies }"])
    assert played.exit_code == 0, played.output
    text = log.read_text(encoding="utf-8")
    assert '"neutral_grows"' in text and '"neutral_infects"' in text
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and "match the replayed game" in replayed.stdout


def test_under_fog_too_partners_are_told_their_shared_hand():
    rules = open_rulebook("warzone-teams", sets=["visibility { rest nothing }"]).rules(None, 4)
    heard: list[dict] = []
    Game(rules, [make_bot("random") for _ in range(4)], 2, max_turns=12, seat_listeners={0: heard.append}).play()
    drawn = [(e["player"], "card" in e) for e in heard if e["type"] == "card_drawn"]
    assert ("yellow", True) in drawn and ("blue", False) in drawn
    assert all(told == (player in ("red", "yellow")) for player, told in drawn)
