"""A seat at a server table from the terminal: the lobby route to take the seat, then the
websocket protocol of contracts.md §4 (hello, ev, act, ack/reject, and the table's clock,
round pause and bomb hold).

Input is read by a daemon thread into a queue so the socket keeps receiving while the player
thinks; numbers always refer to the legal list printed last. The seat is prompted only when the
table waits for it (``awaited``: its turn, or a decision it owes), not whenever it has a legal
action (a Tichu seat may bomb or call out of turn); a line typed meanwhile waits for the prompt.
Besides actions a line may be a command: ``b`` claims a bomb out of turn (the table holds still
while the player picks one), a call typed out of turn (``tichu``, ``knock``) is sent at once,
``back`` takes the seat back from the bot after the clock marked it away, and an empty line
during the pause after a round deals the next one at once. ``say TEXT`` (or ``'TEXT``) chats
at any time, even while others move (joining, the table's earlier lines are shown first); once
the match is over ``rematch`` takes the same seat at the table's rematch, on a socket of the
rematch's own (the table id is in the socket's URL, so that a cluster's nginx routes it to the
node that owns the table).

When the connection drops (a server restart, a lost link) the terminal reconnects by itself,
backing off between attempts, and says so: the same seat's token and the last version seen
(``since``) bring the missed envelopes, so play goes on where it stopped, then the clock as it
stands and the chat lines said meanwhile (``chat_after``: the stamp of the newest line shown).
After
``RECONNECT_DELAYS`` it gives up, saying the seat token (``--token`` takes the seat back).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlencode, urlsplit, urlunsplit

from cardroom import i18n
from cardroom.bots import bomb_actions
from cardroom.server.table.outcomes import NOT_MEANING
from cardroom.tui.account import password, session_headers, sign_in
from cardroom.tui.prompt import Console, help_text, list_legal, menu, read_choice
from cardroom.tui.render import LANG, render_event, render_obs, say, seat_names

Json = dict[str, Any]
WS_PATH = "/ws"
MIN_SEND_INTERVAL = 0.01
"""Seconds between two frames sent (actions, commands, chat lines): piped input (a script
answering every prompt) against a fast table would otherwise pass the server's flood limit (200
frames a second by default) and be disconnected; a person typing never notices."""
RECONNECT_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0) + (5.0,) * 8
"""Seconds before each attempt to reconnect (the browser's backoff, 45 s in all: a server
restart is back long before); the count starts again once the server answers a hello."""


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
    headers = {"X-Cardroom-Invite": invite} if invite else {}
    path = f"/api/tables/{quote(table)}/seats/{seat}"
    refused = say("tui.cannot_take_seat", seat=i18n.seat_number(seat))
    data = _post(server, path, {"name": name}, headers, session, refused)
    return str(data["token"])


def rematch_seat(
    server: str, table: str, token: str | None, seat: int, name: str, session: str | None
) -> tuple[str, str]:
    """Ask for the finished ``table``'s rematch as the player holding ``token`` (the server
    makes one, and gives the others who ask the same) and take ``seat`` there: (table, token)."""
    path, auth = f"/api/tables/{quote(table)}/rematch", {"Authorization": f"Bearer {token}"}
    made = _post(server, path, {}, auth if token else {}, session, say("tui.rematch_refused"))
    new = str(made["id"])
    return new, take_seat(server, new, seat, name, str(made["invite"]), session)


def _post(
    server: str, path: str, data: Json, headers: dict[str, str], session: str | None, what: str
) -> Json:
    """A lobby request (as the account of ``session`` if signed in); a refusal is a
    ``ValueError`` saying ``what`` failed and the server's answer."""
    headers = {"Content-Type": "application/json", **headers, **session_headers(server, session)}
    url = f"{server.rstrip('/')}{path}"
    request = urllib.request.Request(url, json.dumps(data).encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            answer: Json = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        raise ValueError(f"{what}: {lobby_refusal(exc.code, exc.read())}") from None
    return answer


def lobby_refusal(status: int, body: bytes) -> str:
    """A refused lobby request in the terminal's language: the catalogue's text for the
    body's ``code`` (the pages say the same), else its English ``error``, else the raw body.

    >>> lobby_refusal(409, b'{"error": "x", "code": "seat_taken", "params": {"name": "Ann"}}')
    'the seat is taken by Ann (409)'
    >>> lobby_refusal(502, b"Bad Gateway")
    'Bad Gateway (502)'
    """
    text = body.decode("utf-8", "replace")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("error"), str):
        params: Json = data["params"] if isinstance(data.get("params"), dict) else {}
        key = f"lobby.error.{data.get('code')}"
        text = (
            say(key, **params)
            if data.get("code") and key in i18n.catalogue(i18n.DEFAULT)
            else data["error"]
        )
    return f"{text} ({status})"


def ws_url(server: str, table: str) -> str:
    """``http://host:port`` -> ``ws://host:port/ws?table=ID`` (https -> wss): the table in the
    URL lets a cluster's nginx send the socket straight to the node that owns the table.

    >>> ws_url("https://cards.example/", "ab 12")
    'wss://cards.example/ws?table=ab%2012'
    """
    parts = urlsplit(server)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit(
        (scheme, parts.netloc, WS_PATH, urlencode({"table": table}, quote_via=quote), "")
    )


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


def meaning(obs: Json) -> Json:
    """The parts of ``obs`` that say what the seat's move means.

    >>> meaning({"legal": ["pass"], "decided": [1]})
    {'legal': ['pass']}
    """
    return {k: v for k, v in obs.items() if k not in NOT_MEANING}


def chat_text(line: str) -> str | None:
    """What a typed line says to the table (``say TEXT`` or ``'TEXT``); None: no chat. The
    server judges the text (an empty or too long line is refused with its reason).

    >>> chat_text("say gg  wp"), chat_text("'hi"), chat_text("sayonara"), chat_text("pass")
    ('gg  wp', 'hi', None, None)
    """
    text = line.strip()
    if text.startswith("'"):
        return text[1:].strip()
    word, _, rest = text.partition(" ")
    return rest.strip() if word == "say" else None


class Rematch:
    """What ``RemoteSeat.answer`` gives for ``rematch``: no frame, the seat is asked of the lobby
    (``Link.rematch``)."""


REMATCH = Rematch()


class RemoteSeat:
    """The client state: the table's status, the last observation and version, seat names, the
    action in flight, and the table's clock, round pause and bomb hold."""

    def __init__(
        self, console: Console, seat: int | None, table: str = "", rematch: bool = False
    ) -> None:
        self.console = console
        self.seat = seat
        self.table = table
        self.rematched = rematch
        """Whether this is a rematch we took a seat at (its start is said)."""
        self.status = ""
        """The table's: open (seats to fill), running or finished; "" before the welcome."""
        self.name = ""
        """Our seat's name, to sit as at the rematch."""
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
        self.chat_shown: set[tuple[Any, ...]] = set()
        """The chat lines printed (each welcome brings the table's last lines again)."""
        self.chat_at = ""
        """The stamp of the newest chat line printed ("": none): a catch-up brings the later
        ones (``chat_after``)."""
        self.resuming: int | None = None
        """After a reconnect, until the catch-up is over: the version we had seen."""
        self.off_turn_told: tuple[str, ...] = ()
        """What we may do out of turn, as last said (said again only when it changes)."""
        self.asked: Json | None = None
        """What the prompt not yet answered asked about (``meaning``; None once we sent a
        move): others' simultaneous decisions (Grand Tichu, the exchange) do not ask again."""

    def set_seats(self, seats: list[Json]) -> None:
        names = [s.get("name") for s in sorted(seats, key=lambda s: int(s["seat"]))]
        self.names = seat_names(len(seats), self.seat, names)
        if self.seat is not None and self.seat < len(names):
            self.name = names[self.seat] or ""
        self.set_away({int(s["seat"]) for s in seats if s.get("away")})

    def show(self, obs: Json, v: int) -> None:
        self.obs, self.v = obs, v
        if len(self.names) != obs.get("num_seats"):
            self.names = seat_names(int(obs.get("num_seats", 0)), self.seat, self.names)
        asked_again = self.ready() and self.asked == meaning(obs)
        if (self.ready() and not asked_again) or obs.get("terminal"):
            self.console.write(render_obs(obs, self.names))
            if self.ready():
                self.prompt()
        self.tell_off_turn()

    def prompt(self) -> None:
        """The prompt line, after our clock when it runs and the bomb menu while held."""
        self.tell_clock()
        if self.bomb_menu:
            self.console.write(say("tui.bomb_which") + "\n" + list_legal(self.bomb_menu))
        self.off_turn_told = ()  # after our move, what we may do out of turn is said again
        self.asked = meaning(self.obs)
        self.console.write(f"[{say('tui.hint')}] > ")

    def owes(self) -> bool:
        """Whether the table waits for our seat (``awaited``: our turn, or a decision every
        seat owes: Grand Tichu, the exchange; the Dragon's gift, the wish). Legal actions alone
        do not say it: a Tichu seat may bomb or call out of turn."""
        return self.seat is not None and self.seat in (self.obs.get("awaited", [self.seat]) or [])

    def ready(self) -> bool:
        """Whether to prompt and use a typed line now: the table waits for our move (or holds
        still for our bomb), and no action is in flight (after an ack, until the observation it
        caused has arrived)."""
        return (
            bool(self.obs.get("legal"))
            and (self.owes() or bool(self.bomb_menu))
            and self.in_flight is None
            and self.v > self.sent_at
        )

    def calls(self) -> list[str]:
        """What we may do out of turn besides bombs, by typing it: a Tichu call before our first
        card, a Toepen knock (empty while the table waits for our move)."""
        if self.owes() or self.bomb_menu:
            return []
        bombs = self.bombs()
        return [a for a in self.obs.get("legal") or [] if a not in bombs]

    def tell_off_turn(self) -> None:
        """Out of turn, say once what may still be typed now (``b`` for a bomb, a call), and
        again when that changes; no prompt: the table does not wait for us."""
        if self.ready() or self.in_flight is not None or self.obs.get("terminal"):
            return
        told = (*(["b"] if self.bombs() else []), *self.calls())
        if told and told != self.off_turn_told:
            said = [say("tui.hint_bomb") if t == "b" else t for t in told]
            self.console.write(say("tui.off_turn", commands=" · ".join(said)))
        self.off_turn_told = told

    def off_turn(self, line: str) -> list[Json] | None:
        """The frames of a line typed out of turn that acts at once: ``b`` claims a bomb, a
        call (``tichu``, ``knock``) is sent as it is; None: not such a line (it waits for the
        prompt, as every other line does)."""
        text = line.strip()
        if self.ready() or self.idle or self.in_flight is not None:
            return None
        if text in ("b", "bomb"):
            if not self.bombs():
                self.console.write(say("tui.no_bomb"))
                return []
            return [{"t": "bomb"}]
        call = next((a for a in self.calls() if a.lower() == text.lower()), None)
        if call is None:
            return None
        return [self.act(call, since=False)]

    @property
    def over(self) -> bool:
        return self.status == "finished"

    @property
    def idle(self) -> bool:
        """No match runs: the table waits for players, or its match is over."""
        return self.status in ("open", "finished")

    def wants_line(self) -> bool:
        """Whether to use a line: to act, or for a command the table awaits now (Enter in a
        round pause, ``back`` while away, a pick while the table holds for our bomb, the
        rematch or ``q`` while no match runs)."""
        away = self.seat is not None and self.seat in self.away
        held = bool(self.bomb_menu)
        return self.ready() or self.idle or self.pause_until is not None or away or held

    def set_status(self, status: str) -> None:
        """Say what the table's new status means for us: seats to fill, the match starting
        (after an open table, or at our rematch), or the match over with the rematch offered."""
        was, self.status = self.status, status
        if status == was:
            return
        if status == "open":
            self.console.write(say("tui.waiting_seats"))
        elif status == "running" and (was == "open" or self.rematched):
            self.console.write(say("tui.match_starts"))
        elif self.over and self.seat is not None:
            self.console.write(say("tui.rematch_offer"))

    def bombs(self) -> list[str]:
        """Our legal actions that are bombs (Tichu lists them out of turn too)."""
        return bomb_actions(self.obs)

    def act(self, action: str, since: bool = True) -> Json:
        """The frame sending ``action``; with ``since``, the version we saw (an action whose
        meaning the table has changed since is refused as stale); a call out of turn goes
        without it (its meaning does not hang on the trick, and others play meanwhile)."""
        msg: Json = {"t": "act", "a": action, "id": self.next_id}
        if since:
            msg["v"] = self.v
        self.in_flight, self.sent_at, self.asked = self.next_id, self.v, None
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

    def chat(self, line: Json) -> None:
        """Print a chat line once: a line a welcome repeats (a rejoin, a resync) is not."""
        key = (self.table, line.get("at"), line.get("seat"), line.get("name"), line.get("text"))
        if key not in self.chat_shown:
            self.chat_shown.add(key)
            self.chat_at = max(self.chat_at, str(line.get("at") or ""))
            self.console.write(f"  [{line.get('name')}] {line.get('text')}")

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

    def lost(self) -> None:
        """The connection dropped: no ack will come for an action in flight (the catch-up
        shows whether the table took it)."""
        self.in_flight, self.resuming = None, self.v

    def caught_up(self) -> None:
        """The catch-up after a reconnect is over (the server ends it with ``seats``). A new
        observation has prompted already; if none came, an action sent before the drop never
        reached the table, and its prompt is offered again (a prompt still unanswered stays
        as it was: it is not said twice)."""
        seen, self.resuming = self.resuming, None
        if seen == self.v and self.sent_at == self.v:
            self.sent_at = -1
            if self.ready():
                self.prompt()

    def handle(self, msg: Json) -> bool:
        """Apply one server message; False when nothing is left to do: the game is over and we
        only watched it (a seat is offered the rematch)."""
        kind = msg.get("t")
        if kind == "ev" and int(msg["v"]) <= self.v:  # shown already (catch-up never folds)
            return True
        if kind == "welcome":
            self.seat, self.table = msg.get("seat"), str(msg.get("table", self.table))
            self.set_seats(msg.get("seats") or [])
            for line in msg.get("chat") or []:  # what was said before we (re)joined
                self.chat(line)
            self.set_clock(msg.get("clock"))
            self.obs = msg["obs"]
            self.set_hold(msg.get("hold"))
            self.set_pause(msg.get("next_deal_in"))
            self.show(msg["obs"], int(msg["v"]))
            self.set_status(str(msg.get("status", "running")))
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
            self.set_status("finished" if msg["obs"].get("terminal") else "running")
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
                say(
                    "table.unseated",
                    seat=i18n.seat_number(int(msg["seat"])),
                    reason=msg.get("reason"),
                )
            )
        elif kind == "chat":
            self.chat(msg)
        elif kind == "rematch" and msg.get("table") != self.table:  # not the one we sit at
            self.console.write(say("tui.rematch_asked"))
        elif kind == "reject":
            self.console.write(say("tui.refused", reason=refusal(msg)))
            if self.in_flight is not None and msg.get("id") == self.in_flight:
                self.in_flight, self.sent_at = None, -1
                self.show(self.obs, self.v)
            elif self.ready():  # a refused chat: the move is still owed
                self.prompt()
        if self.resuming is not None and kind in ("welcome", "seats"):
            self.caught_up()
        return not (self.over and self.seat is None)

    def answer(self, line: str) -> list[Json | Rematch] | None:
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
        if self.idle:
            return self.between_matches(line)
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

    def between_matches(self, line: str) -> list[Json | Rematch] | None:
        """A line while no match runs: ``q`` leaves, ``rematch`` once the match is over asks
        for the next; anything else says again what the table waits for."""
        if read_choice(line, []).kind == "quit":
            return None
        if self.over and line.strip() == "rematch":
            return [REMATCH]
        self.console.write(say("tui.rematch_offer" if self.over else "tui.waiting_seats"))
        return []


class Link:
    """The socket to the server and the seat played over it: frames are paced, a typed line
    waits until the seat can use it (chat goes at once, even while others move), a rematch
    seats the player anew on the rematch's socket, and a dropped connection is made again."""

    def __init__(
        self,
        server: str,
        table: str,
        console: Console,
        session: str | None,
        delays: Sequence[float] = RECONNECT_DELAYS,
    ) -> None:
        self.server, self.console, self.session, self.delays = server, console, session, delays
        self.ws: Any = None
        self.client = RemoteSeat(console, None, table)
        self.token: str | None = None
        self.held: deque[str | None] = deque()
        """Lines typed before the seat can use them, oldest first (None: input ended)."""
        self.sent = -MIN_SEND_INTERVAL
        self.attempts = 0
        """Reconnects tried since the server last answered."""

    async def connect(self, table: str) -> Any:
        """A socket for ``table`` (its id in the URL: in a cluster it lands on the table's
        node)."""
        from websockets.asyncio.client import connect

        return await connect(ws_url(self.server, table))

    async def send(self, frame: Json) -> None:
        """Send ``frame``; on a dropped connection it is lost, as the receiving side finds
        out (an action's prompt comes again after the reconnect)."""
        from websockets.exceptions import ConnectionClosed

        loop = asyncio.get_running_loop()
        await asyncio.sleep(self.sent + MIN_SEND_INTERVAL - loop.time())
        self.sent = loop.time()
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps(frame))

    async def sit(self, client: RemoteSeat, token: str | None, since: int | None = None) -> None:
        """Play ``token``'s seat at ``client.table`` (a spectator without one) as ``client``,
        from version ``since`` on if given (then the chat said after the newest line shown
        comes too: said while the connection was down)."""
        self.client, self.token = client, token
        hello: Json = {"t": "hello", "table": client.table, "token": token, "since": since}
        if since is not None:
            hello["chat_after"] = client.chat_at
        await self.send(hello)

    async def reconnect(self) -> bool:
        """Connect again, after a pause that grows with each attempt, and rejoin the seat
        from the last version seen; False once every attempt failed."""
        from websockets.exceptions import WebSocketException

        while self.attempts < len(self.delays):
            self.attempts += 1
            attempt = {"attempt": self.attempts, "attempts": len(self.delays)}
            self.console.write(say("tui.reconnecting", **attempt))
            await asyncio.sleep(self.delays[self.attempts - 1])
            try:
                self.ws = await self.connect(self.client.table)
            except (OSError, TimeoutError, WebSocketException):
                continue
            self.console.write(say("tui.reconnected"))
            self.client.lost()
            since = self.client.v if self.client.v >= 0 else None
            await self.sit(self.client, self.token, since)
            return True
        return False

    async def typed(self, line: str | None) -> None:
        """A typed line: chat and what may be done out of turn (a bomb, a call) go at once;
        any other line waits until the seat can use it."""
        text = None if line is None else chat_text(line)
        if text is not None:
            await self.send({"t": "chat", "text": text})
            return
        now = None if line is None else self.client.off_turn(line)
        if now is None:
            self.held.append(line)
        for frame in now or []:
            await self.send(frame)

    async def use_lines(self) -> bool:
        """Answer the held lines the seat can use now; False once the player quits."""
        while self.held and self.client.wants_line():
            line = self.held.popleft()
            frames = None if line is None else self.client.answer(line)
            if frames is None:
                return False
            for frame in frames:
                if isinstance(frame, Rematch):
                    await self.rematch()
                else:
                    await self.send(frame)
        return True

    async def rematch(self) -> None:
        """Take our seat at the finished table's rematch, on a socket of its own; a refusal is
        said, and the finished table stays (the player may try again or quit)."""
        from websockets.exceptions import WebSocketException

        old = self.client
        assert old.seat is not None  # only a seat is offered the rematch
        ask = (self.server, old.table, self.token, old.seat, old.name, self.session)
        try:
            table, token = await asyncio.to_thread(rematch_seat, *ask)
            self.console.write(
                say("tui.rematch_joined", seat=i18n.seat_number(old.seat), table=table)
            )
            self.console.write(say("tui.token", token=token))
            ws = await self.connect(table)
        except (OSError, ValueError, TimeoutError, WebSocketException) as exc:
            self.console.write(say("tui.rematch_failed", reason=str(exc)))
            return
        finished, self.ws = self.ws, ws
        await finished.close()
        await self.sit(RemoteSeat(self.console, None, table, rematch=True), token)

    def heard(self, message: str) -> bool:
        """A server frame; False when nothing is left to do (``RemoteSeat.handle``)."""
        msg = json.loads(message)
        self.attempts = 0  # the server answers: a later drop gets every attempt again
        if msg.get("t") == "unseated":  # a reconnect must not present the lost seat's token
            self.token = None
        return self.client.handle(msg)

    async def run(self, lines: asyncio.Queue[str | None]) -> int:
        """Play until the player quits (0 once a match is over, else 1), or, watching, the game
        ends (0), or the connection is lost for good (1, after saying the seat token)."""
        from websockets.exceptions import ConnectionClosed

        listening = self.ws
        receive: asyncio.Future[Any] = asyncio.ensure_future(listening.recv())
        read: asyncio.Future[str | None] = asyncio.ensure_future(lines.get())
        try:
            while True:
                done, _ = await asyncio.wait({receive, read}, return_when=asyncio.FIRST_COMPLETED)
                if receive in done:
                    try:
                        if not self.heard(receive.result()):
                            return 0
                    except ConnectionClosed:
                        if not await self.reconnect():
                            if self.token is not None:
                                self.console.write(say("tui.reconnect_failed"))
                                self.console.write(say("tui.token", token=self.token))
                            return 1
                        listening = self.ws
                    receive = asyncio.ensure_future(listening.recv())
                if read in done:
                    await self.typed(read.result())
                    read = asyncio.ensure_future(lines.get())
                if not await self.use_lines():
                    return 0 if self.client.over else 1
                if listening is not self.ws:  # a rematch's socket: listen there from now on
                    _forget(receive)
                    listening = self.ws
                    receive = asyncio.ensure_future(listening.recv())
        finally:
            receive.cancel()
            read.cancel()
            await self.ws.close()


def _forget(future: asyncio.Future[Any]) -> None:
    """Cancel ``future``, or take its outcome if it has one (none is left unretrieved)."""
    if not future.cancel() and not future.cancelled():
        future.exception()


async def _play(
    server: str,
    table: str,
    token: str | None,
    console: Console,
    session: str | None = None,
    delays: Sequence[float] = RECONNECT_DELAYS,
) -> int:
    """Play the seat and its rematches until the player leaves; a dropped connection is made
    again (``Link.reconnect``)."""
    lines = _start_reader(console, asyncio.get_running_loop())
    link = Link(server, table, console, session, delays)
    link.ws = await link.connect(table)
    await link.sit(link.client, token)
    return await link.run(lines)


def refusal(msg: Json) -> str:
    """A server's ``reject`` in the terminal's language: its catalogue message, then the English
    detail the rule text gives (rules are cited in English); a refusal a person meets in play
    is its own message (``refusal.…``), said alone, a seat counted from 1.

    >>> refusal({"t": "reject", "code": "not_active", "msg": "R8.1.1: seat 2 is naming its wish",
    ...          "key": "refusal.tichu.naming_wish", "params": {"who": {"seat": 2}}})
    'Seat 3 is naming a wish first'
    """
    if not msg.get("key"):
        return str(msg.get("msg") or msg.get("code"))
    said = say(str(msg["key"]), **(msg.get("params") or {}))
    if str(msg["key"]).startswith("refusal."):
        return said
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
    and play it, and the rematches the player asks for, until the player leaves."""
    try:
        session = None if account is None else sign_in(server, account, password(account))
        token = token or take_seat(server, table, seat, name, invite, session)
    except (OSError, ValueError) as exc:
        console.write(f"cardroom play: {exc}")
        return 2
    console.write(help_text(remote=True))
    console.write(say("tui.token", token=token))
    return asyncio.run(_play(server, table, token, console, session))
