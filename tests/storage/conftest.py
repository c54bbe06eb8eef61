"""One store fixture per backend: memory, SQLite (a tmp file) and PostgreSQL when configured."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardroom.storage import MemoryStore, SqlStore, TableStore

PG_URL = os.environ.get("CARDROOM_TEST_PG_URL")
BACKENDS = ["memory", "sqlite", "postgres"]


async def open_backend(kind: str, tmp_path: Path) -> TableStore:
    """A fresh, empty, opened store of ``kind`` (PostgreSQL gets its own schema)."""
    store: TableStore
    if kind == "memory":
        store = MemoryStore()
    elif kind == "sqlite":
        store = SqlStore(str(tmp_path / "cardroom.db"))
    else:
        if not PG_URL:
            pytest.skip("CARDROOM_TEST_PG_URL is not set")
        store = SqlStore(PG_URL, pg_schema=f"test_{secrets.token_hex(6)}")
    await store.open()
    return store


async def drop_schema(schema: str) -> None:
    """Remove a PostgreSQL test schema and everything in it."""
    asyncpg = pytest.importorskip("asyncpg")
    conn = await asyncpg.connect(PG_URL)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[TableStore]:
    opened = await open_backend(request.param, tmp_path)
    yield opened
    await opened.close()
    if isinstance(opened, SqlStore) and opened.pg_schema is not None:
        await drop_schema(opened.pg_schema)
