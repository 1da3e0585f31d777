"""The package finds its data (grammar, rulebooks, boards, schemas) wherever it is installed."""

from __future__ import annotations

import os
from pathlib import Path

import riskrules
from riskrules.resources import boards_dir, grammar_path, rulebooks_dir, schema_path

CHECKOUT = Path(__file__).resolve().parent.parent


def test_data_is_found():
    assert grammar_path().is_file()
    assert sorted(p.stem for p in rulebooks_dir().glob("*.risk")) == [
        "classic", "cs-riziko", "de-deluxe", "nl-1990", "nl-modern", "sv-2000"]
    assert (boards_dir() / "classic.yaml").is_file()
    assert schema_path("rulebook.schema.json").is_file()


def test_ci_tests_the_installed_wheel():
    """CI (.ci/run) installs the package non-editable; the tests must then run against it."""
    package = Path(riskrules.__file__).resolve().parent
    if os.environ.get("RISKRULES_EXPECT_INSTALLED") == "1":
        assert package != CHECKOUT / "riskrules", f"imported from the checkout: {package}"
        assert (package / "_data" / "grammar" / "risk.lark").is_file()
        assert grammar_path() == package / "_data" / "grammar" / "risk.lark"
