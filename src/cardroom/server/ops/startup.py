"""The server's start: a failure an operator can act on (the database in use, unreachable or
unreadable; a signal while starting) is one log line, ``cannot start: …``, and no traceback;
any other failure is a fault of the server's own and keeps its traceback, to be reported.

A signal stops a start at once: uvicorn would let the start run to its end first, which takes
a minute when a PostgreSQL server does not answer.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.types import Message, Receive, Scope, Send

from cardroom.storage import DatabaseInUse, StorageError, connect_errors, redact

log = logging.getLogger("cardroom.server.ops.startup")


UVICORN_FAILED = "Application startup failed. Exiting."
"""uvicorn's line after a failed start: said after ``cannot start: …``, it only repeats it."""


def said_already(record: logging.LogRecord) -> bool:
    """A filter of uvicorn's log once ``cannot start`` has said why: its own line goes."""
    return record.getMessage() != UVICORN_FAILED


class CannotStart(Exception):
    """The start failed for the reason its one log line gave."""


def reason(exc: BaseException, db: str, signal: str | None = None) -> str | None:
    """Why the start failed, for the operator (``None``: a fault of the server's own);
    ``signal``: the name of the one that stopped it, if one did."""
    if isinstance(exc, asyncio.CancelledError):
        return f"stopped by {signal or 'a signal'} while starting"
    if isinstance(exc, DatabaseInUse):
        return str(exc)
    detail = f"{type(exc).__name__}: {exc}".removesuffix(": ")
    if isinstance(exc, connect_errors()):
        return f"the database {redact(db)} cannot be opened: {detail}"
    if isinstance(exc, (sqlite3.Error, StorageError)):
        return f"the database {redact(db)} is unreadable: {detail}"
    return None


class Startup:
    """One server's start, which a signal may stop."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.task: asyncio.Task[object] | None = None
        self.stopped: str | None = None  # by this signal

    def stop(self, signal: str) -> None:
        """Stop the start now, or as it begins. Called by a signal handler, which runs on the
        loop's thread between two of its steps: the cancel is left to the loop."""
        self.stopped = signal
        if self.task is not None:
            self.task.get_loop().call_soon_threadsafe(self._cancel)

    def _cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    @asynccontextmanager
    async def guard(self, undo: Callable[[], Awaitable[None]]) -> AsyncIterator[None]:
        """Run the start's steps: on a failure, log it in one line, ``undo`` what was opened
        and raise ``CannotStart`` (or, for a fault of the server's own, the error itself)."""
        self.task = asyncio.current_task()
        try:
            if self.stopped:
                raise asyncio.CancelledError
            yield
        except (Exception, asyncio.CancelledError) as exc:
            self.task = None  # a second signal must not cancel the undoing
            if isinstance(exc, asyncio.CancelledError) and (task := asyncio.current_task()):
                task.uncancel()
            why = reason(exc, self.db, self.stopped)
            log.error("cannot start: %s", why or f"{type(exc).__name__}: {exc}")
            logging.getLogger("uvicorn.error").addFilter(said_already)
            await undo()
            if why is None:
                raise
            raise CannotStart(why) from None
        finally:
            self.task = None


class QuietStartApp(Starlette):
    """A Starlette app that reports a ``CannotStart`` to the server without the traceback
    Starlette attaches (uvicorn would print it after the line that already said why)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            return await super().__call__(scope, receive, send)
        failed: list[Message] = []  # held until the error is known

        async def hold(message: Message) -> None:
            if message["type"] == "lifespan.startup.failed":
                failed.append(message)
            else:
                await send(message)

        try:
            await super().__call__(scope, receive, hold)
        except CannotStart:
            await send({"type": "lifespan.startup.failed", "message": ""})
            raise
        except BaseException:
            for message in failed:
                await send(message)
            raise
