"""A `risk serve` server for the tests: uvicorn in a thread, on a free loopback port, its games
in a directory of the test's; stopped (and its games' threads with it) at the end."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import uvicorn

from riskrules.web import connections
from riskrules.web.guards import Guards
from riskrules.web.host import Host
from riskrules.web.server import app_for


class Served:
    def __init__(self, directory: Path, pace: float = 0.0, rules_dirs: tuple[Path, ...] = (),
                 guards: Guards | None = None):
        Path(directory).mkdir(parents=True, exist_ok=True)
        self.host = Host(Path(directory), rules_dirs, pace=pace, chosen_seeds=True)  # (the tests' games are seeded)
        self.app = app_for(self.host, guards or Guards(rate=1000, burst=1000, create_rate=100, create_burst=100))
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        # (the server `risk serve` runs: uvicorn behind its connection guards, web/connections.py)
        config = uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="on",
                                timeout_graceful_shutdown=1, timeout_keep_alive=connections.KEEP_ALIVE)
        self.server = connections.GuardedServer(config, sock, most=connections.default_most(), per_address=256,
                                                header_timeout=10.0, body_timeout=30.0, say=print)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        end = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > end or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        table = self.app.state.table  # (as `risk serve` does on Ctrl-C: the waiting polls return at once)
        if table.loop is not None and not table.loop.is_closed():
            table.loop.call_soon_threadsafe(table.stop_polls)
        self.server.should_exit = True
        self.thread.join(20)
