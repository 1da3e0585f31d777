"""A short command imports only what it needs (timings: benchmarks/startup.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from riskrules.language import prebuilt

HEAVY = ("pydantic", "rich", "lark", "yaml", "jsonschema", "babel")

CHILD = """
import json, sys
sys.argv = ["risk", *json.loads(sys.argv[1])]
try:
    from riskrules.cli import main
    main()
except SystemExit:
    pass
modules = sorted({m.split(".")[0] for m in sys.modules})
from riskrules.language import prebuilt
print(json.dumps({"modules": modules, "prebuilt": prebuilt.model("cs-riziko") is not None}), file=sys.stderr)
"""


def run(*args: str) -> dict:
    # -P: like the `risk` script, the child does not put the working directory first on its path, so
    # it imports the same riskrules as this process (the installed copy in CI, not the checkout)
    out = subprocess.run([sys.executable, "-P", "-c", CHILD, json.dumps(list(args))], capture_output=True,
                         text=True, timeout=120)
    return json.loads(out.stderr.strip().splitlines()[-1])


def imported(*args: str) -> set[str]:
    return set(run(*args)["modules"])


def test_help_needs_neither_the_rule_language_nor_rich_nor_pydantic():
    assert imported("--help") & set(HEAVY) == set()
    assert imported("rules", "--help") & set(HEAVY) == set()


def test_rules_json_of_a_prebuilt_edition_needs_no_parser_yaml_or_schema():
    child = run("rules", "cs-riziko", "--json")
    modules = set(child["modules"])
    assert child["prebuilt"] == (prebuilt.model("cs-riziko") is not None)
    if not child["prebuilt"]:  # a checkout: the rulebook is read, parsed and checked
        assert {"lark", "yaml", "jsonschema"} <= modules
    else:  # an installed copy
        assert modules & set(HEAVY) == set()
    assert "pydantic" not in modules and "rich" not in modules


def test_a_game_of_bots_needs_no_pydantic():
    """Its numbers and paths are converted without typer's pydantic adapters (cli/values.py):
    most of the tests' child processes are such games."""
    modules = imported("play", "nl-1990", "--humans", "0", "-q", "--seed", "1", "--max-turns", "1",
                       "--log", "/dev/null", "--bot-timeout", "2.5")
    assert "pydantic" not in modules and "rich" not in modules


def test_a_game_of_a_prebuilt_edition_and_its_replay_read_no_rulebook(tmp_path):
    """`risk play` and `risk replay` of a built-in edition take its rules from the prebuilt form
    (language/prebuilt.py) where the package has one: the rulebook is not read again, nor its board's
    YAML (the rule grammar stays: compiling the rules compiles their expressions)."""
    log = tmp_path / "game.jsonl"
    played = run("play", "nl-1990", "--humans", "0", "-q", "--seed", "1", "--max-turns", "2", "--log", str(log))
    replayed = run("replay", str(log))
    for child in (played, replayed):
        modules = set(child["modules"])
        assert ("yaml" in modules) == (not child["prebuilt"])  # (a checkout reads the rulebook and its board)
