"""Fuzz kind `imports`: maps of other programs from strangers, imported by `risk board import`.

A case is a map of one of the three formats read — Domination's `.map` (with its `.cards` now
and then, beside it or given with --cards), Conquest's `.map`, Conquer Club's `.xml` — and the
command line that imports it (`args.json`).

Generators (chosen per case from its own random source):
  generated — a map written as its program would, made from a random board: 3 to 1,100
              territories in 1 to 105 continents; names plain or hostile (YAML's on/yes/null,
              the rule language's words, names that meet when made ids, 64 to 5,000
              characters, quotes, markup, other scripts, right-to-left and zero-width marks,
              digits first, nothing a letter, Windows-1252's ’ – “ ”); positions plain, tiny,
              huge, at one point, with exponents, negative; bonuses 0 to 9,999; borders a
              tree and more, one way (or all of them), with itself, or leaving a part apart; missions, cards
              and wildcards (Domination), starting neutrals and <minreinforcement>
              (Conquer Club); written in UTF-8, with a BOM, in Windows-1252, Latin-1 or UTF-16
  mutated   — a generated map damaged: lines left out, doubled, swapped, cut; numbers made
              words, negative, huge, exponents, NaN; bytes that are no UTF-8, NULs, CRLF;
              a hostile name put for a name; the file cut short
  sections  — a map's sections left out, doubled, reordered, emptied, renamed, or another
              format's sections (and XML) put in a .map, a .map's text in a .xml
  bytes     — noise: random bytes and text after a header of each format, empty files,
              a file of only a header, one very long line

The verdict: the import refuses cleanly — exit 1, every line `risk: FILE…` naming the map or
its cards file, at most MAX_LINE characters (`leak` if longer: a stranger's file quoted) —
or it accepts and what it wrote plays: `risk check` says ok, `risk board show --svg` draws
it, and bots (`random`) play a game of the fewest players to a result within PLAY_TURNS
turns, and one of each player count its own missions comment names (`--set "victory
missions"`). An accepted map that fails any of these is `accepted_then_failed`; a traceback
is a `crash`. "Slow" is the import itself over 2 s of CPU time.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import time
import traceback
from pathlib import Path

from fuzz import Verdict, pick

DESCRIPTION = "maps of other programs (Domination, Conquest, Conquer Club) imported"
GENERATORS = [(0.45, "generated"), (0.3, "mutated"), (0.15, "sections"), (0.1, "bytes")]
ONLY: list[str] = []
PLAY_TURNS = 12
MAX_LINE = 1000


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    pass


# ---- names -------------------------------------------------------------------------------------------

PLAIN = ["Frost Fell", "High Moor", "Grey Water", "Kings Holm", "Amber Coast", "Sun Fields", "Low Marsh", "Tide Water",
         "North", "South", "Alaska", "Ontario", "Iceland", "Siam"]
HOSTILE = [
    "on", "off", "yes", "No", "y", "n", "true", "False", "null", "~", "Null",  # YAML's words
    "and", "territories", "players", "or", "conquer", "one", "more", "destroy", "else", "occupy", "with",  # its words
    "a", "a 2", "a_2", "A-2", "a!", "a__2", "_a", "a_",  # names that meet as ids
    "x" * 63, "x" * 64, "x" * 65, "y" * 70, "z" * 300, "w" * 5000,
    "O'Brien", 'say "hi"', "`back`", "'single'", '"', "'", "\\", "\\n",
    "<script>alert(1)</script>", "<b>bold</b>", "R&D", "&amp;", "]]>", "<!-- c -->", "{{x}}", "${x}", "%s%n",
    "Ελλάδα", "東京", "عربي", "עברית", "हिन्दी", "Ölfus", "🙂 smile", "Z̷a̷l̷g̷o̷",
    "\u202eevil", "zero\u200bwidth",
    "e\u0301", "\ufeffbom",
    "1st", "42", "3.14", "1e5", "0x1f", "-5", "!!!", "---", "...", "_", " ",
    "Café’s – “quoted” € …", "tab\there", "bell\x07", "nul\x00name", "cr\rname", "nel\x85name",
]
NUMBERS_BAD = ["x", "-1", "-0", "999999999999", "1e+06", "1e-06", "nan", "inf", "0x10", "", "1.5.5", "+3", "١٢"]


def _name(rng: random.Random, hostile: float) -> str:
    if rng.random() < hostile:
        name = rng.choice(HOSTILE)
        return name if rng.random() < 0.7 else f"{name} {rng.choice(PLAIN)}"
    return f"{rng.choice(PLAIN)} {rng.randrange(1000)}" if rng.random() < 0.7 else rng.choice(PLAIN)


# ---- a board, as data --------------------------------------------------------------------------------

def make_board(rng: random.Random) -> dict:
    roll = rng.random()
    n = rng.randint(3, 12) if roll < 0.6 else rng.randint(13, 150) if roll < 0.9 else \
        rng.choice([rng.randint(150, 1000), 1000, 1001, rng.randint(1, 2)])
    k = max(1, min(n, rng.choice([1, 2, 3, 5, 8, 30, 100, 101, 105])))
    hostile = rng.choice([0.0, 0.1, 0.5, 1.0])
    names = [_name(rng, hostile) for _ in range(n)]
    if rng.random() < 0.97:  # names told apart (a name given twice is refused by two of the formats)
        seen: set[str] = set()
        for i, name in enumerate(names):
            key = " ".join(name.lower().split())
            if key in seen:
                names[i] = f"{name} #{i}"
            seen.add(" ".join(names[i].lower().split()))
    continents = [_name(rng, hostile / 2) for _ in range(k)]
    continent_of = list(range(k)) + [rng.randrange(k) for _ in range(n - k)] if n >= k else [0] * n
    rng.shuffle(continent_of)
    style = rng.choice(["plain", "plain", "plain", "tiny", "huge", "point", "mixed", "integers"])
    def position() -> tuple[float, float]:
        if style == "tiny":
            return rng.uniform(0, 1e-3), rng.uniform(0, 1e-3)
        if style == "huge":
            return rng.uniform(0, 999999), rng.uniform(0, 999999)
        if style == "point":
            return 0.0, 0.0
        if style == "integers":
            return float(rng.randrange(2000)), float(rng.randrange(2000))
        if style == "mixed":
            return rng.choice([0.0, 1e-6, 5.5, 99999.0, 100000.0, 100001.0, 999999.0]), rng.uniform(0, 1000)
        return round(rng.uniform(0, 1200), rng.choice([0, 1, 3])), round(rng.uniform(0, 800), rng.choice([0, 1, 3]))
    xy = [position() for _ in range(n)]
    edges = {(rng.randrange(i), i) for i in range(1, n)}
    for _ in range(rng.choice([0, n // 3, n])):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            edges.add((min(a, b), max(a, b)))
    damage = []
    if rng.random() < 0.1 and n > 3:
        cut = rng.randrange(1, n)  # a part apart: no border across `cut`
        edges = {(a, b) for a, b in edges if (a < cut) == (b < cut)}
        damage.append("in parts")
    if rng.random() < 0.05:
        edges.add((0, 0))
        damage.append("a border with itself")
    one_way = {e for e in edges if rng.random() < 0.05}
    if rng.random() < 0.03:
        one_way = set(edges)
        damage.append("every border one way")
    odd = {}
    if rng.random() < 0.08:
        odd[rng.randrange(n)] = rng.choice(["exponent", "negative"])
        damage.append(f"a position {next(iter(odd.values()))}")
    bonuses = [rng.choice([0, 1, 2, 3, 5, 7, 10, rng.randrange(50)]) for _ in range(k)]
    if rng.random() < 0.08:
        bonuses[rng.randrange(k)] = rng.choice([1000, 1001, 5000, 9999])
        damage.append("a big bonus")
    return {"names": names, "continents": continents, "continent_of": continent_of, "xy": xy, "edges": sorted(edges),
            "one_way": one_way, "odd": odd, "bonuses": bonuses, "damage": damage, "style": style, "hostile": hostile}


def _links(board: dict) -> list[tuple[int, int]]:
    return [(a, b) for a, b in board["edges"]] + [(b, a) for a, b in board["edges"] if (a, b) not in board["one_way"]]


def _num(rng: random.Random, x: float, odd: str | None = None) -> str:
    if odd == "exponent":
        return f"{x:g}" if x else "1e-06"
    if odd == "negative":
        return f"-{x:.2f}"
    return f"{x:.3f}".rstrip("0").rstrip(".") if rng.random() < 0.5 else str(int(x))


def _at(rng: random.Random, board: dict, i: int) -> tuple[str, str]:
    """Territory i's position as the map writes it (one of them odd, where the board says so)."""
    x, y = board["xy"][i]
    odd = board["odd"].get(i)
    return _num(rng, x, odd), _num(rng, y)


# ---- the three formats -------------------------------------------------------------------------------

def domination(rng: random.Random, board: dict) -> tuple[str, str | None]:
    """The .map text and, now and then, its .cards text."""
    clean = rng.random() < 0.9
    def word(name: str) -> str:
        return (re.sub(r"\s+", "_", name.replace(";", ":")).strip("_") or "x") if clean else name.replace("\n", " ")
    n = len(board["names"])
    out = ["; generated for riskrules' fuzz", f"name {rng.choice(PLAIN + HOSTILE)}", "ver 1", "", "[files]",
           "pic map_pic.jpg"]
    cards = rng.random() < 0.4
    if cards:
        out.append("crd map.cards")
    out += ["", "[continents]"]
    out += [f"{word(c)} {b} {rng.choice(['blue', 'red', 'green', ''])}".rstrip()
            for c, b in zip(board["continents"], board["bonuses"])]
    out += ["", "[countries]"]
    out += [f"{i + 1} {word(name)} {board['continent_of'][i] + 1} {' '.join(_at(rng, board, i))}"
            for i, name in enumerate(board["names"])]
    out += ["", "[borders]"]
    links = _links(board)
    near: list[list[int]] = [[] for _ in range(n)]
    for a, b in links:
        near[a].append(b + 1)
    out += [f"{i + 1} " + " ".join(map(str, near[i])) for i in range(n)]
    text = "\n".join(out) + "\n"
    if not cards:
        return text, None
    symbols = ["Infantry", "Cavalry", "Cannon"]
    lines = ["[cards]"] + [f"{rng.choice(symbols)} {i + 1}" for i in range(n) if rng.random() > 0.01]
    lines += ["wildcard"] * rng.choice([0, 2, 5, 150])
    if rng.random() < 0.6:
        lines.append("[missions]")
        k = len(board["continents"])
        for _ in range(rng.choice([1, 2, 3, 6, 10, 101])):
            kind = rng.randrange(3)
            if kind == 0:
                lines.append(f"{rng.randint(1, 8)} 0 0 0 0 0 Destroy someone")
            elif kind == 1:
                lines.append(f"0 {rng.randint(1, n + 2)} {rng.choice([0, 1, 2, 3, 1000, 1001, 5000])} 0 0 0 Occupy")
            else:
                a, b = rng.randint(1, k + 1), rng.choice([0, rng.randint(1, k), "*"])
                lines.append(f"0 0 0 {a} {b} {rng.choice([0, '*'])} Conquer")
    return text, "\n".join(lines) + "\n"


def conquest(rng: random.Random, board: dict) -> str:
    clean = rng.random() < 0.9
    def field(name: str) -> str:
        return (re.sub(r"[,=;\[\]\n\r]", " ", name).strip() or "x") if clean else name
    names = [field(name) for name in board["names"]]
    if clean:  # Conquest refuses a name given twice: mostly told apart
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name.lower() in seen and rng.random() < 0.95:
                names[i] = f"{name} #{i}"
            seen.add(names[i].lower())
    continents = [field(c) for c in board["continents"]]
    out = ["[Map]", "author=riskrules fuzz", "image=map.bmp", f"wrap={rng.choice(['no', 'yes'])}", "", "[Continents]"]
    out += [f"{c}={b}" for c, b in zip(continents, board["bonuses"])]
    out += ["", "[Territories]"]
    links = _links(board)
    for i, name in enumerate(names):
        out.append(f"{name},{','.join(_at(rng, board, i))},{continents[board['continent_of'][i]]},"
                   + ",".join(names[b] for a, b in links if a == i))
    return "\n".join(out) + "\n"


def conquer_club(rng: random.Random, board: dict) -> str:
    from xml.sax.saxutils import escape

    clean = rng.random() < 0.9
    def text(name: str) -> str:
        shown = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", name)
        return escape(" ".join(shown.split()) or "x") if clean else name
    names = [text(name) for name in board["names"]]
    names = [name if names.index(name) == i or not clean else f"{name} #{i}" for i, name in enumerate(names)]
    links = _links(board)
    neutrals = set(rng.sample(range(len(names)), min(len(names), rng.choice([1, 2, len(names) // 2])))) \
        if rng.random() < 0.15 else set()
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<map>"]
    if rng.random() < 0.2:
        out.append(f"<minreinforcement>{rng.choice(['3', '4', '0', '9999', 'x'])}</minreinforcement>")
    out.append("<continents>")
    for c, (name, bonus) in enumerate(zip(board["continents"], board["bonuses"])):
        members = [names[i] for i in range(len(names)) if board["continent_of"][i] == c]
        if rng.random() < 0.05 and members:
            members = members[1:]  # a territory in no continent: put in 'rest'
        out.append(f"<continent><name>{text(name)}</name><bonus>{bonus if rng.random() > 0.03 else -bonus}</bonus>"
                   "<components>" + "".join(f"<territory>{m}</territory>" for m in members)
                   + "</components></continent>")
    out += ["</continents>", "<territories>"]
    small_only = rng.random() < 0.1  # the small map's positions only
    bonuses = rng.random() < 0.15 and _said_by_language("autodeploy", "decay")
    killers = rng.random() < 0.5
    for i, (name, (x, y)) in enumerate(zip(names, board["xy"])):
        killer = ' killer="yes"' if killers and rng.random() < 0.5 else ""
        neutral = f"<neutral{killer}>{rng.choice([1, 3, 50, 0])}</neutral>" if i in neutrals else ""
        if bonuses and rng.random() < 0.3:  # autodeploy, decay (negative), now and then out of bounds
            neutral += f"<bonus>{rng.choice([1, 2, -1, -3, 0, 1000, -1000, 1001, 'x', ''])}</bonus>"
        if rng.random() < 0.03:
            neutral += f"<bombardments><bombardment>{names[rng.randrange(len(names))]}</bombardment></bombardments>"
        lx, ly = _at(rng, board, i)
        large = "" if small_only else f"<largex>{lx}</largex><largey>{ly}</largey>"
        out.append(f"<territory>\n<name>{name}</name><borders>"
                   + "".join(f"<border>{names[b]}</border>" for a, b in links if a == i)
                   + f"</borders><coordinates><smallx>{int(x) // 2}</smallx><smally>{int(y) // 2}</smally>"
                   f"{large}</coordinates>{neutral}</territory>")
    out.append("</territories>")
    if rng.random() < 0.1 and _said_by_language("objective"):  # objectives: territories, a continent, unknowns
        out.append("<objectives>")
        for k in range(rng.choice([1, 1, 2])):
            parts = [f"<territory>{names[rng.randrange(len(names))]}</territory>" for _ in range(rng.randint(0, 4))]
            if rng.random() < 0.3:
                parts.append(f"<continent>{text(rng.choice(board['continents']))}</continent>")
            if rng.random() < 0.1:
                parts.append("<territory>Atlantis</territory>")
            out.append(f"<objective><name>goal {k}</name><components>{''.join(parts)}</components></objective>")
        out.append("</objectives>")
    out.append("</map>")
    return "\n".join(out) + "\n"


@functools.cache
def _said_by_language(*words: str) -> bool:
    """Whether the rule language has these statements yet (issue 43's income and goal words, which the
    importer writes for a map's territory bonuses and objective): maps with them are made only then."""
    from riskrules.resources import grammar_path

    grammar = grammar_path().read_text(encoding="utf-8")
    return all(f'"{word}"' in grammar for word in words)


FORMATS = ["domination", "conquest", "conquerclub"]


def encoded(rng: random.Random, text: str, form: str) -> tuple[bytes, str]:
    roll = rng.random()
    if form == "conquerclub" and roll < 0.9:
        return text.encode("utf-8"), "utf-8"
    if roll < 0.7:
        return text.encode("utf-8"), "utf-8"
    if roll < 0.8:
        return "\ufeff".encode() + text.encode("utf-8"), "utf-8 with a BOM"
    if roll < 0.9:
        return text.encode("cp1252", errors="replace"), "windows-1252"
    if roll < 0.95:
        return text.encode("latin-1", errors="replace"), "latin-1"
    return text.encode("utf-16"), "utf-16"


def generated(rng: random.Random) -> tuple[str, bytes, bytes | None, str]:
    """A map's format, its bytes, its cards' bytes (or None), and what is odd about it."""
    form = rng.choice(FORMATS)
    board = make_board(rng)
    cards = None
    if form == "domination":
        text, cards_text = domination(rng, board)
        cards = cards_text.encode("utf-8") if cards_text is not None else None
    elif form == "conquest":
        text = conquest(rng, board)
    else:
        text = conquer_club(rng, board)
    data, encoding = encoded(rng, text, form)
    notes = [f"{len(board['names'])} territories", f"{len(board['continents'])} continents", board["style"],
             f"hostile {board['hostile']}", encoding] + board["damage"]
    return form, data, cards, ", ".join(notes)


# ---- damage ------------------------------------------------------------------------------------------

def mutated(rng: random.Random, data: bytes) -> tuple[bytes, list[str]]:
    lines = data.split(b"\n")
    done = []
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(10)
        k = rng.randrange(len(lines))
        if how == 0:
            del lines[k]
            done.append("a line left out")
        elif how == 1:
            lines.insert(k, lines[k])
            done.append("a line doubled")
        elif how == 2:
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
            done.append("lines swapped")
        elif how == 3:
            lines[k] = lines[k][:len(lines[k]) // 2]
            done.append("a line cut")
        elif how == 4:
            numbers = list(re.finditer(rb"\d+(\.\d+)?", lines[k]))
            if numbers:
                m = rng.choice(numbers)
                lines[k] = lines[k][:m.start()] + rng.choice(NUMBERS_BAD).encode() + lines[k][m.end():]
                done.append("a number made bad")
        elif how == 5:
            at = rng.randrange(len(lines[k]) + 1)
            lines[k] = lines[k][:at] + rng.choice([b"\x00", b"\xff", b"\x92", b"\xc3", b"\r", b"\x1b[31m", b";", b",",
                                                   b"=", b"<", b"&", b"]]>", b"\t"]) + lines[k][at:]
            done.append("a byte put in")
        elif how == 6:
            words = re.split(rb"([ ,<>=])", lines[k])
            spots = [i for i, w in enumerate(words) if re.fullmatch(rb"[A-Za-z_]{2,}", w)]
            if spots:
                words[rng.choice(spots)] = rng.choice(HOSTILE).encode("utf-8")
                lines[k] = b"".join(words)
                done.append("a hostile name")
        elif how == 7:
            lines = [line + b"\r" for line in lines]
            done.append("CRLF")
        elif how == 8:
            lines = b"\n".join(lines)[:rng.randrange(max(1, len(b"\n".join(lines))))].split(b"\n")
            done.append("cut short")
        else:
            lines.insert(k, rng.choice([b"", b"[countries]", b"1 Extra 1 10 10", b"Extra,1,1,Nowhere", b"<territory/>",
                                        b"[Territories]", b"; comment", b"x" * 10000]))
            done.append("a line put in")
        if not lines:
            lines = [b""]
    return b"\n".join(lines), done


SECTIONS = {"domination": ["[files]", "[continents]", "[countries]", "[borders]"],
            "conquest": ["[Map]", "[Continents]", "[Territories]"]}


def sectioned(rng: random.Random, form: str, data: bytes) -> tuple[bytes, str]:
    text = data.decode("utf-8", errors="replace")
    if form == "conquerclub":
        how = rng.choice(["no continents", "no territories", "root", "doubled", "map text", "nested", "required"])
        if how == "no continents":
            text = re.sub(r"<continents>.*</continents>", "", text, flags=re.S)
        elif how == "no territories":
            text = re.sub(r"<territories>.*</territories>", "<territories/>", text, flags=re.S)
        elif how == "root":
            text = text.replace("<map>", "<mapx>").replace("</map>", "</mapx>")
        elif how == "doubled":
            found = re.search(r"<territories>.*</territories>", text, flags=re.S)
            text = text.replace("</map>", (found[0] if found else "<territories/>") + "</map>")
        elif how == "map text":
            text = "[Continents]\nA=1\n[Territories]\na,1,1,A,b\nb,2,2,A,a\nc,3,3,A,a\n"
        elif how == "nested":
            text = text.replace("<components>", "<components><continent>Other</continent>", 1)
        else:
            text = text.replace("<components>", "<required>1</required><components>", 1)
        return text.encode("utf-8"), how
    names = SECTIONS[form]
    parts = re.split(r"(?m)^(\[[^\]\n]*\])\s*$", text)
    head, blocks = parts[0], [(parts[i], parts[i + 1]) for i in range(1, len(parts) - 1, 2)]
    how = rng.choice(["left out", "doubled", "reordered", "emptied", "renamed", "other format", "xml"])
    if how == "left out" and blocks:
        del blocks[rng.randrange(len(blocks))]
    elif how == "doubled" and blocks:
        blocks.insert(rng.randrange(len(blocks)), rng.choice(blocks))
    elif how == "reordered":
        rng.shuffle(blocks)
    elif how == "emptied" and blocks:
        k = rng.randrange(len(blocks))
        blocks[k] = (blocks[k][0], "\n")
    elif how == "renamed" and blocks:
        k = rng.randrange(len(blocks))
        blocks[k] = (rng.choice(["[Countries]", "[COUNTRIES]", "[ countries ]", "[]", "[" + "x" * 100 + "]",
                                 rng.choice(names).lower(), "[territories]"]), blocks[k][1])
    elif how == "other format":
        other = SECTIONS["conquest" if form == "domination" else "domination"]
        blocks.append((rng.choice(other), "\n1 A 1 1 1\nA,1,1,A\n"))
    elif how == "xml":
        head = "<map><territories><territory><name>a</name></territory></territories></map>\n" + head
    return (head + "".join(f"{h}\n{body.lstrip(chr(10))}" for h, body in blocks)).encode("utf-8"), how


def noise(rng: random.Random, form: str) -> tuple[bytes, str]:
    header = {"domination": b"[continents]\n", "conquest": b"[Territories]\n", "conquerclub": b"<map>"}[form]
    how = rng.choice(["random bytes", "random text", "empty", "header only", "long line", "many lines"])
    if how == "random bytes":
        return header + bytes(rng.randrange(256) for _ in range(rng.randint(0, 4096))), how
    if how == "random text":
        alphabet = "abcXYZ019 ,;=[]<>/&_\n\t.-'\"é東🙂"
        return header + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4096))).encode("utf-8"), how
    if how == "empty":
        return b"", how
    if how == "header only":
        return header, how
    if how == "long line":
        return header + b"1 " + b"a" * rng.choice([10_000, 500_000, 1024 * 1024 + 10]) + b" 1 1 1\n", how
    row = {"domination": "{k} T{k} 1 {k} {k}\n", "conquest": "T{k},{k},{k},A,T0\n",
           "conquerclub": "<territory><name>T{k}</name></territory>\n"}[form]
    return header + "".join(row.format(k=k) for k in range(rng.choice([1001, 20000]))).encode(), how


# ---- generate ----------------------------------------------------------------------------------------

def generate(rng: random.Random, index: int, case: Path) -> str:
    generator = pick(rng, GENERATORS, ONLY)
    form, data, cards, notes = generated(rng)
    if generator == "mutated":
        data, done = mutated(rng, data)
        notes = "; ".join(done) + f" ({notes})"
    elif generator == "sections":
        data, how = sectioned(rng, form, data)
        notes = f"sections {how}"
    elif generator == "bytes":
        data, how = noise(rng, form)
        notes, cards = how, None
    stem = rng.choice(["map"] * 8 + ["on", "Two Lands (v2)", "ünïcode", "a.b", "1", "x" * 80, "-dash"])
    name = f"{stem}.xml" if form == "conquerclub" else f"{stem}.map"
    (case / name).write_bytes(data)
    name = f"./{name}" if name.startswith("-") else name  # (as a person writes it: not an option)
    args = ["board", "import", name, "--out", "out"]
    if form != "conquerclub" and rng.random() < 0.1:
        args += ["--format", form]
    if cards is not None:
        if rng.random() < 0.5:
            (case / "map.cards").write_bytes(cards)  # beside it, as the map's `crd` names it
        else:
            (case / "given.cards").write_bytes(cards)
            args += ["--cards", "given.cards"]
    elif form == "domination" and rng.random() < 0.03:
        args += ["--cards", "missing.cards"]
    (case / "args.json").write_text(json.dumps(args), encoding="utf-8")
    return f"{generator}: {form} {name}: {notes}"[:300]


# ---- the verdict -------------------------------------------------------------------------------------

@functools.cache
def _runner():
    """The CLI in this process, its typer command built once (building it costs more than a small import)."""
    import typer.testing

    from riskrules.cli import app

    typer.testing._get_command = functools.cache(typer.testing._get_command)
    return typer.testing.CliRunner(), app


def run(case: Path, work: Path) -> Verdict:
    from riskrules.language.board import load_board

    runner, app = _runner()
    args = json.loads((case / "args.json").read_text(encoding="utf-8"))
    given = [args[2]] + [args[i + 1] for i, a in enumerate(args) if a == "--cards"]
    files = [str(Path(f)) for f in given] + ["map.cards"]  # (as the command names them)
    os.chdir(case)
    (case / "out").mkdir(exist_ok=True)
    started = time.process_time()
    result = runner.invoke(app, args)
    seconds = time.process_time() - started
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return Verdict("crash", "".join(traceback.format_exception(result.exception))[-8000:], seconds)
    lines = result.output.splitlines()
    if result.exit_code != 0:
        for line in lines:
            if len(line) > MAX_LINE:
                return Verdict("leak", f"a line of {len(line):,} characters: {line[:300]}…", seconds)
            if result.exit_code != 1 or not any(line.startswith(f"risk: {f}") for f in files):
                return Verdict("unplaced", f"exit {result.exit_code}: {line[:500]}", seconds)
        return Verdict("refused", (lines[0] if lines else "")[:300], seconds)
    load_board.cache_clear()
    try:
        said = accepted(runner, app, case / "out")
    except Exception:  # noqa: BLE001
        return Verdict("accepted_then_failed", traceback.format_exc(limit=20)[-8000:], seconds)
    return Verdict("accepted", said, seconds)


def accepted(runner, app, out: Path) -> str:
    """check, board show --svg, and games of bots alone; what was played."""
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game
    from riskrules.language.loader import open_rulebook

    rule = next(out.glob("*.risk"))
    checked = runner.invoke(app, ["check", str(rule)])
    if (checked.exit_code, checked.output) != (0, f"{rule}: ok\n"):
        raise AssertionError(f"risk check: exit {checked.exit_code}: {checked.output[:2000]}")
    drawn = runner.invoke(app, ["board", "show", str(rule), "--svg", str(out / "board.svg")])
    if drawn.exit_code != 0 or drawn.exception is not None and not isinstance(drawn.exception, SystemExit):
        raise AssertionError(f"board show --svg: exit {drawn.exit_code}: {drawn.output[:2000]}"
                             + "".join(traceback.format_exception(drawn.exception)) if drawn.exception else "")
    book = open_rulebook(rule)
    rules = book.rules(None)
    low = rules.model["players"]["min"]
    games = [(book, low)]
    said = re.search(r"# the map's own missions, for (.+) players;", rule.read_text(encoding="utf-8"))
    if said:  # every count of players it names, e.g. "2 to 4 or 6"
        counts = [int(n) for n in re.findall(r"\d+", said[1])]
        games.append((open_rulebook(rule, sets=["victory missions"]), counts[0]))
        games.append((games[-1][0], counts[-1]))
    reasons = []
    for k, (played, players) in enumerate(games):
        game = Game(played.rules(None, players), [make_bot("random") for _ in range(players)], 11 + k,
                    max_turns=PLAY_TURNS)
        reasons.append(game.play().reason)
    return f"{rules.board.size} territories; " + ", ".join(reasons)
