"""Fuzz kind `fog`: fog blocks, every word and value, with teams, capitals, missions and neutrals.

Each case is a house rule (house.risk) extending an edition, a variant of it chosen now and
then, with 1 to 3 `visibility` / `fog` blocks of random statements — every statement of the
section (`adjacent`, `within N`, `rest`, `hide`, `partners share sight`, `battles reveal`,
`lifted at end`) with every value the language has and some it has not (`within` 0, 1, 2, 100,
huge; `hide cards, cards`; a misspelt level) — at the top, in a `for N players` overlay, in a
variant, on one line or several, and sometimes a `--set "fog { … }"` on top; combined with
0 to 2 of: teams (with and without shared sight), capitals, missions, assassin, neutral
territories, the 2-player neutral army (generators: `fog` alone, `combined` with those,
`gallery`: a gallery fog rule's body with more statements after it).

The verdict (in the worker): `risk check`'s answer is clean (a RuleError's problems, each with
a place); a rule check accepts plays a short game (PLAY_TURNS turns) with every bot — random,
balanced, strong with 2 playouts a candidate — and one seat of one more game is watched by
tests/fogcheck.py (as benchmarks/fog_leaks.py does): everything that seat received, its
stream, its decisions' views and its board screens, compared value by value with what it may
see (unless the fog, for the players played, hides nothing: the engine then plays it as no fog).
An exception after check accepted is `accepted_then_failed`, a hidden fact received is a
`leak`. "Slow" is loading and checking over 2 s.
"""

from __future__ import annotations

import json
import random
import sys
import traceback
from pathlib import Path

from fuzz import Verdict, checked, pick

DESCRIPTION = "fog blocks with teams, capitals, missions, neutrals (.risk)"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

LEVELS = ["owner and armies", "owner", "nothing"]
ODD_LEVELS = ["armies", "owner armies", "and armies", "everything", "owner and", "Owner", "none"]
WITHIN = [2, 2, 3, 3, 4, 5, 10, 42, 99, 100]
ODD_WITHIN = [0, 1, -1, "x", 101, 1000, 10 ** 9, int("9" * 25)]
HIDE = ["reinforcements", "cards", "nothing", "reinforcements, cards", "cards, reinforcements",
        "cards,\n        reinforcements"]
ODD_HIDE = ["cards, cards", "nothing, cards", "armies", "reinforcements, nothing", ""]
YES_NO = ["yes", "no"]
ODD_YES_NO = ["maybe", "true", "1", ""]
EDITIONS = {"classic": [None], "sv-2000": [None, "capitals", "world-conquest"], "nl-1990": [None, "super-risk"],
            "de-deluxe": [None], "nl-modern": [None, "missions"], "cs-riziko": [None]}
GALLERY = ["fog-light", "fog-normal", "fog-dense", "fog-heavy", "fog-complete", "fog-conquer-club"]
GENERATORS = [(0.35, "fog"), (0.45, "combined"), (0.2, "gallery")]
ONLY: list[str] = []
BOTS = ("random", "balanced", "strong-2")  # strong with 2 playouts a candidate: its code, not its strength
PLAY_TURNS = 20
WATCHED_TURNS = 40


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    pass


# ---- the statements ---------------------------------------------------------------------------------

ODD = 0.25  # the share of cases with one value (or more) the language has not: refused, in one placed line
_odd_case = [False]


def _odd(rng: random.Random, good: list, odd: list):
    return rng.choice(odd) if _odd_case[0] and rng.random() < 0.2 else rng.choice(good)


def statement(rng: random.Random) -> str:
    word = rng.choice(["adjacent", "within", "within", "rest", "rest", "hide", "partners", "battles", "lifted"])
    if word in ("adjacent", "rest"):
        return f"{word} {_odd(rng, LEVELS, ODD_LEVELS)}"
    if word == "within":
        return f"within {_odd(rng, WITHIN, ODD_WITHIN)} {_odd(rng, LEVELS, ODD_LEVELS)}"
    if word == "hide":
        return f"hide {_odd(rng, HIDE, ODD_HIDE)}"
    yes = _odd(rng, YES_NO, ODD_YES_NO)
    return {"partners": f"partners share sight {yes}", "battles": f"battles reveal {yes}",
            "lifted": f"lifted at end {yes}"}[word]


def block(rng: random.Random, count: int | None = None) -> str:
    name = rng.choice(["visibility", "fog"])
    lines = [statement(rng) for _ in range(count or rng.randint(1, 7))]
    if rng.random() < 0.15 and len(lines) <= 2:  # a short block on one line
        return f"{name} {{ {' '.join(lines) if len(lines) == 1 else lines[0]} }}"
    if rng.random() < 0.02:
        lines = []  # an empty block
    return name + " {\n" + "".join(f"    {line}\n" for line in lines) + "}"


def _indent(text: str) -> str:
    return "\n".join("    " + line if line else line for line in text.split("\n"))


def placed(rng: random.Random, text: str, players: str) -> str:
    """A block at the top (mostly), in a player-count overlay, or in a variant of its own."""
    where = rng.random()
    if where < 0.65:
        return text
    if where < 0.9:
        return f"for {players} players {{\n{_indent(text)}\n}}"
    return f"variant fogged{rng.randint(0, 2)}{' default' if rng.random() < 0.5 else ''} {{\n{_indent(text)}\n}}"


# ---- what the fog is combined with -------------------------------------------------------------------

def teams(rng: random.Random) -> tuple[str, list[int]]:
    share = rng.choice(["", "\nvisibility { partners share sight no }", "\nfog { partners share sight yes }"])
    fortify = rng.choice(["", " with fortify into partners"])
    return rng.choice([
        (f"players 4 to 6\nfor 4 players {{\n    teams 2{fortify}\n}}\nfor 6 players {{\n    teams 3{fortify}\n}}" + share,
         [4, 6]),
        (f"players 4 to 6\nfor 4 players {{ teams 2 }}\nfor 6 players {{ teams 2{fortify} }}" + share, [4, 6]),
        (f"players 4 to 4\nteams 2{fortify}" + share, [4]),
        (f"players 6 to 6\nteams 3{fortify}" + share, [6]),
    ])


def capitals(rng: random.Random) -> str:
    needed = rng.choice(["2-3: 2, 4-5: 3, 6: 4", "2+: 2", "2+: 1", "3: 2, 4+: 3, 2: 2"])
    return (f"victory capitals\ncapitals {{\n    needed {needed}\n"
            f"    capture takes cards {rng.choice(YES_NO)}\n    capture eliminates victim {rng.choice(YES_NO)}\n"
            f"    capture replaces continent armies {rng.choice(['with one each', 'no'])}\n}}")


def missions(rng: random.Random) -> str:
    return rng.choice(["victory missions", "victory missions\nmissions {\n    timing end of own turn\n}",
                       f"victory missions\nmissions {{\n    occupy {rng.randint(12, 24)} territories\n"
                       f"    conquer asia and africa\n    destroy red or else occupy 24 territories\n}}"])


NEUTRALS = ["neutral {\n    territories 6 start 3\n}", "neutral {\n    territories 2 start 1\n}",
            "for 2 players {\n    neutral {\n        armies 28\n    }\n}",
            "for 2 players {\n    victory opponents eliminated\n}"]
FEATURES = ["teams", "capitals", "missions", "assassin", "neutral", "two"]


def generate(rng: random.Random, index: int, case: Path) -> str:
    from fuzz_rules import gallery_body

    kind = pick(rng, GENERATORS, ONLY)
    _odd_case[0] = rng.random() < ODD
    edition = rng.choice(sorted(EDITIONS))
    variant = rng.choice(EDITIONS[edition])
    out = [f"rulebook fogged{index % 100}", f"extends {edition}", ""]
    label = f"{kind}: over {edition}{'/' + variant if variant else ''}"
    players = rng.choice(["2", "3", "4", "2-3", "4+", "5-6"])
    extra: list[str] = []
    counts: list[int] = []
    if kind == "gallery":
        name = rng.choice(GALLERY)
        out += [f"# from {name}", gallery_body(name), ""]
        label += f", {name}"
    if kind == "combined":
        chosen = rng.sample(FEATURES, rng.randint(1, 2))
        if "teams" in chosen and "two" in chosen:
            chosen.remove("two")
        label += ", with " + "+".join(chosen)
        for feature in chosen:
            if feature == "teams":
                text, counts = teams(rng)
                extra.append(text)
            elif feature == "capitals":
                extra.append(capitals(rng))
            elif feature == "missions":
                extra.append(missions(rng))
            elif feature == "assassin":
                extra.append("victory assassin")
                counts = counts or [3, 4]
            elif feature == "neutral":
                extra.append(rng.choice(NEUTRALS[:2]))
            else:  # the 2-player game with its neutral army
                extra.append(rng.choice(NEUTRALS[2:]) if rng.random() < 0.5 else "")
                counts = [2]
        if edition in ("cs-riziko", "nl-modern") and any("territories 6" in e or "territories 2" in e for e in extra):
            extra.append("setup {\n    territories deal\n}")  # a neutral army dealt its share needs the deal
    out += extra
    for _ in range(1 if kind == "gallery" and rng.random() < 0.5 else rng.randint(1, 3)):
        out.append(placed(rng, block(rng), players))
    sets = [block(rng, rng.randint(1, 2))] if rng.random() < 0.2 else []
    prefer = {"2": 2, "3": 3, "4": 4, "2-3": 3, "4+": 5, "5-6": 6}[players]  # where an overlay's fog is played
    game = {"variant": variant, "sets": sets, "counts": counts or [prefer], "seed": rng.randrange(10 ** 6),
            "seat": rng.randrange(6)}
    (case / "house.risk").write_text("\n".join(out) + "\n", encoding="utf-8")
    (case / "game.json").write_text(json.dumps(game), encoding="utf-8")
    return label + (", --set" if sets else "") + (", odd values" if _odd_case[0] else "")


# ---- the verdict ------------------------------------------------------------------------------------

def run(case: Path, work: Path) -> Verdict:
    import time

    from riskrules.language.errors import RuleError
    from riskrules.language.loader import open_rulebook

    path = case / "house.risk"
    game = json.loads((case / "game.json").read_text(encoding="utf-8"))
    book, problems, seconds = checked(path)
    if not [p for p in problems if not p.warning] and game["sets"]:
        started = time.process_time()
        try:  # the --set on top, checked like a house rule (as `risk play --set` does)
            book = open_rulebook(path, sets=game["sets"], strict=False)
            problems = book.check()
        except RuleError as err:
            problems = err.problems
        seconds += time.process_time() - started
    for p in problems:
        if p.pos is None and "house.risk" not in p.message and "--set" not in p.message:
            return Verdict("unplaced", f"a problem without a place: {p.message[:500]}", seconds)
    errors = [p for p in problems if not p.warning]
    if errors:
        return Verdict("refused", errors[0].format()[:300], seconds)
    try:
        found = played(book, game)
    except Exception:  # noqa: BLE001
        return Verdict("accepted_then_failed", traceback.format_exc(limit=30), seconds)
    if found:
        return Verdict("leak", "\n".join(found[:20]), seconds)
    return Verdict("accepted", "", seconds)


def played(book, game: dict) -> list[str]:
    """Play the rule with every bot; one seat of one game watched: the leaks found (none: [])."""
    from fogcheck import leaks, play_watched
    from riskrules.engine.agents import make_bot
    from riskrules.engine.game import Game

    variants = [v for v in book.variants if v.startswith("fogged")]
    chosen = [game["variant"]] if game["variant"] in book.variants else None
    if variants and game["seed"] % 2:
        chosen = [variants[0]]
    rules = book.rules(chosen)
    low, high = rules.model["players"]["min"], rules.model["players"]["max"]
    counts = [n for n in game["counts"] if low <= n <= high] or [low]
    n = counts[game["seed"] % len(counts)]
    played_rules = book.rules(chosen, n)
    for i, bot in enumerate(BOTS):
        Game(played_rules, [make_bot(bot) for _ in range(n)], game["seed"] + i, max_turns=PLAY_TURNS).play()
    if played_rules.visibility is None or not played_rules.visibility.foggy:
        return []  # no fog for this many players (in an overlay for others), or a block that hides nothing
        # (every level `owner and armies`, nothing in `hide`): the engine plays it as no fog, and so
        # tells no `seen` lines, which tests/fogcheck.py reads

    seat = game["seat"] % n
    bots = [BOTS[(game["seed"] + k) % len(BOTS)] for k in range(n)]
    full, stream, decisions = play_watched(played_rules, bots, game["seed"], seat, WATCHED_TURNS)
    return leaks(played_rules, full, stream, decisions, seat)
