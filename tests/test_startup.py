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
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})), file=sys.stderr)
"""


def imported(*args: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", CHILD, json.dumps(list(args))], capture_output=True,
                         text=True, timeout=120)
    return set(json.loads(out.stderr.strip().splitlines()[-1]))


def test_help_needs_neither_the_rule_language_nor_rich_nor_pydantic():
    assert imported("--help") & set(HEAVY) == set()
    assert imported("rules", "--help") & set(HEAVY) == set()


def test_rules_json_of_a_prebuilt_edition_needs_no_parser_yaml_or_schema():
    modules = imported("rules", "cs-riziko", "--json")
    if prebuilt.model("cs-riziko") is None:  # a checkout: the rulebook is read, parsed and checked
        assert {"lark", "yaml", "jsonschema"} <= modules
    else:  # an installed copy
        assert modules & set(HEAVY) == set()
    assert "pydantic" not in modules and "rich" not in modules
