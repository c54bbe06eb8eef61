"""Duplicate play's rows: small JSON documents by kind and key, next to the tables.

Kinds: ``secret`` (the server's challenge secret), ``deal`` (a table's boards), ``entry`` (one
player's try at a day's challenge, keyed ``day/game/player``: the key is unique, so a second
try is refused by the database itself), ``tried`` (the same tries keyed ``player/day/game``, empty:
a player's days for its profile), ``joined`` (keyed like the guest's ``entry``: the account a
guest's try joined at sign-up or sign-in), ``baseline`` (the bots' results on a day's boards),
``event`` (an owner's event), ``handed`` (keyed ``event id/guest``: the account a guest's place
in an event went to at sign-up or sign-in). One table, ``duplicate_docs``, in the same SQLite
or PostgreSQL database as the tables (created by migration 7, ``storage/schema.py``), or dicts
for ``memory``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from cardroom.storage.memory import MemoryStore
from cardroom.storage.protocol import TableStore
from cardroom.storage.sql import SqlStore

Doc = dict[str, Any]
Row = tuple[str, str, Doc]
"""A document with its kind and key."""


class _Taken(Exception):
    """A key of an ``insert_all`` exists: its transaction rolls back."""


class DuplicateStore(Protocol):
    async def open(self) -> None: ...
    async def get(self, kind: str, key: str) -> Doc | None: ...
    async def put(self, kind: str, key: str, doc: Doc) -> None:
        """Insert or replace."""
        ...

    async def insert(self, kind: str, key: str, doc: Doc) -> bool:
        """Insert unless the key exists; whether it was inserted."""
        ...

    async def insert_all(self, rows: Sequence[Row], puts: Sequence[Row] = ()) -> bool:
        """Insert every row and insert or replace every one of ``puts``, in one transaction;
        nothing at all if a key of ``rows`` exists. Whether written."""
        ...

    async def list(self, kind: str, prefix: str = "") -> list[tuple[str, Doc]]:
        """Every document of ``kind`` whose key starts with ``prefix``, by key."""
        ...


class MemoryDuplicateStore:
    def __init__(self) -> None:
        self._docs: dict[tuple[str, str], str] = {}

    async def open(self) -> None:
        return None

    async def get(self, kind: str, key: str) -> Doc | None:
        text = self._docs.get((kind, key))
        return None if text is None else dict(json.loads(text))

    async def put(self, kind: str, key: str, doc: Doc) -> None:
        self._docs[(kind, key)] = json.dumps(doc)

    async def insert(self, kind: str, key: str, doc: Doc) -> bool:
        return await self.insert_all([(kind, key, doc)])

    async def insert_all(self, rows: Sequence[Row], puts: Sequence[Row] = ()) -> bool:
        if any((kind, key) in self._docs for kind, key, _ in rows):
            return False
        for kind, key, doc in (*rows, *puts):
            self._docs[(kind, key)] = json.dumps(doc)
        return True

    async def list(self, kind: str, prefix: str = "") -> list[tuple[str, Doc]]:
        found = [(k, json.loads(t)) for (d, k), t in self._docs.items() if d == kind]
        return sorted((k, doc) for k, doc in found if k.startswith(prefix))


_INSERT_NEW = (
    'INSERT INTO duplicate_docs (kind, "key", doc) VALUES (?, ?, ?) '
    "ON CONFLICT DO NOTHING RETURNING 1"
)
_UPSERT = (
    'INSERT INTO duplicate_docs (kind, "key", doc) VALUES (?, ?, ?) '
    'ON CONFLICT (kind, "key") DO UPDATE SET doc = excluded.doc'
)


class SqlDuplicateStore:
    """The documents in ``duplicate_docs`` of a ``SqlStore``'s database."""

    def __init__(self, sql: SqlStore) -> None:
        self.sql = sql

    async def open(self) -> None:
        return None  # the table store's migrations made ``duplicate_docs``

    async def get(self, kind: str, key: str) -> Doc | None:
        async with self.sql.transaction() as conn:
            rows = await conn.fetch(
                'SELECT doc FROM duplicate_docs WHERE kind = ? AND "key" = ?', (kind, key)
            )
        return dict(json.loads(rows[0][0])) if rows else None

    async def put(self, kind: str, key: str, doc: Doc) -> None:
        async with self.sql.transaction() as conn:
            await conn.execute(_UPSERT, (kind, key, json.dumps(doc)))

    async def insert(self, kind: str, key: str, doc: Doc) -> bool:
        return await self.insert_all([(kind, key, doc)])

    async def insert_all(self, rows: Sequence[Row], puts: Sequence[Row] = ()) -> bool:
        try:
            async with self.sql.transaction() as conn:
                for kind, key, doc in rows:
                    if not await conn.fetch(_INSERT_NEW, (kind, key, json.dumps(doc))):
                        raise _Taken
                for kind, key, doc in puts:
                    await conn.execute(_UPSERT, (kind, key, json.dumps(doc)))
        except _Taken:
            return False
        return True

    async def list(self, kind: str, prefix: str = "") -> list[tuple[str, Doc]]:
        async with self.sql.transaction() as conn:
            rows = await conn.fetch(
                'SELECT "key", doc FROM duplicate_docs WHERE kind = ? AND substr("key", 1, ?) = ? '
                'ORDER BY "key"',
                (kind, len(prefix), prefix),
            )
        return [(str(key), dict(json.loads(doc))) for key, doc in rows]


def duplicate_store(tables: TableStore) -> DuplicateStore:
    """The duplicate store beside ``tables`` (a group-commit store's inner SQL store)."""
    inner = getattr(tables, "inner", tables)
    if isinstance(inner, SqlStore):
        return SqlDuplicateStore(inner)
    if isinstance(inner, MemoryStore):
        return MemoryDuplicateStore()
    raise TypeError(f"no duplicate store for {type(inner).__name__}")
