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
from urllib.parse import parse_qs, quote, unquote, urlsplit, urlunsplit

from cardroom.tui.account import password, session_headers, sign_in
from cardroom.tui.prompt import Console, help_text, menu, read_choice
from cardroom.tui.render import LANG, render_event, render_obs, say, seat_names

Json = dict[str, Any]
WS_PATH = "/ws"
MIN_SEND_INTERVAL = 0.01
"""Seconds between two actions sent: piped input (a script answering every prompt) against a
fast table would otherwise pass the server's flood limit (200 frames a second by default) and
be disconnected; a person typing never notices."""


def join_link(table: str) -> tuple[str | None, str, str | None]:
    """A ``--table`` argument as (server, table id, invite): a bare id, or a join link
    ``http://host/t/{id}#invite=SECRET`` as the browser shows it.

    >>> join_link("T1")
    (None, 'T1', None)
    >>> join_link("https://cards.example/t/ab12#invite=s3cret")
    ('https://cards.example', 'ab12', 's3cret')
    """
    parts = urlsplit(table)
    if not parts.scheme or "/t/" not in parts.path:
        return None, table, None
    table_id = unquote(parts.path.rsplit("/t/", 1)[1].strip("/"))
    invite = parse_qs(parts.fragment).get("invite", [None])[0]
    return urlunsplit((parts.scheme, parts.netloc, "", "", "")), table_id, invite


def take_seat(
    server: str,
    table: str,
    seat: int,
    name: str,
    invite: str | None = None,
    session: str | None = None,
) -> str:
    """POST the lobby route that binds ``seat`` to us (with the table's invite secret, which
    bot seats, running games and private tables need, and the account's session if signed
    in); returns the seat token."""
    url = f"{server.rstrip('/')}/api/tables/{quote(table)}/seats/{seat}"
    body = json.dumps({"name": name}).encode()
    headers = {"Content-Type": "application/json", **session_headers(server, session)}
    if invite:
        headers["X-Cardroom-Invite"] = invite
    request = urllib.request.Request(url, body, headers, method="POST")
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
    """The client state: the last observation and version, seat names, the action in flight."""

    def __init__(self, console: Console, seat: int | None) -> None:
        self.console = console
        self.seat = seat
        self.obs: Json = {}
        self.v = -1
        self.names: list[str] = []
        self.next_id = 1
        self.in_flight: int | None = None
        self.sent_at = -1

    def set_seats(self, seats: list[Json]) -> None:
        names = [s.get("name") for s in sorted(seats, key=lambda s: int(s["seat"]))]
        self.names = seat_names(len(seats), self.seat, names)

    def show(self, obs: Json, v: int) -> None:
        self.obs, self.v = obs, v
        if len(self.names) != obs.get("num_seats"):
            self.names = seat_names(int(obs.get("num_seats", 0)), self.seat, self.names)
        if self.ready() or obs.get("terminal"):
            self.console.write(render_obs(obs, self.names))
            if self.ready():
                self.console.write(f"[{say('tui.hint')}] > ")

    def ready(self) -> bool:
        """Whether a typed line can be used now: we have legal actions and no action is in
        flight (after an ack, until the observation it caused has arrived)."""
        return bool(self.obs.get("legal")) and self.in_flight is None and self.v > self.sent_at

    def act(self, action: str) -> Json:
        msg = {"t": "act", "a": action, "id": self.next_id, "v": self.v}
        self.in_flight, self.sent_at = self.next_id, self.v
        self.next_id += 1
        return msg

    def acked(self, id: Any) -> None:
        """An ``ack`` (its own frame, or folded into the ``ev`` before it) for request ``id``."""
        if id == self.in_flight:
            self.in_flight = None
            if self.ready():
                self.show(self.obs, self.v)

    def handle(self, msg: Json) -> bool:
        """Apply one server message; False when the game is over."""
        kind = msg.get("t")
        if kind == "welcome":
            self.seat = msg.get("seat")
            self.set_seats(msg.get("seats") or [])
            self.show(msg["obs"], int(msg["v"]))
        elif kind == "seats":
            self.set_seats(msg["seats"])
        elif kind == "ev":
            game = str(msg["obs"].get("game", ""))
            for event in msg.get("events") or []:
                if line := render_event(event, self.names, game):
                    self.console.write("  " + line)
            self.show(msg["obs"], int(msg["v"]))
            if msg.get("ack") is not None:  # the ack folded into the envelope it follows
                self.acked(msg["ack"])
        elif kind == "ack":
            self.acked(msg.get("id"))
        elif kind == "reject":
            self.console.write(say("tui.refused", reason=refusal(msg)))
            if msg.get("id") == self.in_flight:
                self.in_flight, self.sent_at = None, -1
                self.show(self.obs, self.v)
        return not self.obs.get("terminal", False)


async def _play(server: str, table: str, token: str | None, console: Console) -> int:
    from websockets.asyncio.client import connect

    client = RemoteSeat(console, None)
    lines = _start_reader(console, asyncio.get_running_loop())
    async with connect(ws_url(server)) as ws:
        await ws.send(json.dumps({"t": "hello", "table": table, "token": token, "since": None}))
        receive: asyncio.Future[Any] = asyncio.ensure_future(ws.recv())
        read: asyncio.Future[str | None] | None = None
        loop = asyncio.get_running_loop()
        sent = -MIN_SEND_INTERVAL
        try:
            while True:
                if read is None and client.ready():
                    read = asyncio.ensure_future(lines.get())
                waiting: set[asyncio.Future[Any]] = {receive} if read is None else {receive, read}
                done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                if receive in done:
                    if not client.handle(json.loads(receive.result())):
                        return 0
                    receive = asyncio.ensure_future(ws.recv())
                if read is not None and read in done:
                    line, read = read.result(), None
                    if line is None:
                        return 1
                    choice = read_choice(line, menu(client.obs.get("legal") or []), True)
                    if choice.kind == "quit":
                        return 1
                    if choice.kind in ("show", "error"):
                        console.write(choice.message)
                    elif choice.kind == "act":
                        await asyncio.sleep(sent + MIN_SEND_INTERVAL - loop.time())
                        await ws.send(json.dumps(client.act(choice.action)))
                        sent = loop.time()
        finally:
            for task in (receive, read):
                if task is not None:
                    task.cancel()


def refusal(msg: Json) -> str:
    """A server's ``reject`` in the terminal's language: its catalogue message, then the English
    detail the rule text gives (rules are cited in English)."""
    if not msg.get("key"):
        return str(msg.get("msg") or msg.get("code"))
    said = say(str(msg["key"]), **(msg.get("params") or {}))
    detail = str(msg.get("msg") or "")
    return f"{said} ({detail})" if detail and LANG[0] != "en" else detail or said


def play_remote(
    server: str,
    table: str,
    seat: int,
    name: str,
    token: str | None,
    console: Console,
    invite: str | None = None,
    account: str | None = None,
) -> int:
    """Take ``seat`` at ``table`` (unless a token is given; signed in as ``account`` if given)
    and play it until the game ends."""
    try:
        session = None if account is None else sign_in(server, account, password(account))
        token = token or take_seat(server, table, seat, name, invite, session)
    except (OSError, ValueError) as exc:
        console.write(f"cardroom play: {exc}")
        return 2
    console.write(help_text())
    console.write(say("tui.token", token=token))
    return asyncio.run(_play(server, table, token, console))
