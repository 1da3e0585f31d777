"""Community maps, imported, checked, drawn and played: a corpus report per format (issue 49).

    python benchmarks/map_corpus.py DIRECTORY [--games N] [--turns T] [--json]

DIRECTORY holds the maps — fetched at run time, never committed (they are their authors'), e.g.
`git clone --depth 1 https://github.com/<owner>/<maps-repository> /tmp/maps`: every `*.map` and
`*.xml` under it (a Domination map's `.cards` and images beside it, as its program reads them) is
imported with `risk board import` into a scratch directory, then `risk check`ed, drawn (`risk board
show --svg`) and played by `random` and `balanced` bots to a result (N games each, at most T turns).
Reported per format (by what `read_map` reads the file as): how many of each step held, each
distinct refusal once (its message with the file's name and line taken out) with how many maps it
stopped, and every name of the map kept as written (the names the board shows against the map's own).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.board import load_board
from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook
from riskrules.language.map_named import kind_of, read_map
from riskrules.text.i18n import Text

STEPS = ("imported", "checked", "drawn", "played", "names kept")


def general(message: str) -> str:
    """A refusal with its file and place taken out, so that alike refusals count as one."""
    text = re.sub(r"^risk: ", "", message.strip())
    text = re.sub(r"^[^:]*\.(map|xml|cards|yaml|risk)(:\d+)*(:\d+)?: ", "", text)
    return re.sub(r"'[^']*'", "'…'", text)[:160]


def one(path: Path, scratch: Path, games: int, turns: int) -> tuple[str, dict[str, bool], str | None]:
    """(format, the steps held, the first refusal) of one map."""
    runner = CliRunner()
    kind = kind_of(path, str(path))
    held = {step: False for step in STEPS}
    out = scratch / path.stem
    result = runner.invoke(app, ["board", "import", str(path), "--out", str(out), "--force"])
    if result.exit_code != 0:
        return kind, held, general(result.output.splitlines()[0] if result.output else "no output")
    held["imported"] = True
    board_file = next(out.glob("*.yaml"))
    rule_file = next(out.glob("*.risk"))
    load_board.cache_clear()
    checked = runner.invoke(app, ["check", str(rule_file)])
    if checked.exit_code != 0:
        return kind, held, general(checked.output.splitlines()[0])
    held["checked"] = True
    drawn = runner.invoke(app, ["board", "show", str(rule_file), "--svg", str(out / "board.svg")])
    if drawn.exit_code != 0:
        return kind, held, general(drawn.output.splitlines()[0])
    held["drawn"] = True
    book = open_rulebook(rule_file)
    low = book.rules(None).model["players"]["min"]
    ends = []
    for bot in ("random", "balanced"):
        for seed in range(games):
            game = Game(book.rules(None, low + seed % 2), [make_bot(bot) for _ in range(low + seed % 2)], seed,
                        max_turns=turns)
            ends.append(game.play().reason)
    held["played"] = all(end != "turn_limit" for end in ends)
    board = load_board(board_file, str(board_file))
    t = Text("en", board=board)
    imported = read_map(path, str(path))
    held["names kept"] = [t.territory(i) for i in board.territories] == [n.strip()[:100].strip()
                                                                         for n in imported.names]
    return kind, held, None if held["played"] else f"no winner within {turns} turns in some of {len(ends)} games"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    maps = sorted(p for p in args.directory.rglob("*") if p.suffix.lower() in (".map", ".xml") and p.is_file())
    counts: dict[str, Counter] = defaultdict(Counter)
    refusals: dict[str, Counter] = defaultdict(Counter)
    with tempfile.TemporaryDirectory() as scratch:
        for path in maps:
            try:
                kind, held, why = one(path, Path(scratch), args.games, args.turns)
            except (RuleError, OSError, StopIteration) as err:  # (a map the steps above could not follow)
                kind, held, why = "unknown", {step: False for step in STEPS}, general(str(err))
            counts[kind]["maps"] += 1
            counts[kind].update(step for step, ok in held.items() if ok)
            if why:
                refusals[kind][why] += 1
            print(f"{path.relative_to(args.directory)}: {kind}: " + ", ".join(s for s in STEPS if held[s])
                  + (f" — {why}" if why else ""), file=sys.stderr)
    if args.json:
        print(json.dumps({k: {"counts": dict(counts[k]), "refusals": dict(refusals[k])} for k in counts}, indent=1,
                         ensure_ascii=False))
        return 0
    for kind in sorted(counts):
        c = counts[kind]
        print(f"{kind}: {c['maps']} maps — " + ", ".join(f"{step} {c[step]}" for step in STEPS))
        for message, n in refusals[kind].most_common():
            print(f"    {n} × {message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
