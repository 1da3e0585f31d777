"""A pytest plugin: the CPU seconds of every test (its process and the child processes it waited
for), which a loaded machine does not inflate as it does wall time.

    PYTHONPATH=.:benchmarks RISKRULES_CPU_OUT=/tmp/cpu python -m pytest -p cpu_per_test tests/test_x.py -n 0
    sort -rn /tmp/cpu.* | head        # CPU s, wall s, test; one file per pytest process

Each pytest process (each xdist worker) writes `<RISKRULES_CPU_OUT>.<pid>` when it ends.
"""

from __future__ import annotations

import os
import resource
import time

import pytest

_rows: list[tuple[float, float, str]] = []


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu, wall = _cpu(), time.perf_counter()
    yield
    _rows.append((_cpu() - cpu, time.perf_counter() - wall, item.nodeid))


def pytest_sessionfinish(session):
    out = os.environ.get("RISKRULES_CPU_OUT")
    if out:
        with open(f"{out}.{os.getpid()}", "w", encoding="utf-8") as f:
            f.writelines(f"{cpu:.2f}\t{wall:.2f}\t{node}\n" for cpu, wall, node in _rows)
