"""Real servers for the tests: uvicorn on a free 127.0.0.1 port, the ``websockets`` client, and
SQLite files in ``tmp_path``."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from cardroom.server import Settings, create_app
from cardroom.storage import TableStore

from . import relay  # noqa: F401  (registers the "relay" test game)
from .chromium import ARGS, CHROMIUM

Json = dict[str, Any]
TIMEOUT = 30.0  # generous: a loaded 2-core machine can stall a step for seconds


@dataclass
class Server:
    url: str
    app: Any
    http: httpx.AsyncClient
    owners: dict[str, str] = field(default_factory=dict)  # table id -> owner secret

    def as_owner(self, table: str, guest: str = "owner") -> dict[str, str]:
        """Headers of the table's owner (who may seat anyone, bots included) as guest ``guest``."""
        return {"X-Cardroom-Owner": self.owners.get(table, ""), "X-Cardroom-Guest": guest}

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://") + "/ws"

    @property
    def registry(self) -> Any:
        return self.app.state.registry

    async def create(self, game: str = "relay", options: Json | None = None) -> str:
        response = await self.http.post(
            "/api/tables", json={"game": game, "options": options or {}, "name": "t"}
        )
        assert response.status_code == 201, response.text
        table = str(response.json()["id"])
        self.owners[table] = str(response.json().get("owner", ""))
        return table

    async def seat(self, table: str, seat: int, name: str = "") -> str:
        response = await self.http.post(
            f"/api/tables/{table}/seats/{seat}",
            json={"name": name or f"p{seat}"},
            headers=self.as_owner(table, f"guest-{seat}"),
        )
        assert response.status_code == 200, response.text
        return str(response.json()["token"])

    async def bot(self, table: str, seat: int, level: str = "random") -> None:
        response = await self.http.post(
            f"/api/tables/{table}/seats/{seat}/bot",
            json={"level": level},
            headers=self.as_owner(table),
        )
        assert response.status_code == 200, response.text

    async def info(self, table: str) -> Json:
        response = await self.http.get(f"/api/tables/{table}")
        assert response.status_code == 200, response.text
        data: Json = response.json()
        return data


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@asynccontextmanager
async def serve(settings: Settings, store: TableStore | None = None) -> AsyncIterator[Server]:
    """Run ``create_app(settings, store)`` on uvicorn in this event loop until the block ends."""
    app = create_app(settings, store)
    sock = free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on", ws_max_size=1 << 20)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT) as client:
        try:
            yield Server(url, app, client)
        finally:
            server.should_exit = True
            await asyncio.wait_for(task, TIMEOUT)
            sock.close()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(db=str(tmp_path / "cardroom.db"), bot_delay=0.0, round_pause=0.0)


@pytest.fixture
async def server(settings: Settings) -> AsyncIterator[Server]:
    async with serve(settings) as running:
        yield running


@dataclass
class Client:
    """A websocket client that remembers every message it received."""

    ws: Any
    seen: list[Json] = field(default_factory=list)
    obs: Json | None = None
    v: int | None = None
    next_id: int = 1
    unfolded: list[Json] = field(default_factory=list)
    folded: int = 0

    @classmethod
    async def connect(
        cls, url: str, table: str, token: str | None, since: int | None = None
    ) -> Client:
        client = cls(await websockets.connect(url, max_size=1 << 22))
        await client.send({"t": "hello", "table": table, "token": token, "since": since})
        return client

    async def send(self, message: Json) -> None:
        await self.ws.send(json.dumps(message))

    async def send_raw(self, raw: str | bytes) -> None:
        await self.ws.send(raw)

    async def act(self, text: str, v: int | None = None) -> int:
        """Send an act (with ``v``, the version it was chosen on, when given)."""
        self.next_id += 1
        msg: Json = {"t": "act", "a": text, "id": self.next_id}
        if v is not None:
            msg["v"] = v
        await self.send(msg)
        return self.next_id

    async def recv(self, timeout: float = TIMEOUT) -> Json:
        """The next frame; an ``ack`` or ``clock`` folded into an ``ev`` comes out after it as
        the frame it stands for (as the browser reads it), and ``folded`` counts those."""
        if self.unfolded:
            message = self.unfolded.pop(0)
        else:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
            if message["t"] == "ev":
                if message.get("ack") is not None:
                    self.unfolded.append({"t": "ack", "id": message["ack"]})
                if message.get("clock") is not None:
                    self.unfolded.append({"t": "clock", **message["clock"]})
                self.folded += len(self.unfolded)
        self.seen.append(message)
        if message["t"] in ("welcome", "ev"):
            self.obs, self.v = message["obs"], message["v"]
        return message

    async def until(self, pred: Callable[[Json], bool], timeout: float = TIMEOUT) -> Json:
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv()
                if pred(message):
                    return message

    async def obs_until(self, pred: Callable[[Json], bool], timeout: float = TIMEOUT) -> Json:
        """The first observation (the current one included) that satisfies ``pred``."""
        if self.obs is not None and pred(self.obs):
            return self.obs
        message = await self.until(
            lambda m: m["t"] in ("ev", "welcome") and pred(m["obs"]), timeout
        )
        obs: Json = message["obs"]
        return obs

    async def close(self) -> None:
        await self.ws.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium through Playwright, one per browser test module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()
