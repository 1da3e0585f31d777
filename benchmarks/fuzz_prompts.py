"""Fuzz kind `prompts`: what a person might type (or paste, or a broken terminal might send) at
the prompts of a real game.

A case is a short game (an edition, 2 or 3 players, a seed, a turn limit) with a person in
seat 0. At each prompt the person types, in turn, the case's hostile inputs — one at a
time, at every 8th prompt — and otherwise what the balanced bot would answer, written as a
person writes it, so that the game goes on through every kind of question. Hostile inputs:

  digits   — unicode digits ('²', '٣', '１２'), signs, decimals, 1_000, 0x10, 1e9
  huge     — numbers of 7 to 5,000 digits; lines of 201 characters to 10 MB
  control  — NUL, escape sequences, DEL, C1 codes, lone surrogates, U+FFFD, bidi marks
  bytes    — the terminal sends bytes that are no UTF-8 (read raises UnicodeDecodeError)
  words    — territory names mangled, several at once, with numbers in odd places, the
             commands in every language with odd arguments, attack words ('once', '→')
  noise    — random printable and random unicode text

The verdict: no exception but the person leaving (quit, end of input); no refusal quoting
more than QUOTE characters of an input (a leak); the saved game replays line for line
(anything the prompt accepted, the engine took: else accepted-then-failed). A case is
`refused` if any of its inputs was refused, else `accepted`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from fuzz import Verdict
from riskrules.terminal import session
from riskrules.engine.agents import make_bot
from riskrules.terminal.typed import QUOTE
from riskrules.engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, FORTIFY, OCCUPY, PLACE, PLAY,
                                        TRADE)
from riskrules.engine.replay import replay
from riskrules.language.loader import open_rulebook
from riskrules.text.i18n import Text

DESCRIPTION = "typed prompt input"
GAMES = [("sv-2000", 3), ("sv-2000", 2), ("nl-1990", 3), ("de-deluxe", 3), ("cs-riziko", 2), ("classic", 3),
         ("warzone-cards", 3)]
HOSTILE_PER_CASE = 8
PROMPTS_PER_CASE = 80  # then the person leaves (end of input)
EVERY = 8  # a hostile input at every 8th prompt, so that they fall on every kind of question

_DIGITS = ["²", "³", "٣", "۴", "१", "１２", "①", "Ⅻ", "𝟘", "߃", "1²", "３ ２", "0", "-1", "+3", "3.5", "1,5",
           "1_000", "0x10", "1e9", "inf", "nan", "00000000", "٣٣", "½", "¹⁰"]
_CONTROL = ["\x00", "\x1b[2J", "\x1b]0;x\x07", "\x7f", "\x85", "\x9b31m", "\ud800", "\udcff", "\ufffd",
            "\u202e", "\u200b", "\ufeff", "a\u0301", "\r", "\t3", "\x0c", "peru\x00 3"]
_WORDS = ["board", "cards", "mission", "log", "help", "?", "karta", "bord", "brett", "mapa", "kort", "kaarten",
          "karten", "karty", "uppdrag", "opdracht", "mise", "logg", "verslag", "protokoll", "historie", "hjälp",
          "hulp", "hilfe", "pomoc", "done", "klar", "fertig", "hotovo", "stop", "pass", "once", "enkel", "einmal",
          "jednou", "→", "->", ",", "n", "no", "y", "all", "max", "-", "*", "board board", "help me"]


def setup(work: Path) -> None:
    pass


def _warm() -> None:
    """Load what every case needs once, when a worker starts, so that the first case is timed like the rest."""
    for edition, players in GAMES:
        rules = open_rulebook(edition).rules(None, players)
        Text(rules.language, rules.terms)._("Not allowed: {reason}.")


def hostile(rng: random.Random, names: list[str]) -> tuple[str, str]:
    """One hostile input and its family."""
    family = rng.choice(["digits", "huge", "control", "bytes", "words", "noise"])
    if family == "digits":
        text = " ".join(rng.choice(_DIGITS + [rng.choice(names)]) for _ in range(rng.randint(1, 3)))
    elif family == "huge":
        if rng.random() < 0.5:
            text = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(rng.randint(6, 5000)))
        else:
            size = rng.choice([201, 1000, 65536, 1 << 20, 10 << 20])
            text = (rng.choice(names) + " ") * (size // 8) if rng.random() < 0.5 else "x" * size
    elif family == "control":
        text = rng.choice(_CONTROL) + rng.choice(["", " 3", rng.choice(names)])
    elif family == "bytes":
        text = "\0BYTES"  # read() raises UnicodeDecodeError
    elif family == "words":
        parts = []
        for _ in range(rng.randint(1, 5)):
            r = rng.random()
            if r < 0.4:
                name = rng.choice(names)
                cut = rng.randint(1, len(name))
                parts.append(rng.choice([name, name[:cut], name.upper(), name.replace(" ", "_"), name + name]))
            elif r < 0.7:
                parts.append(rng.choice(_WORDS))
            else:
                parts.append(str(rng.choice([0, 1, 2, 3, 5, 10, 99, 1000, 999999])))
        text = " ".join(parts)
    else:
        if rng.random() < 0.5:
            text = "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 40)))
        else:
            text = "".join(chr(rng.randint(0xA0, 0x2FFF)) for _ in range(rng.randint(1, 20)))
    return family, text


def generate(rng: random.Random, index: int, case: Path) -> str:
    edition, players = rng.choice(GAMES)
    rules = open_rulebook(edition).rules(None, players)
    t = Text(rules.language, rules.terms)
    names = [t.territory(x).lower() for x in rules.board.territories]
    inputs = [hostile(rng, names) for _ in range(HOSTILE_PER_CASE)]
    spec = {"edition": edition, "players": players, "seed": rng.randrange(1, 1 << 30),
            "max_turns": rng.randint(4, 8), "inputs": [text for _, text in inputs]}
    (case / "case.json").write_text(json.dumps(spec, ensure_ascii=True), encoding="utf-8")
    return f"{edition} {players}p: " + ", ".join(family for family, _ in inputs)


def run(case: Path, work: Path) -> Verdict:
    spec = json.loads((case / "case.json").read_text(encoding="utf-8"))
    return play_case(spec, work / f"{case.name}.save")


def play_case(spec: dict, save: Path) -> Verdict:
    """Play the case's game with its inputs typed; the verdict."""
    people: list = []
    original = session.HumanAgent

    def seat(*args, **kwargs):
        person = original(*args, **kwargs)
        people.append(person)
        return person

    bot = make_bot("balanced")
    inputs = list(spec["inputs"])
    said: list[str] = []
    asked = [0]
    refused = [0]

    def read(prompt: str) -> str:
        asked[0] += 1
        if asked[0] > PROMPTS_PER_CASE:
            raise EOFError
        person = people[0]
        if inputs and asked[0] % EVERY == 1:
            text = inputs.pop(0)
            if text == "\0BYTES":
                raise UnicodeDecodeError("utf-8", b"\xff\xfe", 0, 1, "invalid start byte")
            return text
        if getattr(bot, "game", None) is not person.game:
            bot.start(person.game, person.seat, random.Random(0))
        return typed(person, person.pending, bot.decide(person.pending))

    def write(line: str) -> None:
        if line.startswith(person_refusal()):
            refused[0] += 1
        said.append(line)

    def person_refusal() -> str:
        return people[0].t._("Not allowed: {reason}.").split("{")[0] if people else "\0"

    session.HumanAgent = seat
    try:
        outcome = session.play(spec["edition"], None, spec["players"], 1, "balanced", spec["seed"], save=save,
                               max_turns=spec["max_turns"], read=read, write=write)
    finally:
        session.HumanAgent = original
    for text in spec["inputs"]:
        if len(text) > 2 * QUOTE:
            for line in said:
                if len(line) > 200 and _shares(line, text, 2 * QUOTE):
                    return Verdict("leak", f"a line of {len(line)} characters repeats the input")
    report = replay(save)
    if outcome.result is not None and not report.ok:
        return Verdict("accepted_then_failed", f"the save does not replay: {report.mismatch}")
    if report.mismatch is not None and report.mismatch.expected is not None:
        return Verdict("accepted_then_failed", f"the save does not replay: {report.mismatch}")
    return Verdict("refused" if refused[0] else "accepted", f"{refused[0]} refused, {asked[0]} prompts")


def _shares(line: str, text: str, size: int) -> bool:
    """Does `line` hold `size` consecutive characters of `text` (checked at a few places)?"""
    for start in range(0, max(1, len(text) - size), max(1, len(text) // 8)):
        if text[start:start + size] in line:
            return True
    return False


def typed(person, d, answer) -> str:
    """The bot's answer written as a person types it."""
    name = person.tname
    k = d.kind
    if answer is None:
        return ""
    if k in (CLAIM, CAPITAL, BONUS):
        return name(answer)
    if k is PLACE:
        return f"{name(answer[0])} {answer[1]}"
    if k is TRADE:
        return str(d.options.index(answer) + 1)
    if k is ATTACK:
        return f"{name(answer[0])} {name(answer[1])} once"
    if k is DICE:
        return f"{answer[0]} {answer[1]}"
    if k in (DEFEND, OCCUPY):
        return str(answer)
    if k is FORTIFY:
        return f"{name(answer[0])} {name(answer[1])} {answer[2]}"
    if k is PLAY:  # a card that does something: 'play bomb kamchatka' (terminal/answers.py)
        from riskrules.text.card_plays import continent_name, kinds_of, player_name, shape

        kind, view, t = kinds_of(person.view)[answer[0]], person.view, person.t
        form, rest = shape(kind), answer[1:]
        if form in ("player", "players", "give"):
            words = [name(x) for x in rest[:-1]] if form == "give" else []
            words += [player_name(view, t, s) for s in (rest[-1:] if form == "give" else rest)]
        elif form == "continent":
            words = [continent_name(view, t, rest[0])]
        else:  # territory, move (from, to, armies), none
            words = [name(x) for x in rest[:2]] + [str(a) for a in rest[2:]]
        return " ".join([person.play_word(), kind.name, *words])
    raise ValueError(k)


_warm()
