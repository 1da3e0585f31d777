"""Plug-ins are guests, and output cannot fail (issue 21).

A plug-in bot (docs/bots.md) is played through a guest (engine/agents/guest.py): what it is
handed is a copy, so nothing it writes reaches the game; a plug-in that never answers, or
raises (SystemExit too), ends the game with one line naming it and exit code 1. Output that
the terminal cannot encode is replaced, and TERM=dumb means no colour. The plug-ins are
written into tmp_path; the commands run as a person runs them, in a process of their own.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import textwrap
import time
from collections import deque
from dataclasses import fields, is_dataclass
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType

import pytest

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.guest import Guest
from riskrules.engine.game import Game
from riskrules.engine.sight import _LENT, _PARTS, GuestSight, Sight
from conftest import RISK, load
from test_terminal import Terminal

HEADER = "from riskrules.engine.agents import Agent\nfrom riskrules.engine.agents.random_agent import RandomAgent\n"

# a plug-in that answers as `random` does, and one that first writes into everything it is
# handed: the view (and self.game, the same object), the copy of the game behind it, the
# rules, the board, its mission, the decision and its options, a playout of its own
VANDAL = HEADER + '''
class Plain(RandomAgent):
    kind = "vandal"


class Vandal(Plain):
    def start(self, view, seat, rng):
        super().start(view, seat, rng)
        self.spoil(view)

    def spoil(self, view):
        for seq in (view.owner, view.armies, view.territory_count, view.alive, view.capital, view.trades_made,
                    view.names, view.team):  # (each of these is copied alone when it is read)
            seq[:] = [-3] * len(seq)
        for counts in view.continent_count:
            counts[:] = [9] * len(counts)
        view.capital_owner[0] = 5
        view.conquered_now.add(7)
        view.colour_seat.clear()
        view.rules.model.clear()
        view.rules.terms.clear()
        view.board.index.clear()
        view.armies = [1000] * 50
        game = view._game  # (the whole copy behind the view)
        for seq in (view.armies, view.hand, game.hands[(self.seat + 1) % len(game.hands)], game._dice_options,
                    game._defend_options):
            seq[:] = [-3] * len(seq)
        if view.mission is not None:
            view.mission.data.clear()
        game.deck.extend([1, 2, 3])
        game.turn, game.round = 999, 999
        self.game.armies[0] = 1000
        view.playout([], seed=1).armies[1] = 1000

    def decide(self, d):
        answer = super().decide(d)
        self.spoil(d.view)
        d.options.clear()
        d.most = 1000
        return answer
'''

NEVER = HEADER + '''
import time


class Spins(RandomAgent):
    def decide(self, d):
        while True:
            pass


class Sleeps(RandomAgent):
    def decide(self, d):
        time.sleep(10_000)


class SlowStart(RandomAgent):
    def start(self, view, seat, rng):
        time.sleep(10_000)


class SlowMade(RandomAgent):
    def __init__(self):
        time.sleep(10_000)
'''

RAISES = HEADER + '''
class Boom(RandomAgent):
    def decide(self, d):
        if d.kind == "place":
            raise ValueError("no armies\\nfor you")
        return super().decide(d)


class Leaves(RandomAgent):
    def decide(self, d):
        raise SystemExit(0)


class Interrupts(RandomAgent):
    def decide(self, d):
        raise KeyboardInterrupt


class Odd(RandomAgent):
    def decide(self, d):
        class Move:
            def __eq__(self, other):
                raise RuntimeError("the engine must not run this")
        return Move()
'''


def plug_in(tmp_path, text: str, name: str = "bots.py") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def risk(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """The `risk` command, as a person runs it: exit code, stdout, stderr (text)."""
    return subprocess.run([*RISK, *args], capture_output=True, text=True,
                          env=env, timeout=timeout, stdin=subprocess.DEVNULL)


# ---- 1. what a plug-in is handed is its own -------------------------------------------------------------


def test_a_plug_in_writing_into_all_it_is_handed_leaves_the_game_and_its_log_alone(tmp_path):
    bots = plug_in(tmp_path, VANDAL)
    logs = {}
    for bot in ("Plain", "Vandal"):
        logs[bot] = tmp_path / f"{bot}.jsonl"
        done = risk("play", "nl-1990", "--humans", "0", "-q", "--seed", "3", "--max-turns", "80",
                    "--bot", f"{bots}:{bot}", "--log", str(logs[bot]))
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert done.stdout == "winner: red, reason: mission, turns: 55, seed: 3\n"
    # the same game, line for line, as the plug-in that writes nothing: the writes reached nothing
    assert logs["Vandal"].read_bytes() == logs["Plain"].read_bytes()
    replayed = risk("replay", str(logs["Vandal"]))
    assert replayed.returncode == 0
    assert replayed.stdout == (f"{logs['Vandal']}: all 691 lines of the log match the replayed game. Red wins by "
                               "fulfilling the secret mission after 55 turns.\n")


def test_a_guest_sees_what_its_bot_would_see_at_the_table(tmp_path):
    """balanced and strong-2 named as plug-ins (module:Class and file.py:Class, played as
    guests, on copies of the game) play the very games the built-in bots play: the copies are
    faithful."""
    strong_2 = plug_in(tmp_path, "from riskrules.engine.agents.strong import StrongAgent\n\n\n"
                                 "class Strong2(StrongAgent):\n"
                                 "    def __init__(self):\n"
                                 "        super().__init__(2)\n") + ":Strong2"
    balanced = "riskrules.engine.agents.balanced:BalancedAgent"
    cases = [("nl-1990", "missions", 3, "balanced", balanced, balanced, 1000),
             ("sv-2000", "capitals", 3, "balanced", balanced, balanced, 1000),
             ("sv-2000", "missions", 3, "strong-2", strong_2, "bots.py:Strong2", 8)]
    for edition, variant, players, bot, spec, logged, turns in cases:
        rules = load(edition, variant, players)
        events = {}
        for name in (bot, spec):
            agents = [make_bot(name) for _ in range(players)]
            events[name] = []
            Game(rules, agents, 4, max_turns=turns, listeners=[events[name].append]).play()
        assert isinstance(agents[0], Guest)
        start = events[spec][0]
        assert [p["agent"] for p in start["players"]] == [logged] * players  # (never a built-in bot's name)
        start["players"] = [{**p, "agent": bot} for p in start["players"]]
        assert events[spec] == events[bot], (edition, variant)


_ATOMS = (int, float, str, bool, bytes, type(None), range, frozenset, type, ModuleType, FunctionType,
          BuiltinFunctionType, MethodType)


def _changeable(root, skip: set[int]) -> dict[int, object]:
    """Every object reachable from `root` (through attributes, items, dataclass fields; not
    through functions' closures) that can be changed in place: lists, dicts, sets, deques,
    random sources and objects with attributes of their own, by id."""
    found: dict[int, object] = {}
    todo, seen = [root], set(skip)
    while todo:
        x = todo.pop()
        if id(x) in seen or isinstance(x, _ATOMS):
            continue
        seen.add(id(x))
        if isinstance(x, (list, set, deque, tuple)):
            todo.extend(x)
        elif isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
        elif is_dataclass(x):
            todo.extend(getattr(x, f.name) for f in fields(x))
        elif hasattr(x, "__dict__"):
            todo.extend(vars(x).values())
        else:  # (a view: the slots of its class and of the classes it comes from)
            slots = [s for k in type(x).__mro__ for s in getattr(k, "__slots__", ())]
            todo.extend(getattr(x, s) for s in slots if s != "__weakref__" and hasattr(x, s))
        frozen = is_dataclass(x) and x.__dataclass_params__.frozen
        if not isinstance(x, tuple) and not frozen or isinstance(x, random.Random):
            found[id(x)] = x
    return found


def test_nothing_a_guest_hands_its_plug_in_is_shared_with_the_game(tmp_path):
    bots = plug_in(tmp_path, HEADER + '''
class Keeps(RandomAgent):
    def decide(self, d):
        self.asked = d
        return super().decide(d)
''')
    for edition, variant, players in (("nl-1990", "missions", 3), ("sv-2000", "capitals", 4),
                                      ("cs-riziko", "domination", 2), ("rulebooks/house/doubles.risk", None, 4)):
        rules = load(edition, variant, players)
        game = Game(rules, [make_bot(f"{bots}:Keeps")] + [make_bot("balanced") for _ in range(players - 1)], 2,
                    max_turns=6)
        game.play()
        guest = game.agents[0]
        handed = guest.bot  # the plug-in: its view (self.game too), its last decision and its options
        handed.view.turn  # (its copy of the game is made when it is first read)
        assert isinstance(handed.view, Sight) and handed.game is handed.view and handed.asked.view is handed.view
        ours = {id(guest), id(handed), *(id(a) for a in game.agents), id(game.listeners)}
        state = _changeable(game, skip={id(game.agents), id(game.sights)} | ours)
        theirs = _changeable(handed, skip=ours - {id(handed)})
        assert id(game.armies) in state and id(handed.view.armies) in theirs and id(handed.asked.options) in theirs
        shared = [type(x).__name__ for i, x in theirs.items() if i in state]
        assert shared == [], (edition, shared)
        # and each attribute read alone, before the whole copy is made
        view = guest.view.lend(guest.rules, guest.memo, guest.seen)
        parts = [getattr(view, name) for name in sorted(_PARTS)]
        assert id(view) in _LENT  # (still lent: no whole copy made)
        theirs = _changeable(parts, skip=set())
        shared = [type(x).__name__ for i, x in theirs.items() if i in state]
        assert shared == [], (edition, shared)
        assert handed.view._game is not game and handed.asked.options is not None


def test_every_attribute_of_a_view_is_made_for_a_guest():
    """A guest's view makes each of its lists alone when it is read (sight._PARTS), anything
    else with the whole copy of the game (`_game`): a new attribute of Sight needs its part (and
    so do a guest's own: what a seat sees under fog)."""
    assert set(_PARTS) == set(Sight.__slots__) - {"_game"} | {"level", "held"}
    assert set(GuestSight.__slots__) == {"__weakref__", "level", "held"}


# ---- 2. a plug-in that never answers ----------------------------------------------------------------------


@pytest.mark.parametrize("bot, doing", [("Spins", "answer place"), ("Sleeps", "answer place"),
                                        ("SlowStart", "start")])
def test_a_plug_in_that_never_answers_ends_the_game_after_its_timeout(tmp_path, bot, doing):
    spec = plug_in(tmp_path, NEVER) + ":" + bot
    began = time.monotonic()
    done = risk("play", "nl-1990", "--humans", "0", "-q", "--seed", "1", "--bot", spec, "--bot-timeout", "1")
    assert (done.returncode, done.stdout) == (1, "")
    seat = "red" if doing == "start" else "yellow"
    assert done.stderr == f"risk: {seat} (bots.py:{bot}) did not {doing} within 1 s (--bot-timeout)\n"
    # the stuck thread does not hold the exit (it would for 10,000 s, or for ever): a bound a loaded machine
    # keeps (30 s was passed at a load of 10 on 2 cores)
    assert time.monotonic() - began < 100


def test_a_plug_in_whose_constructor_never_returns_is_refused_before_the_game(tmp_path):
    spec = plug_in(tmp_path, NEVER) + ":SlowMade"
    done = risk("simulate", "nl-1990", "--games", "3", "--bot", spec, "--bot-timeout", "0.5")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"risk: cannot make bot '{spec}': no answer within 0.5 s (--bot-timeout)\n"


@pytest.mark.parametrize("command", [
    ["simulate", "nl-1990", "--games", "400", "--workers", "2", "--bot", "{spec}"],  # 20 chunks of 20 games
    ["tournament", "nl-1990", "--bots", "{spec},balanced", "--players", "3", "--games", "48", "--workers", "2"],
])
def test_worker_processes_stuck_in_a_plug_in_are_ended_with_the_run(tmp_path, command):
    asked = tmp_path / "asked.txt"
    spec = plug_in(tmp_path, NEVER + f"""

class SleepsCounted(RandomAgent):
    def decide(self, d):
        with open({str(asked)!r}, "a") as out:
            out.write("asked\\n")
        time.sleep(10_000)
""") + ":SleepsCounted"
    began = time.monotonic()
    done = risk(*[c.format(spec=spec) for c in command], "--bot-timeout", "4")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith("risk: ") and done.stderr.endswith(
        " (bots.py:SleepsCounted) did not answer place within 4 s (--bot-timeout)\n") and done.stderr.count("\n") == 1
    # one timeout, not one per chunk handed out ahead: the other workers are ended with the run. Counted,
    # not timed (a loaded machine stretches the clock): a worker's game blocks at its first question, so
    # waiting for the chunks handed out ahead (4 a worker) would ask 8 times; ending the run, at most a
    # second game a worker starts before it is ended
    assert 1 <= asked.read_text().count("asked") <= 4
    assert time.monotonic() - began < 60  # (and it ends)


def test_the_bot_timeout_is_a_number_of_seconds(tmp_path):
    for bad in ("-1", "nan"):
        done = risk("play", "nl-1990", "--humans", "0", "--bot-timeout", bad)
        assert (done.returncode, done.stderr) == (1, "risk: --bot-timeout must be 0 (no limit) or a number of "
                                                     "seconds\n")
    spec = plug_in(tmp_path, VANDAL) + ":Plain"
    for unlimited in ("0", "inf"):
        done = risk("play", "nl-1990", "--humans", "0", "-q", "--seed", "3", "--max-turns", "80", "--bot", spec,
                    "--bot-timeout", unlimited)
        assert (done.returncode, done.stdout) == (0, "winner: red, reason: mission, turns: 55, seed: 3\n")


# ---- 3. a plug-in that raises ------------------------------------------------------------------------------


@pytest.mark.parametrize("bot, error", [
    ("Boom", "failed to answer place: ValueError: no armies for you"),
    ("Leaves", "failed to answer place: SystemExit: 0"),
    ("Interrupts", "failed to answer place: KeyboardInterrupt"),
    ("Odd", "answered place with a value of type Move: an answer is None, a number or a tuple of numbers"),
])
def test_a_plug_in_that_raises_ends_the_game_with_one_line_naming_it(tmp_path, bot, error):
    spec = plug_in(tmp_path, RAISES) + ":" + bot
    done = risk("play", "nl-1990", "--humans", "0", "-q", "--seed", "1", "--bot", spec)
    assert (done.returncode, done.stdout, done.stderr) == (1, "", f"risk: yellow (bots.py:{bot}) {error}\n")
    if bot == "Boom":  # and so in the commands that play many games, in one process or several
        for command in (["simulate", "nl-1990", "--games", "4", "--workers", "1", "--bot", spec],
                        ["tournament", "nl-1990", "--players", "3", "--bots", f"{spec},balanced", "--games", "3",
                         "--workers", "2"]):
            done = risk(*command)
            assert (done.returncode, done.stdout) == (1, "")
            assert done.stderr.startswith("risk: ") and done.stderr.endswith(f" (bots.py:{bot}) {error}\n")
            assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_a_plug_in_with_a_built_in_bots_name_is_logged_by_its_own_and_replays(tmp_path):
    """A subclass of balanced inherits its kind: a log naming it `balanced` would be replayed
    by the built-in bot, which plays another game."""
    spec = plug_in(tmp_path, textwrap.dedent('''
        from riskrules.engine.agents.balanced import BalancedAgent


        class Timid(BalancedAgent):
            def decide(self, d):
                return None if d.kind == "attack" else super().decide(d)
    ''')) + ":Timid"
    log = tmp_path / "timid.jsonl"
    done = risk("play", "nl-modern", "--humans", "0", "-q", "--seed", "2", "--max-turns", "12", "--bot", spec,
                "--log", str(log))
    assert done.returncode == 0, done.stderr
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert [p["agent"] for p in start["players"]] == ["bots.py:Timid"] * 3
    replayed = risk("replay", str(log))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr


# ---- 4. output that cannot fail -------------------------------------------------------------------------------


def _encoded(encoding: str) -> dict[str, str]:
    return {**os.environ, "PYTHONIOENCODING": encoding}


def test_text_the_output_cannot_encode_is_replaced_not_a_traceback():
    done = subprocess.run([*RISK, "rules", "sv-2000"], capture_output=True,
                          env=_encoded("latin-1"), timeout=120)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.splitlines()[0] == "RISK ? Världsstrategispelet (Hasbro Nordic, 2000)".encode("latin-1")
    # a game told in Czech: ě, ů and ž are not Latin-1
    done = subprocess.run([*RISK, "play", "cs-riziko", "--humans", "0", "--seed", "1",
                           "--max-turns", "4"], capture_output=True, env=_encoded("latin-1"), timeout=120)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.splitlines()[-2:] == ["Bez vítěze: limit tahů dosažen po 4 tazích.".encode("latin-1", "replace"),
                                             b"winner: none, reason: turn_limit, turns: 4, seed: 1"]
    for encoding in ("ascii", "latin-1"):
        done = subprocess.run([*RISK, "rules", "de-deluxe"], capture_output=True,
                              env=_encoded(encoding), timeout=120)
        assert (done.returncode, done.stderr) == (0, b""), encoding


# ---- 5. TERM=dumb: no colour -------------------------------------------------------------------------------------


def _on_a_terminal(args: list[str], **env: str) -> tuple[int, str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM", "COLUMNS", "LINES")}
    term = Terminal([*RISK, *args], {**environment, **env})
    return term.wait(), term.seen


def test_a_dumb_terminal_gets_no_colour():
    error = "risk: unknown edition 'nope' (or give the path of a .risk file)\n"
    assert _on_a_terminal(["rules", "nope"], TERM="xterm") == (1, f"\x1b[31m{error.rstrip()}\x1b[0m\n")
    assert _on_a_terminal(["rules", "nope"], TERM="dumb") == (1, error)
    assert _on_a_terminal(["rules", "nope"], TERM="xterm", NO_COLOR="1") == (1, error)
    # the board and the prompts of a game
    for env, coloured in (({"TERM": "xterm"}, True), ({"TERM": "dumb"}, False)):
        term = Terminal([*RISK, "play", "nl-1990", "--players", "2", "--seed", "1"],
                        {**{k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}, **env})
        before, prompt = term.prompt()
        term.type("board")
        term.prompt()
        term.type("quit")
        assert term.wait() == 3
        assert ("\x1b[" in term.seen) is coloured, env


def test_an_answer_too_long_to_show_is_shown_short():
    """The error line names an answer in at most 80 characters: a plug-in answered a string of a
    million letters (a 1 MB line) or 10**5000 (whose repr raises: a traceback)."""
    from riskrules.engine.game import shown

    assert shown(10 ** 5000) == "a number of about 5,001 digits"
    assert shown("x" * 10 ** 6) == "'" + "x" * 37 + "..." + "x" * 38 + "'"
    assert [shown(a) for a in ((3, 4), 3.0, True, None)] == ["(3, 4)", "3.0", "True", "None"]
