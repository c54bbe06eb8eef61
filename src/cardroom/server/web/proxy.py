"""The client's address behind a trusted reverse proxy.

Why: per-address limits (connections, table creation, the guest fallback) must see the real
client, but behind nginx every peer is nginx. The address comes from ``X-Real-IP`` (or the
nearest untrusted hop of ``X-Forwarded-For``) only when the TCP peer is a configured trusted
proxy; anyone else's headers are ignored, so a client cannot choose its own address.

>>> client_address("127.0.0.1", {b"x-forwarded-for": b"6.6.6.6, 10.1.2.3"}, {"127.0.0.1"})
'10.1.2.3'
>>> client_address("10.9.9.9", {b"x-real-ip": b"6.6.6.6"}, {"127.0.0.1"})
'10.9.9.9'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Collection, Mapping

from starlette.types import ASGIApp, Receive, Scope, Send


def client_address(peer: str, headers: Mapping[bytes, bytes], trusted: Collection[str]) -> str:
    """The client's address: ``peer``, unless ``peer`` is trusted and names a valid one."""
    if peer not in trusted:
        return peer
    real = _address(headers.get(b"x-real-ip", b""))
    if real is not None:
        return real
    hops = headers.get(b"x-forwarded-for", b"").decode("latin-1").split(",")
    for hop in reversed(hops):  # the right end was added by the proxy nearest to us
        address = _address(hop.encode("latin-1"))
        if address is None:
            break
        if address not in trusted:
            return address
    return peer


def _address(raw: bytes) -> str | None:
    try:
        return str(ipaddress.ip_address(raw.decode("latin-1").strip()))
    except ValueError:
        return None


class TrustedProxy:
    """ASGI middleware: rewrites ``scope["client"]`` from the proxy headers of trusted peers
    (HTTP and websocket), so every route sees the real client address."""

    def __init__(self, app: ASGIApp, trusted: Collection[str]) -> None:
        self.app = app
        self.trusted = frozenset(trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if self.trusted and scope["type"] in ("http", "websocket") and client:
            address = client_address(client[0], dict(scope["headers"]), self.trusted)
            if address != client[0]:
                scope = {**scope, "client": (address, 0)}
        await self.app(scope, receive, send)
