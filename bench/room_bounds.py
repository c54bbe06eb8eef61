"""What one address can hold of the room, over hours of simulated time (not a test).

``python bench/room_bounds.py [--hours 2] [--chat-lines 100000]``

1. **Tables.** The server's own registry, store and limits (``TableRegistry``, the creation
   ``RateLimiter``, the bot gate of ``POST /seats/{n}/bot``) at their defaults, on a SQLite file,
   with an injected clock: no real waiting. Address A tries to create a Tichu table every
   simulated second and to fill it with four bots (a running bot-only table); address B creates
   one every ten minutes. The registry sweeps every simulated minute (open-table expiry,
   bot-only life). Prints, over the run, the most open and running bot-only tables A ever held
   and how many of B's creations succeeded. The bounds are exact (a count, not an estimate),
   so there is no confidence interval to give.
2. **Chat storage.** ``--chat-lines`` lines said at one table through the store's ``add_chat``
   (the only path a line is stored by): rows kept and the database file's size after.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardroom.server import Settings
from cardroom.server.lobby.access import Access, Credentials, holder_key
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.ops.limits import OverQuota, RateLimiter
from cardroom.server.table.outcomes import LobbyError, Problem
from cardroom.server.web.http import put_bot
from cardroom.storage import ChatRow, SqlStore, TableMeta
from cardroom.storage.protocol import CHAT_KEPT

A, B = holder_key("203.0.113.1"), holder_key("198.51.100.2")
OPTIONS = {"target_score": 10000}


class Clock:
    """Simulated seconds, advanced by the bench."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def tables(hours: float, db: str) -> None:
    settings = Settings(db=db, bot_delay=1e9)  # bots never get to move: only the count matters
    store = SqlStore(db)
    await store.open()
    clock = Clock()
    registry = TableRegistry(store, settings, clock=clock)
    limiter = RateLimiter(settings.create_burst, settings.create_per_minute)
    tried = {A: 0, B: 0}
    made = {A: 0, B: 0}
    refused: dict[str, int] = {}
    most_open = most_bot_only = most_live = 0
    started = time.perf_counter()
    for second in range(int(hours * 3600)):
        clock.now = float(second)
        for who in (A, B) if second % 600 == 0 else (A,):
            tried[who] += 1
            if limiter.take(who, now=clock.now) > 0:
                refused["429 rate"] = refused.get("429 rate", 0) + 1
                continue
            access, owner = Access.create(private=False, hot_seat=False)
            try:
                actor = await registry.create("tichu", OPTIONS, "bench", access, creator=who)
            except LobbyError as exc:
                key = "429 open tables" if exc.problem == Problem.TOO_MANY else "503 room full"
                refused[key] = refused.get(key, 0) + 1
                continue
            made[who] += 1
            if who == A:
                try:
                    for seat in range(4):
                        await put_bot(registry, actor, seat, "random", Credentials(owner))
                except OverQuota:
                    refused["429 bot-only"] = refused.get("429 bot-only", 0) + 1
        if second % 60 == 0:
            await registry.sweep_once()
        live = [a for a in registry.live() if a.meta.creator == A]
        most_open = max(most_open, sum(1 for a in live if a.status == "open"))
        most_bot_only = max(most_bot_only, sum(1 for a in live if a.bot_only))
        most_live = max(most_live, len(live))
    await registry.shutdown()
    await store.close()
    print(f"tables: {hours:g} h simulated in {time.perf_counter() - started:.1f} s "
          f"(defaults: burst {settings.create_burst}, {settings.create_per_minute:g}/min, "
          f"open per address {settings.max_open_per_address}, bot-only per address "
          f"{settings.max_bot_tables_per_address}, bot-only life {settings.bot_table_life:g} s, "
          f"open-table TTL {settings.open_table_ttl:g} s)")  # fmt: skip
    print(f"  A: {tried[A]} tries, {made[A]} tables made; refusals {refused}")
    print(f"  A held at most {most_open} open and {most_bot_only} running bot-only tables "
          f"({most_live} unfinished in all)")  # fmt: skip
    print(f"  B: {made[B]} of {tried[B]} creations succeeded")


async def chat(lines: int, db: str) -> None:
    store = SqlStore(db)
    await store.open()
    await store.create_table(TableMeta("chatty", "tichu", "1", {}, created_at="t"), 4)
    started = time.perf_counter()
    for n in range(lines):
        await store.add_chat("chatty", ChatRow(None, "flood", f"line {n} " + "x" * 200, "t"))
    elapsed = time.perf_counter() - started
    await store.close()
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT COUNT(*) FROM chat WHERE table_id = 'chatty'").fetchone()[0]
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = Path(db).stat().st_size
    print(f"chat: {lines} lines of ~210 characters in {elapsed:.1f} s "
          f"({lines / elapsed:.0f}/s); {rows} rows kept (CHAT_KEPT = {CHAT_KEPT}); "
          f"database file {size / 1024:.0f} kB")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=2.0)
    parser.add_argument("--chat-lines", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(tables(args.hours, str(Path(tmp) / "tables.db")))
        asyncio.run(chat(args.chat_lines, str(Path(tmp) / "chat.db")))


if __name__ == "__main__":
    main()
