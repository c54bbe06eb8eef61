"""Numbered migrations: a fresh database gets them all; databases made by the code before them
(with and without the columns added later, and a cluster's PostgreSQL schema) upgrade in place
with every table and record kept; a second open applies nothing; a newer database is refused."""

from __future__ import annotations

import secrets
import sqlite3
from pathlib import Path

import pytest

from cardroom.storage import SqlStore, StorageError
from cardroom.storage.schema import LATEST, MIGRATIONS

from .conftest import PG_URL, drop_schema
from .schema_before_migrations import CLUSTER_SCHEMA, COLUMNS_ADDED, ROWS, STORE_SCHEMA

NEW_TABLES = ("accounts", "sessions", "ratings", "matches", "match_players")


def test_versions_are_numbered_in_order() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1))


def _old_sqlite(path: Path, *, with_added_columns: bool) -> None:
    db = sqlite3.connect(path)
    for statement in STORE_SCHEMA:
        db.execute(statement)
    if with_added_columns:
        for table, column, kind in COLUMNS_ADDED:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        for statement in ROWS:
            db.execute(statement)
    else:
        db.execute(
            "INSERT INTO tables (id, game, rules_version, config_json, status, created_at) "
            "VALUES ('old1', 'toepen', '1', '{}', 'running', '2026-01-01')"
        )
    db.commit()
    db.close()


async def _check_kept(store: SqlStore, *, full: bool) -> None:
    stored = await store.load("old1")
    assert stored.meta.status == "running" and not stored.meta.rated
    if full:
        assert stored.meta.name == "kept" and stored.meta.owner_hash == "ownerhash"
        assert stored.meta.private and not stored.meta.hot_seat
        assert [(s.name, s.kind, s.guest_hash) for s in stored.seats] == [
            ("ann", "human", "g0"),
            ("bot (random)", "bot", None),
        ]
        assert [r.text for r in stored.records] == ["human ann"]
        assert [c.text for c in await store.chat("old1", 10)] == ["hello"]


@pytest.mark.parametrize("with_added_columns", [True, False])
async def test_sqlite_file_from_before_upgrades_in_place(
    tmp_path: Path, with_added_columns: bool
) -> None:
    path = tmp_path / "old.db"
    _old_sqlite(path, with_added_columns=with_added_columns)
    store = SqlStore(str(path))
    await store.open()
    try:
        await _check_kept(store, full=with_added_columns)
    finally:
        await store.close()
    db = sqlite3.connect(path)
    versions = [r[0] for r in db.execute("SELECT version FROM schema_version ORDER BY version")]
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    columns = {r[1] for r in db.execute("PRAGMA table_info(tables)")}
    db.close()
    assert versions == list(range(1, LATEST + 1))
    assert set(NEW_TABLES) <= names and {"rated", "owner_hash", "hot_seat"} <= columns
    store = SqlStore(str(path))  # a second open finds everything applied
    await store.open()
    await store.close()


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    store = SqlStore(str(path))
    await store.open()
    await store.close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO schema_version VALUES (?, 'from the future', 'x')", (LATEST + 1,))
    db.commit()
    db.close()
    with pytest.raises(StorageError, match="newer than this program"):
        await SqlStore(str(path)).open()


async def test_postgres_schema_from_before_upgrades_in_place() -> None:
    if not PG_URL:
        pytest.skip("CARDROOM_TEST_PG_URL is not set")
    asyncpg = pytest.importorskip("asyncpg")
    schema = f"old_{secrets.token_hex(5)}"
    conn = await asyncpg.connect(PG_URL)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        await conn.execute(f'SET search_path TO "{schema}"')
        for statement in STORE_SCHEMA:
            await conn.execute(statement)
        for table, column, kind in COLUMNS_ADDED:
            await conn.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")
        for statement in (*CLUSTER_SCHEMA, *ROWS):
            await conn.execute(statement)
        await conn.execute("INSERT INTO leases VALUES ('old1', 3, 7)")
    finally:
        await conn.close()
    stores = [SqlStore(PG_URL, pg_schema=schema) for _ in range(2)]
    try:
        for store in stores:  # the second finds every migration applied
            await store.open()
        await _check_kept(stores[0], full=True)
        conn = await asyncpg.connect(PG_URL, server_settings={"search_path": schema})
        try:
            versions = await conn.fetch("SELECT version FROM schema_version ORDER BY version")
            lease = await conn.fetchrow("SELECT node, epoch FROM leases")
            count = await conn.fetchval("SELECT COUNT(*) FROM accounts")
        finally:
            await conn.close()
        assert [r[0] for r in versions] == list(range(1, LATEST + 1))
        assert tuple(lease) == (3, 7) and count == 0
    finally:
        for store in stores:
            await store.close()
        await drop_schema(schema)
