"""Abuse figures for the server's limits (not a test): ``python bench/abuse.py``.

Runs ``cardroom serve`` (default limits, SQLite in a temporary directory, ``ulimit -n 1024``) in
its own process and measures:

* table creation flood: ``--attempts`` ``POST /api/tables`` from one address, then the same
  number spread over ``--addresses`` loopback addresses (127.0.0.x): how many were accepted,
  the answers by status, the server's RSS before and after, and the size and time of a lobby
  page afterwards;
* probe latency: fresh-connection ``GET /api/tables`` round trips, first on a quiet server, then
  while ``--idle`` silent TCP connections are held open (from 127.0.1.x, 50 per address):
  p50 and p99 with a bootstrap 95% confidence interval, and how many probes failed.

The machine's load average is printed next to the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx

RUNNING = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")


@contextmanager
def server(db: Path, nofile: int) -> Iterator[tuple[int, int]]:
    """``cardroom serve`` with default limits: (port, pid)."""
    import subprocess

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    proc = subprocess.Popen(
        [sys.executable, "-m", "cardroom", "serve", "--port", "0", "--db", str(db)],
        stderr=subprocess.PIPE, text=True, preexec_fn=limit, bufsize=1,
    )  # fmt: skip
    assert proc.stderr is not None
    port = None
    while port is None:
        line = proc.stderr.readline()
        if not line:
            raise SystemExit("the server did not start")
        if match := RUNNING.search(line):
            port = int(match.group(1))
    drain = threading.Thread(target=_drain, args=(proc.stderr,), daemon=True)
    drain.start()
    try:
        yield port, proc.pid
    finally:
        proc.kill()
        proc.wait()


def _drain(stream: IO[str]) -> None:
    """Read the server's log (a full pipe would block it); warnings and errors are shown."""
    for line in stream:
        if " WARNING " in line or " ERROR " in line:
            print("server:", line.rstrip()[:200], file=sys.stderr)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def flood(port: int, attempts: int, addresses: int) -> Counter[int]:
    """``attempts`` creations spread over ``addresses`` source addresses (8 at a time)."""
    url = f"http://127.0.0.1:{port}"
    clients = [
        httpx.AsyncClient(
            base_url=url, timeout=30,
            transport=httpx.AsyncHTTPTransport(local_address=f"127.0.{2 + a // 250}.{1 + a % 250}"),
        )
        for a in range(addresses)
    ]  # fmt: skip
    body = {"game": "tichu", "options": {}, "name": "flood"}
    statuses: Counter[int] = Counter()
    sem = asyncio.Semaphore(8)

    async def one(i: int) -> None:
        async with sem:
            response = await clients[i % addresses].post("/api/tables", json=body)
            statuses[response.status_code] += 1

    await asyncio.gather(*(one(i) for i in range(attempts)))
    for client in clients:
        await client.aclose()
    return statuses


def probe(port: int) -> float | None:
    """Seconds for one fresh-connection ``GET /api/tables``; ``None`` if it failed."""
    start = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
    except OSError:
        return None
    return time.perf_counter() - start if data.startswith(b"HTTP/1.1 200") else None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def with_ci(values: list[float], q: float, rng: random.Random) -> str:
    """``q``-quantile in ms with a bootstrap 95% interval."""
    boot = sorted(
        percentile([rng.choice(values) for _ in values], q) for _ in range(1000)
    )  # fmt: skip
    return f"{percentile(values, q) * 1e3:.1f} ms [{boot[25] * 1e3:.1f}, {boot[975] * 1e3:.1f}]"


def probes(port: int, count: int, rng: random.Random) -> str:
    times = [probe(port) for _ in range(count)]
    ok = [t for t in times if t is not None]
    if not ok:
        return f"0 of {count} probes answered"
    return (
        f"p50 {with_ci(ok, 0.5, rng)}, p99 {with_ci(ok, 0.99, rng)}, "
        f"{count - len(ok)} of {count} failed"
    )


def hold_idle(port: int, count: int) -> list[socket.socket]:
    held = []
    for i in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((f"127.0.1.{1 + i // 50}", 0))
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        held.append(sock)
    return held


def closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(4096, socket.MSG_DONTWAIT) is not None
    except BlockingIOError:
        return False
    except OSError:
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", type=int, default=5000)
    parser.add_argument("--addresses", type=int, default=250)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--probes", type=int, default=300)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.idle + 500)), hard))
    rng = random.Random(1)
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp, server(Path(tmp) / "abuse.db", 1024) as (port, pid):
        time.sleep(0.5)
        print(f"quiet server, {args.probes} probes: {probes(port, args.probes, rng)}")
        for addresses in (1, args.addresses):
            before, start = rss_mb(pid), time.perf_counter()
            statuses = asyncio.run(flood(port, args.attempts, addresses))
            elapsed = time.perf_counter() - start
            print(
                f"{args.attempts} creations from {addresses} address(es) in {elapsed:.1f} s: "
                f"accepted {statuses[201]}, answers {dict(sorted(statuses.items()))}, "
                f"RSS {before:.0f} -> {rss_mb(pid):.0f} MB"
            )
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as lobby:
            times, size = [], 0
            for _ in range(50):
                start = time.perf_counter()
                size = len(lobby.get("/api/tables").content)
                times.append(time.perf_counter() - start)
        print(f"lobby page ({size} bytes, 50 GETs on one connection): "
              f"median {with_ci(times, 0.5, rng)}")  # fmt: skip
        held = hold_idle(port, args.idle)
        time.sleep(1.0)
        print(f"{args.idle} idle connections held: {probes(port, args.probes, rng)}")
        closed = sum(1 for s in held if closed_by_server(s))
        for sock in held:
            sock.close()
        print(f"server RSS at the end {rss_mb(pid):.0f} MB; the server closed {closed} of the "
              f"{args.idle} idle connections to make room")  # fmt: skip
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
