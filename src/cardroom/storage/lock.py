"""One server per SQLite file: an exclusive ``flock`` on ``<db>.lock`` held while the server
runs. A second server on the same file refuses to start instead of serving stale tables beside
the first; the kernel drops the lock when its holder dies, even by ``kill -9``."""

from __future__ import annotations

import fcntl
import os
from typing import IO

from cardroom.storage.protocol import StorageError
from cardroom.storage.sql import sqlite_path


class DatabaseInUse(StorageError):
    """Another live process holds the database."""


def lock_database(url: str) -> IO[bytes] | None:
    """The held lock file of a SQLite ``url`` (``None`` for memory and PostgreSQL): close it
    to release; ``DatabaseInUse`` if another process holds it."""
    path = sqlite_path(url)
    if path is None:
        return None
    handle = open(f"{path}.lock", "ab")  # noqa: SIM115 (held open for the server's lifetime)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        msg = f"the database {path} is in use by another cardroom server (it holds {path}.lock)"
        raise DatabaseInUse(msg) from None
    os.set_inheritable(handle.fileno(), False)
    return handle
