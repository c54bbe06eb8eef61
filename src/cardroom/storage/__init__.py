"""Persistence of tables: metadata, seats and the append-only log (memory, SQLite, PostgreSQL).

``open_store(url)`` picks the backend by URL: ``memory``, a file path or ``sqlite:///path``, or
``postgresql://…``. Nothing here imports ``cardroom.server``.
"""

from __future__ import annotations

from cardroom.storage.memory import MemoryStore
from cardroom.storage.protocol import (
    SeatRow,
    SeqConflict,
    StorageError,
    StoredTable,
    TableMeta,
    TableStore,
    UnknownTable,
    utc_now,
)
from cardroom.storage.sql import SqlStore


def make_store(url: str) -> TableStore:
    """The store for ``url`` (not yet opened).

    >>> type(make_store("memory")).__name__, type(make_store("cardroom.db")).__name__
    ('MemoryStore', 'SqlStore')
    """
    if url in ("memory", "memory://", ":memory:"):
        return MemoryStore()
    return SqlStore(url)


__all__ = [
    "MemoryStore",
    "SeatRow",
    "SeqConflict",
    "SqlStore",
    "StorageError",
    "StoredTable",
    "TableMeta",
    "TableStore",
    "UnknownTable",
    "make_store",
    "utc_now",
]
