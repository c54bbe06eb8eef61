"""Chat kept with the table, on every backend, and on a SQLite file made before the chat table."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardroom.storage import ChatRow, SqlStore, TableStore, UnknownTable

from .test_contract import meta


def line(i: int, seat: int | None = 0) -> ChatRow:
    return ChatRow(seat, "Ann" if seat is not None else "spectator", f"<b>hi</b> {i} ✓", f"t{i}")


async def test_chat_lines_come_back_in_order_and_the_last_ones_only(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.create_table(meta("b"), seats=2)
    lines = [line(i, seat=None if i % 3 == 0 else i % 2) for i in range(7)]
    for row in lines:
        await store.add_chat("a", row)
    await store.add_chat("b", line(99))
    assert await store.chat("a", 100) == lines
    assert await store.chat("a", 3) == lines[-3:]
    assert await store.chat("b", 100) == [line(99)]


async def test_chat_of_an_unknown_table_is_refused_and_deleted_with_its_table(
    store: TableStore,
) -> None:
    with pytest.raises(UnknownTable):
        await store.add_chat("nope", line(1))
    await store.create_table(meta("a"), seats=2)
    await store.add_chat("a", line(1))
    await store.delete_table("a")
    await store.create_table(meta("a"), seats=2)
    assert await store.chat("a", 100) == []


async def test_a_database_file_from_before_the_chat_table_gains_it(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:  # the first schema, without the chat table
        old.execute(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT "
            "NOT NULL, config_json TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL,"
            " finished_at TEXT, outcome_json TEXT, name TEXT NOT NULL DEFAULT '')"
        )
        old.execute(
            "INSERT INTO tables VALUES ('a', 'toy', '1', '{\"cards\": 6}', 'open', 't', NULL, "
            "NULL, 'old')"
        )
    store = SqlStore(str(path))
    await store.open()
    try:
        await store.add_chat("a", line(1))
        assert await store.chat("a", 10) == [line(1)]
        assert (await store.load("a")).meta.name == "old"
    finally:
        await store.close()
