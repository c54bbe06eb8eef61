"""A seat at a server table from the terminal: the lobby route to take the seat, then the
websocket protocol of contracts.md §4 (hello, ev, act, ack/reject).

Input is read by a daemon thread into a queue so the socket keeps receiving while the player
thinks; numbers always refer to the legal list printed last.
"""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from cardroom.tui.prompt import HELP, Console, read_choice
from cardroom.tui.render import render_event, render_obs, seat_names

Json = dict[str, Any]
WS_PATH = "/ws"


def take_seat(server: str, table: str, seat: int, name: str) -> str:
    """POST the lobby route that binds ``seat`` to us; returns the seat token."""
    url = f"{server.rstrip('/')}/api/tables/{quote(table)}/seats/{seat}"
    body = json.dumps({"name": name}).encode()
    request = urllib.request.Request(url, body, {"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            data = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        raise ValueError(f"cannot take seat {seat}: {exc.code} {exc.read().decode()}") from None
    return str(data["token"])


def ws_url(server: str) -> str:
    """``http://host:port`` -> ``ws://host:port/ws`` (https -> wss).

    >>> ws_url("https://cards.example/")
    'wss://cards.example/ws'
    """
    parts = urlsplit(server)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, WS_PATH, "", ""))


def _start_reader(console: Console, loop: asyncio.AbstractEventLoop) -> asyncio.Queue[str | None]:
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def pump() -> None:
        while True:
            line = console.stdin.readline()
            loop.call_soon_threadsafe(lines.put_nowait, line or None)
            if not line:
                return

    threading.Thread(target=pump, daemon=True).start()
    return lines


class RemoteSeat:
    """The client state: the last observation, seat names, and the numbered legal list."""

    def __init__(self, console: Console, seat: int | None) -> None:
        self.console = console
        self.seat = seat
        self.obs: Json = {}
        self.names: list[str] = []
        self.next_id = 1

    def set_seats(self, seats: list[Json]) -> None:
        names = [s.get("name") or (s.get("kind") if s.get("kind") != "empty" else None)
                 for s in sorted(seats, key=lambda s: int(s["seat"]))]  # fmt: skip
        self.names = seat_names(len(seats), self.seat, names)

    def show(self, obs: Json) -> None:
        self.obs = obs
        if len(self.names) != obs.get("num_seats"):
            self.names = seat_names(int(obs.get("num_seats", 0)), self.seat, self.names)
        if obs.get("legal") or obs.get("terminal"):
            self.console.write(render_obs(obs, self.names))
            if obs.get("legal"):
                self.console.write("[action, number or ?] > ")

    def handle(self, msg: Json) -> bool:
        """Apply one server message; False when the game is over."""
        kind = msg.get("t")
        if kind == "welcome":
            self.seat = msg.get("seat")
            self.set_seats(msg.get("seats") or [])
            self.show(msg["obs"])
        elif kind == "seats":
            self.set_seats(msg["seats"])
        elif kind == "ev":
            for event in msg.get("events") or []:
                self.console.write("  " + render_event(event, self.names))
            self.show(msg["obs"])
        elif kind == "reject":
            self.console.write(f"Refused: {msg.get('msg') or msg.get('code')}")
        return not self.obs.get("terminal", False)


async def _play(server: str, table: str, token: str | None, console: Console) -> int:
    from websockets.asyncio.client import connect

    client = RemoteSeat(console, None)
    lines = _start_reader(console, asyncio.get_running_loop())
    async with connect(ws_url(server)) as ws:
        await ws.send(json.dumps({"t": "hello", "table": table, "token": token, "since": None}))
        receive = asyncio.ensure_future(ws.recv())
        read = asyncio.ensure_future(lines.get())
        while True:
            done, _ = await asyncio.wait({receive, read}, return_when=asyncio.FIRST_COMPLETED)
            if receive in done:
                if not client.handle(json.loads(receive.result())):
                    read.cancel()
                    return 0
                receive = asyncio.ensure_future(ws.recv())
            if read in done:
                line = read.result()
                if line is None:
                    receive.cancel()
                    return 1
                choice = read_choice(line, client.obs.get("legal") or [], optional=True)
                if choice.kind == "quit":
                    receive.cancel()
                    return 1
                if choice.kind in ("show", "error"):
                    console.write(choice.message)
                elif choice.kind == "act":
                    msg = {"t": "act", "a": choice.action, "id": client.next_id}
                    client.next_id += 1
                    await ws.send(json.dumps(msg))
                read = asyncio.ensure_future(lines.get())


def play_remote(
    server: str, table: str, seat: int, name: str, token: str | None, console: Console
) -> int:
    """Take ``seat`` at ``table`` (unless a token is given) and play it until the game ends."""
    try:
        token = token or take_seat(server, table, seat, name)
    except (OSError, ValueError) as exc:
        console.write(f"cardroom play: {exc}")
        return 2
    console.write(HELP)
    console.write(f"Seat token (reconnect with --token): {token}")
    return asyncio.run(_play(server, table, token, console))
