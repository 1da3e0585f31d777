"""How long checking a game log's events takes: the compiled validity closures against jsonschema alone.

    risk play nl-modern --humans 0 --players 6 --seed 1 --log /tmp/long.log
    python benchmarks/log_check.py /tmp/long.log [more logs…] [--repeat 3]

For each log: its events are read and its rules loaded once, then `check_events` runs as
`risk replay` runs it (engine/logcheck.py: the compiled closures, jsonschema only for a message)
and once more with the closures turned off (jsonschema's iter_errors for every event, as before
the closures), each the best of `--repeat` runs. Prints lines, both times and their ratio, and
exits 1 if the two ever disagree on a log (both accept it, or both refuse it with one message).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from riskrules.engine import logcheck
from riskrules.engine.dice import GameError
from riskrules.engine.replay import read_log, rules_for


def _timed(events, label, rules, fast: bool, repeat: int) -> tuple[float, str | None]:
    original = logcheck.EventChecker.__init__

    def slow_init(self, *args):
        original(self, *args)
        self.fast_common = lambda event: False  # every event goes to jsonschema

    best, outcome = float("inf"), None
    for _ in range(repeat):
        if not fast:
            logcheck.EventChecker.__init__ = slow_init
        try:
            start = time.perf_counter()
            try:
                logcheck.check_events(events, label, rules.board.territories, rules.board.continents, events[0])
                outcome = None
            except GameError as err:
                outcome = str(err)
            best = min(best, time.perf_counter() - start)
        finally:
            logcheck.EventChecker.__init__ = original
    return best, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    status = 0
    for path in args.logs:
        events = read_log(path)
        rules = rules_for(events[0], str(path), path.parent)
        fast, fast_outcome = _timed(events, str(path), rules, True, args.repeat)
        slow, slow_outcome = _timed(events, str(path), rules, False, args.repeat)
        same = fast_outcome == slow_outcome
        status |= not same
        print(f"{path}: {len(events):,} lines; check_events {slow:.3f} s with jsonschema alone, {fast:.3f} s "
              f"compiled: {slow / fast:.1f}x{'' if same else '; OUTCOMES DIFFER'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
