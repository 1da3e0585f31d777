"""Community maps, imported, checked, drawn and played: a corpus report per format (issue 49).

    python benchmarks/map_corpus.py [--manifest benchmarks/map_corpus.yaml] [--mirror DIR] [--keep DIR]
                                    [--games N] [--turns T] [--strong-turns K] [--baseline G]
                                    [--seated random,balanced,strong-1] [--seated-turns S] [-v] [--json]
    python benchmarks/map_corpus.py DIRECTORY …

The maps are fetched at run time, never committed (they and their pictures are their authors'):
benchmarks/map_corpus.yaml names each by repository, commit and path, with the files it names that come
with it (its .cards, its pictures). Each repository is read from `--mirror DIR` (DIR/owner+name/repo, a
git directory holding the commit) or else fetched (`git fetch --depth 1` of the listed commit from
GitHub). Or DIRECTORY holds maps already fetched: every `*.map` and `*.xml` under it. Identical maps (the
same text, line endings and trailing spaces aside) are counted once.

Each map is imported with `risk board import` into a scratch directory, `risk check`ed, drawn (`risk board
show --svg`) and played: "played" is N games of `balanced` bots, every one to a winner within T turns;
"every bot" is the reading of "plays to a winner with every bot": each bot of `--seated` (random,
balanced and strong-P, strong at P playouts a move for time) takes one seat against `balanced`
opponents, N games each (the bot's seat turning with the seed), and every game ends with a winner by
the rules (not the bound of `--seated-turns`, which only keeps a run finite); each bot's count is
reported too. (Games of random bots only, a random walk, often outlast any bound: `--baseline G` plays
G of them on the classic board, to show it is not the maps.) "strong" K turns of `strong` bots at
their full strength without an error (its playouts are slow). "names kept": the map's territory and continent names, read from the
file again by this script's own few lines (not the importer's), are the names the board shows.
Reported per format (by what `read_map` reads the file as): how many held at each step, each distinct
refusal once (its message with the file's name and line taken out) with how many maps it stopped; a
map the manifest marks `altered` (a repository's own changed copy of a community map, kept to show
its refusal) is counted apart; with `-v` every map's line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path, PurePosixPath

import yaml
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.board import load_board
from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook
from riskrules.language.map_import import decoded
from riskrules.language.map_named import kind_of
from riskrules.text.i18n import Text

STEPS = ("imported", "checked", "drawn", "played", "every bot", "strong", "names kept")
SEATED = ("random", "balanced", "strong-1")  # (strong at one playout a move: 111 maps at --games 2 in 585 s of CPU)


def general(message: str) -> str:
    """A refusal with its file and place taken out, so that alike refusals count as one."""
    text = re.sub(r"^risk: ", "", message.strip())
    text = re.sub(r"^[^:]*\.(map|xml|cards|yaml|risk)(:\d+)*(:\d+)?: ", "", text)
    return re.sub(r"'[^']*'", "'…'", text)[:160]


def one_line_with_place(message: str, path: Path) -> bool:
    """A refusal is one line naming the file (and its line, when it is about one)."""
    lines = message.strip().splitlines()
    return bool(lines) and path.name in lines[0]


# ---- fetching (at run time) ----

def git_dir(mirror: Path | None, repo: str, commit: str, cache: Path) -> Path:
    """A git directory holding `commit` of `repo`: the mirror's, or one fetched from GitHub."""
    if mirror is not None:
        for found in (mirror / repo.replace("/", "+") / "repo", mirror / repo.replace("/", "+") / "repo" / ".git",
                      mirror / repo.replace("/", "+")):
            if (found / "HEAD").is_file():
                return found
        raise OSError(f"{repo}: not in the mirror {mirror}")
    where = cache / repo.replace("/", "+")
    if not (where / "HEAD").is_file():
        subprocess.run(["git", "init", "--bare", "-q", str(where)], check=True)
    if subprocess.run(["git", "--git-dir", str(where), "cat-file", "-e", f"{commit}^{{commit}}"],
                      capture_output=True).returncode != 0:  # (not fetched yet, or an earlier fetch failed)
        subprocess.run(["git", "--git-dir", str(where), "fetch", "-q", "--depth", "1",
                        f"https://github.com/{repo}", commit], check=True)
    return where


def fetch(manifest: Path, mirror: Path | None, into: Path) -> list[tuple[Path, str]]:
    """Every map of the manifest (with the files beside it) written under `into`: [(map, where from)]; a map
    the manifest marks `altered` (a repository's own changed copy of a community map) has its reason in
    its origin, after ' — altered: '."""
    listed = yaml.safe_load(manifest.read_text(encoding="utf-8"))["repositories"]
    fetched = []
    for repo, entry in listed.items():
        try:
            where = git_dir(mirror, repo, entry["commit"], into / ".git-cache")
        except (OSError, subprocess.CalledProcessError) as err:
            print(f"{repo}: not fetched ({err})", file=sys.stderr)
            continue
        for item in entry["maps"]:
            folder = (into / repo.replace("/", "+") / item["path"]).parent
            folder.mkdir(parents=True, exist_ok=True)
            for name in [Path(item["path"]).name] + item.get("beside", []):
                parent = PurePosixPath(item["path"]).parent
                path = name if str(parent) == "." else f"{parent}/{name}"
                blob = subprocess.run(["git", "--git-dir", str(where), "show", f"{entry['commit']}:{path}"],
                                      capture_output=True)
                if blob.returncode == 0:
                    (folder / name).write_bytes(blob.stdout)
            if (folder / Path(item["path"]).name).is_file():
                origin = f"{repo}@{entry['commit'][:10]}:{item['path']}"
                if item.get("altered"):
                    origin += f" — altered: {item['altered']}"
                fetched.append((folder / Path(item["path"]).name, origin))
    return fetched


def distinct(maps: list[tuple[Path, str]]) -> tuple[list[tuple[Path, str]], list[tuple[str, str]]]:
    """The maps with identical text (line endings and trailing spaces aside) counted once; and (dropped, kept)."""
    seen: dict[str, str] = {}
    kept, dropped = [], []
    for path, origin in maps:
        text = path.read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        lines = [line.rstrip() for line in text.split(b"\n")]
        key = hashlib.sha256(b"\n".join(lines).strip()).hexdigest()
        if key in seen:
            dropped.append((origin, seen[key]))
            continue
        seen[key] = origin
        kept.append((path, origin))
    return kept, dropped


# ---- names, read again from the file (a second reading, not the importer's) ----

def names_written(path: Path, kind: str) -> tuple[list[str], list[str]]:
    """(territory names, continent names) as the map writes them."""
    text = decoded(path.read_bytes())
    if kind == "conquerclub":
        import html

        territories = re.findall(r"<territory>\s*<name>([^<]*)</name>", text)
        continents = re.findall(r"<continent>\s*<name>([^<]*)</name>", text)
        return [html.unescape(n).strip() for n in territories], [html.unescape(n).strip() for n in continents]
    section, territories, continents = "", [], []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("["):
            section = line.lower()
            continue
        if kind == "conquest":
            if section == "[continents]":
                continents.append(line.partition("=")[0].strip())
            elif section == "[territories]":
                territories.append(line.split(",")[0].strip())
        elif section == "[continents]":  # Domination: 'Name bonus colour', '_' for a space
            words = line.split()
            end = -1 if re.fullmatch(r"-?[0-9]+", words[-1]) else -2
            continents.append(" ".join(words[:end]).replace("_", " "))
        elif section == "[countries]":  # 'number Name continent x y'
            territories.append(" ".join(line.split()[1:-3]).replace("_", " "))
    return territories, continents


# ---- one map ----

def one(path: Path, scratch: Path, games: int, turns: int, strong_turns: int, seated: tuple[str, ...] = SEATED,
        seated_turns: int = 5000) -> tuple[str, dict, str | None]:
    """(format, the steps held — and each seated bot's, by its name —, the first refusal) of one map."""
    runner = CliRunner()
    kind = kind_of(path, str(path))
    held = {step: False for step in STEPS + seated}
    out = scratch / f"{len(list(scratch.iterdir()))}-{path.stem}"
    result = runner.invoke(app, ["board", "import", str(path), "--out", str(out), "--force"])
    if result.exit_code != 0:
        first = result.output.splitlines()[0] if result.output else "no output"
        shape = "" if one_line_with_place(result.output, path) else " [not one line naming the file]"
        return kind, held, general(first) + shape
    held["imported"] = True
    board_file = next(out.glob("*.yaml"))
    rule_file = next(out.glob("*.risk"))
    load_board.cache_clear()
    checked = runner.invoke(app, ["check", str(rule_file)])
    if checked.exit_code != 0:
        return kind, held, "check: " + general(checked.output.splitlines()[0])
    held["checked"] = True
    drawn = runner.invoke(app, ["board", "show", str(rule_file), "--svg", str(out / "board.svg")])
    if drawn.exit_code != 0:
        return kind, held, "draw: " + general(drawn.output.splitlines()[0])
    held["drawn"] = True
    book = open_rulebook(rule_file)
    low = book.rules(None).model["players"]["min"]
    ends = {"balanced": [play(book, "balanced", seed, low + seed % 2, turns) for seed in range(games)]}
    held["played"] = all(end.winner is not None for end in ends["balanced"])
    for bot in seated:
        ends[bot] = [seated_game(book, bot, seed, low + seed % 2, seated_turns) for seed in range(games)]
        held[bot] = all(won(end) for end in ends[bot])
    held["every bot"] = all(held[bot] for bot in seated)
    strong = Game(book.rules(None, low), [make_bot("strong") for _ in range(low)], 1, max_turns=strong_turns).play()
    held["strong"] = strong.reason in ("turn_limit",) or strong.winner is not None
    board = load_board(board_file, str(board_file))
    t = Text("en", board=board)
    territories, continents = names_written(path, kind)
    shown_continents = [t.continent(c) for c in board.continents]
    shown_territories = [t.territory(i) for i in board.territories]
    held["names kept"] = (sorted(shown_territories) == sorted(territories)
                          and sorted(set(shown_continents) - {"Rest"}) == sorted(set(continents) - {"Rest"}))
    why = None
    if not held["played"]:
        why = f"balanced: no winner within {turns} turns in {sum(e.winner is None for e in ends['balanced'])} games"
    elif not held["every bot"]:
        bot = next(b for b in seated if not held[b])
        why = (f"{bot} against balanced: no winner within {seated_turns} turns in "
               f"{sum(not won(e) for e in ends[bot])} games")
    elif not held["names kept"]:
        lost = sorted(set(territories + continents) - set(shown_territories + shown_continents))
        why = f"names changed: {lost[:3]}"
    return kind, held, why


def play(book, bot: str, seed: int, players: int, turns: int):
    """One game of `players` `bot`s to a winner or `turns` turns: its result."""
    return Game(book.rules(None, players), [make_bot(bot) for _ in range(players)], seed, max_turns=turns).play()


def seated_game(book, bot: str, seed: int, players: int, turns: int):
    """One game of `bot` in seat seed % players against `balanced` bots, to a winner or `turns` turns."""
    seats = [make_bot(bot if seat == seed % players else "balanced") for seat in range(players)]
    return Game(book.rules(None, players), seats, seed, max_turns=turns).play()


def won(result) -> bool:
    """The game ended with a winner by the rules (not at the turn bound)."""
    return result.winner is not None and result.reason != "turn_limit"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, nargs="?")
    parser.add_argument("--manifest", type=Path, default=Path(__file__).parent / "map_corpus.yaml")
    parser.add_argument("--mirror", type=Path, help="read the repositories from DIR/owner+name/repo, not GitHub")
    parser.add_argument("--keep", type=Path, help="fetch into DIR and keep it (else a scratch directory)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--strong-turns", type=int, default=3)
    parser.add_argument("--seated", default=",".join(SEATED),
                        help="the bots each seated against balanced ones (the 'every bot' step), comma-separated")
    parser.add_argument("--seated-turns", type=int, default=5000, help="the bound on each such game (a run ends)")
    parser.add_argument("--only", help="only the maps whose origin contains this text")
    parser.add_argument("--baseline", type=int, default=0,
                        help="also play N games of random bots on the classic board (random's own share of winners)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("-v", action="store_true", help="a line for every map")
    args = parser.parse_args()
    seated = tuple(b.strip() for b in args.seated.split(",") if b.strip())
    counts: dict[str, Counter] = defaultdict(Counter)
    refusals: dict[str, Counter] = defaultdict(Counter)
    with tempfile.TemporaryDirectory() as scratch:
        if args.directory is not None:
            found = [(p, str(p.relative_to(args.directory))) for p in sorted(args.directory.rglob("*"))
                     if p.suffix.lower() in (".map", ".xml") and p.is_file()]
        else:
            into = args.keep or Path(scratch) / "maps"
            found = fetch(args.manifest, args.mirror, into)
        maps, dropped = distinct(found)
        print(f"{len(found)} maps fetched, {len(maps)} distinct ({len(dropped)} the same as another)", file=sys.stderr)
        if args.only:
            maps = [(p, o) for p, o in maps if args.only in o]
        for origin, same in dropped:
            print(f"{origin}: the same as {same}", file=sys.stderr)
        for path, origin in maps:
            try:
                kind, held, why = one(path, Path(scratch), args.games, args.turns, args.strong_turns, seated,
                                      args.seated_turns)
            except (RuleError, OSError, StopIteration) as err:  # (a map the steps above could not follow)
                kind, held, why = "unknown", {step: False for step in STEPS + seated}, general(str(err))
            kind += " (altered copies)" if " — altered: " in origin else ""
            counts[kind]["maps"] += 1
            counts[kind].update(step for step, ok in held.items() if ok)
            if why:
                refusals[kind][why] += 1
            if args.v or why:
                print(f"{origin}: {kind}: " + ", ".join(s for s in STEPS + seated if held[s]) + (f" — {why}" if why else ""),
                      file=sys.stderr)
    if args.json:
        print(json.dumps({k: {"counts": dict(counts[k]), "refusals": dict(refusals[k])} for k in counts}, indent=1,
                         ensure_ascii=False))
        return 0
    total = Counter()
    for kind in sorted(counts):
        c = counts[kind]
        total.update(c if "altered" not in kind else {})
        print(f"{kind}: {c['maps']} maps — " + ", ".join(f"{step} {c[step]}" for step in STEPS)
              + " (" + ", ".join(f"{bot} against balanced {c[bot]}" for bot in seated) + ")")
        for message, n in refusals[kind].most_common():
            print(f"    {n} × {message}")
    print(f"all: {total['maps']} maps — " + ", ".join(f"{step} {total[step]}" for step in STEPS)
          + " (" + ", ".join(f"{bot} against balanced {total[bot]}" for bot in seated) + ")")
    if args.baseline:
        classic = open_rulebook(Path(__file__).parent.parent / "rulebooks" / "classic.risk")
        won = sum(play(classic, "random", seed, 2 + seed % 2, args.turns).winner is not None
                  for seed in range(args.baseline))
        print(f"the classic board, random bots: {won} of {args.baseline} games to a winner within {args.turns} turns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
