"""A real server for the duplicate-room tests on SQLite or PostgreSQL (a fresh schema each,
dropped afterwards; skipped without ``CARDROOM_TEST_PG_URL``), with cheap password hashes."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from cardroom.server import Settings
from cardroom.storage import SqlStore, TableStore
from tests.storage.conftest import drop_schema

from .accounts_helpers import CHEAP_HASH
from .conftest import Server, serve

PG_URL = os.environ.get("CARDROOM_TEST_PG_URL")
BACKENDS = ["sqlite", "postgresql"]


@asynccontextmanager
async def duplicate_server(backend: str, tmp_path: Path, **changes: Any) -> AsyncIterator[Server]:
    settings = Settings(
        db=str(tmp_path / "d.db"), bot_delay=0.0, round_pause=0.0, **CHEAP_HASH, **changes
    )
    store: TableStore | None = None
    if backend == "postgresql":
        if not PG_URL:
            pytest.skip("CARDROOM_TEST_PG_URL is not set")
        store = SqlStore(PG_URL, pg_schema=f"dup_{secrets.token_hex(6)}")
    try:
        async with serve(settings, store) as running:
            yield running
    finally:
        if isinstance(store, SqlStore):
            await drop_schema(str(store.pg_schema))
