"""Group commit: concurrent tables' appends share one transaction.

Why: with one SQLite writer every table's ``BEGIN … COMMIT`` was serialised behind a lock, and each
transaction costs several worker-thread round trips; at 64 busy tables the average append waited
133 ms. Here an append joins the batch being collected while a commit is in flight (or ``window``
seconds at most), and the whole batch is written at once. The window is waited only while the store
is busy (the last commit carried more than one append): a lone table's append is written at once,
and under load each commit carries more: fewer statements, less CPU in the database and its driver.
Each caller still awaits its own result, so a table stores its records before it broadcasts them,
and a conflict on one table fails that table only. With ``writers`` > 1 that many batches may be in
flight at once (PostgreSQL: each on its own pooled connection), so an append need not wait for the
previous batch's round trip before its own starts; a table's appends stay in order, since its actor
awaits each one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Sequence
from typing import Any, Protocol

from cardroom.engine.record import LogRecord
from cardroom.storage.protocol import (
    ChatRow,
    SeatRow,
    StorageError,
    StoredTable,
    TableMeta,
    TableStore,
)

Batch = Sequence[tuple[str, Sequence[LogRecord]]]


class BatchStore(TableStore, Protocol):
    """A store that can append several tables' records in one transaction."""

    async def append_batch(self, batch: Batch) -> list[StorageError | None]: ...


_Item = tuple[str, Sequence[LogRecord], "asyncio.Future[None]"]


class GroupCommitStore:
    """A ``TableStore`` whose appends are grouped; everything else goes straight through."""

    def __init__(
        self, inner: BatchStore, window: float = 0.0, max_batch: int = 512, writers: int = 1
    ) -> None:
        self.inner = inner
        self.window = window
        self.max_batch = max_batch
        self.writers = max(1, writers)
        self.batches = 0
        self.appends = 0
        self._busy = False  # the last commit carried more than one append
        self._pending: list[_Item] = []
        self._writing = 0
        self._tasks: set[asyncio.Task[None]] = set()  # strong references to the writers
        self._loop: asyncio.AbstractEventLoop | None = None
        """The loop the store was opened on (asyncio's lookup is a ``getpid`` system call)."""

    def stats(self) -> str:
        """Batches and appends since the last call (for the server's health line)."""
        line = f"{self.batches} commits of {self.appends} appends"
        self.batches = self.appends = 0
        return line

    async def append(self, table_id: str, records: Sequence[LogRecord]) -> None:
        loop = self._loop or asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((table_id, records, future))
        if self._writing < self.writers:
            self._writing += 1  # here, not in the task: the next append must see it at once
            task = asyncio.create_task(self._write())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        await future

    async def _write(self) -> None:
        try:
            if self.window > 0 and self._busy:
                await asyncio.sleep(self.window)
            while self._pending:
                batch = self._pending[: self.max_batch]
                del self._pending[: self.max_batch]
                await self._commit(batch)
        finally:  # synchronously with the loop's last check: no append is left without a writer
            self._writing -= 1

    async def _commit(self, batch: list[_Item]) -> None:
        self.batches += 1
        self.appends += len(batch)
        self._busy = len(batch) > 1
        try:
            results = await self.inner.append_batch([(t, r) for t, r, _ in batch])
        except BaseException as exc:  # the store is down: every waiting table hears it
            for _, _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
            return
        for (_, _, future), error in zip(batch, results, strict=True):
            if future.done():
                continue
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(error)

    # -- the rest of TableStore, unchanged -------------------------------------------------
    async def open(self) -> None:
        await self.inner.open()
        self._loop = asyncio.get_running_loop()

    async def close(self) -> None:
        self._loop = None
        await self.inner.close()

    async def create_table(self, meta: TableMeta, seats: int, max_open: int = 0) -> None:
        await self.inner.create_table(meta, seats, max_open)

    async def delete_table(self, table_id: str) -> None:
        await self.inner.delete_table(table_id)

    async def set_seat(self, table_id: str, row: SeatRow) -> None:
        await self.inner.set_seat(table_id, row)

    async def rewrite_log(
        self, table_id: str, rules_version: str, records: Sequence[LogRecord]
    ) -> None:
        await self.inner.rewrite_log(table_id, rules_version, records)

    async def set_status(self, table_id: str, status: str) -> None:
        await self.inner.set_status(table_id, status)

    async def finish(self, table_id: str, outcome: dict[str, Any], at: str) -> None:
        await self.inner.finish(table_id, outcome, at)

    async def load(self, table_id: str) -> StoredTable:
        return await self.inner.load(table_id)

    async def list_tables(
        self, statuses: Collection[str] | None = None, limit: int = 100, offset: int = 0
    ) -> list[TableMeta]:
        return await self.inner.list_tables(statuses, limit, offset)

    async def add_chat(self, table_id: str, row: ChatRow) -> None:
        await self.inner.add_chat(table_id, row)

    async def chat(self, table_id: str, limit: int) -> list[ChatRow]:
        return await self.inner.chat(table_id, limit)

    async def save_derived(self, table_id: str, key: str, body: str) -> None:
        await self.inner.save_derived(table_id, key, body)

    async def derived(self, table_id: str, key: str) -> str | None:
        return await self.inner.derived(table_id, key)
