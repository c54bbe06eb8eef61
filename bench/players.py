"""Player figures (not a test): ``python bench/players.py [--pg URL]``.

Fills a store with ``--players`` accounts (and three bot levels), their ratings and
``--matches`` finished matches of four seats (80% Tichu, 20% Toepen), then asks the real
routes (``create_app``, its middleware included, over an in-process ASGI transport) for
``--requests`` leaderboard pages (random game, kind and offset) and as many profiles (random
players; one in twenty a bot's, with some 60,000 matches behind it): p50 and p99 in
milliseconds with a 95% confidence interval (order statistics). Then the sign-in cost: argon2id
hash and verify with the server's default parameters. The players' running totals and records
with co-players are filled as the server keeps them (``storage/players.py``).

SQLite always (a temporary file); PostgreSQL too with ``--pg`` (a fresh schema, dropped after).
The machine's load average is printed next to the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import secrets
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx

from cardroom.server import Settings, create_app
from cardroom.server.players.names import skeleton
from cardroom.server.players.passwords import Passwords
from cardroom.server.players.ratings import display
from cardroom.storage import SqlStore

BOTS = ("bot:random", "bot:heuristic", "bot:search")
TICHU_STATS = {"rounds": 6, "tichu_called": 1, "tichu_made": 1, "grand_called": 0,
               "grand_made": 0, "double_victories": 0, "bombs": 1}  # fmt: skip
TOEPEN_STATS = {"hands": 9, "knocks": 2, "knocks_won": 1, "folds": 1, "times_loser": 0}


def rows(players: int, matches: int, rng: random.Random) -> dict[str, list[tuple[Any, ...]]]:
    """Every row to insert: accounts, ratings, matches and their seats."""
    at = "2026-01-01T00:00:00.000+00:00"
    names = [f"player{i:05d}" for i in range(players)]
    ids = [f"u:{i:05d}" for i in range(players)]
    accounts = [(i, n, skeleton(n), "human", "x", at) for i, n in zip(ids, names, strict=True)]
    accounts += [(b, b, b, "bot", None, at) for b in BOTS]
    everyone = [*ids, *BOTS]
    by_id = dict(zip(ids, names, strict=True)) | {b: b for b in BOTS}
    ratings = []
    for player in everyone:
        for game in ("tichu", "toepen"):
            mu, sigma = rng.gauss(25, 4), rng.uniform(1.5, 8.3)
            kind = "bot" if player in BOTS else "human"
            ratings.append((player, game, kind, mu, sigma, display(mu, sigma),
                            rng.randint(1, 60), rng.randint(0, 30), at))  # fmt: skip
    match_rows, seats = [], []
    totals: dict[tuple[str, str], list[int]] = {}
    mates: dict[tuple[str, str, str, int], list[Any]] = {}
    for m in range(matches):
        table = f"t{m:07d}"
        game = "tichu" if rng.random() < 0.8 else "toepen"
        finished = f"2026-{1 + m * 11 // matches:02d}-01T00:00:{m % 60:02d}.{m % 1000:03d}+00:00"
        match_rows.append((table, game, 1, finished, json.dumps({"winners": [0, 2]})))
        who = rng.sample(ids, 4) if rng.random() < 0.7 else [*rng.sample(ids, 1), *BOTS]
        stats = json.dumps(TICHU_STATS if game == "tichu" else TOEPEN_STATS)
        for seat, player in enumerate(who):
            team = seat % 2 if game == "tichu" else seat
            result = "win" if team == 0 else "loss"
            total = totals.setdefault((player, game), [0, 0])
            total[0] += 1
            total[1] += result == "win"
            for other_seat, other in enumerate(who):
                if other != player:
                    partner = int((other_seat % 2 == seat % 2) if game == "tichu" else False)
                    mate = mates.setdefault((player, game, other, partner), [by_id[other], 0, 0])
                    mate[1] += 1
                    mate[2] += result == "win"
            mu, sigma = rng.gauss(25, 4), rng.uniform(1.5, 8.3)
            seats.append((table, seat, game, player, None, by_id[player], team, result, 0, 1,
                          mu, sigma, display(mu, sigma), stats, finished))  # fmt: skip
    stats = {"tichu": TICHU_STATS, "toepen": TOEPEN_STATS}
    player_totals = [(player, game, n, won, json.dumps({k: v * n for k, v in stats[game].items()}))
                     for (player, game), (n, won) in totals.items()]  # fmt: skip
    coplayers = [(player, game, other, partner, name, n, won)
                 for (player, game, other, partner), (name, n, won) in mates.items()]  # fmt: skip
    return {"accounts": accounts, "ratings": ratings, "matches": match_rows,
            "match_players": seats, "player_totals": player_totals,
            "coplayers": coplayers}  # fmt: skip


COLUMNS = {
    "accounts": "id, name, name_key, kind, password_hash, created_at",
    "ratings": "account_id, game, kind, mu, sigma, display, games, wins, updated_at",
    "matches": "table_id, game, rated, finished_at, outcome_json",
    "match_players": "table_id, seat, game, account_id, guest_hash, name, team, result, "
    "left_early, rated, mu, sigma, display, stats_json, finished_at",
    "player_totals": "player, game, matches, won, counters_json",
    "coplayers": "player, game, other, partner, other_name, games, won",
}


def fill_sqlite(path: str, data: dict[str, list[tuple[Any, ...]]]) -> None:
    db = sqlite3.connect(path)
    for table, values in data.items():
        marks = ", ".join("?" * len(values[0]))
        db.executemany(f"INSERT INTO {table} ({COLUMNS[table]}) VALUES ({marks})", values)
    db.commit()
    db.execute("ANALYZE")
    db.close()


async def fill_pg(url: str, schema: str, data: dict[str, list[tuple[Any, ...]]]) -> None:
    import asyncpg  # the postgres extra

    conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        for table, values in data.items():
            columns = [c.strip() for c in COLUMNS[table].split(",")]
            await conn.copy_records_to_table(table, records=values, columns=columns)
        await conn.execute("ANALYZE")
    finally:
        await conn.close()


def quantile_ci(samples: list[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile and a 95% interval from the order statistics (binomial ranks)."""
    ordered = sorted(samples)
    n = len(ordered)
    half = 1.96 * math.sqrt(n * q * (1 - q))
    lo, hi = max(0, math.floor(n * q - half)), min(n - 1, math.ceil(n * q + half))
    return ordered[min(n - 1, int(n * q))], ordered[lo], ordered[hi]


async def timed(n: int, request: Callable[[int], Awaitable[httpx.Response]]) -> list[float]:
    took = []
    for i in range(n):
        start = time.perf_counter()
        response = await request(i)
        took.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.text
    return took


async def measure(db: str, players: int, n: int, rng: random.Random) -> None:
    app = create_app(Settings(db=db, bot_delay=0.0))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:

            def board(i: int) -> Awaitable[httpx.Response]:
                game, kind = rng.choice(("tichu", "toepen")), rng.choice(("human", "human", "bot"))
                offset = rng.randrange(0, players - 50) if kind == "human" else 0
                return client.get(f"/api/leaderboard?game={game}&kind={kind}&limit=50"
                                  f"&offset={offset}")  # fmt: skip

            def profile(i: int) -> Awaitable[httpx.Response]:
                if rng.random() < 0.05:  # a bot: tens of thousands of matches behind it
                    return client.get(f"/api/players/{rng.choice(BOTS)}")
                return client.get(f"/api/players/player{rng.randrange(players):05d}")

            await timed(20, board)  # warm caches
            await timed(20, profile)
            for label, request in (("leaderboard", board), ("profile", profile)):
                took = await timed(n, request)
                p50, p99 = quantile_ci(took, 0.5), quantile_ci(took, 0.99)
                print(f"  {label:11s} n={n}: p50 {p50[0]:6.2f} ms [{p50[1]:.2f}, {p50[2]:.2f}]"
                      f"   p99 {p99[0]:6.2f} ms [{p99[1]:.2f}, {p99[2]:.2f}]   "
                      f"max {max(took):.2f} ms")  # fmt: skip


async def sign_in_cost(n: int) -> None:
    passwords = Passwords()  # the server's defaults
    digest = await passwords.hash("a password of some length")
    ops = (("hash", lambda: passwords.hash("another password")),
           ("verify", lambda: passwords.verify(digest, "a wrong password")))  # fmt: skip
    for label, op in ops:
        took = []
        for _ in range(n):
            start = time.perf_counter()
            await op()
            took.append((time.perf_counter() - start) * 1000)
        mean, half = statistics.fmean(took), 1.96 * statistics.stdev(took) / math.sqrt(n)
        print(
            f"  argon2id {label:6s} (64 MiB, t=3, p=4) n={n}: {mean:.1f} ms ± {half:.1f} "
            f"(95% CI of the mean)"
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=200_000)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--pg", help="a postgresql:// URL to measure PostgreSQL too")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = rows(args.players, args.matches, rng)
    print(f"{args.players} players, {args.matches} matches ({len(data['match_players'])} seats); "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "players.db")
        store = SqlStore(path)
        await store.open()  # the schema, by the migrations
        await store.close()
        start = time.perf_counter()
        fill_sqlite(path, data)
        print(f"SQLite (filled in {time.perf_counter() - start:.0f} s):")
        await measure(path, args.players, args.requests, rng)
    if args.pg:
        schema = f"bench_{secrets.token_hex(4)}"
        store = SqlStore(args.pg, pg_schema=schema)
        await store.open()
        await store.close()
        try:
            start = time.perf_counter()
            await fill_pg(args.pg, schema, data)
            print(f"PostgreSQL (filled in {time.perf_counter() - start:.0f} s):")
            await measure_pg(args.pg, schema, args.players, args.requests, rng)
        finally:
            import asyncpg

            conn = await asyncpg.connect(args.pg)
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
            await conn.close()
    print("sign-in cost:")
    await sign_in_cost(30)
    print(f"load average {os.getloadavg()[0]:.2f}")


async def measure_pg(url: str, schema: str, players: int, n: int, rng: random.Random) -> None:
    """``measure`` on a PostgreSQL schema (asyncpg passes the URL's ``search_path`` as a
    server setting of every connection the server opens)."""
    sep = "&" if "?" in url else "?"
    await measure(f"{url}{sep}search_path={schema}", players, n, rng)


if __name__ == "__main__":
    asyncio.run(main())
