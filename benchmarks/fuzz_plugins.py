"""Fuzz kind `plugins`: hostile plug-in bots (file.py:Class), played by `risk play`.

A case is a Python file `bot.py` with a class `Bot` and a short game for it: an edition (a
variant, a house rule of the gallery now and then), 2 to 4 players, a seed, a turn limit.
The bot plays every seat (`risk play … --humans 0 --bot bot.py:Bot`): it answers as
`balanced` (or `random`) would, and misbehaves in one way at a moment picked by the case —
from its first decision or after some of them, of one kind of decision or any, in one seat
or all, once or several times:

  garbage  — an answer of the wrong type (a str, a float equal to an option, a list for a
             tuple, bytes, a dict, the decision itself), out of range (-1, the board's size,
             armies 0 or more than allowed), huge ints (2**63, 10**100, 10**5000), None where
             an answer is required, NaN, objects that equal everything, whose comparison or
             repr raises, whose repr is 10 MB
  raise    — exceptions from decide (RuntimeError, ValueError, KeyError, TypeError, MemoryError,
             RecursionError by recursing, StopIteration, riskrules' own GameError and RuleError,
             BrokenPipeError, EOFError, OSError, an exception whose str() raises or is 1 MB)
  exit     — SystemExit (0, 1, a message), sys.exit(3), KeyboardInterrupt, GeneratorExit
  mutate   — changes what it is given, then answers well: its view (armies, owners, alive,
             its hand, neighbours, counts), the decision (its options list — shared —, most,
             optional, kind, player)
  slow     — sleeps a little at each of up to 100 decisions, or loops busily for half a second
             (once or twice)
  never    — never answers (sleeps for ever, or spins), once: the game is played with
             `--bot-timeout 2`, which ends it with exit 1 and a line naming the bot
  print    — prints to stdout: lines, 100 KB, a line without its newline, escape sequences,
             a fake result line
  start    — misbehaves in start() (raises, exits, mutates its view) or in its constructor
  claims   — says what it is not: `proven = True` (the flag that lets the built-in bots'
             answers go unchecked), `kind = "balanced"` (how the game log names it), a kind
             of 100,000 characters

The verdict, from the outside (subprocesses, as a person runs them): `risk play` ends with
exit 0 and the result line (`winner: …, reason: …, turns: …, seed: …`) as its last line, or
with exit 1 and ONE line on stderr, `risk: …`, that names the bot (its file:Class) and is
at most MAX_LINE characters long — never a traceback, never another exit code; and the game
log it wrote replays (`risk replay`: exit 0; for a game ended by the bot, every line of the
log is true): a game a plug-in's mutation changed does not replay. Outcomes: `accepted`
(exit 0), `refused` (exit 1, clean), `crash` (anything else: the detail says what),
`accepted_then_failed` (the log does not replay), `hang` (no end within CHILD_TIMEOUT s).
Nothing here must be fast: `risk play` runs in a child process, and its time is not measured
as "slow".
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from fuzz import Verdict, pick

DESCRIPTION = "plug-in bots (file.py:Class)"
CHILD_TIMEOUT = 120  # s of wall time for one `risk play` or `risk replay`
MAX_LINE = 1000  # characters of the one error line
RESULT = re.compile(r"winner: .+, reason: [a-z_]+, turns: \d+, seed: \d+")
GAMES = [("classic", None, None), ("sv-2000", None, None), ("nl-1990", "super-risk", None),
         ("nl-1990", "alternatief", None), ("cs-riziko", None, None), ("nl-modern", None, None),
         ("de-deluxe", None, None), ("house", None, "neutral-territories"), ("house", None, "doubles"),
         ("house", None, "assassin"), ("house", None, "unlimited-fortify")]
KINDS = [None, None, "claim", "place", "trade", "bonus", "attack", "dice", "defend", "occupy", "fortify", "capital"]
GENERATORS = [(0.3, "garbage"), (0.15, "raise"), (0.1, "exit"), (0.15, "mutate"), (0.05, "slow"), (0.1, "print"),
              (0.08, "start"), (0.05, "claims"), (0.02, "never")]  # (never came last, from claims' share)
NEVER = ["time.sleep(10 ** 6)", "while True:\n    pass"]
NEVER_TIMEOUT = 2  # s: --bot-timeout for a case of `never`
ONLY: list[str] = []


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    pass


# ---- the misbehaviours ---------------------------------------------------------------------------

GARBAGE = [
    "None", "'3'", "str(first) if first is not None else 'x'", "b'1'", "{}", "set()", "d", "d.options", "self.view",
    "float(first) if isinstance(first, int) else 1.5", "float('nan')", "float('inf')", "True", "False",
    "list(first) if isinstance(first, tuple) else [first]", "[first]", "(first,)", "(first, first, first, first)",
    "-1", "10**100", "10**5000", "2**63", "-(10**18)", "len(self.view.owner)", "0",
    "(0, 0)", "(-1, 5)", "(first, 10**9) if d.kind == 'place' else first",
    "(first, 0) if d.kind == 'place' else first", "(first, -3) if d.kind == 'place' else first",
    "(first[0], first[1], 0) if d.kind == 'fortify' and first else first",
    "(first[0], first[1], 10**6) if d.kind == 'fortify' and first else first",
    "(first[0], first[1], 1.5) if d.kind == 'fortify' and first else first",
    "(first, 1.0) if d.kind == 'place' else first",
    "tuple(float(x) for x in first) if isinstance(first, tuple) else first",
    "Liar()", "Evil()", "HugeRepr()", "IntSub(first) if isinstance(first, int) and not isinstance(first, bool) else first",
    "'x' * 10**6", "object()", "NotImplemented", "Ellipsis", "1j", "range(3)",
]
RAISE = [
    "raise RuntimeError('boom')", "raise ValueError('bad value')", "raise KeyError(d.kind)", "raise TypeError()",
    "raise ZeroDivisionError()", "raise AssertionError('no')", "raise MemoryError()", "recurse(0)",
    "raise StopIteration()", "raise GameError('a GameError the bot made up')",
    "raise RuleError('a RuleError the bot made up')", "raise BrokenPipeError()", "raise EOFError()",
    "raise OSError(28, 'No space left on device')", "raise BadStr()", "raise Exception('x' * 10**6)",
    "raise Exception('two\\nlines')", "raise ImportError('no module')", "raise UnicodeDecodeError('utf-8', b'\\xff', 0, 1, 'bad')",
    "raise NotImplementedError()", "raise AttributeError('no attribute')",
]
EXIT = ["raise SystemExit(0)", "raise SystemExit(1)", "raise SystemExit('bye from the bot')", "sys.exit(3)",
        "raise KeyboardInterrupt()", "raise GeneratorExit()", "raise SystemExit(None)"]
MUTATE = [
    "v.armies[mine] += 100", "v.armies[theirs] = 0", "v.owner[theirs] = self.seat", "v.alive[other] = False",
    "v.hand.append(0)", "v.hand.clear()", "v.territory_count[self.seat] += 10",
    "v.adjacent[mine].append(theirs) if isinstance(v.adjacent[mine], list) else None",
    "d.options.clear()", "d.options.append(d.options[0]) if d.options else None", "d.options.reverse()",
    "d.options.insert(0, -1)", "d.most = 10**6", "d.optional = True", "d.kind = 'claim'", "d.player = other",
    "v.names[other] = 'mallory'", "v.rules.continent_bonus[0] = 100 if isinstance(v.rules.continent_bonus, list) else None",
    "setattr(v, 'armies', [1] * len(v.armies))", "setattr(v, 'turn', 10**6)",
]
SLOW = ["time.sleep(0.01)", "time.sleep(0.02)", "busy(0.5)"]  # (each seat is a bot of its own)
PRINT = ["print('hello from the bot')", "print('x' * 100_000)", "sys.stdout.write('no newline')",
         "print('winner: nobody, reason: fake, turns: 0, seed: 0')", "print('\\x1b[2J\\x1b[31mred')",
         "print('\\ud800'.encode('utf-8', 'surrogatepass').decode('utf-8', 'replace'))", "print(end='')",
         "sys.stdout.flush()", "print('é ü ø ☃')"]
START = ["raise RuntimeError('in start')", "raise SystemExit(2)", "raise KeyboardInterrupt()", "return 42",
         "view.armies[0] = 99", "self.inner = None", "view.owner[0] = seat", "raise ValueError('in start')"]
INIT = ["raise RuntimeError('in __init__')", "raise ValueError('in __init__')", "raise SystemExit(4)"]
CLAIMS = ["proven = True", "kind = 'balanced'", "kind = 'random'", "kind = 'x' * 100_000", "kind = 42",
          "kind = 'strong-2'", "kind = 'b\\nc'"]

PLAIN = {"raise": RAISE, "exit": EXIT, "slow": SLOW, "print": PRINT, "never": NEVER}

TEMPLATE = '''\
"""A hostile plug-in bot, made by benchmarks/fuzz_plugins.py: {label}"""
import sys
import time

from riskrules.engine.agents import Agent, make_bot
from riskrules.engine.errors import GameError
from riskrules.language.errors import RuleError

KIND = {kind!r}    # the decisions it misbehaves at (None: any)
AFTER = {after}    # decisions of that kind answered well first
SEAT = {seat!r}    # the seat that misbehaves (None: every seat)
TIMES = {times}    # how many times it misbehaves


class Liar:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0

    def __repr__(self):
        return "Liar()"


class Evil:
    def __eq__(self, other):
        raise RuntimeError("Evil.__eq__")

    def __hash__(self):
        raise RuntimeError("Evil.__hash__")

    def __repr__(self):
        raise RuntimeError("Evil.__repr__")


class HugeRepr:
    def __repr__(self):
        return "h" * 10**7


class IntSub(int):
    def __repr__(self):
        return "IntSub!"


class BadStr(Exception):
    def __str__(self):
        raise RuntimeError("BadStr.__str__")


def recurse(n):
    return recurse(n + 1) + 1


def busy(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


class Bot(Agent):
{claims}
    def __init__(self):
{init}
        self.inner = make_bot({inner!r})
        self.count = 0
        self.done = 0

    def start(self, view, seat, rng):
        super().start(view, seat, rng)
        self.inner.start(view, seat, rng)
{start}

    def decide(self, d):
        if (KIND is None or d.kind == KIND) and (SEAT is None or self.seat == SEAT):
            self.count += 1
            if self.count > AFTER and self.done < TIMES:
                self.done += 1
                v = self.view
                first = d.options[0] if d.options else None
                owner = list(v.owner)
                mine = next((t for t in range(len(owner)) if owner[t] == self.seat), 0)
                theirs = next((t for t in range(len(owner)) if owner[t] not in (self.seat, -1)), 0)
                other = (self.seat + 1) % len(v.alive)
{misbehave}
        return self.inner.decide(d)
'''


def _indent(code: str, spaces: int) -> str:
    return "\n".join(" " * spaces + line for line in code.split("\n"))


def make_bot_file(rng: random.Random, fam: str) -> tuple[str, str]:
    """The bot's source and a label saying what it does."""
    what, claims, init, start = "", "    pass", "        pass", "        pass"
    misbehave = "pass"
    if fam == "garbage":
        what = rng.choice(GARBAGE)
        misbehave = f"return {what}"
    elif fam in PLAIN:  # the statement itself, as it is
        what = rng.choice(PLAIN[fam])
        misbehave = what
    elif fam == "mutate":
        what = rng.choice(MUTATE)
        misbehave = f"try:\n    {what}\nexcept Exception:\n    pass  # a view that cannot be changed: fine"
    elif fam == "start":
        if rng.random() < 0.7:
            what = rng.choice(START)
            start = _indent(what, 8)
        else:
            what = rng.choice(INIT)
            init = _indent(what, 8)
    else:
        what = rng.choice(CLAIMS)
        claims = _indent(what, 4)
        misbehave = f"return {rng.choice(GARBAGE)}" if rng.random() < 0.5 else "pass"
    kind = rng.choice(KINDS)
    after = rng.choice([0, 0, 1, 3, 10, 40])
    seat = rng.choice([None, None, 0, 1])
    times = 100 if fam == "slow" or (fam in ("print", "mutate") and rng.random() < 0.5) else rng.choice([1, 1, 3])
    if what.startswith("busy") or "100_000" in what:
        times = rng.choice([1, 2])  # half a second of CPU, 100 KB of output: once or twice
    inner = rng.choice(["balanced", "balanced", "random"])
    label = f"{fam}: {what} at {kind or 'any'} after {after}, seat {seat}, {times}x, over {inner}"
    source = TEMPLATE.format(label=label.replace('"', "'").replace("\\", "/"), kind=kind, after=after, seat=seat,
                             times=times, claims=claims, init=init, inner=inner, start=start,
                             misbehave=_indent(misbehave, 16))
    return label, source


def generate(rng: random.Random, index: int, case: Path) -> str:
    fam = pick(rng, GENERATORS, ONLY)
    label, source = make_bot_file(rng, fam)
    edition, variant, house = rng.choice(GAMES)
    players = rng.choice([2, 3, 3, 4]) if house != "doubles" else 4
    if edition == "de-deluxe" or house == "assassin":
        players = max(players, 3)
    game = {"edition": house or edition, "variant": variant, "players": players, "seed": rng.randrange(10 ** 6),
            "max_turns": rng.choice([20, 40, 80]), "bot_timeout": NEVER_TIMEOUT if label.startswith("never") else None}
    (case / "bot.py").write_text(source, encoding="utf-8")
    (case / "game.json").write_text(json.dumps(game), encoding="utf-8")
    return f"{label}; {game['edition']}{'/' + variant if variant else ''}, {players} players"


# ---- the verdict ----------------------------------------------------------------------------------

def _risk(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "riskrules", *args], cwd=cwd, capture_output=True, text=True,
                          errors="replace", timeout=CHILD_TIMEOUT, env=env, stdin=subprocess.DEVNULL)


def run(case: Path, work: Path) -> Verdict:
    game = json.loads((case / "game.json").read_text(encoding="utf-8"))
    spec = f"{case / 'bot.py'}:Bot"
    log = case / "game.jsonl"
    args = ["play", game["edition"], "--humans", "0", "--players", str(game["players"]), "--bot", spec,
            "--seed", str(game["seed"]), "--max-turns", str(game["max_turns"]), "--quiet", "--log", str(log)]
    if game["variant"]:
        args += ["--variant", game["variant"]]
    if game.get("bot_timeout"):
        args += ["--bot-timeout", str(game["bot_timeout"])]
    return judge(args, case, log, "bot.py", "the bot")


def judge(args: list[str], case: Path, log: Path, name: str, what: str) -> Verdict:
    """The verdict on `risk ARGS` with a guest (a plug-in or a program, `name` its file, `what` in
    words): a result line and a log that replays, or one `risk: …` line naming it; else a failure."""
    try:
        done = _risk(args, case)
    except subprocess.TimeoutExpired:
        return Verdict("hang", f"risk {' '.join(args)}: no end within {CHILD_TIMEOUT} s", 0.0)
    said = f"$ risk {' '.join(args)}\nexit {done.returncode}\n--- stdout (end)\n{done.stdout[-3000:]}\n" \
           f"--- stderr (end)\n{done.stderr[-6000:]}"
    err_lines = done.stderr.splitlines()
    out_lines = done.stdout.splitlines()
    if "Traceback (most recent call last)" in done.stderr:
        return Verdict("crash", "a traceback\n" + said, 0.0)
    if done.returncode == 0:
        if not out_lines or not RESULT.fullmatch(out_lines[-1]):
            why = "no result line" if not any(RESULT.search(line) for line in out_lines[-1:]) else \
                "the result line is not a line of its own"
            return Verdict("crash", f"exit 0 but {why}\n" + said, 0.0)
        outcome = "accepted"
    elif done.returncode == 1:
        if len(err_lines) != 1 or not err_lines[0].startswith("risk: "):
            return Verdict("crash", f"exit 1 with {len(err_lines)} lines on stderr, not one 'risk: …' line\n" + said, 0.0)
        if name not in err_lines[0]:
            return Verdict("crash", f"exit 1 with a line that does not name {what}\n" + said, 0.0)
        if len(err_lines[0]) > MAX_LINE:
            return Verdict("crash", f"exit 1 with a line of {len(err_lines[0]):,} characters\n" + said[:4000], 0.0)
        outcome = "refused"
    else:
        return Verdict("crash", f"exit {done.returncode}, neither 0 with a result nor 1 with one line\n" + said, 0.0)
    if log.is_file() and log.stat().st_size:
        try:
            again = _risk(["replay", str(log)], case)
        except subprocess.TimeoutExpired:
            return Verdict("hang", f"risk replay {log}: no end within {CHILD_TIMEOUT} s\n" + said, 0.0)
        if again.returncode != 0 or "Traceback" in again.stderr:
            return Verdict("accepted_then_failed", f"the game log does not replay: exit {again.returncode}\n"
                           f"{again.stdout[-2000:]}{again.stderr[-4000:]}\n" + said, 0.0)
    elif outcome == "accepted":
        return Verdict("crash", "exit 0 but no game log written\n" + said, 0.0)
    return Verdict(outcome, err_lines[0][:300] if outcome == "refused" else out_lines[-1], 0.0)
