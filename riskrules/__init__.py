"""riskrules: the rules of RISK as data.

    from riskrules import load_rules
    rules = load_rules("house.risk", [variant], players=3)    # an edition id or a .risk path

Rule files (`rulebooks/*.risk`) are parsed by `parse`, merged by `model` and `loader`,
checked by `schemas` and `checks`, and compiled by `rules` and `expr` into the frozen
`Rules` the engine runs.
"""

from .language.errors import RuleError
from .language.loader import load_rules, open_rulebook

__all__ = ["RuleError", "load_rules", "open_rulebook"]
__version__ = "0.1.0"
