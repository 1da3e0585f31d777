"""How `strong` reads the others' styles under fog, and what it does to its games.

`strong`'s playouts play each other seat with a style of the opponent pool drawn by how likely it
reads that player's (agents/reading.py). Under fog it reads no stopping (`--read attacks`:
attacks and move-ins); before (`--read all`) it read stopping as well, judged on the board as its
seat sees it. This prints, for one `strong` against three `balanced` (the strong seat rotated with
the seed), the mean weight the reader gives each style at the game's end (each other seat it has
read), the strong seat's wins with a 95% Wilson interval, which games it won (a string of 0 and 1
by seed; `--each`: each game as it ends), the turns and the CPU seconds — for each way of reading
asked for, on the same seeds.

    python benchmarks/style_fog.py --games 40 --first 1000 --read all,attacks
    python benchmarks/style_fog.py --games 3 --first 1000 --max-turns 24 --rules classic --read attacks
"""

from __future__ import annotations

import time

from benchmarks.fog_strong import games_parser, wilson
from riskrules.engine.agents import make_bot
from riskrules.engine.agents import reading
from riskrules.engine.game import Game
from riskrules.language.loader import open_rulebook

INIT = reading.StyleReader.__init__


def reading_all(self, view, seat):
    """The reader as before: attacks and stopping read under fog too."""
    INIT(self, view, seat)
    self.fogged = False


READS = {"attacks": INIT, "all": reading_all}


def main() -> None:
    parser = games_parser(__doc__.split("\n\n")[0])
    parser.add_argument("--each", action="store_true", help="print each game as it ends")
    parser.add_argument("--read", default="all,attacks", help="of " + ", ".join(READS))
    args = parser.parse_args()
    rules = open_rulebook(args.rules).rules(None, 4)
    try:
        for name in args.read.split(","):
            reading.StyleReader.__init__ = READS[name]
            clock = time.process_time()
            won = turns = read = 0
            each = []  # 1 for a game the strong seat won, in the order of the seeds (to pair the ways)
            weights = [0.0] * len(reading.STYLES)
            for seed in range(args.first, args.first + args.games):
                seat = seed % 4
                agents = [make_bot("balanced") for _ in range(4)]
                agents[seat] = make_bot("strong")
                game = Game(rules, agents, seed, **({"max_turns": args.max_turns} if args.max_turns else {}))
                result = game.play()
                won += result.winner == game.names[seat]
                each.append("1" if result.winner == game.names[seat] else "0")
                if args.each:
                    print(f"seed {seed}, reading {name}: {each[-1]} ({result.turns} turns)", flush=True)
                turns += result.turns
                for s in range(4):
                    w = agents[seat].reader.weights(s) if s != seat else None
                    if w is not None:
                        weights = [a + b for a, b in zip(weights, w)]
                        read += 1
            spent = time.process_time() - clock
            low, high = wilson(won, args.games)
            styles = ", ".join(f"{style.kind} {w / max(read, 1):.3f}" for style, w in zip(reading.STYLES, weights))
            print(f"{args.rules}, seeds {args.first}..{args.first + args.games - 1}, reading {name}: strong won "
                  f"{won}/{args.games} = {won / args.games:.1%} ({low:.1%}–{high:.1%}); {turns} turns, {spent:.1f} s "
                  f"of CPU; read {read} seats at the end: {styles}; each game won: {''.join(each)}")
    finally:
        reading.StyleReader.__init__ = INIT


if __name__ == "__main__":
    main()
