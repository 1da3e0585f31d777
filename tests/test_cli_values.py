"""Values the `risk` command converts without pydantic (riskrules/cli/values.py) come out exactly
as typer's own pydantic adapters make them: the same value of the same type, or the same error."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import pytest
import typer
from typer.main import get_command

import riskrules.cli  # noqa: F401  (importing the app installs values.py's pass)
from riskrules.cli.values import _Plain


def _command():
    app = typer.Typer()

    @app.command()
    def command(
        number: Annotated[int, typer.Option()] = 3,
        maybe: Annotated[int | None, typer.Option()] = None,
        ratio: Annotated[float, typer.Option()] = 60.0,
        file: Annotated[Path | None, typer.Option()] = None,
        existing: Annotated[Path | None, typer.Option(exists=True, dir_okay=False)] = None,
        bounded: Annotated[int, typer.Option(min=1, max=5)] = 2,
    ) -> None:
        """(never run)"""

    return get_command(app)


def _outcome(runtime, value, param, ctx):
    try:
        out = runtime.coerce(value, param=param, ctx=ctx)
    except Exception as exc:  # (typer's copy of click's BadParameter, with the message the user reads)
        return ("refused", type(exc).__name__, exc.format_message())
    return ("value", type(out).__name__, repr(out))  # (repr: nan is not equal to itself)


INTS = ["0", "1", "-1", "007", "-0", "123456789012345678", 3, 0,
        "+1", " 1", "1_0", "1.0", "12345678901234567890", "١٢", "", "x", 3.0, True]
FLOATS = ["3", "0.5", "-1", "007.50", "60", 3, 60.0, "1e3", "inf", "nan", "+2", " 1", "", "x", True]
PATHS = ["a", "", "-", "~/x", " a ", "/tmp/x.jsonl", "/nonexistent/riskrules/x", "/", "a/", "./a", "a//b", "/tmp/"]


@pytest.mark.parametrize("name, cases", [("number", INTS), ("maybe", INTS), ("ratio", FLOATS), ("file", PATHS),
                                         ("existing", PATHS + [__file__]), ("bounded", INTS)])
def test_plain_values_come_out_as_typers_adapters_make_them(name, cases):
    command = _command()
    param = next(p for p in command.params if p.name == name)
    ctx = command.context_class(command)
    plain = param.get_runtime_param()  # (values.py's pass: no adapter built yet)
    assert isinstance(plain, _Plain)
    adapter = plain.build(param)  # typer's own
    fast = {"number": "int", "maybe": "int", "ratio": "float", "file": "path", "existing": "path"}
    assert plain.kind == fast.get(name)  # (a bounded number always goes through typer)
    for value in cases:
        assert _outcome(plain, value, param, ctx) == _outcome(adapter, value, param, ctx), (name, value)
