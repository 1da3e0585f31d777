"""Shared helpers for the tests."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest
import typer.testing
from typer.main import get_command

from riskrules.language.loader import open_rulebook

from browser import browser  # noqa: F401  (headless Chromium, one for the whole run: tests/browser.py)


# typer's CliRunner.invoke(app, …) makes the app's click command anew at every call: for `risk`, every
# command's signature read and its annotations evaluated, 0.1 s of CPU a call (the tests make hundreds).
# Click commands are made to be invoked many times, so each app's is made once here, and again only if
# the app's commands, groups or callback have changed since (an app a test builds or adds to).
_commands: dict[int, tuple] = {}


def _shape(app) -> tuple:
    return (tuple(map(id, app.registered_commands)), id(app.registered_callback),
            tuple((id(group), _shape(group.typer_instance)) for group in app.registered_groups))


def _command_once(app):
    shape = _shape(app)
    made = _commands.get(id(app))
    if made is None or made[0] is not app or made[1] != shape:
        made = _commands[id(app)] = (app, shape, get_command(app))  # (the app kept: its id is not reused)
    return made[2]


typer.testing._get_command = _command_once


# The `risk` command as a person runs it, in a process of its own. `-P`: the working directory (the
# checkout, where CI runs the tests) does not come first on its path, so the child runs the riskrules this
# process imports: in CI the installed wheel (.ci/run; tests/test_installed.py), with its prebuilt rules,
# not the checkout's sources, which `python -m` would put first (and which read and check every rulebook
# again: about 0.85 s of CPU more a child).
RISK = [sys.executable, "-P", "-m", "riskrules"]


def house(body: str, extends: str = "classic") -> str:
    """A house rule's text: the header, then `body` (dedented)."""
    return f"rulebook house\nextends {extends}\n" + textwrap.dedent(body).lstrip("\n")


def problems_of(write, text: str) -> str:
    """Every problem `risk check` finds in a house rule of this text, a line each."""
    from riskrules.language.errors import RuleError

    path = write("house.risk", text)
    try:
        found = open_rulebook(path, strict=False).check()
    except RuleError as err:
        found = err.problems
    return "\n".join(p.format() for p in found)


def load(edition: str, variant: str | None = None, players: int | None = None):
    """Compiled rules of an edition (or .risk path), one variant, a player count."""
    return open_rulebook(edition).rules([variant] if variant else None, players)


@pytest.fixture
def write(tmp_path, monkeypatch):
    """Write a rule file into a fresh directory (also the working directory) and return its path."""
    monkeypatch.chdir(tmp_path)

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return _write


# The files whose longest test takes 15 s or more (`pytest --durations=60`), longest first: run
# before all others, so that pytest-xdist's workers end together on short tests instead of one
# waiting for the other's long test at the end. A whole file moves, so its module fixtures are
# still made once a worker. (A file missing here only runs in its usual place.) With `--dist
# worksteal` (pyproject.toml) the first worker starts on them and the other takes from the tail of
# its queue once idle; xdist's `load` handed them all to the first worker in one piece
# (benchmarks/xdist_schedule.py).
LONG_FIRST = ["test_combinations.py", "test_web_browser.py", "test_web_table_browser.py", "test_calibration.py", "test_web_kills.py",
              "test_web_restart.py", "test_fuzz.py", "test_fuzz_saves_logs.py", "test_engine_games.py",
              "test_bounds.py", "test_engine_options.py", "test_fog.py", "test_guests.py", "test_simulate.py",
              "test_check_accepts_what_plays.py", "test_victory_property.py", "test_strong.py"]


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: a worker more than the cores. About a third of the suite's wall time is spent
    waiting (on Chromium, on child processes, on bots that sleep), which one more worker fills."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items):
    rank = {name: i for i, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))  # (stable: the rest keep their order)
