"""The JSON Schemas shipped in the package, and their errors turned into problems."""

from __future__ import annotations

import json
from functools import cache
from typing import Any, Callable

from .errors import Pos, Problem
from .resources import schema_path


@cache
def validator(name: str):
    from jsonschema import Draft202012Validator  # imported when first needed: it is slow to import

    schema = json.loads(schema_path(name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_problems(name: str, data: Any, where: Callable[[tuple], Pos | None]) -> list[Problem]:
    """Every way `data` breaks the schema `name`, each placed by `where(path)`."""
    problems = []
    for error in sorted(validator(name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = tuple(error.absolute_path)
        label = ".".join(str(p) for p in path)
        message = f"{label}: {error.message}" if label else error.message
        problems.append(Problem(message, where(path)))
    return problems
