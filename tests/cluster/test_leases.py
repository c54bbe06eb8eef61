"""Leases on real PostgreSQL: one owner per table, takeover from a dead node, and a fenced
append from a node that lost its lease. Skips without ``CARDROOM_TEST_PG_URL``."""

from __future__ import annotations

import os
import secrets

import pytest

from cardroom.engine.record import LogRecord
from cardroom.server.cluster.node import ClusterNode, fenced
from cardroom.storage import SeqConflict, SqlStore, TableMeta

PG_URL = os.environ.get("CARDROOM_TEST_PG_URL")
asyncpg = pytest.importorskip("asyncpg")
pytestmark = pytest.mark.skipif(not PG_URL, reason="CARDROOM_TEST_PG_URL is not set")


def rec(seq: int) -> LogRecord:
    return LogRecord(seq, "action", 0, "pass", False, "2026-01-01T00:00:00.000+00:00")


async def test_one_owner_takeover_and_fencing() -> None:
    assert PG_URL is not None
    schema = f"leases_{secrets.token_hex(4)}"
    store_a, store_b = SqlStore(PG_URL, pg_schema=schema), SqlStore(PG_URL, pg_schema=schema)
    await store_a.open()
    await store_b.open()
    a = ClusterNode(PG_URL, 1, "http://a", schema)
    b = ClusterNode(PG_URL, 2, "http://b", schema)
    try:
        await a.start()
        await b.start()
        fenced(store_a, a)
        fenced(store_b, b)
        await store_a.create_table(TableMeta("t", "toepen", "1", {}), 4)
        assert await a.acquire("t") is None
        assert await b.acquire("t") == "http://a"  # a lives: b must forward
        await store_a.append("t", [rec(1)])
        with pytest.raises(SeqConflict):
            await store_b.append("t", [rec(2)])  # b holds no lease

        await a._conn.close()  # a dies: PostgreSQL drops its liveness lock at once
        assert await b.orphans() == []  # "t" is not running, so no sweep takes it
        assert await b.acquire("t") is None and b.epochs["t"] == 2
        await store_b.append("t", [rec(2)])
        a._conn = None
        a_batch = await store_a.append_batch([("t", [rec(3)])])  # a's old epoch is fenced
        assert isinstance(a_batch[0], SeqConflict)
        assert [r.seq for r in (await store_b.load("t")).records] == [1, 2]
    finally:
        await b.stop()
        await store_a.close()
        await store_b.close()
        conn = await asyncpg.connect(PG_URL)
        await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await conn.close()
