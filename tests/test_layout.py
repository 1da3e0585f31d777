"""The package's layout holds: imports only go down a floor, no module is over 500 lines, every
event the engine emits has its entry in the log schema, and the seed bound has one value."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import riskrules

PACKAGE = Path(riskrules.__file__).parent

# what each part of the package may import besides itself: only what is below it
# (design.md "Layout"); instrument and text share a floor and do not import each other
FLOORS = {
    "resources": 0, "outputs": 0,
    "language": 1,
    "engine": 2,
    "instrument": 3, "text": 3,
    "terminal": 4, "web": 4,
    "cli": 5, "env": 5,  # (env: the PettingZoo and Gymnasium environments, which write logs as `risk play` does)
    "__main__": 6,
}
# the package's face, riskrules/__init__.py: its version, and lazy re-exports of the rule language
# for `from riskrules import load_rules`; every import of any module runs it first anyway
ROOT = "__init__"
MAX_LINES = 500


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, path.relative_to(PACKAGE)


def _part(relative: Path) -> str:
    return relative.parts[0].removesuffix(".py")


def _imported_parts(path: Path, relative: Path) -> list[tuple[int, str]]:
    """(line, part of the package) of every import of the package in a module, lazy ones too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["riskrules", *relative.parts[:-1]]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                names = base + (node.module.split(".") if node.module else [])
                targets = [names] if node.module else [base + [alias.name] for alias in node.names]
            else:
                targets = [node.module.split(".")] if node.module else []
            for names in targets:
                if names[0] == "riskrules" and len(names) > 1:
                    found.append((node.lineno, names[1] if (PACKAGE / names[1]).exists()
                                  or (PACKAGE / f"{names[1]}.py").exists() else ROOT))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names = alias.name.split(".")
                if names[0] == "riskrules" and len(names) > 1:
                    found.append((node.lineno, names[1]))
    return found


def test_every_part_of_the_package_has_a_floor():
    parts = {_part(relative) for _, relative in _modules()}
    assert parts - {ROOT} <= set(FLOORS), parts - set(FLOORS)


def test_imports_only_go_down_a_floor():
    upward = []
    for path, relative in _modules():
        part = _part(relative)
        if part == ROOT:
            continue
        for line, other in _imported_parts(path, relative):
            if other not in (part, ROOT) and FLOORS[other] >= FLOORS[part]:
                upward.append(f"riskrules/{relative}:{line} ({part}) imports {other}")
    assert upward == []


def test_the_floor_test_sees_an_upward_import(tmp_path):
    """The walk above finds relative, absolute and lazy imports (else it would pass on anything)."""
    module = tmp_path / "engine" / "x.py"
    module.parent.mkdir()
    module.write_text("from ..text.i18n import Text\ndef f():\n    import riskrules.cli\n    from .. import terminal\n")
    assert _imported_parts(module, Path("engine/x.py")) == [(1, "text"), (3, "cli"), (4, "terminal")]


def test_no_module_is_over_500_lines():
    long = {str(relative): n for path, relative in _modules()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def _schema():
    return json.loads((PACKAGE / "language" / "schema" / "log.schema.json").read_text(encoding="utf-8"))


def test_every_event_the_engine_emits_has_a_schema_entry():
    emitted = set()
    for path in (PACKAGE / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "_event"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                emitted.add(node.args[0].value)
    schema = _schema()
    entries = set(schema["$defs"]["events"]) | {"game_start"}  # the header has its own entry
    assert len(emitted) >= 20 and emitted <= entries, emitted - entries
    checked = {rule["if"]["properties"]["type"]["const"] for rule in schema["else"]["allOf"][1:]}
    assert checked == set(schema["$defs"]["events"])


def test_the_seed_bound_is_one_number():
    from riskrules.engine.seed import MAX_SEED, derived_seed

    assert _schema()["$defs"]["header"]["properties"]["seed"]["maximum"] == MAX_SEED == 2**63 - 1
    assert 0 <= derived_seed("riskrules:1:0") <= MAX_SEED
