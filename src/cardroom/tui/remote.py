"""A seat at a server table from the terminal: the lobby route to take the seat, then the
websocket protocol of contracts.md §4 (hello, ev, act, ack/reject, and the table's clock,
round pause and bomb hold).

Input is read by a daemon thread into a queue so the socket keeps receiving while the player
thinks; numbers always refer to the legal list printed last. Besides actions a line may be a
command: ``b`` claims a bomb out of turn (the table holds still while the player picks one),
``back`` takes the seat back from the bot after the clock marked it away, and an empty line
during the pause after a round deals the next one at once.
"""

from __future__ import annotations

import asyncio
import json
import math
import threading
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit, urlunsplit

from cardroom.bots import bomb_actions
from cardroom.tui.account import password, session_headers, sign_in
from cardroom.tui.prompt import Console, help_text, list_legal, menu, read_choice
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
            try:
                loop.call_soon_threadsafe(lines.put_nowait, line or None)
            except RuntimeError:  # the game ended (its loop closed) while the player typed
                return
            if not line:
                return

    threading.Thread(target=pump, daemon=True).start()
    return lines


class RemoteSeat:
    """The client state: the last observation and version, seat names, the action in flight,
    and the table's clock, round pause and bomb hold."""

    def __init__(self, console: Console, seat: int | None) -> None:
        self.console = console
        self.seat = seat
        self.obs: Json = {}
        self.v = -1
        self.names: list[str] = []
        self.next_id = 1
        self.in_flight: int | None = None
        self.sent_at = -1
        self.clock: Json | None = None
        self.clock_at = 0.0
        """When ``clock`` arrived (its seconds left count from then)."""
        self.clock_told = (-1, 0.0)
        """The version whose prompt last said our clock (once per prompt), and the deadline
        said (a clock that comes after the prompt and moves it is said again)."""
        self.away: set[int] = set()
        self.pause_until: float | None = None
        """While the table pauses after a round: when the next deal comes."""
        self.bomb_menu: list[str] | None = None
        """While the table holds still for our bomb: the bombs to pick from."""

    def set_seats(self, seats: list[Json]) -> None:
        names = [s.get("name") for s in sorted(seats, key=lambda s: int(s["seat"]))]
        self.names = seat_names(len(seats), self.seat, names)
        self.set_away({int(s["seat"]) for s in seats if s.get("away")})

    def show(self, obs: Json, v: int) -> None:
        self.obs, self.v = obs, v
        if len(self.names) != obs.get("num_seats"):
            self.names = seat_names(int(obs.get("num_seats", 0)), self.seat, self.names)
        if self.ready() or obs.get("terminal"):
            self.console.write(render_obs(obs, self.names))
            if self.ready():
                self.prompt()

    def prompt(self) -> None:
        """The prompt line, after our clock when it runs and the bomb menu while held."""
        self.tell_clock()
        if self.bomb_menu:
            self.console.write(say("tui.bomb_which") + "\n" + list_legal(self.bomb_menu))
        hint = say("tui.hint")
        if not self.bomb_menu and self.bombs() and self.seat not in (self.obs.get("awaited") or []):
            hint += " · " + say("tui.hint_bomb")
        self.console.write(f"[{hint}] > ")

    def ready(self) -> bool:
        """Whether a typed line can be used now: we have legal actions and no action is in
        flight (after an ack, until the observation it caused has arrived)."""
        return bool(self.obs.get("legal")) and self.in_flight is None and self.v > self.sent_at

    def wants_line(self) -> bool:
        """Whether to read a line: to act, or for a command the table awaits now (Enter in a
        round pause, ``back`` while away, a pick while the table holds for our bomb)."""
        away = self.seat is not None and self.seat in self.away
        return self.ready() or self.pause_until is not None or away or bool(self.bomb_menu)

    def bombs(self) -> list[str]:
        """Our legal actions that are bombs (Tichu lists them out of turn too)."""
        return bomb_actions(self.obs)

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

    def set_clock(self, clock: Json | None) -> None:
        """The turn clock (a ``clock`` frame, or one folded into ``welcome`` or ``ev``)."""
        self.clock, self.clock_at = clock, time.monotonic()
        if clock is not None:
            self.set_away({int(s) for s in clock.get("away") or []})

    def tell_clock(self) -> None:
        """Say the seconds our seat has for the move it owes (move time and what is left of
        its bank, as the server counts them), once per prompt; again only if a clock that came
        after the prompt moved our deadline."""
        owing = self.obs.get("awaited", [self.seat]) or []  # as this version says
        if self.clock is None or self.seat is None or self.seat not in owing:
            return
        left = (self.clock.get("deadlines") or {}).get(str(self.seat))
        if left is None:
            return
        deadline = self.clock_at + float(left)
        told_v, told = self.clock_told
        if told_v == self.v and abs(deadline - told) < 1:
            return
        bank = self.clock.get("bank") or []
        seconds = max(0, math.ceil(deadline - time.monotonic()))
        banked = round(bank[self.seat]) if self.seat < len(bank) else 0
        self.console.write(say("tui.clock", seconds=seconds, bank=banked))
        self.clock_told = (self.v, deadline)

    def set_away(self, away: set[int]) -> None:
        """Say which seats went away (a bot plays them) or came back."""
        for seat in sorted(away - self.away):
            if seat == self.seat:
                self.console.write(say("tui.away_you"))
            elif seat < len(self.names):
                self.console.write(say("tui.away", name=self.names[seat]))
        for seat in sorted(self.away - away):
            if seat < len(self.names):
                self.console.write(say("tui.back", name=self.names[seat]))
        self.away = away

    def set_hold(self, seat: int | None) -> None:
        """The table holds still for ``seat``'s bomb (None: no more): ours, the bombs to pick
        from; another's, say whom the table waits for."""
        self.bomb_menu = self.bombs() if seat is not None and seat == self.seat else None
        if seat is not None and seat != self.seat and seat < len(self.names):
            self.console.write(say("tui.hold", name=self.names[seat]))

    def set_pause(self, seconds: float | None) -> None:
        """The next deal comes in ``seconds`` (None: no pause)."""
        if seconds is None:
            self.pause_until = None
            return
        self.pause_until = time.monotonic() + seconds
        self.tell_pause()

    def tell_pause(self) -> None:
        if self.pause_until is not None:
            seconds = max(0, math.ceil(self.pause_until - time.monotonic()))
            self.console.write(say("tui.pause", seconds=seconds))

    def handle(self, msg: Json) -> bool:
        """Apply one server message; False when the game is over."""
        kind = msg.get("t")
        if kind == "welcome":
            self.seat = msg.get("seat")
            self.set_seats(msg.get("seats") or [])
            self.set_clock(msg.get("clock"))
            self.obs = msg["obs"]
            self.set_hold(msg.get("hold"))
            self.set_pause(msg.get("next_deal_in"))
            self.show(msg["obs"], int(msg["v"]))
        elif kind == "seats":
            self.set_seats(msg["seats"])
        elif kind == "ev":
            game = str(msg["obs"].get("game", ""))
            for event in msg.get("events") or []:
                if line := render_event(event, self.names, game):
                    self.console.write("  " + line)
            self.pause_until = None  # a pause ends in the next deal
            self.bomb_menu = None  # a held table moves on only with our bomb
            if msg.get("clock") is not None:  # as the clock stands after this envelope
                self.set_clock(msg["clock"])
            self.show(msg["obs"], int(msg["v"]))
            if msg.get("ack") is not None:  # the ack folded into the envelope it follows
                self.acked(msg["ack"])
        elif kind == "ack":
            self.acked(msg.get("id"))
        elif kind == "clock":
            self.set_clock(msg)
            if self.ready():
                self.tell_clock()
        elif kind == "hold":
            self.set_hold(msg.get("seat"))
            if self.bomb_menu and self.ready():
                self.prompt()
        elif kind == "pause":
            self.set_pause(float(msg["seconds"]))
        elif kind == "unseated":  # the seat changed hands: a spectator's welcome follows
            self.console.write(
                say("table.unseated", seat=msg.get("seat"), reason=msg.get("reason"))
            )
        elif kind == "chat":
            self.console.write(f"  [{msg.get('name')}] {msg.get('text')}")
        elif kind == "reject":
            self.console.write(say("tui.refused", reason=refusal(msg)))
            if msg.get("id") == self.in_flight:
                self.in_flight, self.sent_at = None, -1
                self.show(self.obs, self.v)
        return not self.obs.get("terminal", False)

    def answer(self, line: str) -> list[Json] | None:
        """The frames a typed line sends (none: it only showed something); None to quit."""
        text = line.strip()
        if text in ("h", "help"):
            self.console.write(help_text(remote=True))
            return []
        if text == "back":
            return [{"t": "back"}]
        if text in ("b", "bomb"):
            if not self.bombs():
                self.console.write(say("tui.no_bomb"))
                return []
            return [{"t": "bomb"}]
        if self.pause_until is not None and not text:
            self.pause_until = None
            self.console.write(say("tui.ready"))
            return [{"t": "ready"}]
        if self.pause_until is not None and not self.ready():
            self.tell_pause()
            return []
        choice = read_choice(line, self.bomb_menu or menu(self.obs.get("legal") or []), True)
        if choice.kind == "quit":
            return None
        if choice.kind in ("show", "error"):
            self.console.write(choice.message)
        elif choice.kind == "act":
            return [self.act(choice.action)]
        return []


async def _play(server: str, table: str, token: str | None, console: Console) -> int:
    """Play the seat until the game ends (0) or the player quits (1). When the connection drops
    (a server restart, a lost link) the terminal says the seat token again and stops (1): the
    seat is still the player's, and ``--token`` takes it back."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

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
                if read is None and client.wants_line():
                    read = asyncio.ensure_future(lines.get())
                waiting: set[asyncio.Future[Any]] = {receive} if read is None else {receive, read}
                done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                if receive in done:
                    if not client.handle(json.loads(receive.result())):
                        return 0
                    receive = asyncio.ensure_future(ws.recv())
                if read is not None and read in done:
                    line, read = read.result(), None
                    frames = None if line is None else client.answer(line)
                    if frames is None:
                        return 1
                    for frame in frames:
                        if frame["t"] == "act":
                            await asyncio.sleep(sent + MIN_SEND_INTERVAL - loop.time())
                            sent = loop.time()
                        await ws.send(json.dumps(frame))
        except ConnectionClosed:
            if token is not None:
                console.write(say("tui.token", token=token))
            return 1
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
    console.write(help_text(remote=True))
    console.write(say("tui.token", token=token))
    return asyncio.run(_play(server, table, token, console))
