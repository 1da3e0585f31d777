"""What the parser cache saves at start-up: building the LALR parser with and without it.

    python benchmarks/parser_cache.py [--runs 7]

riskrules keeps lark's compiled parser only in the user's private cache directory
(riskrules/language/parser_cache.py), never lark's cache=True (a pickle in the shared
temporary directory). Each run builds the parser of grammar/risk.lark in this process
both ways, side by side; prints the median and the fastest of each, and the difference:
what a `risk` command that parses a rule file pays when the cache cannot be used.
"""

from __future__ import annotations

import argparse
import statistics
import time

import lark

from riskrules.language import parser_cache
from riskrules.language.parse import _BracketGuard
from riskrules.resources import grammar_path


def build(cache) -> float:
    started = time.perf_counter()
    lark.Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
              start=["start", "expr"], propagate_positions=True, postlex=_BracketGuard(), cache=cache)
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    grammar = grammar_path().read_text(encoding="utf-8")
    path = parser_cache.cache_file(grammar)
    if path is None:
        raise SystemExit("parser_cache: no private cache directory can be used here")
    build(path)  # make sure the cache file exists
    times: dict[str, list[float]] = {"no cache": [], "private cache": []}
    for _ in range(args.runs):
        times["no cache"].append(build(False))
        times["private cache"].append(build(path))
    for name, values in times.items():
        print(f"{name:<14} median {statistics.median(values) * 1000:6.1f} ms   fastest {min(values) * 1000:6.1f} ms")
    saved = statistics.median(times["no cache"]) - statistics.median(times["private cache"])
    print(f"the cache saves {saved * 1000:.0f} ms per start-up that parses a rule file ({args.runs} runs)")


if __name__ == "__main__":
    main()
