"""Attack plans told as text: `risk odds A D1,D2,…` and the `odds` command at the table (engine/plans.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.plans import Advice, Outcome, Plan
from .i18n import Text


def plan_json(edition: str, plan: Plan, outcome: Outcome, defender_rule: str,
              advice: Advice | None = None, worth: float | None = None, advised: bool = False) -> dict:
    """`risk odds A D1,D2,… --json`: the plan, how it ends, and the advice if asked for (`advised`;
    for the whole chain, `advice` is None: never stopping is best)."""
    data = {
        "edition": edition, "attackers": plan.attackers, "defenders": list(plan.defenders), "leave": plan.leave,
        "stop": plan.stop, "defender_dice": defender_rule,
        "p_at_least": list(outcome.p_at_least),
        "expected_attacker_left": outcome.expected_attacker_left,
        "expected_taken": outcome.expected_taken,
        "dist": [{"taken": k, "attacker_left": a, "defender_left": d, "p": p} for k, a, d, p in outcome.dist],
    }
    if advice is not None:
        data["advice"] = {"goal": {"worth": worth}, "value": advice.value,
                          "least_to_go_on": [list(row[1:]) for row in advice.least]}
    elif advised:
        data["advice"] = {"goal": "whole chain", "value": outcome.p_at_least[-1], "least_to_go_on": "never stop"}
    return data


def plan_text(edition: str, plan: Plan, outcome: Outcome, defender_rule: str, t: Text,
              names: Sequence[str] | None = None, most: int = 8, advised: bool = False) -> str:
    """The chances of taking at least k territories, what is expected to be left, and the likeliest
    ends (`advised`: the attack stops as the advice below says, not at plan.stop)."""
    n = len(plan.defenders)
    targets = names or [t._("territory {k}").format(k=k + 1) for k in range(n)]
    chain = " → ".join(f"{name} ({d})" for name, d in zip(targets, plan.defenders))
    head = t.n_("{edition}: {a} armies attack {chain}; {leave} stays in each territory taken;",
                "{edition}: {a} armies attack {chain}; {leave} stay in each territory taken;", plan.leave).format(
        edition=edition, a=plan.attackers, leave=plan.leave, chain=chain) + " " + (
        t._("the attack stops as the rule below says.") if advised
        else t._("the attack stops at {stop} or fewer.").format(stop=plan.stop))
    lines = [head, t._("Defender dice: {rule}.").format(rule=defender_rule)] if defender_rule else [head]
    for k in range(1, n + 1):
        lines.append("  " + t._("takes {target} and all before it: {p}").format(
            target=targets[k - 1], p=f"{t.pct(outcome.p_at_least[k])} ({outcome.p_at_least[k]:.4f})"))
    lines.append("  " + t._("expected: {taken} territories taken, {left} attacking armies left").format(
        taken=_two(outcome.expected_taken, t), left=_two(outcome.expected_attacker_left, t)))
    likeliest = sorted(outcome.dist, key=lambda e: -e[3])[:most]
    lines.append(t._("The likeliest ends (territories taken, attackers left, defenders left in the next):"))
    for k, a, d, p in likeliest:
        lines.append(f"  {k}, {a}, {d}: {t.pct(p)}")
    return "\n".join(lines)


def _two(x: float, t: Text) -> str:
    """x with two decimals, in the language's way of writing them (1.00, 1,00)."""
    from babel.numbers import format_decimal

    return format_decimal(x, format="0.00", locale=t.lang)


def advice_text(plan: Plan, advice: Advice, whole: float, worth: float | None, t: Text,
                names: Sequence[str] | None = None) -> str:
    """The best stopping rule, as a player can follow it."""
    n = len(plan.defenders)
    targets = names or [t._("territory {k}").format(k=k + 1) for k in range(n)]
    if worth is None:
        return t._("To take the whole chain: attack to the end — stopping never raises the chance, which is "
                   "{p}.").format(p=t.pct(whole))
    lines = [t._("The best stopping rule for {worth} × territories taken − armies lost (expected {value}):").format(
        worth=t.num(worth), value=t.num(round(advice.value, 2)))]
    for hop in range(n):
        least = advice.least[hop]
        full = least[plan.defenders[hop]]
        if full is None:
            lines.append("  " + t._("do not attack {target}").format(target=targets[hop]))
            break
        line = t.n_("keep attacking {target} while at least {a} army may attack",
                    "keep attacking {target} while at least {a} armies may attack", full).format(target=targets[hop],
                                                                                                 a=full)
        fewer = [t._("against {d} left: {a}").format(d=d, a="—" if least[d] is None else least[d])
                 for d in range(plan.defenders[hop] - 1, 0, -1) if least[d] != full]
        if fewer:
            line += " (" + "; ".join(fewer) + ")"
        lines.append("  " + line)
    return "\n".join(lines)
