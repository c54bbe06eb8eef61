"""Request limits: the HTTP body size (refused with 413 before the body is read), the time a
body may stall (408), the rate at which one client address may create tables (429 with
``Retry-After``) and chat (``ChatLimiter``), and ``Quota``: how much of the room one address
may hold at once (seats, bot-only tables)."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_TRACKED = 10_000  # addresses remembered by a rate limiter before full buckets are dropped


class CreationLimiter(Protocol):
    """Spends one table creation of a holder: 0 if granted, else the seconds to wait."""

    async def acquire(self, key: str) -> float: ...


class BodyRefused(Exception):
    """A body grew past the limit while it was read, or stalled: ``status`` says which."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class BodyLimit:
    """ASGI middleware: a request whose body exceeds ``limit`` bytes gets 413. A declared
    ``Content-Length`` is checked before anything is read; a chunked body is counted as it
    arrives and refused at the first byte over the limit. A body that sends nothing for
    ``stall`` seconds gets 408 (a slow upload must not hold a connection for ever)."""

    def __init__(self, app: ASGIApp, limit: int, stall: float = 10.0) -> None:
        self.app = app
        self.limit = limit
        self.stall = stall

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await self._refuse(send, 413)
            return
        seen, started, done = 0, False, False

        async def counted() -> Message:
            nonlocal seen, done
            if done:  # the body is read: what follows is a disconnect, wait for it freely
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), self.stall)
            except TimeoutError:
                raise BodyRefused(408) from None
            seen += len(message.get("body", b""))
            done = not message.get("more_body", False)
            if seen > self.limit:
                raise BodyRefused(413)
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except BodyRefused as exc:
            if not started:
                await self._refuse(send, exc.status)

    async def _refuse(self, send: Send, status: int) -> None:
        text = (
            f"the request body is larger than {self.limit} bytes"
            if status == 413
            else f"the request body stalled for {self.stall:g} s"
        )
        body = json.dumps({"error": text})
        headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
        await send({"type": "http.response.start", "status": status, "headers": headers})
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

    async def acquire(self, key: str) -> float:
        """``take`` now: the interface a cluster's shared limiter also has
        (``cluster.rate.SharedRateLimiter``)."""
        return self.take(key)

    def _forget_full(self, now: float) -> None:
        """Drop buckets that have refilled: they hold nothing a new bucket would not."""
        full = [k for k, (t, since) in self._buckets.items()
                if t + (now - since) * self.rate >= self.burst]  # fmt: skip
        for key in full:
            del self._buckets[key]


def retry_after(seconds: float) -> dict[str, Any]:
    """The ``Retry-After`` header for a wait (whole seconds, at least 1)."""
    return {"Retry-After": str(max(1, math.ceil(min(seconds, 86400.0))))}


class ChatLimiter:
    """Chat lines are limited per address (every socket of one address together: opening more
    sockets buys nothing) and per identity (a seat, or a spectator at an address: a seat's
    token shared across addresses buys nothing either).

    >>> chat = ChatLimiter(RateLimiter(2, 60.0), RateLimiter(1, 60.0))
    >>> [chat.refusal("a", f"t:spectator:{n}", now=0.0) for n in range(3)]
    [None, None, 'too many chat lines from your address; wait a moment']
    >>> chat.refusal("b", "t:seat:0", now=0.0), chat.refusal("c", "t:seat:0", now=0.5)
    (None, 'one chat line per second, please')
    """

    def __init__(self, per_address: RateLimiter, per_identity: RateLimiter) -> None:
        self.per_address = per_address
        self.per_identity = per_identity

    def refusal(self, address: str, identity: str, now: float | None = None) -> str | None:
        """Spend a line of both buckets: ``None`` if granted, else why not."""
        if self.per_identity.take(identity, now) > 0:
            return "one chat line per second, please"
        if self.per_address.take(address, now) > 0:
            return "too many chat lines from your address; wait a moment"
        return None


class OverQuota(Exception):
    """A key already holds its bound of something; the message says what (``code`` and
    ``params``, ``{"n": bound}``, for a page: ``LobbyError``'s)."""

    def __init__(self, msg: str, code: str | None, bound: int) -> None:
        super().__init__(msg)
        self.code = code
        self.params: dict[str, object] = {"n": bound}


class Quota:
    """At most ``bound`` things held per key (0 = no bound): ``count(key)`` says how many are
    held now, and a grant in progress (``hold``) counts too, so concurrent requests of one key
    cannot overshoot while theirs are being stored.

    >>> held = Counter({"a": 1})
    >>> quota = Quota(2, lambda key: held[key], "seats")
    >>> with quota.hold("a"):
    ...     quota.hold("a").__enter__()
    Traceback (most recent call last):
    ...
    cardroom.server.ops.limits.OverQuota: your address already holds 2 seats, its limit
    """

    def __init__(
        self, bound: int, count: Callable[[str], int], what: str, code: str | None = None
    ) -> None:
        self.bound = bound
        self.count = count
        self.what = what
        self.code = code
        self._pending: Counter[str] = Counter()

    def check(self, key: str) -> None:
        """``OverQuota`` if ``key`` holds its bound (grants in progress included)."""
        if self.bound > 0 and self.count(key) + self._pending[key] >= self.bound:
            msg = f"your address already holds {self.bound} {self.what}, its limit"
            raise OverQuota(msg, self.code, self.bound)

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        """Check, then count one more for ``key`` until the block ends (granted or not)."""
        self.check(key)
        self._pending[key] += 1
        try:
            yield
        finally:
            self._pending[key] -= 1
            if not self._pending[key]:
                del self._pending[key]
