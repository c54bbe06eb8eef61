"""Websocket sessions (contracts §4): one ``Session`` per socket.

A receiver reads and validates frames; a sender drains a bounded queue of outgoing messages. A
bad frame gets ``reject`` and the session goes on; a client too slow to drain its queue, or whose
oldest unsent message has waited ``settings.max_lag`` seconds (it stopped reading), is closed
with 4008 (it reconnects with ``since``) and the table never waits for it. One ``LagWatch``
timer per server looks at every socket's lag.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from cardroom.engine import SPECTATOR, Audience
from cardroom.server.cluster.node import Elsewhere
from cardroom.server.cluster.relay import relay_socket
from cardroom.server.lobby.access import Credentials, clean_secret, hash_token
from cardroom.server.lobby.registry import AbandonedTable, TableRegistry
from cardroom.server.ops.limits import ChatLimiter
from cardroom.server.settings import Settings
from cardroom.server.table import commands
from cardroom.server.table.actor import TableActor
from cardroom.server.table.frames import Clock, ClockState, Ev, Frame
from cardroom.server.table.outcomes import ActorStopped, Refused
from cardroom.server.web.outbox import Outbox, OutboxFull
from cardroom.server.web.wire import (
    Ack,
    Act,
    Back,
    BombClaim,
    ChatLine,
    ClientMessage,
    Hello,
    Ping,
    Pong,
    Ready,
    Resync,
    WireError,
    answer,
    encode,
    parse_client,
    refused,
    request_id,
)
from cardroom.server.web.wire import reject as reject_msg
from cardroom.storage import UnknownTable

log = logging.getLogger("cardroom.server.web.ws")

SLOW_CLIENT_CLOSE = 4008
FLOOD_CLOSE = 1008


class LagWatch:
    """Marks slow every watched session whose oldest unsent message has waited ``limit``
    seconds, looking every ``min(1, limit / 4)`` s (0: never).

    Why one timer for all sockets: a watcher task per socket woke every second at every table,
    idle or not (a timer, a future and a task step each): at 1,000 paced tables as many wakeups
    a second as stored records."""

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.sessions: set[Session] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def add(self, session: Session) -> None:
        if self.limit <= 0:
            return
        self.sessions.add(session)
        loop = asyncio.get_running_loop()
        if self._timer is None or self._loop is not loop:  # a new loop: the old timer is gone
            self._loop = loop
            self._timer = loop.call_later(min(1.0, self.limit / 4), self._look)

    def discard(self, session: Session) -> None:
        self.sessions.discard(session)

    def _look(self) -> None:
        self._timer = None
        now = time.monotonic()
        for session in list(self.sessions):
            if session.lag(now) >= self.limit:
                actor = session.actor
                log.warning("client %s s behind on table %s closed", self.limit,
                            actor and actor.id)  # fmt: skip
                self.sessions.discard(session)
                session.slow.set()
        if self.sessions and self._loop is not None:
            self._timer = self._loop.call_later(min(1.0, self.limit / 4), self._look)


class Session:
    """One websocket: bound to a table as a seat (by token) or as a spectator after ``hello``."""

    def __init__(
        self,
        ws: WebSocket,
        registry: TableRegistry,
        settings: Settings,
        lag_watch: LagWatch | None = None,
    ) -> None:
        self.ws = ws
        self.registry = registry
        self.settings = settings
        self.lag_watch = lag_watch or LagWatch(settings.max_lag)
        self.outbox: Outbox[tuple[float, Frame | str]] = Outbox(settings.send_queue)
        self._sending_since: float | None = None  # when the message being written was queued
        self.actor: TableActor | None = None
        self.audience: Audience = SPECTATOR
        self.token: str | None = None
        self.token_hash: str | None = None
        self.slow = asyncio.Event()
        self.flooded = False
        self._window = (0.0, 0)

    def send(self, message: Frame | str) -> None:
        """Queue a message; a full queue marks the client slow and ends the session."""
        if self.slow.is_set():
            return
        if isinstance(message, Ack | Clock) and self._fold(message):
            return
        try:
            self.outbox.put_nowait((time.monotonic(), message))
        except OutboxFull:
            log.warning("slow client on table %s disconnected", self.actor and self.actor.id)
            self.slow.set()

    def _fold(self, message: Ack | Clock) -> bool:
        """Put an ``ack`` or ``clock`` into the ``ev`` queued just before it and not yet
        written (contracts §4.1): one frame instead of two, the same order for the client
        (``ack`` before ``clock``, as the table sends them). False: send it on its own."""
        newest = self.outbox.newest
        if newest is None:
            return False
        queued, last = newest
        if not isinstance(last, Ev) or last.clock is not None:
            return False
        if isinstance(message, Ack):
            if message.id is None or last.ack is not None:
                return False
            folded = msgspec.structs.replace(last, ack=message.id)
        else:
            clock = ClockState(message.move, message.deadlines, message.bank, message.away)
            folded = msgspec.structs.replace(last, clock=clock)
        self.outbox.replace_newest((queued, folded))
        return True

    def seated(self, audience: Audience) -> None:
        """Called by the table's actor, the only judge of which seat this socket speaks for."""
        self.audience = audience
        seated = isinstance(audience, int) and self.token is not None
        self.token_hash = hash_token(self.token) if seated and self.token else None

    async def run(self) -> None:
        await self.ws.accept()
        tasks = [
            asyncio.create_task(self._receive()),
            asyncio.create_task(self._send()),
            asyncio.create_task(self.slow.wait()),
        ]
        self.lag_watch.add(self)
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.lag_watch.discard(self)
            for task in tasks:
                task.cancel()
            await self._unbind()
            if self.ws.client_state == WebSocketState.CONNECTED:
                code, reason = 1000, ""
                if self.slow.is_set():
                    code, reason = SLOW_CLIENT_CLOSE, "too slow"
                elif self.flooded:
                    code, reason = FLOOD_CLOSE, "too many messages"
                with contextlib.suppress(Exception):
                    await self.ws.close(code, reason)

    async def _send(self) -> None:
        while True:
            self._sending_since = None
            queued, message = await self.outbox.get()
            self._sending_since = queued
            await self.ws.send_text(message if isinstance(message, str) else encode(message))

    def lag(self, now: float) -> float:
        """Seconds the oldest message not yet written to the socket has waited."""
        oldest = self._sending_since
        if oldest is None and (waiting := self.outbox.oldest) is not None:
            oldest = waiting[0]
        return 0.0 if oldest is None else now - oldest

    async def _receive(self) -> None:
        while True:
            try:
                frame = await self.ws.receive()
            except WebSocketDisconnect:
                return
            if frame["type"] == "websocket.disconnect":
                return
            if not self._within_rate():
                log.warning("flooding client disconnected")
                self.flooded = True
                return
            raw = frame.get("text")
            raw = frame.get("bytes") if raw is None else raw
            try:
                await self.handle(parse_client(raw or "", self.settings.max_message))
            except WireError as exc:
                self.send(reject_msg(exc.code, str(exc), exc.id, exc.said))
            except Elsewhere as exc:  # cluster: another node owns the table
                await relay_socket(self, exc.table_id, exc.url, str(raw))
                return
            except ActorStopped:
                self.send(reject_msg("no_table", "the table is closed; reconnect", request_id(raw)))
            except Exception:  # a server bug must not end the session; the client is told
                log.exception("websocket message failed")
                self.send(reject_msg("error", "the server failed on this message", request_id(raw)))

    async def receive_text(self) -> str | None:
        """The next text frame (relay mode); None when the client has gone."""
        while True:
            try:
                frame = await self.ws.receive()
            except WebSocketDisconnect:
                return None
            if frame["type"] == "websocket.disconnect":
                return None
            if frame.get("text") is not None:
                return str(frame["text"])

    def _within_rate(self) -> bool:
        """At most ``settings.max_rate`` frames per second (a fixed one-second window)."""
        now = time.monotonic()
        start, count = self._window
        if now - start >= 1.0:
            start, count = now, 0
        self._window = (start, count + 1)
        return count < self.settings.max_rate

    async def handle(self, message: ClientMessage) -> None:
        if isinstance(message, Ping):
            self.send(Pong())
        elif isinstance(message, Hello):
            await self._hello(message)
        elif self.actor is None:
            raise WireError("send hello first", "unauthorized", getattr(message, "id", None))
        elif self.actor.stopped:
            raise WireError(
                "the table was closed; reconnect", "no_table", getattr(message, "id", None)
            )
        elif isinstance(message, Resync):
            self.actor.post(commands.Resync(self))
        elif isinstance(message, ChatLine):
            await self._chat(self.actor, message)
        elif isinstance(message, Ready):
            if isinstance(self.audience, int):  # a spectator's "ready" counts for nothing
                self.actor.post(commands.Ready(self.audience, self.token_hash))
        elif isinstance(message, BombClaim | Back):
            if not isinstance(self.audience, int):
                raise WireError("spectators cannot bomb; take a seat first", "unauthorized")
            command = commands.ClaimBomb if isinstance(message, BombClaim) else commands.Back
            self.actor.post(command(self.audience, self.token_hash))
        else:
            self._act(self.actor, message)

    async def _hello(self, hello: Hello) -> None:
        try:
            actor = await self.registry.get(hello.table)
        except AbandonedTable as exc:  # closed by a rules upgrade: say why
            raise WireError(str(exc), "no_table") from None
        except UnknownTable:
            raise WireError(f"no table {hello.table!r}", "no_table") from None
        token = hello.token
        if token is not None and clean_secret(token) is None:
            raise WireError("this token holds no seat at this table", "unauthorized")
        secret = clean_secret(hello.invite)
        seated = token is not None and actor.seats.for_token(token) is not None
        invited = actor.access.may_see(Credentials(owner=secret, invite=secret))
        if not (seated or invited or actor.sealed):  # a sealed table says why it refuses
            raise WireError(f"no table {hello.table!r}", "no_table")
        await self._unbind()
        self.actor, self.token = actor, token
        outcome = await actor.call(commands.Attach(self, token, hello.since, hello.chat_after))
        if isinstance(outcome, Refused):
            self.actor = None
            raise refused(outcome)

    async def _chat(self, actor: TableActor, line: ChatLine) -> None:
        """Rate-limited per address and per seat or spectator (``ops.limits.ChatLimiter``);
        the actor refuses a spectator signing with a seated player's name."""
        audience, address = self.audience, self.ws.client.host if self.ws.client else ""
        who = f"seat {audience}" if isinstance(audience, int) else f"spectator {address}"
        limiter: ChatLimiter = self.ws.app.state.chat_limiter
        refusal = limiter.refusal(address, f"{actor.id} {who}")
        if refusal is not None:
            raise WireError(refusal, "too_fast")
        outcome = await actor.call(commands.Say(audience, line.name, line.text, self.token_hash))
        if isinstance(outcome, Refused):
            raise refused(outcome)

    def _act(self, actor: TableActor, act: Act) -> None:
        seat = self.audience
        if not isinstance(seat, int):
            raise WireError("spectators cannot act; take a seat first", "unauthorized", act.id)
        send, id = self.send, act.id
        reply = lambda outcome: send(answer(outcome, id))  # noqa: E731
        actor.post(commands.Act(seat, act.text, self.token_hash, act.v, reply))

    async def _unbind(self) -> None:
        actor, self.actor = self.actor, None
        self.seated(SPECTATOR)
        if actor is not None and not actor.stopped:
            with contextlib.suppress(ActorStopped):
                await actor.call(commands.Detach(self))


async def websocket_endpoint(ws: WebSocket) -> None:
    """``/ws``: one session per connection."""
    state = ws.app.state
    registry: TableRegistry = state.registry
    settings: Settings = state.settings
    watch: LagWatch = state.lag_watch  # one per server (``create_app``)
    await Session(ws, registry, settings, watch).run()
