"""A seat for reinforcement learning: a PettingZoo AEC environment and a Gymnasium one (docs/environment.md).

The optional extra `riskrules[env]` installs what they need (pettingzoo, gymnasium, greenlet).
"""

from __future__ import annotations


def __getattr__(name: str):
    if name == "RiskEnv":
        from .aec import RiskEnv

        return RiskEnv
    if name == "RiskSingleEnv":
        from .single import RiskSingleEnv

        return RiskSingleEnv
    raise AttributeError(name)


def env(**kwargs):
    """The PettingZoo environment (as PettingZoo's own environments are made: `env(...)`)."""
    from .aec import RiskEnv

    return RiskEnv(**kwargs)


__all__ = ["RiskEnv", "RiskSingleEnv", "env"]
