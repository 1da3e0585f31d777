"""The connections of `risk serve`: deadlines for a request's headers and body, a bound on the
connections held (in all, and per address), and an accept loop of its own that stays quiet and goes
on when the process runs out of file descriptors.

uvicorn has no deadline for a request's headers, and asyncio's accept loop logs a traceback for
every failed accept() when descriptors run out (and keeps trying): a few hundred clients that send
a header byte every few seconds stop such a server answering anyone. Here uvicorn runs the app and
its h11 protocol as ever, but the listening socket is served by `Gate`, which counts and bounds the
connections and creates a `Guarded` protocol (h11 with deadlines) for each one it admits.

A connection is *waiting* while its request's headers or body are still coming. When a new one
would pass a bound, the connection of that address (or, for the total, of anyone) that has been
waiting longest is dropped for it if it has waited a second (half the header deadline, if that is
shorter); otherwise the new one is refused (a short 503, then closed). A request the app is
answering (a long poll, say) is never dropped for another.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import os
import socket
import time
from collections import Counter, OrderedDict
from collections.abc import Callable

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

DROP_AFTER = 1.0  # seconds a connection waits for its request before it may be dropped for a new one
MOST_DEFAULT = 10_000  # the default bound on connections, if descriptors allow it
SPARE = 128  # descriptors left for the rest (game files, the loop, the listening socket) by the default bound
KEEP_ALIVE = 5  # seconds an idle connection is kept between requests (uvicorn's timeout_keep_alive)
REPORT_EVERY = 60.0  # seconds between two lines of one kind in the log
OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
           b"Retry-After: 1\r\nConnection: close\r\n\r\nbusy\n")


def descriptor_limit() -> int | None:
    """This process's soft limit on open files (None where it has none to tell)."""
    try:
        import resource
    except ImportError:  # (Windows)
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def default_most() -> int:
    """The default bound on connections: the descriptor limit less SPARE, at most MOST_DEFAULT."""
    limit = descriptor_limit()
    return MOST_DEFAULT if limit is None else max(16, min(MOST_DEFAULT, limit - SPARE))


def address_key(address: str) -> str:
    """Whom a connection is counted against: its IPv4 address, or its IPv6 /64 (one host's share)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Reporter:
    """One line of each kind at most every REPORT_EVERY seconds, with how often it happened since."""

    def __init__(self, say: Callable[[str], None]):
        self.say = say
        self.last: dict[str, float] = {}
        self.since: Counter[str] = Counter()

    def __call__(self, kind: str, line: str) -> None:
        now = time.monotonic()
        if kind in self.last and now - self.last[kind] < REPORT_EVERY:
            self.since[kind] += 1
            return
        more = self.since.pop(kind, 0)
        self.last[kind] = now
        self.say(line + (f" ({more} more since the last such line)" if more else ""))


class QuietRepeats(logging.Filter):
    """A log filter: a message (by its format) at most once every REPORT_EVERY seconds, with a count
    of those left out; for uvicorn's and asyncio's loggers, which a client could otherwise make write
    a line (or a traceback) per request."""

    def __init__(self):
        super().__init__()
        self.last: dict[str, float] = {}
        self.since: Counter[str] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        kind, now = str(record.msg).split("\n", 1)[0][:200], time.monotonic()
        if kind in self.last and now - self.last[kind] < REPORT_EVERY:
            self.since[kind] += 1
            return False
        if len(self.last) > 1000:  # (bounded: forget the old kinds)
            self.last = {k: t for k, t in self.last.items() if now - t < REPORT_EVERY}
        more = self.since.pop(kind, 0)
        self.last[kind] = now
        if more:
            record.msg = f"{record.msg} ({more} more since the last such line)"
        return True


class Guarded(H11Protocol):
    """uvicorn's h11 protocol with deadlines: the request's headers within `header_timeout` of the
    accept (or of the previous answer on a kept-alive connection), its body within `body_timeout`
    of the headers, an answer's writing stalled (the client not reading) at most `body_timeout`."""

    gate: Gate
    key: str
    phase: str | None = None  # "headers" or "body" while waiting for them, else None
    since = 0.0  # when it entered its phase (the loop's clock)
    timer: asyncio.TimerHandle | None = None
    stall: asyncio.TimerHandle | None = None
    cut = False  # dropped before its transport was made: dropped when it is

    def enter(self, phase: str | None) -> None:
        if phase == self.phase:
            return
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.phase, self.since = phase, self.loop.time()
        self.gate.waiting_changed(self)
        if phase is not None:
            limit = self.gate.header_timeout if phase == "headers" else self.gate.body_timeout
            self.timer = self.loop.call_later(limit, self.drop)

    def watch(self) -> None:
        """Enter the phase the request is in: waiting for headers, for a body, or neither."""
        state = self.conn.their_state
        if self.transport is None or self.transport.is_closing():
            self.enter(None)
        elif state is h11.IDLE:
            self.enter("headers")
        elif state is h11.SEND_BODY:
            self.enter("body")
        else:
            self.enter(None)

    def drop(self) -> None:
        """Cut the connection now (a deadline passed, or it waited longest when room was needed)."""
        self.enter(None)
        if self.transport is None:
            self.cut = True
        else:
            self.transport.abort()

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.cut:
            transport.abort()
        else:
            self.watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.watch()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.stall is None:
            self.stall = self.loop.call_later(self.gate.body_timeout, self.drop)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.enter(None)
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None
        self.gate.release(self)
        super().connection_lost(exc)


class Gate:
    """The accept loop of one listening socket: admits a connection within the bounds (dropping the
    longest-waiting one to make room), refuses it otherwise, and when descriptors run out says so
    once a minute, drops the longest-waiting connections, refuses what it cannot hold with a spare
    descriptor kept for that, and goes on accepting."""

    def __init__(self, listening: socket.socket, make: Callable[[], Guarded], *, most: int, per_address: int,
                 header_timeout: float, body_timeout: float, report: Reporter, backlog: int = 2048):
        self.listening, self.make, self.report = listening, make, report
        self.most, self.per_address = most, per_address
        self.header_timeout, self.body_timeout = header_timeout, body_timeout
        self.drop_after = min(DROP_AFTER, header_timeout / 2)
        self.held: set[Guarded] = set()
        self.of: Counter[str] = Counter()
        self.waiting: OrderedDict[Guarded, None] = OrderedDict()  # oldest first
        self.waiting_of: dict[str, OrderedDict[Guarded, None]] = {}
        self.spare: int | None = None
        self.task: asyncio.Task | None = None
        listening.setblocking(False)
        listening.listen(backlog)

    # the counts
    def waiting_changed(self, protocol: Guarded) -> None:
        mine = self.waiting_of.setdefault(protocol.key, OrderedDict())
        self.waiting.pop(protocol, None)
        mine.pop(protocol, None)
        if protocol.phase is not None and protocol in self.held:
            self.waiting[protocol] = None
            mine[protocol] = None
        elif not mine:
            del self.waiting_of[protocol.key]

    def release(self, protocol: Guarded) -> None:
        if protocol in self.held:
            self.held.discard(protocol)
            self.of[protocol.key] -= 1
            if not self.of[protocol.key]:
                del self.of[protocol.key]
            self.waiting_changed(protocol)

    def drop_oldest(self, key: str | None = None) -> bool:
        """Drop the connection waiting longest (of `key`, or of anyone) if it has waited `drop_after`
        seconds; False if none has. (A request only just come is more likely slowed by the server than
        slow: rather than cut it, the new connection is refused.)"""
        queue = self.waiting if key is None else self.waiting_of.get(key)
        if not queue:
            return False
        oldest = next(iter(queue))
        if oldest.loop.time() - oldest.since < self.drop_after:
            return False
        self.release(oldest)
        oldest.drop()
        return True

    # the accept loop
    def start(self) -> None:
        self.take_spare()
        self.task = asyncio.get_running_loop().create_task(self.accepting())

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.spare is not None:
            os.close(self.spare)
            self.spare = None

    async def wait_closed(self) -> None:
        if self.task is not None:
            try:
                await self.task
            except asyncio.CancelledError:
                pass

    def take_spare(self) -> None:
        if self.spare is None:
            try:
                self.spare = os.open(os.devnull, os.O_RDONLY)
            except OSError:
                pass

    async def accepting(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, peer = await loop.sock_accept(self.listening)
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                continue
            except OSError as err:
                if err.errno in OUT_OF_DESCRIPTORS:
                    await self.starved(err)
                else:
                    self.report("accept", f"cannot accept a connection ({err.strerror or err})")
                    await asyncio.sleep(0.1)
                continue
            try:
                dropped = self.admit(conn, peer)
            except Exception as err:  # (the loop goes on whatever one connection does)
                self.report("admit", f"a connection closed: {type(err).__name__}: {err}")
                conn.close()
                continue
            if dropped:
                await asyncio.sleep(0)  # (a dropped connection's descriptor is closed on the loop's next turn)

    async def starved(self, err: OSError) -> None:
        self.report("descriptors", f"out of file descriptors ({err.strerror}) with {len(self.held)} connections "
                                   "held: the longest waiting are dropped, new ones refused until there is room")
        dropped = sum(self.drop_oldest() for _ in range(16))
        if not dropped and self.spare is not None:  # refuse those waiting in the backlog, with the spare descriptor
            os.close(self.spare)
            self.spare = None
            for _ in range(64):
                try:
                    conn, _ = self.listening.accept()
                except OSError:
                    break
                refuse(conn)
            self.take_spare()
        await asyncio.sleep(0.02 if dropped else 0.1)  # (the dropped ones' descriptors close on the loop's next turn)

    def admit(self, conn: socket.socket, peer) -> bool:
        """Hold the connection, or refuse it; True if another was dropped for it."""
        key = address_key(peer[0] if isinstance(peer, tuple) and peer else "")
        dropped = False
        if self.of[key] >= self.per_address:
            dropped = self.drop_oldest(key)
            if not dropped:
                self.report("per-address", f"a connection of {key} refused: it holds {self.per_address} "
                                           "(--max-per-address), none of them waiting long for a request")
                refuse(conn)
                return False
        if len(self.held) >= self.most:
            if not self.drop_oldest():
                self.report("most", f"a connection refused: {self.most} held (--max-connections), "
                                    "none of them waiting long for a request")
                refuse(conn)
                return dropped
            dropped = True
        protocol = self.make()
        protocol.gate, protocol.key = self, key
        self.held.add(protocol)
        self.of[key] += 1
        protocol.enter("headers")  # (the header deadline runs from the accept)
        task = asyncio.get_running_loop().create_task(
            asyncio.get_running_loop().connect_accepted_socket(lambda: protocol, conn))
        task.add_done_callback(lambda done: self.made(done, protocol, conn))
        return dropped

    def made(self, task: asyncio.Task, protocol: Guarded, conn: socket.socket) -> None:
        if task.cancelled() or task.exception() is not None:
            self.release(protocol)
            protocol.enter(None)
            conn.close()


def refuse(conn: socket.socket) -> None:
    """A short 503 if the socket takes it at once, then closed."""
    try:
        conn.setblocking(False)
        conn.recv(65536)  # (what it has sent already: closed with nothing unread, it gets a FIN, not a reset)
    except OSError:
        pass
    try:
        conn.send(REFUSAL)
    except OSError:
        pass
    conn.close()


def quiet_disconnects(app):
    """The ASGI app, but a request whose client went (or was cut off) while its body came is no error
    of the app's: nothing is answered and nothing logged (Starlette raises ClientDisconnect)."""
    from starlette.requests import ClientDisconnect

    async def quiet(scope, receive, send):
        try:
            await app(scope, receive, send)
        except ClientDisconnect:
            pass

    return quiet


class GuardedServer(uvicorn.Server):
    """uvicorn's server, its listening socket served by a `Gate` instead of asyncio's own loop."""

    def __init__(self, config: uvicorn.Config, listening: socket.socket, *, most: int, per_address: int,
                 header_timeout: float, body_timeout: float, say: Callable[[str], None]):
        super().__init__(config)
        self.listening = listening
        self.bounds = dict(most=most, per_address=per_address, header_timeout=header_timeout,
                           body_timeout=body_timeout)
        self.reporter = Reporter(say)
        for name in ("uvicorn.error", "asyncio"):
            logger = logging.getLogger(name)
            if not any(isinstance(f, QuietRepeats) for f in logger.filters):
                logger.addFilter(QuietRepeats())

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        loop = asyncio.get_running_loop()

        def make() -> Guarded:
            return Guarded(config=self.config, server_state=self.server_state, app_state=self.lifespan.state,
                           _loop=loop)

        # The socket listens before `started` is set (a client told the server has started could
        # otherwise be refused); connections wait in the backlog until the gate accepts.
        gate = Gate(self.listening, make, report=self.reporter, backlog=self.config.backlog, **self.bounds)
        await super().startup(sockets=[])  # (the lifespan; no listening of uvicorn's own)
        if not self.started:
            return
        self.config.loaded_app = quiet_disconnects(self.config.loaded_app)
        gate.start()
        self.servers.append(gate)  # type: ignore[arg-type]  (closed and awaited on shutdown like a server)
