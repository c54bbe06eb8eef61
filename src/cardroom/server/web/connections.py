"""Connection limits for uvicorn, so that idle or half-open sockets cannot starve the server of
file descriptors: a request head must arrive within ``header_timeout`` (also between keep-alive
requests), each client address holds at most ``max_per_address`` connections, and the total
stays below the descriptor limit minus a reserve. When the total is reached, the oldest
connection still waiting for a request head is closed to make room for the new one, so a new
client is served even while idle sockets pile up."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import socket
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from cardroom.server.settings import Settings

log = logging.getLogger("cardroom.server.web.connections")

BUSY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 31\r\n"
BUSY += b"Connection: close\r\n\r\ntoo many connections; try later"


def connection_limit(settings: Settings) -> int:
    """The total connection cap: the setting, or the descriptor limit minus the reserve."""
    if settings.max_connections > 0:
        return settings.max_connections
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, soft - settings.fd_reserve)


def guarded_protocol(settings: Settings) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class with this server's connection limits."""
    total, header_timeout = connection_limit(settings), settings.header_timeout
    peers = Peers(settings.max_per_address, settings.trusted_proxies)
    send_buffer = settings.send_buffer
    base: Any = AutoHTTPProtocol

    class Guarded(base):  # type: ignore[misc]
        """One HTTP connection (it hands its socket over on a websocket upgrade)."""

        waiting_since: float | None = None  # set while no request head is in progress

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            _limit_send_buffer(transport, send_buffer)
            self._await_head(None)
            if not peers.admit(self.client[0] if self.client else "", transport):
                self._refuse("per-address")
            elif len(self.connections) > total and not _evict_oldest_waiting(
                [c for c in self.connections if c is not self]
            ):
                self._refuse("total")

        def _refuse(self, which: str) -> None:
            log.debug("connection from %s refused: %s limit", self.client, which)
            self.connections.discard(self)
            self.transport.write(BUSY)
            self.transport.close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._await_head(self.cycle)

        def _await_head(self, cycle: Any) -> None:
            """Close the connection unless a new request head arrives within the timeout."""
            self.waiting_since = self.loop.time()
            self.loop.call_later(header_timeout, self._head_deadline, cycle)

        def _head_deadline(self, cycle: Any) -> None:
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed, or upgraded to a websocket
            if self.cycle is cycle and (cycle is None or cycle.response_complete):
                transport.close()

        def data_received(self, data: bytes) -> None:
            self.waiting_since = None
            super().data_received(data)

        def handle_websocket_upgrade(self) -> None:
            """Hand the socket to the websocket protocol, then drop the request parser: its
            callbacks are this protocol's bound methods, a reference cycle that uvicorn breaks
            only in ``connection_lost``, which an upgraded protocol never gets. Left alone, each
            websocket would leave ~18 objects for the full collection (``ops/tuning.py``)."""
            super().handle_websocket_upgrade()
            self.parser = None

    return Guarded


class Peers:
    """The open connections of each client address (their transports, websockets included:
    a transport outlives the HTTP protocol that upgraded it)."""

    def __init__(self, per_address: int, trusted: tuple[str, ...] = ()) -> None:
        self.per_address = per_address
        self.trusted = frozenset(trusted)  # proxies: their clients are limited at the proxy
        self._open: dict[str, list[asyncio.BaseTransport]] = {}
        self._accepted = 0

    def admit(self, host: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` for ``host``; ``False`` (not counted) if ``host`` is at its cap."""
        if host in self.trusted:
            return True
        self._accepted += 1
        if self._accepted % 4096 == 0:  # forget addresses whose connections all closed
            self._open = {h: live for h, ts in self._open.items() if (live := _open(ts))}
        live = _open(self._open.get(host, []))
        admitted = len(live) < self.per_address
        if admitted:
            live.append(transport)
        self._open[host] = live
        return admitted


def _limit_send_buffer(transport: asyncio.BaseTransport, size: int) -> None:
    """A small kernel send buffer: a client that stops reading blocks our writes after ``size``
    bytes instead of megabytes, so the session's lag check (``ws.py``) sees it within seconds."""
    sock = transport.get_extra_info("socket")
    if size > 0 and sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)


def _open(transports: list[asyncio.BaseTransport]) -> list[asyncio.BaseTransport]:
    return [t for t in transports if not t.is_closing()]


def _evict_oldest_waiting(connections: list[Any]) -> bool:
    """Close the connection that has waited longest for a request head; ``False`` if none."""
    waiting = [c for c in connections if getattr(c, "waiting_since", None) is not None
               and not c.transport.is_closing()]  # fmt: skip
    if not waiting:
        return False
    oldest = min(waiting, key=lambda c: c.waiting_since)
    oldest.connections.discard(oldest)
    oldest.transport.abort()
    return True


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The ``uvicorn.run``/``uvicorn.Config`` keywords that apply the connection limits."""
    return {
        "http": guarded_protocol(settings),
        "timeout_keep_alive": max(1, round(settings.keepalive_timeout)),
        "limit_concurrency": None,
        "proxy_headers": False,  # uvicorn would trust 127.0.0.1; ``server/web/proxy.py`` decides
    }
