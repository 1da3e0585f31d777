"""`risk play` as a person plays it: through a pseudo-terminal of 80×24, typing at the prompts.

One small game (2 players, a turn limit of 6, a fixed seed) from the first prompt to its end:
several placements in one line, an attack until taken, a refused answer, Ctrl-C with --save
(exit 130), `risk resume` to the end, and the save replays.

The terminal is driven with the standard library's pty (a small `Terminal` below) rather
than pexpect, so the suite needs nothing beyond the project's test extra.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time

PROMPT = re.compile(r"(?:^|\n)([^\n]*(?::|\?) )$")


class Terminal:
    """A command on a pseudo-terminal: read what it writes, type lines, press Ctrl-C."""

    def __init__(self, args: list[str], env: dict[str, str], rows: int = 24, cols: int = 80):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command itself
            os.execvpe(args[0], args, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.pending = ""  # read, not yet consumed by prompt()
        self.seen = ""  # everything, for the assertions

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the command has ended (EIO)
            data = b""
        if not data:
            return False
        text = self.decoder.decode(data).replace("\r\n", "\n")
        self.pending += text
        self.seen += text
        return True

    def prompt(self, timeout: float = 60) -> tuple[str, str] | None:
        """The text before the next prompt and the prompt, or None when the command has ended."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = PROMPT.search(self.pending)
            if found and not select.select([self.fd], [], [], 0.05)[0]:  # and nothing more coming
                before, self.pending = self.pending[:found.start(1)], ""
                return before, found.group(1)
            if not self._read(0.2):
                return None
        raise AssertionError(f"no prompt within {timeout} s; last output:\n{self.pending[-2000:]}")

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")

    def interrupt(self) -> None:
        os.write(self.fd, b"\x03")

    def wait(self) -> int:
        while self._read(0.2):
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def risk(*args: str) -> Terminal:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NO_COLOR", "COLUMNS", "LINES"))}
    env.update(NO_COLOR="1", TERM="xterm")
    return Terminal([sys.executable, "-m", "riskrules", *args], env)


class Person:
    """What the person types: the first territories offered, an attack until taken, defaults."""

    def __init__(self):
        self.refused = False
        self.attacks_this_turn = 0
        self.turn = 0

    def answer(self, term: Terminal, before: str, prompt: str) -> str:
        turns = re.findall(r"— Turn (\d+) \(round \d+\): red —", before)
        if turns:
            self.turn, self.attacks_this_turn = int(turns[-1]), 0
        if prompt.startswith(("Place up to", "Place 1 army", "Claim", "Choose your capital")):
            term.type("help")
            shown, again = term.prompt()
            assert again == prompt
            listed = shown.split("Commands (at any question):")[0].split(".")[-1]  # after the explanation
            options = " ".join(listed.split()).split(", ")
            most = re.match(r"Place (?:up to )?(\d+)", prompt)
            if most and int(most.group(1)) > 1 and len(options) > 1:
                return f"{options[0]} {int(most.group(1)) - 1} {options[1]}"  # several in one line
            return options[0]
        if prompt.startswith("Attack"):
            if not self.refused:
                self.refused = True
                return "blah"
            if self.attacks_this_turn < 2:
                self.attacks_this_turn += 1
                return "1"  # until taken
            return ""
        if prompt.startswith("Trade which set? (number): ") or prompt.startswith("Place the card bonus"):
            return "1"
        return ""  # Enter: the default in brackets, or no more


def play_until(term: Terminal, person: Person, stop_at_turn: int | None = None) -> None:
    while (found := term.prompt()) is not None:
        before, prompt = found
        line = person.answer(term, before, prompt)
        if stop_at_turn is not None and person.turn >= stop_at_turn:
            term.interrupt()
            return
        term.type(line)


def test_a_whole_game_at_a_terminal(tmp_path):
    save = tmp_path / "game.jsonl"
    person = Person()
    first = risk("play", "sv-2000", "--players", "2", "--seed", "4", "--max-turns", "6", "--save", str(save),
                 "--lang", "en")
    play_until(first, person, stop_at_turn=3)
    assert first.wait() == 130
    assert f"Game left before its end (seed 4); saved to {save} — go on with: risk resume {save}" in first.seen
    assert "Commands: board, cards, mission, log, help, quit ('help' explains)." in first.seen
    assert "Not allowed: no territory starts with 'blah'." in first.seen
    told = " ".join(first.seen.split())  # long lines are wrapped at the terminal's width
    assert re.search(r" Red places armies: [^:]+ \d+, [^:]+ \d+\. ", told)  # two in one line
    assert re.search(r" Red attacks [^:]+: \d+ rolls?; ", told) and "Red takes " in told
    second = risk("resume", str(save), "--lang", "en")
    play_until(second, person)
    assert second.wait() == 0
    assert "Resuming sv-2000 (seed 4) at turn 3." in second.seen
    assert second.seen.rstrip().endswith("winner: none, reason: turn_limit, turns: 6, seed: 4")
    replay = risk("replay", str(save))
    assert replay.wait() == 0 and "lines of the log match the replayed game" in replay.seen
