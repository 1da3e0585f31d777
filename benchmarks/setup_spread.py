"""How a bot places its setup armies, and how often a game is won in its first round.

    python benchmarks/setup_spread.py [--edition nl-1990] [--variant V] [--players 3] [--games 1000]
                                      [--bot balanced] [--seed 1]

Plays the setup and the first round of `--games` games (game i seeded game_seed(seed, i), as
`risk simulate` seeds them) with the bot in every seat. For each player: on how many
territories it put its setup armies, and the most it put on one. Prints how many players put
all their setup armies on one territory, the mean number of territories they used, and how
many games were won in turn 1 and in the first round, by which reason.

`PiledSetup` below is balanced with its setup placement as it was before it spread (every
setup army onto one territory), as a plug-in, to measure what spreading costs:

    risk tournament nl-1990 --players 4 --bots benchmarks/setup_spread.py:PiledSetup,balanced --games 400 --seed 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.balanced import BalancedAgent
from riskrules.engine.game import Game
from riskrules.instrument.simulate import game_seed
from riskrules.language.loader import open_rulebook


class PiledSetup(BalancedAgent):
    """balanced, but every setup army goes where it places in play: on a held continent under
    threat, else next to the weakest valuable target, where a stack is already building up (so,
    in practice, all onto one territory)."""

    kind = "piled-setup"

    def place_setup(self, d):
        return self.place_in_play(d)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="nl-1990")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bot", default="balanced")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = open_rulebook(args.edition).rules([args.variant] if args.variant else None, args.players)
    one_territory = players_seen = 0
    used: list[int] = []
    most: list[int] = []
    won_turn_one: Counter = Counter()
    won_round_one: Counter = Counter()
    for i in range(args.games):
        placed: dict[str, Counter] = {}

        def listen(event, placed=placed):
            if event["type"] == "place" and event["turn"] == 0 and "by" not in event:
                placed.setdefault(event["player"], Counter())[event["territory"]] += event["armies"]

        game = Game(rules, [make_bot(args.bot) for _ in range(args.players)], game_seed(args.seed, i),
                    max_turns=args.players, listeners=[listen])
        result = game.play()
        for name in game.names[:args.players]:
            counts = placed.get(name, Counter())
            if not counts:
                continue  # nothing left to place after the deal
            players_seen += 1
            used.append(len(counts))
            most.append(max(counts.values()))
            one_territory += len(counts) == 1
        if result.winner is not None:
            won_round_one[result.reason] += 1
            if result.turns == 1:
                won_turn_one[result.reason] += 1
    print(f"{args.edition} {args.variant or rules.variant or ''} {args.players} players, {args.bot}, "
          f"{args.games} games (seeds game_seed({args.seed}, i))")
    print(f"players who placed setup armies: {players_seen}; all on one territory: {one_territory}")
    print(f"territories used: mean {statistics.mean(used):.1f}, fewest {min(used)}; "
          f"most on one territory: mean {statistics.mean(most):.1f}, largest {max(most)}")
    print(f"won in turn 1: {sum(won_turn_one.values())} {dict(won_turn_one)}; "
          f"in the first round: {sum(won_round_one.values())} {dict(won_round_one)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
