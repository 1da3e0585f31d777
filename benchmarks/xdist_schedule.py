"""How pytest-xdist's schedulers would share the suite between its workers, from measured times: the
wall time of the slowest worker (the run's) under `--dist load` (xdist's default) and `--dist
worksteal`, each as xdist 3.8 hands out tests (a simulation of its LoadScheduling and
WorkStealingScheduling; a test's time as measured, one core a worker).

    PYTHONPATH=.:benchmarks RISKRULES_CPU_OUT=/tmp/cpu python -m pytest -p cpu_per_test   # a whole run
    PYTHONPATH=. python -m pytest --collect-only -n 0 | grep :: > /tmp/order.txt       # the run's order
    python benchmarks/xdist_schedule.py /tmp/order.txt /tmp/cpu.* [--workers 2]

Under `load` the first worker is handed the first quarter of its share in one piece (items // workers
// 4): conftest's LONG_FIRST files, which come first, all land on it, and the other waits at the end.
"""

from __future__ import annotations

import argparse
import heapq


def load(times: list[float], workers: int) -> list[float]:
    """xdist's LoadScheduling: a chunk each, then topped up from the front as tests end."""
    pending = list(range(len(times)))
    queues: list[list[int]] = [[] for _ in range(workers)]

    def send(w: int, k: int) -> None:
        queues[w] += pending[:k]
        del pending[:k]

    chunk = max(len(times) // workers // 4, 2)
    for w in range(workers):
        send(w, chunk)

    def topped(w: int, duration: float) -> None:
        if not pending:
            return
        low, high = max(2, len(pending) // workers // 4), max(2, len(pending) // workers // 2)
        if len(queues[w]) < low and not (duration >= 0.1 and len(queues[w]) >= 2):
            send(w, high - len(queues[w]))

    return _run(times, queues, topped)


def worksteal(times: list[float], workers: int) -> list[float]:
    """xdist's WorkStealingScheduling: an equal share each, then an idle worker takes half of the
    tail of the busiest one's queue (never its last 2)."""
    share = len(times) // workers
    queues = [list(range(w * share, (w + 1) * share if w < workers - 1 else len(times))) for w in range(workers)]

    def topped(w: int, duration: float) -> None:
        if len(queues[w]) >= 2:
            return
        busiest = max(range(workers), key=lambda v: len(queues[v]))
        steal = min(len(queues[busiest]) // 2, max(0, len(queues[busiest]) - 2))
        if steal:
            queues[w] += queues[busiest][-steal:]
            del queues[busiest][-steal:]

    return _run(times, queues, topped)


def _run(times: list[float], queues: list[list[int]], topped) -> list[float]:
    """Each worker runs its queue in order; `topped(w, duration)` after each test. The end time of each."""
    clock = [0.0] * len(queues)
    running = [(times[q[0]], w) for w, q in enumerate(queues) if q]
    heapq.heapify(running)
    while running:
        end, w = heapq.heappop(running)
        done = queues[w].pop(0)
        clock[w] = end
        topped(w, times[done])
        for v, q in enumerate(queues):  # (a worker left idle by a steal or a refill starts again)
            if q and not any(r[1] == v for r in running) and (v == w or clock[v] <= end):
                heapq.heappush(running, (max(clock[v], end) + times[q[0]], v))
    return clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("order", help="the node ids in the run's order, one a line")
    parser.add_argument("measured", nargs="+", help="benchmarks/cpu_per_test.py's files: CPU s, wall s, node id")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--column", choices=["cpu", "wall"], default="wall")
    args = parser.parse_args()
    measured = {}
    for name in args.measured:
        for line in open(name, encoding="utf-8"):
            cpu, wall, node = line.rstrip("\n").split("\t", 2)
            measured[node] = float(cpu if args.column == "cpu" else wall)
    order = [line.strip() for line in open(args.order, encoding="utf-8") if line.strip()]
    times = [measured.get(node, 0.0) for node in order]
    print(f"{len(order)} tests ({sum(n in measured for n in order)} measured), {sum(times):.0f} s in all, "
          f"{args.workers} workers; the ideal: {sum(times) / args.workers:.0f} s")
    for name, scheduler in (("load", load), ("worksteal", worksteal)):
        ends = scheduler(times, args.workers)
        print(f"--dist {name:<9}  workers end at {', '.join(f'{e:.0f}' for e in ends)} s: the run {max(ends):.0f} s")


if __name__ == "__main__":
    main()
