"""Group commit over real SQLite: concurrent tables share transactions, each caller gets its own
result, and a conflict fails only its own table."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardroom.engine.record import LogRecord
from cardroom.storage import SeqConflict, SqlStore, TableMeta, UnknownTable
from cardroom.storage.group_commit import GroupCommitStore


def rec(seq: int) -> LogRecord:
    return LogRecord(seq, "action", 0, f"pass {seq}", False, "2026-01-01T00:00:00.000+00:00")


async def test_concurrent_appends_are_grouped_and_all_stored(tmp_path: Path) -> None:
    store = GroupCommitStore(SqlStore(str(tmp_path / "g.db")))
    await store.open()
    ids = [f"t{i}" for i in range(20)]
    for table_id in ids:
        await store.create_table(TableMeta(table_id, "toepen", "1", {}), 4)

    async def play(table_id: str) -> None:
        for seq in range(1, 11):
            await store.append(table_id, [rec(seq)])

    await asyncio.gather(*(play(t) for t in ids))
    assert store.appends == 200 and store.batches < 100
    for table_id in ids:
        assert [r.seq for r in (await store.load(table_id)).records] == list(range(1, 11))
    await store.close()


async def test_a_conflict_fails_only_its_own_table(tmp_path: Path) -> None:
    store = GroupCommitStore(SqlStore(str(tmp_path / "g.db")))
    await store.open()
    await store.create_table(TableMeta("a", "toepen", "1", {}), 4)
    await store.create_table(TableMeta("b", "toepen", "1", {}), 4)
    await store.append("a", [rec(1)])
    results = await asyncio.gather(
        store.append("a", [rec(1)]),  # seq 1 is taken: another writer
        store.append("b", [rec(1), rec(2)]),
        store.append("zz", [rec(1)]),
        return_exceptions=True,
    )
    assert isinstance(results[0], SeqConflict)
    assert results[1] is None
    assert isinstance(results[2], UnknownTable)
    assert [r.seq for r in (await store.load("b")).records] == [1, 2]
    with pytest.raises(SeqConflict):
        await store.append("b", [rec(4)])
    await store.close()


async def test_the_window_is_waited_only_while_the_store_is_busy(tmp_path: Path) -> None:
    """A lone append is written at once, whatever the window; after a commit that carried
    several appends, the next one waits the window and the appends made meanwhile join it."""
    store = GroupCommitStore(SqlStore(str(tmp_path / "g.db")), window=2.0)
    await store.open()
    for table_id in ("a", "b", "c"):
        await store.create_table(TableMeta(table_id, "toepen", "1", {}), 4)
    store.window = 60.0  # meanwhile: a lone append may take seconds on a loaded machine
    async with asyncio.timeout(30):  # less than the window: a lone append does not wait it
        await store.append("a", [rec(1)])
    assert (store.batches, store.appends) == (1, 1)
    store.window = 2.0
    await asyncio.gather(store.append("a", [rec(2)]), store.append("b", [rec(1)]))
    assert (store.batches, store.appends) == (2, 3)  # busy now: two appends in one commit
    first = asyncio.create_task(store.append("a", [rec(3)]))
    for _ in range(20):  # the writer is scheduled and waits the window
        await asyncio.sleep(0)
    await asyncio.gather(first, store.append("c", [rec(1)]))
    assert (store.batches, store.appends) == (3, 5)  # the later append joined the waiting one
    await store.close()
