"""Cards that do something (issue 44) in play: how often each kind is played, and whether `balanced`
is not weaker with cards than without.

Games of one `balanced` against `random` players, the balanced seat going round the table, on a
rule file with kinds of cards (the Warzone-cards gallery file by default), then on the same rules
with the kinds taken out (`rules.cards.kinds` None: no pieces, no plays); each game to a result
or `--turns`. Prints, for each: balanced's wins (and its share), the games that reached the turn
limit, and the plays of each kind per game, with whose they were. With `--against blind` the
others are `balanced` players that never play a card (they answer every `play` decision with
None): whether balanced's rule of thumb for cards wins more than its share.

    python benchmarks/card_plays.py --games 40                       # rulebooks/house/warzone-cards.risk
    python benchmarks/card_plays.py --against blind --games 300      # the rule of thumb against none
    python benchmarks/card_plays.py --against blind --pieces 1       # every kind a whole card a piece
    python benchmarks/card_plays.py --bot strong-4 --against balanced --pieces 1 --games 45
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from riskrules.engine.agents import make_bot  # noqa: E402
from riskrules.engine.agents.balanced import BalancedAgent  # noqa: E402
from riskrules.engine.decisions import PLAY  # noqa: E402
from riskrules.engine.game import Game  # noqa: E402
from riskrules.language.loader import open_rulebook  # noqa: E402


class Blind(BalancedAgent):
    """`balanced` that never plays a card that does something."""

    def decide(self, d):
        return None if d.kind is PLAY else super().decide(d)


def bot(name: str):
    return Blind() if name == "blind" else make_bot(name)


def run(rules, games: int, players: int, turns: int, first_seed: int, against: str = "random",
        lone: str = "balanced") -> dict:
    wins = limit = 0
    plays: Counter = Counter()
    by_lone: Counter = Counter()
    for g in range(games):
        seed = first_seed + g
        seat = g % players
        bots = [lone if s == seat else against for s in range(players)]
        events: list[dict] = []
        game = Game(rules, [bot(b) for b in bots], seed, max_turns=turns, listeners=[events.append])
        result = game.play()
        if result.reason == "turn_limit":
            limit += 1
        elif result.winner == game.names[seat]:
            wins += 1
        for e in events:
            if e["type"] == "card_played":
                plays[e["card"]] += 1
                if e["player"] == game.names[seat]:
                    by_lone[e["card"]] += 1
    return {"wins": wins, "limit": limit, "plays": plays, "by_lone": by_lone}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="rulebooks/house/warzone-cards.risk")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", choices=("random", "blind", "balanced"), default="random")
    parser.add_argument("--bot", default="balanced", help="the one bot against the others (balanced, strong-N …)")
    parser.add_argument("--pieces", type=int, default=None, help="every kind made of this many pieces")
    args = parser.parse_args()
    rules = open_rulebook(args.rules).rules(None, args.players)
    if rules.cards.kinds is None:
        print(f"{args.rules} declares no kinds of cards")
        return 1
    if args.pieces is not None:
        kinds = rules.cards.kinds
        kinds = dataclasses.replace(kinds, kinds=tuple(dataclasses.replace(k, pieces=args.pieces) for k in kinds.kinds))
        rules = dataclasses.replace(rules, cards=dataclasses.replace(rules.cards, kinds=kinds))
    without = dataclasses.replace(rules, cards=dataclasses.replace(rules.cards, kinds=None))
    settings = (("with its cards", rules), ("without them", without)) if args.against != "blind" else \
        (("with its cards", rules),)
    others = {"random": "random", "balanced": "balanced"}.get(args.against, "balanced playing no card")
    for label, r in settings:
        started = time.perf_counter()
        out = run(r, args.games, args.players, args.turns, args.seed, args.against, args.bot)
        share = out["wins"] / args.games
        print(f"{args.rules} {label}: {args.bot} won {out['wins']} of {args.games} ({share:.0%}) against "
              f"{args.players - 1} {others}; {out['limit']} at the turn limit "
              f"({time.perf_counter() - started:.0f} s)")
        for name in sorted(out["plays"]):
            print(f"  {name}: {out['plays'][name] / args.games:.2f} a game "
                  f"({out['by_lone'][name] / args.games:.2f} by {args.bot})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
