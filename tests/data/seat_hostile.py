"""A seat-protocol client that answers as docs/clients/random_client.py, then misbehaves at question AFTER + 1.

    python seat_hostile.py MODE [AFTER]
MODE: exit (exits with code 3), hang (never answers), garbage (a line that is not JSON), huge (a line of
2 MB), illegal (an answer that is not an option).
"""
import json
import os
import random
import sys
import time

mode, after = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0
rng, asked = random.Random(1), 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        stay = m["rules"]["stay"]
    if m["type"] != "question":
        continue
    asked += 1
    if asked > after:
        if mode == "exit":
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            print("attack, please {", flush=True)
        if mode == "huge":
            os.write(1, b"[" + b"1," * 1_000_000 + b"1]\n")
        if mode == "illegal":
            print(json.dumps([-1, 1] if m["kind"] == "place" else -1), flush=True)
        continue
    options = m.get("options") or list(range(m["range"][0], m["range"][1] + 1))
    answer = None if m["optional"] else rng.choice(options)
    if m["kind"] == "place":
        answer = [answer, m["most"]]
    print(json.dumps(answer), flush=True)
