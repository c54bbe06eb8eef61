"""``append_batch`` gives each item its own result on SQLite and on PostgreSQL (one statement
there): stored, ``UnknownTable`` or ``SeqConflict``; only the items that pass are stored."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from cardroom.engine.record import LogRecord
from cardroom.storage import SeqConflict, SqlStore, TableMeta, UnknownTable
from cardroom.storage.sql import CHECKPOINT_EVERY

from .conftest import drop_schema, open_backend


def rec(seq: int) -> LogRecord:
    return LogRecord(seq, "action", 0, f"pass {seq}", seq % 2 == 0, "2026-01-01T00:00:00.000+00:00")


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
async def test_each_item_gets_its_own_result(kind: str, tmp_path: Path) -> None:
    store = await open_backend(kind, tmp_path)
    assert isinstance(store, SqlStore)
    try:
        for table_id in ("a", "b", "c"):
            await store.create_table(TableMeta(table_id, "toepen", "1", {}), 4)
        assert await store.append_batch([("a", [rec(1)])]) == [None]
        results = await store.append_batch(
            [("a", [rec(2), rec(3)]), ("b", [rec(2)]), ("zz", [rec(1)]), ("c", [rec(1)])]
        )
        assert results[0] is None and results[3] is None
        assert isinstance(results[1], SeqConflict) and "does not follow 0" in str(results[1])
        assert isinstance(results[2], UnknownTable)
        # two items of one table in a batch take the general path, with the same meaning
        again = await store.append_batch([("c", [rec(2)]), ("c", [rec(3)]), ("b", [rec(1)])])
        assert again == [None, None, None]
        assert (await store.load("a")).records == (rec(1), rec(2), rec(3))
        assert [r.seq for r in (await store.load("b")).records] == [1]
        assert [r.seq for r in (await store.load("c")).records] == [1, 2, 3]
    finally:
        await store.close()
        if store.pg_schema is not None:
            await drop_schema(store.pg_schema)


async def test_a_batch_written_on_the_loop_waits_on_the_thread_for_a_lock_held_elsewhere(
    tmp_path: Path,
) -> None:
    """Another connection holds SQLite's write lock: the batch goes to the connection's thread
    (which waits there) and the loop runs on, here releasing that lock."""
    path = tmp_path / "locked.db"
    store = SqlStore(str(path))
    await store.open()
    try:
        await store.create_table(TableMeta("a", "toepen", "1", {}), 4)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        asyncio.get_running_loop().call_soon(other.execute, "COMMIT")
        assert await store.append_batch([("a", [rec(1), rec(2)])]) == [None]
        other.close()
        for seq in range(3, 3 + 2 * CHECKPOINT_EVERY):  # checkpoints (on the thread) between
            assert await store.append_batch([("a", [rec(seq)])]) == [None]
            await asyncio.sleep(0)
        assert len((await store.load("a")).records) == 2 + 2 * CHECKPOINT_EVERY
    finally:
        await store.close()


async def test_batches_of_every_size_read_the_last_seqs_with_a_few_statement_shapes(
    tmp_path: Path,
) -> None:
    """The read of the batch's tables' last seqs takes a few fixed shapes (the tables padded to
    a power of two), so that the driver's statement cache (128 statements) keeps each one
    prepared, whatever sizes the load gives the batches; every item is still stored."""
    store = SqlStore(str(tmp_path / "shapes.db"))
    await store.open()
    try:
        ids = [f"t{n}" for n in range(100)]
        for table_id in ids:
            await store.create_table(TableMeta(table_id, "toepen", "1", {}), 4)
        said: list[str] = []
        assert store._sqlite is not None and store._sqlite._db is not None
        store._sqlite._db._conn.set_trace_callback(said.append)  # statements, values written in
        for size in range(1, len(ids) + 1):  # the last table is in every batch, the first in one
            batch = [
                (t, [rec(size - len(ids) + n + 1)])
                for n, t in enumerate(ids)
                if n >= len(ids) - size
            ]
            assert await store.append_batch(batch) == [None] * size
        reads = {re.sub(r"'[^']*'", "?", s) for s in said if "MAX(seq)" in s}
        assert 1 < len(reads) <= 8, len(reads)  # 1, 2, 4, …, 128 tables
        for n, table_id in enumerate(ids):
            assert len((await store.load(table_id)).records) == n + 1
    finally:
        await store.close()
