"""What a board of thousands of territories costs: `risk check`, and turns of each bot.

    python benchmarks/big_board.py --territories 10000 --turns 20
    python benchmarks/big_board.py --territories 2000,5000,10000 --turns 20 --bots balanced,strong

The board is made here from its size and --seed: territories in continents of 100, each
bordering one of the three made just before it, and further borders (to one of the five
before, or for one in four anywhere: long sea lanes) up to twice the territories or the
schema's 10,000 borders, three card symbols and two jokers; the
rule file extends classic onto it with a bonus for every continent, missions of "occupy
half the board", and enough starting armies for one on each territory. The board of a given
size and seed is always the same file.

For each size it prints the file's size, the CPU time of loading and checking it (what
`risk check` does after start-up), of drawing it (`risk board show --svg`: a layout computed
from its borders) and of --turns turns of --players bots of each kind
(seeds 1000, 1001, …). Issue 21's bound: 20 turns of `strong` under two minutes on a
10,000-territory board.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

CONTINENT = 100  # territories a continent


def board_yaml(n: int, seed: int = 1, continent: int = CONTINENT) -> str:
    rng = random.Random(f"big-board:{n}:{seed}")
    names = [f"t{i}" for i in range(n)]
    out = ["id: big", "continents:"]
    for k in range(0, n, continent):
        out.append(f"  c{k // continent}: [{', '.join(names[k:k + continent])}]")
    out.append("borders:")
    seen = {(max(0, i - rng.randint(1, 3)), i) for i in range(1, n)}  # connected: a chain of near ones
    most = min(2 * n, 10_000)  # the schema's bound on borders
    while len(seen) < most:  # more: near ones mostly, one in four anywhere
        i = rng.randrange(1, n)
        j = rng.randrange(n) if rng.random() < 0.25 else max(0, i - rng.randint(1, 5))
        if j != i:
            seen.add((min(i, j), max(i, j)))
    out += [f"  - [{names[a]}, {names[b]}]" for a, b in sorted(seen)]
    out += ["deck:", "  symbols: [infantry, cavalry, artillery]", "  jokers: 2", "  cards:"]
    out += [f"    {t}: {('infantry', 'cavalry', 'artillery')[i % 3]}" for i, t in enumerate(names)]
    return "\n".join(out) + "\n"


def house_rule(n: int, players: int, continent: int = CONTINENT) -> str:
    bonuses = ",\n        ".join(f"c{k} {1 + k % 5}" for k in range(-(-n // continent)))
    armies = -(-n // players) + 20
    return (f'rulebook big\nextends classic\nboard "board.yaml"\nplayers {players} to 6\n'
            f"setup {{\n    starting armies 2+: {armies}\n    placement {min(100, -(-armies // 400))} per turn\n}}\n"
            f"reinforcements {{\n    continents {bonuses}\n}}\n"
            f"missions {{\n    occupy {min(1000, n // 2)} territories\n}}\n")


def write_case(directory: Path, n: int, players: int = 3, seed: int = 1, continent: int = CONTINENT) -> Path:
    """The board and its rule file in `directory`; the rule file's path."""
    (directory / "board.yaml").write_text(board_yaml(n, seed, continent), encoding="utf-8")
    path = directory / "big.risk"
    path.write_text(house_rule(n, players, continent), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--territories", default="10000", help="board sizes, comma-separated")
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="random,balanced,strong")
    parser.add_argument("--seed", type=int, default=1, help="the board's (the games' seeds are 1000, 1001, …)")
    args = parser.parse_args()

    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.board import load_board
    from riskrules.language.loader import open_rulebook

    bots = args.bots.split(",")
    from riskrules.text.board_svg import board_svg
    from riskrules.text.i18n import Text

    print(f"{'territories':>11} {'file KB':>8} {'check s':>8} {'draw s':>8} " + " ".join(f"{b + ' s':>11}" for b in bots)
          + f"   ({args.turns} turns, {args.players} players, CPU seconds)")
    for n in (int(x) for x in args.territories.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            path = write_case(Path(tmp), n, args.players, args.seed)
            load_board.cache_clear()
            started = time.process_time()
            book = open_rulebook(path)
            book.check()
            rules = book.rules(None, args.players)
            checked = time.process_time() - started
            started = time.process_time()
            board_svg(rules.board, Text("en"), title=rules.title)  # its computed layout, cells and lanes
            drawn = time.process_time() - started
            times = []
            for i, bot in enumerate(bots):
                started = time.process_time()
                Game(rules, [make_bot(bot) for _ in range(args.players)], 1000 + i, max_turns=args.turns).play()
                times.append(time.process_time() - started)
            size = (Path(tmp) / "board.yaml").stat().st_size / 1024
        print(f"{n:>11,} {size:>8.0f} {checked:>8.2f} {drawn:>8.2f} " + " ".join(f"{t:>11.2f}" for t in times))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
