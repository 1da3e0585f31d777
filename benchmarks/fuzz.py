"""A fuzz campaign: files from strangers, generated, run in a walled-off worker, counted.

    python benchmarks/fuzz.py --kind rules --count 10000 --seed 1 --out fuzz-out
    python benchmarks/fuzz.py --kind rules --time 600 --out fuzz-out --jobs 2
    python benchmarks/fuzz.py --kind rules --only combine --count 100 --out fuzz-out

Each case is generated from the campaign's seed and its index alone (case i of seed S is
always the same file), written into its own directory and run in a worker process with an
address-space limit of 1 GB (RLIMIT_AS) and a time limit (--hang, default 60 s of CPU time,
by RLIMIT_CPU set afresh for each case, so a busy machine does not make hangs; a case that
waits without computing — a read that blocks — is stopped after five times as long in wall
time, and its worker restarted). "Slow" is more than 2 s of CPU time in the part the kind
says must be fast (for rule files: loading and checking). It prints, per kind:

    tried, clean refusals, accepted, crashes, hangs, slow (> 2 s, or the kind's SLOW_SECONDS), over 1 GB,
    accepted-then-failed, leaks (content of a file that must not be shown, shown),
    errors without a place (a user error with no file:line:col)

and, for a kind whose module says which generator made a case (`family`), the same counts
for each generator, with its accepted share; it saves every failure (crash, hang, slow, over 1 GB, accepted-then-failed, leak) as a
reproducer: out/<outcome>/<kind>-<seed>-<index>/ holds the case's files and `result.txt`
(what happened, the traceback). Exit status 1 if there was any failure.

A kind is a module beside this file, `fuzz_<kind>.py`, with:

    DESCRIPTION: str
    def setup(work: Path) -> None                  # once, in the campaign: shared files (or a server)
    def generate(rng, index, case: Path) -> str    # write case files into `case`; a short label
    def run(case: Path, work: Path) -> Verdict     # in the worker: what the program made of it

`run` returns a Verdict (outcome in OUTCOMES_RUN, detail); any exception escaping it is a
crash, a MemoryError is "over 1 GB". (A kind that runs the program in a child process says
itself when that crashed or hung: "crash" and "hang" are outcomes `run` may return.) Add a kind by adding its module and its name to KINDS.
A kind may also have

    def teardown(work: Path) -> None               # once, at the campaign's end (what setup started)

    GENERATORS: list[tuple[float, str]]            # (share, name) of each generator
    ONLY: list[str]                                # --only: generate with these alone
    def family(label: str) -> str                  # the generator that made a case

and then `--only NAME[,NAME]` runs those generators alone (case i of seed S with --only X is
always the same file too; the reproducer's command line says --only).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
KINDS = ["rules", "prompts", "boards", "plugins", "imports", "fog", "pages", "odds", "seats", "orders", "served"]  # fuzz_<kind>.py beside this file
LIMIT_AS = 1 << 30  # 1 GB
SLOW = 2.0  # seconds (a kind may set its own SLOW_SECONDS: the cost of the largest answer it allows)
RESTART_EVERY = 500  # cases per worker, so that caches cannot pile up
WALL_TIMES = 5  # a case that answers within --hang s of CPU time but not within this many times it in wall time hangs

# what a kind's run() may say
OUTCOMES_RUN = ("refused", "accepted", "accepted_then_failed", "leak", "unplaced", "crash", "hang")
# everything counted, in the order printed
COUNTED = ("refused", "accepted", "crash", "hang", "slow", "memory", "accepted_then_failed", "leak", "unplaced")
FAILURES = ("crash", "hang", "slow", "memory", "accepted_then_failed", "leak", "unplaced")
LABELS = {"refused": "clean refusals", "accepted": "accepted", "crash": "crashes", "hang": "hangs",
          "slow": "slow", "memory": "over 1 GB", "accepted_then_failed": "accepted-then-failed",
          "leak": "leaks", "unplaced": "errors without a place"}


@dataclass(frozen=True)
class Verdict:
    outcome: str  # one of OUTCOMES_RUN
    detail: str = ""
    seconds: float | None = None  # CPU time of the part that must be fast; default: all of run()


def kind_module(kind: str):
    if kind not in KINDS:
        raise SystemExit(f"fuzz: unknown kind '{kind}'; kinds: {', '.join(KINDS)}")
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    return importlib.import_module(f"fuzz_{kind}")


def case_rng(seed: int, kind: str, index: int) -> random.Random:
    return random.Random(f"riskrules-fuzz:{kind}:{seed}:{index}")


# ---- what the kinds share -------------------------------------------------------------------------

def pick(rng: random.Random, generators: list[tuple[float, str]], only: list[str], whole: float | None = None) -> str:
    """A kind's generator for a case, by its share (`only`: among these alone). `whole`: what the
    shares add up to when all are used (by default their sum, as the kind was first written)."""
    roll, acc = rng.random(), 0.0
    table = [(w or 1.0, n) for w, n in generators if n in only] if only else generators  # (a 0 share: asked for only)
    total = whole if whole is not None and not only else sum(w for w, _ in table)
    chosen = table[-1][1]
    for weight, name in table:
        acc += weight / total
        if roll < acc:
            chosen = name
            break
    return chosen


def checked(path: Path) -> tuple[object, list, float]:
    """The rulebook at `path` (None if it did not open), what `risk check` finds in it (warnings
    too), and the CPU seconds that took."""
    from riskrules.language.errors import RuleError
    from riskrules.language.loader import open_rulebook

    started = time.process_time()
    book = None
    try:
        book = open_rulebook(path, strict=False)
        problems = book.check()
    except RuleError as err:
        problems = err.problems
    return book, problems, time.process_time() - started


# ---- the worker: runs cases one by one, under limits ------------------------------------------

class _OverTime(BaseException):
    """Raised in a worker when a case has used up its CPU time (SIGXCPU)."""


def _cpu_limit(seconds: float) -> None:
    """Allow `seconds` more of CPU time from now: SIGXCPU (→ _OverTime) when they are spent."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = int(usage.ru_utime + usage.ru_stime + seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def worker(kind: str, work: Path, hang: float) -> None:
    """Read case directories from stdin, answer one JSON line each on stdout."""
    import resource
    import signal

    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_AS, LIMIT_AS))

    def over_time(signum, frame):
        raise _OverTime

    signal.signal(signal.SIGXCPU, over_time)
    module = kind_module(kind)
    out = sys.stdout
    sys.stdout = sys.stderr = open(os.devnull, "w")  # a case may print; only answers go to the parent
    for line in sys.stdin:
        case = Path(line.strip())
        started = time.process_time()  # CPU time: the machine may be shared
        measured = None
        try:
            _cpu_limit(hang)
            verdict = module.run(case, work)
            outcome, detail, measured = verdict.outcome, verdict.detail, verdict.seconds
        except _OverTime:
            outcome, detail = "hang", f"over {hang:g} s of CPU time\n" + traceback.format_exc(limit=40)
        except MemoryError:
            outcome, detail = "memory", "MemoryError"
        except RecursionError:
            outcome, detail = "crash", traceback.format_exc(limit=20)
        except BaseException:  # noqa: BLE001 — anything escaping is exactly what we look for
            outcome, detail = "crash", traceback.format_exc(limit=40)
        elapsed = measured if measured is not None else time.process_time() - started
        _cpu_limit(3600)  # no SIGXCPU between cases
        out.write(json.dumps({"outcome": outcome, "detail": detail[-20000:], "seconds": elapsed,
                              "cpu": time.process_time() - started}) + "\n")
        out.flush()


class _Worker:
    def __init__(self, kind: str, work: Path, hang: float):
        self.kind, self.work, self.hang = kind, work, hang
        self.proc: subprocess.Popen | None = None
        self.done = 0

    def _start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", self.kind, "--work", str(self.work),
             "--hang", str(self.hang)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.done = 0

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def run(self, case: Path) -> dict:
        if self.proc is None or self.done >= RESTART_EVERY:
            self.stop()
            self._start()
        assert self.proc and self.proc.stdin and self.proc.stdout
        self.done += 1
        started = time.perf_counter()
        try:
            self.proc.stdin.write(f"{case}\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.stop()
            return {"outcome": "crash", "detail": "the worker died", "seconds": 0.0}
        wall = WALL_TIMES * self.hang  # the worker stops a case at `hang` s of CPU time itself
        ready, _, _ = select.select([self.proc.stdout], [], [], wall)
        if not ready:
            self.stop()
            return {"outcome": "hang", "detail": f"no answer within {wall:g} s of wall time", "seconds": wall}
        line = self.proc.stdout.readline()
        if not line:  # killed: by the memory limit (a C-level abort), or worse
            code = self.proc.wait()
            self.proc = None
            seconds = time.perf_counter() - started
            return {"outcome": "memory" if code in (-9, -6) else "crash",
                    "detail": f"the worker ended with status {code}", "seconds": seconds}
        return json.loads(line)


# ---- the campaign ---------------------------------------------------------------------------------

def campaign(kind: str, seed: int, count: int | None, seconds: float | None, out: Path | None,
             hang: float = 60.0, jobs: int = 1, progress: bool = False, start: int = 0,
             only: list[str] | None = None, by_family: dict[str, dict[str, int]] | None = None,
             slowest: list | None = None) -> dict[str, int]:
    """Run cases start, start+1, … of `kind` until `count` cases or `seconds` have passed;
    the counts by outcome (a slow case also counts under its own outcome). `only`: the
    generators to use (a kind with GENERATORS); `by_family`, if given, gets the counts of each
    generator (a kind with `family`); `slowest`, if given, [the CPU seconds of the case that took
    most, its index] (the whole case, not only the part that must be fast)."""
    slowest = [0.0, -1] if slowest is None else slowest
    module = kind_module(kind)
    if only is not None:
        names = [name for _, name in getattr(module, "GENERATORS", [])]
        unknown = [name for name in only if name not in names]
        if unknown or not only:
            raise SystemExit(f"fuzz: kind '{kind}' has no generator {', '.join(unknown) or '(none given)'}; "
                             f"generators: {', '.join(names) or 'none to choose'}")
    if hasattr(module, "ONLY"):
        module.ONLY[:] = only or []
    counts = {"tried": 0, **{k: 0 for k in COUNTED}}
    with tempfile.TemporaryDirectory(prefix=f"riskrules-fuzz-{kind}-") as tmp:
        work = Path(tmp)
        module.setup(work)
        workers = [_Worker(kind, work, hang) for _ in range(max(1, jobs))]
        deadline = time.monotonic() + seconds if seconds else None
        index = start
        try:
            while (count is None or counts["tried"] < count) and (deadline is None or time.monotonic() < deadline):
                batch = []
                for w in workers:
                    if count is not None and counts["tried"] + len(batch) >= count:
                        break
                    case = work / f"case-{index}"
                    case.mkdir()
                    label = module.generate(case_rng(seed, kind, index), index, case)
                    batch.append((w, index, case, label))
                    index += 1
                results = _run_batch(batch)
                for (w, i, case, label), result in zip(batch, results):
                    tallies = [counts]
                    if by_family is not None and hasattr(module, "family"):
                        tallies.append(by_family.setdefault(module.family(label),
                                                            {"tried": 0, **{k: 0 for k in COUNTED}}))
                    failed = result["outcome"] in FAILURES
                    slow = result["seconds"] > getattr(module, "SLOW_SECONDS", SLOW) and result["outcome"] != "hang"
                    for tally in tallies:
                        tally["tried"] += 1
                        tally[result["outcome"]] += 1
                        tally["slow"] += slow
                    failed = failed or slow
                    if result.get("cpu", 0.0) > slowest[0]:
                        slowest[:] = [result["cpu"], i]
                    if failed and out is not None:
                        _save(out, kind, seed, i, case, label, result, only)
                    shutil.rmtree(case, ignore_errors=True)
                if progress and counts["tried"] % 500 < len(batch):
                    print(f"  … {counts['tried']} tried: " + _summary(counts), file=sys.stderr, flush=True)
        finally:
            for w in workers:
                w.stop()
            if hasattr(module, "teardown"):
                module.teardown(work)
    return counts


def _run_batch(batch) -> list[dict]:
    """One case per worker, side by side (each worker is a process of its own)."""
    if len(batch) == 1:
        w, _, case, _ = batch[0]
        return [w.run(case)]
    import threading

    results: list[dict] = [{}] * len(batch)

    def go(k: int) -> None:
        w, _, case, _ = batch[k]
        results[k] = w.run(case)

    threads = [threading.Thread(target=go, args=(k,)) for k in range(len(batch))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def _save(out: Path, kind: str, seed: int, index: int, case: Path, label: str, result: dict,
          only: list[str] | None = None) -> None:
    outcome = result["outcome"] if result["outcome"] in FAILURES else "slow"
    target = out / outcome / f"{kind}-{seed}-{index}"
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(case, target, symlinks=True, ignore_dangling_symlinks=True,
                    ignore=lambda d, names: [n for n in names if not (Path(d) / n).is_file()
                                             and not (Path(d) / n).is_dir() and not (Path(d) / n).is_symlink()])
    (target / "result.txt").write_text(
        f"kind: {kind}\nseed: {seed}\nindex: {index}\ncase: {label}\noutcome: {result['outcome']}\n"
        f"seconds: {result['seconds']:.2f}\n"
        f"reproduce: python benchmarks/fuzz.py --kind {kind} --seed {seed} --start {index} --count 1"
        f"{' --only ' + ','.join(only) if only else ''}\n\n"
        f"{result['detail']}\n", encoding="utf-8")


def _summary(counts: dict[str, int]) -> str:
    return ", ".join(f"{LABELS[k]} {counts[k]}" for k in COUNTED)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="rules", help=f"what to generate: {', '.join(KINDS)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, help="cases to run (default: 1000 unless --time)")
    parser.add_argument("--time", type=float, help="seconds to run for")
    parser.add_argument("--start", type=int, default=0, help="index of the first case")
    parser.add_argument("--out", type=Path, help="directory for reproducers of failures")
    parser.add_argument("--hang", type=float, default=60.0, help="seconds of CPU time after which a case is a hang")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes side by side")
    parser.add_argument("--only", help="generators to use alone, comma-separated (e.g. combine)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.work, args.hang)
        return
    count = args.count if args.count is not None or args.time else 1000
    started = time.perf_counter()
    only = args.only.split(",") if args.only else None
    families: dict[str, dict[str, int]] = {}
    slowest = [0.0, -1]
    counts = campaign(args.kind, args.seed, count, args.time, args.out, args.hang, args.jobs, progress=True,
                      start=args.start, only=only, by_family=families, slowest=slowest)
    elapsed = time.perf_counter() - started
    print(f"fuzz --kind {args.kind} --seed {args.seed}{' --only ' + args.only if only else ''}: "
          f"tried {counts['tried']} in {elapsed:.0f} s")
    for k in COUNTED:
        print(f"  {LABELS[k]:<22} {counts[k]}")
    if families:
        print("  by generator: tried, refused, accepted (share of tried), failures")
        for name, c in sorted(families.items()):
            print(f"    {name:<12} {c['tried']:>6} {c['refused']:>6} {c['accepted']:>6} "
                  f"({c['accepted'] / c['tried']:.0%}) {sum(c[k] for k in FAILURES):>6}")
    if slowest[1] >= 0:
        print(f"  slowest case: index {slowest[1]}, {slowest[0]:.1f} s of CPU (the bound: {args.hang:g} s)")
    failures = sum(counts[k] for k in FAILURES)
    if failures and args.out:
        print(f"reproducers in {args.out}/")
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
