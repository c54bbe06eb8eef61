"""The table actor without sockets: persist before broadcast, fencing, start rule, slow clients."""

from __future__ import annotations

import asyncio
import gc
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.websockets import WebSocketState

from cardroom.engine import LogRecord
from cardroom.server import Settings
from cardroom.server.lobby.access import Access, Credentials
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.table.actor import TableActor
from cardroom.server.table.commands import Act, Attach, SetBot, TakeSeat
from cardroom.server.table.frames import Frame
from cardroom.server.table.outcomes import Accepted, ActorStopped, Outcome
from cardroom.server.web.wire import answer, to_json
from cardroom.server.web.ws import SLOW_CLIENT_CLOSE, Session
from cardroom.storage import MemoryStore, SeqConflict, SqlStore, TableMeta, UnknownTable
from cardroom.storage.group_commit import GroupCommitStore

from ..storage.conftest import drop_schema, open_backend
from . import relay  # noqa: F401
from .conftest import TIMEOUT

Json = dict[str, Any]
SETTINGS = Settings(db="memory", bot_delay=0.0, round_pause=0.0, clock_move=0.0)  # no clock
ACCESS, OWNER = Access.create(private=False, hot_seat=False)
WHO = Credentials(owner=OWNER)  # the tables' owner, who may put bots in


class Inbox:
    """A subscriber that keeps what it is sent, as the JSON objects a socket would carry."""

    def __init__(self) -> None:
        self.messages: list[Json] = []

    def send(self, message: Frame) -> None:
        self.messages.append(msgspec.to_builtins(message))

    def seated(self, audience: object) -> None:
        return None


def reply(replies: list[Json], id: int) -> Callable[[Outcome[None]], None]:
    """What a session does with an act's outcome: the wire answer to request ``id``."""
    return lambda outcome: replies.append(to_json(answer(outcome, id)))


class FailingStore(MemoryStore):
    """Appends fail on demand: a full disk, a lost connection, or another writer."""

    def __init__(self) -> None:
        super().__init__()
        self.fail: Exception | None = None
        self.failed = 0  # appends refused so far

    async def append(self, table_id: str, records: Sequence[LogRecord]) -> None:
        if self.fail is not None:
            self.failed += 1
            raise self.fail
        await super().append(table_id, records)


class GatedStore(MemoryStore):
    """Appends wait at a gate (when one is set): a command caught in the middle."""

    def __init__(self) -> None:
        super().__init__()
        self.gate: asyncio.Event | None = None
        self.entered = asyncio.Event()

    async def append(self, table_id: str, records: Sequence[LogRecord]) -> None:
        if self.gate is not None:
            self.entered.set()
            await self.gate.wait()
        await super().append(table_id, records)


async def seated(store: MemoryStore, seats: int = 2) -> tuple[TableActor, list[str], Inbox]:
    registry = TableRegistry(store, SETTINGS)
    actor = await registry.create("relay", {"seats": seats}, "t", ACCESS)
    inbox = Inbox()
    await actor.call(Attach(inbox, None, None))
    tokens = []
    for seat in range(seats):
        tokens.append(await actor.call(TakeSeat(seat, f"p{seat}")))
    return actor, tokens, inbox


async def test_the_game_starts_only_when_every_seat_is_taken() -> None:
    store = MemoryStore()
    registry = TableRegistry(store, SETTINGS)
    actor = await registry.create("relay", {"seats": 3}, "t", ACCESS)
    await actor.call(TakeSeat(0, "a"))
    await actor.call(SetBot(1, "random", WHO))
    stored = await store.load(actor.id)
    assert (actor.status, [r.kind for r in stored.records]) == ("open", ["seat", "seat"])
    await actor.call(TakeSeat(2, "c"))
    stored = await store.load(actor.id)
    assert actor.status == stored.meta.status == "running"
    assert [r.kind for r in stored.records] == ["seat", "seat", "seat", "chance"]
    await actor.stop()


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgres"])
async def test_records_leave_no_garbage_for_the_collector(kind: str, tmp_path: Path) -> None:
    """Every object a record makes is freed by reference counting: a server freezes what
    lives past its last few tens of ms without walking it (``server/ops/tuning.py``), so a
    cycle made per record would wait for the hourly full collection. Also the database
    drivers' side of a record (aiosqlite's, asyncpg's), behind the group commit as served."""
    opened = store = await open_backend(kind, tmp_path)
    if isinstance(opened, SqlStore):
        store = GroupCommitStore(opened, SETTINGS.commit_window, writers=SETTINGS.commit_writers)
    actor = await TableRegistry(store, SETTINGS).create("tichu", {}, "t", ACCESS)
    inbox = Inbox()
    await actor.call(Attach(inbox, None, None))
    gc.collect()
    gc.disable()
    try:
        for seat in range(4):
            await actor.call(SetBot(seat, "heuristic", WHO))
        async with asyncio.timeout(TIMEOUT):
            while actor.version < 300:
                await asyncio.sleep(0.01)
        gc.set_debug(gc.DEBUG_SAVEALL)
        found = gc.collect()
        garbage = Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    await actor.stop()
    await store.close()
    if isinstance(opened, SqlStore) and opened.pg_schema is not None:
        await drop_schema(opened.pg_schema)
    assert (found, garbage) == (0, Counter())


async def test_a_failed_append_broadcasts_nothing_and_changes_nothing() -> None:
    store = FailingStore()
    actor, _, inbox = await seated(store)
    before, sent, state = actor.version, len(inbox.messages), actor.runner.state
    store.fail = OSError("disk full")
    replies: list[Json] = []
    with pytest.raises(OSError):
        await actor.call(Act(0, "bid 1", reply=reply(replies, 1)))
    assert (actor.version, len(inbox.messages)) == (before, sent)
    assert [(r["t"], r["code"], r["id"]) for r in replies] == [("reject", "error", 1)]
    replies.clear()
    assert actor.runner.state == state and (await store.load(actor.id)).version == before
    store.fail = None
    outcome = await actor.call(Act(0, "bid 1", reply=reply(replies, 2)))
    assert isinstance(outcome, Accepted)
    assert replies == [{"t": "ack", "id": 2}] and actor.version == before + 1
    assert inbox.messages[-1]["v"] == before + 1
    await actor.stop()


async def test_a_second_writer_stops_the_actor() -> None:
    store = FailingStore()
    actor, _, _ = await seated(store)
    store.fail = SeqConflict("taken")
    with pytest.raises(SeqConflict):
        await actor.call(Act(1, "bid 0"))
    await asyncio.sleep(0)
    assert actor.stopped


class StuckSocket:
    """A websocket whose peer never reads: every send blocks forever."""

    def __init__(self) -> None:
        self.client_state = WebSocketState.CONNECTED
        self.frames: asyncio.Queue[Json] = asyncio.Queue()
        self.closed_with: int | None = None

    async def accept(self) -> None:
        return None

    async def receive(self) -> Json:
        return await self.frames.get()

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code
        self.client_state = WebSocketState.DISCONNECTED


async def test_a_slow_client_is_disconnected_and_the_table_goes_on() -> None:
    store = MemoryStore()
    registry = TableRegistry(store, replace(SETTINGS, send_queue=4))
    actor = await registry.create("relay", {"seats": 2, "cards": 10}, "t", ACCESS)
    ws = StuckSocket()
    session = Session(ws, registry, registry.settings)  # type: ignore[arg-type]
    task = asyncio.create_task(session.run())
    await ws.frames.put(
        {"type": "websocket.receive", "text": json.dumps({"t": "hello", "table": actor.id})}
    )
    await actor.call(SetBot(0, "random", WHO))
    await actor.call(SetBot(1, "random", WHO))
    await asyncio.wait_for(task, TIMEOUT)
    assert ws.closed_with == SLOW_CLIENT_CLOSE
    assert session not in actor.subscribers
    async with asyncio.timeout(TIMEOUT):
        while actor.status != "finished":
            await asyncio.sleep(0.01)
    await actor.stop()


async def test_finished_unwatched_tables_are_swept_and_reload_on_demand() -> None:
    store = MemoryStore()
    registry = TableRegistry(store, SETTINGS)
    actor = await registry.create("relay", {"seats": 2, "cards": 2}, "t", ACCESS)
    for seat in (0, 1):
        await actor.call(SetBot(seat, "random", WHO))
    async with asyncio.timeout(TIMEOUT):
        while actor.status != "finished":
            await asyncio.sleep(0.01)
    sweeper = asyncio.create_task(registry.sweep(every=0.01))
    async with asyncio.timeout(TIMEOUT):
        while actor.id in registry.actors:
            await asyncio.sleep(0.01)
    sweeper.cancel()
    assert actor.stopped
    again = await registry.get(actor.id)
    assert again is not actor and again.version == actor.version and again.status == "finished"
    await registry.shutdown()


async def test_a_table_of_an_uninstalled_game_is_unknown_not_a_crash() -> None:
    store = MemoryStore()
    await store.create_table(TableMeta("old", "whist", "1", {}), seats=4)
    registry = TableRegistry(store, SETTINGS)
    assert await registry.load_unfinished() == 0
    with pytest.raises(UnknownTable, match="whist"):
        await registry.get("old")
    await registry.shutdown()


async def test_stop_finishes_the_current_command_and_refuses_the_queued_ones() -> None:
    store = GatedStore()
    actor, _, _ = await seated(store)
    store.gate = asyncio.Event()
    current = asyncio.create_task(actor.call(Act(0, "bid 1")))
    queued = asyncio.create_task(actor.call(Act(1, "bid 0")))
    await store.entered.wait()  # the act is being stored
    stopping = asyncio.create_task(actor.stop())
    while not actor._stopping:
        await asyncio.sleep(0)
    store.gate.set()
    await stopping
    assert isinstance(await current, Accepted) and (await store.load(actor.id)).version == 4
    with pytest.raises(ActorStopped):
        await queued
    with pytest.raises(ActorStopped):
        await actor.call(Act(0, "bid 1"))


async def test_bots_retry_after_the_store_recovers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cardroom.server.table.actor.BOT_RETRY_DELAY", 0.01)
    store = FailingStore()
    registry = TableRegistry(store, SETTINGS)
    actor = await registry.create("relay", {"seats": 2, "cards": 2}, "t", ACCESS)
    await actor.call(SetBot(0, "random", WHO))
    store.fail = OSError("database unreachable")
    with pytest.raises(OSError):
        await actor.call(SetBot(1, "random", WHO))
    store.fail = None
    await actor.call(SetBot(1, "random", WHO))  # now the game starts
    before = actor.version
    store.fail = OSError("database unreachable")
    failed = store.failed
    async with asyncio.timeout(TIMEOUT):  # the bots' answers fail to be stored, and again
        while store.failed < failed + 2:
            await asyncio.sleep(0.01)
    assert actor.version == before and actor.status == "running"
    store.fail = None
    async with asyncio.timeout(TIMEOUT):
        while actor.status != "finished":
            await asyncio.sleep(0.01)
    await registry.shutdown()


async def test_a_human_who_does_not_move_times_out_then_a_bot_plays_the_seat() -> None:
    store = MemoryStore()
    registry = TableRegistry(store, replace(SETTINGS, turn_timeout=0.02))
    actor = await registry.create("relay", {"seats": 2, "cards": 2}, "t", ACCESS)
    inbox = Inbox()
    await actor.call(Attach(inbox, None, None))
    for seat in (0, 1):
        await actor.call(TakeSeat(seat, f"p{seat}"))
    replies: list[Json] = []
    assert await actor.call(Act(0, "bid 1", reply=reply(replies, 1)))
    async with asyncio.timeout(TIMEOUT):  # nobody acts any more: timeouts, then bots, play it out
        while actor.status != "finished":
            await asyncio.sleep(0.01)
    records = (await store.load(actor.id)).records
    timeouts = [r for r in records if r.kind == "timeout"]
    assert [r.text for r in timeouts][:1] == ["bid 0"]  # relay has no heuristic: the first bid
    assert all(r.auto for r in timeouts)
    by_seat = [sum(r.seat == s for r in timeouts) for s in (0, 1)]
    assert by_seat == [2, 2]  # two timeouts in a row, then the seat is away and a bot plays it
    assert actor.clock.away == {0, 1} and all(s["away"] for s in actor.seats_json())
    await registry.shutdown()


async def test_no_clock_without_a_move_time() -> None:
    actor, _, _ = await seated(MemoryStore())
    await asyncio.sleep(0.05)
    assert actor._clock_timers == {} and actor.version == 3  # two seat records and the deal
    assert actor.welcome(0).clock is None
    await actor.stop()
