"""A fogged game without territory cards: strong's playouts guess no hidden hands (a guessed
card under `sets none` once made a set of nothing and crashed the trade: IndexError in a
3-player strong-2 game, seed 1002, at its 45th turn)."""

from pathlib import Path

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

FOGGED = """rulebook fogged
extends classic
cards {{
    {sets}
}}
visibility {{
    adjacent owner and armies
    rest nothing
    hide cards
}}
"""


def _playout_hands(tmp_path: Path, sets: str) -> list[list[int]]:
    path = tmp_path / "fogged.risk"
    path.write_text(FOGGED.format(sets=sets))
    game = Game(open_rulebook(path).rules(None, 3), [make_bot("random") for _ in range(3)], 1, max_turns=6)
    game.play()
    return game.sights[0].playout([make_bot("random") for _ in range(3)], seed=1).hands


def test_a_playout_under_fog_guesses_two_cards_a_player_and_none_without_territory_cards(tmp_path: Path):
    guessed = _playout_hands(tmp_path, "sets fixed 3 infantry: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10")
    assert [len(hand) for hand in guessed[1:]] == [2, 2]
    assert _playout_hands(tmp_path, "sets none") == [[], [], []]
