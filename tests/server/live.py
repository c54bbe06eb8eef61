"""A real uvicorn server in a thread on a free port, for the browser tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardroom.server.settings import Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(settings: Settings, guarded: bool = False) -> Iterator[tuple[str, Any]]:
    """Serve ``create_app(settings)`` until the block ends; yields the base URL and the app (a
    test may reach its state, or patch how it deals). ``guarded``: with ``cardroom serve``'s
    connection protocol and limits (``server/web/connections.py``)."""
    uvicorn = pytest.importorskip("uvicorn")
    from cardroom.server.app import create_app
    from cardroom.server.web.connections import uvicorn_options

    app = create_app(settings)
    port = free_port()
    options = uvicorn_options(settings) if guarded else {}
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws="auto", **options
    )
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        srv.should_exit = True
        thread.join(10)
