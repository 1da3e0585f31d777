"""A seat-protocol client (docs/seat-protocol.md): a uniformly random legal answer to every question."""
import json
import random
import sys

rng = random.Random()
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        rng.seed(m["seed"])
        stay = m["rules"]["stay"]
    if m["type"] != "question":
        continue
    kind, view = m["kind"], m["view"]
    options = m.get("options") or list(range(m["range"][0], m["range"][1] + 1))
    if m["optional"] and (rng.random() < 0.3 or kind == "play"):  # (this client plays no card that acts)
        answer = None
    else:
        answer = rng.choice(options)
        if kind == "place":
            answer = [answer, rng.randint(1, m["most"])]
        elif kind == "fortify":
            answer = answer + [rng.randint(1, view["armies"][answer[0]] - stay)]
    print(json.dumps(answer), flush=True)
