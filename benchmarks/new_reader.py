"""The new-reader experiment of issue 45: could a reader who has only the guide
(docs/rule-language.md) write each play-changing item of the rule space as a house rule?

    python benchmarks/new_reader.py compare     # per item: benchmarks/new_reader/compare/<id>.txt
    python benchmarks/new_reader.py summary     # the grades (benchmarks/new_reader/grades.yaml) counted

A reader (the protocol is benchmarks/new_reader/README.md) wrote benchmarks/new_reader/files/<id>.risk
for each item, blind to the gallery. `compare` checks each file, plays a short game of it (random
bots, 3 players or the fewest the rules allow, 30 turns, seed 1) and writes, beside the rows of
the rule sheet that the reader's file changes from the edition it extends, the rows that the
gallery file covering the item (its `# covers:` line) changes from its own parent: the material a
grader compares. The grades are a judgement (right: the file says the item as its source
describes it, values aside where the item is a setting; wrong: it says something else, or does
not check); `summary` counts them and lists the wrong ones with their reasons.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import coverage  # noqa: E402  (benchmarks/coverage.py: the items and the gallery's covers)

from riskrules.engine.agents import make_bot  # noqa: E402
from riskrules.engine.game import Game  # noqa: E402
from riskrules.language.errors import RuleError  # noqa: E402
from riskrules.language.loader import open_rulebook  # noqa: E402
from riskrules.text.diff import diff_rows  # noqa: E402
from riskrules.text.i18n import Text  # noqa: E402
from riskrules.text.sheet import build_sheet  # noqa: E402

FOLDER = HERE / "new_reader"
PLAYING = ("n/a", "undefined")  # reasons of the items that do not change play


def playing_items() -> list[dict]:
    return [i for i in coverage.items() if (i.get("reason") or "").split(":")[0] not in PLAYING]


def changes(path: Path) -> list[str]:
    """The rows of the rule sheet that the file changes from the first rulebook it extends."""
    book = open_rulebook(path)
    chain = book.rules(None, None).chain
    if not chain:  # an edition: the item is simply its rule
        return ["  (an edition, extends nothing: the item is its own rule)"]
    parent = open_rulebook(chain[0])
    t = Text("en")
    rows = diff_rows(build_sheet(parent, None, t), build_sheet(book, None, t))
    return [f"  {section} › {label}: {a}  →  {b}" for section, label, a, b in rows]


def plays(path: Path) -> str:
    book = open_rulebook(path)
    rules = book.rules(None, None)
    players = max(3, rules.min_players) if rules.max_players >= 3 else rules.min_players
    rules = book.rules(None, players)
    game = Game(rules, [make_bot("random") for _ in range(players)], seed=1)
    game.max_turns = 30
    game.play()
    r = game.result
    return f"plays: {players} players, 30 turns at most: {r.reason} after {r.turns} turns (winner {r.winner})"


def compare() -> None:
    written = coverage.covers({i["id"] for i in coverage.items()})
    out = FOLDER / "compare"
    out.mkdir(parents=True, exist_ok=True)
    for item in playing_items():
        mine = FOLDER / "files" / f"{item['id']}.risk"
        lines = [f"{item['id']} — {item['platform']}: {item['item']} ({item['source']})", ""]
        if not mine.exists():
            lines.append("reader: no file")
        else:
            lines.append("reader's file:\n" + mine.read_text(encoding="utf-8"))
            try:
                lines.append("checks: yes")
                lines += ["reader's changes:"] + changes(mine)
                lines.append(plays(mine))
            except RuleError as err:
                lines.append("checks: no — " + " / ".join(p.format().splitlines()[0] for p in err.problems[:3]))
            except Exception as err:  # a crash is a finding in its own right: say it, go on
                lines.append(f"crash: {type(err).__name__}: {err}")
        for path in written.get(item["id"], []):
            lines += ["", f"gallery {path.relative_to(ROOT)}'s changes:"] + changes(path)
        (out / f"{item['id']}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(item["id"], "done", flush=True)


def summary() -> None:
    grades = yaml.safe_load((FOLDER / "grades.yaml").read_text(encoding="utf-8"))["grades"]
    ids = [i["id"] for i in playing_items()]
    missing = [i for i in ids if i not in grades]
    if missing:
        raise SystemExit(f"new_reader: no grade for {', '.join(missing)}")
    right = [i for i in ids if grades[i]["grade"] == "right"]
    print(f"{len(right)} of {len(ids)} items right")
    for i in ids:
        if grades[i]["grade"] != "right":
            print(f"  {i}: {grades[i]['grade']} — {grades[i]['why']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["compare", "summary"])
    args = parser.parse_args()
    compare() if args.what == "compare" else summary()


if __name__ == "__main__":
    main()
