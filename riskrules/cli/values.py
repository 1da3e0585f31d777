"""Command-line values that need no conversion skip typer's pydantic adapters.

Recent typers convert every parameter's value through a pydantic TypeAdapter, built on
first use; importing pydantic costs more than all the rest of a short command. An absent
value becomes None (or an empty tuple) without one, and text for a text parameter (a
list of texts for a list of them) comes out of one as it went in: those values are
handed on as typer itself would hand them on.
Everything else (numbers, paths, a value typer must refuse, with its message) goes through
typer as before; a typer without adapters is left alone.
"""

from __future__ import annotations

import types
from typing import Any, Union, get_args, get_origin


def _plain_kind(annotation: Any) -> str | None:
    """'text' for str (or str | None), 'texts' for list[str] (or … | None), else None."""
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [a for a in get_args(annotation) if a is not type(None)]
        if len(rest) != 1:
            return None
        annotation = rest[0]
    if annotation is str:
        return "text"
    if get_origin(annotation) is list and get_args(annotation) == (str,):
        return "texts"
    return None


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
        if self._runtime_param is None and info is not None and getattr(info, "parser", None) is None:
            return _Plain(self, _plain_kind(descriptor.annotation), build)
        return build(self)

    get_runtime_param.plain_values_pass = True
    _TyperParameter.get_runtime_param = get_runtime_param
