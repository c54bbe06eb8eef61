"""The table store: what the server persists, and the interface every backend implements.

A table is its metadata, its seats (who controls each seat now) and its log of accepted records
(the source of truth; replay is a fold). ``append`` is the only way the log grows; the primary key
``(table_id, seq)`` is the fencing token: a second writer's append fails with ``SeqConflict``.

This module must not import ``cardroom.server``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from cardroom.engine.record import LogRecord

STATUSES = ("open", "running", "finished")
"""``open``: waiting for seats; ``running``: dealt and in play; ``finished``: match over."""


class StorageError(ValueError):
    """Base class of the store's errors for bad requests."""


class SeqConflict(StorageError):
    """An append whose ``seq`` is taken or leaves a gap: another writer owns this table's log."""


class UnknownTable(StorageError, LookupError):
    """No table has this id."""


class DamagedTable(UnknownTable):
    """A table whose stored rows cannot be read or replayed: it is quarantined (shown as
    ``damaged`` with the reason), never served, and the other tables go on."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id!r} is damaged: {reason}")
        self.table_id = table_id
        self.reason = reason


def utc_now() -> str:
    """An ISO-8601 UTC timestamp, the format of every ``*_at`` column."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True, slots=True)
class TableMeta:
    """A table's metadata: what it plays, under which rules, and how it ended."""

    id: str
    game: str
    rules_version: str
    config: dict[str, Any]
    name: str = ""
    status: str = "open"
    created_at: str = ""
    finished_at: str | None = None
    outcome: dict[str, Any] | None = None
    owner_hash: str | None = None
    """Hashes of the owner and invite secrets (``None`` for tables made before ownership)."""
    invite_hash: str | None = None
    private: bool = False
    """Every human seat needs the invite (or the owner secret)."""
    hot_seat: bool = False
    """One guest may hold several seats."""
    damage: str | None = None
    """Why the stored row could not be read (then ``status`` is ``"damaged"``); never stored."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who controls a seat: nobody, a human guest (by token hash) or a bot of a level."""

    seat: int
    kind: str = "empty"
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    guest_hash: str | None = None
    """Which guest holds a human seat (one seat per guest unless the table is hot-seat)."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """Everything needed to bring a table back: metadata, seats and the whole log."""

    meta: TableMeta
    seats: tuple[SeatRow, ...]
    records: tuple[LogRecord, ...] = field(default=())

    @property
    def version(self) -> int:
        return self.records[-1].seq if self.records else 0


@dataclass(frozen=True, slots=True)
class ChatRow:
    """A table's chat line as kept with the table: public (players and spectators see it),
    stored as typed (pages escape it), so a restart does not empty the table's chat."""

    seat: int | None
    """The seat that said it; ``None`` for a spectator."""
    name: str
    text: str
    at: str


class TableStore(Protocol):
    """Persistence for tables; memory, SQLite and PostgreSQL implement it identically."""

    async def open(self) -> None:
        """Connect and create the schema if needed."""
        ...

    async def close(self) -> None: ...

    async def create_table(self, meta: TableMeta, seats: int) -> None:
        """Store a new table with ``seats`` empty seats; ``StorageError`` if the id exists."""
        ...

    async def set_seat(self, table_id: str, row: SeatRow) -> None:
        """Replace the row of ``row.seat``."""
        ...

    async def append(self, table_id: str, records: Sequence[LogRecord]) -> None:
        """Atomically add records that continue the log exactly (``SeqConflict`` otherwise)."""
        ...

    async def rewrite_log(
        self, table_id: str, rules_version: str, records: Sequence[LogRecord]
    ) -> None:
        """Atomically replace the whole log and its rules version: a log carried to new rules
        at load (``engine.upgrade``), so that the store and the live table agree."""
        ...

    async def set_status(self, table_id: str, status: str) -> None: ...

    async def finish(self, table_id: str, outcome: dict[str, Any], at: str) -> None:
        """Mark the table finished with its outcome."""
        ...

    async def load(self, table_id: str) -> StoredTable:
        """The table with its seats and whole log; ``UnknownTable`` if absent, ``DamagedTable``
        if its rows cannot be read."""
        ...

    async def delete_table(self, table_id: str) -> None:
        """Remove a table, its seats and its log (an expired open table)."""
        ...

    async def list_tables(
        self, statuses: Collection[str] | None = None, limit: int = 100, offset: int = 0
    ) -> list[TableMeta]:
        """Tables (optionally of some statuses), newest first; an unreadable row is listed with
        status ``damaged`` and its reason in ``damage``."""
        ...

    async def add_chat(self, table_id: str, row: ChatRow) -> None:
        """Keep a chat line with its table; ``UnknownTable`` if absent."""
        ...

    async def chat(self, table_id: str, limit: int) -> list[ChatRow]:
        """The table's last ``limit`` chat lines, oldest first."""
        ...


def check_status(status: str) -> None:
    if status not in STATUSES:
        raise StorageError(f"unknown table status {status!r}; expected one of {STATUSES}")


def check_continues(table_id: str, last_seq: int, records: Sequence[LogRecord]) -> None:
    """Raise ``SeqConflict`` unless ``records`` are numbered ``last_seq + 1, last_seq + 2, …``.

    >>> check_continues("t", 3, [LogRecord(4, "action", 0, "pass")])
    >>> check_continues("t", 3, [LogRecord(3, "action", 0, "pass")])
    Traceback (most recent call last):
    ...
    cardroom.storage.protocol.SeqConflict: table t: record 3 does not follow 3
    """
    expected = last_seq + 1
    for record in records:
        if record.seq != expected:
            last = expected - 1
            raise SeqConflict(f"table {table_id}: record {record.seq} does not follow {last}")
        expected += 1
