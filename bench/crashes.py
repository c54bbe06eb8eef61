"""Random ``kill -9`` figures (not a test): ``python bench/crashes.py [--rounds N] [--seed S]``.

Each round starts ``cardroom serve`` on one SQLite file, creates relay tables (the test game)
and fills their seats with bots at random moments, some fully, some not, then kills the process
with SIGKILL at a random instant; every other round the server also has a crash point
(``CARDROOM_CRASH``, cycling through start and finish steps) and dies there if it comes first.
After every round the server is restarted and stopped with SIGTERM, and every table so far is
checked against its log: finished exactly when the log ends the game (with the log's outcome),
running only when every seat is filled and the game goes on, open only when a seat is empty and
nothing was dealt.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import sys
import tempfile
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the relay test game and the server-process helpers

from cardroom.engine import get_game, replay  # noqa: E402
from cardroom.server.table.crashpoints import POINTS  # noqa: E402
from cardroom.storage import SqlStore, StoredTable  # noqa: E402
from tests.server.test_attacks_resilience import RELAY, process  # noqa: E402


def problem(stored: StoredTable) -> str | None:
    """What is wrong with a stored table's status, given its log; ``None`` if nothing."""
    game = get_game(stored.meta.game)
    state = replay(game, game.config_from_json(stored.meta.config), stored.records)
    full = all(s.kind != "empty" for s in stored.seats)
    dealt = any(r.kind == "chance" for r in stored.records)
    status = stored.meta.status
    if game.is_terminal(state) != (status == "finished"):
        return f"{status} but the log {'ends' if game.is_terminal(state) else 'does not end'}"
    if status == "finished" and stored.meta.outcome != game.outcome(state).to_json():
        return "finished with another outcome than the log's"
    if status == "running" and not (full and dealt):
        return "running but not full and dealt"
    if status == "open" and (full or dealt):
        return "open but full or dealt"
    return None


async def fill(server: httpx.AsyncClient, table: str, seats: int, rng: random.Random) -> None:
    for seat in range(seats):
        await asyncio.sleep(rng.uniform(0, 0.05))
        await server.post(f"/api/tables/{table}/seats/{seat}/bot", json={"level": "random"})


async def round_(db: Path, rng: random.Random, tables: int, point: str | None) -> int:
    """One round; how many tables it created before the kill."""
    created = 0
    flags = ("--bot-delay", "0.01", "--create-burst", "1000")
    env = {"CARDROOM_CRASH": point} if point else {}
    async with process(db, *flags, env=env) as (proc, server, _):

        async def play() -> None:
            nonlocal created
            for _ in range(tables):
                table = await server.create("relay", RELAY)
                created += 1
                await fill(server.http, table, rng.choice([1, 3, 4, 4, 4]), rng)

        task = asyncio.create_task(play())
        await asyncio.sleep(rng.uniform(0.05, 1.0))
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
        await proc.wait()
        with contextlib.suppress(httpx.HTTPError, AssertionError):
            await task  # requests in flight when the server died fail
    async with process(db) as (proc, _server, _):
        await asyncio.sleep(1.0)  # resumed tables deal and play on
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 15)
    return created


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--tables", type=int, default=8, help="tables per round at most")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "crashes.db"
        created, crashed = 0, 0
        for n in range(args.rounds):
            point = POINTS[n // 2 % len(POINTS)] if n % 2 else None
            created += await round_(db, rng, args.tables, point)
            crashed += point is not None
        store = SqlStore(str(db))
        await store.open()
        try:
            metas = await store.list_tables(limit=100_000)
            tables = [await store.load(m.id) for m in metas]
        finally:
            await store.close()
    problems = [(t.meta.id, p) for t in tables if (p := problem(t)) is not None]
    counts = {s: sum(t.meta.status == s for t in tables) for s in ("open", "running", "finished")}
    print(f"{args.rounds} rounds ({crashed} with a crash point), {created} tables created "
          f"({len(tables)} stored): {counts}")  # fmt: skip
    print(f"tables whose status disagrees with their log: {len(problems)}")
    for table, text in problems:
        print(f"  {table}: {text}")


if __name__ == "__main__":
    asyncio.run(main())
