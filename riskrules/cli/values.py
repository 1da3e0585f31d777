"""Command-line values that need no conversion skip typer's pydantic adapters.

Recent typers convert every parameter's value through a pydantic TypeAdapter, built on first
use; importing pydantic costs more than all the rest of a short command, and a part of every
`risk play` (the tests start hundreds). An absent value becomes None (or an empty tuple)
without one (also where the option has a parser of its own), and text for a text parameter
(a list of texts for a list of them) comes out of one as it went in: those values are handed
on as typer itself would hand them on. So are numbers in their plain forms (digits, a minus
sign, for a float a decimal point) or of their own type, converted as pydantic converts them
(int('007') == 7, float('3') == 3.0), and a path given as text that Path leaves as it was
written ('a/' is not: typer's messages name the path as given), made a Path as pydantic
makes it and checked by typer's own path rules (tests/test_cli_values.py: the same values,
the same errors). Everything else ('1e3', '+1', a bounded number, a value typer must refuse,
with its message) goes through typer as before; a typer without adapters is left alone.
"""

from __future__ import annotations

import re
import types
from pathlib import Path
from typing import Any, Union, get_args, get_origin

_INT = re.compile(r"-?[0-9]{1,18}")  # (ASCII digits: int() would take other scripts' digits too)
_FLOAT = re.compile(r"-?[0-9]{1,15}(\.[0-9]{1,15})?")


def _plain_kind(annotation: Any, info: Any = None) -> str | None:
    """'text' for str (or str | None), 'texts' for list[str] (or … | None), 'int', 'float'
    and 'path' for an int, a float and a Path without bounds or path options, else None."""
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [a for a in get_args(annotation) if a is not type(None)]
        if len(rest) != 1:
            return None
        annotation = rest[0]
    if annotation is str:
        return "text"
    if get_origin(annotation) is list and get_args(annotation) == (str,):
        return "texts"
    if annotation in (int, float) and info is not None \
            and (getattr(info, "min", 0), getattr(info, "max", 0), getattr(info, "clamp", 0)) == (None, None, False):
        return annotation.__name__
    if annotation is Path and info is not None and getattr(info, "path_type", 0) is None:
        return "path"
    return None


def _number(kind: str, value: Any) -> int | float | None:
    """`value` as pydantic makes it an int or float, where that is plain; else None."""
    if kind == "int":
        if type(value) is int:
            return value
        return int(value) if isinstance(value, str) and _INT.fullmatch(value) else None
    if type(value) is float:
        return value
    if type(value) is int:
        return float(value)
    return float(value) if isinstance(value, str) and _FLOAT.fullmatch(value) else None


class _Plain:
    """Stands in for typer's runtime parameter until a value needs converting."""

    def __init__(self, parameter: Any, kind: str | None, build):
        self.parameter = parameter
        self.kind = kind
        self.build = build

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        many = param.multiple or param.nargs == -1
        if value is None:
            return () if many else None
        if self.kind == "text" and not many and isinstance(value, str):
            return value
        if self.kind == "texts" and many and isinstance(value, (list, tuple)) \
                and all(isinstance(v, str) for v in value):
            return list(value)
        if self.kind in ("int", "float") and not many:
            number = _number(self.kind, value)
            if number is not None:
                return number
        if self.kind == "path" and not many and isinstance(value, str) and str(Path(value)) == value:
            from typer._param_types import coerce_cli_path  # (what typer's path adapter calls)

            return coerce_cli_path(Path(value), self.parameter.type_descriptor.parameter_info, path_type=Path,
                                   param=param, ctx=ctx)
        return self.build(self.parameter).coerce(value, param=param, ctx=ctx)


def skip_adapters_for_plain_values() -> None:
    try:
        from typer.core import _TyperParameter
    except ImportError:  # a typer of another make: nothing to do
        return
    build = getattr(_TyperParameter, "get_runtime_param", None)
    if build is None or getattr(build, "plain_values_pass", False):
        return

    def get_runtime_param(self):
        descriptor = getattr(self, "type_descriptor", None)
        info = getattr(descriptor, "parameter_info", None)
        if self._runtime_param is None and info is not None:  # (a value for a parser goes to typer: kind None)
            kind = _plain_kind(descriptor.annotation, info) if getattr(info, "parser", None) is None else None
            return _Plain(self, kind, build)
        return build(self)

    get_runtime_param.plain_values_pass = True
    _TyperParameter.get_runtime_param = get_runtime_param
