"""What every request passes before it reaches a game: each check answers a clean 4xx, in JSON.

* `first_look`: the server answers only requests whose Host is one of its own names (the
  loopback names, the address it listens on, those given with --allowed-host), so that a web
  site whose name is made to point at the server's address (DNS rebinding) gets nothing.
* `change`: a request that changes something (a new game, an answer) is JSON, and, if a
  browser says where the page that sends it came from (Origin, Sec-Fetch-Site), from here.
* `rate`: a token bucket per client — per seat for a seat's requests, per address otherwise —
  so that one client's flood is answered 429 and slows only itself; `polling` bounds the
  requests one seat may keep waiting.
* `body`: at most MAX_BODY bytes, read as they come (a Content-Length is not trusted), JSON
  whose nesting Python's parser can hold.
"""

from __future__ import annotations

import json
import time
from contextlib import contextmanager
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

MAX_BODY = 16 * 1024
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})
NO_STORE = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def json_response(data: Any, status: int = 200) -> Response:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Response(body, status_code=status, media_type="application/json", headers=NO_STORE)


def problem(status: int, message: str) -> Response:
    return json_response({"error": message}, status)


class Bucket:
    __slots__ = ("tokens", "at")

    def __init__(self, tokens: float, at: float):
        self.tokens, self.at = tokens, at


class Guards:
    def __init__(self, names: frozenset[str] | None = None, rate: float = 20.0, burst: int = 60,
                 create_rate: float = 0.5, create_burst: int = 10, polls_per_seat: int = 4):
        self.names = LOOPBACK_NAMES if names is None else names  # the Host names a page may be loaded from
        self.rate_per_second, self.burst = rate, burst
        self.create_rate, self.create_burst = create_rate, create_burst
        self.polls_per_seat = polls_per_seat
        self.buckets: dict[tuple, Bucket] = {}
        self.waiting: dict[tuple, int] = {}

    def first_look(self, request: Request) -> Response | None:
        host = request.headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if name.lower() not in self.names:
            return problem(421, "this server answers only pages loaded from its own address (see --allowed-host)")
        return None

    def change(self, request: Request) -> Response | None:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return problem(415, "send JSON (Content-Type: application/json)")
        if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return problem(403, "a change must come from this server's own pages")
        origin = request.headers.get("origin")
        if origin is not None and origin != f"{request.url.scheme}://{request.headers.get('host', '')}":
            return problem(403, "a change must come from this server's own pages")
        return None

    def _key(self, request: Request, seats: list[int] | None) -> tuple:
        if seats:
            return ("seat", request.path_params.get("gid"), min(seats))
        return ("client", request.client.host if request.client else "?")

    def rate(self, request: Request, seats: list[int] | None, creating: bool = False) -> Response | None:
        key = self._key(request, seats) + (("create",) if creating else ())
        rate, burst = (self.create_rate, self.create_burst) if creating else (self.rate_per_second, self.burst)
        now = time.monotonic()
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 100_000:  # (forget the idle ones rather than grow without end)
                self.buckets = {k: b for k, b in self.buckets.items() if now - b.at < 60}
            bucket = self.buckets[key] = Bucket(burst, now)
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        if bucket.tokens < 1:
            wait = max(1, round((1 - bucket.tokens) / rate))
            response = problem(429, "too many requests: slow down")
            response.headers["Retry-After"] = str(wait)
            return response
        bucket.tokens -= 1
        return None

    @contextmanager
    def polling(self, seats: list[int], gid: str | None = None):
        """Is one more waiting request allowed for these seats? (Counted while it waits.)"""
        key = (gid, min(seats))
        if self.waiting.get(key, 0) >= self.polls_per_seat:
            yield False
            return
        self.waiting[key] = self.waiting.get(key, 0) + 1
        try:
            yield True
        finally:
            self.waiting[key] -= 1
            if not self.waiting[key]:
                del self.waiting[key]

    async def body(self, request: Request) -> tuple[Any, Response | None]:
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            return None, problem(413, f"a request's body is at most {MAX_BODY // 1024} KiB")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                return None, problem(413, f"a request's body is at most {MAX_BODY // 1024} KiB")
            chunks.append(chunk)
        try:
            return json.loads(b"".join(chunks).decode("utf-8")), None
        except (ValueError, RecursionError):  # (not UTF-8, not JSON, a number of more than 4,300 digits)
            return None, problem(400, "the body is not JSON")
