"""Request limits: the HTTP body size (refused with 413 before the body is read) and the rate
at which one client address may create tables (429 with ``Retry-After``)."""

from __future__ import annotations

import json
import math
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_TRACKED = 10_000  # addresses remembered by a rate limiter before full buckets are dropped


class BodyTooLarge(Exception):
    """A body grew past the limit while it was read (no ``Content-Length``)."""


class BodyLimit:
    """ASGI middleware: a request whose body exceeds ``limit`` bytes gets 413. A declared
    ``Content-Length`` is checked before anything is read; a chunked body is counted as it
    arrives and refused at the first byte over the limit."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await self._refuse(send)
            return
        seen, started = 0, False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": f"the request body is larger than {self.limit} bytes"})
        headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body.encode()})


class RateLimiter:
    """A token bucket per key (a client address): ``burst`` at once, refilled at ``per_minute``.

    >>> limiter = RateLimiter(2, 60.0)
    >>> [limiter.take("a", now=0.0) for _ in range(3)], limiter.take("b", now=0.0)
    ([0.0, 0.0, 1.0], 0.0)
    >>> limiter.take("a", now=1.0)
    0.0
    """

    def __init__(self, burst: int, per_minute: float) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one token of ``key``: 0 if granted, else the seconds until one is due."""
        now = time.monotonic() if now is None else now
        tokens, since = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate if self.rate > 0 else math.inf
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > MAX_TRACKED:
            self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        """Drop buckets that have refilled: they hold nothing a new bucket would not."""
        full = [k for k, (t, since) in self._buckets.items()
                if t + (now - since) * self.rate >= self.burst]  # fmt: skip
        for key in full:
            del self._buckets[key]


def retry_after(seconds: float) -> dict[str, Any]:
    """The ``Retry-After`` header for a wait (whole seconds, at least 1)."""
    return {"Retry-After": str(max(1, math.ceil(min(seconds, 86400.0))))}
