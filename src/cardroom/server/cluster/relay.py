"""Forwarding to the node that owns a table (cluster mode, ``server/cluster/node.py``).

nginx sends a table's requests to the node that holds it in steady state; a request that lands
elsewhere (a client without the table id in its URL, a takeover that went to another node) is
passed on here rather than refused: websocket frames both ways, or one lobby HTTP call.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import urllib.error
import urllib.request
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import Response

log = logging.getLogger("cardroom.server.cluster.relay")

FORWARDED_HEADERS = (
    "authorization", "content-type", "x-cardroom-owner", "x-cardroom-invite", "x-cardroom-guest",
)  # fmt: skip


class Client(Protocol):
    """The client side: its socket's ``receive`` and a queue towards it."""

    async def receive_text(self) -> str | None: ...
    def send(self, message: Any) -> None: ...


async def relay_socket(client: Client, table: str, url: str, first: str) -> None:
    """Relay frames between ``client`` and ``table``'s owner at ``url`` (starting with the
    client's ``hello``, ``first``) until either side closes; the client then reconnects. Each
    relay is logged: a client that names its table in the URL should never need one, except
    after the table moved."""
    from websockets.asyncio.client import connect

    log.info("relaying a socket of table %s to its node %s", table, url)
    ws_url = url.replace("http", "ws", 1).rstrip("/") + "/ws"
    async with connect(ws_url, max_size=1 << 22) as upstream:
        await upstream.send(first)

        async def down() -> None:
            async for message in upstream:
                client.send(message if isinstance(message, str) else message.decode())

        async def up() -> None:
            while (text := await client.receive_text()) is not None:
                await upstream.send(text)

        tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.gather(*tasks)


def _call(url: str, method: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes, str]:
    request = urllib.request.Request(url, data=body or None, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read(), response.headers.get("content-type", "")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), exc.headers.get("content-type", "")


async def forward_http(request: Request, url: str) -> Response:
    """Pass one lobby request on to the owner and its answer back."""
    headers = {k: v for k, v in request.headers.items() if k in FORWARDED_HEADERS}
    if request.client:  # the owner node trusts this one (``--trusted-proxy``) for the address
        headers["x-real-ip"] = request.client.host
    target = url.rstrip("/") + request.url.path
    body = await request.body()
    status, content, kind = await asyncio.to_thread(_call, target, request.method, body, headers)
    return Response(content, status_code=status, media_type=kind or None)
