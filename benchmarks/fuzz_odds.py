"""Fuzz kind `odds`: `risk odds` arguments — huge, long, negative, odd.

Generators:
  numbers  — ATTACKERS and DEFENDERS of one attack: 0, edge and huge numbers (up to 5,000
             digits), negative ones (after `--`), floats, words, other scripts' digits, `0x10`, `3_000`
  chain    — DEFENDERS as a chain: 2 to 2,000 territories, empty items, spaces, a trailing comma,
             huge garrisons
  leave    — a chain with odd --leave and --stop (negative, 0, more than the attackers, huge)
  advise   — --advise with and without --worth (1e25, 1e308, inf, nan, 0, -1, 5e-324, 1e400 …)
             and --stop, on chains short and long
  table    — --table N (0 to 10^9, negative) with --json or --plot
  rules    — other editions, variants and `--set "battle { … }"`, with --defender-dice edge values
  mixed    — options drawn from all of the above together, conflicting ones included

The verdict, in the worker (the command run in-process by typer's CliRunner, under the
campaign's 1 GB and CPU limits): exit 0 with something printed, exit 1 with ONE line
`risk: …` on stderr (a rule's error in --set: that line, the rule and a caret), or exit 2 with the usage error of the command-line library (`Error: …`,
e.g. `-5` taken for an option); never a traceback, never an error line over MAX_LINE
characters (an error that repeats a 4,000-character argument). "Slow" is over SLOW_SECONDS s of CPU time
for the command: the largest answer `risk odds` allows, the text table of --table 1000 (a million
attacks), takes about 7 s, and `risk odds 10 999` about 2 s (it computes the 999 × 999 table).
"""

from __future__ import annotations

import json
import random
import time
import traceback
from pathlib import Path

from fuzz import Verdict, pick

DESCRIPTION = "risk odds arguments"
SLOW_SECONDS = 10.0  # "slow" for this kind: seconds of CPU time (see above)
GENERATORS = [(0.2, "numbers"), (0.15, "chain"), (0.15, "leave"), (0.15, "advise"), (0.1, "table"),
              (0.1, "rules"), (0.15, "mixed")]
ONLY: list[str] = []
MAX_LINE = 1000

SMALL = [0, 1, 2, 3, 4, 5, 6, 7, 10, 12, 20, 50, 99, 100, 101]
BIG = [200, 500, 999, 1000, 1001, 5000, 10 ** 4, 10 ** 5, 10 ** 6, 10 ** 9, 2 ** 31, 2 ** 63, 10 ** 20]
WORDS = ["1.5", "1e3", "nan", "inf", "", " ", "+3", "0x10", "3_000", "٣", "３", "三", "3 ", " 3", "-0", "00007",
         "1,000", "x", "3;rm", "'3'", "\u202e3", "3\x00"]
FLOATS = ["1e25", "1e308", "1.7976931348623157e308", "1e400", "inf", "-inf", "nan", "0", "-1", "5e-324",
          "1e-300", "3", "0.5", "1e15", "1e16", "1e17", "123456789.123456789", "2", "-0", "1e-5", "x", ""]
EDITIONS = [("classic", None), ("sv-2000", None), ("nl-1990", "super-risk"), ("de-deluxe", None),
            ("cs-riziko", None), ("nl-modern", None), ("sv-2000", "capitals")]
SETS = ["battle { ties attacker }", "battle { ties defender }", "battle { attacker dice 2: 1, 3: 2, 4+: 3 }",
        "battle { defender dice 1: 1, 2+: 2 always }", "battle { defender dice 1: 1, 2+: 3 by choice }",
        "battle { attacker dice 2+: 1 }", "battle { defender dice 1+: 1 always }",
        "battle { attacker dice 2: 1, 3: 2, 4: 3, 5+: 5 }", "battle { defender dice 1: 1, 2: 2, 3+: 4 by choice }",
        "battle { attacker rolls up to committed }", "battle { trench warfare yes }",
        "battle { defender dice 1: 1, 2+: 2 }", "battle {{{", "battle { ties }",
        "battle { combat kill rates }", "battle { combat kill rates\n luck 100%\n rounding weighted random }",
        "battle { combat kill rates\n kill rates attacker 1%, defender 1% }", "battle { luck 101% }",
        # marks (issue 43): modifiers the odds follow, in the situation --when gives (none here)
        "battle { dice sides 8 }", "battle { defender dice + 3 when defender_armies > 1 }",
        "battle { attacker dice - 1 when attacker_armies < 5 }", "battle { dice sides 20 }"]


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    pass


def number(rng: random.Random, huge: float = 0.2) -> str:
    roll = rng.random()
    if roll < 1 - huge - 0.1:
        return str(rng.choice(SMALL))
    if roll < 1 - 0.1:
        return str(rng.choice(BIG)) if rng.random() < 0.8 else "9" * rng.choice([30, 300, 4300, 5000])
    return rng.choice(WORDS)


def garrisons(rng: random.Random, length: int) -> str:
    items = [str(rng.choice(SMALL[1:8])) for _ in range(length)]
    for _ in range(rng.choice([0, 0, 0, 0, 0, 0, 1, 2])):
        items[rng.randrange(length)] = rng.choice(["", " ", "0", "-1", number(rng, 0.6)])
    text = ",".join(items)
    return text + (rng.choice([",", ", ", ",,"]) if rng.random() < 0.1 else "")


def generate(rng: random.Random, index: int, case: Path) -> str:
    fam = pick(rng, GENERATORS, ONLY)
    args: list[str] = []
    attackers = number(rng)
    defenders = number(rng)
    if rng.random() < 0.1:
        attackers = "-" + str(rng.choice(SMALL[1:] + BIG[:4]))
    if fam == "chain":
        attackers = str(rng.choice(SMALL + [200, 1000, 10 ** 4, 10 ** 6]))
        defenders = garrisons(rng, rng.choice([2, 3, 5, 10, 19, 20, 20, 21, 50, 2000]))
    elif fam == "leave":
        attackers = str(rng.choice(SMALL + [200, 1000]))
        defenders = garrisons(rng, rng.choice([1, 2, 3, 5, 10]))
        if rng.random() < 0.8:
            args += ["--leave", number(rng, 0.3) if rng.random() < 0.8 else str(-rng.choice(SMALL[1:] + BIG))]
        if rng.random() < 0.6:
            args += ["--stop", number(rng, 0.3) if rng.random() < 0.8 else str(-rng.choice(SMALL[1:] + BIG))]
    elif fam == "advise":
        attackers = str(rng.choice(SMALL + [200, 500, 1000]))
        defenders = garrisons(rng, rng.choice([1, 2, 3, 5, 10, 20, 30, 100]))
        args += ["--advise"]
        if rng.random() < 0.8:
            args += ["--worth", rng.choice(FLOATS)]
        if rng.random() < 0.15:
            args += ["--stop", number(rng)]
        if rng.random() < 0.3:
            args += ["--leave", str(rng.choice(SMALL))]
    elif fam == "table":
        n = rng.choice([0, 1, 2, 3, 10, 30, 50, 100, 200, 300, 500, 1000, -1, -10 ** 9, 1001, 10 ** 9, 2 ** 63])
        args += ["--table", str(n)]
        attackers = defenders = ""
        if rng.random() < 0.5:
            args += ["--json"]
        elif rng.random() < 0.3:
            args += ["--plot", str(case / rng.choice(["heat.svg", "heat.png", "heat.txt", "no/such/dir.svg"]))]
        if rng.random() < 0.1:
            attackers, defenders = "3", "2"  # --table with positionals: refused
    elif fam == "rules":
        edition, variant = rng.choice(EDITIONS)
        args += ["--edition", edition] + (["--variant", variant] if variant else [])
        if rng.random() < 0.5:
            args += ["--set", rng.choice(SETS)]
        if rng.random() < 0.6:
            args += ["--defender-dice", rng.choice(["0", "1", "2", "3", "4", "-1", "10", str(2 ** 63), "x"])]
        attackers = str(rng.choice(SMALL + [200]))
        defenders = str(rng.choice(SMALL)) if rng.random() < 0.6 else garrisons(rng, rng.choice([2, 3, 5]))
    elif fam == "mixed":
        if rng.random() < 0.5:
            defenders = garrisons(rng, rng.choice([1, 2, 3, 5, 20]))
        for option, value in [("--leave", lambda: number(rng)), ("--stop", lambda: number(rng)),
                              ("--defender-dice", lambda: number(rng)), ("--worth", lambda: rng.choice(FLOATS)),
                              ("--table", lambda: str(rng.choice([0, 1, 5, 1001]))), ("--advise", None),
                              ("--json", None), ("--lang", lambda: rng.choice(["en", "sv", "xx", "de", ""])),
                              ("--edition", lambda: rng.choice(["classic", "nosuch", "/dev/zero", "x.risk"])),
                              ("--plot", lambda: str(case / rng.choice(["c.svg", "c.png", "c.jpg"])))]:
            if rng.random() < 0.25:
                args += [option] + ([value()] if value else [])
    positional = [p for p in (attackers, defenders) if p != ""] if fam == "table" else [attackers, defenders]
    if positional and any(p.startswith("-") for p in positional):
        args = args + ["--"] + positional
    else:
        args = args + positional
    (case / "args.json").write_text(json.dumps(["odds", *args]), encoding="utf-8")
    shown = " ".join(a if len(a) < 40 else a[:20] + f"…({len(a)} chars)" for a in args)
    return f"{fam}: risk odds {shown}"


def run(case: Path, work: Path) -> Verdict:
    from typer.testing import CliRunner

    from riskrules.cli import app

    args = json.loads((case / "args.json").read_text(encoding="utf-8"))
    started = time.process_time()
    result = CliRunner().invoke(app, args)
    seconds = time.process_time() - started
    if isinstance(result.exception, MemoryError):
        raise result.exception  # the campaign counts it: over 1 GB
    said = f"$ risk {' '.join(args)[:2000]}\nexit {result.exit_code}\n--- stderr\n{result.stderr[-3000:]}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        trace = "".join(traceback.format_exception(result.exception, limit=-12))
        return Verdict("crash", f"{type(result.exception).__name__}: {result.exception!s:.300}\n{trace}\n{said}",
                       seconds)
    if "Traceback (most recent call last)" in result.stderr + result.stdout:
        return Verdict("crash", "a traceback\n" + said, seconds)
    lines = result.stderr.splitlines()
    if result.exit_code == 0:
        if not result.stdout.strip():
            return Verdict("crash", "exit 0 and nothing printed\n" + said, seconds)
        return Verdict("accepted", "", seconds)
    if result.exit_code == 1 and len(lines) == 3 and lines[0].startswith("risk: --set:") \
            and lines[2].strip() == "^":  # a rule's error: its place, the line, a caret under the place
        return Verdict("refused", lines[0][:300], seconds)
    if result.exit_code == 1 and len(lines) == 1 and lines[0].startswith("risk: "):
        if len(lines[0]) > MAX_LINE:
            return Verdict("crash", f"exit 1 with a line of {len(lines[0]):,} characters\n" + said[:3000], seconds)
        return Verdict("refused", lines[0][:300], seconds)
    if result.exit_code == 2 and any(line.startswith("Error: ") for line in lines):
        return Verdict("refused", next(line for line in lines if line.startswith("Error: "))[:300], seconds)
    return Verdict("crash", f"exit {result.exit_code}, neither 0, nor 1 with one line, nor a usage error\n" + said,
                   seconds)
