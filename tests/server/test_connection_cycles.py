"""Closed connections leave no reference cycles behind.

Why: a busy server freezes what survives its young collections (``server/ops/tuning.py``), so
a cycle is reclaimed only by the rare full collection, whose pause grows with the heap (~2.4 s
at 1,000 tables). A cycle left by every closed websocket would make those pauses necessary.
"""

from __future__ import annotations

import asyncio
import gc
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from websockets.sync.client import connect

from cardroom.server.cluster.relay import relay_socket
from cardroom.server.settings import Settings

from .live import live_server


@contextmanager
def collector_off() -> Iterator[None]:
    """Only reference counting frees objects meanwhile: what a cycle holds stays alive."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def wait_until_freed(name: str, timeout: float = 30.0) -> None:
    """Wait until no object of class ``name`` is alive (the server's header timers hold each
    protocol for a moment after its connection closes)."""
    deadline = time.monotonic() + timeout
    while alive := [o for o in gc.get_objects() if type(o).__name__ == name]:
        assert time.monotonic() < deadline, f"{len(alive)} {name} objects are still alive"
        del alive
        time.sleep(0.05)


def test_closed_http_and_websocket_connections_leave_no_cycles(tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "c.db"), bot_delay=0.0, header_timeout=0.2)
    with live_server(settings, guarded=True) as (base, _), collector_off():
        for _ in range(4):
            with urllib.request.urlopen(f"{base}/api/tables") as response:
                assert response.status == 200
            with connect(base.replace("http", "ws", 1) + "/ws") as ws:
                ws.send('{"t": "hello"}')
                assert ws.recv(timeout=30)  # answered: the upgrade went through
        wait_until_freed("Guarded")


def test_a_relayed_websocket_leaves_no_cycles(tmp_path: Path) -> None:
    """A node relays a client's frames to the table's owner (``cluster/relay.py``): its own
    websocket client to the owner is freed by reference counting once the client leaves."""

    class Client:
        def __init__(self) -> None:
            self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
            self.sent: list[str] = []
            self.answered = asyncio.Event()

        async def receive_text(self) -> str | None:
            return await self.inbox.get()

        def send(self, message: str) -> None:
            self.sent.append(message)
            self.answered.set()

    async def relay_once(base: str) -> list[str]:
        client = Client()
        task = asyncio.create_task(relay_socket(client, "T1", base, '{"t": "hello"}'))
        await asyncio.wait_for(client.answered.wait(), 30)  # the owner answered through it
        client.inbox.put_nowait(None)  # the client leaves
        await asyncio.wait_for(task, 30)
        return client.sent

    settings = Settings(db=str(tmp_path / "r.db"), bot_delay=0.0, header_timeout=0.2)
    with live_server(settings, guarded=True) as (base, _), collector_off():
        for _ in range(3):
            assert asyncio.run(relay_once(base))
        wait_until_freed("ClientConnection")
        wait_until_freed("Guarded")
