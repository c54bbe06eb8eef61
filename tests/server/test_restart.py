"""Crash safety: the server process is killed mid-round and restarted on the same SQLite file;
the round goes on from the same state and version, bot seats included. Also a clean SIGTERM."""

from __future__ import annotations

import asyncio
import random
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx

from cardroom.engine import get_game, replay
from cardroom.storage import SqlStore

from .conftest import Client, Server
from .players import play_until

Json = dict[str, Any]
ROOT = Path(__file__).resolve().parents[2]
LAUNCH = (
    "import sys, tests.server.relay; from cardroom.cli import main; sys.exit(main(sys.argv[1:]))"
)
RUNNING = re.compile(r"Uvicorn running on (http://127\.0\.0\.1:\d+)")


@asynccontextmanager
async def server_process(
    db: Path, log: list[str]
) -> AsyncIterator[tuple[asyncio.subprocess.Process, Server]]:
    """``cardroom serve`` in its own process (with the relay test game registered)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", LAUNCH, "serve", "--port", "0", "--db", str(db), "--bot-delay", "0",
        cwd=ROOT, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert proc.stderr is not None
    url = None
    async with asyncio.timeout(30):
        while url is None:
            line = (await proc.stderr.readline()).decode()
            assert line, "the server exited: " + "".join(log)
            log.append(line)
            if match := RUNNING.search(line):
                url = match.group(1)

    async def drain() -> None:
        assert proc.stderr is not None
        while line := await proc.stderr.readline():
            log.append(line.decode())

    drainer = asyncio.create_task(drain())
    try:
        async with httpx.AsyncClient(base_url=url, timeout=10) as http:
            yield proc, Server(url, None, http)
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
        await drainer


def seat0_waits_after(rounds: int) -> Any:
    return lambda obs: len(obs["played"][0]) >= rounds and obs["turn"] == 0


async def test_server_killed_mid_round_resumes_on_restart(tmp_path: Path) -> None:
    db, log = tmp_path / "cardroom.db", []
    rng = random.Random(5)
    async with server_process(db, log) as (proc, server):
        table = await server.create("relay", {"seats": 4, "cards": 6})
        tokens = [await server.seat(table, s) for s in (0, 1)]
        humans = [await Client.connect(server.ws_url, table, t) for t in tokens]
        await server.bot(table, 2)
        await server.bot(table, 3)
        await asyncio.gather(
            *(play_until(c, s, "relay", seat0_waits_after(2), rng) for s, c in enumerate(humans))
        )
        before = [(c.v, c.obs) for c in humans]
        assert before[0][0] == before[1][0]
        version = before[0][0]
        proc.send_signal(signal.SIGKILL)
        await proc.wait()

    store = SqlStore(str(db))
    await store.open()
    stored = await store.load(table)
    await store.close()
    assert stored.version == version and stored.meta.status == "running"

    async with server_process(db, log) as (proc, server):
        info = await server.info(table)
        assert (info["version"], info["status"]) == (version, "running")
        assert [s["kind"] for s in info["seats"]] == ["human", "human", "bot", "bot"]
        humans = [await Client.connect(server.ws_url, table, t, since=version) for t in tokens]
        for client, (v, obs) in zip(humans, before, strict=True):
            assert (await client.recv())["t"] == "seats"  # nothing was missed
            await client.send({"t": "resync"})
            welcome = await client.until(lambda m: m["t"] == "welcome")
            assert (welcome["v"], welcome["obs"]) == (v, obs)
        await asyncio.gather(
            *(play_until(c, s, "relay", lambda o: o["terminal"], rng) for s, c in enumerate(humans))
        )
        final = await server.info(table)
        assert final["status"] == "finished"
        proc.send_signal(signal.SIGTERM)
        # uvicorn shuts down gracefully, then re-raises the signal as its exit status
        assert await asyncio.wait_for(proc.wait(), 15) in (0, -signal.SIGTERM)

    store = SqlStore(str(db))
    await store.open()
    stored = await store.load(table)
    await store.close()
    assert stored.records[:version] == tuple(stored.records[:version])
    assert any(r.seat in (2, 3) and r.kind == "action" for r in stored.records[version:]), (
        "bots resumed"
    )
    game = get_game("relay")
    state = replay(game, game.config_from_json(stored.meta.config), stored.records)
    assert game.is_terminal(state) and stored.meta.outcome == game.outcome(state).to_json()
    assert any("stopped 1 table actors" in line for line in log)
    assert any("server stopped" in line for line in log)
