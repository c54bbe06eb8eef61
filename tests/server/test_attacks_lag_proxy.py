"""Attacks on per-client bounds (the lag bound, and per-address limits behind a
reverse proxy): a client that stops reading is closed within seconds with 4008 and loses nothing
on reconnect; a client cannot choose its address with proxy headers unless its peer is a
trusted proxy. Each reproduced its attack on the server before the fix."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import socket
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from cardroom.server import Settings

from .conftest import serve
from .processes import process
from .test_attacks_resilience import RELAY

pytestmark = pytest.mark.serial  # a client that stops reading is closed within seconds: runs alone

Json = dict[str, Any]


def ws_url(base: str) -> str:
    return base.replace("http://", "ws://") + "/ws"


@pytest.mark.slow
async def test_item7_a_client_that_stops_reading_is_closed_within_seconds(tmp_path: Path) -> None:
    async with process(tmp_path / "c.db", "--max-lag", "1") as (_, server, log):
        table = await server.create("relay", RELAY)
        # a client that stops reading (max_queue=1: the library stops reading the socket; a
        # small receive buffer and no compression, so the backlog reaches the server quickly)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
        sock.connect(("127.0.0.1", int(server.url.rsplit(":", 1)[1])))
        stalled = await websockets.connect(
            ws_url(server.url), sock=sock, max_queue=1, max_size=1 << 22, compression=None
        )
        await stalled.send(json.dumps({"t": "hello", "table": table}))
        welcome = json.loads(await stalled.recv())
        assert welcome["t"] == "welcome"
        start, closed_after = time.monotonic(), None
        while closed_after is None and time.monotonic() - start < 15:
            await stalled.send(json.dumps({"t": "resync"}))  # ~100/s, each answered by a welcome
            await asyncio.sleep(0.01)
            if any("behind" in line for line in log):
                closed_after = time.monotonic() - start
        assert closed_after is not None and closed_after < 8, "not closed for being behind"
        received: list[Json] = []
        with pytest.raises(ConnectionClosed) as closed:
            async with asyncio.timeout(10):
                while True:  # what was buffered, then the close frame
                    received.append(json.loads(await stalled.recv()))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4008, closed.value
        # it reconnects with ``since`` and is caught up, then follows the table again
        version = max([m["v"] for m in [welcome, *received] if "v" in m], default=0)
        async with websockets.connect(ws_url(server.url)) as again:
            await again.send(json.dumps({"t": "hello", "table": table, "since": version}))
            async with asyncio.timeout(10):
                first = json.loads(await again.recv())
                assert first["t"] != "reject", first
                await server.bot(table, 0)
                while "bot" not in json.dumps(json.loads(await again.recv())):
                    pass


async def created(url: str, forwarded: str | None, local: str = "127.0.0.1") -> list[int]:
    """Status codes of 4 table creations, each claiming to come from another address."""
    transport = httpx.AsyncHTTPTransport(local_address=local)
    codes = []
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=10) as http:
        for n in range(4):
            headers = {} if forwarded is None else {forwarded: f"10.0.0.{n + 1}"}
            body = {"game": "relay", "options": RELAY}
            codes.append((await http.post("/api/tables", json=body, headers=headers)).status_code)
    return codes


async def test_proxy_headers_count_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    burst = ("--create-burst", "2", "--create-rate", "0.01")
    async with process(tmp_path / "a.db", *burst) as (_, server, _log):
        # no trusted proxy: headers are ignored (uvicorn alone trusts 127.0.0.1's)
        assert await created(server.url, "X-Forwarded-For") == [201, 201, 429, 429]
    async with process(tmp_path / "b.db", *burst, "--trusted-proxy", "127.0.0.1") as (
        _, server, _log,
    ):  # fmt: skip
        for header in ("X-Forwarded-For", "X-Real-IP"):  # each header names a new client
            assert await created(server.url, header) == [201, 201, 201, 201]
        # a peer that is not the trusted proxy cannot spoof: it is limited as itself
        assert await created(server.url, "X-Real-IP", local="127.0.0.2") == [201, 201, 429, 429]


def test_the_shipped_nginx_configuration_names_the_client() -> None:
    from cardroom.server.cluster.nginx import render

    shipped = (Path(__file__).parents[2] / "deploy" / "nginx-cluster.conf").read_text()
    for text in (render("127.0.0.1:8100", ["127.0.0.1:8101"], "/tmp/x"), shipped):
        assert "proxy_set_header X-Real-IP $remote_addr;" in text  # overwrites a client's own
        assert "X-Forwarded-For $proxy_add_x_forwarded_for" in text


# -- one address cannot fill the room: a cluster's nodes share its limits ------------------------
PG_URL = os.environ.get("CARDROOM_TEST_PG_URL")


@pytest.mark.skipif(not PG_URL, reason="CARDROOM_TEST_PG_URL is not set")
async def test_room_10_cluster_nodes_share_the_creation_limits() -> None:
    """nginx sends ``POST /api/tables`` to any node: alternating between two nodes on one
    PostgreSQL, one address still gets its burst of creations and its bound of open tables
    once, not once per node."""
    asyncpg = pytest.importorskip("asyncpg")
    assert PG_URL is not None
    schema = f"room_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(PG_URL)
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    db = f"{PG_URL}{'&' if '?' in PG_URL else '?'}search_path={schema}"
    first = 10_000 + secrets.randbelow(50_000)  # node ids lock database-wide: keep clear of others
    node = Settings(db=db, bot_delay=0.0, node_id=first, node_url="http://127.0.0.1:9")
    try:  # the defaults: a burst of 10 creations, 10 open tables per address
        async with serve(node) as one, serve(replace(node, node_id=first + 1)) as two:
            answers = [await n.http.post("/api/tables", json={"game": "relay", "options": RELAY})
                       for _ in range(11) for n in (one, two)]  # fmt: skip
            codes = [r.status_code for r in answers]
            assert codes == [201] * 10 + [429] * 12, [r.text for r in answers]
            refusals = [r.json()["error"] for r in answers[10:]]
            assert any("too many tables created" in e for e in refusals), refusals  # rate
            assert all("too many tables created" in e or "your limit" in e for e in refusals)
    finally:
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()
