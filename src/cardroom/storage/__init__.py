"""Persistence of tables: metadata, seats and the append-only log (memory, SQLite, PostgreSQL).

``open_store(url)`` picks the backend by URL: ``memory``, a file path or ``sqlite:///path``, or
``postgresql://…``. Nothing here imports ``cardroom.server``.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from cardroom.storage.lock import DatabaseInUse, lock_database
from cardroom.storage.memory import MemoryStore
from cardroom.storage.protocol import (
    ChatRow,
    DamagedTable,
    SeatRow,
    SeqConflict,
    StorageError,
    StoredTable,
    TableMeta,
    TableStore,
    TooManyOpen,
    UnknownTable,
    utc_now,
)
from cardroom.storage.sql import MEMORY_URLS, SqlStore


def redact(url: str) -> str:
    """``url`` fit for a log line: any password is masked.

    >>> redact("postgresql://me:secret@db/cardroom"), redact("cardroom.db")
    ('postgresql://me:***@db/cardroom', 'cardroom.db')
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def make_store(url: str) -> TableStore:
    """The store for ``url`` (not yet opened).

    >>> type(make_store("memory")).__name__, type(make_store("cardroom.db")).__name__
    ('MemoryStore', 'SqlStore')
    """
    if url in MEMORY_URLS:
        return MemoryStore()
    return SqlStore(url)


__all__ = [
    "ChatRow",
    "DamagedTable",
    "DatabaseInUse",
    "MemoryStore",
    "SeatRow",
    "SeqConflict",
    "SqlStore",
    "StorageError",
    "StoredTable",
    "TableMeta",
    "TableStore",
    "TooManyOpen",
    "UnknownTable",
    "lock_database",
    "make_store",
    "redact",
    "utc_now",
]
