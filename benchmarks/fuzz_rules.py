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
  cards    — card declarations (issue 44): kinds with every effect and option, edge numbers, doubled
             options, bad names, 21 kinds, `earn`, `card limit`, `sets nuclear`, `hide card plays`
             (only when asked for: `--only cards`)
  combine  — a house rule extending an edition with the statements of 2–3 rules of the gallery
             (rulebooks/house/, a gallery rule's own parent in the gallery brought along) and
             0–3 statements of the newer constructs — teams, assassin, neutral territories,
             capitals, round limits, phase conditions, expressions in every place the guide
             allows one — some in player-count overlays; mostly sound, so that many reach the
             play verdict (`--only combine` runs it alone; the campaign prints each
             generator's accepted share)

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
import traceback
from pathlib import Path

from fuzz import Verdict, checked, pick

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


SECTIONS = ["setup", "reinforcements", "cards", "battle", "fortify", "missions", "capitals", "neutral", "visibility",
            "fog"]
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


# ---- combine: rules of the gallery together, with the newer constructs -------------------------

HEADER_WORDS = ("rulebook", "extends", "title", "language", "base")
_gallery: dict[str, tuple[str | None, str]] = {}


def gallery() -> dict[str, tuple[str | None, str]]:
    """Each rule of rulebooks/house/: (its parent if that is in the gallery too, its body:
    every line but comments, blank lines and the header)."""
    if not _gallery:
        for path in sorted((ROOT / "rulebooks" / "house").glob("*.risk")):
            parent, body = None, []
            for line in path.read_text(encoding="utf-8").split("\n"):
                code = line.split("#")[0].rstrip()  # (the gallery's bodies hold no quoted '#')
                word = code.split()[0] if code.split() else ""
                if word == "extends":
                    parent = code.split()[1]
                elif code and word not in HEADER_WORDS:
                    body.append(code)
            _gallery[path.stem] = (parent, "\n".join(body))
        for name, (parent, body) in list(_gallery.items()):
            _gallery[name] = (parent if parent in _gallery else None, body)
    return _gallery


def gallery_body(name: str) -> str:
    """A gallery rule's statements with those of its gallery parents before them."""
    parent, body = gallery()[name]
    return (gallery_body(parent) + "\n" + body) if parent else body


# What an expression may name where (docs/rule-language.md, "Expressions"), with the ranges
# check gives them on the classic board; `sound` expressions stay within [low, high] there.
GAME_NAMES = ["territories", "continents", "cards", "armies", "own_trades", "trades", "players", "alive_players",
              "round"]
TESTS = ["round > 1", "round > 2", "round >= 3", "territories >= 10", "territories > 5", "cards < 5",
         "continents >= 1", "not (round <= 2)", "round > 1 and territories >= 6", "alive_players > 2",
         "cards >= 3 or round > 4", "armies > 20", "trades < 3", "own_trades == 0", "round % 2 == 0",
         "players > 3"]


def _sound(rng: random.Random, low: int, high: int, setup: bool = False) -> str:
    """An expression that mostly stays in [low, high] over check's ranges (a few do not: those
    are refused, which the verdict also wants clean); now and then a random one."""
    a = rng.randint(max(low, 1), max(low, min(high, 10)))
    b = rng.randint(a, max(a, min(high, a + 10)))
    pick = rng.random()
    if pick < 0.1:
        return _expression(rng, 3)
    if pick < 0.3:
        return str(a)
    if setup:
        k = rng.randint(1, 3)
        return rng.choice([f"{a} + players", f"max({a}, {b} - players)", f"{b + 6 * k} - {k} * players",
                           f"min({b}, {a} * players)", f"{a} if players > 3 else {b}", f"({b} * 2) // 2",
                           f"{b} - 5 * players"])  # (the last can go below 0: refused)
    return rng.choice([
        f"max({a}, territories // {rng.randint(2, 4)})", f"min({b}, {a} + continents)",
        f"{a} + ({rng.randint(0, 3)} if continents >= 2 else 0)", f"{a} if round > {rng.randint(1, 20)} else {b}",
        f"min({b}, {a} + trades)", f"min({b}, {a} + own_trades * 2)", f"max({a}, {b} - players)",
        f"{a} * alive_players // players" if rng.random() < 0.5 else f"min({b}, {a} * alive_players)",
        f"ceil(territories / {rng.randint(2, 5)})", f"max({a}, min({b}, cards))", f"abs({a} - players)",
        f"floor({b} / 2)", f"{a} + round % 2", f"min({b}, round)", f"{b} - continents",
    ])


def _newer(rng: random.Random) -> str:
    """One statement (or section) of the constructs the editions do not use."""
    goal = rng.choice(["domination", "missions", "capitals", "assassin", "opponents eliminated"])
    e = lambda low, high, setup=False: _sound(rng, low, high, setup)  # noqa: E731
    pick = rng.randrange(20)
    if pick == 0:
        if goal == "capitals" and rng.random() < 0.8:
            return _newer_capitals(rng)
        return f"victory {goal}"
    if pick == 1:
        return f"victory {goal} or after {e(1, 200)} rounds by most " + rng.choice(
            ["territories", "armies", "continent bonus"])
    if pick == 2:
        phases = ["reinforce", f"attack when {rng.choice(TESTS)}" if rng.random() < 0.8 else "attack",
                  f"fortify when {rng.choice(TESTS)}" if rng.random() < 0.5 else "fortify"]
        return "turn " + ", ".join(phases)
    if pick == 3:
        return f"neutral {{\n    territories {e(1, 8, True)} start {e(1, 5, True)}\n}}"
    if pick == 4:
        return _newer_capitals(rng)
    if pick == 5:
        names = rng.sample(["north_america", "south_america", "europe", "africa", "asia", "australia"],
                           rng.randint(1, 3))
        return "reinforcements {\n    continents " + ", ".join(f"{c} {e(0, 12)}" for c in names) + "\n}"
    if pick == 6:
        return f"reinforcements {{\n    territories {e(1, 20)}\n}}"
    if pick == 7:
        return (f"cards {{\n    sets fixed 3 infantry: {e(1, 10)}, 3 cavalry: {e(1, 10)}, 3 artillery: {e(1, 12)}, "
                f"1 of each: {e(1, 15)}\n}}")
    if pick == 8:
        values = ", ".join(e(1, 20) for _ in range(rng.randint(1, 6)))
        tail = f" then +{e(0, 10)}" if rng.random() < 0.7 else ""
        more = rng.choice(["", f"\n    escalation after round {e(1, 30)}", f"\n    escalation after {e(1, 10)} trades",
                           f"\n    sets at most {e(5, 60)}", "\n    counter per player"])
        return f"cards {{\n    sets escalating {values}{tail}{more}\n}}"
    if pick == 9:
        return rng.choice([f"cards {{\n    sets flat {e(1, 15)}\n}}", f"cards {{\n    sets at most {e(1, 40)}\n}}",
                           "cards {\n    sets none\n}",
                           f"cards {{\n    territory bonus {e(0, 5)} per {rng.choice(['trade', 'card'])}\n}}"])
    if pick == 10:
        lines = [f"occupy {e(1, 30)} territories" + (f" with {e(1, 3)} armies each" if rng.random() < 0.5 else ""),
                 f"destroy {rng.choice(['red', 'blue', 'yellow', 'green'])} or else occupy {e(1, 30)} territories",
                 "conquer " + " and ".join(rng.sample(["asia", "europe", "africa", "australia", "south_america",
                                                       "north_america"], 2)) + rng.choice(["", " and one more"])]
        chosen = rng.sample(lines, rng.randint(1, 3))
        timing = rng.choice(["", "\n    timing end of own turn", "\n    timing immediately"])
        return "missions {" + timing + "".join(f"\n    {line}" for line in chosen) + "\n}"
    if pick == 11:
        return f"setup {{\n    starting armies 2: {e(20, 50, True)}, 3+: {e(15, 40, True)}\n}}"
    if pick == 12:
        return f"for 2 players {{\n    neutral {{\n        armies {e(10, 40, True)}\n        reinforcements " + \
            rng.choice(["total // 2", "ceil(total / 3)", "none", "min(total, 5)", f"{rng.randint(0, 5)}"]) + "\n    }\n}"
    if pick == 13:
        return rng.choice(["for 4 players {\n    teams 2\n}", "for 6 players {\n    teams 3 with fortify into partners\n}",
                           "for 6 players { teams 2 }", "for 4 players { teams 2 with fortify into partners }",
                           "teams 2", "for 3 players { teams 3 }", "for 5 players { teams 2 }"])
    if pick == 14:
        return rng.choice(["battle {\n    trench warfare yes\n}", "battle { trench warfare no }",
                           "fortify {\n    moves unlimited\n    path connected\n    split yes\n}",
                           f"fortify {{ moves {rng.randint(0, 3)} }}",
                           "visibility {\n    adjacent owner and armies\n    within 2 owner\n    rest nothing\n"
                           "    hide reinforcements, cards\n}",
                           f"fog {{ adjacent {rng.choice(['owner', 'nothing'])} }}", "fog { rest owner }",
                           # kill-rate combat (issue 43), edge rates and luck, with and without a guard
                           f"battle {{\n    combat kill rates\n    kill rates attacker {rng.choice([1, 60, 100])}%, "
                           f"defender {rng.choice([0, 1, 70, 100])}%\n    luck {rng.choice([0, 16, 50, 100])}%\n"
                           f"    rounding {rng.choice(['straight', 'weighted random'])}\n"
                           f"    guard {rng.choice([0, 1])}\n}}",
                           "battle { combat kill rates }", "battle { luck 16% }"])
    if pick == 15:
        return rng.choice(["players 3 to 6", "players 2 to 4", "players 4 to 6", "players 3 to 5", "players 2 to 6"])
    if pick == 16:
        return f"neutral {{\n    territories {e(1, 8, True)}\n    start {e(1, 5, True)}\n}}"
    if pick == 17:
        return "victory assassin"
    if pick == 18:
        return f"turn reinforce, attack when {rng.choice(TESTS)}, fortify"
    if pick == 19 and rng.random() < 0.5:
        pick = rng.randrange(3)  # deck and goal, income, marks (issue 43)
        if pick == 0:
            return _newer_deck_and_goal(rng)
        if pick == 1:
            return _newer_income(rng)
        return "battle {" + "".join(f"\n    {line}" for line in rng.sample(MARKS, rng.randint(1, 3))) + "\n}"
    return _statement(rng)  # a line of the editions, its numbers now and then made edge ones


def _newer_deck_and_goal(rng: random.Random) -> str:
    """A statement of the deck and the goal (issue 43): where cards go, a hand limit, pieces, an
    objective, tie-breaks, points, a destroy mission's own kill."""
    e = lambda low, high: _sound(rng, low, high)  # noqa: E731
    ties = ["territories", "armies", "continent bonus", "points"]
    return rng.choice([
        f"cards {{\n    traded cards {rng.choice(['removed', 'recycled'])}\n}}",
        f"cards {{ victim cards taken {rng.choice(['yes', 'no'])} }}",
        f"cards {{\n    hand limit {rng.randint(1, 9)} discard\n}}",
        f"cards {{\n    draw {rng.randint(0, 3)} per turn with conquest\n    pieces {rng.randint(2, 6)} per card\n}}",
        "victory domination or objective\nobjective " + ", ".join(rng.sample(
            ["alaska", "kamchatka", "iceland", "peru", "egypt", "siam", "ural"], rng.randint(1, 4))),
        f"points territories + {e(0, 5)} * continents\nvictory domination or after {e(1, 60)} rounds by most "
        + " then ".join(rng.sample(ties, rng.randint(1, 3))),
        f"missions {{\n    destroy needs own kill{rng.choice(['', ' yes', ' no'])}\n}}",
    ])


def _newer_income(rng: random.Random) -> str:
    """The reinforcements section's statements of issue 43, a few at once, numbers at their edges."""
    places = ["alaska", "kamchatka", "iceland", "peru", "egypt", "ural", "siam", "indonesia"]
    edge = lambda: rng.choice([0, 1, 2, 5, 12, 1000])  # noqa: E731
    lines = [
        "continents " + ", ".join(f"{c} {rng.choice([-1000, -5, -2, -1, 0, 3, 1000])}"
                                  for c in rng.sample(["asia", "europe", "australia", "africa"], 2)),
        "continent armies placed inside",
        "autodeploy " + ", ".join(f"{t} {edge()}" for t in rng.sample(places, rng.randint(1, 3))),
        "decay " + ", ".join(f"{t} {edge()}" for t in rng.sample(places, rng.randint(1, 3))),
        "card bonus placed anywhere",
        f"armies at most {rng.choice([1, 2, 3, 12, 1000000])} per territory",
        "income at most " + rng.choice(["20 * income - armies", "0", "income - 100", "territories",
                                        "3 * board_territories - armies", "income // 2"]),
    ]
    chosen = rng.sample(lines, rng.randint(1, 4))
    return "reinforcements {" + "".join(f"\n    {line}" for line in chosen) + "\n}"


MARKS = ["dice sides 8", "dice sides 2", "dice sides 20", "defender dice + 1 when defender_capital",
         "defender dice + 3 when defender_armies > 2", "attacker dice - 1 when attacker_neutral",
         "attacker dice + 2 when round > 3 and attacker_armies >= 5", "attacker dice - 3 when attacker_capital",
         "ties attacker when defender_neutral", "ties defender when not attacker_neutral",
         "defender dice - 2 when defender_armies // 2 > 1", "reroll one die with a card of the territory",
         "modifiers none", "reroll none"]


def _newer_capitals(rng: random.Random) -> str:
    e = lambda low, high: _sound(rng, low, high)  # noqa: E731
    needed = rng.choice([f"2-3: {e(1, 3)}, 4-5: {e(1, 4)}, 6: {e(1, 4)}", f"2+: {e(1, 3)}",
                         f"3: {e(1, 3)}, 4+: {e(1, 5)}"])
    extra = "".join(f"\n    {line}" for line in [
        f"capture takes cards {rng.choice(['yes', 'no'])}", f"capture eliminates victim {rng.choice(['yes', 'no'])}",
        f"capture replaces continent armies {rng.choice(['with one each', 'no'])}"] if rng.random() < 0.9)
    return f"victory capitals\ncapitals {{\n    needed {needed}{extra}\n}}"


def _overlay(rng: random.Random, body: str) -> str:
    count = rng.choice(["2", "3", "4", "5", "6", "2-3", "3-4", "4+", "5-6", "3+"])
    inner = "\n".join("    " + line for line in body.split("\n"))
    return f"for {count} players {{\n{inner}\n}}"


def gen_combine(rng: random.Random) -> tuple[str, bytes]:
    parent = rng.choice(EDITIONS)
    names = rng.sample(sorted(gallery()), rng.randint(2, 3))
    out = [f"rulebook combined{rng.randint(0, 99)}", f"extends {parent}", ""]
    for name in names:
        out += [f"# from {name}", gallery_body(name), ""]
    extra = rng.randint(0, 3)
    for _ in range(extra):
        statement = _newer(rng)
        if rng.random() < 0.25 and not statement.startswith(("for ", "players", "teams")):
            statement = _overlay(rng, statement)
        out.append(statement)
    text = "\n".join(out)
    if parent in ("cs-riziko", "nl-modern") and re.search(r"neutral \{\n\s+territories \d", text) \
            and rng.random() < 0.7:  # a neutral army dealt its territories needs the deal these two draft
        out.append("setup {\n    territories deal\n}")
    return f"{'+'.join(names)} over {parent}, {extra} more", "\n".join(out).encode("utf-8") + b"\n"


def _online_start(rng: random.Random) -> str:
    """A statement of the start (issue 43): picks, limits, armies on each, removals, wastelands, leftovers."""
    n = lambda: rng.choice([0, 1, 2, 3, 5, 14, 21, 40, 42, 1000])  # noqa: E731
    return rng.choice([
        f"setup {{\n    territories {rng.choice(['warlords', 'cities', 'deal warlords', 'draft cities'])}\n}}",
        f"setup {{\n    territories {n()} each\n}}",
        f"setup {{\n    armies {n()} on each territory\n}}",
        f"setup {{\n    remove {n()} territories at random\n}}",
        f"neutral {{\n    wastelands {n()} with {n()}\n}}",
        f"neutral {{\n    territories leftover deal{rng.choice(['', f' start {n()}'])}\n}}",
        f"neutral {{\n    start {n()}\n}}",
        "scenario {\n    seat 1: alaska " + str(n()) + ", peru 3\n    seat 2: egypt 3" +
        rng.choice(["", ", alaska 2", ", atlantis 1"]) + "\n" + rng.choice(["", "    seat 3: siam 2\n"]) +
        rng.choice(["", "    neutral: ural 4\n"]) + "}",
    ])


def gen_online(rng: random.Random) -> tuple[str, bytes]:
    """Issue 43's statements (combat, marks, the start, income, the deck and the goal) over an edition
    or a gallery rule of theirs, one to four of them, their numbers at the edges."""
    parent = rng.choice(EDITIONS + [name for name in sorted(gallery()) if gallery()[name][1]])
    out = [f"rulebook online{rng.randint(0, 99)}", f"extends {parent}" if parent in EDITIONS else "extends classic", ""]
    if parent not in EDITIONS:
        out += [f"# from {parent}", gallery_body(parent), ""]
    makers = [_newer_deck_and_goal, _newer_income, _online_start,
              lambda r: "battle {" + "".join(f"\n    {line}" for line in r.sample(MARKS, r.randint(1, 3))) + "\n}",
              lambda r: (f"battle {{\n    combat kill rates\n    kill rates attacker {r.choice([0, 1, 60, 100])}%, "
                         f"defender {r.choice([0, 1, 70, 100])}%\n    luck {r.choice([0, 16, 50, 100, 101])}%\n"
                         f"    rounding {r.choice(['straight', 'weighted random'])}\n    guard {r.choice([0, 1, 2])}\n}}")]
    extra = rng.randint(1, 4)
    for _ in range(extra):
        statement = rng.choice(makers)(rng)
        out.append(_overlay(rng, statement) if rng.random() < 0.2 else statement)
    return f"{extra} of issue 43's over {parent}", "\n".join(out).encode("utf-8") + b"\n"


# ---- cards that do something (issue 44) -------------------------------------------------------------

CARD_EFFECTS = ["move armies", "give a territory", "forbid attacks between two players", "see a player",
                "see a territory", "see a territory and its neighbours", "see a continent"]
CARD_NAMES = ["spy", "bomb", "gift", "airlift", "emergency-blockade", "r2", "a-b-c", "x" * 40, "Bomb", "limit",
              "card", "bomb_2", "1st", "bomb-", "sanctions"]


def _card_kind(rng: random.Random, name: str) -> str:
    """A `card NAME: EFFECT, OPTION …` line: mostly sound, its numbers now and then at or past the
    edges (percentages over 100, 0 pieces, huge counts), an option doubled, the duration where no
    effect lasts."""
    n = lambda: rng.choice([0, 1, 2, 3, 4, 5, 20, 100, 101, 1000, 1001]) if rng.random() < 0.04 \
        else rng.randint(1, 6)  # noqa: E731
    effect = rng.choice([
        *CARD_EFFECTS, f"armies {_sound(rng, 1, 20)}", f"armies {n()}", f"income -{n()}% of a player",
        f"strike {rng.choice([1, 25, 50, 99, 100, 0, 101, 250])}% of an enemy neighbour",
        f"abandon a territory times {n()}"])
    lasting = effect.startswith(("see", "forbid", "income"))
    if rng.random() < (0.5 if lasting else 0.03):
        effect += f" for {n()} round{rng.choice(['', 's'])}"
    options = [f"{n()} in the deck" if rng.random() < 0.3 else f"pieces {n()}", f"weight {n()}",
               *([f"minimum {rng.choice([0, 0, 1, 2])}"] if rng.random() < 0.3 else []), f"{n()} pieces at the start",
               "played " + rng.choice(["at start", "with reinforcements", "in attack", "at end"]),
               f"at most {n()} a turn", "hidden"]
    chosen = rng.sample(options, rng.randint(0, 4))
    if chosen and rng.random() < 0.01:
        chosen.append(chosen[0])  # an option given twice
    return f"card {name}: " + ", ".join([effect, *chosen])


def _newer_cards(rng: random.Random) -> str:
    """A cards section of kinds (1 to 6, now and then 21 or a name twice), with `earn`, `card limit`,
    `sets none` or `sets nuclear`, and now and then a visibility block hiding card plays."""
    count = 21 if rng.random() < 0.03 else rng.randint(1, 6)
    names = [rng.choice(CARD_NAMES) if rng.random() < 0.05 else f"k{i}" for i in range(count)]
    lines = [_card_kind(rng, name) for name in names]
    if rng.random() < 0.5:
        lines.append(f"earn {rng.choice([1, 2, 3, 6, 9, 0, 101])} piece{rng.choice(['', 's'])} per turn with conquest")
    if rng.random() < 0.4:
        lines.append(f"card limit {rng.choice([1, 2, 3, 5, 0, 101])}")
    if rng.random() < 0.4:
        lines.append(rng.choice(["sets none", "sets nuclear"]))
    rng.shuffle(lines)
    text = "cards {" + "".join(f"\n    {line}" for line in lines) + "\n}"
    if rng.random() < 0.25:
        text += "\nvisibility {\n    " + rng.choice(["hide card plays", "hide cards, card plays",
                                                       "adjacent owner and armies\n    rest nothing"]) + "\n}"
    return text


def gen_cards(rng: random.Random) -> tuple[str, bytes]:
    """Cards that do something (issue 44) over an edition or a gallery rule of cards: one to three
    sections of kinds, some in player-count overlays; or the nuclear sets alone."""
    parent = rng.choice(EDITIONS + ["warzone-cards", "conquer-club-nuclear"])
    out = [f"rulebook cards{rng.randint(0, 99)}", f"extends {parent}", ""]
    extra = rng.randint(1, 3)
    for _ in range(extra):
        statement = _newer_cards(rng) if rng.random() < 0.9 else "cards {\n    sets nuclear\n}"
        out.append(_overlay(rng, statement) if rng.random() < 0.2 else statement)
    return f"{extra} card sections over {parent}", "\n".join(out).encode("utf-8") + b"\n"


# Cumulative shares keep the cases of the other generators what they were before combine came:
# combine takes the last 0.1 of grammar's old 0.25.
GENERATORS = [(0.25, "bytes"), (0.3, "tokens"), (0.15, "grammar"), (0.1, "combine"), (0.07, "huge"), (0.03, "deep"),
              (0.1, "paths"), (0.0, "online"), (0.0, "cards")]  # online, cards: only when asked for (--only)
ONLY: list[str] = []  # set by the campaign's --only: the roll picks among these alone


def family(label: str) -> str:
    """The generator that made a case, from its label."""
    return label.split(":")[0]


def generate(rng: random.Random, index: int, case: Path) -> str:
    kind = pick(rng, GENERATORS, ONLY, whole=1.0)
    if kind == "paths":
        label, data = gen_paths(rng, case)
    else:
        label, data = {"bytes": gen_bytes, "tokens": gen_tokens, "grammar": gen_grammar, "huge": gen_huge,
                       "deep": gen_deep, "combine": gen_combine, "online": gen_online,
                       "cards": gen_cards}[kind](rng)
    (case / "house.risk").write_bytes(data)
    return f"{kind}: {label}"


# ---- the verdict ----------------------------------------------------------------------------------

PLAY_TURNS = 50
SIM_GAMES = 2
# Every bot's code is played, not its strength: strong with 2 playouts a candidate (not 10) runs
# the same search about five times faster, so an ordinary file stays far below the hang limit
# (nl-modern with one comment changed took 49 of its 60 s with the default strong).
FAST = {"strong": "strong-2"}
# CI's slices (tests/test_fuzz.py sets FUZZ_STRONG_TURNS=10) play strong 10 turns, not 50: its code
# runs each turn and 40 more turns cost 80% of an accepted case (6 of 7.4 s on warzone-cards)
STRONG_TURNS = int(os.environ.get("FUZZ_STRONG_TURNS", PLAY_TURNS))
MAX_VARIANTS_PLAYED = 4  # the default and three more: each shown, and played with every bot


def run(case: Path, work: Path) -> Verdict:
    path = case / "house.risk"
    book, problems, seconds = checked(path)
    shown = "\n".join(p.format() for p in problems)
    if SECRET in shown:
        return Verdict("leak", shown[:5000], seconds)
    for p in problems:
        if p.pos is None and not p.message.startswith(str(path)) and "house.risk" not in p.message:
            return Verdict("unplaced", f"a problem without a place: {p.message[:500]}", seconds)
    errors = [p for p in problems if not p.warning]  # warnings alone: check accepts the file (exit 0)
    if errors:
        return Verdict("refused", errors[0].format()[:300], seconds)
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
                limit = min(turns, STRONG_TURNS) if bot.startswith("strong") else turns
                Game(played, [make_bot(bot) for _ in range(n)], 1000 + i, max_turns=limit).play()
    low = book.rules(None).model["players"]["min"]
    simulate(Job(str(path), None, low, "balanced", 200), SIM_GAMES, 1, workers=1)
