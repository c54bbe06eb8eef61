"""The SQL ``TableStore``: one schema and one set of queries for SQLite and PostgreSQL.

SQLite (``aiosqlite``, WAL journal, one writer process) is the default; PostgreSQL (``asyncpg``)
is chosen by a ``postgresql://`` URL. Queries are written with ``?`` placeholders and renumbered
to ``$1, $2, …`` for PostgreSQL, so the two backends cannot drift apart.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import re
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from functools import cache
from typing import Any, Protocol, TypeVar

import aiosqlite

from cardroom.engine.record import LogRecord
from cardroom.storage import schema
from cardroom.storage.protocol import (
    CHAT_KEPT,
    ChatRow,
    DamagedTable,
    SeatRow,
    SeqConflict,
    StorageError,
    StoredTable,
    TableMeta,
    TooManyOpen,
    UnknownTable,
    check_continues,
    check_status,
    open_tables_held,
    utc_now,
)

MEMORY_URLS = ("memory", "memory://", ":memory:")
POSTGRES_URLS = ("postgresql://", "postgres://")
_META_COLUMNS = (
    "id, game, rules_version, config_json, status, created_at, finished_at, outcome_json, name, "
    "owner_hash, invite_hash, private, hot_seat, hints, rated, creator, clock_move, clock_bank, "
    "pace"
)
CREATOR_LOCK = 4244
"""``pg_advisory_xact_lock(CREATOR_LOCK, hashtext(creator))``: one creation per creator at a
time across a cluster's nodes, so that the count of its open tables cannot be outrun."""
Row = Sequence[Any]
T = TypeVar("T")
_INSERT_LOG = 'INSERT INTO log (table_id, seq, kind, seat, "text", "auto", "at") '
_INSERT_LOG_ROW = _INSERT_LOG + "VALUES (?, ?, ?, ?, ?, ?, ?)"


def _log_rows(table_id: str, records: Sequence[LogRecord]) -> list[tuple[Any, ...]]:
    """The ``log`` rows of ``records`` (the column order of ``_INSERT_LOG``)."""
    return [(table_id, r.seq, r.kind, r.seat, r.text, int(r.auto), r.at) for r in records]


class Fence(Protocol):
    """A cluster node's leases (``server/cluster/node.py``): appends of tables it no longer owns at
    the epoch it acquired fail with ``SeqConflict``."""

    @property
    def node_id(self) -> int: ...
    @property
    def epochs(self) -> Mapping[str, int]: ...
    async def fence(self, conn: Any, table_ids: Sequence[str]) -> set[str]:
        """Inside an append's transaction: the tables among ``table_ids`` no longer owned."""
        ...


@cache  # two texts, built once: a group commit runs hundreds of times a second
def _pg_batch_sql(fenced: bool) -> str:
    """One statement (one round trip, autocommit) for a group commit on PostgreSQL: per item
    whether the table exists, its last seq and whether this node still holds its lease
    (share-locked until the statement commits); the rows of the items that pass are inserted.

    Why: a batch as ``BEGIN``, two ``SELECT``s, ``INSERT`` and ``COMMIT`` took five round trips,
    each waiting for a turn of a busy event loop while later appends queued behind it."""
    lease = (
        "lease AS (SELECT table_id, node, epoch FROM leases WHERE table_id = ANY($1::text[]) "
        "FOR SHARE), "
        if fenced
        else ""
    )
    held = "COALESCE(le.node = $4 AND le.epoch = i.epoch, false)" if fenced else "$4::int IS NULL"
    join = "LEFT JOIN lease le ON le.table_id = i.table_id " if fenced else ""
    return (
        "WITH item AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) "
        "AS i(table_id, first_seq, epoch)), " + lease +
        "state AS MATERIALIZED (SELECT i.table_id, i.first_seq, t.id IS NOT NULL AS known, "
        "COALESCE((SELECT MAX(seq) FROM log WHERE log.table_id = i.table_id), 0) AS last, "
        f"{held} AS held FROM item i LEFT JOIN tables t ON t.id = i.table_id {join}), "
        "ins AS (" + _INSERT_LOG + "SELECT r.* FROM unnest($5::text[], $6::bigint[], "
        "$7::text[], $8::int[], $9::text[], $10::int[], $11::text[]) "
        'AS r(table_id, seq, kind, seat, "text", "auto", "at") JOIN state s ON '
        "s.table_id = r.table_id AND s.known AND s.held AND s.last + 1 = s.first_seq) "
        "SELECT table_id, known, last, held FROM state"
    )  # fmt: skip


class _Connection(Protocol):
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


class _Backend(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...
    def transaction(self) -> Any:
        """An async context manager yielding a ``_Connection`` inside one transaction."""
        ...

    def is_conflict(self, exc: BaseException) -> bool: ...
    async def read(self, sql: str, params: Sequence[Any]) -> list[Row]: ...


class _SqliteConn:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._db.execute(sql, tuple(params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._db.executemany(sql, [tuple(r) for r in rows])

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._db.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())


CHECKPOINT_EVERY = 200
"""Commits between two WAL checkpoints (each on the connection's thread: it syncs the disk)."""
BUSY_MS = 5000
_WAIT = f"PRAGMA busy_timeout={BUSY_MS}"
_NO_WAIT = "PRAGMA busy_timeout=0"


class _SqliteBackend:
    """One connection in autocommit mode; an asyncio lock serializes explicit transactions.

    Statements run on aiosqlite's thread, except ``write_here``'s: a group commit (a few
    inserts; with WAL and ``synchronous=NORMAL`` a commit is a write, no sync) runs on the
    loop itself, which saves the thread's round trip (a future, a wake-up, the hand-over of the
    interpreter) per batch. So that the loop never waits on the disk or another process, the
    WAL is checkpointed on the thread (``CHECKPOINT_EVERY``, not by SQLite's automatic one
    inside a commit) and a write lock held elsewhere sends the batch to the thread."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._commits = 0
        self._checkpoints: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        self._db = await aiosqlite.connect(
            self._path, isolation_level=None, check_same_thread=False
        )
        self._db.text_factory = _text
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=NORMAL")  # a process crash loses nothing
        await self._db.execute(_WAIT)
        await self._db.execute("PRAGMA wal_autocheckpoint=0")  # ours: ``_committed``
        await self._db.execute(schema.VERSION_TABLE)
        await migrate(self, postgres=False)

    async def close(self) -> None:
        for task in list(self._checkpoints):
            await task
        if self._db is not None:
            await self._db.close()
            self._db = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Connection]:
        if self._db is None:
            raise StorageError("the store is not open")
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _SqliteConn(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")
        self._committed()

    def is_conflict(self, exc: BaseException) -> bool:
        return isinstance(exc, aiosqlite.IntegrityError)

    async def write_here(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` in one transaction, on the loop (on the thread, in one round trip, when
        another connection holds the write lock: the loop must not wait for it)."""
        db = self._db
        if db is None:
            raise StorageError("the store is not open")
        async with self._lock:
            conn = db._conn  # aiosqlite's connection; the lock keeps its thread off it
            conn.execute(_NO_WAIT)
            try:
                conn.execute("BEGIN IMMEDIATE")
                begun = True
            except sqlite3.OperationalError:  # locked by another connection
                begun = False
            finally:
                conn.execute(_WAIT)
            if begun:
                result = _finish(conn, work)
            else:
                run: Any = db._execute  # aiosqlite's own queue to its thread (no public door)
                result = await run(_transaction, conn, work)
        self._committed()
        return result

    def _committed(self) -> None:
        """Count a commit; every ``CHECKPOINT_EVERY`` checkpoint the WAL on the thread."""
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and not self._checkpoints:
            task = asyncio.get_running_loop().create_task(self._checkpoint())
            self._checkpoints.add(task)
            task.add_done_callback(self._checkpoints.discard)

    async def _checkpoint(self) -> None:
        if self._db is not None:
            async with self._lock, self._db.execute("PRAGMA wal_checkpoint(PASSIVE)") as done:
                await done.fetchall()  # its row read: no statement left in progress

    async def read(self, sql: str, params: Sequence[Any]) -> list[Row]:
        """One query outside an explicit transaction (never inside another's)."""
        if self._db is None:
            raise StorageError("the store is not open")
        async with self._lock:
            return await _SqliteConn(self._db).fetch(sql, params)


def _transaction(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work`` between ``BEGIN IMMEDIATE`` and ``COMMIT`` (rolled back if it raises)."""
    conn.execute("BEGIN IMMEDIATE")
    return _finish(conn, work)


def _finish(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work`` in the transaction begun, then ``COMMIT`` (``ROLLBACK`` if either raises)."""
    try:
        result = work(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


async def migrate(backend: _Backend, *, postgres: bool) -> None:
    """Apply the migrations the database lacks (``storage/schema.py``), each in its own
    transaction with its version row; the transaction's lock (SQLite's write lock, an advisory
    lock on PostgreSQL) makes a second process starting at once find it applied."""
    for migration in schema.MIGRATIONS:
        async with backend.transaction() as conn:
            if postgres:
                await conn.execute(f"SELECT pg_advisory_xact_lock({schema.MIGRATION_LOCK}, 0)")
            done = await schema.applied(conn)
            schema.check_known(done)
            if migration.version not in done:
                await schema.apply(conn, migration, postgres, utc_now())


def sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL; ``None`` for memory and PostgreSQL.

    >>> sqlite_path("sqlite:///x.db"), sqlite_path("x.db"), sqlite_path("postgresql://h/db")
    ('x.db', 'x.db', None)
    """
    if url in MEMORY_URLS or url.startswith(POSTGRES_URLS):
        return None
    return url.removeprefix("sqlite:///")


def connect_errors() -> tuple[type[BaseException], ...]:
    """The errors of a database that cannot be reached or that refuses the server (no fault of
    the code, nothing a traceback would explain): the system's, and asyncpg's once loaded."""
    asyncpg = sys.modules.get("asyncpg")
    drivers = () if asyncpg is None else (asyncpg.PostgresError, asyncpg.InterfaceError)
    return (OSError, *drivers)


def _text(data: bytes) -> str:
    """SQLite text as ``str``; undecodable bytes (a damaged file) become U+FFFD instead of
    failing the whole query: a damaged name shows, a damaged log record fails its replay."""
    return data.decode("utf-8", "replace")


def to_dollar_params(sql: str) -> str:
    """Renumber ``?`` placeholders for PostgreSQL.

    >>> to_dollar_params("SELECT ? , ?")
    'SELECT $1 , $2'
    """
    counter = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


class _PgConn:
    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._conn.execute(to_dollar_params(sql), *params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(to_dollar_params(sql), [tuple(r) for r in rows])

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self._conn.fetch(to_dollar_params(sql), *params)]


class _PgBackend:
    """An asyncpg pool; ``schema`` (created if missing) isolates test runs."""

    def __init__(self, url: str, schema: str | None = None) -> None:
        self._url = url
        self._schema = schema
        self._pool: Any = None
        self._asyncpg: Any = importlib.import_module("asyncpg")

    async def open(self) -> None:
        settings: dict[str, str] = {}
        if self._schema is not None:
            conn = await self._asyncpg.connect(self._url)
            try:
                await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self._schema}"')
            finally:
                await conn.close()
            settings["search_path"] = self._schema
        self._pool = await self._asyncpg.create_pool(
            self._url, min_size=1, max_size=8, server_settings=settings, reset=_reset
        )
        async with self.transaction() as conn:  # nodes starting together: one creates it
            await conn.execute(f"SELECT pg_advisory_xact_lock({schema.MIGRATION_LOCK}, 0)")
            await conn.execute(schema.VERSION_TABLE)
        await migrate(self, postgres=True)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Connection]:
        if self._pool is None:
            raise StorageError("the store is not open")
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PgConn(conn)

    async def fetch_once(self, sql: str, *args: Any) -> list[Row]:
        """One statement in its own (implicit) transaction: one round trip."""
        if self._pool is None:
            raise StorageError("the store is not open")
        async with self._pool.acquire() as conn:
            return [tuple(r) for r in await conn.fetch(sql, *args)]

    def is_conflict(self, exc: BaseException) -> bool:
        return isinstance(exc, self._asyncpg.UniqueViolationError)

    async def read(self, sql: str, params: Sequence[Any]) -> list[Row]:
        return await self.fetch_once(to_dollar_params(sql), *params)


async def _reset(conn: Any) -> None:
    """A pooled connection's reset: asyncpg's default (``RESET ALL``, ``UNLISTEN *``, …) is a
    round trip per release, and this store keeps no session state on pooled connections."""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


def _meta_from_row(row: Row) -> TableMeta:
    """The metadata of a row; a row that cannot be read gives a ``damaged`` one (its reason in
    ``damage``) so that one bad row never hides the others."""
    try:
        return _parse_meta(row)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        return TableMeta(
            id=str(row[0]), game=str(row[1]), rules_version=str(row[2]), config={},
            status="damaged", created_at=str(row[5]), name=str(row[8] or ""),
            damage=f"unreadable table row: {exc}"[:200],
        )  # fmt: skip


def _parse_meta(row: Row) -> TableMeta:
    config, outcome = json.loads(row[3]), None if row[7] is None else json.loads(row[7])
    if not isinstance(config, dict) or not (outcome is None or isinstance(outcome, dict)):
        raise ValueError("options or outcome are not JSON objects")
    check_status(row[4])
    return TableMeta(
        id=row[0],
        game=row[1],
        rules_version=row[2],
        config=config,
        status=row[4],
        created_at=row[5],
        finished_at=row[6],
        outcome=outcome,
        name=row[8],
        owner_hash=row[9],
        invite_hash=row[10],
        private=bool(row[11]),
        hot_seat=bool(row[12]),
        hints=bool(row[13]),
        rated=bool(row[14]),
        creator=row[15],
        clock_move=None if row[16] is None else float(row[16]),
        clock_bank=None if row[17] is None else float(row[17]),
        pace=None if row[18] is None else float(row[18]),
    )


@cache
def _last_seqs_sql(tables: int) -> str:
    """Each of ``tables`` ids' last stored seq (a missing table: no row)."""
    marks = ", ".join("?" for _ in range(tables))
    return (
        f"SELECT id, (SELECT MAX(seq) FROM log WHERE table_id = id) FROM tables "
        f"WHERE id IN ({marks})"
    )


def _last_seqs(ids: Sequence[str]) -> tuple[str, list[str]]:
    """``_last_seqs_sql`` for ``ids`` and its parameters, the ids padded (with the last one again:
    ``IN`` reads it once) to the next power of two: a batch of any size asks for one of a few
    statements, each prepared once and kept in the driver's statement cache, not one per size.

    >>> sql, params = _last_seqs(["a", "b", "c"])
    >>> sql.count("?"), params
    (4, ['a', 'b', 'c', 'c'])
    """
    marks = 1 << max(len(ids) - 1, 0).bit_length()
    return _last_seqs_sql(marks), [*ids, *[ids[-1]] * (marks - len(ids))]


def _batch_rows(
    batch: Sequence[tuple[str, Sequence[LogRecord]]], found: Sequence[Row], lost: set[str]
) -> tuple[list[StorageError | None], list[tuple[Any, ...]]]:
    """Per item ``None`` or its error (an unknown table, a lost lease, records that do not
    follow the table's last seq, ``found``), and the log rows of the items that go in."""
    results: list[StorageError | None] = [None] * len(batch)
    last = {row[0]: int(row[1] or 0) for row in found}
    rows: list[tuple[Any, ...]] = []
    for i, (table_id, records) in enumerate(batch):
        if table_id not in last:
            results[i] = UnknownTable(f"no table {table_id!r}")
            continue
        if table_id in lost:
            results[i] = SeqConflict(f"table {table_id}: this node lost its lease")
            continue
        try:
            check_continues(table_id, last[table_id], records)
        except SeqConflict as exc:
            results[i] = exc
            continue
        last[table_id] = records[-1].seq if records else last[table_id]
        rows += _log_rows(table_id, records)
    return results, rows


def _one_statement(batch: Sequence[tuple[str, Sequence[LogRecord]]]) -> bool:
    """Whether ``_pg_batch_sql`` can take the batch: one item per table, each a non-empty run of
    consecutive seqs (otherwise the general path, with the same results, takes it)."""
    if len({table_id for table_id, _ in batch}) != len(batch):
        return False
    return all(
        records and all(r.seq == records[0].seq + i for i, r in enumerate(records))
        for _, records in batch
    )


async def _append_batch_sqlite(
    sqlite: _SqliteBackend,
    batch: Sequence[tuple[str, Sequence[LogRecord]]],
    last_sql: str,
    ids: Sequence[str],
) -> list[StorageError | None]:
    """``append_batch`` on SQLite in one go on the loop (``_SqliteBackend.write_here``)."""

    def work(conn: sqlite3.Connection) -> list[StorageError | None]:
        found = conn.execute(last_sql, ids).fetchall()
        results, rows = _batch_rows(batch, found, set())
        conn.executemany(_INSERT_LOG_ROW, rows)
        return results

    return await sqlite.write_here(work)


class SqlStore:
    """``TableStore`` over SQLite (a file path) or PostgreSQL (a ``postgresql://`` URL)."""

    def __init__(self, url: str, *, pg_schema: str | None = None) -> None:
        self.url = url
        self.pg_schema = pg_schema
        self.fence: Fence | None = None
        self._pg: _PgBackend | None = None
        self._sqlite: _SqliteBackend | None = None
        """Each backend's own batch path (``append_batch``), besides the shared ``_backend``."""
        if url.startswith(("postgresql://", "postgres://")):
            self._pg = _PgBackend(url, pg_schema)
            self._backend: _Backend = self._pg
        else:
            self._sqlite = _SqliteBackend(url.removeprefix("sqlite:///"))
            self._backend = self._sqlite

    async def open(self) -> None:
        try:
            await self._backend.open()
        except BaseException:
            await self._backend.close()  # e.g. a newer schema: no connection left behind
            raise

    async def close(self) -> None:
        await self._backend.close()

    @property
    def postgres(self) -> bool:
        return self._pg is not None

    def transaction(self) -> Any:
        """An async context manager: one connection (``execute``, ``executemany``, ``fetch``
        with ``?`` placeholders) inside one transaction; for the other stores on this database
        (``storage/players.py``, ``storage/duplicate.py``)."""
        return self._backend.transaction()

    def is_conflict(self, exc: BaseException) -> bool:
        """Whether ``exc`` is a unique-key violation."""
        return self._backend.is_conflict(exc)

    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """One read-only query in one round trip (no explicit transaction)."""
        return await self._backend.read(sql, params)

    async def create_table(self, meta: TableMeta, seats: int, max_open: int = 0) -> None:
        check_status(meta.status)
        row = (
            meta.id, meta.game, meta.rules_version, json.dumps(meta.config), meta.status,
            meta.created_at, meta.finished_at,
            None if meta.outcome is None else json.dumps(meta.outcome), meta.name,
            meta.owner_hash, meta.invite_hash, int(meta.private), int(meta.hot_seat),
            int(meta.hints),
            int(meta.rated),
            meta.creator, meta.clock_move, meta.clock_bank, meta.pace,
        )  # fmt: skip
        try:
            async with self._backend.transaction() as conn:
                if max_open > 0 and meta.creator is not None:
                    await self._check_open(conn, meta.creator, max_open)
                await conn.execute(
                    f"INSERT INTO tables ({_META_COLUMNS}) VALUES ({', '.join('?' * len(row))})",
                    row,
                )
                await conn.executemany(
                    "INSERT INTO seats (table_id, seat, kind) VALUES (?, ?, 'empty')",
                    [(meta.id, s) for s in range(seats)],
                )
        except Exception as exc:
            if self._backend.is_conflict(exc):
                raise StorageError(f"table {meta.id!r} already exists") from None
            raise

    async def _check_open(self, conn: _Connection, creator: str, bound: int) -> None:
        """``TooManyOpen`` if ``creator`` has ``bound`` open tables (SQLite's ``BEGIN
        IMMEDIATE`` already serializes writers; PostgreSQL takes a lock per creator)."""
        if self._pg is not None:
            await conn.fetch("SELECT pg_advisory_xact_lock(?, hashtext(?))",
                             (CREATOR_LOCK, creator))  # fmt: skip
        rows = await conn.fetch(
            "SELECT COUNT(*) FROM tables WHERE creator = ? AND status = 'open'", (creator,)
        )
        if int(rows[0][0]) >= bound:
            raise TooManyOpen(open_tables_held(bound))

    async def _require(self, conn: _Connection, table_id: str) -> int:
        """The table's last seq; ``UnknownTable`` if it does not exist."""
        rows = await conn.fetch(
            "SELECT (SELECT COUNT(*) FROM tables WHERE id = ?), "
            "(SELECT MAX(seq) FROM log WHERE table_id = ?)",
            (table_id, table_id),
        )
        if not rows[0][0]:
            raise UnknownTable(f"no table {table_id!r}")
        return int(rows[0][1] or 0)

    async def set_seat(self, table_id: str, row: SeatRow) -> None:
        async with self._backend.transaction() as conn:
            await self._require(conn, table_id)
            found = await conn.fetch(
                "SELECT 1 FROM seats WHERE table_id = ? AND seat = ?", (table_id, row.seat)
            )
            if not found:
                raise StorageError(f"table {table_id}: no seat {row.seat}")
            await conn.execute(
                "UPDATE seats SET kind = ?, name = ?, level = ?, token_hash = ?, guest_hash = ?, "
                "account_id = ?, address_hash = ? WHERE table_id = ? AND seat = ?",
                (
                    row.kind,
                    row.name,
                    row.level,
                    row.token_hash,
                    row.guest_hash,
                    row.account_id,
                    row.address_hash,
                    table_id,
                    row.seat,
                ),
            )

    async def append(self, table_id: str, records: Sequence[LogRecord]) -> None:
        rows = _log_rows(table_id, records)
        try:
            async with self._backend.transaction() as conn:
                check_continues(table_id, await self._require(conn, table_id), records)
                if self.fence is not None and await self.fence.fence(conn, [table_id]):
                    raise SeqConflict(f"table {table_id}: this node lost its lease")
                await conn.executemany(
                    _INSERT_LOG_ROW,
                    rows,
                )
        except Exception as exc:
            if self._backend.is_conflict(exc):
                raise SeqConflict(f"table {table_id}: another writer appended first") from None
            raise

    async def append_batch(
        self, batch: Sequence[tuple[str, Sequence[LogRecord]]]
    ) -> list[StorageError | None]:
        """Append several tables' records in one transaction (group commit); per item ``None``
        or the error that item alone gets (``UnknownTable``, ``SeqConflict``). A race with
        another writer rolls the batch back, and each item is then appended on its own."""
        if self._pg is not None and _one_statement(batch):
            return await self._append_batch_pg(self._pg, batch)
        if not batch:
            return []
        ids = sorted({table_id for table_id, _ in batch})
        last_sql, params = _last_seqs(ids)
        try:
            if self._sqlite is not None and self.fence is None:
                return await _append_batch_sqlite(self._sqlite, batch, last_sql, params)
            async with self._backend.transaction() as conn:
                found = await conn.fetch(last_sql, params)
                lost = set() if self.fence is None else await self.fence.fence(conn, ids)
                results, rows = _batch_rows(batch, found, lost)
                await conn.executemany(_INSERT_LOG_ROW, rows)
        except Exception as exc:
            if not self._backend.is_conflict(exc):
                raise
            return [await self._append_alone(table_id, records) for table_id, records in batch]
        return results

    async def _append_batch_pg(
        self, pg: _PgBackend, batch: Sequence[tuple[str, Sequence[LogRecord]]]
    ) -> list[StorageError | None]:
        """``append_batch`` on PostgreSQL in one statement (``_pg_batch_sql``)."""
        fence = self.fence
        ids = [table_id for table_id, _ in batch]
        rows = [row for table_id, records in batch for row in _log_rows(table_id, records)]
        try:
            found = await pg.fetch_once(
                _pg_batch_sql(fence is not None),
                ids,
                [records[0].seq for _, records in batch],
                [None if fence is None else fence.epochs.get(t) for t in ids],
                None if fence is None else fence.node_id,
                *(list(column) for column in zip(*rows, strict=True)),
            )
        except Exception as exc:
            if not pg.is_conflict(exc):
                raise
            return [await self._append_alone(table_id, records) for table_id, records in batch]
        state = {str(r[0]): (bool(r[1]), int(r[2]), bool(r[3])) for r in found}
        results: list[StorageError | None] = []
        for table_id, records in batch:
            known, last, held = state[table_id]
            if not known:
                results.append(UnknownTable(f"no table {table_id!r}"))
            elif not held:
                results.append(SeqConflict(f"table {table_id}: this node lost its lease"))
            else:
                try:
                    check_continues(table_id, last, records)
                except SeqConflict as exc:
                    results.append(exc)
                else:
                    results.append(None)
        return results

    async def _append_alone(
        self, table_id: str, records: Sequence[LogRecord]
    ) -> StorageError | None:
        try:
            await self.append(table_id, records)
        except StorageError as exc:
            return exc
        return None

    async def rewrite_log(
        self, table_id: str, rules_version: str, records: Sequence[LogRecord]
    ) -> None:
        check_continues(table_id, 0, records)
        rows = _log_rows(table_id, records)
        async with self._backend.transaction() as conn:
            await self._require(conn, table_id)
            if self.fence is not None and await self.fence.fence(conn, [table_id]):
                raise SeqConflict(f"table {table_id}: this node lost its lease")
            await conn.execute("DELETE FROM log WHERE table_id = ?", (table_id,))
            await conn.executemany(
                _INSERT_LOG_ROW,
                rows,
            )
            await conn.execute(
                "UPDATE tables SET rules_version = ? WHERE id = ?", (rules_version, table_id)
            )

    async def _update_meta(self, table_id: str, sql: str, params: Sequence[Any]) -> None:
        async with self._backend.transaction() as conn:
            await self._require(conn, table_id)
            await conn.execute(sql, (*params, table_id))

    async def set_status(self, table_id: str, status: str) -> None:
        check_status(status)
        await self._update_meta(table_id, "UPDATE tables SET status = ? WHERE id = ?", (status,))

    async def finish(self, table_id: str, outcome: dict[str, Any], at: str) -> None:
        await self._update_meta(
            table_id,
            "UPDATE tables SET status = 'finished', outcome_json = ?, finished_at = ? WHERE id = ?",
            (json.dumps(outcome), at),
        )

    async def delete_table(self, table_id: str) -> None:
        async with self._backend.transaction() as conn:
            for table, column in (("derived", "table_id"), ("chat", "table_id"),
                                  ("log", "table_id"), ("seats", "table_id"),
                                  ("tables", "id")):  # fmt: skip
                await conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (table_id,))

    async def load(self, table_id: str) -> StoredTable:
        try:
            stored = await self._load(table_id)
        except sqlite3.DatabaseError as exc:
            if exc.sqlite_errorcode not in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
                raise
            raise DamagedTable(table_id, f"database error: {exc}") from None
        except (ValueError, TypeError) as exc:
            if isinstance(exc, StorageError):
                raise
            raise DamagedTable(table_id, f"unreadable row: {exc}"[:200]) from None
        if stored.meta.damage is not None:
            raise DamagedTable(table_id, stored.meta.damage)
        return stored

    async def _load(self, table_id: str) -> StoredTable:
        async with self._backend.transaction() as conn:
            metas = await conn.fetch(
                f"SELECT {_META_COLUMNS} FROM tables WHERE id = ?", (table_id,)
            )
            if not metas:
                raise UnknownTable(f"no table {table_id!r}")
            seat_rows = await conn.fetch(
                "SELECT seat, kind, name, level, token_hash, guest_hash, account_id, address_hash "
                "FROM seats "
                "WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
            log_rows = await conn.fetch(
                'SELECT seq, kind, seat, "text", "auto", "at" FROM log '
                "WHERE table_id = ? ORDER BY seq",
                (table_id,),
            )
        seats = tuple(SeatRow(int(r[0]), *r[1:8]) for r in seat_rows)
        records = tuple(
            LogRecord(int(r[0]), str(r[1]), None if r[2] is None else int(r[2]), str(r[3]),
                      bool(r[4]), str(r[5]))
            for r in log_rows
        )  # fmt: skip
        return StoredTable(_meta_from_row(metas[0]), seats, records)

    async def list_tables(
        self, statuses: Collection[str] | None = None, limit: int = 100, offset: int = 0
    ) -> list[TableMeta]:
        sql = f"SELECT {_META_COLUMNS} FROM tables"
        params: list[Any] = []
        if statuses is not None:
            wanted = sorted(statuses)
            if not wanted:
                return []
            sql += f" WHERE status IN ({', '.join('?' for _ in wanted)})"
            params += wanted
        sql += " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?"
        params += [limit, offset]
        async with self._backend.transaction() as conn:
            rows = await conn.fetch(sql, params)
        return [_meta_from_row(r) for r in rows]

    async def add_chat(self, table_id: str, row: ChatRow) -> None:
        """Numbered after the table's last line (one actor per table writes its chat)."""
        async with self._backend.transaction() as conn:
            await self._require(conn, table_id)
            await conn.execute(
                'INSERT INTO chat (table_id, n, seat, name, "text", "at") VALUES '
                "(?, (SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE table_id = ?), ?, ?, ?, ?)",
                (table_id, table_id, row.seat, row.name, row.text, row.at),
            )
            await conn.execute(
                "DELETE FROM chat WHERE table_id = ? AND n <= "
                "(SELECT MAX(n) FROM chat WHERE table_id = ?) - ?",
                (table_id, table_id, CHAT_KEPT),
            )

    async def chat(self, table_id: str, limit: int) -> list[ChatRow]:
        async with self._backend.transaction() as conn:
            rows = await conn.fetch(
                'SELECT seat, name, "text", "at" FROM chat WHERE table_id = ? '
                "ORDER BY n DESC LIMIT ?",
                (table_id, limit),
            )
        return [ChatRow(None if r[0] is None else int(r[0]), str(r[1]), str(r[2]), str(r[3]))
                for r in reversed(rows)]  # fmt: skip

    async def save_derived(self, table_id: str, key: str, body: str) -> None:
        async with self._backend.transaction() as conn:
            await self._require(conn, table_id)
            await conn.execute(
                'INSERT INTO derived (table_id, "key", body) VALUES (?, ?, ?) '
                'ON CONFLICT (table_id, "key") DO UPDATE SET body = excluded.body',
                (table_id, key, body),
            )

    async def derived(self, table_id: str, key: str) -> str | None:
        async with self._backend.transaction() as conn:
            rows = await conn.fetch(
                'SELECT body FROM derived WHERE table_id = ? AND "key" = ?', (table_id, key)
            )
        return str(rows[0][0]) if rows else None
