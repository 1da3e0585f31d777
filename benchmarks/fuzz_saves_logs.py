"""Damaged saves and game logs, thrown at `risk replay`, `risk replay --show` and `risk resume`.

The generators start from whole files — logs of bot games of several editions, and saves of
games in progress whose first seat is a person — and damage them the ways files get damaged
or tampered with: truncation, byte flips, flipped keys, changed types, huge numbers, deep
nesting, lines after game_over, reordered or repeated lines, unknown territories and players,
edits of the header (seed, edition, rules, players, format, kind, language, the log a save
names), and rule files carried in the header that lead out of it or break the rule files'
bounds (a path out, a cycle, a syntax error, deep nesting, a YAML alias bomb, too much text).
One of the games is a house rule on a board of its own, carried in its log.

The fogged kinds (`fogged-logs`, `fogged-saves`) do the same to the newer lines: fogged games
of a million armies a turn (attacks until taken: `attack` lines with `keep`; rolls drawn at
once: `battles` lines; `battles reveal no`), of teams and of missions, and red's seat log of
each (`--log-for red`: a `view` file with `seen` lines, which `replay` must refuse in one
line), with one more damage, `new_lines` (a value of those lines made odd, or such a line
moved); logs go to `replay`, `replay --show` and `replay --as red --show`, saves to `resume`.

Each case is run by a worker process under a memory limit and a timeout. It counts as:
  refused   exit 1 with one line 'risk: …' on stderr (the answer we want for damage)
  accepted  exit 0 (the damage changed nothing the game reads, e.g. key order or a turn label);
            for `resume`, exit 3: the game went on and was left (and saved) at the end of input
  crash     anything else: a traceback, another exit code, the worker dying
  slow      took over 2 s of wall-clock time (and, apart, of CPU time: on a loaded machine
            the two differ), counted besides its outcome; hang: over the timeout, in CPU
            time (a busy machine does not make hangs), or five times it in wall time
  over 1 GB the worker's peak memory passed 1 GB
Every crash, hang and over-1-GB case is written to the reproducer directory.

    .venv/bin/python benchmarks/fuzz_saves_logs.py --kind saves --count 1000 --seed 1
    .venv/bin/python benchmarks/fuzz_saves_logs.py --kind logs --count 1000 --seed 1

`cases(kind, seed, count, workdir)` and `run_cases(kind, cases, …)` are the pieces a
campaign driver (benchmarks/fuzz.py) calls.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import resource
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

KINDS = ("saves", "logs", "fogged-logs", "fogged-saves")
SLOW = 2.0  # seconds
MEMORY_LIMIT = 2 << 30  # bytes of address space a worker may map (the verdict is at 1 GB of peak memory)
OVER = 1 << 30
GAMES = [("cs-riziko", 2, 3), ("sv-2000", 3, 5), ("de-deluxe", 4, 7), ("nl-1990", 3, 2), ("nl-modern", 5, 4),
         ("house/mine.risk", 3, 6)]
HOUSE = ('rulebook mine\nextends sv-2000\nboard "mine.yaml"\n\nreinforcements {\n    territories max(4, territories // 3)\n'
         '    continents north_america 5, south_america 2, europe 5, africa 3, asia 7, australia 2\n}\n')


# Games of the newer lines (the fogged kinds): attacks until taken (`attack` with `keep`) and rolls
# drawn at once (`battles`) under a million armies a turn, fogged with `battles reveal no` (a
# conquest's `moved` is then hidden from the seats); teams under fog; each played with
# `--log-for red`, whose seat log is a base too (what `replay` must refuse in one line).
FOGGED = {
    "million.risk": "rulebook million\nextends classic\nreinforcements {\n    territories 1000000\n}\n"
                    "visibility {\n    adjacent owner\n    rest nothing\n    battles reveal no\n    hide cards\n}\n",
    "teams.risk": "rulebook teams\nextends classic\nplayers 4 to 4\nteams 2 with fortify into partners\n"
                  "visibility {\n    within 2 owner\n    rest nothing\n    partners share sight no\n"
                  "    hide reinforcements\n}\n",
    "missions.risk": "rulebook missions\nextends sv-2000\nvisibility {\n    adjacent owner and armies\n"
                     "    rest owner\n    lifted at end no\n}\n",
}
FOGGED_GAMES = [("million.risk", 3, 3, 4), ("teams.risk", 4, 5, 60), ("missions.risk", 3, 7, 80)]


def _house(workdir: Path) -> None:
    """A house rule on a board of its own (the classic board with 4 jokers), in workdir/house."""
    from riskrules.resources import boards_dir

    house = workdir / "house"
    house.mkdir(parents=True, exist_ok=True)
    (house / "mine.risk").write_text(HOUSE, encoding="utf-8")
    board = (boards_dir() / "classic.yaml").read_text(encoding="utf-8")
    (house / "mine.yaml").write_text(board.replace("jokers: 2", "jokers: 4"), encoding="utf-8")


# ---- whole files to damage ------------------------------------------------------------------------

def _compact(event) -> str:
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


def originals(workdir: Path) -> dict[str, list[list[str]]]:
    """Whole logs (bot games) and saves (games in progress with a person in seat 1), as lines."""
    from typer.testing import CliRunner

    from riskrules.cli import app

    runner = CliRunner()
    logs, saves = [], []
    _house(workdir)
    for edition, players, seed in GAMES:
        path = workdir / f"{edition.replace('/', '-')}-{players}.jsonl"
        if not path.exists():
            result = runner.invoke(app, ["play", str(workdir / edition) if "/" in edition else edition,
                                         "--players", str(players), "--humans", "0",
                                         "--seed", str(seed), "--log", str(path), "--quiet"])
            assert result.exit_code == 0, result.output
        lines = path.read_text(encoding="utf-8").splitlines()
        logs.append(lines)
        header = json.loads(lines[0])
        header["players"][0]["agent"] = "human"  # the first seat's moves are then read from the file
        header["kind"] = "save"
        for cut in (len(lines) // 4, len(lines) // 2, len(lines) - 2):
            saves.append([_compact(header)] + lines[1:cut])
    return {"logs": logs, "saves": saves}


def fogged_originals(workdir: Path) -> dict[str, list[list[str]]]:
    """The fogged games' logs and red's seat logs (fogged-logs), and saves of them (fogged-saves)."""
    from typer.testing import CliRunner

    from riskrules.cli import app

    runner = CliRunner()
    house = workdir / "house"
    house.mkdir(parents=True, exist_ok=True)
    for name, text in FOGGED.items():
        (house / name).write_text(text, encoding="utf-8")
    logs, saves = [], []
    for name, players, seed, turns in FOGGED_GAMES:
        path, seat = workdir / f"fogged-{name}-{players}.jsonl", workdir / f"fogged-{name}-{players}-red.jsonl"
        if not path.exists():
            result = runner.invoke(app, ["play", str(house / name), "--players", str(players), "--humans", "0",
                                         "--seed", str(seed), "--max-turns", str(turns), "--log", str(path),
                                         "--log-for", "red", str(seat), "--quiet"])
            assert result.exit_code == 0, result.output
        lines = path.read_text(encoding="utf-8").splitlines()
        logs += [lines, seat.read_text(encoding="utf-8").splitlines()]
        header = json.loads(lines[0])
        header["players"][0]["agent"] = "human"
        header["kind"] = "save"
        for cut in (len(lines) // 3, len(lines) - 2):
            saves.append([_compact(header)] + lines[1:cut])
    return {"fogged-logs": logs, "fogged-saves": saves}


# ---- damage ---------------------------------------------------------------------------------------------

def _flip_byte(lines, rng):
    data = bytearray("\n".join(lines).encode() + b"\n")
    for _ in range(rng.randint(1, 4)):
        data[rng.randrange(len(data))] = rng.randrange(256) if rng.random() < 0.3 else rng.randrange(32, 127)
    return bytes(data)


def _truncate(lines, rng):
    data = "\n".join(lines).encode() + b"\n"
    return data[:rng.randrange(len(data))]


def _event_edit(edit):
    """A damage of one event (a dict) turned into a damage of the file."""
    def damage(lines, rng):
        i = rng.randrange(len(lines))
        event = json.loads(lines[i])
        lines = list(lines)
        lines[i] = edit(event, rng)
        return lines
    return damage


def _flip_key(event, rng):
    key = rng.choice(list(event))
    value = event.pop(key)
    event[rng.choice([key[::-1], key + "x", key.upper(), key[:-1] or "k"])] = value
    return _compact(event)


_ODD_VALUES = [None, True, False, 0, -1, 1, 2**63, -2**63, "", "x", "red", "neutral", [], {}, [1], {"a": 1},
               "🙂" * 10, "a" * 300, 1e9, 0.5, 7]


def _change_type(event, rng):
    key = rng.choice(list(event))
    event[key] = rng.choice(_ODD_VALUES)
    line = _compact(event)
    return line.replace("1000000000.0", "1e9")


def _huge_number(event, rng):
    key = rng.choice(list(event))
    digits = rng.choice([20, 100, 4300, 5000, 20000])
    event[key] = "@@"
    return _compact(event).replace('"@@"', rng.choice(["", "-"]) + "9" * digits)


def _deep(event, rng):
    depth = rng.choice([17, 100, 1000, 30000, 100000])
    key = rng.choice(list(event))
    event[key] = "@@"
    return _compact(event).replace('"@@"', "[" * depth + "]" * depth)


def _long_line(event, rng):
    key = rng.choice(list(event))
    event[key] = "z" * rng.choice([1000, 70000, 500000])
    return _compact(event)


def _unknown_name(event, rng):
    keys = [k for k in ("territory", "from", "to", "player", "by", "defender", "victim", "placed_by") if k in event]
    key = rng.choice(keys or list(event))
    event[key] = rng.choice(["atlantis", "RED", "neutral", "", "x" * 70, "../etc/passwd"])
    return _compact(event)


def _after_game_over(lines, rng):
    if json.loads(lines[-1]).get("type") != "game_over":
        return lines + [lines[-1]]
    return lines + [rng.choice(lines[1:])]


def _reorder(lines, rng):
    lines = list(lines)
    i, j = rng.randrange(1, len(lines)), rng.randrange(1, len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return lines


def _repeat_or_drop(lines, rng):
    lines = list(lines)
    i = rng.randrange(1, len(lines))
    if rng.random() < 0.5:
        lines.insert(i, lines[i])
    else:
        del lines[i]
    return lines


_HEADER_EDITS = [
    ("seed", [-1, "1", 2**63, 1.5, None, 0, 2]), ("edition", ["/etc/passwd", "../x.risk", "nosuch", "", 7,
                                                              "a" * 5000, "/dev/zero", "x.risk"]),
    ("rules", ["0000000000000000", "", "zz", None]), ("format", [0, 2, "1", None]),
    ("players", [[], "red", [{"name": "red"}], [{"name": "a", "agent": "human"}] * 2, None]),
    ("max_turns", [0, -5, 10**12, "9"]), ("variant", ["nosuch", 3, "", "a,b,c"]), ("player_count", [0, 99, "3"]),
    ("neutral", ["red", 5]), ("type", ["claim", None]), ("turn", [1, "0"]),
    ("kind", ["log", "save", "other", 1, None]), ("language", ["xx", "DE", "", 5, None, "de", "cs"]),
    ("log", ["/etc/passwd", "../x.jsonl", "fresh.jsonl", "", 7, "a" * 5000, "/dev/zero", "."]),
    ("files", [{}, [], "x", None, {"x.risk": 5}, {"a" * 300: ""}, {str(n): "" for n in range(40)}]),
]

_CARRIED = [  # rule files a header carries: each must be refused in one line, or play by its rules
    'rulebook x\nextends "/etc/passwd"\n', 'rulebook x\nextends "../../../etc/passwd"\n',
    'rulebook x\nextends sv-2000\nboard "/dev/zero"\n', 'rulebook x\nextends sv-2000\nboard "../../x.yaml"\n',
    'rulebook x\nextends "x.risk"\n', 'rulebook x\nextends sv-2000\nbattle {{{\n',
    'rulebook x\nextends sv-2000\nreinforcements {\n territories ' + "(" * 300 + "1" + ")" * 300 + "\n}\n",
    "rulebook x\n" + "#" * 300_000 + "\n", "\x00\x01 not a rule file", "rulebook x\nextends sv-2000\n",
    'rulebook x\nextends sv-2000\nboard "b.yaml"\n',
]
_BOARDS = ["a: &a [1, 2]\nb: [*a, *a, *a]\n", "[" * 10000, "continents: 5\n", "x" * 1_100_000]


def _carried(lines, rng):
    """The header carries a rule file of its own, hostile or broken (and a board, where it names one)."""
    header = json.loads(lines[0])
    files = {"x.risk": rng.choice(_CARRIED)}
    if "b.yaml" in files["x.risk"]:
        files["b.yaml"] = rng.choice(_BOARDS)
    header.update(edition="x.risk", files=files)
    return [_compact(header)] + list(lines[1:])


def _header_edit(lines, rng):
    header = json.loads(lines[0])
    key, values = rng.choice(_HEADER_EDITS)
    header[key] = rng.choice(values)
    return [_compact(header)] + list(lines[1:])


_NEW_ODD = [None, 0, -1, 1, 2, 3, 4, 10 ** 6, 10 ** 30, -(10 ** 30), "1", 1.5, [], {}, True]


def _new_lines(lines, rng):
    """A line of the newer kinds (attack with keep, battles, seen, conquest) with one of its own
    values made odd, or such a line copied where it does not belong."""
    lines = list(lines)
    kinds = ("attack", "battles", "seen", "conquest")
    found = [i for i, line in enumerate(lines) if any(f'"type":"{k}"' in line[:20] for k in kinds)]
    if not found:
        return _event_edit(_change_type)(lines, rng)
    i = rng.choice(found)
    event = json.loads(lines[i])
    if rng.random() < 0.2:  # moved: before its turn, after the end, twice
        lines.insert(rng.randrange(1, len(lines) + 1), lines[i])
        return lines
    keys = {"attack": ["keep", "from", "to"], "battles": ["rolls", "rolled", "defended", "committed", "attacker_losses",
                                                        "defender_losses", "attacker_armies", "defender_armies"],
            "seen": ["territories"], "conquest": ["moved", "min_move"]}[event["type"]]
    key = rng.choice(keys)
    if key == "territories":
        name = rng.choice(list(event["territories"]) or ["alaska"])
        event["territories"][name] = rng.choice([[None, None], ["red", -1], ["nobody", 3], [], "x", None,
                                                 ["red", 10 ** 30]])
    else:
        event[key] = rng.choice(_NEW_ODD)
    lines[i] = _compact(event)
    return lines


DAMAGES = {
    "truncate": _truncate, "flip_bytes": _flip_byte, "flip_key": _event_edit(_flip_key),
    "change_type": _event_edit(_change_type), "huge_number": _event_edit(_huge_number),
    "deep_nesting": _event_edit(_deep), "long_line": _event_edit(_long_line),
    "unknown_name": _event_edit(_unknown_name), "after_game_over": _after_game_over, "reorder": _reorder,
    "repeat_or_drop": _repeat_or_drop, "header": _header_edit, "carried": _carried,
}


FOGGED_DAMAGES = {**DAMAGES, "new_lines": _new_lines}  # (the older kinds' cases stay what they were)


def cases(kind: str, seed: int, count: int, workdir: Path) -> Iterator[tuple[str, bytes]]:
    """`count` damaged files of `kind` (one of KINDS): (name, content), the same for the same seed."""
    bases = (fogged_originals(workdir) if kind.startswith("fogged") else originals(workdir))[kind]
    rng = random.Random(f"{kind}:{seed}")
    damages = FOGGED_DAMAGES if kind.startswith("fogged") else DAMAGES
    names = sorted(damages)
    for n in range(count):
        base = rng.choice(bases)
        how = names[n % len(names)]
        damaged = damages[how](base, rng)
        if isinstance(damaged, list):
            damaged = ("\n".join(damaged) + "\n").encode()
        yield f"{kind}-{n:05d}-{how}", damaged


# ---- running ------------------------------------------------------------------------------------------

def _commands(kind: str, path: str) -> list[list[str]]:
    if kind.endswith("saves"):
        return [["resume", path]]
    told_as = [["replay", path, "--as", "red", "--show"]] if kind == "fogged-logs" else []
    return [["replay", path], ["replay", path, "--show"]] + told_as


EXIT_LEFT = 3  # risk's exit status for a game left at the end of input (saved first)


def verdict(runner, app, args: list[str]) -> tuple[str, str]:
    """Run one case in this process: (refused | accepted | crash | hang, detail)."""
    result = runner.invoke(app, args, input="")
    lines = result.stderr.splitlines()
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        outcome = "hang" if isinstance(result.exception, TimeoutError) else "crash"
        return outcome, f"{type(result.exception).__name__}: {str(result.exception)[:300]}"
    if result.exit_code == 0:
        return "accepted", ""
    if result.exit_code == EXIT_LEFT and "resume" in args:  # resumed, then left at the end of the (empty) input
        return "accepted", ""
    if result.exit_code == 1 and len(lines) == 1 and lines[0].startswith("risk: "):
        return "refused", lines[0][:300]
    return "crash", f"exit {result.exit_code}: {result.stderr[-300:]}"


def run_inline(kind: str, made: Iterator[tuple[str, bytes]], workdir: Path) -> list[tuple[str, str, str]]:
    """The cases run one after another in this process, no limits: (name, outcome, detail) — for tests."""
    from typer.testing import CliRunner

    from riskrules.cli import app

    runner = CliRunner()
    found = []
    for name, content in made:
        path = workdir / name
        path.write_bytes(content)
        for args in _commands(kind, str(path)):
            found.append((name, *verdict(runner, app, args)))
    return found


def _worker(jobs, results, timeout: float) -> None:
    """Runs cases in this process (a CliRunner each), under a memory limit and an alarm on CPU
    time (ITIMER_PROF); ends after a case that took it past 1 GB, so that the next case starts
    in a fresh worker."""
    from typer.testing import CliRunner

    from riskrules.cli import app

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    runner = CliRunner()
    me = os.getpid()

    def alarm(signum, frame):
        raise TimeoutError

    signal.signal(signal.SIGPROF, alarm)
    while True:
        job = jobs.get()
        if job is None:
            return
        name, args = job
        results.put(("start", me, name, None))
        start, cpu = time.perf_counter(), time.process_time()
        try:
            signal.setitimer(signal.ITIMER_PROF, timeout)
            outcome, detail = verdict(runner, app, args)
        except TimeoutError:
            outcome, detail = "hang", "timeout"
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        took, used = time.perf_counter() - start, time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        results.put(("done", me, name, (outcome, detail, took, peak, used)))
        if peak > OVER:
            return


def run_cases(kind: str, made: Iterator[tuple[str, bytes]], workdir: Path, reproducers: Path,
              timeout: float = 30.0, workers: int = 1) -> Counter:
    """Run every case; the counts by outcome (plus 'slow' and 'over 1 GB'). Failures are saved."""
    import queue

    ctx = mp.get_context("fork")
    cases_dir = workdir / "cases"
    cases_dir.mkdir(parents=True, exist_ok=True)
    reproducers.mkdir(parents=True, exist_ok=True)
    counts: Counter = Counter()
    jobs, results = ctx.Queue(), ctx.Queue()
    contents: dict[str, bytes] = {}
    pending = 0
    for name, content in made:
        path = cases_dir / name
        path.write_bytes(content)
        counts["files"] += 1
        for args in _commands(kind, str(path)):
            run_name = name + ("-as" if "--as" in args else "-show" if "--show" in args else "")
            contents[run_name] = content
            jobs.put((run_name, args))
            pending += 1

    def spawn():
        p = ctx.Process(target=_worker, args=(jobs, results, timeout), daemon=True)
        p.start()
        return p

    procs = {p.pid: p for p in (spawn() for _ in range(workers))}
    running: dict[int, tuple[str, float]] = {}  # worker pid → the case it runs, since when
    while pending:
        try:
            what, pid, name, data = results.get(timeout=2)
        except queue.Empty:
            for pid, p in list(procs.items()):
                case = running.get(pid)
                stuck = case is not None and time.monotonic() - case[1] > 5 * timeout
                if stuck:  # the alarm could not interrupt it
                    p.kill()
                    p.join()
                if not p.is_alive():  # died without a word (the memory limit, a segfault …), or killed
                    del procs[pid]
                    if case is not None:
                        del running[pid]
                        why = ("hang", "killed after the timeout") if stuck else ("crash", f"worker died ({p.exitcode})")
                        _record(counts, case[0], (*why, time.monotonic() - case[1], 0, 0.0), contents,
                                reproducers)
                        pending -= 1
                    new = spawn()
                    procs[new.pid] = new
            continue
        if what == "start":
            running[pid] = (name, time.monotonic())
            continue
        running.pop(pid, None)
        _record(counts, name, data, contents, reproducers)
        pending -= 1
    for _ in procs:
        jobs.put(None)
    for p in procs.values():
        p.join(timeout=10)
    return counts


def _record(counts: Counter, name: str, data, contents: dict[str, bytes], reproducers: Path) -> None:
    outcome, detail, took, peak, used = data
    counts["tried"] += 1
    counts[outcome] += 1
    if took > SLOW:
        counts["slow"] += 1
    if used > SLOW:
        counts["slow cpu"] += 1
    if peak > OVER:
        counts["over 1 GB"] += 1
    if outcome in ("crash", "hang") or peak > OVER:
        (reproducers / name).write_bytes(contents[name])
        (reproducers / (name + ".why")).write_text(f"{outcome}: {detail}\n", encoding="utf-8")


def report(kind: str, counts: Counter) -> str:
    return (f"{kind}: {counts['files']} damaged files, {counts['tried']} runs: {counts['refused']} clean refusals, "
            f"{counts['accepted']} accepted, {counts['crash']} crashes, {counts['hang']} hangs, "
            f"{counts['slow']} slow (> {SLOW:g} s wall; {counts['slow cpu']} > {SLOW:g} s of CPU), "
            f"{counts['over 1 GB']} over 1 GB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kind", choices=KINDS, action="append")
    ap.add_argument("--count", type=int, default=200, help="damaged files per kind")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds of CPU time after which a case is a hang")
    ap.add_argument("--workdir", type=Path, default=Path("fuzz-out"))
    args = ap.parse_args()
    for kind in args.kind or KINDS:
        start = time.perf_counter()
        counts = run_cases(kind, cases(kind, args.seed, args.count, args.workdir), args.workdir / kind,
                           args.workdir / "reproducers" / kind, args.timeout, args.workers)
        print(report(kind, counts) + f"  [{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    sys.exit(main())
