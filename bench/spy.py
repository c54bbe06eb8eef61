"""Hidden-card audit over many tables with seat changes (not a test).

``python bench/spy.py [--tables N] [--parallel K]``

Starts ``cardroom serve`` (temp SQLite, bots 30 ms, humans time out after 100 ms so that idle
sockets still play) and plays ``--tables`` short matches, alternating Tichu (one round) and
Toepen (2 lives). At each table a spectator watches all along, and seats change hands while
the game runs: guest A takes seat 0 and leaves (a bot takes over), B takes it back with the
invite and is replaced by the owner's bot, C takes bot seat 1 and is freed by the owner. Every
socket keeps reading to the end. Then every message to every socket is checked against the
stored log (``tests/server/leaks.py``): it may carry only cards its audience at that moment may
see, where the audience is the seat of the last ``welcome`` and a spectator after
``unseated``. Prints messages checked, messages that had something to hide, and leaks.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardroom.cli.load import start_server
from cardroom.engine import GameRecord, get_game
from tests.server.leaks import LogTruth, tokens

Json = dict[str, Any]
GAMES = (("tichu", {"target_score": 1}), ("toepen", {"lives": 2}))


def call(base: str, method: str, path: str, body: Json | None = None,
         headers: dict[str, str] | None = None) -> Any:  # fmt: skip
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, method=method)
    request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    with urllib.request.urlopen(request, timeout=60) as response:
        text = response.read().decode()
    if path.endswith("/record"):  # JSON Lines
        return text
    return json.loads(text)


@dataclass
class Totals:
    messages: int = 0
    guarded: int = 0
    leaks: int = 0
    seat_changes: int = 0
    tables: int = 0
    failed: int = 0
    examples: list[str] = field(default_factory=list)


class Socket:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[Json] = []
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.ws:
                self.seen.append(json.loads(raw))

    @classmethod
    async def open(cls, url: str, table: str, token: str | None) -> Socket:
        ws = await connect(url, max_size=1 << 22, open_timeout=120)
        await ws.send(json.dumps({"t": "hello", "table": table, "token": token}))
        return cls(ws)

    async def close(self) -> None:
        await self.ws.close()
        self.task.cancel()


async def lobby(base: str, method: str, path: str, body: Json | None = None,
                headers: dict[str, str] | None = None) -> Any:  # fmt: skip
    return await asyncio.to_thread(call, base, method, path, body, headers)


async def one_table(base: str, index: int, totals: Totals) -> None:
    url = base.replace("http://", "ws://") + "/ws"
    name, options = GAMES[index % len(GAMES)]
    made = await lobby(base, "POST", "/api/tables", {"game": name, "options": options})
    table, owner = made["id"], {"X-Cardroom-Owner": made["owner"]}
    invite = {"X-Cardroom-Invite": made["invite"]}
    seats = made["num_seats"]
    path = f"/api/tables/{table}/seats"

    async def change(method: str, where: str, body: Json | None, headers: dict[str, str]) -> Any:
        """A seat change; ``None`` when the match ended first (409: the table is finished)."""
        try:
            result = await lobby(base, method, f"{path}/{where}", body, headers)
        except urllib.error.HTTPError as exc:
            if exc.code != 409:
                raise
            return None
        totals.seat_changes += 1
        return result

    async def take(seat: int, guest: str) -> None:
        taken = await change("POST", str(seat), {"name": guest},
                             {**invite, "X-Cardroom-Guest": guest})  # fmt: skip
        if taken is not None:
            for _ in range(2):
                sockets.append(await Socket.open(url, table, taken["token"]))
            tokens[guest] = taken["token"]

    sockets, tokens = [await Socket.open(url, table, None)], {}
    for seat in range(1, seats):
        await lobby(base, "POST", f"{path}/{seat}/bot", {"level": "random"}, owner)
    await take(0, "ann")
    await asyncio.sleep(0.5)
    await change("DELETE", "0", None, {"Authorization": f"Bearer {tokens.get('ann')}"})
    await asyncio.sleep(0.3)
    await take(0, "bob")
    await asyncio.sleep(0.5)
    await change("POST", "0/bot", {"level": "random"}, owner)
    await take(1, "cat")
    await asyncio.sleep(0.5)
    await change("DELETE", "1", None, owner)
    deadline = time.monotonic() + 600  # random bots can drag a match on
    while (await lobby(base, "GET", f"/api/tables/{table}"))["status"] != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError(f"table {table} did not finish")
        await asyncio.sleep(0.2)
    await asyncio.sleep(0.3)
    for socket in sockets:
        await socket.close()
    record = GameRecord.from_jsonl(await lobby(base, "GET", f"/api/tables/{table}/record"))
    audit(record, [s.seen for s in sockets], totals)
    totals.tables += 1


def audit(record: GameRecord, streams: list[list[Json]], totals: Totals) -> None:
    """Count every message; a leak is a card word the message's audience may not see."""
    game = get_game(record.game)
    config = game.config_from_json(record.config)
    truth = LogTruth(game, config, record.records)

    for stream in streams:
        seat: int | None = None
        version = 0
        for message in stream:
            if message["t"] == "welcome":
                seat = message["seat"]
            elif message["t"] == "unseated":
                seat = None
            version = message.get("v", version)
            secret = truth.hidden(seat, version)
            leaked = tokens(message) & secret
            totals.messages += 1
            totals.guarded += bool(secret)
            if leaked:
                totals.leaks += 1
                if len(totals.examples) < 3:
                    totals.examples.append(f"seat {seat} v{version}: {sorted(leaked)[:5]}")


async def main(args: argparse.Namespace) -> int:
    totals = Totals()
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = await start_server(
            str(Path(tmp) / "spy.db"), "--bot-delay", "0.03", "--turn-timeout", "0.1"
        )
        started = time.monotonic()
        try:
            queue = list(range(args.tables))

            async def worker() -> None:
                while queue:
                    index = queue.pop()
                    try:
                        await one_table(base, index, totals)
                    except (OSError, RuntimeError, TimeoutError) as exc:  # a loaded machine
                        totals.failed += 1
                        print(f"table {index} not audited: {exc!r}", file=sys.stderr)

            await asyncio.gather(*(worker() for _ in range(args.parallel)))
        finally:
            proc.terminate()
            await proc.wait()
    print(
        f"spy: {totals.tables} tables ({', '.join(g for g, _ in GAMES)}), "
        f"{totals.seat_changes} seat changes, {time.monotonic() - started:.0f} s"
        f"{f', {totals.failed} not audited (errors)' if totals.failed else ''}"
    )
    print(f"messages checked: {totals.messages}, with hidden cards to guard: {totals.guarded}, "
          f"leaks: {totals.leaks}")  # fmt: skip
    for example in totals.examples:
        print("  leak:", example)
    return 1 if totals.leaks else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=8)
    sys.exit(asyncio.run(main(parser.parse_args())))
