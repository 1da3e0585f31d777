"""A person gives orders at the terminal (orders given together, issue 45): the round's list typed
at once — 'from to armies [attack|transfer]', orders separated by ';' — shown back, and sent
when confirmed; the engine then asks for them one by one, answered from the list."""

from __future__ import annotations

from ..engine.decisions import Decision
from .typed import split

_MODES = {0: "", 1: "attack", 2: "transfer"}


def order_prompt(agent, d: Decision) -> tuple[str, str]:
    t = agent.t
    deployed = ", ".join(f"{agent.tname(x)} {a:+d}" for x, a in d.shown[1])
    listing = t._("Your deployments this round: {list}").format(list=deployed or t._("none"))
    # Translators: the words `attack` and `transfer` after an order make it attack only / transfer only
    return t._("Your orders: 'from to armies [attack|transfer]', separated by ';', or Enter for none: "), listing


def order_list(agent, d: Decision, text: str):
    """(the first order, None) with the rest kept for the next questions, once shown back and
    confirmed; (None, None) for none; (None, why not) for a list that is not one."""
    t = agent.t
    orders = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        tokens = split(part)
        mode = 0
        if tokens and isinstance(tokens[-1], str) and tokens[-1].lower() in ("attack", t._("attack").lower()):
            mode, tokens = 1, tokens[:-1]
        elif tokens and isinstance(tokens[-1], str) and tokens[-1].lower() in ("transfer", t._("transfer").lower()):
            mode, tokens = 2, tokens[:-1]
        if len(tokens) < 3 or not isinstance(tokens[-1], int) or any(isinstance(x, int) for x in tokens[:-1]):
            return None, t._("type 'from to armies' for each order: {order}").format(order=part)
        if mode not in d.shown[0]:  # (attack only or transfer only, where the rules have neither)
            return None, t._("not an order these rules allow")
        pair, problem = agent.pair(d, " ".join(tokens[:-1]))
        if problem is not None:
            return None, problem
        order = (mode, pair[0], pair[1], tokens[-1])
        refusal = d.check(order)
        if refusal is not None:
            return None, t._(refusal.template).format(**refusal.values)
        orders.append(order)
    if not orders:
        return None, None
    lines = [f"  {i}) {agent.tname(s)} → {agent.tname(u)}, {a}" + (f", {t._(_MODES[m])}" if m else "")
             for i, (m, s, u, a) in enumerate(orders, 1)]
    agent.write("\n".join([t._("Your orders:")] + lines))
    answer = agent.read(t._("Send these orders? (yes/no): "))
    if answer.strip().lower() not in ("yes", "y", t._("yes").lower()):
        return None, t._("not sent: type the orders again")
    agent.order_plan = orders[1:]
    return orders[0], None


def planned_order(agent, d: Decision):
    """The next order of a list sent (and None after the last); `...` when none is planned."""
    plan = getattr(agent, "order_plan", None)
    if not d.shown[2] or plan is None:
        agent.order_plan = None
        return ...
    if not plan:
        agent.order_plan = None
        return None
    return plan.pop(0)
