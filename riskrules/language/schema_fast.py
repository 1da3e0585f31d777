"""A JSON Schema compiled once into a closure `valid(instance) -> bool`: validity only, no messages.

jsonschema walks a schema anew for every value, which made checking a long game log take far
longer than playing it. This compiles the keywords the shipped schemas use into plain Python with
jsonschema's Draft 2020-12 meaning (bool is not a number; 1 == 1.0 but true != 1; lengths in code
points; `pattern` matched to the very end, as schemas.validator_class does). A subschema holding
any keyword it does not know is left to `fallback(subschema)`: it never guesses. Callers ask
jsonschema itself for the message once something is invalid.
"""

from __future__ import annotations

import re
from numbers import Number
from typing import Any
from collections.abc import Callable

from .schemas import strict_pattern

Check = Callable[[Any], bool]

# keywords that never make a value invalid (then/else act only beside "if", which reads them)
_IGNORED = frozenset({"$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples",
                      "deprecated", "readOnly", "writeOnly", "then", "else"})
_KNOWN = frozenset({"type", "properties", "required", "additionalProperties", "propertyNames", "const", "enum",
                    "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "maxProperties",
                    "items", "pattern", "format", "anyOf", "allOf", "not", "if"})


def _is_number(x: Any) -> bool:
    return isinstance(x, Number) and not isinstance(x, bool)


_TYPES: dict[str, Check] = {
    "string": lambda x: isinstance(x, str),
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "number": _is_number,
    "integer": lambda x: (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, float) and x.is_integer()),
}


def equal(one: Any, two: Any) -> bool:
    """JSON equality as jsonschema's `equal`: true is not 1, 1 is 1.0, lists and objects by value."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, (list, tuple)) and isinstance(two, (list, tuple)):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return len(one) == len(two) and all(k in two and equal(v, two[k]) for k, v in one.items())
    if isinstance(one, bool) or isinstance(two, bool):
        return isinstance(one, bool) and isinstance(two, bool) and one == two
    return one == two


class _Unknown(Exception):
    """A keyword's value this compiler does not handle: the subschema falls back."""


def _always(_: Any) -> bool:
    return True


def _never(_: Any) -> bool:
    return False


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        a, b = checks
        return lambda x: a(x) and b(x)

    def every(x: Any) -> bool:
        for check in checks:
            if not check(x):
                return False
        return True

    return every


def compile_schema(schema: Any, formats: dict[str, frozenset], fallback: Callable[[Any], Check]) -> Check:
    """`schema` as a closure; `formats` maps a format name to the strings it allows (others pass
    it, as jsonschema's FormatChecker checks strings only); a format not named there, or any
    keyword not known here, makes that subschema `fallback(subschema)`."""
    if schema is True:
        return _always
    if schema is False:
        return _never
    if not isinstance(schema, dict) or not schema.keys() <= _KNOWN | _IGNORED:
        return fallback(schema)
    try:
        return _compile(schema, formats, fallback)
    except _Unknown:
        return fallback(schema)


def _compile(s: dict, formats: dict[str, frozenset], fallback: Callable[[Any], Check]) -> Check:
    sub = lambda node: compile_schema(node, formats, fallback)  # noqa: E731
    general: list[Check] = []
    on_object: list[Check] = []
    on_string: list[Check] = []
    on_array: list[Check] = []
    on_number: list[Check] = []

    if "type" in s:
        kinds = s["type"] if isinstance(s["type"], list) else [s["type"]]
        if not kinds or not all(isinstance(k, str) and k in _TYPES for k in kinds):
            raise _Unknown
        tests = [_TYPES[k] for k in kinds]
        general.append(tests[0] if len(tests) == 1 else (lambda x: any(t(x) for t in tests)))
    if "const" in s:
        const = s["const"]
        general.append((lambda x: x == const) if isinstance(const, str) else (lambda x: equal(x, const)))
    if "enum" in s:
        choices = s["enum"]
        if not isinstance(choices, list):
            raise _Unknown
        if all(isinstance(c, str) for c in choices):
            strings = frozenset(choices)
            general.append(lambda x: isinstance(x, str) and x in strings)
        else:
            general.append(lambda x: any(equal(c, x) for c in choices))
    for key, combine in (("anyOf", any), ("allOf", all)):
        if key in s:
            if not isinstance(s[key], list) or not s[key]:
                raise _Unknown
            forms = [sub(f) for f in s[key]]
            general.append(lambda x, forms=forms, combine=combine: combine(f(x) for f in forms))
    if "not" in s:
        negated = sub(s["not"])
        general.append(lambda x: not negated(x))
    if "if" in s:
        cond = sub(s["if"])
        then = sub(s["then"]) if "then" in s else _always
        otherwise = sub(s["else"]) if "else" in s else _always
        general.append(lambda x: then(x) if cond(x) else otherwise(x))

    if "properties" in s:
        if not isinstance(s["properties"], dict):
            raise _Unknown
        props = [(name, sub(node)) for name, node in s["properties"].items()]

        def properties(x: dict) -> bool:
            for name, check in props:
                if name in x and not check(x[name]):
                    return False
            return True

        on_object.append(properties)
    if "required" in s:
        needed = s["required"]
        if not isinstance(needed, list):
            raise _Unknown
        on_object.append(lambda x: all(k in x for k in needed))
    if "additionalProperties" in s:
        named = frozenset(s.get("properties", {}))
        extra = s["additionalProperties"]
        if extra is False:
            on_object.append(lambda x: all(k in named for k in x))
        elif extra is not True:
            if not isinstance(extra, dict):
                raise _Unknown
            check = sub(extra)
            on_object.append(lambda x: all(check(v) for k, v in x.items() if k not in named))
    if "propertyNames" in s:
        check_name = sub(s["propertyNames"])
        on_object.append(lambda x: all(check_name(k) for k in x))
    if "maxProperties" in s:
        most = _bound(s["maxProperties"])
        on_object.append(lambda x: not len(x) > most)

    if "minLength" in s:
        least_chars = _bound(s["minLength"])
        on_string.append(lambda x: len(x) >= least_chars)
    if "maxLength" in s:
        most_chars = _bound(s["maxLength"])
        on_string.append(lambda x: len(x) <= most_chars)
    if "pattern" in s:
        expected = s["pattern"]
        if not isinstance(expected, str):
            raise _Unknown
        search = re.compile(strict_pattern(expected)).search
        on_string.append(lambda x: search(x) is not None)
    if "format" in s:
        allowed = formats.get(s["format"]) if isinstance(s["format"], str) else None
        if allowed is None:
            raise _Unknown
        on_string.append(lambda x: x in allowed)

    if "minItems" in s:
        least_items = _bound(s["minItems"])
        on_array.append(lambda x: len(x) >= least_items)
    if "maxItems" in s:
        most_items = _bound(s["maxItems"])
        on_array.append(lambda x: len(x) <= most_items)
    if "items" in s:
        item = sub(s["items"])
        on_array.append(lambda x: all(item(v) for v in x))

    for key, on_number_check in (("minimum", lambda m: lambda x: not x < m), ("maximum", lambda m: lambda x: not x > m)):
        if key in s:
            if not _is_number(s[key]):
                raise _Unknown
            on_number.append(on_number_check(s[key]))

    first, obj, string, array, number = (_all(c) for c in (general, on_object, on_string, on_array, on_number))
    if not (on_object or on_string or on_array or on_number):
        return first
    kind = s.get("type")
    if kind in ("object", "string", "array", "integer", "number"):  # `first` tells the kind: one group applies
        group = {"object": obj, "string": string, "array": array, "integer": number, "number": number}[kind]
        return first if group is _always else (lambda x: first(x) and group(x))

    def valid(x: Any) -> bool:
        if not first(x):
            return False
        if isinstance(x, dict):
            return obj(x)
        if isinstance(x, str):
            return string(x)
        if isinstance(x, list):
            return array(x)
        if isinstance(x, Number) and not isinstance(x, bool):
            return number(x)
        return True

    return valid


def _bound(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _Unknown
    return value
