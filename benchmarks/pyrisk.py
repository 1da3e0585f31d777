"""riskrules beside pyrisk (github.com/chronitis/pyrisk): games per second on the same game.

    python benchmarks/pyrisk.py [--pyrisk DIR] [--games N] [--seed S]

pyrisk is a companion here, never a dependency: its source is not in this repository.
Give the directory of a copy (a clone of github.com/chronitis/pyrisk) with --pyrisk or the
environment variable PYRISK_PATH; without one this benchmark says so and skips.

Both play 4-player games of pyrisk's rules: benchmarks/pyrisk.risk is the house rule that
says them in riskrules' language (no cards, 27 armies each, a draft, two defending dice
whenever possible, one free move a turn). riskrules plays them with its random and
balanced bots, pyrisk with each of its AIs (four of a kind); pyrisk runs without its
curses display and with logging off. pyrisk was written for Python 2 as well as 3: two
of its AIs still divide integers with `/` and use `dict.keys()` and `filter(…)` as lists;
its modules are loaded here with those constructs given their Python 2 meaning (an
integer quotient of integers; lists; `reduce` a builtin), at import time, without changing
its files.
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib.abc
import importlib.util
import logging
import os
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = HERE / "pyrisk.risk"
PLAYERS = 4
AIS = ("StupidAI", "BetterAI", "AlAI", "ChronAI")
MODULES = {"ai", "game", "player", "territory", "world", "display"}


def pyrisk_dir(given: str | None) -> Path | None:
    path = given or os.environ.get("PYRISK_PATH")
    if not path:
        return None
    path = Path(path)
    return path if (path / "game.py").is_file() and (path / "ai").is_dir() else None


class _Python2Meaning(ast.NodeTransformer):
    """`a / b` → py2div(a, b); `d.keys()` (values, items), `filter(…)`, `map(…)` → lists."""

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Div):
            return ast.copy_location(ast.Call(ast.Name("_py2div", ast.Load()), [node.left, node.right], []), node)
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        views = isinstance(node.func, ast.Attribute) and node.func.attr in ("keys", "values", "items") \
            and not node.args and not node.keywords
        if views or isinstance(node.func, ast.Name) and node.func.id in ("filter", "map"):
            return ast.copy_location(ast.Call(ast.Name("list", ast.Load()), [node], []), node)
        return node


def _py2div(a, b):
    return a // b if isinstance(a, int) and isinstance(b, int) else a / b


class _Loader(importlib.abc.SourceLoader):
    def __init__(self, path: Path):
        self.path = path

    def get_filename(self, fullname):
        return str(self.path)

    def get_data(self, path):
        return Path(path).read_bytes()

    def source_to_code(self, data, path, *, _optimize=-1):
        tree = _Python2Meaning().visit(ast.parse(data, filename=path))
        ast.fix_missing_locations(tree)
        return compile(tree, path, "exec", dont_inherit=True)

    def exec_module(self, module):
        module._py2div = _py2div
        module.reduce = functools.reduce  # a builtin in Python 2
        super().exec_module(module)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds pyrisk's own modules in its directory (before anything of the same name)."""

    def __init__(self, root: Path):
        self.root = root

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] not in MODULES:
            return None
        parts = fullname.split(".")
        package = self.root.joinpath(*parts) / "__init__.py"
        module = self.root.joinpath(*parts[:-1]) / f"{parts[-1]}.py"
        if package.is_file():
            return importlib.util.spec_from_file_location(fullname, package, loader=_Loader(package),
                                                          submodule_search_locations=[str(package.parent)])
        if module.is_file():
            return importlib.util.spec_from_file_location(fullname, module, loader=_Loader(module))
        return None


def measure_pyrisk(root: Path, games: int, seed: int) -> dict[str, dict]:
    finder = _Finder(root)
    sys.meta_path.insert(0, finder)
    logging.disable(logging.CRITICAL)
    try:
        game_module = importlib.import_module("game")
        world = importlib.import_module("world")
        out = {}
        for name in AIS:
            ai = getattr(importlib.import_module("ai." + name[:-2].lower()), name)
            turns, failed = 0, 0
            start = time.perf_counter()
            for s in range(seed, seed + games):
                random.seed(s)
                g = game_module.Game(curses=False, connect=world.CONNECT, areas=world.AREAS)
                for i in range(PLAYERS):
                    g.add_player(f"P{i}", ai)
                try:
                    g.play()
                except Exception:  # an AI that breaks its own game: counted, not timed as a game
                    failed += 1
                turns += g.turn
            seconds = time.perf_counter() - start
            out[name] = {"games_per_s": (games - failed) / seconds, "turns_per_s": turns / seconds,
                         "failed": failed, "games": games}
        return out
    finally:
        logging.disable(logging.NOTSET)
        sys.meta_path.remove(finder)
        for name in [m for m in sys.modules if m.split(".")[0] in MODULES]:
            del sys.modules[name]


def measure_riskrules(games: int, seed: int) -> dict[str, dict]:
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    rules = open_rulebook(RULES).rules(None, PLAYERS)
    out = {}
    for bot in ("random", "balanced"):
        turns, limit = 0, 0
        start = time.perf_counter()
        for s in range(seed, seed + games):
            result = Game(rules, [make_bot(bot) for _ in range(PLAYERS)], s).play()
            turns += result.turns
            limit += result.reason == "turn_limit"
        seconds = time.perf_counter() - start
        out[bot] = {"games_per_s": games / seconds, "turns_per_s": turns / seconds, "turn_limit": limit,
                    "games": games}
    return out


def report(ours: dict, theirs: dict | None, reason: str | None = None) -> list[str]:
    lines = [f"pyrisk's game (benchmarks/pyrisk.risk), {PLAYERS} players, one process:"]
    for bot, m in ours.items():
        lines.append(f"  riskrules {bot:<9} {m['games_per_s']:8.1f} games/s  {m['turns_per_s']:8.0f} turns/s  "
                     f"turn limit {m['turn_limit']}/{m['games']}")
    if theirs is None:
        lines.append(f"  pyrisk: skipped ({reason})")
        return lines
    balanced = ours["balanced"]["games_per_s"]
    for name, m in theirs.items():
        failed = f"  ({m['failed']}/{m['games']} games broke off in the AI)" if m["failed"] else ""
        times = f"balanced plays {balanced / m['games_per_s']:.1f}× its games/s" if m["games_per_s"] else ""
        lines.append(f"  pyrisk    {name:<9} {m['games_per_s']:8.1f} games/s  {m['turns_per_s']:8.0f} turns/s  "
                     f"{times}{failed}")
    return lines


def run(path: str | None, games: int, seed: int) -> list[str]:
    root = pyrisk_dir(path)
    ours = measure_riskrules(games, seed)
    if root is None:
        why = "no pyrisk: give --pyrisk DIR or PYRISK_PATH, a clone of github.com/chronitis/pyrisk"
        return report(ours, None, why)
    return report(ours, measure_pyrisk(root, games, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyrisk", help="pyrisk's directory (else $PYRISK_PATH)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("\n".join(run(args.pyrisk, args.games, args.seed)))


if __name__ == "__main__":
    main()
