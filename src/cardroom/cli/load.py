"""``cardroom load``: a load test of the real server over real websockets, on 127.0.0.1 only.

It starts ``cardroom serve`` in a child process (or targets ``--url``, which must be local),
creates ``--tables`` tables whose every seat is a websocket client playing random legal
actions, runs for ``--seconds``, and prints accepted actions per second and the p50/p99
latency from submitting an action to receiving its ``ack`` (which comes after the record is
stored). A table that finishes is replaced by a new one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from cardroom.bots import SeatView, owes_move

Json = dict[str, Any]
RUNNING = re.compile(r"Uvicorn running on (http://127\.0\.0\.1:\d+)")
LOCAL_HOSTS = ("127.0.0.1", "localhost")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "load",
        help="load-test a local server with websocket bot clients",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    parser.add_argument("--tables", type=int, default=8, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to run")
    parser.add_argument("--game", default="tichu", help="game to play (default tichu)")
    parser.add_argument("--url", help="target a running local server instead of starting one")
    parser.add_argument("--db", help="storage of the started server (default: a temp SQLite)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.set_defaults(func=run)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    rejected: int = 0
    finished: int = 0

    def summary(self, seconds: float) -> str:
        lat = sorted(self.latencies)
        return (
            f"actions: {len(lat)} acked ({len(lat) / seconds:.1f}/s), {self.rejected} rejected\n"
            f"latency submit->ack: p50 {percentile(lat, 50):.2f} ms, "
            f"p99 {percentile(lat, 99):.2f} ms, max {lat[-1] if lat else 0:.2f} ms\n"
            f"tables finished: {self.finished}"
        )


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of sorted values (0 for none).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([1.0, 2.0, 3.0, 4.0], 99)
    (2.0, 4.0)
    """
    if not sorted_values:
        return 0.0
    rank = max(1, -(-len(sorted_values) * p // 100))
    return sorted_values[int(rank) - 1]


def http(base: str, method: str, path: str, body: Json | None = None) -> Json:
    """One lobby call (stdlib only; run in a thread)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        result: Json = json.loads(response.read())
        return result


async def lobby(base: str, method: str, path: str, body: Json | None = None) -> Json:
    return await asyncio.to_thread(http, base, method, path, body)


async def seat_client(
    ws_url: str, table: str, token: str, seat: int, game: str, stats: Stats,
    deadline: float, rng: random.Random,
) -> bool:  # fmt: skip
    """Play one seat until the game ends (True) or time is up (False)."""
    from websockets.asyncio.client import connect

    async with connect(ws_url, max_size=1 << 22) as ws:
        await ws.send(json.dumps({"t": "hello", "table": table, "token": token}))
        obs: Json | None = None
        pending, sent_at, next_id = None, 0.0, 0
        while True:
            if obs is not None and obs.get("terminal"):
                return True
            if pending is None and obs is not None and owes_move(SeatView(game, seat, obs)):
                next_id += 1
                pending, sent_at = next_id, time.perf_counter()
                act = {"t": "act", "a": rng.choice(obs["legal"]), "id": next_id}
                await ws.send(json.dumps(act))
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                return False
            kind = message.get("t")
            if kind in ("welcome", "ev"):
                obs = message["obs"]
            elif kind in ("ack", "reject") and message.get("id") == pending:
                if kind == "ack":
                    stats.latencies.append((time.perf_counter() - sent_at) * 1000)
                else:
                    stats.rejected += 1
                pending = None


def seat_body(seat: int) -> Json:
    """Each simulated player is its own guest (a server seats one guest per seat)."""
    return {"name": f"load{seat}", "guest": f"load-guest-{seat}"}


async def table_slot(
    base: str, game: str, stats: Stats, deadline: float, rng: random.Random
) -> None:
    """Keep one table busy until the deadline, starting a new one whenever it finishes."""
    ws_url = base.replace("http://", "ws://") + "/ws"
    while time.monotonic() < deadline:
        table = (await lobby(base, "POST", "/api/tables", {"game": game, "name": "load"}))["id"]
        seats = (await lobby(base, "GET", f"/api/tables/{table}"))["num_seats"]
        tokens = [
            (await lobby(base, "POST", f"/api/tables/{table}/seats/{s}", seat_body(s)))[
                "token"
            ]
            for s in range(seats)
        ]
        results = await asyncio.gather(*(
            seat_client(ws_url, table, t, s, game, stats, deadline, random.Random(rng.random()))
            for s, t in enumerate(tokens)
        ))  # fmt: skip
        if all(results):
            stats.finished += 1


LOAD_LIMITS = ("--create-burst", "1000000", "--max-per-address", "1000000")
"""A load test creates many tables and connections from one address: the limits that protect a
public server against exactly that are lifted for the server it starts."""


async def start_server(db: str, *extra: str) -> tuple[asyncio.subprocess.Process, str]:
    """``cardroom serve`` on a free port (``extra`` arguments override the defaults)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardroom", "serve", "--port", "0", "--db", db,
        "--bot-delay", "0", "--log-level", "info",
        *LOAD_LIMITS, *extra, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert proc.stderr is not None
    async with asyncio.timeout(30):
        while line := (await proc.stderr.readline()).decode():
            if match := RUNNING.search(line):
                asyncio.get_running_loop().create_task(drain(proc.stderr))
                return proc, match.group(1)
    raise RuntimeError("the server did not start")


async def drain(stream: asyncio.StreamReader) -> None:
    """Read the server's log so its pipe never fills (which would stall the server)."""
    while await stream.readline():
        pass


async def load(args: argparse.Namespace) -> int:
    from cardroom.storage import redact  # the server extra; this module loads without it

    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "load.db")
        if args.url:
            if urlparse(args.url).hostname not in LOCAL_HOSTS:
                print("cardroom load only targets servers on 127.0.0.1", file=sys.stderr)
                return 2
            base = args.url.rstrip("/")
        else:
            proc, base = await start_server(db)
        stats = Stats()
        rng = random.Random(args.seed)
        print(f"load: {args.tables} {args.game} tables for {args.seconds:g} s on {base}"
              + ("" if args.url else f", storage {redact(db)}"))  # fmt: skip
        started = time.monotonic()
        deadline = started + args.seconds
        try:
            await asyncio.gather(
                *(table_slot(base, args.game, stats, deadline, rng) for _ in range(args.tables))
            )
        finally:
            if proc is not None:
                proc.terminate()
                await proc.wait()
        print(stats.summary(time.monotonic() - started))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.tables < 1 or args.seconds <= 0:
        print("--tables must be >= 1 and --seconds > 0", file=sys.stderr)
        return 2
    return asyncio.run(load(args))
