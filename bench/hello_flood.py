"""Probe latency and watcher traffic during a ``hello`` flood (the lag bound; not a test).

``python bench/hello_flood.py [--seconds S] [--rate R] [--watchers N]``

Starts ``cardroom serve`` (temp SQLite), runs one Tichu table (a human seat held by the
attacker, three bots), ``--watchers`` spectators that read everything, and a probe socket that
pings every 20 ms. First a quiet phase, then the attacker sends ``--rate`` hellos a second,
alternating its seat token and none (its seat goes on- and offline each time). Printed per
phase: probe ping->pong p50/p99 (95% bootstrap interval of the p99) and the ``seats``
messages and bytes each watcher received per second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from cardroom.bots.stats import percentile
from cardroom.cli.load import start_server

Json = dict[str, Any]


def call(base: str, method: str, path: str, body: Json, headers: dict[str, str]) -> Json:
    request = urllib.request.Request(base + path, json.dumps(body).encode(), method=method)
    request.add_header("Content-Type", "application/json")
    for key, value in headers.items():
        request.add_header(key, value)
    with urllib.request.urlopen(request, timeout=30) as response:
        result: Json = json.loads(response.read())
        return result


def p99_interval(samples: list[float], rng: random.Random, rounds: int = 300) -> tuple[float, ...]:
    """95% bootstrap interval of the p99."""
    values = sorted(
        percentile(sorted(rng.choices(samples, k=len(samples))), 99) for _ in range(rounds)
    )
    return values[int(rounds * 0.025)], values[int(rounds * 0.975) - 1]


async def watch(ws: ClientConnection, counts: dict[str, float]) -> None:
    async for raw in ws:
        message = json.loads(raw)
        if message.get("t") == "seats":
            counts["seats"] += 1
            counts["bytes"] += len(raw)


async def probe(url: str, table: str, seconds: float) -> list[float]:
    rtts: list[float] = []
    async with connect(url) as ws:
        await ws.send(json.dumps({"t": "hello", "table": table}))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            sent = time.perf_counter()
            await ws.send(json.dumps({"t": "ping"}))
            while json.loads(await ws.recv()).get("t") != "pong":
                pass
            rtts.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(0.02)
    return rtts


async def flood(url: str, table: str, token: str, rate: float, seconds: float) -> int:
    sent = 0
    async with connect(url) as ws:
        reader = asyncio.create_task(ws.wait_closed())
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not reader.done():
            hello = {"t": "hello", "table": table, "token": token if sent % 2 == 0 else None}
            await ws.send(json.dumps(hello))
            sent += 1
            await asyncio.sleep(1 / rate)
        reader.cancel()
    return sent


async def phase(
    name: str, url: str, table: str, watchers: list[ClientConnection], seconds: float,
    attack: tuple[str, float] | None,
) -> None:  # fmt: skip
    counts = [{"seats": 0.0, "bytes": 0.0} for _ in watchers]
    tasks = [asyncio.create_task(watch(ws, c)) for ws, c in zip(watchers, counts, strict=True)]
    jobs: list[Any] = [probe(url, table, seconds)]
    if attack is not None:
        jobs.append(flood(url, table, attack[0], attack[1], seconds))
    results = await asyncio.gather(*jobs)
    await asyncio.sleep(0.5)
    for task in tasks:
        task.cancel()
    rtts = sorted(results[0])
    low, high = p99_interval(rtts, random.Random(1))
    seats = sum(c["seats"] for c in counts) / len(counts) / seconds
    kbytes = sum(c["bytes"] for c in counts) / len(counts) / seconds / 1000
    hellos = f", attacker sent {results[1] / seconds:.0f} hellos/s" if attack else ""
    print(f"{name}: probe ping p50 {percentile(rtts, 50):.2f} ms, p99 {percentile(rtts, 99):.2f}"
          f" ms (95% CI {low:.2f}..{high:.2f}, n={len(rtts)}); per watcher {seats:.1f} seats/s,"
          f" {kbytes:.1f} kB/s{hellos}")  # fmt: skip


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = await start_server(str(Path(tmp) / "flood.db"))
        try:
            url = base.replace("http://", "ws://") + "/ws"
            made = call(base, "POST", "/api/tables", {"game": "tichu", "name": "flood"}, {})
            table, owner = made["id"], {"X-Cardroom-Owner": made["owner"]}
            path = f"/api/tables/{table}/seats"
            seat = call(base, "POST", f"{path}/0", {"name": "attacker"}, {})
            for s in (1, 2, 3):
                call(base, "POST", f"{path}/{s}/bot", {"level": "random"}, owner)
            watchers = [await connect(url, max_size=1 << 22) for _ in range(args.watchers)]
            for ws in watchers:
                await ws.send(json.dumps({"t": "hello", "table": table}))
            await phase("quiet", url, table, watchers, args.seconds, None)
            await phase("flood", url, table, watchers, args.seconds, (seat["token"], args.rate))
            for ws in watchers:
                await ws.close()
        finally:
            proc.terminate()
            await proc.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=178.0, help="attacker hellos per second")
    parser.add_argument("--watchers", type=int, default=10)
    asyncio.run(main(parser.parse_args()))
