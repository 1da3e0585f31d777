"""Plug-in bots: an agent class of the user's own, named where bots are chosen.

`module:Class` imports a module (as Python would: from the installed packages or
PYTHONPATH), `path/to/file.py:Class` loads a file, and a bare name looks up the entry-point
group `riskrules.bots` of the installed packages. Loading a plug-in runs the user's own code:
it happens only when a person names it on the command line (or in their own Python), never
because a rule file or a saved game mentions it. The engine checks every answer a plug-in
gives, as it does for every agent.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from .base import Agent

GROUP = "riskrules.bots"
_LOADED: dict[str, Any] = {}


def plugin(spec: str) -> type:
    """The agent class `spec` names (ValueError, in one line, if it names none)."""
    if spec in _LOADED:
        return _LOADED[spec]
    if ":" in spec:
        where, _, name = spec.rpartition(":")
        if not where or not name.isidentifier():
            raise ValueError(f"unknown bot '{spec}': a plug-in is named module:Class or file.py:Class")
        module = _module(spec, where)
        found = getattr(module, name, None)
        if found is None:
            raise ValueError(f"cannot load bot '{spec}': {where} has no {name}")
    else:
        found = _entry_point(spec)
    if not (isinstance(found, type) and callable(getattr(found, "decide", None))):
        raise ValueError(f"cannot load bot '{spec}': not an agent class (one with a decide method)")
    if not callable(getattr(found, "start", None)):
        raise ValueError(f"cannot load bot '{spec}': an agent needs a start method (subclass riskrules Agent)")
    if not isinstance(getattr(found, "kind", None), str) or found.kind == Agent.kind:
        found.kind = spec  # how the game log names it
    _LOADED[spec] = found
    return found


def _module(spec: str, where: str):
    try:
        if where.endswith(".py"):
            path = Path(where).resolve()
            if not path.is_file():
                raise ValueError(f"cannot load bot '{spec}': no file {where}")
            name = f"riskrules_plugin_{path.stem}_{abs(hash(str(path)))}"
            loader = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(loader)
            sys.modules[name] = module  # so that worker processes and pickling find it
            loader.loader.exec_module(module)
            return module
        return importlib.import_module(where)
    except ValueError:
        raise
    except Exception as err:  # the user's own code failed to load: say what it said, in one line
        raise ValueError(f"cannot load bot '{spec}': {type(err).__name__}: {err}") from None


def _entry_point(name: str):
    from importlib.metadata import entry_points

    found = [ep for ep in entry_points(group=GROUP) if ep.name == name]
    if not found:
        from . import BOTS

        known = list(BOTS) + sorted(ep.name for ep in entry_points(group=GROUP))
        raise ValueError(f"unknown bot '{name}'; bots: {', '.join(known)}, or module:Class")
    try:
        return found[0].load()
    except Exception as err:
        raise ValueError(f"cannot load bot '{name}': {type(err).__name__}: {err}") from None
