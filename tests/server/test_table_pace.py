"""A table's own pace (the minimum wait before any bot moves): every bot at the table waits
exactly that long after each change, whichever seat and whatever it holds (a bot answering
faster with a bomb in hand would tell the table); asked at creation, checked (a bad value is a
400 naming the bounds, never a 500), kept across a restart."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardroom.server import Settings
from cardroom.server.lobby.access import Access, Credentials
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.table.commands import SetBot
from cardroom.storage import MemoryStore

from .conftest import serve

Json = dict[str, Any]
SETTINGS = Settings(db="memory", bot_delay=0.8, round_pause=0.0, clock_move=0.0)
DECISIONS = 400  # several Tichu deals: Grand Tichu calls, exchanges, plays, bombs off turn


async def test_every_bot_waits_the_tables_pace_in_every_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each bot's wait as scheduled on the loop (then run at once, so nothing waits)."""
    access, owner = Access.create(private=True, hot_seat=False)
    registry = TableRegistry(MemoryStore(), SETTINGS)
    actor = await registry.create("tichu", {}, "paced", access, pace=1.5)
    loop = asyncio.get_running_loop()
    schedule, waits, done = loop.call_later, [], asyncio.Event()

    def call_later(delay: float, callback: Callable[..., None], *args: Any) -> Any:
        if callback == actor.bots._decide:
            waits.append((args[1], delay))  # (seat, wait)
            if len(waits) >= DECISIONS:
                done.set()
                return schedule(3600, callback, *args)  # enough: the table stops here
            delay = 0.0
        return schedule(delay, callback, *args)

    monkeypatch.setattr(loop, "call_later", call_later)
    for seat in range(4):
        await actor.call(SetBot(seat, "heuristic", Credentials(owner)))
    async with asyncio.timeout(60):
        await done.wait()
    assert {seat for seat, _ in waits} == {0, 1, 2, 3}
    assert {wait for _, wait in waits} == {1.5}
    assert actor.summary()["pace"] == 1.5
    await registry.shutdown()


async def test_without_a_pace_the_servers_delay_applies() -> None:
    registry = TableRegistry(MemoryStore(), SETTINGS)
    actor = await registry.create("tichu", {}, "t")
    assert (actor.bots.delay, actor.summary()["pace"]) == (0.8, None)
    await registry.shutdown()


def table(pace: Any) -> Json:
    return {"game": "tichu", "options": {}, "name": "t", "private": True, "pace": pace}


async def test_a_chosen_pace_survives_a_restart(tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "p.db"), bot_delay=0.0)
    async with serve(settings) as server:
        made = await server.http.post("/api/tables", json=table(2))
        assert made.status_code == 201 and made.json()["pace"] == 2.0, made.text
        table_id, owner = made.json()["id"], made.json()["owner"]
    async with serve(settings) as server:
        headers = {"X-Cardroom-Owner": owner}
        info = await server.http.get(f"/api/tables/{table_id}", headers=headers)
        assert info.json()["pace"] == 2.0
        assert server.registry.actors[table_id].bots.delay == 2.0


@pytest.mark.parametrize("pace", [-1, 3.5, 60, "1", True, [1], {"s": 1}])
async def test_a_bad_pace_is_refused_with_its_reason(tmp_path: Path, pace: Any) -> None:
    async with serve(Settings(db=str(tmp_path / "p.db"), bot_delay=0.0)) as server:
        refused = await server.http.post("/api/tables", json=table(pace))
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"] == "'pace' must be 0..3 seconds"
