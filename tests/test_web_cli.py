"""`risk serve` as a command: its help, and a user's mistake in one line with exit code 1."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from riskrules.cli import app

runner = CliRunner()


def test_help_says_what_it_is_for():
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "Play in the browser" in result.stdout and "--rules-dir" in result.stdout and "--pace" in result.stdout


@pytest.mark.parametrize("args, line", [
    (["--port", "0"], "risk: --port 0: a port is a number from 1 to 65535"),
    (["--pace", "-1"], "risk: --pace -1.0: from 0 to 10 seconds"),
    (["--rate", "0"], "risk: --rate 0.0: from 0.1 to 100000 requests a second"),
    (["--max-games", "0"], "risk: --max-games 0: from 1 to 10000"),
    (["--new-games", "0"], "risk: --new-games 0.0: from 0.1 to 1000000 a minute"),
    (["--rules-dir", "no/such/dir"], "risk: --rules-dir no/such/dir: no such directory"),
])
def test_mistakes_are_one_line(args, line, tmp_path):
    result = runner.invoke(app, ["serve", "--games", str(tmp_path / "g"), *args])
    assert result.exit_code == 1
    assert result.stderr.strip() == line


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--games", str(tmp_path / "g")])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"risk: cannot listen on 127.0.0.1:{port} (Address already in use)"
