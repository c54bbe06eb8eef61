"""``TableActor``: the single writer of one table (one asyncio task, one inbox, one command at a
time).

For each command: parse → ``runner.propose`` → store the records (persist before broadcast; the
log's primary key fences a second writer) → ``runner.commit`` → project per audience (every
seat and the spectators) → numbered envelopes to the subscribed sessions, kept in a ring buffer
for catch-up. Seat changes go through the same inbox and are logged as ``seat`` records, so the
version counts every stored record. A game starts (first chance resolution) only when every
seat is held by a human or a bot; bots play through ``BotDriver``.

A seat change unbinds, inside the same command and before anything else is sent, every session
bound through the seat's old holder: it becomes a spectator (``unseated``, then a spectator
``welcome``), so nobody keeps a seat's private view after losing the seat. Who may change a
seat is ``access.Access``'s policy.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from cardroom.bots import SeatHistories, SeatView, bot_levels, owes_move
from cardroom.engine import SPECTATOR, Audience, Game
from cardroom.engine.chance import SecureResolver
from cardroom.engine.errors import IllegalActionError, InvalidNotationError, NotActiveError
from cardroom.engine.game import legal_texts
from cardroom.engine.runner import Runner, Transition, apply_record
from cardroom.i18n.narration import with_say
from cardroom.server.lobby.access import Access, Credentials, hash_token, matches
from cardroom.server.settings import Settings
from cardroom.server.table.bot_driver import BotDriver
from cardroom.server.table.crashpoints import crash_point
from cardroom.server.table.history import Chat, PublicHistory, ends_round
from cardroom.server.web.wire import WireError, ack, reject
from cardroom.storage import ChatRow, SeatRow, SeqConflict, StoredTable, TableStore, utc_now

log = logging.getLogger("cardroom.server.table.actor")

Json = dict[str, Any]
T = TypeVar("T")
Reply = Callable[[Json], None]
BOT_RETRY_DELAY = 1.0
NOBODY = Credentials()
SEATS_INTERVAL = 0.25
"""At most one ``seats`` broadcast per this many seconds; a burst of changes becomes one."""


class Subscriber(Protocol):
    """A session receiving a table's messages; ``send`` never blocks (it queues or drops)."""

    def send(self, message: Json) -> None: ...

    def seated(self, audience: Audience) -> None:
        """The actor bound the session to ``audience`` (a seat, or the spectators)."""
        ...


class LobbyError(ValueError):
    """A seat or table request that cannot be granted; ``status`` is the HTTP status."""

    def __init__(self, msg: str, status: int = 409) -> None:
        super().__init__(msg)
        self.status = status


class ActorStopped(RuntimeError):
    """The table's actor is no longer running (server shutdown or lost log ownership)."""


def audience_key(audience: Audience) -> str:
    """The ring buffer's key for an audience: ``"0"``, ``"1"``, … or ``"spectator"``."""
    return str(audience) if isinstance(audience, int) else "spectator"


def reject_code(exc: Exception) -> str:
    """The wire code for an engine error (contracts §4)."""
    if isinstance(exc, InvalidNotationError):
        return "notation"
    if isinstance(exc, NotActiveError):
        return "not_active"
    return "illegal"


_NOT_MEANING = frozenset({"decided", "active", "awaited", "calls", "hand_sizes"})
"""Observation keys whose change does not make a pending act stale (``_changed_since``)."""


@dataclass(frozen=True, slots=True)
class Version:
    """One stored record's result: the state after it and its events. Each audience's envelope
    is projected from it on first use and memoized, so nobody pays for audiences nobody watches
    (catch-up and late bots project on demand)."""

    v: int
    state: Any
    events: tuple[Any, ...]
    envelopes: dict[str, Json] = field(default_factory=dict)
    observations: dict[str, Json] = field(default_factory=dict)

    def observation(self, game: Game[Any, Any, Any], audience: Audience) -> Json:
        """The audience's observation alone: what a bot seat reads (nobody is sent its
        envelope, so its projected events are never built)."""
        key = audience_key(audience)
        if key in self.envelopes:
            obs: Json = self.envelopes[key]["obs"]
            return obs
        if key not in self.observations:
            self.observations[key] = game.observe(self.state, audience).to_json()
        return self.observations[key]

    def envelope(self, game: Game[Any, Any, Any], audience: Audience) -> Json:
        key = audience_key(audience)
        if key not in self.envelopes:
            events = [with_say(game.name, p.to_json()) for e in self.events
                      if (p := game.project(e, audience)) is not None]  # fmt: skip
            obs = self.observation(game, audience)
            self.envelopes[key] = {"t": "ev", "v": self.v, "events": events, "obs": obs}
        return self.envelopes[key]


_Job = tuple[Callable[[], Awaitable[Any]], "asyncio.Future[Any] | None"]


class TableActor:
    """One live table."""

    def __init__(
        self, stored: StoredTable, game: Game[Any, Any, Any], store: TableStore, settings: Settings
    ) -> None:
        self.id = stored.meta.id
        self.meta = stored.meta
        self.game = game
        self.store = store
        self.settings = settings
        self.config = game.config_from_json(stored.meta.config)
        self.num_seats = game.num_seats(self.config)
        self.runner: Runner[Any, Any, Any] = Runner(game, self.config)
        self.seats: list[SeatRow] = list(stored.seats)
        self.history = SeatHistories(game, self.num_seats)  # what each seat's bot is shown
        self.public = PublicHistory(game)  # what a (re)connecting page shows as the table log
        self.chat = Chat()
        self._deal_timer: asyncio.TimerHandle | None = None
        self.deal_at: float | None = None  # loop time of a paused next deal
        self.ready_seats: set[int] = set()  # humans who asked for the paused next deal
        self.ring: deque[Version] = deque(maxlen=settings.ring_size)
        self.subscribers: dict[Subscriber, Audience] = {}
        self.bots = BotDriver(game.name, settings.bot_delay)
        self.inbox: asyncio.Queue[_Job | None] = asyncio.Queue()
        self.stopped = False
        self._stopping = False
        self._timers: dict[int, tuple[int, asyncio.TimerHandle]] = {}
        self._seats_sent: list[Json] | None = None
        self._seats_at = 0.0
        self._seats_timer: asyncio.TimerHandle | None = None
        self.lobby_changes = 0  # counts changes of what the lobby shows (seats, online, status)
        self.touched = time.monotonic()  # the last seat change (or the load): open-table TTL
        for record in stored.records:
            state, events = apply_record(game, self.runner.state, record)
            self.runner.commit(Transition((record,), state, events))
            self.history.record(events)
            self.public.record(record.seq, events)
        for row in self.seats:
            if row.kind == "bot":
                self.bots.seat(row.seat, row.level or "random")
        self._task: asyncio.Task[None] | None = None

    # -- the actor loop ----------------------------------------------------------------
    def start(self) -> None:
        """Run the inbox; a restored running table resumes (pending chance, bot seats)."""
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")
        self.post(self._resume)

    async def _run(self) -> None:
        while not self._stopping and (job := await self.inbox.get()) is not None:
            fn, future = job
            try:
                result = await fn()
            except Exception as exc:
                if future is not None and not future.done():
                    future.set_exception(exc)
                if not isinstance(exc, LobbyError | WireError):
                    log.exception("table %s: command failed", self.id)
                if self._lost_ownership(exc):
                    break
            else:
                if future is not None and not future.done():
                    future.set_result(result)
        self._halt()

    def _lost_ownership(self, exc: Exception) -> bool:
        if isinstance(exc, SeqConflict):
            log.error("table %s: another writer owns the log; stopping this actor", self.id)
            return True
        return False

    def _halt(self) -> None:
        self.stopped = True
        self.bots.stop()
        for _, handle in self._timers.values():
            handle.cancel()
        if self._seats_timer is not None:
            self._seats_timer.cancel()
        if self._deal_timer is not None:
            self._deal_timer.cancel()
        while not self.inbox.empty():
            job = self.inbox.get_nowait()
            if job is not None and job[1] is not None and not job[1].done():
                job[1].set_exception(ActorStopped(f"table {self.id} is closed"))

    def post(self, fn: Callable[[], Awaitable[Any]]) -> None:
        """Queue a command without waiting for it."""
        if not self.stopped:
            self.inbox.put_nowait((fn, None))

    async def call(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Queue a command and wait for its result (or its exception)."""
        if self.stopped:
            raise ActorStopped(f"table {self.id} is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((fn, future))
        return await future

    async def stop(self) -> None:
        """Stop after the current command; queued commands fail with ``ActorStopped``."""
        if self._task is None or self._task.done():
            self._halt()
            return
        self._stopping = True
        self.inbox.put_nowait(None)  # wakes an idle loop
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    # -- derived views -------------------------------------------------------------------
    @property
    def version(self) -> int:
        return self.runner.version

    @property
    def status(self) -> str:
        return self.meta.status

    @property
    def access(self) -> Access:
        meta = self.meta
        return Access(meta.owner_hash, meta.invite_hash, meta.private, meta.hot_seat)

    def seats_json(self) -> list[Json]:
        online = {a for a in self.subscribers.values() if isinstance(a, int)}
        return [
            {"seat": r.seat, "name": r.name, "kind": r.kind, "level": r.level,
             "online": r.kind == "bot" or r.seat in online}
            for r in self.seats
        ]  # fmt: skip

    def summary(self) -> Json:
        """The lobby's view of this table (no hidden information)."""
        return {
            "id": self.id,
            "name": self.meta.name,
            "game": self.game.name,
            "options": self.meta.config,
            "status": self.status,
            "version": self.version,
            "num_seats": self.num_seats,
            "seats": self.seats_json(),
            "created_at": self.meta.created_at,
            "outcome": self.meta.outcome,
            "private": self.meta.private,
            "hot_seat": self.meta.hot_seat,
        }

    def seat_for_token(self, token: str | None) -> int | None:
        for row in self.seats:
            if matches(row.token_hash, token):
                return row.seat
        return None

    def observation(self, audience: Audience) -> Json:
        """The current observation (memoized with the last version: games can be slow here)."""
        if self.ring and self.ring[-1].v == self.version:
            return self.ring[-1].observation(self.game, audience)
        obs = self.game.observe(self.runner.state, audience).to_json()
        return obs

    def welcome(self, audience: Audience) -> Json:
        seat = audience if isinstance(audience, int) else None
        return {"t": "welcome", "v": self.version, "seat": seat, "table": self.id,
                "status": self.status, "obs": self.observation(audience),
                "seats": self.seats_json(), "history": self.public.to_json(),
                "chat": self.chat.to_json(), "next_deal_in": self.next_deal_in(),
                "turn_timeout": self.settings.turn_timeout}  # fmt: skip

    def next_deal_in(self) -> float | None:
        """Seconds until a paused next deal (the round summary's countdown), else None."""
        if self.deal_at is None:
            return None
        return max(0.0, round(self.deal_at - asyncio.get_running_loop().time(), 1))

    # -- sessions --------------------------------------------------------------------------
    async def attach(self, sub: Subscriber, token: str | None, since: int | None) -> None:
        """Subscribe ``sub`` as the seat ``token`` holds now (a spectator without one): the
        envelopes after ``since`` if the ring has them all, else a ``welcome`` snapshot; then
        the seat list (which also tells who is online). The token is checked here, in the
        actor, so that no seat change can slip between the check and the binding."""
        audience: Audience = SPECTATOR
        if token is not None:
            seat = self.seat_for_token(token)
            if seat is None:
                raise WireError("this token holds no seat at this table", "unauthorized")
            audience = seat
        self.subscribers[sub] = audience
        sub.seated(audience)
        missed = self._since(since, audience)
        if missed is None:
            sub.send(self.welcome(audience))
        for envelope in missed or ():
            sub.send(envelope)
        sub.send({"t": "seats", "seats": self.seats_json()})
        self._seats_changed()

    def _since(self, since: int | None, audience: Audience) -> list[Json] | None:
        if since is None or since > self.version or since < 0:
            return None
        if since == self.version:
            return []
        if not self.ring or self.ring[0].v > since + 1:
            return None
        return [e.envelope(self.game, audience) for e in self.ring if e.v > since]

    async def detach(self, sub: Subscriber) -> None:
        if self.subscribers.pop(sub, None) is not None:
            self._seats_changed()

    async def resync(self, sub: Subscriber) -> None:
        audience = self.subscribers.get(sub)
        if audience is not None:
            sub.send(self.welcome(audience))

    def _broadcast(self, message: Json) -> None:
        for sub in list(self.subscribers):
            sub.send(message)

    def _seats_changed(self) -> None:
        """Send the seat list soon, if it differs from the one last sent: a burst of hellos
        or seat changes costs every watcher at most one ``seats`` per ``SEATS_INTERVAL``."""
        self.lobby_changes += 1
        if self._seats_timer is not None or self.stopped:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self._seats_at + SEATS_INTERVAL - loop.time())
        self._seats_timer = loop.call_later(delay, self._post_seats)

    def _post_seats(self) -> None:
        self._seats_timer = None
        self.post(self._flush_seats)

    async def _flush_seats(self) -> None:
        seats = self.seats_json()
        if seats != self._seats_sent:
            self._seats_sent, self._seats_at = seats, asyncio.get_running_loop().time()
            self._broadcast({"t": "seats", "seats": seats})

    def _unseat(self, seat: int, reason: str) -> None:
        """Every session bound to ``seat`` becomes a spectator, told so before any later
        message (the seat has a new holder, or none)."""
        for sub, audience in list(self.subscribers.items()):
            if audience == seat:
                self.subscribers[sub] = SPECTATOR
                sub.seated(SPECTATOR)
                sub.send({"t": "unseated", "seat": seat, "reason": reason})
                sub.send(self.welcome(SPECTATOR))

    # -- actions ---------------------------------------------------------------------------
    async def submit(
        self,
        seat: int,
        text: str,
        reply: Reply,
        id: int | None,
        token_hash: str | None,
        seen: int | None = None,
    ) -> bool:
        """Check and apply one action of ``seat``; ``ack`` or ``reject`` to ``reply``. ``seen``
        is the version the player acted on (None: not checked)."""
        row = self.seats[seat]
        if token_hash is not None and row.token_hash != token_hash:
            reply(reject("unauthorized", f"seat {seat} is no longer yours", id))
            return False
        if self.status != "running":
            reply(reject("not_active", f"the game is {self.status}, not running", id))
            return False
        if seen is not None and seen < self.version and self._changed_since(seen, seat):
            msg = f"the table changed since version {seen} (now {self.version}); look again"
            reply(reject("stale", msg, id))
            return False
        try:
            transition = self._propose(seat, text, at=utc_now())
        except (IllegalActionError, InvalidNotationError) as exc:
            reply(reject(reject_code(exc), str(exc)[:300], id))
            return False
        try:
            await self._persist_and_publish(transition, after=lambda: reply(ack(id)))
        except Exception:
            reply(reject("error", "the server could not store this action; try again", id))
            raise
        return True

    def _propose(self, seat: int, action: Any, **kw: Any) -> Transition[Any]:
        """``runner.propose``, but a step that ends a round leaves the next deal for later
        (``settings.round_pause`` seconds), so players can read the round's summary."""
        resolver, self.runner.resolver = self.runner.resolver, None
        try:
            step = self.runner.propose(seat, action, **kw)
        finally:
            self.runner.resolver = resolver
        if self.settings.round_pause > 0 and ends_round(step.events):
            return step
        chance = self.runner.propose_chance(step.state, step.records[-1].seq + 1)
        return Transition((*step.records, *chance.records), chance.state,
                          step.events + chance.events)  # fmt: skip

    def _pause_before_deal(self) -> None:
        """After a round's end: deal the next one in ``settings.round_pause`` seconds."""
        if self._deal_timer is not None or self.game.pending_chance(self.runner.state) is None:
            return
        loop = asyncio.get_running_loop()
        pause = self.settings.round_pause
        self.deal_at = loop.time() + pause
        self._deal_timer = loop.call_later(pause, lambda: self.post(self._deal))
        self.ready_seats = set()
        self._broadcast({"t": "pause", "seconds": pause})

    async def ready(self, seat: int) -> None:
        """``seat`` has read the summary; once every human seat has, the next deal comes now."""
        if self._deal_timer is None or self.seats[seat].kind != "human":
            return
        self.ready_seats.add(seat)
        humans = {r.seat for r in self.seats if r.kind == "human"}
        self._broadcast({"t": "ready", "seats": sorted(self.ready_seats)})
        if humans <= self.ready_seats:
            self._deal_timer.cancel()
            await self._deal()

    async def _deal(self) -> None:
        self._deal_timer, self.deal_at = None, None
        self.ready_seats = set()
        if self.status == "running" and not self.stopped:
            await self._persist_and_publish(self.runner.propose_chance())

    async def say(self, audience: Audience, name: str | None, text: str) -> None:
        """Broadcast a chat line; a seat signs with its seat's name, a spectator as it likes."""
        if isinstance(audience, int):
            name = self.seats[audience].name or f"seat {audience}"
        row = ChatRow(audience if isinstance(audience, int) else None, name or "spectator",
                      text, utc_now())  # fmt: skip
        await self.store.add_chat(self.id, row)
        self._broadcast(self.chat.add(row))

    def _changed_since(self, seen: int, seat: int) -> bool:
        """Whether ``seat``'s view of the table changed after version ``seen`` in a way that
        can change what an action means (a bomb or knock must land on the trick the player
        saw). Others' simultaneous decisions (``decided``, ``active``, ``awaited``) and calls
        do not count; a version no longer held counts as changed."""
        then = next((e for e in self.ring if e.v == seen), None)
        if then is None:
            return True
        old = then.observation(self.game, seat)
        new = self.observation(seat)
        return any(old.get(k) != new.get(k) for k in new.keys() - _NOT_MEANING)

    async def _persist_and_publish(
        self, transition: Transition[Any], after: Callable[[], None] | None = None
    ) -> None:
        records = transition.records
        if not records:
            return
        if not all(r.at for r in records):  # stamp the unstamped (chance, seat records) once
            now = utc_now()
            records = tuple(r if r.at else replace(r, at=now) for r in records)
        await self.store.append(self.id, records)
        if len(records) == 1:
            steps = [Transition(records, transition.state, transition.events)]
        else:  # one envelope per record: re-fold so each carries its own events and state
            steps, state = [], self.runner.state
            for record in records:
                state, events = apply_record(self.game, state, record)
                steps.append(Transition((record,), state, events))
        for step in steps:
            self.runner.commit(step)
        if self.game.is_terminal(self.runner.state) and self.status != "finished":
            await self._finish()
        for step in steps:
            self._publish(step)
        if after is not None:  # after the envelopes: an acked client already has the new state
            after()
        if self.status == "running":
            self._pause_before_deal()
        self._schedule_bots()

    def _publish(self, step: Transition[Any]) -> None:
        version = Version(step.records[-1].seq, step.state, step.events)
        if self.ring:  # bots read only the newest observations; envelopes keep theirs
            self.ring[-1].observations.clear()
        self.ring.append(version)
        self.history.record(step.events)
        self.public.record(version.v, step.events)
        for sub, audience in list(self.subscribers.items()):
            sub.send(version.envelope(self.game, audience))

    async def _finish(self) -> None:
        outcome = self.game.outcome(self.runner.state)
        data = outcome.to_json() if outcome is not None else {}
        at = utc_now()
        crash_point("finish.store")
        await self.store.finish(self.id, data, at)
        self.meta = replace(self.meta, status="finished", outcome=data, finished_at=at)
        self.lobby_changes += 1
        log.info("table %s finished at version %d: %s", self.id, self.version, data)

    # -- start, resume and bots --------------------------------------------------------------
    async def _resume(self) -> None:
        """The status is derived from the log, since a crash can fall between a step and its
        status change: a log that ends the game finishes the table, a full open table starts.
        The chat kept with the table comes back first, before any page is welcomed."""
        for row in await self.store.chat(self.id, self.chat.size):
            self.chat.add(row)
        if self.status != "finished" and self.game.is_terminal(self.runner.state):
            await self._finish()
        elif self.status == "open":
            await self._maybe_start()
        elif self.status == "running" and self._deal_timer is None:
            self.runner.resolver = SecureResolver()
            await self._persist_and_publish(self.runner.propose_chance())
        self._schedule_bots()

    async def _maybe_start(self) -> None:
        if self.status != "open" or any(r.kind == "empty" for r in self.seats):
            return
        crash_point("start.status")
        await self.store.set_status(self.id, "running")
        self.meta = replace(self.meta, status="running")
        self.lobby_changes += 1
        log.info("table %s (%s) started", self.id, self.game.name)
        crash_point("start.deal")
        self.runner.resolver = SecureResolver()
        await self._persist_and_publish(self.runner.propose_chance())

    def _schedule_bots(self) -> None:
        if self.status != "running" or self.stopped:
            return
        self._arm_turn_timers()
        state, game = self.runner.state, self.game
        self.bots.schedule(
            self.version,
            game.active_seats(state),
            lambda seat: (self.version, self.observation(seat), self.history[seat]),
            self._post_bot_answer,
            game.awaited(state),
            lambda seat: legal_texts(game, state, seat),
        )

    def _post_bot_answer(self, seat: int, text: str, seen: int) -> None:
        self.post(lambda: self._bot_answer(seat, text, seen))

    async def _bot_answer(self, seat: int, text: str, seen: int) -> None:
        self.bots.done(seat)
        try:
            if text and self.seats[seat].kind == "bot":
                accepted = await self.submit(seat, text, self._bot_reply(seat), None, None)
                active = self.game.active_seats(self.runner.state)
                if not accepted and seen == self.version and seat in active:
                    log.warning("table %s: bot at seat %d plays its default", self.id, seat)
                    await self._default_action(seat)
        except Exception:  # e.g. the store is unreachable: think again in a while
            loop = asyncio.get_running_loop()
            loop.call_later(BOT_RETRY_DELAY, lambda: self.post(lambda: self._bot_retry(seat)))
            raise
        self._schedule_bots()

    async def _bot_retry(self, seat: int) -> None:
        self.bots.forget(seat)
        self._schedule_bots()

    def _arm_turn_timers(self) -> None:
        """With ``settings.turn_timeout``: a human who owes a move gets that long before the
        game's default action is played for it (a ``timeout`` record), so nobody can stall a
        table by walking away."""
        timeout = self.settings.turn_timeout
        if timeout <= 0:
            return
        version, loop = self.version, asyncio.get_running_loop()
        for row in self.seats:
            armed = self._timers.get(row.seat)
            if armed is not None and armed[0] == version:
                continue
            if armed is not None:
                armed[1].cancel()
                del self._timers[row.seat]
            view = SeatView(self.game.name, row.seat, self.observation(row.seat))
            if row.kind == "human" and owes_move(view):
                handle = loop.call_later(timeout, self._post_timeout, row.seat, version)
                self._timers[row.seat] = (version, handle)

    def _post_timeout(self, seat: int, version: int) -> None:
        self.post(lambda: self._turn_timeout(seat, version))

    async def _turn_timeout(self, seat: int, version: int) -> None:
        if version != self.version or self.seats[seat].kind != "human" or self.stopped:
            return
        log.info("table %s: seat %d timed out at version %d", self.id, seat, version)
        await self._default_action(seat)

    def _bot_reply(self, seat: int) -> Reply:
        def reply(message: Json) -> None:
            if message["t"] == "reject":
                log.debug("table %s: bot at seat %d rejected: %s", self.id, seat, message["msg"])

        return reply

    async def _default_action(self, seat: int) -> None:
        """Play the game's default action for ``seat`` (a timed-out human, or a bot whose
        answer was refused for the very state it saw)."""
        action = self.game.default_action(self.runner.state, seat)
        transition = self._propose(seat, action, kind="timeout", auto=True, at=utc_now())
        await self._persist_and_publish(transition)

    # -- seats -----------------------------------------------------------------------------
    def _check_seat(self, seat: int) -> SeatRow:
        if not 0 <= seat < self.num_seats:
            raise LobbyError(f"seat must be 0..{self.num_seats - 1}", 400)
        if self.status == "finished":
            raise LobbyError("the table is finished")
        return self.seats[seat]

    async def _set_seat(self, row: SeatRow, text: str, reason: str) -> None:
        await self.store.set_seat(self.id, row)
        self.seats[row.seat] = row
        self._unseat(row.seat, reason)
        self.touched = time.monotonic()
        self.bots.seat(row.seat, row.level if row.kind == "bot" else None)
        await self._persist_and_publish(self.runner.propose_seat_change(row.seat, text))
        self._seats_changed()
        await self._maybe_start()
        self._schedule_bots()

    def _check_seater(self, row: SeatRow, who: Credentials) -> None:
        """May ``who`` sit in ``row``? (``access`` module: the policy.)"""
        if row.kind == "human":
            raise LobbyError(f"seat {row.seat} is taken by {row.name}")
        public_empty = row.kind == "empty" and self.status == "open" and not self.meta.private
        if not public_empty and not self.access.is_invited(who):
            why = (
                "this table is private" if self.meta.private
                else f"seat {row.seat} is a bot's seat" if row.kind == "bot"
                else "the game is running"
            )  # fmt: skip
            raise LobbyError(f"{why}: taking a seat needs the table's invite link", 403)
        held = [r.seat for r in self.seats if r.kind == "human" and r.guest_hash is not None
                and r.guest_hash == who.guest]  # fmt: skip
        if held and not self.meta.hot_seat:
            raise LobbyError(
                f"you already hold seat {held[0]} at this table: one seat per guest "
                "(a table created with hot_seat allows more)"
            )

    async def take_seat(self, seat: int, name: str, who: Credentials = NOBODY) -> str:
        """Seat a human guest (in an empty seat or replacing a bot); returns its secret token."""
        row = self._check_seat(seat)
        self._check_seater(row, who)
        token = secrets.token_urlsafe(24)
        human = SeatRow(seat, "human", name, None, hash_token(token), who.guest)
        await self._set_seat(human, f"human {name}", f"{name} took the seat")
        return token

    async def seat_bot(
        self, seat: int, level: str, who: Credentials = NOBODY, token: str | None = None
    ) -> None:
        """Put a bot in a seat or change a bot's level: the owner's right; a seated human may
        also hand its own seat to a bot."""
        row = self._check_seat(seat)
        levels = bot_levels(self.game.name)
        if level not in levels:
            raise LobbyError(f"unknown bot level {level!r}; choose from: {', '.join(levels)}", 400)
        own = row.kind == "human" and self.seat_for_token(token) == seat
        if row.kind == "human" and not (own or self.access.is_owner(who)):
            raise LobbyError(f"seat {seat} is taken by {row.name}")
        if row.kind != "human" and not self.access.is_owner(who):
            raise LobbyError("only the table's owner may put in or change a bot", 403)
        reason = "you handed the seat to a bot" if own else "the table's owner put a bot in"
        await self._set_seat(SeatRow(seat, "bot", f"bot ({level})", level), f"bot {level}", reason)

    async def leave(self, seat: int, token: str | None, who: Credentials = NOBODY) -> Json:
        """Free a seat: a human with its token (or the owner: a kick), a bot by the owner. In a
        running game a bot takes over a human's seat."""
        row = self._check_seat(seat)
        if row.kind == "empty":
            raise LobbyError(f"seat {seat} is empty")
        own = row.kind == "human" and self.seat_for_token(token) == seat
        owner = self.access.is_owner(who)
        if row.kind == "human" and not (own or owner):
            raise LobbyError("only the seat's own token (or the table's owner) can free it", 403)
        if row.kind == "bot" and not owner:
            raise LobbyError("only the table's owner can remove a bot", 403)
        reason = "you left the seat" if own else "the table's owner freed the seat"
        if self.status == "running":
            if row.kind == "bot":
                raise LobbyError("a running game's bot seat can only be taken by a human")
            levels = bot_levels(self.game.name)
            level = self.settings.takeover_level
            level = level if level in levels else "random"
            bot = SeatRow(seat, "bot", f"bot ({level})", level)
            await self._set_seat(bot, f"bot {level}", reason)
            return {"seat": seat, "kind": "bot", "level": level}
        await self._set_seat(SeatRow(seat), "empty", reason)
        return {"seat": seat, "kind": "empty"}
