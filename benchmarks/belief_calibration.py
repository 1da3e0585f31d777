"""How well a seat's belief under fog (engine/belief.py) matches the board it cannot see.

Four `balanced` play under a fog; at the start of every turn from round 2, each seat still in
makes its belief, and every chance it gives (this player holds that hidden territory) goes into
a bin by its size (0.0–0.1, …, 0.9–1.0). Per bin: how many chances, their mean, and how often the
player did hold the territory. A calibrated belief has the two equal ("of the territories it
gives 70% to red, 65–75% are red"). The guess of the old guess_board (the last-seen owner)
is shown beside it: how often the owner last seen still holds; and how often a hidden territory
is his who was told to hold its continent (his reinforcements) since the seat last saw it.

    python benchmarks/belief_calibration.py --games 100 --first 1 --rules fog-normal
    python benchmarks/belief_calibration.py --games 10 --first 1 --no-recount   (the counts as told)
    python benchmarks/belief_calibration.py --games 8 --first 1 --rounds [--no-untold]

`--rounds`: instead, at every turn's start from round 1, how often the likeliest owner the belief
gives a hidden territory is its owner, and the mean log-loss (−ln of the chance given the true
owner), by round (1, 2, 3–5, 6 on) and, in round 1, by whether some player was not told his count
yet; `--no-untold` with belief.UNTOLD off (the first round's counts as before fog58).
"""

from __future__ import annotations

import argparse
import math

from riskrules.engine import belief as beliefs
from riskrules.engine.agents import make_bot
from riskrules.engine.belief import belief_of
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

BINS = 10


def calibration(rules, games: int, first: int, players: int = 4) -> dict:
    """Per bin [count, sum of chances, hits], and the last-seen owner's [count, hits]."""
    bins = [[0, 0.0, 0] for _ in range(BINS)]
    last = [0, 0]
    told_rule = [0, 0]  # hidden territories of a continent a player was told to hold: count, his
    for seed in range(first, first + games):
        game = Game(rules, [make_bot("balanced") for _ in range(players)], seed)

        def listen(event, game=game):
            if event["type"] != "turn_start" or game.round < 2:
                return
            truth = game.owner
            for seat in range(players):
                if not game.alive[seat]:
                    continue
                view = game.sights[seat]
                belief = belief_of(view)
                for t, row in zip(belief.hidden, belief.chance):
                    for s, p in zip(belief.players, row):
                        b = bins[min(BINS - 1, int(p * BINS))]
                        b[0] += 1
                        b[1] += p
                        b[2] += truth[t] == s
                    if view.owner[t] >= 0:
                        last[0] += 1
                        last[1] += truth[t] == view.owner[t]
                    for s in belief.players:  # told to hold its continent since it was last seen
                        told = view.continents_told[s]
                        if told is not None and view.continent_of[t] in told[0] and told[1] >= view.dark_since[t]:
                            told_rule[0] += 1
                            told_rule[1] += truth[t] == s
        game.listeners.append(listen)
        game.play()
    return {"bins": bins, "last_seen": last, "told": told_rule}


def by_round(rules, games: int, first: int, players: int = 4) -> dict:
    """Per (round group, some not told yet): [hidden territories, likeliest owner right, log-loss sum]."""
    out: dict = {}
    for seed in range(first, first + games):
        game = Game(rules, [make_bot("balanced") for _ in range(players)], seed)

        def listen(event, game=game):
            if event["type"] != "turn_start":
                return
            r = game.round
            group = "1" if r == 1 else "2" if r == 2 else "3-5" if r <= 5 else "6+"
            for seat in range(players):
                if not game.alive[seat]:
                    continue
                view = game.sights[seat]
                belief = belief_of(view)
                key = (group, r == 1 and any(view.held[s] is None for s in belief.players))
                counts = out.setdefault(key, [0, 0, 0.0])
                for t, row in zip(belief.hidden, belief.chance):
                    truth = game.owner[t]
                    counts[0] += 1
                    counts[1] += belief.players[max(range(len(row)), key=row.__getitem__)] == truth
                    counts[2] -= math.log(max(row[belief.players.index(truth)], 1e-6) if truth in belief.players
                                          else 1e-6)
        game.listeners.append(listen)
        game.play()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--rules", default="fog-normal")
    parser.add_argument("--no-recount", action="store_true", help="the counts told as told (belief.RECOUNT off)")
    parser.add_argument("--rounds", action="store_true", help="owners right and log-loss by round, from round 1")
    parser.add_argument("--no-untold", action="store_true", help="belief.UNTOLD off")
    args = parser.parse_args()
    beliefs.RECOUNT = not args.no_recount
    beliefs.UNTOLD = not args.no_untold
    rules = open_rulebook(args.rules).rules(None, 4)
    if args.rounds:
        print(f"{args.rules}, 4 balanced, seeds {args.first}..{args.first + args.games - 1}, every turn's start, "
              f"UNTOLD {beliefs.UNTOLD}:")
        print("round | some not told | hidden | likeliest owner right | log-loss")
        for (group, untold), (n, right, loss) in sorted(by_round(rules, args.games, args.first).items()):
            print(f"{group} | {'yes' if untold else 'no'} | {n} | {right / n:.3f} | {loss / n:.3f}")
        return
    result = calibration(rules, args.games, args.first)
    print(f"{args.rules}, 4 balanced, seeds {args.first}..{args.first + args.games - 1}, every turn from round 2:")
    print("chance given | chances | mean given | held")
    for i, (n, total, hits) in enumerate(result["bins"]):
        if n:
            print(f"{i / BINS:.1f}–{(i + 1) / BINS:.1f} | {n} | {total / n:.3f} | {hits / n:.3f}")
    n, hits = result["last_seen"]
    print(f"the owner last seen still holds: {hits}/{n} = {hits / n:.3f}")
    n, hits = result["told"]
    if n:
        print(f"the player told to hold its continent (since it was seen) holds: {hits}/{n} = {hits / n:.3f}")


if __name__ == "__main__":
    main()
