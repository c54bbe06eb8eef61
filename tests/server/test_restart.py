"""Crash safety: the server process is killed mid-round and restarted on the same SQLite file;
the round goes on from the same state and version, bot seats included. Also a clean SIGTERM."""

from __future__ import annotations

import asyncio
import random
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from cardroom.engine import get_game, replay
from cardroom.storage import SqlStore, StoredTable

from .conftest import Client, Server
from .players import play_until
from .processes import process

Json = dict[str, Any]


@asynccontextmanager
async def server_process(
    db: Path, log: list[str]
) -> AsyncIterator[tuple[asyncio.subprocess.Process, Server]]:
    """``cardroom serve`` in its own process (with the relay test game registered)."""
    async with process(db, log=log) as (proc, server, _):
        yield proc, server


def relay_paused(obs: Json) -> bool:
    """Seat 0 has played twice and the table waits for it (bots never act out of turn)."""
    return len(obs["played"][0]) >= 2 and obs["turn"] == 0


def tichu_paused(obs: Json) -> bool:
    """Mid-play, at least 8 cards played, and a human's turn."""
    return obs["phase"] == "play" and sum(obs["hand_sizes"]) <= 48 and obs["turn"] in (0, 1)


def tichu_round_over(obs: Json) -> bool:
    return bool(obs.get("score_sheet"))


async def load_table(db: Path, table: str) -> StoredTable:
    store = SqlStore(str(db))
    await store.open()
    try:
        return await store.load(table)
    finally:
        await store.close()


CASES = [
    ("relay", {"seats": 4, "cards": 6}, relay_paused, lambda obs: obs["terminal"]),
    ("tichu", {}, tichu_paused, tichu_round_over),
]


@pytest.mark.parametrize(("game_name", "options", "paused", "done"), CASES, ids=["relay", "tichu"])
async def test_server_killed_mid_round_resumes_on_restart(
    tmp_path: Path, game_name: str, options: Json, paused: Any, done: Any
) -> None:
    db, log = tmp_path / "cardroom.db", []
    rng = random.Random(5)
    async with server_process(db, log) as (proc, server):
        table = await server.create(game_name, options)
        tokens = [await server.seat(table, s) for s in (0, 1)]
        humans = [await Client.connect(server.ws_url, table, t) for t in tokens]
        await server.bot(table, 2)  # random bots never act out of turn
        await server.bot(table, 3)
        await asyncio.gather(
            *(play_until(c, s, game_name, paused, rng) for s, c in enumerate(humans))
        )
        before = [(c.v, c.obs) for c in humans]
        assert before[0][0] == before[1][0]
        version = before[0][0]
        proc.send_signal(signal.SIGKILL)
        await proc.wait()

    at_kill = await load_table(db, table)
    assert at_kill.version == version and at_kill.meta.status == "running"

    async with server_process(db, log) as (proc, server):
        info = await server.info(table)
        assert (info["version"], info["status"]) == (version, "running")
        assert [s["kind"] for s in info["seats"]] == ["human", "human", "bot", "bot"]
        humans = [await Client.connect(server.ws_url, table, t, since=version) for t in tokens]
        for client, (v, obs) in zip(humans, before, strict=True):
            # nothing was missed: the clock as it stands, then the seats; no envelope, no welcome
            frame = await client.recv()
            if frame["t"] == "clock":
                frame = await client.recv()
            assert frame["t"] == "seats"
            await client.send({"t": "resync"})
            welcome = await client.until(lambda m: m["t"] == "welcome")
            assert (welcome["v"], welcome["obs"]) == (v, obs)
        await asyncio.gather(
            *(play_until(c, s, game_name, done, rng) for s, c in enumerate(humans))
        )
        proc.send_signal(signal.SIGTERM)
        # uvicorn shuts down gracefully, then re-raises the signal as its exit status
        assert await asyncio.wait_for(proc.wait(), 15) in (0, -signal.SIGTERM)

    stored = await load_table(db, table)
    assert stored.records[:version] == at_kill.records, "the log before the crash is intact"
    bot_moves = [r for r in stored.records[version:] if r.seat in (2, 3) and r.kind == "action"]
    assert bot_moves, "the bots resumed after the restart"
    game = get_game(game_name)
    state = replay(game, game.config_from_json(stored.meta.config), stored.records)
    assert done(game.observe(state, 0).to_json())
    if game.is_terminal(state):
        assert stored.meta.outcome == game.outcome(state).to_json()
    assert any("stopped 1 table actors" in line for line in log)


async def test_chat_is_kept_with_the_table_across_a_restart(tmp_path: Path) -> None:
    """A player's and a spectator's chat lines come back in ``welcome`` after the server
    process is killed and started again on the same SQLite file."""
    db, log = tmp_path / "cardroom.db", []
    async with server_process(db, log) as (proc, server):
        table = await server.create("relay", {"seats": 4, "cards": 6})
        player = await Client.connect(server.ws_url, table, await server.seat(table, 0, "Ann"))
        watcher = await Client.connect(server.ws_url, table, None)
        for client in (player, watcher):
            await client.until(lambda m: m["t"] == "welcome")
        await player.send({"t": "chat", "text": "hello <b>all</b>"})
        await watcher.until(lambda m: m["t"] == "chat")
        await watcher.send({"t": "chat", "text": "nice table", "name": "Eve"})
        await player.until(lambda m: m["t"] == "chat" and m["name"] == "Eve")
        proc.send_signal(signal.SIGKILL)
        await proc.wait()

    async with server_process(db, log) as (proc, server):
        again = await Client.connect(server.ws_url, table, None)
        welcome = await again.until(lambda m: m["t"] == "welcome")
        lines = [(c["seat"], c["name"], c["text"]) for c in welcome["chat"]]
        assert lines == [(0, "Ann", "hello <b>all</b>"), (None, "Eve", "nice table")]
        await again.close()
