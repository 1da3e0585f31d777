"""Fuzz kind `pages`: names and titles carrying markup and script, into every page the program writes.

A payload is markup or script marked with the case's own marker M — `<script>alert('M')</script>`,
`"><img src=x onerror=alert('M')>`, `</svg>…`, `</title>…`, `</script>…`, `</style>…`, CSS
fetching `http://M.invalid/`, `javascript:` urls, `<iframe>`, `<math>`, a comment, CDATA's end,
entities written out, right-to-left and zero-width characters, a line separator — carried by
(generators):
  title    — a house rule's `title` and a variant's description (STRING: no `"`)
  names    — the file names of a house rule and of its board (no `/`)
  set      — a comment in `--set`, which the report pages quote in their command
  plugin   — a plug-in bot's `kind` (the log's `agent`) and its file's name
  import   — a Domination map's `name` (the imported house rule's title), by `risk board import`
  log      — a played log's header edited: an agent, the log's file name
into `board show --svg`, `replay --html` (and `--as SEAT`), `simulate --html`, `compare --html`,
`sweep --html` and `tournament --html` (two of them a case, small runs).

The verdict, in the worker: each command ends with exit 0 and its file, or exit 1 in one
line `risk: …` (a rule's error: that line, the rule and a caret); never a traceback (`crash`).
Every file written is read statically: no payload's markup (from its first `<` to the marker)
is in it as written, and no attribute holds a `javascript:` url (`leak`: markup from the input
written unescaped). For a slice (every BROWSER_EVERY-th case) each page is opened in headless
Chromium (tests/browser.py's way: Debian's `chromium` driven by Playwright, every request but
the page itself and data: urls refused and recorded), the replay page stepped to its end:
nothing runs (no dialog, no console message or page error), nothing is fetched — else `leak`.
A play whose log then fails `replay --html` is `accepted_then_failed`.

The browser runs in a process of its own started by setup() (not under the worker's 1 GB
address-space limit, under which Chromium does not start), asked over a Unix socket; without
Chromium or Playwright the slice is skipped and each such case says so in its detail.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from fuzz import Verdict, pick

DESCRIPTION = "markup and script in names and titles, into the pages written"
ROOT = Path(__file__).resolve().parent.parent
BROWSER_EVERY = 5
PAYLOADS = [
    "<script>alert('{m}')</script>", "\"><img src=x onerror=alert('{m}')>", "'><svg onload=alert('{m}')>",
    "</title><script>alert('{m}')</script>", "</svg><script>alert('{m}')</script>",
    "</script><script>alert('{m}')</script>", "</style><script>alert('{m}')</script>",
    "<!--<script>alert('{m}')</script>-->", "]]><script>alert('{m}')</script>", "<a href=javascript:alert('{m}')>x</a>",
    "javascript:alert('{m}')", "<img src=http://{m}.invalid/x.png>", "<link rel=stylesheet href=http://{m}.invalid/s.css>",
    "<style>*{{background:url(http://{m}.invalid/b)}}</style>", "<iframe src=data:text/html,<script>alert('{m}')</script>>",
    "<math><mtext><script>alert('{m}')</script>", "&lt;script&gt;alert('{m}')&lt;/script&gt;",
    "＜script＞alert('{m}')＜/script＞", "\u202e<script>alert('{m}')</script>", "<scr\u200bipt>alert('{m}')</script>",
    "<svg><animate onbegin=alert('{m}') attributeName=x dur=1s>", "x\u2028<script>alert('{m}')</script>",
    "%3Cscript%3Ealert('{m}')%3C/script%3E", "<script>alert('{m}')//", "<img src=x onerror=alert('{m}')//",
    "<body onload=alert('{m}')>", "<object data=http://{m}.invalid/o>", "<base href=http://{m}.invalid/>",
    "<meta http-equiv=refresh content='0;url=http://{m}.invalid/'>", "<x onclick=alert('{m}')>tap</x>",
    "' onmouseover='alert(\"{m}\")", "\" onmouseover=\"alert('{m}')",
]
GENERATORS = [(0.25, "title"), (0.2, "names"), (0.15, "set"), (0.15, "plugin"), (0.1, "import"), (0.15, "log")]
ONLY: list[str] = []
SMALL = ["--games", "2", "--workers", "1", "--max-turns", "20"]


def family(label: str) -> str:
    return label.split(":")[0]


# ---- the browser, in a process of its own ---------------------------------------------------------------

def setup(work: Path) -> None:
    """Start the browser's process (it ends by itself when `work` is gone); the first case that
    needs it waits for it."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--browser", str(work), str(os.getpid())],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     env=env, start_new_session=True)


def browser_server(work: Path, parent: int) -> None:
    """Open each page asked for in Chromium; answer what it ran and fetched. Ends when `work` goes."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from browser import Opened, chromium_path
        from playwright.sync_api import sync_playwright
    except ImportError as err:
        (work / "browser.none").write_text(f"no Playwright: {err}", encoding="utf-8")
        return
    path = chromium_path() or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if path is None:
        (work / "browser.none").write_text("no chromium", encoding="utf-8")
        return
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
            "--no-first-run", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=args)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        if not work.exists():
            return
        server.bind(str(work / "browser.sock.tmp"))
        os.replace(work / "browser.sock.tmp", work / "browser.sock")
        server.listen(4)
        server.settimeout(2)
        while work.exists() and os.getppid() == parent:  # (the campaign gone, killed or done: end)
            try:
                conn, _ = server.accept()
            except socket.timeout:
                continue
            with conn:
                page_path = Path(conn.makefile("r").readline().strip())
                try:
                    answer = look(chromium, Opened, page_path)
                except Exception as err:  # noqa: BLE001 — told to the worker, which says so
                    answer = {"error": f"{type(err).__name__}: {err}"[:500]}
                conn.sendall((json.dumps(answer) + "\n").encode())
        chromium.close()


def look(chromium, opened_class, path: Path) -> dict:
    dialogs: list[str] = []
    opened = opened_class.__new__(opened_class)
    # Opened's own set-up, with dialogs and every console message recorded before the page loads
    opened.context = chromium.new_context(viewport={"width": 1200, "height": 900})
    opened.requests, opened.refused, opened.errors = [], [], []
    opened.context.route("**/*", opened._route)
    opened.page = opened.context.new_page()
    console: list[str] = []
    opened.page.on("request", lambda r: opened.requests.append(r.url))
    opened.page.on("console", lambda m: console.append(f"console {m.type}: {m.text}"))
    opened.page.on("pageerror", lambda e: opened.errors.append(f"page error: {e}"))
    opened.page.on("dialog", lambda d: (dialogs.append(f"{d.type}: {d.message}"), d.dismiss()))
    opened.url = path.resolve().as_uri()
    try:
        opened.page.goto(opened.url, timeout=30000)
        if path.suffix == ".html":
            if opened.page.query_selector("#slider"):
                opened.page.wait_for_selector("body[data-ready]", timeout=15000)
                for key in ("End", "Home", "PageDown", "ArrowRight"):
                    opened.page.keyboard.press(key)
            for selector in ("select#measure",):
                if opened.page.query_selector(selector):
                    opened.page.select_option(selector, "1")
            opened.page.mouse.move(300, 300)
            opened.page.mouse.move(600, 400)
        opened.page.wait_for_timeout(200)
        ran = opened.page.evaluate("() => typeof window.__pwned !== 'undefined'")
    finally:
        outside = opened.outside()
        opened.close()
    return {"dialogs": dialogs, "console": console, "errors": opened.errors, "outside": outside, "ran": ran}


def ask_browser(work: Path, page: Path) -> dict | None:
    """What the browser made of a page; None when there is no browser."""
    for _ in range(900):  # up to 90 s for Chromium to start on a busy machine
        if (work / "browser.sock").exists() or (work / "browser.none").exists():
            break
        time.sleep(0.1)
    if not (work / "browser.sock").exists():
        return None
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(120)
        s.connect(str(work / "browser.sock"))
        s.sendall((str(page) + "\n").encode())
        return json.loads(s.makefile("r").readline())


# ---- the cases ---------------------------------------------------------------------------------------------

def payload(rng: random.Random, marker: str, allow: str = "") -> str:
    """A payload with the marker; `allow`: '"' and '/' are kept only if named here."""
    choices = [p for p in PAYLOADS if ('"' not in p or '"' in allow) and ("/" not in p or "/" in allow)]
    text = rng.choice(choices).format(m=marker)
    if rng.random() < 0.2:  # window.__pwned as well as a dialog: what ran is seen either way
        text = text.replace(f"alert('{marker}')", f"window.__pwned=alert('{marker}')")
    return text


HOUSE = 'rulebook h\nextends {edition}\ntitle "{title}"\n{board}{fog}\nvariant v "{description}" {{\n    battle {{\n        ties attacker\n    }}\n}}\n'
FOGS = ["", "", "visibility {\n    adjacent owner\n    rest nothing\n}\n",
        "visibility {\n    rest nothing\n    battles reveal no\n}\n"]
BOT = '''from riskrules.engine.agents import Agent, make_bot


class Bot(Agent):
    kind = {kind!r}

    def __init__(self):
        self.inner = make_bot("balanced")

    def start(self, view, seat, rng):
        super().start(view, seat, rng)
        self.inner.start(view, seat, rng)

    def decide(self, d):
        return self.inner.decide(d)
'''
MAP = """; a map with a hostile name
name {name}
[continents]
{continent} 3 blue
South 2 red
[countries]
1 {country} 1 100 80
2 Beta 1 180 90
3 Gamma 1 140 160
4 Delta 2 300 200
5 Epsilon 2 360 260
6 Zeta 2 300 300
[borders]
1 2 3
2 1 3
3 1 2 4
4 3 5 6
5 4 6
6 4 5
"""


def generate(rng: random.Random, index: int, case: Path) -> str:
    fam = pick(rng, GENERATORS, ONLY)
    marker = f"PWN{index}X"
    game = {"family": fam, "marker": marker, "seed": rng.randrange(1000), "rule": "house.risk", "sets": [],
            "bot": None, "log_edit": None}
    edition = rng.choice(["classic", "classic", "sv-2000", "nl-1990", "de-deluxe"])
    title = payload(rng, marker, "/") if fam == "title" else "A house rule"
    description = payload(rng, marker, "/") if fam == "title" and rng.random() < 0.5 else "tied"
    board = ""
    if fam == "names" or rng.random() < 0.2:
        board_name = ((payload(rng, marker) if fam == "names" else "isles") + ".yaml").replace('"', "'")
        shutil.copy(ROOT / "rulebooks" / "house" / "three-isles.yaml", case / board_name)
        shutil.copy(ROOT / "rulebooks" / "house" / "three-isles.yaml", case / "three-isles.yaml")
        shutil.copy(ROOT / "rulebooks" / "house" / "three-isles.risk", case / "base.risk")
        board = f'board "{board_name}"\n'
        edition = '"base.risk"'  # the classic rules on the three isles, the board under another name
    house = HOUSE.format(edition=edition, title=title, description=description, board=board, fog=rng.choice(FOGS))
    if board:
        house += "reinforcements {\n    continents northmark 3, eastreach 2, southwild 3\n}\n"
    if fam == "names":
        game["rule"] = payload(rng, marker, '"') + ".risk"
    (case / game["rule"]).write_text(house, encoding="utf-8")
    if fam == "set":
        game["sets"] = [f"battle {{ ties attacker }} # {payload(rng, marker, chr(34) + '/')}"]
    if fam == "plugin":
        name = payload(rng, marker, '"') + ".py" if rng.random() < 0.5 else "bot.py"
        (case / name).write_text(BOT.format(kind=payload(rng, marker, '"/')), encoding="utf-8")
        game["bot"] = name
    if fam == "import":
        text = MAP.format(name=payload(rng, marker, '"/').replace("\n", " "),
                          continent=rng.choice(["North", payload(rng, marker, '"/').replace(" ", "_")]),
                          country=rng.choice(["Alpha", payload(rng, marker, '"/').replace(" ", "_")]))
        (case / "hostile.map").write_text(text, encoding="utf-8")
    if fam == "log":
        game["log_edit"] = rng.choice(["agent", "log name", "edition", "player name"])
        game["payload"] = payload(rng, marker, '"' + ("/" if game["log_edit"] != "log name" else ""))
    outputs = {"title": ["svg", "replay", "replay-as", "simulate", "compare"], "names": ["svg", "replay", "simulate",
                                                                                           "compare", "sweep",
                                                                                           "tournament"],
               "set": ["simulate", "compare", "sweep"], "plugin": ["replay", "tournament"],
               "import": ["svg", "replay", "simulate"], "log": ["replay", "replay-as"]}[fam]
    game["outputs"] = rng.sample(outputs, min(2, len(outputs)))
    game["browser"] = index % BROWSER_EVERY == 0
    (case / "game.json").write_text(json.dumps(game), encoding="utf-8")
    carried = game.get("payload") or title if fam in ("title", "log") else game["rule"] if fam == "names" else \
        (game["sets"] or [""])[0] if fam == "set" else fam
    return f"{fam}: {' + '.join(game['outputs'])}{' (browser)' if game['browser'] else ''}: {carried!r}"[:300]


# ---- the verdict ---------------------------------------------------------------------------------------------

class Refused(Exception):
    pass


def _cli(args: list[str], cwd: Path):
    from typer.testing import CliRunner

    from riskrules.cli import app

    here = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(app, args, input="")
    finally:
        os.chdir(here)


def _answer(args: list[str], result) -> str | None:
    """None for exit 0; the refusal's line for a clean exit 1; raises for anything else."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(result.exception, limit=-12))
        raise Crash(f"risk {' '.join(args)}\n{trace}")
    lines = result.stderr.splitlines()
    if "Traceback (most recent call last)" in result.stderr:
        raise Crash(f"risk {' '.join(args)}: a traceback\n{result.stderr[-4000:]}")
    if result.exit_code == 0:
        return None
    if result.exit_code == 1 and (len(lines) == 1 or (len(lines) == 3 and lines[2].strip() == "^")) \
            and lines[0].startswith("risk: "):
        return lines[0]
    raise Crash(f"risk {' '.join(args)}: exit {result.exit_code}\n{result.stderr[-4000:]}")


class Crash(Exception):
    pass


def static(text: str, marker: str) -> list[str]:
    """Markup of a payload written as it came (from its first '<', or its opening quote, to the
    marker), or a javascript: url in an attribute."""
    found = []
    for template in PAYLOADS:
        for variant in (template.format(m=marker),
                        template.format(m=marker).replace(f"alert('{marker}')", f"window.__pwned=alert('{marker}')")):
            start = variant.index("<") if "<" in variant else 0 if variant.startswith(("'", '"')) else None
            if start is not None and marker in variant[start:]:
                core = variant[start:variant.index(marker) + len(marker)]
                if core in text:
                    found.append(f"written as it came: {core!r}")
    if re.search(r"""<[a-z][^<>]*\s(href|src|action|data)\s*=\s*["']?\s*javascript:""", text, re.I):
        found.append("a javascript: url in an attribute")
    return sorted(set(found))


def run(case: Path, work: Path) -> Verdict:
    game = json.loads((case / "game.json").read_text(encoding="utf-8"))
    try:
        return _run(case, work, game)
    except Crash as crash:
        return Verdict("crash", str(crash)[:20000], 0.0)


def _run(case: Path, work: Path, game: dict) -> Verdict:
    marker, fam = game["marker"], game["family"]
    rule = game["rule"]
    sets = [a for s in game["sets"] for a in ("--set", s)]
    if fam == "import":
        args = ["board", "import", "hostile.map", "--out", "."]
        refused = _answer(args, _cli(args, case))
        if refused:
            return Verdict("refused", refused, 0.0)
        rule = next(p.name for p in case.glob("*.risk") if p.name != "house.risk")
    pages: list[Path] = []
    log = case / "game.jsonl"
    refusals = []
    for output in game["outputs"]:
        if output in ("replay", "replay-as") and not log.exists():
            args = ["play", rule, "--players", "3", "--humans", "0", "--seed",
                    str(game["seed"]), "--max-turns", "20", "--log", str(log), "--quiet", *sets]
            if game["bot"]:
                args += ["--bot", f"{game['bot']}:Bot"]
            refused = _answer(args, _cli(args, case))
            if refused:
                return Verdict("refused", refused, 0.0)
            if game["log_edit"]:
                log = edit_log(log, game)
        target = case / f"{output}.{'svg' if output == 'svg' else 'html'}"
        if output == "svg":
            args = ["board", "show", rule, "--svg", str(target)]
        elif output.startswith("replay"):
            args = ["replay", str(log), "--html", str(target)] + (["--as", "red"] if output == "replay-as" else [])
        elif output == "simulate":
            args = ["simulate", rule, "--players", "3", *SMALL, *sets, "--html", str(target)]
        elif output == "compare":
            args = ["compare", "classic", rule, "--players", "3", *SMALL, *sets, "--html", str(target)]
        elif output == "sweep":
            args = ["sweep", rule, "--set", "reinforcements { territories {value} }", "--values", "3,4",
                    "--players", "3", *SMALL, *sets, "--html", str(target)]
        else:
            bots = f"{game['bot']}:Bot,balanced" if game["bot"] else "balanced,random"
            args = ["tournament", rule, "--bots", bots, "--players", "3", *SMALL, "--html", str(target)]
        refused = _answer(args, _cli(args, case))
        if refused:
            if output.startswith("replay") and not game["log_edit"] and "--as" not in args:
                return Verdict("accepted_then_failed", f"a log just played does not make a page: {refused}", 0.0)
            refusals.append(refused)
            continue
        if not target.exists():
            return Verdict("crash", f"risk {' '.join(args)}: exit 0 but no {target.name}", 0.0)
        pages.append(target)
    for page in pages:
        found = static(page.read_text(encoding="utf-8", errors="replace"), marker)
        if found:
            return Verdict("leak", f"{page.name}: " + "; ".join(found), 0.0)
    if game["browser"]:
        for page in pages:
            seen = ask_browser(work, page)
            if seen is None:
                return Verdict("accepted" if pages else "refused", "no browser: the static check alone", 0.0)
            if "error" in seen:
                return Verdict("crash", f"{page.name} in the browser: {seen['error']}", 0.0)
            wrong = seen["dialogs"] + [c for c in seen["console"]] + seen["errors"] + seen["outside"] + \
                (["window.__pwned was set"] if seen["ran"] else [])
            if wrong:
                return Verdict("leak", f"{page.name} in the browser: " + "; ".join(wrong)[:3000], 0.0)
    if not pages:
        return Verdict("refused", refusals[0] if refusals else "no page", 0.0)
    return Verdict("accepted", f"{len(pages)} pages" + (", seen in the browser" if game["browser"] else ""), 0.0)


def edit_log(log: Path, game: dict) -> Path:
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    text = game["payload"]
    what = game["log_edit"]
    if what == "agent":
        header["players"][0]["agent"] = text
    elif what == "player name":
        header["players"][-1]["name"] = text
    elif what == "edition":
        header["edition"] = text
    lines[0] = json.dumps(header, ensure_ascii=False, separators=(",", ":"))
    target = log.with_name(text.replace("/", "_") + ".jsonl") if what == "log name" else log
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


if __name__ == "__main__" and sys.argv[1:2] == ["--browser"]:
    browser_server(Path(sys.argv[2]), int(sys.argv[3]))
