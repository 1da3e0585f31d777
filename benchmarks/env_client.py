"""A policy trained through the environment, seated by the seat protocol (docs/seat-protocol.md).

    risk tournament rulebooks/house/three-isles.risk --players 3 --max-turns 60 \\
        --bots "cmd:python3 benchmarks/env_client.py W.npy rulebooks/house/three-isles.risk",random,balanced

W.npy: the weights benchmarks/env_agent.py keeps (`--save`); the rule file the one it was trained
on (the encoding's sizes come from its board). Run where riskrules can be imported (the
repository's root with PYTHONPATH=., or installed). Each question is encoded as the environment
encodes a decision (riskrules/env/encoding.py), from the protocol's view alone — an owner or armies
the view hides (null) are encoded as the environment encodes what a seat does not see — and
answered stage by stage by the policy's most likely legal action, as env_agent.py's ladder plays
it; a question with a single answer is answered with it, as the environment does.
"""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace

import numpy as np

from riskrules.engine.decisions import Decision
from riskrules.env.encoding import NOT_FORCED, Encoding, forced
from riskrules.language.loader import open_rulebook
from riskrules.language.visibility import SEE_ALL, SEE_OWNER


def tupled(value):
    return tuple(tupled(v) for v in value) if isinstance(value, list) else value


def listed(value):
    return [listed(v) for v in value] if isinstance(value, tuple) else value


def main() -> None:
    weights = np.load(sys.argv[1])
    rules_path = sys.argv[2]
    enc = seat = None
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "hello":
            seat, players = m["seat"], len(m["players"])
            rules = open_rulebook(rules_path).rules(None, players)
            enc = Encoding(rules, players, players + (m["neutral"] is not None))
            continue
        if m["type"] != "question":
            continue
        v = m["view"]
        hidden = any(o is None or a is None for o, a in zip(v["owner"], v["armies"]))
        view = SimpleNamespace(
            owner=[0 if o is None else o for o in v["owner"]], armies=[a or 0 for a in v["armies"]],
            hand=v["hand"], alive=v["alive"], turn=v["turn"],
            level=[SEE_ALL if a is not None else SEE_OWNER if o is not None else 0
                   for o, a in zip(v["owner"], v["armies"])] if hidden else None)
        options = range(m["range"][0], m["range"][1] + 1) if "range" in m else [tupled(o) for o in m["options"]]
        d = Decision(m["kind"], seat, options, optional=m["optional"], most=m.get("most", 0))
        answer = forced(d)
        if answer is NOT_FORCED:
            stage, parts = 0, []
            while True:
                x = np.append(enc.observe(view, seat, d, stage, parts[0] if parts else None), 1.0)
                legal = np.flatnonzero(enc.mask(d, view, stage, parts))
                action = int(legal[int(np.argmax(weights[legal] @ x))])
                done, answer = enc.step(d, view, stage, parts, action)
                if done:
                    break
                stage += 1
        print(json.dumps(listed(answer)), flush=True)


if __name__ == "__main__":
    main()
