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
from cardroom.storage.sql import MEMORY_URLS, SqlStore, connect_errors, sqlite_path


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


def check_url(url: str) -> None:
    """``ValueError`` saying why ``url`` names no store, before anything is opened: a URL of
    another scheme would be taken for a SQLite file name, and a bad port fail only on connecting.

    >>> check_url("cardroom.db"), check_url("sqlite:///x.db"), check_url("postgres://h:5432/db")
    (None, None, None)
    >>> check_url("mysql://h/db")
    Traceback (most recent call last):
    ValueError: 'mysql://h/db' is no SQLite file, sqlite:///path, postgresql://… or memory
    >>> check_url("postgresql://me:secret@h:x/db")
    Traceback (most recent call last):
    ValueError: postgresql://me:***@h:x/db: its port is not a number from 0 to 65535
    """
    path = sqlite_path(url)
    if path is not None and (not path or "://" in path):
        raise ValueError(
            f"'{redact(url)}' is no SQLite file, sqlite:///path, postgresql://… or memory"
        )
    try:
        _ = urlsplit(url).port  # reading it parses it
    except ValueError:
        raise ValueError(f"{redact(url)}: its port is not a number from 0 to 65535") from None


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
    "check_url",
    "connect_errors",
    "lock_database",
    "make_store",
    "redact",
    "utc_now",
]
