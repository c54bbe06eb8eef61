"""``Outbox``: one websocket's bounded queue of outgoing messages, its newest and oldest in view.

Why not ``asyncio.Queue``: the session folds an ``ack`` or a ``clock`` into the message queued
just before it and watches how long the oldest has waited, which that queue keeps private; and
it keeps count of finished tasks (``task_done``, ``join``) that nobody here reads, on every
message of every table. One task reads an outbox (the session's sender): ``get`` is not made
for two readers.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class OutboxFull(Exception):
    """The outbox holds ``maxsize`` messages: its reader is too slow."""


class Outbox(Generic[T]):
    """A FIFO of at most ``maxsize`` items (0: no bound) with one reader.

    >>> box: Outbox[str] = Outbox(2)
    >>> box.put_nowait("a"); box.put_nowait("b"); box.oldest, box.newest, len(box)
    ('a', 'b', 2)
    >>> box.put_nowait("c")
    Traceback (most recent call last):
    ...
    cardroom.server.web.outbox.OutboxFull: 2 messages wait
    >>> box.replace_newest("B"); asyncio.run(box.get()), box.oldest, box.newest
    ('a', 'B', 'B')
    """

    __slots__ = ("_items", "_waiter", "maxsize")

    def __init__(self, maxsize: int = 0) -> None:
        self.maxsize = maxsize
        self._items: deque[T] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self._items)

    @property
    def oldest(self) -> T | None:
        """The item ``get`` returns next (None: empty)."""
        return self._items[0] if self._items else None

    @property
    def newest(self) -> T | None:
        """The item queued last (None: empty)."""
        return self._items[-1] if self._items else None

    def replace_newest(self, item: T) -> None:
        """Put ``item`` in the place of the newest (the outbox must not be empty)."""
        self._items[-1] = item

    def put_nowait(self, item: T) -> None:
        """Queue ``item``, waking the reader; ``OutboxFull`` if ``maxsize`` items wait."""
        if self.maxsize and len(self._items) >= self.maxsize:
            raise OutboxFull(f"{len(self._items)} messages wait")
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> T:
        """The oldest item, waiting for one if the outbox is empty."""
        while not self._items:
            waiter = asyncio.get_running_loop().create_future()
            self._waiter = waiter
            try:
                await waiter
            finally:
                self._waiter = None
        return self._items.popleft()
