"""The 'C speed' idiom against a comprehension, on a real board (issue 47): `map(seat.__eq__, …)`
with `itertools.compress` runs fewer bytecode instructions than a comprehension's Python test a
territory, but on CPython 3.11 each call of a bound `__eq__` goes through a slot wrapper, and on
borders of a few neighbours the comprehension is faster. Prints both, in microseconds a call.
Then the idioms of the fourth round, each the form it replaced against its own (the same value),
and the fifth round's questions and seeds, each against what it replaced, on a game played 20 turns.

    python benchmarks/idioms.py [--edition nl-modern] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import timeit
from itertools import compress

from riskrules.language.loader import open_rulebook


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="nl-modern")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    adjacent = open_rulebook(args.edition).rules().board.adjacent
    size, rng = len(adjacent), random.Random(args.seed)
    owner = [rng.randrange(4) for _ in range(size)]  # (a board dealt to 4 players)
    armies = [rng.randrange(1, 6) for _ in range(size)]
    borders = tuple(tuple((t, u) for u in a) for t, a in enumerate(adjacent))
    side = 0
    owned = [t for t in range(size) if owner[t] == side]

    def attack_compress():
        options = []
        for t in owned:
            if armies[t] >= 2:
                options.extend(compress(borders[t], map(side.__ne__, map(owner.__getitem__, adjacent[t]))))
        return options

    def attack_comprehension():
        return [(t, u) for t in owned if armies[t] >= 2 for u in adjacent[t] if owner[u] != side]

    pairs = {"a seat's attack options": (attack_compress, attack_comprehension),
             "a seat's territories": (lambda: list(compress(range(size), map(side.__eq__, owner))),
                                      lambda: [t for t in range(size) if owner[t] == side]),
             "a seat's armies": (lambda: sum(compress(armies, map(side.__eq__, owner))),
                                 lambda: sum([a for a, o in zip(armies, owner) if o == side]))}
    print(f"{args.edition}: {size} territories, microseconds a call (the best of 5 runs)")
    for name, (fast, plain) in pairs.items():
        assert fast() == plain()
        times = [min(timeit.repeat(f, number=20000, repeat=5)) / 20000 * 1e6 for f in (fast, plain)]
        print(f"  {name:26} compress {times[0]:6.2f}   comprehension {times[1]:6.2f}")
    print("the fourth round: the form replaced, and its replacement")
    for name, (before, after) in fourth_round(owner, size, side, rng).items():
        assert before() == after()
        times = [min(timeit.repeat(f, number=20000, repeat=5)) / 20000 * 1e6 for f in (before, after)]
        print(f"  {name:34} before {times[0]:6.2f}   after {times[1]:6.2f}")
    print("the fifth round: the form replaced, and its replacement")
    for name, (before, after) in fifth_round(args.edition).items():
        assert before() == after()
        times = [min(timeit.repeat(f, number=5000, repeat=5)) / 5000 * 1e6 for f in (before, after)]
        print(f"  {name:34} before {times[0]:6.2f}   after {times[1]:6.2f}")


def fifth_round(edition: str) -> dict:
    """(before, after) of the fifth round's changes, on a game of 4 balanced bots played 20 turns."""
    from riskrules.engine import copying
    from riskrules.engine.agents import make_bot
    from riskrules.engine.agents.random_agent import RandomAgent
    from riskrules.engine.agents.strong import _Budget, _Script
    from riskrules.engine.decisions import DICE, FORTIFY, Decision, Later
    from riskrules.engine.game import Game

    game = Game(open_rulebook(edition).rules(None, 4), [make_bot("balanced") for _ in range(4)], 1, max_turns=20)
    game.play()
    seat, view = game.active, game.sights[game.active]
    script, budget = _Script(_Budget()), _Budget()
    script.budget, budget.left = budget, 10 ** 12  # (never spent here)
    script.start(view, seat, random.Random(1))
    dice, where = [(1, 1), (2, 2), (3, 3)], (0, 1)
    asking, quick_one = RandomAgent(), RandomAgent()  # (the same draws: the first answers are the same)
    asking.start(view, seat, random.Random(2))
    quick_one.start(view, seat, random.Random(2))
    make = lambda: game.fortify_options(seat, {})  # noqa: E731

    def asked():  # (Game.ask's part for a trusted agent: the Later question, its view set)
        d = Later(FORTIFY, seat, make, seat, True)
        d.view = view
        return asking.decide(d)

    def quick():
        return quick_one.quick_fortify(make, seat)

    def string_seeded():
        sources = random.Random(f"agents:{12345}")
        return tuple(sources.getrandbits(64) for _ in range(4))
    return {"the strong script's dice": (lambda: script.decide(Decision(DICE, seat, dice, seat, False, 0, where, view)),
                                         lambda: script.quick_dice(dice, seat, where)),
            "random's fortify question": (asked, quick),
            "a copy's agents' seeds": (string_seeded, lambda: copying.agent_seeds(12345, 4))}


def fourth_round(owner: list[int], size: int, side: int, rng: random.Random) -> dict:
    """(before, after) of each idiom the fourth round took (the same value from each)."""
    bonus, held = [5, 2, 5, 3, 7, 2], [1, 5]
    hand = sorted(rng.sample(range(size), 4))
    score = [rng.random() for _ in range(6)]
    three, territories = (lambda env: 3), (lambda env: env["territories"] // 3)
    fns = [three, territories]
    kept = {side: [t for t in range(size) if owner[t] == side]}

    def summed():
        total = 0
        for k in held:
            total += bonus[k]
        return total
    return {"a continent bonus summed": (lambda: sum(bonus[k] for k in held), summed),
            "max of two rule expressions": (lambda: max(f({"territories": 14}) for f in fns),
                                            lambda: max(three({"territories": 14}), territories({"territories": 14}))),
            "a hand without jokers": (lambda: not sorted(c for c in hand if c >= size), lambda: max(hand) < size),
            "continents ranked by score": (lambda: sorted(range(6), key=lambda k: -score[k]),
                                           lambda: sorted(range(6), key=score.__getitem__, reverse=True)),
            "a seat's territories": (lambda: [t for t in range(size) if owner[t] == side], lambda: kept.get(side))}


if __name__ == "__main__":
    main()
