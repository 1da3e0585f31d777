"""Fuzz kind `orders`: hostile order lists (orders given together, issue 45) at every door a list
comes in by.

A case is a short game of orders given together (warzone-default, conquer-club-freestyle; 2 or
3 players, a seed, a turn limit) with a person in seat 0, and a few hostile order lists: unknown
territories, pairs not adjacent or not the seat's own, armies negative, zero, huge, not whole
numbers or not numbers, too many orders, modes the rules do not have, unicode and control
characters, over-long lines, the same order over and over. Generators (the door):

  terminal — typed at the terminal's order prompt (`risk play`'s session), the rest of the game
             answered as the balanced bot would, typed as a person types it
  web      — sent to `risk serve`'s answer endpoint (the app in this process, Starlette's test
             client), as `{"orders": …}` bodies (and bodies that are no list of orders at all)
  save     — written into the order lines of a save of such a game (its person's orders), which
             `risk resume` then goes on with
  answers  — written into the order answers a hosted game keeps (`ID.answers.json`), which the
             server reads again when it starts and plays the game again from

The verdict: a hostile list is refused in one line (the terminal's `Not allowed: …`, an HTTP 400,
413 or 422 with a one-line error, `risk: …` with exit 1, the server's one-line warning naming the
game), or taken and the game goes on; never a traceback, an HTTP 500 or a game that stops on an
error of the server's (`crash`). A game that ends is replayed from its log (else
`accepted_then_failed`). A case is `refused` if any of its lists was refused, else `accepted`.
"""

from __future__ import annotations

import json
import random
import sys
from functools import lru_cache
from pathlib import Path

from fuzz import Verdict, pick

ROOT = Path(__file__).resolve().parent.parent
DESCRIPTION = "hostile order lists (terminal, risk serve, saves, kept answers)"
GENERATORS = [(0.35, "terminal"), (0.3, "web"), (0.2, "save"), (0.15, "answers")]
ONLY: list[str] = []
GAMES = [("warzone-default", 3), ("warzone-default", 2), ("conquer-club-freestyle", 3), ("conquer-club-freestyle", 2)]
LISTS_PER_CASE = 6
MAX_LINE = 400  # characters of a one-line refusal
RAW = "\0raw"  # a hostile body sent as it is (latin-1 bytes, Q the question's number), not as an answer
UNICODE = ["١٢", "²", "１０", "\u202e", "\u200b", "\x00", "\x1b[2J", "\ud800", "ß", "Ⅻ", "🐉", "\ufeff"]


def family(label: str) -> str:
    return label.split(":")[0]


def setup(work: Path) -> None:
    pass


@lru_cache(maxsize=None)
def _rules(edition: str, players: int):
    from riskrules.language.loader import open_rulebook

    return open_rulebook(edition).rules(None, players)


# ---- hostile orders -----------------------------------------------------------------------------

def _armies(rng: random.Random):
    return rng.choice([0, -1, -5, 10 ** 6, 10 ** 12, 10 ** 40, 1.5, "3", None, True, 2, 5, 1])


def _place(rng: random.Random, size: int, adjacent: list[list[int]]):
    """(from, to) indices: adjacent (own or not, as it falls), not adjacent, the same, out of range."""
    r = rng.random()
    a = rng.randrange(size)
    if r < 0.4:
        return a, rng.choice(adjacent[a])
    if r < 0.6:
        return a, rng.randrange(size)
    if r < 0.7:
        return a, a
    return rng.choice([-1, size, 10 ** 9, a]), rng.choice([-2, size + 1, a])


def orders(rng: random.Random, rules) -> list[list]:
    """A hostile list of [mode, from, to, armies] (values of any JSON type)."""
    board = rules.board
    adjacent = [list(board.adjacent[t]) for t in range(board.size)]
    n = rng.choice([0, 1, 2, 3, 8, 60, 300])
    out = []
    for _ in range(n):
        a, b = _place(rng, board.size, adjacent)
        mode = rng.choice([0, 1, 2, 0, 3, -1, 2 ** 70, "attack", None])
        out.append([mode, a, b, _armies(rng)])
    if out and rng.random() < 0.3:  # the same order over and over
        out = [out[0]] * rng.choice([2, 57, 400])
    return out


def typed_list(rng: random.Random, rules, names: list[str]) -> str:
    """A hostile order list as a person might type it."""
    r = rng.random()
    if r < 0.1:
        return "x" * rng.choice([201, 5000, 1 << 20])
    if r < 0.15:
        return "\0BYTES"
    if r < 0.25:
        return ";".join(rng.choice(["", " ", ";", "attack", "3", "→"]) for _ in range(rng.randint(1, 30)))
    parts = []
    for order in orders(rng, rules)[:rng.choice([1, 2, 3, 12])] or [[0, 0, 1, 1]]:
        mode, a, b, armies = order
        words = [names[x] if type(x) is int and 0 <= x < len(names) else rng.choice(["atlantis", "peru peru", "", "7"])
                 for x in (a, b)]
        if rng.random() < 0.2:
            words[rng.randrange(2)] = rng.choice(names)[:rng.randint(1, 4)]
        number = armies if type(armies) is int else rng.choice(["1.5", "-3", "٣", "1e9", "0x10", "", "all"])
        if rng.random() < 0.15:
            number = f"{number}{rng.choice(UNICODE)}"
        tail = rng.choice(["", "", "attack", "transfer", "attack attack", "ATTACK", "angriff", "both"])
        parts.append(f"{words[0]} {words[1]} {number} {tail}".strip())
    return rng.choice(["; ", ";", " ; "]).join(parts)


def body(rng: random.Random, rules):
    """A hostile answer for the page's order question: mostly {"orders": …}, sometimes not."""
    r = rng.random()
    listed = orders(rng, rules)
    if r < 0.65:
        return {"orders": listed}
    if r < 0.75:
        return {"orders": listed, rng.choice(["until", "place", "end", "ordres"]): 1}
    if r < 0.85:  # (the request's whole body, not JSON or not an answer: sent as it is at the web door)
        return {RAW: rng.choice(["{", "\xff\xfe", "[" * 100_000, '{"seat": 0, "question": Q, "answer": '
                                 '{"orders": [[0, 1, 2, NaN]]}}', '{"seat": 0, "answer": {"orders": []}}',
                                 '{"seat": 0, "question": Q, "answer": {"orders": []}} {}', "null", "9" * 5000,
                                 '{"seat": 0, "question": Q, "answer": {"orders": [[0, 1, 2, 1e999]]}}'])}
    return rng.choice([listed, "orders", None, 3, {"orders": "x"}, {"orders": [listed]}, {"orders": {"0": 1}},
                       {"orders": [[0, 1, 2]]}, {"orders": [[[[[]]]]] * 50}, {}])


# ---- generate -----------------------------------------------------------------------------------

def generate(rng: random.Random, index: int, case: Path) -> str:
    door = pick(rng, GENERATORS, ONLY)
    edition, players = rng.choice(GAMES)
    rules = _rules(edition, players)
    names = [x.replace("_", " ") for x in rules.board.territories]
    if door == "terminal":
        lists = [typed_list(rng, rules, names) for _ in range(LISTS_PER_CASE)]
    else:
        lists = [body(rng, rules) for _ in range(LISTS_PER_CASE)]
    spec = {"door": door, "edition": edition, "players": players, "seed": rng.randrange(1, 1 << 30),
            "max_turns": players * rng.choice([2, 3]), "lists": lists, "cut": rng.random()}
    (case / "case.json").write_text(json.dumps(spec, ensure_ascii=True), encoding="utf-8")
    return f"{door}: {edition} {players}p, {len(lists)} lists"


def run(case: Path, work: Path) -> Verdict:
    spec = json.loads((case / "case.json").read_text(encoding="utf-8"))
    door = spec["door"]
    if door == "terminal":
        return at_terminal(spec, case / "game.save")
    if door == "web":
        return at_server(spec, case / "games")
    if door == "save":
        return in_save(spec, case)
    return in_answers(spec, case / "games")


def _one_line(text: str) -> bool:
    return bool(text) and "\n" not in text and len(text) <= MAX_LINE and "Traceback" not in text


def _replays(log: Path) -> Verdict | None:
    """None if the finished game's log replays line for line, else the verdict."""
    from riskrules.engine.replay import replay

    report = replay(log)
    if report.result is None or not report.ok:
        return Verdict("accepted_then_failed", f"{log.name} does not replay: {report.mismatch}")
    return None


# ---- at the terminal ----------------------------------------------------------------------------

def odd_legal(options: list, modes: list, most: int, rng: random.Random, most_orders: int) -> list[list[int]]:
    """Orders the rules allow, oddly chosen: the same one again and again, there and back, all the
    armies, attack only into one's own and transfer only into another's (carried out, or skipped)."""
    found: list[list[int]] = []
    for _ in range(rng.choice([0, 1, 2, 3, most_orders])):
        a, b = rng.choice(options) if not found or rng.random() < 0.6 else found[-1][1:3]
        if found and rng.random() < 0.3 and [b, a] in [list(o) for o in options]:
            a, b = b, a
        found.append([rng.choice(modes), a, b, rng.choice([1, most, rng.randint(1, most)])])
    return found


def _valid_typed(person, d, rng: random.Random) -> str:
    """A list of orders the rules allow (odd_legal's), typed."""
    words = {0: "", 1: " attack", 2: " transfer"}
    listed = odd_legal([list(o) for o in d.options], list(d.shown[0]), d.most, rng, 4)
    return "; ".join(f"{person.tname(a)} {person.tname(b)} {n}{words[m]}" for m, a, b, n in listed)


def at_terminal(spec: dict, save: Path) -> Verdict:
    """The game played at the terminal, the hostile lists typed at its order prompts."""
    import fuzz_prompts
    from riskrules.engine.agents import make_bot
    from riskrules.terminal import session

    people: list = []
    original = session.HumanAgent

    def seat(*args, **kwargs):
        person = original(*args, **kwargs)
        people.append(person)
        return person

    rng, bot = random.Random(spec["seed"]), make_bot("balanced")
    lists = list(spec["lists"])
    said: list[str] = []
    counts = {"asked": 0, "refused": 0}

    def read(prompt: str) -> str:
        counts["asked"] += 1
        if counts["asked"] > 600:
            raise EOFError
        person = people[0]
        d = person.pending
        if prompt == person.t._("Send these orders? (yes/no): "):
            return rng.choice(["yes", "yes", "yes", "no", "y", "\x00", "yes " * 60])
        if d.kind == "order":
            if lists and rng.random() < 0.8:
                text = lists.pop(0)
                if text == "\0BYTES":
                    raise UnicodeDecodeError("utf-8", b"\xff\xfe", 0, 1, "invalid start byte")
                return text
            return _valid_typed(person, d, rng)
        if getattr(bot, "game", None) is not person.game:
            bot.start(person.game, person.seat, random.Random(0))
        return fuzz_prompts.typed(person, d, bot.decide(d))

    def write(line: str) -> None:
        if people and line.startswith(people[0].t._("Not allowed: {reason}.").split("{")[0]):
            counts["refused"] += 1
            if not _one_line(line):
                raise AssertionError(f"a refusal of {len(line)} characters or several lines: {line[:200]!r}")
        said.append(line)

    session.HumanAgent = seat
    try:
        outcome = session.play(spec["edition"], None, spec["players"], 1, "balanced", spec["seed"], save=save,
                               max_turns=spec["max_turns"], read=read, write=write)
    finally:
        session.HumanAgent = original
    for text in spec["lists"]:
        if len(text) > 200 and any(len(line) > 200 and fuzz_prompts._shares(line, text, 48) for line in said):
            return Verdict("leak", "a line repeats an over-long input")
    if outcome.result is not None:
        from riskrules.engine.replay import replay

        if not replay(save).ok:
            return Verdict("accepted_then_failed", f"the save does not replay: {replay(save).mismatch}")
    return Verdict("refused" if counts["refused"] else "accepted",
                   f"{counts['refused']} refused, {counts['asked']} prompts")


# ---- at risk serve's answer endpoint ------------------------------------------------------------

class _Page:
    """A page of one seat, talking to the app in this process."""

    def __init__(self, client, gid: str, token: str, seat: int):
        self.client, self.gid, self.token, self.seat, self.version = client, gid, token, seat, 0

    def state(self) -> dict | None:
        r = self.client.get(f"/api/games/{self.gid}/state?since={self.version}", headers={"X-Risk-Seat": self.token})
        if r.status_code != 200:
            raise AssertionError(f"state: HTTP {r.status_code}: {r.text[:300]}")
        data = r.json()
        self.version = data["versions"][str(self.seat)]
        return data["seats"][str(self.seat)]

    def answer(self, number: int, answer, raw: bytes | None = None):
        content = raw if raw is not None else json.dumps({"seat": self.seat, "question": number, "answer": answer})
        return self.client.post(f"/api/games/{self.gid}/answer", content=content,
                                headers={"X-Risk-Seat": self.token, "Content-Type": "application/json"})


def _serving(directory: Path):
    from starlette.testclient import TestClient  # (it needs httpx2: the test extra has it)

    from riskrules.web.guards import Guards
    from riskrules.web.host import Host
    from riskrules.web.server import app_for

    directory.mkdir(parents=True, exist_ok=True)
    warned: list[str] = []
    host = Host(directory, (), pace=0.0, chosen_seeds=True, warn=warned.append)
    app = app_for(host, Guards(rate=10 ** 6, burst=10 ** 6, create_rate=1000, create_burst=1000))
    return host, TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False), warned


def _play_served(page: _Page, lists: list, rng: random.Random, stop_after: int | None = None) -> tuple[str, int]:
    """Answer seat 0's questions, the hostile bodies at its order questions (then a legal list), to
    the end or `stop_after` order questions: ('over' | 'stopped' | an error, hostile refused)."""
    from webclient import choose

    refused, orders_asked = 0, 0
    for _ in range(3000):
        state = page.state()
        if state is None:
            continue
        if state["over"]:
            return "over", refused
        if state.get("error"):
            return state["error"], refused
        d = state.get("decision")
        if d is None:
            continue
        if d["kind"] == "order":
            orders_asked += 1
            if stop_after is not None and orders_asked > stop_after:
                return "stopped", refused
            while lists and rng.random() < 0.8:
                hostile = lists.pop(0)
                raw = hostile.get(RAW) if isinstance(hostile, dict) else None
                raw = raw.replace("Q", str(d["number"])).encode("latin-1") if raw is not None else None
                r = page.answer(d["number"], hostile, raw)  # (Q: the question's number)
                if r.status_code == 200:
                    break
                error = r.json().get("error", "") if r.headers.get("content-type", "").startswith("application/json") \
                    else ""
                if r.status_code not in (400, 409, 413, 422) or not _one_line(error):
                    return f"HTTP {r.status_code} for {json.dumps(hostile)[:200]}: {r.text[:300]}", refused
                refused += 1
            else:
                legal = odd_legal(d["options"], d["modes"], d["most"], rng, 40) if rng.random() < 0.6 else None
                r = page.answer(d["number"], {"orders": legal} if legal is not None else choose(d, state, rng))
                if r.status_code != 200:
                    return f"HTTP {r.status_code} for a legal list: {r.text[:300]}", refused
            continue
        r = page.answer(d["number"], choose(d, state, rng))
        if r.status_code not in (200, 422):
            return f"HTTP {r.status_code} for a legal answer: {r.text[:300]}", refused
        if r.status_code == 422:
            page.version -= 1
    return "no end within 3000 answers", refused


def _made(client, spec: dict) -> _Page:
    r = client.post("/api/games", json={"edition": spec["edition"], "players": spec["players"], "seed": spec["seed"],
                                        "seats": ["human"] + ["balanced"] * (spec["players"] - 1), "lang": "en",
                                        "max_turns": spec["max_turns"]})
    if r.status_code != 201:
        raise AssertionError(f"the game was not made: HTTP {r.status_code}: {r.text[:300]}")
    made = r.json()
    return _Page(client, made["id"], made["seats"][0]["token"], 0)


def at_server(spec: dict, directory: Path) -> Verdict:
    """The game hosted by `risk serve`'s app, seat 0's order questions answered with hostile bodies."""
    host, client, warned = _serving(directory)
    with client:
        page = _made(client, spec)
        end, refused = _play_served(page, list(spec["lists"]), random.Random(spec["seed"]))
    host.close()
    if end != "over":
        return Verdict("crash", end)
    return _replays(directory / f"{page.gid}.jsonl") or Verdict("refused" if refused else "accepted",
                                                                f"{refused} refused")


def in_answers(spec: dict, directory: Path) -> Verdict:
    """The hosted game stopped after an order list was taken; the lists written over the order
    answers kept; the server started again: it goes on, or says in one line why it cannot."""
    rng = random.Random(spec["seed"])
    host, client, warned = _serving(directory)
    with client:
        page = _made(client, spec)
        rounds = spec["max_turns"] // spec["players"]
        end, _ = _play_served(page, [], rng, stop_after=1 + int(spec["cut"] * (rounds - 1)))
    host.close()
    if end == "over":
        return Verdict("accepted", "the game ended before the damage")
    if end != "stopped":
        return Verdict("crash", f"before the damage: {end}")
    kept = directory / f"{page.gid}.answers.json"
    data = json.loads(kept.read_text(encoding="utf-8"))
    at = [i for i, (_, a) in enumerate(data["answers"]) if isinstance(a, dict) and "orders" in a]
    if not at:
        return Verdict("accepted", "no order answer kept")
    lists = list(spec["lists"])
    for i in at:
        if lists:
            data["answers"][i][1] = lists.pop(0)
    kept.write_text(json.dumps(data), encoding="utf-8")
    host, client, warned = _serving(directory)
    with client:
        if warned:
            host.close()
            warned = [w.replace(str(directory), "") for w in warned]  # (the same verdict wherever the case is)
            crashed = [w for w in warned if "cannot be read (" in w or "an error of the server's" in w]
            if crashed or not all(_one_line(w) for w in warned):
                return Verdict("crash", "; ".join(warned)[:600])
            return Verdict("refused", warned[0][:300])
        page.client, page.version = client, 0  # (a new server counts its versions from 0)
        end, _ = _play_served(page, [], rng)
    host.close()
    if end != "over":
        return Verdict("crash", f"after the restart: {end}")
    return _replays(directory / f"{page.gid}.jsonl") or Verdict("accepted", "the game went on")


# ---- in a save ----------------------------------------------------------------------------------

def in_save(spec: dict, case: Path) -> Verdict:
    """A bot game saved as if seat 0 were a person, its order lines of that seat rewritten from the
    hostile lists (the names of the territories, the modes' words), then `risk resume`."""
    from typer.testing import CliRunner

    from riskrules.cli import app

    runner = CliRunner()
    log = case / "game.jsonl"
    done = runner.invoke(app, ["play", spec["edition"], "--players", str(spec["players"]), "--humans", "0",
                               "--seed", str(spec["seed"]), "--max-turns", str(spec["max_turns"]), "--log", str(log),
                               "--quiet"])
    if done.exit_code != 0:
        return Verdict("crash", f"the base game: exit {done.exit_code}: {done.output[-300:]}")
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    rules = _rules(spec["edition"], spec["players"])
    names = rules.board.territories
    header = events[0]
    red = header["players"][0]["name"]
    header["players"][0]["agent"] = "human"
    header["kind"] = "save"
    mine = [i for i, e in enumerate(events) if e["type"] == "order" and e["player"] == red]
    lines = events[:max(mine) + 1] if mine and spec["cut"] < 0.7 else events[:-1]
    lists = list(spec["lists"])
    modes = ["either", "attack_only", "transfer_only"]

    rng = random.Random(spec["seed"])

    def tame(v):  # (mostly what the loader's bounds let through, so that the game reads it)
        return v if rng.random() < 0.05 or (type(v) is int and abs(v) < 10 ** 18) else rng.choice([0, -1, 7, 10 ** 6])

    def word(x, table):
        x = tame(x)
        if type(x) is int and 0 <= x < len(table):
            return table[x] if rng.random() < 0.8 else rng.choice([table[x].upper(), table[x] + "\u200b", "atlantis"])
        return x if rng.random() < 0.1 else rng.choice(["atlantis", "", "Either", "\u202e" + table[0], "x" * 300])

    lists = lists[:rng.choice([1, 1, 2])]  # (one damage or two: a log with more is refused at the first)
    for i in reversed(mine):  # (from the last: a line replaced by several moves those after it)
        if i >= len(lines) or not lists or rng.random() < 0.5:
            continue
        hostile = lists.pop(0)
        listed = hostile.get("orders") if isinstance(hostile, dict) else hostile
        if not isinstance(listed, list) or not listed or not isinstance(listed[0], list) or len(listed[0]) != 4:
            lines[i] = {**lines[i], "asked": tame(hostile)} if rng.random() < 0.8 else hostile
            continue
        extra = []
        for mode, a, b, armies in [o for o in listed if isinstance(o, list) and len(o) == 4][:rng.choice([1, 1, 3])]:
            extra.append({**lines[i], "mode": word(mode, modes), "from": word(a, names), "to": word(b, names),
                          "asked": tame(armies)})
        lines[i:i + 1] = extra[:400]
    path = case / "game.save"
    path.write_text("\n".join(json.dumps(e, ensure_ascii=False) for e in lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["resume", str(path)], input="")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return Verdict("crash", f"{type(result.exception).__name__}: {str(result.exception)[:300]}")
    stderr = result.stderr.replace(str(path), "game.save").splitlines()  # (the same verdict wherever the case is)
    if result.exit_code in (0, 3):
        return Verdict("accepted", f"resume: exit {result.exit_code}")
    if result.exit_code == 1 and len(stderr) == 1 and stderr[0].startswith("risk: ") and _one_line(stderr[0]):
        return Verdict("refused", stderr[0][:300])
    return Verdict("crash", f"resume: exit {result.exit_code}: {result.stderr[-300:]}")


def _warm() -> None:
    """Load what every case needs once, when a worker starts, so that the first case is timed like the rest."""
    import fuzz_prompts  # noqa: F401  (the terminal's typist)
    import webclient  # noqa: F401
    from riskrules.web import server  # noqa: F401

    from starlette import testclient  # noqa: F401
    for edition, players in GAMES:
        _rules(edition, players)


if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))  # (tests/webclient.py: a legal answer to a page's question)
_warm()
