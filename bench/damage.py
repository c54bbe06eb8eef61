"""Damaged-database figures (not a test): ``python bench/damage.py [--trials N] [--seed S]``.

Builds a SQLite database of finished and open tables (the relay test game, bots only), then per
trial flips 1, 4 or 16 random bits in one random page of a copy, starts ``cardroom serve`` on
it and asks for the lobby and every table and record. Each trial ends one of two ways: the
server exits with "cannot start" (the database itself is unreadable), or it serves, with the
tables it cannot read quarantined as ``damaged`` (410). Counted: exits with and without the
message, hangs, and any 5xx answer (there must be none).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the relay test game and the server-process helpers

from cardroom.server import Settings  # noqa: E402
from tests.server.conftest import serve  # noqa: E402
from tests.server.test_attacks_resilience import RELAY, make_tables, process  # noqa: E402


async def build(db: Path) -> list[str]:
    """Nine finished tables and eight open ones; every table id."""
    await make_tables(db, 9)
    settings = Settings(db=str(db), bot_delay=0.0, round_pause=0.0, create_burst=100)
    async with serve(settings) as server:
        for _ in range(8):
            await server.bot(await server.create("relay", RELAY), 0)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return [row[0] for row in conn.execute("SELECT id FROM tables")]


async def trial(db: Path, ids: list[str]) -> str:
    """Serve ``db``: the trial's result class."""
    try:
        async with process(db) as (_, server, _log):
            lobby = await server.http.get("/api/tables?limit=200")
            codes = [lobby.status_code]
            for table in ids:
                for path in ("", "/record"):
                    codes.append((await server.http.get(f"/api/tables/{table}{path}")).status_code)
            if any(code >= 500 for code in codes):
                return "served with a 5xx"
            damaged = sum(t["status"] == "damaged" for t in lobby.json())
            return "served, some tables damaged" if 410 in codes or damaged else "served"
    except AssertionError as exc:  # the process exited before listening
        return "exited: cannot start" if "cannot start" in str(exc) else "exited, no message"
    except TimeoutError:
        return "hung"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng, results = random.Random(args.seed), Counter[str]()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base.db"
        ids = await build(base)
        data = base.read_bytes()
        for n in range(args.trials):
            damaged = bytearray(data)
            page = rng.randrange(len(damaged) // 4096)
            for _ in range(rng.choice([1, 4, 16])):
                damaged[page * 4096 + rng.randrange(4096)] ^= 1 << rng.randrange(8)
            db = Path(tmp) / f"trial{n}.db"
            db.write_bytes(bytes(damaged))
            results[await trial(db, ids)] += 1
    pages = len(data) // 4096
    print(f"{args.trials} trials on a {pages}-page database of {len(ids)} tables:")
    for result, count in sorted(results.items()):
        print(f"  {result}: {count}")


if __name__ == "__main__":
    asyncio.run(main())
