"""The JSON Schemas shipped in the package, and their errors turned into problems."""

from __future__ import annotations

import json
from functools import cache
from typing import Any
from collections.abc import Callable

from .errors import Pos, Problem
from ..resources import schema_path


@cache
def schema(name: str) -> dict[str, Any]:
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


def _inline_refs(node: Any, defs: dict[str, Any]) -> Any:
    """Replace local {"$ref": "#/$defs/x"} by the definition itself.

    The schemas have no recursive definitions, and jsonschema resolves a $ref far more
    slowly than it walks a plain subschema; validating a rulebook is on the load path.
    """
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) <= 2:
            target = _inline_refs(defs[ref.removeprefix("#/$defs/")], defs)
            return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return {k: _inline_refs(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline_refs(v, defs) for v in node]
    return node


def strict_pattern(expected: str) -> str:
    """A schema's `pattern` as Python matches it: a final `$` only at the very end (`\\Z`)."""
    return expected[:-1] + r"\Z" if expected.endswith("$") and not expected.endswith(r"\$") else expected


@cache
def validator_class():
    """Draft 2020-12 with `pattern` matched to the very end. Python's `$` also matches before a
    final newline, so `^[a-z]+$` would let the id "t1\n" through (ECMA-262's `$` would not)."""
    import re

    from jsonschema import Draft202012Validator, ValidationError, validators  # slow to import: when first needed

    def pattern(validator, expected: str, instance, _schema):
        if validator.is_type(instance, "string"):
            if re.search(strict_pattern(expected), instance) is None:
                yield ValidationError(f"{instance!r} does not match {expected!r}")

    return validators.extend(Draft202012Validator, {"pattern": pattern})


@cache
def validator(name: str):
    full = schema(name)
    return validator_class()(_inline_refs(full, full.get("$defs", {})))


@cache
def number_range(name: str, path: tuple) -> tuple[int, int] | None:
    """The range the schema `name` gives a literal number at `path` (where an expression may
    stand instead): (minimum, maximum), or None if the schema gives none there."""
    full = schema(name)
    node: Any = _inline_refs(full, full.get("$defs", {}))
    for key in path:
        found = None
        for form in node.get("anyOf", [node]):
            if isinstance(key, int) and isinstance(form.get("items"), dict):
                found = form["items"]
            elif key in form.get("properties", {}):
                found = form["properties"][key]
            elif isinstance(form.get("additionalProperties"), dict):
                found = form["additionalProperties"]
            if found is not None:
                break
        if found is None:
            return None
        node = found
    for form in node.get("anyOf", [node]):
        if form.get("type") == "integer" and "minimum" in form and "maximum" in form:
            return form["minimum"], form["maximum"]
    return None


@cache
def _sections(name: str):
    """The validator of the top level alone (properties not descended) and one per property."""
    Validator = validator_class()
    full = schema(name)
    inlined = _inline_refs(full, full.get("$defs", {}))
    shallow = {**inlined, "properties": {key: True for key in inlined["properties"]}}
    return Validator(shallow), {k: Validator(v) for k, v in inlined["properties"].items()}


_SECTION_ERRORS: dict[tuple[str, str, str], list[tuple[str, tuple]]] = {}


def sectioned_errors(name: str, data: dict[str, Any]) -> list[tuple[str, tuple]]:
    """The same errors as `schema_errors` for an object schema, validating each top-level
    value once per distinct value: merged rulebooks share most of their sections."""
    shallow, per_key = _sections(name)
    # (a rule a top-level condition requires in a section says which: `capitals: 'needed' is …`)
    errors = [(f"{_label(tuple(e.absolute_path))}: {e.message}" if e.validator == "required" and e.absolute_path
               else e.message, ()) for e in shallow.iter_errors(data)]
    for key, value in data.items():
        if key not in per_key:
            continue
        memo = (name, key, json.dumps(value, sort_keys=True))
        if memo not in _SECTION_ERRORS:
            if len(_SECTION_ERRORS) > 16384:
                _SECTION_ERRORS.clear()
            found = []
            for e in map(_leaf, per_key[key].iter_errors(value)):
                path = (key, *e.absolute_path)
                message = _said(e)
                if e.validator == "pattern" and isinstance(e.schema, dict) and e.schema.get("description"):
                    # a table's key out of its range: say what a key is, and point at it
                    described = e.schema["description"].rstrip(".")
                    message = _said(e, f"'{e.instance}' is not {described[0].lower()}{described[1:]}")
                    if e.instance not in path and isinstance(value, dict):
                        path = (*path, e.instance)
                found.append((f"{_label(path)}: {message}", path))
            _SECTION_ERRORS[memo] = found
        errors.extend(_SECTION_ERRORS[memo])
    return sorted(errors, key=lambda e: list(map(str, e[1])))


SHOWN = 80  # characters of a value a schema error quotes; a longer value is summed up
LONGEST = 300  # characters of a schema error's message at most


def _said(error, message: str | None = None) -> str:
    """A schema error's message, quoting at most SHOWN characters of the value it is about:
    jsonschema quotes the whole value ("[…10,001 borders…] is too long"), and a stranger's
    file may make that a megabyte."""
    message = error.message if message is None else message
    if len(message) <= LONGEST:
        return message
    value = error.instance
    whole = repr(value)
    if len(whole) > SHOWN and whole in message:
        if isinstance(value, str):
            short = f"{value[:SHOWN // 2]!r}… ({len(value):,} characters)"
        elif isinstance(value, list):
            short = f"a list of {len(value):,} items"
        elif isinstance(value, dict):
            short = f"a table of {len(value):,} entries"
        else:
            short = whole[:SHOWN] + "…"
        message = message.replace(whole, short)
    return message if len(message) <= LONGEST else message[:LONGEST] + "…"


def _label(path: tuple) -> str:
    """The path of a value as a schema error names it (`borders.3.0`), a long key cut short."""
    return ".".join(str(p) if len(str(p)) <= SHOWN else str(p)[:SHOWN // 2] + "…" for p in path)


def _leaf(error):
    """For a choice of forms (anyOf, oneOf), the error of the form that fits best, not "is not
    valid under any of the given schemas": leaving out the forms of another type or kind (a
    'type' or 'const' error at the value or its keys), the deepest error, then within it."""
    while error.validator in ("anyOf", "oneOf") and error.context:
        forms: dict = {}
        for e in error.context:
            forms.setdefault(e.schema_path[0] if e.schema_path else None, []).append(e)
        fitting = [e for found in forms.values()
                   if not any(x.validator in ("type", "const") and len(x.relative_path) <= 1 for x in found)
                   for e in found] or list(error.context)
        deepest = max(len(e.relative_path) for e in fitting)
        error = next(e for e in fitting if len(e.relative_path) == deepest)
    return error


def schema_errors(name: str, data: Any) -> list[tuple[str, tuple]]:
    """Every way `data` breaks the schema `name`: (message, path of the offending value)."""
    errors = []
    leaves = map(_leaf, validator(name).iter_errors(data))
    for error in sorted(leaves, key=lambda e: list(map(str, e.absolute_path))):
        path = tuple(error.absolute_path)
        label = _label(path)
        said = _said(error)
        if error.validator == "pattern" and isinstance(error.schema, dict) and error.schema.get("description"):
            described = error.schema["description"].rstrip(".")  # (what the pattern means, not the pattern)
            said = _said(error, f"'{error.instance}' is not {described[0].lower()}{described[1:]}")
        errors.append((f"{label}: {said}" if label else said, path))
    return errors


def schema_problems(name: str, data: Any, where: Callable[[tuple], Pos | None]) -> list[Problem]:
    """Schema errors as problems, each placed by `where(path)`."""
    return [Problem(message, where(path)) for message, path in schema_errors(name, data)]
