"""Fuzz kind `seats`: hostile programs in a seat (`--bot cmd:…`, the seat protocol), played by `risk play`.

A case is a Python program `client.py` that answers as docs/clients/random_client.py does, and
misbehaves in one way after some questions (of one kind or any, in one seat or every seat):

  crash    — exits (codes 0, 1, 3, 137 by SIGKILL of itself), closes its output, raises
  hang     — never answers (sleeps, or spins), stops reading its input; played with `--bot-timeout 2`
  garbage  — a line that is not JSON, half an array, a JSON string, a float, an object, true,
             an array of floats, a number of 5,000 digits, arrays nested 100,000 deep, NaN,
             an empty line, two answers on one line, bytes that are not UTF-8
  huge     — a line of 2 MB, 5 MB without a newline, 100,000 short lines at once
  illegal  — an answer that is not an option: -1, the board's size, armies 0 or 10**9, the wrong
             arity, null where an answer is required
  noise    — writes to its standard error (100 KB), answers slowly (a little sleep each time)

The verdict, as fuzz_plugins': `risk play` ends with exit 0 and the result line, or with exit 1
and ONE line on stderr, `risk: …`, naming the command, at most 1,000 characters — never a
traceback — and its log replays (`risk replay`: every line true).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import fuzz_plugins
from fuzz import Verdict, pick

DESCRIPTION = "programs in a seat (cmd:, the seat protocol)"
GENERATORS = [(0.2, "crash"), (0.15, "hang"), (0.3, "garbage"), (0.1, "huge"), (0.2, "illegal"), (0.05, "noise")]
ONLY: list[str] = []
GAMES = [("classic", None), ("rulebooks/house/three-isles.risk", None), ("nl-1990", "alternatief"),
         ("rulebooks/house/fog-normal.risk", None), ("sv-2000", "missions")]
KINDS = [None, None, "place", "attack", "dice", "defend", "occupy", "fortify"]
HANG_TIMEOUT = 2

CRASH = ["sys.exit(0)", "sys.exit(1)", "sys.exit(3)", "os.kill(os.getpid(), 9)", "os.close(1); time.sleep(5)",
         "raise RuntimeError('the client fails')"]
HANG = ["time.sleep(10 ** 6)", "while True:\n    pass", "sys.stdin.close(); time.sleep(10 ** 6)"]
GARBAGE = ["'attack, please {'", "'[1, 2'", "json.dumps('3')", "'1.5'", "'{\"answer\": 1}'", "'true'",
           "'[1.0, 2.0]'", "'9' * 5000", "'[' * 100000 + ']' * 100000", "'NaN'", "''", "'1 2'", "'[1] [2]'",
           "b'\\xff\\xfe'"]
HUGE = ["os.write(1, b'[' + b'1,' * 1_000_000 + b'1]\\n')", "os.write(1, b'7' * 5_000_000)",
        "os.write(1, b'null\\n' * 100_000)"]
ILLEGAL = ["-1", "len(m['view']['owner'])", "[o, 0] if kind == 'place' else o", "[o, 10**9] if kind == 'place' else o",
           "[o, o, o, o]", "None", "[]", "o + [0] if isinstance(o, list) else [o, 0]"]
NOISE = ["sys.stderr.write('x' * 100_000 + '\\n')", "time.sleep(0.01)"]
TABLE = {"crash": CRASH, "hang": HANG, "garbage": GARBAGE, "huge": HUGE, "illegal": ILLEGAL, "noise": NOISE}

TEMPLATE = '''\
"""A hostile seat-protocol client, made by benchmarks/fuzz_seats.py: {label}"""
import json
import os
import random
import sys
import time

KIND = {kind!r}    # the questions it misbehaves at (None: any)
AFTER = {after}    # questions of that kind answered well first
SEAT = {seat!r}    # the seat that misbehaves (None: every seat)
TIMES = {times}    # how many times it misbehaves

rng, count, done, seat, stay = random.Random(1), 0, 0, None, 1


def say(line):
    os.write(1, (line if isinstance(line, bytes) else line.encode()) + b"\\n")


for text in sys.stdin:
    m = json.loads(text)
    if m["type"] == "hello":
        seat, stay = m["seat"], m["rules"]["stay"]
    if m["type"] != "question":
        continue
    kind = m["kind"]
    options = m.get("options") or list(range(m["range"][0], m["range"][1] + 1))
    o = options[0]
    if (KIND is None or kind == KIND) and (SEAT is None or seat == SEAT):
        count += 1
        if count > AFTER and done < TIMES:
            done += 1
{misbehave}
    answer = None if m["optional"] and (rng.random() < 0.3 or kind == "play") else rng.choice(options)
    if answer is not None and kind == "place":
        answer = [answer, rng.randint(1, m["most"])]
    elif answer is not None and kind == "fortify":
        answer = answer + [rng.randint(1, m["view"]["armies"][answer[0]] - stay)]
    say(json.dumps(answer))
'''


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    pass


def _indent(code: str, spaces: int) -> str:
    return "\n".join(" " * spaces + line for line in code.split("\n"))


def generate(rng: random.Random, index: int, case: Path) -> str:
    fam = pick(rng, GENERATORS, ONLY)
    what = rng.choice(TABLE[fam])
    if fam == "garbage":
        code = f"say({what})\ncontinue"
    elif fam == "illegal":
        code = f"say(json.dumps({what}))\ncontinue"
    elif fam == "noise":
        code = what
    else:
        code = f"{what}\ncontinue"
    kind, after = rng.choice(KINDS), rng.choice([0, 0, 1, 5, 20])
    seat = rng.choice([None, None, 0, 1])
    times = 100 if fam == "noise" else 1
    label = f"{fam}: {what} at {kind or 'any'} after {after}, seat {seat}"
    source = TEMPLATE.format(label=label.replace('"', "'").replace("\\", "/"), kind=kind, after=after, seat=seat,
                             times=times, misbehave=_indent(code, 12))
    edition, variant = rng.choice(GAMES)
    game = {"edition": edition, "variant": variant, "players": rng.choice([2, 3, 3]) if "three" not in edition else 3,
            "seed": rng.randrange(10 ** 6), "max_turns": rng.choice([10, 20, 40]),
            "bot_timeout": HANG_TIMEOUT if fam == "hang" or "sleep(0.01)" in what else None}
    if game["bot_timeout"] is None:
        game["bot_timeout"] = 20
    (case / "client.py").write_text(source, encoding="utf-8")
    (case / "game.json").write_text(json.dumps(game), encoding="utf-8")
    return f"{label}; {edition}{'/' + variant if variant else ''}, {game['players']} players"


def run(case: Path, work: Path) -> Verdict:
    game = json.loads((case / "game.json").read_text(encoding="utf-8"))
    spec = f"cmd:python3 {case / 'client.py'}"
    log = case / "game.jsonl"
    root = Path(fuzz_plugins.__file__).resolve().parent.parent
    edition = str(root / game["edition"]) if game["edition"].startswith("rulebooks/") else game["edition"]
    args = ["play", edition, "--humans", "0", "--players", str(game["players"]), "--bot", spec, "--seed",
            str(game["seed"]), "--max-turns", str(game["max_turns"]), "--quiet", "--log", str(log),
            "--bot-timeout", str(game["bot_timeout"])]
    if game["variant"]:
        args += ["--variant", game["variant"]]
    return fuzz_plugins.judge(args, case, log, "client.py", "the program")
