"""Fuzz kind `rules`: hostile rule files, and what `check` accepts must play.

Generators (chosen per case from its own random source):
  bytes    — byte flips, inserts and deletions in a shipped rulebook
  tokens   — token-level edits: numbers swapped for edge and huge ones, words for other
             words of the language, lines deleted, doubled, swapped or moved
  grammar  — a house rule extending an edition with random statements of the language
             (in the body, in variants, in player-count overlays), with edge numbers
  huge     — very large tables, long chains of variants, many-digit numbers, long names
  deep     — brackets, blocks and expressions nested 100 to 100,000 deep
  paths    — `extends` and `board` naming devices, FIFOs, absolute paths, `..`, links out

The verdict of a case (run in the worker): `risk check`'s answer must be clean — a
RuleError's problems, none of them showing the secret that lives outside the case's
directory — and a file that check accepts must show (rule sheet and JSON), play 50
turns with each bot (the default variant with its fewest players and one more, up to three
other variants with their fewest) and simulate a few games, without an exception.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import traceback
from pathlib import Path

from fuzz import Verdict

DESCRIPTION = "rule files (.risk)"
ROOT = Path(__file__).resolve().parent.parent
SECRET = "SECRET-0f3c-MUST-NOT-LEAK"
EDITIONS = ["classic", "cs-riziko", "de-deluxe", "nl-1990", "nl-modern", "sv-2000"]
_TOKEN = re.compile(r"\n|[ \t]+|#[^\n]*|\"[^\"\n]*\"|[0-9]+|[A-Za-z_][A-Za-z0-9_-]*|//|<=|>=|==|!=|.", re.S)

_corpus: dict[str, str] = {}


def corpus() -> dict[str, str]:
    if not _corpus:
        for name in EDITIONS:
            _corpus[name] = (ROOT / "rulebooks" / f"{name}.risk").read_text(encoding="utf-8")
    return _corpus


def _statements() -> list[str]:
    """Every statement line of the shipped rulebooks (comments and braces dropped)."""
    lines = []
    for text in corpus().values():
        for line in text.split("\n"):
            code = line.split("#")[0].strip()
            if code and "{" not in code and "}" not in code and not code.startswith(("rulebook", "extends")):
                lines.append(code)
    return sorted(set(lines))


SECTIONS = ["setup", "reinforcements", "cards", "battle", "fortify", "missions", "capitals", "neutral"]
WORDS = sorted({w for t in corpus().values() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_-]*", t.split("#")[0])}
               | set(SECTIONS) | {"variant", "for", "players", "extends", "default", "if", "else", "and", "or"})


def edge_number(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.3:
        return str(rng.choice([0, 1, 2, 3, 5, 6, 7, 10, 99, 100, 101, 255, 1000, 1001, 65536]))
    if pick < 0.6:
        return str(10 ** rng.randint(3, 13) + rng.choice([-1, 0, 1]))
    if pick < 0.8:
        return str(rng.randint(0, 10 ** 6))
    if pick < 0.95:
        return "9" * rng.randint(14, 30)
    return "1" * rng.choice([4301, 5000, 20000])


# ---- setup: what lives outside every case's directory --------------------------------------------

def setup(work: Path) -> None:
    (work / "secret.risk").write_text(f"{SECRET}\nrulebook secret\n{SECRET}\n", encoding="utf-8")
    (work / "secret.yaml").write_text(f"{SECRET}: 1\nid: secret\n", encoding="utf-8")
    (work / "good.risk").write_text("rulebook good\nextends classic\n", encoding="utf-8")
    try:
        os.mkfifo(work / "fifo.risk")
    except (AttributeError, OSError):
        pass


# ---- generators -----------------------------------------------------------------------------------

def gen_bytes(rng: random.Random) -> tuple[str, bytes]:
    name = rng.choice(EDITIONS)
    data = bytearray(corpus()[name].encode("utf-8"))
    for _ in range(rng.randint(1, 12)):
        i = rng.randrange(len(data))
        op = rng.random()
        if op < 0.4:
            data[i] = rng.randrange(256)
        elif op < 0.7:
            data[i:i] = bytes([rng.choice(b"0123456789{}(),:+-#\"\n\t \x00\xff")]) * rng.choice([1, 1, 2, 50])
        else:
            del data[i:i + rng.randint(1, 20)]
    return f"bytes of {name}", bytes(data)


def gen_tokens(rng: random.Random) -> tuple[str, bytes]:
    name = rng.choice(EDITIONS)
    tokens = _TOKEN.findall(corpus()[name])
    for _ in range(rng.randint(1, 8)):
        op = rng.random()
        numbers = [i for i, t in enumerate(tokens) if t.isdigit()]
        words = [i for i, t in enumerate(tokens) if t[:1].isalpha()]
        if op < 0.35 and numbers:
            tokens[rng.choice(numbers)] = edge_number(rng)
        elif op < 0.55 and words:
            tokens[rng.choice(words)] = rng.choice(WORDS)
        elif op < 0.65 and tokens:
            del tokens[rng.randrange(len(tokens))]
        else:
            lines = "".join(tokens).split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            which = rng.random()
            if which < 0.3:
                del lines[i]
            elif which < 0.6:
                lines.insert(j, lines[i])
            elif which < 0.8:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines.insert(j, rng.choice(_statements()))
            tokens = _TOKEN.findall("\n".join(lines))
    return f"tokens of {name}", "".join(tokens).encode("utf-8")


def _statement(rng: random.Random) -> str:
    line = rng.choice(_statements())
    return re.sub(r"\b[0-9]+\b", lambda m: edge_number(rng) if rng.random() < 0.3 else m.group(0), line)


def _section_block(rng: random.Random) -> str:
    section = rng.choice(SECTIONS)
    body = "\n".join("    " + _statement(rng) for _ in range(rng.randint(1, 4)))
    return f"{section} {{\n{body}\n}}"


def gen_grammar(rng: random.Random) -> tuple[str, bytes]:
    parent = rng.choice(EDITIONS)
    out = [f"rulebook house{rng.randint(0, 99)}", f"extends {parent}"]
    for _ in range(rng.randint(1, 6)):
        pick = rng.random()
        if pick < 0.45:
            out.append(_section_block(rng))
        elif pick < 0.6:
            out.append(_statement(rng))
        elif pick < 0.8:
            base = f" extends {rng.choice(['missions', 'capitals', 'escalating', 'v0'])}" if rng.random() < 0.3 else ""
            out.append(f"variant v{rng.randint(0, 3)}{base} {{\n{_section_block(rng)}\n}}")
        else:
            low = rng.choice(["2", "3", "4+", "2-3", "5-6", edge_number(rng)])
            out.append(f"for {low} players {{\n{_section_block(rng)}\n}}")
    if rng.random() < 0.3:
        out.append(f"reinforcements {{\n    territories {_expression(rng, 4)}\n}}")
    return f"grammar over {parent}", "\n".join(out).encode("utf-8")


def _expression(rng: random.Random, depth: int) -> str:
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice(["territories", "continents", "cards", "players", "round", "armies", "3", "0",
                           edge_number(rng)])
    op = rng.choice(["+", "-", "*", "//", "/", "%", "max", "min", "if", "abs", "neg"])
    a, b = _expression(rng, depth - 1), _expression(rng, depth - 1)
    if op in ("max", "min"):
        return f"{op}({a}, {b})"
    if op == "abs":
        return f"abs({a})"
    if op == "neg":
        return f"-({a})"
    if op == "if":
        return f"({a} if {rng.choice(['territories', 'players', 'round'])} > {rng.randint(0, 9)} else {b})"
    return f"({a} {op} {b})"


def gen_huge(rng: random.Random) -> tuple[str, bytes]:
    pick = rng.random()
    head = "rulebook huge\nextends classic\n"
    if pick < 0.2:
        n = rng.choice([1000, 5000, 25000])
        entries = ", ".join(f"{i}: {rng.randint(1, 3)}" for i in range(1, n))
        return f"table of {n}", (head + f"battle {{\n    defender dice {entries}, {n}+: 2 always\n}}\n").encode()
    if pick < 0.4:
        n = rng.choice([100, 1000, 8000])
        body = "variant v0 {\n    battle {\n        ties attacker\n    }\n}\n" + "".join(
            f"variant v{i} extends v{i - 1} {{\n}}\n" for i in range(1, n))
        return f"{n} chained variants", (head + body).encode()
    if pick < 0.55:
        digits = edge_number(rng) if rng.random() < 0.5 else "7" * rng.choice([19, 4301, 5000, 100000])
        where = rng.choice([f"setup {{\n    starting armies 2: {digits}, 3+: 35\n}}",
                            f"reinforcements {{\n    continents europe {digits}\n}}",
                            f"battle {{\n    defender dice 1: 1, {digits}+: 2 always\n}}",
                            f"setup {{\n    placement {digits} per turn\n}}",
                            f"players 2 to {digits}",
                            f"reinforcements {{\n    territories territories * {digits}\n}}"])
        return "many digits", (head + where + "\n").encode()
    if pick < 0.7:
        name = "x" * rng.choice([65, 256, 5000, 100000])
        text = rng.choice([f"rulebook {name}\nextends classic\n", f"rulebook h\nextends {name}\n",
                           f'rulebook h\nextends "{name}.risk"\n', f"rulebook h\nextends classic\nboard {name}\n",
                           f"rulebook h\nextends classic\nvariant {name} {{\n}}\n",
                           f"rulebook h\nextends classic\ncolours {name}, b, c, d, e, f\n"])
        return "long name", text.encode()
    if pick < 0.85:
        n = rng.choice([10, 1000, 20000])
        text = head + "reinforcements {\n    continents " + ", ".join(f"c{i} {i}" for i in range(n)) + "\n}\n"
        return f"{n} continents", text.encode()
    armies = rng.choice([10 ** 3, 10 ** 4, 10 ** 5, 10 ** 6])
    text = head + f"setup {{\n    starting armies 2+: {armies}\n    placement 1 per turn\n}}\n"
    return f"{armies} starting armies", text.encode()


def gen_deep(rng: random.Random) -> tuple[str, bytes]:
    n = rng.choice([100, 1000, 10000, 100000])
    head = "rulebook deep\nextends classic\n"
    pick = rng.random()
    if pick < 0.4:
        expr = "(" * n + "territories" + ")" * n
    elif pick < 0.6:
        expr = " + ".join(["territories"] * n)
    elif pick < 0.8:
        expr = "-" * n + "territories"
    else:
        return f"{n} nested blocks", (head + "setup {\n" * n + "}\n" * n).encode()
    return f"depth {n}", (head + f"reinforcements {{\n    territories {expr}\n}}\n").encode()


def gen_paths(rng: random.Random, case: Path) -> tuple[str, bytes]:
    ref = rng.choice(["/dev/zero", "/dev/urandom", "/dev/null", "/dev/stdin", "/etc/passwd", "/proc/self/environ",
                      "../secret.risk", "../secret.yaml", "../fifo.risk", "../../secret.risk", "fifo.risk",
                      "link.risk", "dir.risk", "./", "..", "/", "zero.yaml", "link.yaml", "dir/../../secret.risk",
                      "sub/../house.risk", "house.risk", "big.risk", "../good.risk"])
    extra = rng.random()
    if extra < 0.2:
        os.symlink(case.parent / "secret.risk", case / "link.risk")
        os.symlink(case.parent / "secret.yaml", case / "link.yaml")
    elif extra < 0.35:
        os.mkfifo(case / "fifo.risk")
    elif extra < 0.45:
        (case / "dir.risk").mkdir()
    elif extra < 0.55:
        os.symlink("/dev/zero", case / "zero.yaml")
    elif extra < 0.65:
        (case / "big.risk").write_bytes(b"rulebook big\n" + b"#" * (300 * 1024))
    if rng.random() < 0.5:
        text = f'rulebook p\nextends "{ref}"\n'
    else:
        text = f'rulebook p\nextends classic\nboard "{ref}"\n'
    return f"path {ref}", text.encode()


GENERATORS = [(0.25, "bytes"), (0.3, "tokens"), (0.25, "grammar"), (0.07, "huge"), (0.03, "deep"), (0.1, "paths")]


def generate(rng: random.Random, index: int, case: Path) -> str:
    roll, acc = rng.random(), 0.0
    kind = GENERATORS[-1][1]
    for weight, name in GENERATORS:
        acc += weight
        if roll < acc:
            kind = name
            break
    if kind == "paths":
        label, data = gen_paths(rng, case)
    else:
        label, data = {"bytes": gen_bytes, "tokens": gen_tokens, "grammar": gen_grammar, "huge": gen_huge,
                       "deep": gen_deep}[kind](rng)
    (case / "house.risk").write_bytes(data)
    return label


# ---- the verdict ----------------------------------------------------------------------------------

PLAY_TURNS = 50
SIM_GAMES = 2
# Every bot's code is played, not its strength: strong with 2 playouts a candidate (not 10) runs
# the same search about five times faster, so an ordinary file stays far below the hang limit
# (nl-modern with one comment changed took 49 of its 60 s with the default strong).
FAST = {"strong": "strong-2"}
MAX_VARIANTS_PLAYED = 4  # the default and three more: each shown, and played with every bot


def run(case: Path, work: Path) -> Verdict:
    from riskrules.language.errors import RuleError
    from riskrules.language.loader import open_rulebook

    path = case / "house.risk"
    started = time.process_time()
    try:
        book = open_rulebook(path, strict=False)
        problems = book.check()
    except RuleError as err:
        problems = err.problems
    seconds = time.process_time() - started
    shown = "\n".join(p.format() for p in problems)
    if SECRET in shown:
        return Verdict("leak", shown[:5000], seconds)
    for p in problems:
        if p.pos is None and not p.message.startswith(str(path)) and "house.risk" not in p.message:
            return Verdict("unplaced", f"a problem without a place: {p.message[:500]}", seconds)
    if problems:
        return Verdict("refused", problems[0].format()[:300], seconds)
    try:
        accepted(book, path)
    except Exception:  # noqa: BLE001
        return Verdict("accepted_then_failed", traceback.format_exc(limit=30), seconds)
    return Verdict("accepted", "", seconds)


def accepted(book, path: Path, bots: tuple[str, ...] | None = None, turns: int = PLAY_TURNS) -> None:
    """What a file that check accepts must do: show, play (`turns` turns with every bot, or with
    `bots`), simulate."""
    from riskrules.engine.agents import BOTS, make_bot
    from riskrules.engine.game import Game
    from riskrules.instrument.simulate import Job, run as simulate
    from riskrules.text.i18n import Text
    from riskrules.text.sheet import build_sheet, render_sheet

    others = [[v] for v in book.variants if v != book.default_variant]
    for variants in [None] + others[:MAX_VARIANTS_PLAYED - 1]:
        rules = book.rules(variants)
        json.dumps({**rules.model, "board": rules.board.to_json(), "fingerprint": rules.fingerprint})
        t = Text("en", rules.terms)
        render_sheet(build_sheet(book, variants, t, None), t)
        low, high = rules.model["players"]["min"], rules.model["players"]["max"]
        for n in sorted({low, min(high, low + 1)}) if variants is None else [low]:
            if variants is None:
                render_sheet(build_sheet(book, variants, t, n), t)
            played = book.rules(variants, n)
            for i, bot in enumerate(bots or [FAST.get(b, b) for b in BOTS]):
                Game(played, [make_bot(bot) for _ in range(n)], 1000 + i, max_turns=turns).play()
    low = book.rules(None).model["players"]["min"]
    simulate(Job(str(path), None, low, "balanced", 200), SIM_GAMES, 1, workers=1)
