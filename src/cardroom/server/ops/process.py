"""``cardroom serve``'s uvicorn: the address is checked before the database is opened, a signal
stops the start at once (``server/ops/startup.py``), and the log names the address listened on
with the port actually bound (``--port 0`` picks one)."""

from __future__ import annotations

import logging
import signal
import socket
from types import FrameType

import uvicorn

from cardroom.server.ops.startup import Startup

log = logging.getLogger("cardroom.server.ops.process")


def check_address(host: str, port: int) -> None:
    """``OSError`` if ``host:port`` cannot be listened on (in use, or no address of this
    machine): said at once, not after the database is opened and its tables resumed. Each
    address is bound as uvicorn's asyncio server will bind it, then let go."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    for family, kind, proto, _, address in found:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            probe.bind(address)


def url(sock: socket.socket) -> str:
    """The HTTP address of a listening socket, with the port it was given.

    >>> with socket.create_server(("127.0.0.1", 0)) as sock:
    ...     url(sock) == f"http://127.0.0.1:{sock.getsockname()[1]}"
    True
    """
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


class Server(uvicorn.Server):
    """uvicorn's server, told of the app's ``Startup`` so that a signal stops it too: uvicorn
    alone would only stop once the start has run to its end."""

    def __init__(self, config: uvicorn.Config, start: Startup) -> None:
        super().__init__(config)
        self.start = start

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        if not self.started:
            self.start.stop(signal.Signals(sig).name)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        listening = [url(sock) for server in self.servers for sock in server.sockets]
        log.info("listening on %s", ", ".join(listening))
