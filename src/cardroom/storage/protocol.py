"""The table store: what the server persists, and the interface every backend implements.

A table is its metadata, its seats (who controls each seat now) and its log of accepted records
(the source of truth; replay is a fold). ``append`` is the only way the log grows; the primary key
``(table_id, seq)`` is the fencing token: a second writer's append fails with ``SeqConflict``.

This module must not import ``cardroom.server``.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardroom.engine.record import LogRecord

STATUSES = ("open", "running", "finished")
"""``open``: waiting for seats; ``running``: dealt and in play; ``finished``: match over."""

CHAT_KEPT = 200
"""Chat lines kept per table: ``add_chat`` deletes older ones in the same transaction, so a
table's stored chat stays bounded however much is said (a page shows the last 100)."""


class StorageError(ValueError):
    """Base class of the store's errors for bad requests."""


class SeqConflict(StorageError):
    """An append whose ``seq`` is taken or leaves a gap: another writer owns this table's log."""


class TooManyOpen(StorageError):
    """A creator already has its bound of open tables (``create_table``'s ``max_open``)."""


class UnknownTable(StorageError, LookupError):
    """No table has this id."""


class DamagedTable(UnknownTable):
    """A table whose stored rows cannot be read or replayed: it is quarantined (shown as
    ``damaged`` with the reason), never served, and the other tables go on."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id!r} is damaged: {reason}")
        self.table_id = table_id
        self.reason = reason


def utc_now(ns: int | None = None) -> str:
    """An ISO-8601 UTC timestamp to the millisecond, the format of every ``*_at`` column:
    ``datetime.now(UTC).isoformat(timespec="milliseconds")``'s text, cut (not rounded) like it,
    for ``ns`` nanoseconds since the epoch (default now). The date and time up to the second are
    formatted once per second and the milliseconds appended: a table stamps every record, and
    the datetime form costs several times more in a busy server."""
    global _second
    second, rest = divmod(time.time_ns() if ns is None else ns, 1_000_000_000)
    cached, prefix = _second
    if cached != second:
        prefix = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        _second = (second, prefix)
    return f"{prefix}.{rest // 1_000_000:03d}+00:00"


_second: tuple[int, str] = (-1, "")
"""The last second ``utc_now`` formatted, and its text."""


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
    hints: bool = True
    """Players may ask the bot for a hint (``server/web/review.py``; never at rated tables)."""
    rated: bool = False
    """The match changes its players' ratings (every human signed in, standard rules)."""
    clock_move: float | None = None
    """The table's own turn clock, seconds per move (0: none); ``None``: the server's default
    for its kind of table (``server/table/actor.py``)."""
    clock_bank: float | None = None
    """The table's own time bank per seat, with ``clock_move``."""
    pace: float | None = None
    """The table's own minimum wait (seconds) before any bot moves; ``None``: the server's
    ``bot_delay``."""
    creator: str | None = None
    """Who created the table (a hash of its address; of its account once there are accounts):
    the key that bounds how many open tables one creator may have."""
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
    account_id: str | None = None
    """The signed-in account that holds (or, for a bot that took over, held) the seat."""
    address_hash: str | None = None
    """From which address (hashed) a human seat was taken: seats are bounded per address
    across tables, whatever guest id a client presents."""


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

    async def create_table(self, meta: TableMeta, seats: int, max_open: int = 0) -> None:
        """Store a new table with ``seats`` empty seats; ``StorageError`` if the id exists.
        With ``max_open`` (and ``meta.creator``): ``TooManyOpen`` if the creator already has
        that many open tables, counted in the same transaction (under a lock per creator on
        PostgreSQL), so neither concurrent requests nor a cluster's nodes can overshoot."""
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
        """Keep a chat line with its table (only the last ``CHAT_KEPT``); ``UnknownTable`` if
        absent."""
        ...

    async def chat(self, table_id: str, limit: int) -> list[ChatRow]:
        """The table's last ``limit`` chat lines, oldest first."""
        ...

    async def save_derived(self, table_id: str, key: str, body: str) -> None:
        """Keep a document computed from the table's log (a review) with the table, replacing
        one of the same ``key``; ``UnknownTable`` if absent."""
        ...

    async def derived(self, table_id: str, key: str) -> str | None:
        """A document ``save_derived`` kept (None: none)."""
        ...


def open_tables_held(bound: int) -> str:
    """``TooManyOpen``'s message."""
    return f"you have {bound} tables waiting for players, your limit; fill or leave one first"


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
