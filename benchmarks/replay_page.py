"""What a long game's replay page costs: its size on disk, the time it takes to open in Chromium, and a step.

    python benchmarks/replay_page.py
    python benchmarks/replay_page.py --games random:classic:1000,balanced:nl-modern:1000 --runs 5 --seed 1

Each game (BOT:EDITION:MAX_TURNS) is played by 6 bots of one kind from --seed and written
with `risk replay --html`; the page is then opened from disk --runs times in headless Chromium
(Debian's `chromium`, driven by Playwright for Python as the tests do: tests/browser.py),
each time in a new context. For each it prints the events, the turns, the page's bytes,
the time to write it, and min / median / max over the runs of:
- open: from the start of navigation to the first step drawn (the page's data unpacked, its
  keyframes built: `performance.now()` when the page marks itself ready);
- step: one step forward (a click on ▶ and its drawing), the mean over 500 steps;
- jump: a move of the slider to a random event (drawn from --seed), the largest of 200.
Issue 22's bounds: a 1,000-turn replay of a 6-player game opens in under 2 s, steps without
visible lag (under 50 ms), and the file stays under 2 MB. Random bots that rarely attack
reach the 1,000th turn of classic (world domination); balanced bots end their games sooner
and with more events a turn — both are measured.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser import ARGS, chromium_path  # noqa: E402

RISK = [sys.executable, "-m", "riskrules"]


def play(bot: str, edition: str, max_turns: int, seed: int, directory: Path) -> tuple[Path, Path, float, int, int]:
    log = directory / f"{bot}-{edition}.jsonl"
    page = directory / f"{bot}-{edition}.html"
    subprocess.run([*RISK, "play", edition, "--players", "6", "--humans", "0", "--bot", bot, "--seed", str(seed),
                    "--max-turns", str(max_turns), "--log", str(log), "--quiet"], check=True, capture_output=True)
    start = time.perf_counter()
    subprocess.run([*RISK, "replay", str(log), "--html", str(page)], check=True, capture_output=True)
    written = time.perf_counter() - start
    lines = log.read_text(encoding="utf-8").splitlines()
    import json

    turns = json.loads(lines[-1]).get("turns", 0)
    return log, page, written, len(lines), turns


def measure(browser, page_path: Path, seed: int) -> tuple[float, float, float]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_path.resolve().as_uri())
    page.wait_for_selector("body[data-ready]", timeout=60000)
    opened = float(page.evaluate("() => document.body.dataset.readyAt"))  # ms since navigation began
    step = page.evaluate("""() => {
        const next = document.getElementById("next"); const t0 = performance.now();
        for (let k = 0; k < 500; k++) next.click();
        return (performance.now() - t0) / 500; }""")
    last = int(page.evaluate("() => +document.getElementById('slider').max"))
    targets = random.Random(seed).sample(range(last + 1), min(200, last + 1))
    jump = page.evaluate("""(targets) => {
        const s = document.getElementById("slider"); let worst = 0;
        for (const k of targets) { const t0 = performance.now(); s.value = k; s.dispatchEvent(new Event("input"));
          worst = Math.max(worst, performance.now() - t0); }
        return worst; }""", targets)
    context.close()
    if errors:
        raise SystemExit(f"{page_path}: page errors: {errors}")
    return opened / 1000, step, jump


def spread(values: list[float], unit: str, scale: float = 1.0) -> str:
    return (f"{min(values) * scale:.{2 if unit == 's' else 1}f} / {statistics.median(values) * scale:.{2 if unit == 's' else 1}f}"
            f" / {max(values) * scale:.{2 if unit == 's' else 1}f} {unit}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="random:classic:1000,balanced:nl-modern:1000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    path = chromium_path()
    if path is None:
        raise SystemExit("this benchmark needs Chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=ARGS)
        print(f"{'game':<26}{'events':>8}{'turns':>7}{'page':>11}{'written':>9}   "
              f"{'open (min/med/max)':<24}{'step, mean of 500':<24}{'worst of 200 jumps':<24}")
        for spec in args.games.split(","):
            bot, edition, max_turns = spec.split(":")
            log, page, written, events, turns = play(bot, edition, int(max_turns), args.seed, Path(tmp))
            runs = [measure(browser, page, args.seed) for _ in range(args.runs)]
            size = page.stat().st_size
            print(f"{bot + ' ' + edition:<26}{events:>8,}{turns:>7}{size / 1e6:>9.2f}MB{written:>8.2f}s   "
                  f"{spread([r[0] for r in runs], 's'):<24}{spread([r[1] for r in runs], 'ms'):<24}"
                  f"{spread([r[2] for r in runs], 'ms'):<24}")
        browser.close()


if __name__ == "__main__":
    main()
