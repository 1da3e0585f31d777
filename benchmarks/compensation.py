"""Seat compensation for every edition at 3 and 4 players (issue 46): `risk tune` per configuration,
resumable across sessions, and the docs table of what it found.

    python benchmarks/compensation.py run [--risk "risk"] [--only nl-1990-3 …] [--minutes M]
    python benchmarks/compensation.py table
    python benchmarks/compensation.py commands
    python benchmarks/compensation.py pilot [--only nl-1990-3 …]

`run` runs `risk tune` for each configuration of PLAN in order, one worker, each with its own
`--state DIR/ID.state.json.gz`: stopped (--minutes, Ctrl-C or SIGTERM) and run again, a search
takes up the games its state holds and ends as an unstopped one would. A configuration is done
when DIR/ID.json (the command's --json report, with DIR/ID.risk, the house rule) or DIR/ID.txt
(its one-line refusal: a target no value of the search meets) exists; done ones are not run again.
`table` prints the Markdown table of docs/statistics.md ("Seat compensation by edition") from
DIR: the rule found, the games spent, the confirmation at each seed with its intervals, or
"running: K of at most N games" (or "not started") for a configuration not done (N: the most it plays; a confirmation
stops early once a seat's interval lies wholly outside the band, `tune.confirm`). `commands` prints
each `risk tune` command.

Seed policy, fixed before any run: every search at seed 1, confirmed at seeds 2 and 3 (which the
search never plays), target seats=1.5pp, balanced bots. A configuration the first round does not
confirm gets one second round (its id ends `-r2`), fixed before it runs: the first round's choice
±1 army in each placeholder (3^(n-1) candidates), searched at seed 11 and confirmed at seeds 12 and
13, none of which any earlier run played; the first round's result stays in the table beside it. The search spaces were chosen from `pilot`:
for each configuration, the win shares by place in the order of play under three compensations
(PILOT), 300 games each on game seeds 900001–900300 (none of the tune runs' seeds).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from riskrules.instrument import tune as tn

DIR = Path("docs/examples/compensation")
TARGET = "seats=1.5pp"
SEED = 1
POLL = 2.0  # seconds between two looks at the clock while a search runs
CONFIRM = 60000  # a seed: ±0.51 pp simultaneous at 3 players (±0.48 at 4) when a share is even
# The runs whose confirmation was begun at 30,000 games a seed (±0.72 pp; ±0.68 at 4), before five of
# them showed it too wide where whole armies leave a seat ~0.7 pp off even (2026-11-28), kept as run
# (cs-riziko-3's search state names its 30,000: a state is refused by another plan).
EARLY = {"nl-1990-3": 30000, "sv-2000-3": 30000, "de-deluxe-3": 30000, "cs-riziko-3": 30000,
         "nl-1990-3-r2": 30000, "sv-2000-3-r2": 30000}


@dataclass(frozen=True)
class Config:
    edition: str
    players: int
    over: tuple[str, ...]
    budget: int
    max_turns: int | None = None  # the command's own (1000) when None
    seed: int = SEED
    round: int = 1

    @property
    def id(self) -> str:
        return f"{self.edition}-{self.players}" + (f"-r{self.round}" if self.round > 1 else "")

    @property
    def confirm(self) -> int:
        return EARLY.get(self.id, CONFIRM)

    @property
    def vary(self) -> str:
        names = "abc"[:self.players - 1]
        return "setup { extra starting armies by seat 0, " + ", ".join(f"{{{n}}}" for n in names) + " }"

    def args(self) -> list[str]:
        found = ["tune", self.edition, "--players", str(self.players), "--vary", self.vary]
        for over in self.over:
            found += ["--over", over]
        return found + ["--target", TARGET, "--budget", str(self.budget), "--confirm-games", str(self.confirm),
                        "--seed", str(self.seed), "--workers", "1", "--state", str(DIR / f"{self.id}.state.json.gz"),
                        "--out", str(DIR / f"{self.id}.risk"), "--json",
                        *(["--max-turns", str(self.max_turns)] if self.max_turns else [])]

    def planned(self) -> int:
        """The most games the whole run plays: the search's (known before any game) and the confirmation's
        in full (it stops early once a seat is out of the band)."""
        k = len(tn.candidates(self.vary, tn.parse_over(self.over)))
        return tn.planned_games(k, self.budget) + 2 * self.confirm


# The spaces come from a pilot (`pilot`, below): 3 players by one army around where the pilot's shares
# cross even, 4 players by two (three placeholders). The search's budget is half the confirmation's:
# neighbours differ by about a point, and a confirmation of the wrong one costs more than the search.
PLAN = [
    Config("nl-1990", 3, ("a=2..6", "b=4..9"), 30000),
    Config("sv-2000", 3, ("a=1..5", "b=3..8"), 30000),
    Config("de-deluxe", 3, ("a=3..7", "b=4..9"), 30000),
    Config("cs-riziko", 3, ("a=-9..-4", "b=6..11"), 30000),
    Config("nl-modern", 3, ("a=3..8", "b=9..14"), 30000),
    Config("nl-1990", 4, ("a=-2,0,2", "b=2,4,6", "c=0,2,4,6"), 40000),
    Config("sv-2000", 4, ("a=0,2,4", "b=3,5,7,9", "c=2,4,6"), 40000),
    Config("de-deluxe", 4, ("a=-2,0,2", "b=0,2,4", "c=0,2,4,6"), 40000),
    Config("cs-riziko", 4, ("a=-20,-15,-10,-5", "b=5,10,15", "c=10,15,20"), 40000),
    Config("nl-modern", 4, ("a=-4,-2,0", "b=6,10,14,18", "c=10,15,20"), 40000),
]


def next_rounds(earlier: list[Config], seed: int, round_: int) -> list[Config]:
    """The next round of each configuration of `earlier` that ended without confirming (DIR/ID.json):
    its choice ±1 army in each placeholder, searched at `seed` (confirmed at seed + 1 and + 2), its budget."""
    found = []
    for config in earlier:
        report = DIR / f"{config.id}.json"
        data = json.loads(report.read_text()) if report.exists() else None
        if data is None or data["confirmation"]["confirmed"]:
            continue
        chosen = dict(pair.split("=") for pair in data["chosen"].split(", "))
        over = tuple(f"{name}={int(value) - 1}..{int(value) + 1}" for name, value in chosen.items())
        found.append(Config(config.edition, config.players, over, config.budget, config.max_turns, seed=seed,
                            round=round_))
    return found


def second_rounds(first: list[Config]) -> list[Config]:
    """Round 2 (seed 11; 12, 13) of the first rounds not confirmed."""
    return next_rounds(first, 11, 2)


def third_rounds(second: list[Config]) -> list[Config]:
    """Round 3 (seed 21; 22, 23) of the second rounds not confirmed, with CONFIRM games a seed."""
    return next_rounds(second, 21, 3)


PLAN += second_rounds(PLAN)
PLAN += third_rounds([c for c in PLAN if c.round == 2])


# The pilot's compensations (the extras of seats 2, 3, …): none, a little, more.
PILOT = {3: ("0, 0", "4, 8", "8, 16"), 4: ("0, 0, 0", "3, 6, 9", "6, 12, 18")}
PILOT_ODD = {"cs-riziko-3": ("0, 0", "-10, 10", "-10, 25"), "cs-riziko-4": ("0, 0, 0", "-10, 5, 10", "-10, 10, 20")}


def pilot(only: list[str], games: int = 300, first: int = 900001) -> None:
    """Each configuration's win shares by place under its PILOT compensations, one line each."""
    import tempfile

    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    with tempfile.TemporaryDirectory() as tmp:
        for config in PLAN:
            if (only and config.id not in only) or config.round > 1:
                continue
            n = config.players
            for extras in PILOT_ODD.get(config.id, PILOT[n]):
                path = Path(tmp) / "pilot.risk"
                path.write_text(f"rulebook pilot\nextends {config.edition}\n\n"
                                f"setup {{ extra starting armies by seat 0, {extras} }}\n", encoding="utf-8")
                rules = open_rulebook(str(path)).rules(None, n)
                won: dict = {}
                for seed in range(first, first + games):
                    game = Game(rules, [make_bot("balanced") for _ in range(n)], seed, max_turns=1000)
                    game.play()
                    w = game.result.winner
                    place = "none" if w not in game.names else (game.names.index(w) - game.first) % n + 1
                    won[place] = won.get(place, 0) + 1
                shares = " ".join(f"{k}: {won.get(k, 0) / games:.3f}" for k in [*range(1, n + 1), "none"])
                print(f"{config.id} extras 0, {extras}: {shares}", flush=True)


def state_games(path: Path) -> int:
    """The games a state file holds (0 when there is none)."""
    if not path.exists():
        return 0
    data = json.loads(gzip.decompress(path.read_bytes()))
    return sum(len(games) for games in data["games"].values())


def run(risk: list[str], only: list[str], minutes: float | None) -> int:
    """Each configuration not done, in order, until all are or the time is up (or SIGTERM, Ctrl-C):
    then the running `risk tune` is interrupted (its state on disk is whole: each save is atomic)."""
    DIR.mkdir(parents=True, exist_ok=True)
    end = None if minutes is None else time.monotonic() + 60 * minutes
    now: dict = {"child": None, "stopping": False}

    def stop(*_) -> None:
        now["stopping"] = True
        if now["child"] is not None and now["child"].poll() is None:
            now["child"].send_signal(signal.SIGINT)

    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for config in PLAN:
            if only and config.id not in only:
                continue
            report, refused, log = (DIR / f"{config.id}{ext}" for ext in (".json", ".txt", ".log"))
            if report.exists() or refused.exists():
                continue
            if now["stopping"] or (end is not None and time.monotonic() >= end):
                break
            print(f"compensation: {config.id}, {state_games(DIR / f'{config.id}.state.json.gz'):,} of about "
                  f"{config.planned():,} games already played", file=sys.stderr, flush=True)
            part = report.with_suffix(".json.part")
            with open(part, "w", encoding="utf-8") as out, open(log, "w", encoding="utf-8") as err:
                now["child"] = child = subprocess.Popen([*risk, *config.args()], stdout=out, stderr=err)
                while child.poll() is None:
                    try:
                        child.wait(timeout=POLL)
                    except subprocess.TimeoutExpired:
                        if end is not None and time.monotonic() >= end:
                            stop()
            last = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
            if child.returncode == 0:
                os.replace(part, report)
                log.unlink()
                continue
            part.unlink()
            if child.returncode == 1 and last and "no value of --over meets" in last[-1]:
                refused.write_text(last[-1] + "\n", encoding="utf-8")
                log.unlink()
            elif now["stopping"]:
                log.unlink()
                print(f"compensation: stopped in {config.id}; run again to resume", file=sys.stderr)
                return 0
            else:
                print(f"compensation: {config.id} failed ({child.returncode}): {last[-1] if last else ''}",
                      file=sys.stderr)
                return 1
        return 0
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def table() -> str:
    """The docs table: one row a configuration, from what DIR holds."""
    heads = ["edition", "players", "rule found", "games (search + confirmation)", "seed 2: seats, %",
             "seed 3: seats, %", "confirmed"]
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for config in PLAN:
        report, refused = DIR / f"{config.id}.json", DIR / f"{config.id}.txt"
        if report.exists():
            data = json.loads(report.read_text())
            conf = data["confirmation"]
            seats = ["; ".join(f"{100 * r['estimate']:.1f} ({100 * r['low']:.1f}–{100 * r['high']:.1f})"
                               for r in conf["rows"] if r["run"] == k) or "—" for k in (0, 1)]
            stopped = conf.get("stopped")
            verdict = "yes" if conf["confirmed"] else "no" + (
                f" (stopped at seed {stopped['seed']} after {stopped['games']:,} games: {stopped['row']} wholly "
                "outside the band)" if stopped else "")
            cells = [f"`{data['rule']}`", f"{data['total_games']:,} ({data['search_games']:,} + "
                     f"{data['total_games'] - data['search_games']:,})", *seats, verdict]
        elif refused.exists():
            line = refused.read_text().strip().removeprefix("risk: ")
            cells = [line.replace("|", "\\|"), "—", "—", "—", "no value meets the target"]
        else:
            played = state_games(DIR / f"{config.id}.state.json.gz")
            cells = ["—", f"running: {played:,} of at most {config.planned():,} games" if played else
                     f"not started (at most {config.planned():,} games)", "—", "—", "not yet"]
        edition = config.edition + (f" (round {config.round}: seeds {config.seed}; {config.seed + 1}, "
                                    f"{config.seed + 2})" if config.round > 1 else "")
        lines.append("| " + " | ".join([edition, str(config.players), *cells]) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["run", "table", "commands", "pilot"])
    parser.add_argument("--risk", default="risk", help="the command that runs risk (default: risk)")
    parser.add_argument("--only", action="append", default=[], help="a configuration's id, e.g. nl-1990-3")
    parser.add_argument("--minutes", type=float, help="stop (resumably) after this many minutes")
    args = parser.parse_args()
    unknown = sorted(set(args.only) - {c.id for c in PLAN})
    if unknown:
        sys.exit(f"compensation: no configuration {unknown[0]} (ids: {', '.join(c.id for c in PLAN)})")
    if args.what == "run":
        sys.exit(run(shlex.split(args.risk), args.only, args.minutes))
    if args.what == "table":
        print(table())
    elif args.what == "pilot":
        pilot(args.only)
    else:
        print("\n".join(shlex.join(["risk", *c.args()]) for c in PLAN))


if __name__ == "__main__":
    main()
