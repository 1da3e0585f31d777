"""Slow clients against `risk serve`, at a limit of 1,024 open files: while many connections each
send one byte of a request's headers every 5 s (reconnecting at the next tick when the server cuts
them), a normal client asks for the lobby page one request after another (a new connection each).

Reported: the normal client's requests, how many were answered 200, and its latency at the 50th
and 99th percentile (a request that failed counts as infinitely slow); the slow connections opened
and cut (and the most open at once, as the slow clients count them); the size of the server's log
(its standard output and error) and its first lines.

    python benchmarks/slow_clients.py                        # 1,100 slow connections from 110 addresses, 40 s
    python benchmarks/slow_clients.py --addresses 1          # all of them from one address
    python benchmarks/slow_clients.py --code /path/to/another/checkout   # the same against other code
    python benchmarks/slow_clients.py --slow 300 --seconds 10 --serve-option=--header-timeout=2

The slow connections come from loopback addresses 127.0.0.2 onwards (Linux answers on all of
127/8), the normal client from 127.0.0.1. Traffic goes only to 127.0.0.1; the connections are
bounded in number (--slow) and everything stops after --seconds (plus a few to start and stop).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import ipaddress
import json
import math
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000  # (never ends: one byte a tick)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def lobby(port: int, timeout: float) -> tuple[int, float]:
    """GET / from 127.0.0.1 on a new connection: its status (0 if it failed) and the seconds it took."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        status = response.status
    except (OSError, http.client.HTTPException):
        status = 0
    finally:
        connection.close()
    return status, time.monotonic() - start


async def slow(source: str, port: int, interval: float, end: float, counts: Counter, open_now: list[int]) -> None:
    """One slow client: a connection that sends one byte of its headers each `interval` seconds; when
    the server cuts it, another one at the next tick."""
    while time.monotonic() < end:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), interval)
        except (OSError, asyncio.TimeoutError):
            counts["could not connect"] += 1
            await asyncio.sleep(interval)
            continue
        counts["opened"] += 1
        open_now[0] += 1
        sent = 0
        try:
            while time.monotonic() < end:
                writer.write(HEADER[sent:sent + 1])
                sent += 1
                await writer.drain()
                try:
                    got = await asyncio.wait_for(reader.read(4096), min(interval, max(0.01, end - time.monotonic())))
                except asyncio.TimeoutError:
                    continue
                if not got:
                    counts["cut"] += 1
                    break
                counts["answered (refused)"] += got.startswith(b"HTTP/1.1 503")
        except OSError:
            counts["cut"] += 1
        finally:
            open_now[0] -= 1
            writer.transport.abort()
        await asyncio.sleep(max(0.0, min(interval, end - time.monotonic())))


async def attack(sources: list[str], port: int, interval: float, seconds: float, counts: Counter,
                 most_open: list[int]) -> None:
    end = time.monotonic() + seconds
    open_now = [0]
    tasks = [asyncio.create_task(slow(s, port, interval, end, counts, open_now)) for s in sources]
    while time.monotonic() < end:
        most_open[0] = max(most_open[0], open_now[0])
        await asyncio.sleep(0.2)
    await asyncio.gather(*tasks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slow", type=int, default=1100, help="slow connections at once (default 1100)")
    parser.add_argument("--addresses", type=int, default=110, help="loopback addresses they come from (default 110)")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between a slow client's bytes (5)")
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds the normal client asks for (40)")
    parser.add_argument("--descriptors", type=int, default=1024, help="the server's limit on open files (1024)")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose riskrules is served")
    parser.add_argument("--serve-option", action="append", default=[], help="another option of `risk serve`")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.slow <= 20_000 or not 1 <= args.addresses <= min(args.slow, 60_000):
        sys.exit("--slow from 1 to 20000; --addresses from 1 to --slow")
    if not 1 <= args.seconds <= 600 or not 0.1 <= args.interval <= 60:
        sys.exit("--seconds from 1 to 600; --interval from 0.1 to 60")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = args.slow + 256  # (the slow clients' sockets, and this process's own)
    if hard != resource.RLIM_INFINITY and hard < need:
        sys.exit(f"this process may open at most {hard} files; {need} are needed")
    if soft != resource.RLIM_INFINITY and soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    first = ipaddress.ip_address("127.0.0.2")
    sources = [str(first + i % args.addresses) for i in range(args.slow)]

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        out, err = Path(tmp, "server.out"), Path(tmp, "server.err")
        limit = args.descriptors

        def limited() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        with open(out, "wb") as o, open(err, "wb") as e:
            server = subprocess.Popen(
                [sys.executable, "-m", "riskrules", "serve", "--port", str(port), "--games", str(Path(tmp, "games")),
                 *args.serve_option], cwd=args.code, stdout=o, stderr=e, preexec_fn=limited)
        try:
            deadline = time.monotonic() + 60
            while lobby(port, 2)[0] != 200:
                if time.monotonic() > deadline or server.poll() is not None:
                    sys.exit(f"the server did not start:\n{err.read_text()[:2000]}")
                time.sleep(0.2)
            counts: Counter = Counter()
            most_open = [0]
            ramp = min(3.0, args.interval)  # (the slow connections open before the normal client starts)
            attacker = threading.Thread(target=lambda: asyncio.run(
                attack(sources, port, args.interval, ramp + args.seconds, counts, most_open)), daemon=True)
            attacker.start()
            time.sleep(ramp)
            latencies, statuses = [], Counter()
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                status, took = lobby(port, 10)
                statuses[status] += 1
                latencies.append(took if status == 200 else math.inf)
                time.sleep(0.1)
            attacker.join(args.interval + 30)
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        log = out.read_bytes() + err.read_bytes()
        lines = log.decode("utf-8", "replace").splitlines()
    figures = {
        "descriptors": args.descriptors, "slow connections": args.slow, "addresses": args.addresses,
        "seconds": args.seconds, "code": str(args.code), "serve options": args.serve_option,
        "requests": len(latencies), "answered 200": statuses[200], "statuses": dict(sorted(statuses.items())),
        "p50 s": round(statistics.median(latencies), 4), "p99 s": round(percentile(latencies, 99), 4),
        "slow opened": counts["opened"], "slow cut": counts["cut"], "slow refused 503": counts["answered (refused)"],
        "slow could not connect": counts["could not connect"], "slow most open at once": most_open[0],
        "log bytes": len(log), "log lines": len(lines),
    }
    if args.json:
        print(json.dumps(figures))
        return
    for name, value in figures.items():
        print(f"{name}: {value}")
    print("log, first lines:")
    for line in lines[:6]:
        print("    " + line[:200])


if __name__ == "__main__":
    main()
