"""The table-creation rate of a cluster, shared by its nodes through PostgreSQL.

nginx sends ``POST /api/tables`` to any node, so a bucket per node would let one address create
as many times more tables as there are nodes. Here the bucket of each holder (a hash of its
address, ``access.holder_key``) is one row, spent by a single ``INSERT … ON CONFLICT DO UPDATE``
(the row lock serializes nodes) against the database's clock (nodes' clocks may differ). The
open tables a holder may have are bounded by the store itself (``create_table``'s
``max_open``), in the same database.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

log = logging.getLogger("cardroom.server.cluster.rate")

SCHEMA = """CREATE TABLE IF NOT EXISTS create_buckets (
    key TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL, at DOUBLE PRECISION NOT NULL)"""
NOW = "extract(epoch FROM clock_timestamp())::double precision"
SPEND = f"""
INSERT INTO create_buckets AS b (key, tokens, at) VALUES ($1, $2::double precision - 1, {NOW})
ON CONFLICT (key) DO UPDATE
SET tokens = LEAST($2, b.tokens + (EXCLUDED.at - b.at) * $3) - 1, at = EXCLUDED.at
WHERE LEAST($2, b.tokens + (EXCLUDED.at - b.at) * $3) >= 1
RETURNING tokens"""
LEFT = f"SELECT LEAST($2, tokens + ({NOW} - at) * $3) FROM create_buckets WHERE key = $1"
PRUNE = f"DELETE FROM create_buckets WHERE tokens + ({NOW} - at) * $2 >= $1"
PRUNE_EVERY = 1000
"""Grants between two removals of the buckets that have refilled (they hold nothing)."""


class SharedRateLimiter:
    """A token bucket per key (``burst`` at once, refilled at ``per_minute``) in PostgreSQL;
    the same ``acquire`` as ``ops.limits.RateLimiter``."""

    def __init__(self, dsn: str, burst: int, per_minute: float) -> None:
        self.dsn = dsn
        self.burst = float(burst)
        self.rate = per_minute / 60.0
        self._pool: Any = None
        self._grants = 0

    async def open(self) -> None:
        asyncpg = importlib.import_module("asyncpg")
        self._pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=2)
        async with self._pool.acquire() as conn:
            await conn.execute(SCHEMA)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def acquire(self, key: str) -> float:
        """Spend one token of ``key``: 0 if granted, else the seconds until one is due."""
        async with self._pool.acquire() as conn:
            if await conn.fetchval(SPEND, key, self.burst, self.rate) is not None:
                self._grants += 1
                if self._grants % PRUNE_EVERY == 0:
                    await conn.execute(PRUNE, self.burst, self.rate)
                return 0.0
            tokens = await conn.fetchval(LEFT, key, self.burst, self.rate)
        if self.rate <= 0:
            return float("inf")
        return max(0.0, (1.0 - float(tokens or 0.0)) / self.rate)
