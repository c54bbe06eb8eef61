"""An in-memory ``TableStore``: tests, development and load runs without a disk."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardroom.engine.record import LogRecord
from cardroom.storage.protocol import (
    CHAT_KEPT,
    ChatRow,
    SeatRow,
    StorageError,
    StoredTable,
    TableMeta,
    TooManyOpen,
    UnknownTable,
    check_continues,
    check_status,
    open_tables_held,
)


@dataclass(slots=True)
class _Table:
    meta: TableMeta
    seats: list[SeatRow]
    records: list[LogRecord] = field(default_factory=list)
    chat: list[ChatRow] = field(default_factory=list)
    derived: dict[str, str] = field(default_factory=dict)


class MemoryStore:
    """Keeps every table in a dict; the same contract as the SQL store."""

    def __init__(self) -> None:
        self._tables: dict[str, _Table] = {}

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    def _get(self, table_id: str) -> _Table:
        try:
            return self._tables[table_id]
        except KeyError:
            raise UnknownTable(f"no table {table_id!r}") from None

    async def create_table(self, meta: TableMeta, seats: int, max_open: int = 0) -> None:
        if meta.id in self._tables:
            raise StorageError(f"table {meta.id!r} already exists")
        check_status(meta.status)
        if max_open > 0 and meta.creator is not None:
            held = sum(1 for t in self._tables.values()
                       if t.meta.creator == meta.creator and t.meta.status == "open")  # fmt: skip
            if held >= max_open:
                raise TooManyOpen(open_tables_held(max_open))
        self._tables[meta.id] = _Table(meta, [SeatRow(s) for s in range(seats)])

    async def set_seat(self, table_id: str, row: SeatRow) -> None:
        table = self._get(table_id)
        if not 0 <= row.seat < len(table.seats):
            raise StorageError(f"table {table_id}: no seat {row.seat}")
        table.seats[row.seat] = row

    async def append(self, table_id: str, records: Sequence[LogRecord]) -> None:
        table = self._get(table_id)
        check_continues(table_id, table.records[-1].seq if table.records else 0, records)
        table.records.extend(records)

    async def rewrite_log(
        self, table_id: str, rules_version: str, records: Sequence[LogRecord]
    ) -> None:
        table = self._get(table_id)
        check_continues(table_id, 0, records)
        table.records = list(records)
        table.meta = replace(table.meta, rules_version=rules_version)

    async def set_status(self, table_id: str, status: str) -> None:
        check_status(status)
        table = self._get(table_id)
        table.meta = replace(table.meta, status=status)

    async def finish(self, table_id: str, outcome: dict[str, Any], at: str) -> None:
        table = self._get(table_id)
        table.meta = replace(table.meta, status="finished", outcome=outcome, finished_at=at)

    async def delete_table(self, table_id: str) -> None:
        self._tables.pop(table_id, None)

    async def load(self, table_id: str) -> StoredTable:
        table = self._get(table_id)
        return StoredTable(table.meta, tuple(table.seats), tuple(table.records))

    async def list_tables(
        self, statuses: Collection[str] | None = None, limit: int = 100, offset: int = 0
    ) -> list[TableMeta]:
        metas = [t.meta for t in self._tables.values()]
        if statuses is not None:
            metas = [m for m in metas if m.status in statuses]
        metas.sort(key=lambda m: (m.created_at, m.id), reverse=True)
        return metas[offset : offset + limit]

    async def add_chat(self, table_id: str, row: ChatRow) -> None:
        lines = self._get(table_id).chat
        lines.append(row)
        del lines[:-CHAT_KEPT]

    async def chat(self, table_id: str, limit: int) -> list[ChatRow]:
        lines = self._get(table_id).chat
        return lines[max(0, len(lines) - limit) :]

    async def save_derived(self, table_id: str, key: str, body: str) -> None:
        self._get(table_id).derived[key] = body

    async def derived(self, table_id: str, key: str) -> str | None:
        table = self._tables.get(table_id)
        return None if table is None else table.derived.get(key)
