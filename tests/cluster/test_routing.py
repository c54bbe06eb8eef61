"""Two nodes on real PostgreSQL behind real nginx: a client that names its table in the socket's
URL (``cardroom play`` here, the browser alike) lands on the node that owns the table, with no
relay hop, and when that node dies it lands on the node that takes the table over; a client of
plain ``/ws`` that reaches the other node is still served, one relay hop away. The nodes' logs
say every relay (``cluster/relay.py``). Skips without nginx, asyncpg or
``CARDROOM_TEST_PG_URL``."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from cardroom.tui.prompt import Console
from cardroom.tui.remote import _play
from tests.server.conftest import Client
from tests.tui.test_remote import StallsInPlay, Terminal, owes_on_screen, until

from .nodes import NEEDS, Cluster, cluster, http

pytest.importorskip("asyncpg")
pytestmark = [pytest.mark.serial, *NEEDS]  # a node is taken over within seconds: runs alone

WATCHERS = 5
"""Terminals watching beside the seated one: six sockets in all, which nginx would spread over
the two nodes at random if they came to plain ``/ws`` (all six on the owner: 1 in 64)."""


def relayed(nodes: Cluster, node: int, table: str) -> int:
    """How many sockets of ``table`` node ``node`` has relayed to another node so far."""
    return nodes.logs[node].read_text().count(f"relaying a socket of table {table} ")


async def test_a_tables_socket_lands_on_its_node_and_on_the_next_when_that_node_dies(
    tmp_path: Path,
) -> None:
    flags = ("--bot-delay", "0", "--round-pause", "0", "--clock-move", "0")
    async with cluster(tmp_path, 2, *flags) as nodes:
        body = {"game": "tichu", "options": {"target_score": 1}}  # one round is the match
        created = http(nodes.base, "POST", "/api/tables", body)
        table, headers = created["id"], {"X-Cardroom-Owner": created["owner"]}
        for seat in (1, 2, 3):  # random bots never act out of turn
            path = f"/api/tables/{table}/seats/{seat}/bot"
            http(nodes.base, "POST", path, {"level": "random"}, headers)
        owner = await nodes.owner(table)  # the node nginx sent the table's requests to
        assert owner is not None
        other = 2 if owner == 1 else 1
        screens = [Terminal() for _ in range(WATCHERS)]
        watching = [
            asyncio.create_task(_play(nodes.base, table, None, Console(s, s)))  # type: ignore[arg-type]
            for s in screens
        ]
        player = StallsInPlay()
        term = Terminal(player)
        playing: asyncio.Task[int] | None = None
        try:
            for screen in screens:
                await screen.shows(r"Waiting for players to take the free seats")
            token = http(nodes.base, "POST", f"/api/tables/{table}/seats/0", {"name": "Term"})
            console = Console(term, term)  # type: ignore[arg-type]
            playing = asyncio.create_task(_play(nodes.base, table, token["token"], console))
            ws_url = nodes.urls[other].replace("http", "ws", 1) + "/ws"
            old = await Client.connect(ws_url, table, None)  # plain /ws, at the other node
            await old.obs_until(lambda obs: obs["phase"] == "play" and obs["awaited"] == [0])
            assert relayed(nodes, other, table) == 1  # served, one relay hop away
            await old.close()
            await until(lambda: owes_on_screen(term.text))  # through nginx: the table waits
            assert relayed(nodes, owner, table) == relayed(nodes, other, table) - 1 == 0
            for task in watching:
                task.cancel()

            player.go_on.set()  # the move it owes is made once it has reconnected
            nodes.procs[owner].kill()
            nodes.procs[owner].wait()
            await term.shows(r"Reconnected: the game goes on\.")
            await until(lambda: "Game over" in term.text)  # the match played on to its end
            assert http(nodes.base, "GET", f"/api/tables/{table}")["status"] == "finished"
            assert await nodes.owner(table) == other  # taken over, and the socket went there
            assert relayed(nodes, other, table) == 1
        finally:
            for screen in (term, *screens):
                screen.close()
            for task in (*watching, *([playing] if playing else [])):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
