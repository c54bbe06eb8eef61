"""``cardroom load``: a load test of the real server over real websockets, on 127.0.0.1 only.

It starts ``cardroom serve`` in a child process (or targets ``--url``, which must be local and
may be repeated for several nodes: tables are spread over them round-robin), runs ``--tables``
tables for ``--seconds`` and prints acknowledged actions per second, the p50/p99/max latency
from submitting an action to receiving its ``ack`` (sent once the record is stored, in the ``ev``
it follows or on its own) and the servers' CPU time per stored record. A table that finishes is
replaced by a new one.

Two kinds of client:

- fast (default): every seat is a websocket client playing a random legal action as soon as it
  may (a saturation test);
- ``--pace S``: one human-paced client per table (seat 0, at most one action per ``S`` seconds)
  and bots in the other seats at the server's bot delay, which is what a real table looks
  like. Latencies are measured after every table has started (``--warmup``).

Clients reconnect with ``since`` when their socket drops (a node restart or failover).

The load generator shares the machine with the servers it measures, so it is kept cheap: orjson
for frames when installed, uvloop when installed, and no task per received message.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from cardroom.bots import SeatView, owes_move
from cardroom.bots.stats import percentile
from cardroom.cli import summary

try:  # the server extra ships orjson; parsing every frame is most of a paced client's work
    import orjson
except ImportError:  # pragma: no cover - the stdlib fallback
    orjson = None  # type: ignore[assignment]


def dumps(value: Any) -> str:
    return orjson.dumps(value).decode() if orjson is not None else json.dumps(value)


def loads(text: str | bytes) -> Any:
    return orjson.loads(text) if orjson is not None else json.loads(text)


Json = dict[str, Any]
RUNNING = re.compile(r"Uvicorn running on (http://127\.0\.0\.1:\d+)")
LOCAL_HOSTS = ("127.0.0.1", "localhost")
RECONNECTS = 20


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "load",
        help="load-test a local server with websocket bot clients",
        description=summary(__doc__),
    )
    parser.add_argument("--tables", type=int, default=8, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to measure")
    parser.add_argument("--game", default="tichu", help="game to play (default tichu)")
    parser.add_argument(
        "--url", action="append", help="a running local server (repeat for several nodes)"
    )
    parser.add_argument("--db", help="storage of the started server (default: a temp SQLite)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.add_argument(
        "--pace", type=float, default=0.0,
        help="seconds between a human's actions: one paced client per table, bots elsewhere "
        "(default 0: fast clients, every seat plays at once)",
    )  # fmt: skip
    parser.add_argument("--bot-level", default="heuristic", help="bot level with --pace")
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, help="the started server's bot delay (--pace)"
    )
    parser.add_argument(
        "--warmup", type=float, default=None,
        help="seconds before measuring (default: until every table has started)",
    )  # fmt: skip
    parser.add_argument(
        "--stagger", type=float, default=0.0,
        help="seconds over which the tables' first clients join after set-up (uniformly): "
        "tables started in the same second deal, exchange and end rounds in lockstep, which "
        "a room whose tables began at different times never does (default 0: all at once)",
    )  # fmt: skip
    parser.add_argument(
        "--pid", type=int, action="append", default=[],
        help="server process(es) whose CPU time is measured (with --url)",
    )  # fmt: skip
    parser.add_argument(
        "--serve-arg", action="append", default=[], help="extra argument for the started server"
    )
    parser.set_defaults(func=run)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    rejected: int = 0
    finished: int = 0
    records: int = 0
    reconnects: int = 0
    errors: int = 0
    measuring: bool = False
    stop: bool = False  # clients end at their next message (cancelling wait_for can be lost)

    def summary(self, seconds: float, cpu: dict[int, float] | None, own: float = 0.0) -> str:
        lat = sorted(self.latencies)
        cpu_line = ""
        if cpu is not None:
            total = sum(cpu.values())
            per = total / self.records * 1e6 if self.records else 0.0
            cpu_line = f"\nserver CPU: {total:.2f} s, {per:.0f} us per stored record"
            for pid, used in cpu.items() if len(cpu) > 1 else ():
                cpu_line += f"\n  pid {pid}: {used:.2f} s ({100 * used / seconds:.0f} % of a core)"
        if self.records:
            cpu_line += (f"\nload generator CPU: {own:.2f} s ({100 * own / seconds:.0f} % of a "
                         f"core), {own / self.records * 1e6:.0f} us per record")  # fmt: skip
        return (
            f"actions: {len(lat)} acked ({len(lat) / seconds:.1f}/s), {self.rejected} rejected"
            f"\nrecords seen: {self.records} ({self.records / seconds:.1f}/s)"
            f"\nlatency submit->ack: p50 {percentile(lat, 50):.2f} ms, "
            f"p99 {percentile(lat, 99):.2f} ms, max {lat[-1] if lat else 0:.2f} ms"
            f"\ntables finished: {self.finished}, reconnects: {self.reconnects}, "
            f"errors: {self.errors}" + cpu_line
        )


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU time of each process (Linux ``/proc``), 0 for those gone."""
    used, tick = {}, os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            used[pid] = 0.0
            continue
        used[pid] = (int(fields[11]) + int(fields[12])) / tick
    return used


def http(
    base: str,
    method: str,
    path: str,
    body: Json | None = None,
    headers: dict[str, str] | None = None,
) -> Json:
    """One lobby call (stdlib only; run in a thread)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, timeout=60) as response:
        result: Json = json.loads(response.read())
        return result


async def lobby(
    base: str,
    method: str,
    path: str,
    body: Json | None = None,
    headers: dict[str, str] | None = None,
) -> Json:
    return await asyncio.to_thread(http, base, method, path, body, headers)


@dataclass
class Seat:
    """One websocket player: where it plays and how fast."""

    ws_url: str
    table: str
    token: str
    seat: int
    game: str
    pace: float
    rng: random.Random
    obs: Json | None = None  # kept across reconnects: an up-to-date ``since`` gets no ``ev``
    version: int | None = None
    last_act: float = 0.0


async def seat_client(player: Seat, stats: Stats, deadline: float) -> bool:
    """Play one seat until the game ends (True) or time is up (False), reconnecting with
    ``since`` when the socket drops."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    for _attempt in range(RECONNECTS):
        try:
            # no keepalive pings of its own, as a browser sends none (it answers the server's)
            async with connect(
                player.ws_url, max_size=1 << 22, open_timeout=30, ping_interval=None
            ) as ws:
                hello = {"t": "hello", "table": player.table, "token": player.token,
                         "since": player.version}  # fmt: skip
                await ws.send(dumps(hello))
                return await _play(ws, player, stats, deadline)
        except (ConnectionClosed, OSError, TimeoutError):
            if time.monotonic() >= deadline or stats.stop:
                return False
            stats.reconnects += 1
            await asyncio.sleep(0.2 + player.rng.random() * 0.3)
    stats.errors += 1
    return False


async def _play(ws: Any, player: Seat, stats: Stats, deadline: float) -> bool:
    pending, sent_at, next_id = None, 0.0, 0
    while True:
        obs = player.obs
        if obs is not None and obs.get("terminal"):
            return True
        left = deadline - time.monotonic()
        if left <= 0 or stats.stop:
            return False
        wait = min(left, 1.0)
        if (
            pending is None
            and obs is not None
            and owes_move(SeatView(player.game, player.seat, obs))
        ):
            wait = player.last_act + player.pace - time.monotonic()
            if wait <= 0:
                next_id += 1
                pending, sent_at = next_id, time.perf_counter()
                player.last_act, wait = time.monotonic(), min(left, 1.0)
                act = {"t": "act", "a": player.rng.choice(obs["legal"]), "id": next_id}
                await ws.send(dumps(act))
        try:
            async with asyncio.timeout(max(wait, 0.001)):  # no task per message (wait_for)
                message = loads(await ws.recv())
        except TimeoutError:
            continue
        kind = message.get("t")
        if kind in ("welcome", "ev"):
            seen = player.version
            if kind == "ev" and stats.measuring and seen is not None and player.seat == 0:
                stats.records += message["v"] - seen
            player.obs, player.version = message["obs"], message["v"]
        answered = message.get("ack") if kind == "ev" else message.get("id")  # ev: a folded ack
        if kind in ("ack", "reject", "ev") and pending is not None and answered == pending:
            if kind == "reject":
                stats.rejected += 1
            elif stats.measuring:  # submit→ack: the observation is current from here
                stats.latencies.append((time.perf_counter() - sent_at) * 1000)
            pending = None


async def new_table(base: str, game: str, pace: float, bot_level: str) -> tuple[str, list[str]]:
    """A table with its human tokens: every seat human (fast), or seat 0 human and bots."""
    from cardroom.server.lobby.access import OWNER_HEADER  # the server extra: imported when used

    made = await lobby(base, "POST", "/api/tables", {"game": game, "name": "load"})
    table, owner = made["id"], {OWNER_HEADER: made["owner"]}
    seats = (await lobby(base, "GET", f"/api/tables/{table}"))["num_seats"]
    humans = 1 if pace > 0 else seats
    tokens = []
    for s in range(seats):
        path = f"/api/tables/{table}/seats/{s}"
        if s < humans:
            tokens.append((await lobby(base, "POST", path, seat_body(s)))["token"])
        else:
            await lobby(base, "POST", path + "/bot", {"level": bot_level}, owner)
    return table, tokens


def seat_body(seat: int) -> Json:
    """Each simulated player is its own guest (a server seats one guest per seat)."""
    return {"name": f"load{seat}", "guest": f"load-guest-{seat}"}


async def table_slot(
    base: str, args: argparse.Namespace, stats: Stats, deadline: float, rng: random.Random,
    started: asyncio.Event, go: asyncio.Event,
) -> None:  # fmt: skip
    """Keep one table busy until the deadline, starting a new one whenever it finishes. The
    first table only starts playing at ``go`` (when every slot has its table), after this
    slot's share of ``--stagger``."""
    ws_url = base.replace("http://", "ws://") + "/ws"
    delay = rng.uniform(0, args.stagger)
    while time.monotonic() < deadline and not stats.stop:
        try:
            table, tokens = await new_table(base, args.game, args.pace, args.bot_level)
        except urllib.error.HTTPError as exc:
            if exc.code >= 500:
                stats.errors += 1
                await asyncio.sleep(1)
                continue
            refusal = exc.read().decode(errors="replace")[:300]
            print(f"load: the server refused a table or seat ({exc.code}): {refusal}",
                  file=sys.stderr)  # fmt: skip
            stats.errors += 1
            stats.stop = True  # a refusal repeats: stop, and say why, rather than retry
            started.set()
            return
        except OSError:
            stats.errors += 1
            await asyncio.sleep(1)
            continue
        started.set()
        await go.wait()
        await asyncio.sleep(delay)
        delay = 0.0
        url = f"{ws_url}?table={table}"  # nginx routes a table's sockets by this id
        players = [Seat(url, table, t, s, args.game, args.pace, random.Random(rng.random()))
                   for s, t in enumerate(tokens)]  # fmt: skip
        results = await asyncio.gather(*(seat_client(p, stats, deadline) for p in players))
        if all(results):
            stats.finished += 1


LOAD_LIMITS = ("--create-burst", "1000000", "--max-per-address", "1000000",
               "--max-open-per-address", "0", "--max-seats-per-address", "0",
               "--max-bot-tables-per-address", "0")  # fmt: skip
"""A load test creates many tables and connections from one address: the limits that protect a
public server against exactly that are lifted for the server it starts."""


async def start_server(
    db: str, *extra: str, bot_delay: float = 0.0
) -> tuple[asyncio.subprocess.Process, str]:
    """``cardroom serve`` on a free port (``extra`` arguments override the defaults)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardroom", "serve", "--port", "0", "--db", db,
        "--bot-delay", str(bot_delay), "--log-level", "info", *LOAD_LIMITS, *extra,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert proc.stderr is not None
    async with asyncio.timeout(30):
        while line := (await proc.stderr.readline()).decode():
            if match := RUNNING.search(line):
                asyncio.get_running_loop().create_task(drain(proc.stderr))
                return proc, match.group(1)
    raise RuntimeError("the server did not start")


async def stop_server(proc: asyncio.subprocess.Process, grace: float = 15.0) -> None:
    """SIGTERM (a clean shutdown), then SIGKILL if it takes longer than ``grace``."""
    proc.terminate()
    try:
        await asyncio.wait_for(proc.wait(), grace)
    except TimeoutError:
        print("the server did not stop in time; killed", file=sys.stderr)
        proc.kill()
        await proc.wait()


async def drain(stream: asyncio.StreamReader) -> None:
    """Read the server's log so its pipe never fills (which would stall the server)."""
    while await stream.readline():
        pass


async def load(args: argparse.Namespace) -> int:
    from cardroom.server.ops.tuning import freeze_survivors
    from cardroom.storage import redact  # the server extra; this module loads without it

    # The clients hold ~1,000 live observations that each survive a young collection: with
    # the default collector their full collections paused this process (and so the measured
    # latency) like the server's did; the server's remedy applies here too.
    freeze_survivors(full_every=0)
    proc = None
    pids = list(args.pid)
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(32))  # lobby calls
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "load.db")
        if args.url:
            if any(urlparse(u).hostname not in LOCAL_HOSTS for u in args.url):
                print("cardroom load only targets servers on 127.0.0.1", file=sys.stderr)
                return 2
            bases = [u.rstrip("/") for u in args.url]
        else:
            delay = args.bot_delay if args.pace > 0 else 0.0
            fast = [] if args.pace > 0 else ["--round-pause", "0"]  # saturate: no reading time
            proc, base = await start_server(db, *fast, *args.serve_arg, bot_delay=delay)
            bases, pids = [base], [proc.pid, *pids]
        stats = Stats()
        rng = random.Random(args.seed)
        kind = f"paced ({args.pace:g} s, bots {args.bot_level})" if args.pace > 0 else "fast"
        print(f"load: {args.tables} {args.game} tables, {kind} clients, on {', '.join(bases)}"
              + ("" if args.url else f", storage {redact(db)}"), flush=True)  # fmt: skip
        events = [asyncio.Event() for _ in range(args.tables)]
        go = asyncio.Event()
        far = time.monotonic() + 1e6
        slots = [
            asyncio.create_task(table_slot(base, args, stats, far, rng, ev, go))
            for base, ev in zip(itertools.cycle(bases), events, strict=False)
        ]
        try:
            await _warm_up(args, events, go)
            cpu0, own0, started = cpu_seconds(pids), time.process_time(), time.monotonic()
            stats.measuring = True
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            elapsed, own = time.monotonic() - started, time.process_time() - own0
            cpu = {pid: used - cpu0[pid] for pid, used in cpu_seconds(pids).items()}
        finally:
            stats.stop = True
            _, late = await asyncio.wait(slots, timeout=30)
            for task in late:
                task.cancel()
            if proc is not None:
                await stop_server(proc)
        print(stats.summary(elapsed, cpu if pids else None, own))
    return 0


async def _warm_up(
    args: argparse.Namespace, events: list[asyncio.Event], go: asyncio.Event
) -> None:
    """Set every table up, let them play together (``go``), and wait out the warm-up:
    ``--warmup`` seconds, else 1 s (fast) or two paces."""
    while (ready := sum(e.is_set() for e in events)) < len(events):
        print(f"  {ready}/{len(events)} tables set up", file=sys.stderr, flush=True)
        await asyncio.sleep(2)
    go.set()
    await asyncio.sleep(args.warmup if args.warmup is not None else max(1.0, args.pace * 2))


def run(args: argparse.Namespace) -> int:
    if args.tables < 1 or args.seconds <= 0 or args.pace < 0 or args.stagger < 0:
        print("--tables must be >= 1, --seconds > 0, --pace and --stagger >= 0", file=sys.stderr)
        return 2
    try:  # the server extra ships uvloop: a cheaper event loop for thousands of sockets
        import uvloop

        return uvloop.run(load(args))
    except ImportError:
        return asyncio.run(load(args))
