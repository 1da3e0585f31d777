"""Fuzz kind `boards`: board files (YAML) from strangers, named by a tiny house rule.

A case is a board file and a house rule that extends classic and names it with
`board "board.yaml"` (or a path below the rule's directory), giving what the board needs
(a bonus for each of its continents, sets for its symbols, starting armies for its size,
missions it can hold) — now and then not quite.

Generators (chosen per case from its own random source):
  small    — 1 to 60 territories
  medium   — 60 to 1,000 territories
  large    — 1,000 to 10,000 territories (the schema's bounds: 100 continents of at most
             1,000, 10,000 borders; a file of at most 1 MiB)
             For all three: connected or not (an island, two halves), continents of odd sizes
             (singletons, one huge and many small, over 1,000), decks with and without
             jokers, ids at the edge of the id pattern (one letter, 64 and 65 characters,
             a trailing newline, capitals, digits first, hyphens, YAML's yes/no/null/on),
             borders doubled, reversed, onto themselves, onto no territory; a card missing,
             one too many, a symbol that is no symbol.
  yaml     — hostile YAML: alias bombs and plain aliases, merge keys, huge strings (under and
             over the 1 MiB limit), nesting 1,000 to 100,000 deep, duplicate keys, wrong types
             everywhere, tags (!!python/…, !!binary, !!set), several documents, a BOM, bytes
             that are no UTF-8, NULs, tabs, an empty file

The verdict: `check`'s answer is clean — problems (a RuleError's), each with a place or
naming the file, none of them over MAX_MESSAGE characters (twice that with the source line
`check` shows) — `leak` if one is: a stranger's file quoted whole —, never an exception — and a board
that check accepts plays PLAY_TURNS turns with every bot (strong as strong-2, as the rules
kind plays it) with its fewest players, within the case's time limit. "Slow" is loading and
checking over 2 s of CPU time. Set FUZZ_BOARD_TIMINGS=file to get a JSON line per accepted
case: the board's size and each bot's CPU time (where the bots stop keeping up is a finding).
"""

from __future__ import annotations

import json
import os
import random
import time
import traceback
from pathlib import Path

from fuzz import Verdict, checked, pick

DESCRIPTION = "board files (.yaml) named by a house rule"
PLAY_TURNS = 6
FAST = {"strong": "strong-2"}
MAX_MESSAGE = 2000  # a problem that quotes more of the file than this is no clean answer
GENERATORS = [(0.35, "small"), (0.3, "medium"), (0.1, "large"), (0.25, "yaml")]
ONLY: list[str] = []


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    pass


# ---- ids ------------------------------------------------------------------------------------------

EDGE_GOOD = ["a", "z", "a_", "z9", "a" * 64, "t" + "_" * 62 + "9", "q" + "0" * 63]
EDGE_BAD = ["a" * 65, "A", "Alaska", "1a", "_a", "a-b", "a b", "é", "a\n", "a.b", "", "mixed", "yes", "no", "on",
            "off", "null", "true", "~", "0x1f", "1e3", "2001-12-14", "a" * 5000]


def _ids(rng: random.Random, n: int, prefix: str, style: str) -> list[str]:
    if style == "long":
        return [f"{prefix}{i}".rjust(64, "x") if rng.random() < 0.5 else f"{prefix}{'_' * (63 - len(str(i)) - len(prefix))}{i}"
                for i in range(n)]
    return [f"{prefix}{i}" for i in range(n)]


def _yaml_scalar(value) -> str:
    """A scalar as YAML writes it: plain where that reads back as the same string."""
    if isinstance(value, str):
        if value and value.replace("_", "a").isalnum() and value.isascii() and value[0].isalpha() \
                and value.lower() not in ("yes", "no", "on", "off", "null", "true", "false", "y", "n", "mixed"):
            return value
        return json.dumps(value)
    return json.dumps(value)


# ---- a board ----------------------------------------------------------------------------------------

def _sizes(rng: random.Random, n: int) -> list[int]:
    """Continent sizes adding up to n: mostly within the schema's 1 to 1,000 and 100 continents."""
    sizes = _shape(rng, n)
    if rng.random() < 0.95:  # a continent over 1,000 now and then, else cut in pieces of 1,000
        sizes = [piece for size in sizes for piece in [1000] * (size // 1000) + [size % 1000] if piece]
    return sizes


def _shape(rng: random.Random, n: int) -> list[int]:
    least = -(-n // 1000)
    mode = rng.random()
    if n == 1:
        return [1]
    if mode < 0.15:  # one huge, the rest singletons
        k = rng.randint(max(least, 1), min(100, n))
        return [n - (k - 1)] + [1] * (k - 1)
    if mode < 0.3:  # odd sizes, 1, 3, 5, … while they fit
        sizes, s = [], 1
        while sum(sizes) + s <= n and len(sizes) < 99:
            sizes.append(s)
            s += 2
        rest = n - sum(sizes)
        if rest:
            sizes.append(rest)
        return sizes
    if mode < 0.35 and n <= 150:  # every territory a continent (over 100 continents for n > 100)
        return [1] * n
    if mode < 0.4 and n > 1000:  # a continent over 1,000
        return [n - 1000 + 1, 999] if n > 1001 else [n]
    k = rng.randint(max(least, 1), max(least, min(100, n, rng.choice([3, 6, 12, 40, 100]))))
    cuts = sorted(rng.sample(range(1, n), k - 1)) if k > 1 else []
    return [b - a for a, b in zip([0] + cuts, cuts + [n])]


def make_board(rng: random.Random, n: int) -> tuple[dict, list[str], str]:
    """A board of n territories as data (continents, borders, deck), the notes of what is odd
    about it, and its id."""
    notes: list[str] = []
    style = "long" if rng.random() < (0.1 if n <= 1000 else 0.02) else "short"
    territories = _ids(rng, n, "t", style)
    if rng.random() < 0.15:  # a territory or two at the edge of the id pattern
        good = rng.random() < 0.6
        for _ in range(rng.randint(1, 2)):
            i = rng.randrange(n)
            territories[i] = rng.choice(EDGE_GOOD if good else EDGE_BAD)
        notes.append("edge ids" if good else "bad ids")
    sizes = _sizes(rng, n)
    names = [f"c{k}" for k in range(len(sizes))]
    if rng.random() < 0.1:
        names[rng.randrange(len(names))] = rng.choice(EDGE_GOOD + EDGE_BAD)
        notes.append("edge continent id")
    continents: dict = {}
    at = 0
    for name, size in zip(names, sizes):
        continents[name] = territories[at:at + size]
        at += size
    # borders: a spanning tree (mostly between near indices, so continents hang together), and more
    borders: list[list] = []
    for i in range(1, n):
        j = i - 1 - min(i - 1, int(rng.expovariate(0.5))) if rng.random() < 0.8 else rng.randrange(i)
        borders.append([territories[j], territories[i]])
    connected = rng.random() < 0.85
    if not connected and borders:
        cut = borders.pop(rng.randrange(len(borders)))
        notes.append(f"not connected ({cut[0]} | {cut[1]})")
    extra = min(rng.choice([0, n // 4, n // 2, n]), max(0, 10_000 - len(borders)))
    seen = {frozenset(b) for b in borders}
    for _ in range(extra):
        a, b = rng.sample(range(n), 2) if n > 1 else (0, 0)
        if frozenset((territories[a], territories[b])) not in seen:  # (a border twice is a damage below)
            seen.add(frozenset((territories[a], territories[b])))
            borders.append([territories[a], territories[b]])
    if rng.random() < 0.1 and borders:
        damage = rng.choice(["self", "twice", "reversed", "unknown", "triple", "single", "string"])
        b = list(rng.choice(borders))
        borders.append({"self": [b[0], b[0]], "twice": b, "reversed": b[::-1], "unknown": [b[0], "nowhere"],
                        "triple": b + [b[0]], "single": b[:1], "string": f"{b[0]}-{b[1]}"}[damage])
        notes.append(f"border {damage}")
    if rng.random() < 0.03:
        borders += [[territories[0], territories[-1]]] * (10_001 - len(borders))
        notes.append("over 10,000 borders")
    rng.shuffle(borders)
    # the deck
    symbols = rng.choice([["infantry", "cavalry", "artillery"], ["s0", "s1", "s2"], ["a", "b", "c"]])
    pick = rng.random()
    if pick < 0.08:
        symbols = rng.choice([["one"], ["x", "y"], ["a", "b", "c", "d"], [f"s{i}" for i in range(10)],
                              [f"s{i}" for i in range(11)], ["a", "a", "b"], ["mixed", "b", "c"], []])
        notes.append(f"{len(symbols)} symbols")
    jokers = rng.choice([0, 0, 2, 2, 1, 3, 100])
    if rng.random() < 0.05:
        jokers = rng.choice([101, -1, "two", 2.5, True, None, 10 ** 30])
        notes.append(f"jokers {jokers!r}")
    cards = {t: symbols[i % len(symbols)] if symbols else "none" for i, t in enumerate(territories)}
    if rng.random() < 0.08:
        damage = rng.choice(["missing", "extra", "unknown symbol"])
        t = territories[rng.randrange(n)]
        if damage == "missing":
            del cards[t]
        elif damage == "extra":
            cards["nowhere"] = symbols[0] if symbols else "x"
        else:
            cards[t] = "joker"
        notes.append(f"card {damage}")
    board_id = rng.choice(["fuzz", "a", "b" * 64, "x" * 65, "Fuzz", "fuzz_1"]) if rng.random() < 0.1 else "fuzz"
    data = {"id": board_id, "continents": continents, "borders": borders,
            "deck": {"symbols": symbols, "jokers": jokers, "cards": cards}}
    return data, notes, board_id


def board_text(data: dict, rng: random.Random) -> str:
    """The board as YAML text, written as a person would (block mappings, flow lists)."""
    out = ["# a generated board", f"id: {_yaml_scalar(data['id'])}", "continents:"]
    for name, members in data["continents"].items():
        out.append(f"  {_yaml_scalar(name)}: [{', '.join(_yaml_scalar(t) for t in members)}]")
    out.append("borders:")
    for b in data["borders"]:
        out.append("  - " + (f"[{', '.join(_yaml_scalar(t) for t in b)}]" if isinstance(b, list) else _yaml_scalar(b)))
    deck = data["deck"]
    out += ["deck:", f"  symbols: [{', '.join(_yaml_scalar(s) for s in deck['symbols'])}]",
            f"  jokers: {_yaml_scalar(deck['jokers'])}", "  cards:"]
    out += [f"    {_yaml_scalar(t)}: {_yaml_scalar(s)}" for t, s in deck["cards"].items()]
    return "\n".join(out) + "\n"


def house_rule(rng: random.Random, data: dict, ref: str) -> str:
    """A tiny house rule playing on the board: what it needs, mostly right."""
    continents = data["continents"] if isinstance(data.get("continents"), dict) else {}
    n = sum(len(m) for m in continents.values() if isinstance(m, list)) or 1
    symbols = data.get("deck", {}).get("symbols") or ["infantry", "cavalry", "artillery"]
    most = max(2, min(6, n - 1))
    low = 2 if rng.random() < 0.3 else min(3, most)
    out = ["rulebook board-case", "extends classic", f'board "{ref}"', f"players {low} to {most}"]
    # every player needs an army on each of his territories, placed in at most 500 rounds
    armies = max(20, -(-n // low) + rng.randint(0, 20))
    per_turn = min(100, max(1, -(-armies // 400)))
    out += ["setup {", f"    starting armies 2+: {armies}", f"    placement {per_turn} per turn", "}"]
    names = list(continents)
    wrong = rng.random() < 0.1
    if names:
        shown = names[:-1] if wrong and len(names) > 1 else names
        bonus = lambda k: rng.choice(["0", "1", "2", "3", "5", "7", "players", "max(1, territories // 10)"])  # noqa: E731
        out += ["reinforcements {", "    continents " + ",\n        ".join(
            f"{_risk_name(c)} {bonus(k)}" for k, c in enumerate(shown)), "}"]
    sets = rng.random()
    if sets < 0.5 and len(symbols) == 3:
        values = ", ".join(f"3 {_risk_name(s)}: {v}" for s, v in zip(symbols, (4, 6, 8)))
        out += ["cards {", f"    sets fixed {values}, 1 of each: 10", "}"]
    elif sets < 0.75:
        out += ["cards {", "    sets flat 6", "}"]
    else:
        out += ["cards {", "    sets none", "}"]
    occupy = max(1, min(n, 1000, rng.choice([n // 2, n, 3]))) + (1 if wrong and n <= 1000 else 0)
    out += ["missions {", f"    occupy {occupy} territories", "}"]
    if low == 2:
        held = n // 3
        out += ["for 2 players {", "    neutral {", f"        armies {max(1, held)}", "        start 1 per territory",
                "    }", "}"]
    return "\n".join(out) + "\n"


def _risk_name(name) -> str:
    return str(name)


# ---- hostile YAML ---------------------------------------------------------------------------------

def clean_board(n: int) -> dict:
    """A plain board of n territories in two continents, a chain of borders, 3 symbols, 2 jokers."""
    territories = [f"t{i}" for i in range(n)]
    return {"id": "fuzz", "continents": {"c0": territories[:n // 2], "c1": territories[n // 2:]},
            "borders": [[territories[i], territories[i + 1]] for i in range(n - 1)],
            "deck": {"symbols": ["a", "b", "c"], "jokers": 2,
                     "cards": {t: "abc"[i % 3] for i, t in enumerate(territories)}}}


def hostile_yaml(rng: random.Random) -> tuple[str, bytes]:
    """Damage done to the YAML of a plain board of 6 territories (clean_board(6))."""
    good = board_text(clean_board(6), rng)
    pick = rng.randrange(16)
    if pick == 0:
        depth = rng.choice([5, 9, 12])
        lines = ["id: bomb", 'l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, depth)]
        lines += [f"continents: {{c: *l{depth - 1}}}", "borders: [[lol, lol]]",
                  "deck: {symbols: [a, b, c], jokers: 0, cards: {lol: a}}"]
        return f"alias bomb 9^{depth}", "\n".join(lines).encode()
    if pick == 1:
        text = good.replace("continents:\n  ", "continents:\n  c_shared: &m [t0]\n  ", 1) \
            .replace("cards:\n", "cards:\n    <<: {t1: a}\n", 1)
        return "an alias and a merge key", text.encode()
    if pick == 2:
        size = rng.choice([10_000, 900_000, 1024 * 1024 + 1, 3 * 1024 * 1024])
        where = rng.choice(["id", "territory", "comment", "symbol"])
        big = "x" * size
        if where == "id":
            text = good.replace("id: fuzz", f"id: {big}", 1)
        elif where == "territory":
            text = good.replace("t0", big)
        elif where == "symbol":
            text = good.replace("symbols: [", f"symbols: [{big}, ", 1)
        else:
            text = f"# {big}\n" + good
        return f"a string of {size:,} in {where}", text.encode()
    if pick == 3:
        depth = rng.choice([1000, 10_000, 100_000])
        how = rng.choice(["flow lists", "flow maps", "block maps", "block lists"])
        if how == "flow lists":
            inner = "[" * depth + "]" * depth
        elif how == "flow maps":
            inner = "{a: " * depth + "b" + "}" * depth
        elif how == "block maps":
            depth = min(depth, 5000)
            return f"block maps {depth} deep", ("continents:\n" + "".join(
                " " * (i + 1) + f"k{i}:\n" for i in range(depth)) + " " * (depth + 1) + "v\n").encode()
        else:
            depth = min(depth, 5000)
            return f"block lists {depth} deep", ("borders:\n" + "".join(
                " " * i + "- \n" for i in range(depth))).encode()
        return f"{how} {depth} deep", good.replace("borders:\n", f"borders:\n  - {inner}\n", 1).encode()
    if pick == 4:
        key = rng.choice(["continents", "id", "deck", "borders"])
        dup = {"continents": "continents:\n  c9: [zz]\n", "id": "id: other\n", "deck": "deck: 3\n",
               "borders": "borders: []\n"}[key]
        return f"duplicate key {key}", (good + dup).encode()
    if pick == 5:
        text = good.replace("    t1: ", "    t1: a\n    t1: ", 1)
        return "duplicate card", text.encode()
    if pick == 6:
        swaps = [("continents:\n", "continents: [a, b]\nx:\n"), ("id: fuzz", "id: 42"), ("id: fuzz", "id: [fuzz]"),
                 ("id: fuzz", "id: null"), ("jokers: ", "jokers: '2'  # "), ("jokers: ", "jokers: 1e400  # "),
                 ("jokers: ", "jokers: .nan  # "), ("jokers: ", "jokers: 99999999999999999999999  # "),
                 ("jokers: ", "jokers: 0x10  # "), ("jokers: ", "jokers: 2001-01-01  # "),
                 ("borders:\n", "borders: {a: b}\nzz:\n"), ("symbols: [", "symbols: [1, 2.5, "),
                 ("cards:\n", "cards: [a, b]\n  zz:\n"), ("deck:\n", "deck: yes\nzz:\n")]
        a, b = rng.choice(swaps)
        return f"wrong type {b.split(chr(10))[0]}", good.replace(a, b, 1).encode()
    if pick == 7:
        tag = rng.choice(["!!python/object/apply:os.system ['true']", "!!python/name:os.system", "!!binary aGVsbG8=",
                          "!!set {a, b}", "!!omap [{a: 1}]", "!!timestamp 2001-12-14", "!custom x", "!!float 3",
                          "!!str 5", "!!int x"])
        return f"tag {tag.split()[0]}", good.replace("id: fuzz", f"id: {tag}", 1).encode()
    if pick == 8:
        return "several documents", (good + "---\n" + good).encode()
    if pick == 9:
        return "BOM", b"\xef\xbb\xbf" + good.encode()
    if pick == 10:
        data = bytearray(good.encode())
        for _ in range(rng.randint(1, 5)):
            data[rng.randrange(len(data))] = rng.choice([0x00, 0xff, 0xc3, 0x80, 0xfe])
        return "bytes that are no UTF-8", bytes(data)
    if pick == 11:
        return "tabs", good.replace("  ", "\t").encode()
    if pick == 12:
        return rng.choice([("empty", b""), ("only a comment", b"# nothing\n"), ("a bare ---", b"---\n"),
                           ("a scalar", b"42\n"), ("a list", b"- a\n- b\n"), ("null", b"~\n"),
                           ("UTF-16", good.encode("utf-16"))])
    if pick == 13:
        return "complex keys", good.replace("continents:\n", "continents:\n  ? [a, b]\n  : [t0]\n", 1).encode()
    if pick == 14:
        return "CRLF", good.replace("\n", "\r\n").encode()
    data = bytearray(good.encode())  # a few random byte edits
    for _ in range(rng.randint(1, 8)):
        i = rng.randrange(len(data))
        data[i:i + rng.randint(0, 3)] = bytes([rng.choice(b"{}[]:,-&*!|>'\"#%@` \n\t")])
    return "byte edits", bytes(data)


# ---- generate ----------------------------------------------------------------------------------------

def generate(rng: random.Random, index: int, case: Path) -> str:
    kind = pick(rng, GENERATORS, ONLY)
    ref = "board.yaml" if rng.random() < 0.8 else rng.choice(["maps/board.yaml", "maps/deep/b.yaml", "./board.yaml"])
    if kind == "yaml":
        label, data = hostile_yaml(rng)
        rule = house_rule(rng, clean_board(6), ref)
    else:
        n = {"small": lambda: rng.randint(1, 60), "medium": lambda: rng.randint(60, 1000),
             "large": lambda: rng.choice([1000, 2000, 3000, 5000, 10_000, rng.randint(1000, 10_000)])}[kind]()
        board, notes, _ = make_board(rng, n)
        data = board_text(board, rng).encode("utf-8")
        rule = house_rule(rng, board, ref)
        label = f"{n} territories, {len(board['continents'])} continents" + (f" ({'; '.join(notes)})" if notes else "")
    path = case / ref
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    (case / "house.risk").write_text(rule, encoding="utf-8")
    return f"{kind}: {label}"


# ---- the verdict -------------------------------------------------------------------------------------

def run(case: Path, work: Path) -> Verdict:
    from riskrules.language.board import load_board

    load_board.cache_clear()  # a board file of the same path in another case is another board
    path = case / "house.risk"
    book, problems, seconds = checked(path)
    for p in problems:
        if p.pos is None and "house.risk" not in p.message and ".yaml" not in p.message:
            return Verdict("unplaced", f"a problem without a place: {p.message[:500]}", seconds)
        if len(p.message) > MAX_MESSAGE or len(p.format()) > 2 * MAX_MESSAGE:  # (format clips the line it shows)
            return Verdict("leak", f"a problem of {len(p.format()):,} characters: {p.format()[:500]}…", seconds)
    errors = [p for p in problems if not p.warning]
    if errors:
        return Verdict("refused", errors[0].format()[:300], seconds)
    try:
        timings = accepted(book)
    except Exception:  # noqa: BLE001
        return Verdict("accepted_then_failed", traceback.format_exc(limit=30), seconds)
    if os.environ.get("FUZZ_BOARD_TIMINGS"):
        with open(os.environ["FUZZ_BOARD_TIMINGS"], "a", encoding="utf-8") as out:
            out.write(json.dumps({"case": case.name, "check": round(seconds, 3), **timings}) + "\n")
    return Verdict("accepted", json.dumps(timings), seconds)


def accepted(book) -> dict:
    """Play PLAY_TURNS turns with every bot on the board, fewest players; each bot's CPU time."""
    from riskrules.engine.agents import BOTS, make_bot
    from riskrules.engine.game import Game

    rules = book.rules(None)
    low = rules.model["players"]["min"]
    played = book.rules(None, low)
    timings = {"territories": played.board.size, "players": low}
    json.dumps(played.board.to_json())
    for i, bot in enumerate(FAST.get(b, b) for b in BOTS):
        started = time.process_time()
        Game(played, [make_bot(bot) for _ in range(low)], 1000 + i, max_turns=PLAY_TURNS).play()
        timings[bot] = round(time.process_time() - started, 3)
    return timings
