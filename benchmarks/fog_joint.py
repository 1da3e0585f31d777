"""How a seat's guesses of the board under fog (belief.sample, guess_board) match the board it
cannot see jointly, not territory by territory: of the pairs of neighbouring hidden territories,
how many one player holds in the true board and in a guess; how many hidden territories a guess
gives their true owner; each player's hidden armies guessed against the true (mean of guess − true).

Four `balanced` play under a fog; at the start of every turn from round 2 each seat still in draws
`--draws` guesses, once for each value of belief.COHERE asked (the weight a draw gives a player per
hidden neighbour already drawn his).

    python benchmarks/fog_joint.py --games 8 --first 1 --cohere 0,1,3,10
    python benchmarks/fog_joint.py --games 8 --first 1 --cohere 0,3 --no-recount --army-draws 1
"""

from __future__ import annotations

import argparse
import random

from riskrules.engine import belief as beliefs
from riskrules.engine import fog_view
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook


def measure(rules, games: int, first: int, coheres: list[float], draws: int = 4, players: int = 4) -> dict:
    """Per COHERE: [pairs, same in truth, same in guesses / draws, hidden, right / draws, army error sum, n]."""
    out = {c: [0, 0, 0.0, 0, 0.0, 0.0, 0, 0.0] for c in coheres}
    for seed in range(first, first + games):
        game = Game(rules, [make_bot("balanced") for _ in range(players)], seed)

        def listen(event, game=game):
            if event["type"] != "turn_start" or game.round < 2:
                return
            truth, true_armies = game.owner, game.armies
            for seat in range(players):
                if not game.alive[seat]:
                    continue
                view = game.sights[seat]
                belief = beliefs.belief_of(view)
                hidden = belief.hidden
                pairs = [(i, k) for i, links in enumerate(belief.links) for k in links if i < k]
                kept = beliefs.COHERE
                for c in coheres:
                    beliefs.COHERE = c
                    row = out[c]
                    row[0] += len(pairs)
                    row[1] += sum(truth[hidden[i]] == truth[hidden[k]] for i, k in pairs)
                    row[3] += len(hidden)
                    rng = random.Random(seed * 1000 + game.turn * 10 + seat)
                    for _ in range(draws):
                        owner, armies = view.guess_board(rng)
                        row[2] += sum(owner[hidden[i]] == owner[hidden[k]] for i, k in pairs) / draws
                        row[4] += sum(owner[t] == truth[t] for t in hidden) / draws
                        for s in belief.players:
                            guess = sum(armies[t] for t in hidden if owner[t] == s)
                            true = sum(true_armies[t] for t in hidden if truth[t] == s)
                            row[5] += (guess - true) / draws
                            row[7] += true / draws
                        row[6] += len(belief.players) / draws
                beliefs.COHERE = kept
        game.listeners.append(listen)
        game.play()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--rules", default="fog-normal")
    parser.add_argument("--cohere", default="0,1,3")
    parser.add_argument("--draws", type=int, default=4)
    parser.add_argument("--army-draws", type=int, default=fog_view.ARMY_DRAWS,
                        help="a changed owner's armies: the least of so many stacks seen (fog_view.ARMY_DRAWS)")
    parser.add_argument("--no-recount", action="store_true", help="the counts told as told (belief.RECOUNT off)")
    args = parser.parse_args()
    beliefs.RECOUNT = not args.no_recount
    fog_view.ARMY_DRAWS = args.army_draws
    rules = open_rulebook(args.rules).rules(None, 4)
    coheres = [float(c) for c in args.cohere.split(",")]
    result = measure(rules, args.games, args.first, coheres, args.draws)
    print(f"{args.rules}, 4 balanced, seeds {args.first}..{args.first + args.games - 1}, every turn from round 2,"
          f" {args.draws} guesses a seat, RECOUNT {beliefs.RECOUNT}, ARMY_DRAWS {fog_view.ARMY_DRAWS}:")
    print("COHERE | neighbour pairs | one owner: true | in a guess | hidden | owner right | hidden armies a player: guess − true | true")
    for c, (pairs, same, guessed, hidden, right, error, n, true) in result.items():
        print(f"{c:g} | {pairs} | {same / pairs:.3f} | {guessed / pairs:.3f} | {hidden} | {right / hidden:.3f} | {error / n:+.2f} | {true / n:.2f}")


if __name__ == "__main__":
    main()
