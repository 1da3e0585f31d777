"""riskrules: the rules of RISK as data.

    from riskrules import load_rules
    rules = load_rules("house.risk", [variant], players=3)    # an edition id or a .risk path

Rule files (`rulebooks/*.risk`) are parsed by `parse`, merged by `model` and `loader`,
checked by `schemas` and `checks`, and compiled by `rules` and `expr` into the frozen
`Rules` the engine runs.
"""

from __future__ import annotations

from typing import Any

__all__ = ["RuleError", "load_rules", "open_rulebook"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The names above, imported when first used: `risk --help` need not load the rule language."""
    if name == "RuleError":
        from .language.errors import RuleError

        return RuleError
    if name in ("load_rules", "open_rulebook"):
        from .language import loader

        return getattr(loader, name)
    raise AttributeError(f"module 'riskrules' has no attribute '{name}'")
