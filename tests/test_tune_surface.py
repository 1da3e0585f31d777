"""`risk tune`'s response surface (instrument/tune.py `surface`): each seat's win share fitted over
every game of the search as a quadratic in whole-number values, the candidate of the least
predicted gap chosen; made of games whose shares are known exactly."""

from __future__ import annotations

from riskrules.instrument import tune as tn
from riskrules.instrument.balance import Shape

SEATS = tn.parse_target("seats=1.5pp")


def games(counts: list[int], unfinished: int = 0) -> list[Shape]:
    """Games won by seat 0 counts[0] times, seat 1 counts[1] times, …, then `unfinished` won by nobody."""
    winners = [seat for seat, n in enumerate(counts) for _ in range(n)] + [-1] * unfinished
    return [Shape(i, i, w, "domination", 10, (), ()) for i, w in enumerate(winners)]


def plane(a: int, b: int) -> list[int]:
    """Wins of 300 games: seat 1 140 − 20a, seat 2 100 + 10a − 10b, seat 3 the rest (even at a=2, b=2)."""
    first, second = 140 - 20 * a, 100 + 10 * a - 10 * b
    return [first, second, 300 - first - second]


def grid(over: list[str]):
    return tn.candidates("x {a} {b}", tn.parse_over(over))


def test_the_surface_reads_every_candidate_and_finds_the_even_one():
    values = grid(["a=0..3", "b=0..3"])
    played = {i: games(plane(int(v["a"]), int(v["b"]))) for i, v in enumerate(values)}
    found = tn.surface(SEATS, values, played, 3)
    assert values[found["chosen"]] == {"a": "2", "b": "2"}
    assert found["terms"] == 6
    assert [round(x, 9) for x in found["predicted"][found["chosen"]]] == [round(1 / 3, 9)] * 3
    corner = values.index({"a": "0", "b": "3"})
    assert [round(300 * x, 6) for x in found["predicted"][corner]] == [140, 70, 90]
    assert round(found["gap"][corner], 9) == round(140 / 300 - 1 / 3, 9)


def test_a_candidate_with_few_games_is_still_read_by_its_neighbours():
    values = grid(["a=0..3", "b=0..3"])
    # the even candidate played nothing: the surface still predicts it from the others
    played = {i: [] if v == {"a": "2", "b": "2"} else games(plane(int(v["a"]), int(v["b"])), unfinished=30)
              for i, v in enumerate(values)}
    found = tn.surface(SEATS, values, played, 3)
    assert values[found["chosen"]] == {"a": "2", "b": "2"}
    assert [round(330 * x, 6) for x in found["predicted"][found["chosen"]]] == [100, 100, 100]


def test_no_surface_where_it_cannot_be_fitted():
    values = grid(["a=0..3", "b=0..3"])
    played = {i: games(plane(int(v["a"]), int(v["b"]))) for i, v in enumerate(values)}
    assert tn.surface(tn.parse_target("rounds=10..12"), values, played, 3) is None  # another target
    line = grid(["a=0..3", "b=1"])  # b never varies: its terms are zero, the fit singular
    assert tn.surface(SEATS, line, {i: games(plane(i, 1)) for i in range(4)}, 3) is None
    few = {i: (games(plane(int(v["a"]), int(v["b"]))) if i < 5 else []) for i, v in enumerate(values)}
    assert tn.surface(SEATS, values, few, 3) is None  # 5 candidates played, 6 terms
    words = tn.candidates("x {a} {b}", tn.parse_over(["a=high,low", "b=1,2"]))
    assert tn.surface(SEATS, words, {i: games([100, 100, 100]) for i in range(4)}, 3) is None
