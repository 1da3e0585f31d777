"""`risk … | head`: when the reader of standard output goes, the command ends quietly (outputs.py,
`install_signal_handlers`): exit code 0, nothing on stderr.

Python ignores SIGPIPE, so a write to a pipe whose reader has gone fails with EPIPE, and click
turns that into exit code 1 before the `risk` command sees it: the control below shows it. A
bots-only game prints as it plays, so it is still writing when the reader goes after one line.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

GAME = ["play", "nl-1990", "--humans", "0", "--seed", "2"]


def first_line_then_close(code: str) -> tuple[int, bytes]:
    # (-P: the riskrules this process imports, the installed one in CI: conftest.RISK)
    process = subprocess.Popen([sys.executable, "-P", "-c", code, *GAME], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline().startswith(b"RISK")
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    return process.returncode, err


@pytest.mark.parametrize("attempt", range(2))
def test_a_closed_pipe_ends_the_risk_command_quietly(attempt):
    assert first_line_then_close("from riskrules.cli import main; main()") == (0, b"")


def test_without_the_handler_click_ends_it_with_exit_code_1():
    assert first_line_then_close("from riskrules.cli import app; app(prog_name='risk')") == (1, b"")
