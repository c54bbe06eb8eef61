"""Closed connections leave no reference cycles behind.

Why: a busy server freezes what survives its young collections (``server/ops/tuning.py``), so
a cycle is reclaimed only by the rare full collection, whose pause grows with the heap (~2.4 s
at 1,000 tables). A cycle left by every closed websocket would make those pauses necessary.
"""

from __future__ import annotations

import gc
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from websockets.sync.client import connect

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


def wait_until_freed(name: str, timeout: float = 10.0) -> None:
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
                assert ws.recv(timeout=5)  # answered: the upgrade went through
        wait_until_freed("Guarded")
