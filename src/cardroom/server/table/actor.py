"""``TableActor``: the single writer of one table (one asyncio task, one inbox, one command at a
time).

The inbox holds typed commands (``commands``); ``handle`` dispatches on their type. For an
``Act``: check → ``runner.propose`` → store the records (persist before broadcast; the log's
primary key fences a second writer) → ``runner.commit`` → project per audience (every seat and
the spectators) → numbered envelopes to the subscribed sessions, kept in a ring buffer for
catch-up → the ``Outcome`` to whoever asked (the web layer encodes it). Seat changes go through
the same inbox and are logged as ``seat`` records, so the version counts every stored record. A
game starts (first chance resolution) only when every seat is held by a human or a bot; bots
play through ``BotDriver``.

A seat change unbinds, inside the same command and before anything else is sent, every session
bound through the seat's old holder: it becomes a spectator (``unseated``, then a spectator
``welcome``), so nobody keeps a seat's private view after losing the seat; and the seat's new
holder gets its past only from the version it took the seat (``holders``). Who may change a
seat is ``seats.Seats``'s policy.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Protocol, TypeVar

import msgspec

from cardroom.bots import SeatHistories, SeatView, bomb_actions, owes_move
from cardroom.bots.registry import bot_levels
from cardroom.bots.timeout import timeout_action
from cardroom.engine import SPECTATOR, Audience, Game
from cardroom.engine import message as said
from cardroom.engine.chance import ChanceResolver, SecureResolver
from cardroom.engine.errors import IllegalActionError, InvalidNotationError, NotActiveError
from cardroom.engine.game import legal_texts
from cardroom.engine.record import LogRecord
from cardroom.engine.runner import Runner, Transition, apply_record
from cardroom.server.lobby.access import Access
from cardroom.server.lobby.names import same_name
from cardroom.server.settings import Settings
from cardroom.server.table.bot_driver import BotDriver
from cardroom.server.table.bot_pool import BotPool
from cardroom.server.table.chat import ChatLog, signed
from cardroom.server.table.clock import ClockRules, TurnClock
from cardroom.server.table.commands import (
    Act,
    Attach,
    Back,
    BotAnswer,
    BotRetry,
    ClaimBomb,
    ClockOut,
    Close,
    Command,
    Deal,
    Detach,
    FlushSeats,
    HoldOver,
    Leave,
    Ready,
    Rematch,
    Resume,
    Resync,
    Say,
    SetBot,
    TakeSeat,
)
from cardroom.server.table.crashpoints import crash_point
from cardroom.server.table.frames import (
    Clock,
    ClockState,
    Ev,
    Frame,
    Hold,
    Pause,
    ReadySeats,
    SeatInfo,
    SeatList,
    Unseated,
    Welcome,
)
from cardroom.server.table.frames import Rematch as RematchFrame
from cardroom.server.table.history import PublicHistory
from cardroom.server.table.holders import Holders, round_of
from cardroom.server.table.notation import parsed_actions
from cardroom.server.table.outcomes import (
    NOT_MEANING,
    Accepted,
    ActorStopped,
    LobbyCode,
    LobbyError,
    Outcome,
    Problem,
    Refusal,
    Refused,
)
from cardroom.server.table.seats import SeatChange, Seats
from cardroom.server.table.subscriber import Subscriber
from cardroom.server.table.timers import DealPause
from cardroom.server.table.versions import Version
from cardroom.storage import SeatRow, SeqConflict, StoredTable, TableMeta, TableStore, utc_now

log = logging.getLogger("cardroom.server.table.actor")

Json = dict[str, Any]
T = TypeVar("T")
BOT_RETRY_DELAY = 1.0
MAX_TIMEOUT_MOVES = 8
"""At most this many moves for one timeout (Tichu's exchange is three, one per other seat)."""
SEATS_INTERVAL = 0.25
"""At most one ``seats`` broadcast per this many seconds; a burst of changes becomes one."""


DealSource = Callable[[Sequence[LogRecord]], ChanceResolver]
"""A table's chance resolver, given its log so far (a resumed table's boards go on from it)."""


def secure_deal(records: Sequence[LogRecord]) -> ChanceResolver:
    """Live tables: unpredictable deals (``secrets``)."""
    return SecureResolver()


def not_yours(seat: int) -> Refused:
    """A token's seat that another holder took (the seat named as people count it)."""
    yours = said.message("refusal.table.not_yours", who=said.seat(seat))
    return Refused(Refusal.NOT_YOURS, f"seat {seat} is no longer yours", yours)


def refusal_for(exc: Exception) -> Refusal:
    """The refusal an engine error means."""
    if isinstance(exc, InvalidNotationError):
        return Refusal.NOTATION
    if isinstance(exc, NotActiveError):
        return Refusal.NOT_ACTIVE
    return Refusal.ILLEGAL


class MatchResults(Protocol):
    """Told when a match ends (``server/players/results.py``: history and ratings)."""

    async def finished(self, meta: TableMeta, seats: tuple[SeatRow, ...]) -> None: ...


@dataclass(frozen=True, slots=True)
class BombHold:
    """A Bomb press being honoured: ``seat`` plays one of ``bombs`` next (held at ``version``)."""

    seat: int
    bombs: tuple[str, ...]
    version: int
    timer: asyncio.TimerHandle


_Job = tuple[Command[Any], "asyncio.Future[Any] | None"]


class TableActor:
    """One live table."""

    def __init__(
        self,
        stored: StoredTable,
        game: Game[Any, Any, Any],
        store: TableStore,
        settings: Settings,
        pool: BotPool,
    ) -> None:
        self.id = stored.meta.id
        self.meta = stored.meta
        self.game = game
        self.store = store
        self.settings = settings
        self.config = game.config_from_json(stored.meta.config)
        self.num_seats = game.num_seats(self.config)
        self.runner: Runner[Any, Any, Any] = Runner(game, self.config)
        self.parse = parsed_actions(game)  # action texts, parsed once for every table
        self.seats = Seats(stored.seats, game.name)
        self.results: MatchResults | None = None  # told when the match ends
        self.history = SeatHistories(game, self.num_seats)  # what each seat's bot is shown
        self.public = PublicHistory(game)  # what a (re)connecting page shows as the table log
        self.holders = Holders()  # since when each seat's holder holds it
        self.chat = ChatLog()
        self.pause = DealPause()
        self.clock = TurnClock(self._clock_rules(), self.num_seats)
        self._clock_timers: dict[int, tuple[float, asyncio.TimerHandle]] = {}
        self._clock_sent: tuple[list[tuple[int, float]], list[float], list[int]] | None = None
        self._clock_looked = -1  # ``clock.changes`` when ``_send_clock`` last compared
        self.hold: BombHold | None = None  # a seat pressed Bomb: the table waits for its bomb
        self.rng = random.Random(secrets.randbits(64))  # the timed-out seats' moves
        self.ring: deque[Version] = deque(maxlen=settings.ring_size)
        self.subscribers: dict[Subscriber, Audience] = {}
        self.bots = self._bot_driver(pool)
        self.inbox: asyncio.Queue[_Job | None] = asyncio.Queue()
        self.stopped = False
        self._stopping = False
        self._seats_sent: list[SeatInfo] | None = None
        self._seats_at = 0.0
        self._seats_timer: asyncio.TimerHandle | None = None
        self.deal: DealSource = secure_deal
        """Who answers the table's chance: unpredictable, or a duplicate table's fixed boards."""
        self.sealed = False
        """A duplicate table: seated players only (a spectator would see boards early)."""
        self.lobby_changes = 0  # counts changes of what the lobby shows (seats, online, status)
        self.now: Callable[[], float] = time.monotonic  # the registry's (a bench's) time
        self.touched = self.now()  # the last seat change (or the load): open-table TTL
        self.next_table: tuple[str, str] | None = None  # the rematch's id and invite secret
        for record in stored.records:
            state, events = apply_record(game, self.runner.state, record)
            self.runner.commit(Transition((record,), state, events))
            self.history.record(events)
            self.public.record(record.seq, events)
            self.holders.record(record, partial(self._round, state))
        for row in self.seats:
            if row.kind == "bot":
                self.bots.seat(row.seat, row.level or "random")
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def seal(self, deal: DealSource) -> None:
        """Deal from ``deal`` (a duplicate table's boards) and admit seated players only."""
        self.deal, self.sealed = deal, True

    # -- the actor loop ----------------------------------------------------------------
    def start(self) -> None:
        """Run the inbox; a restored running table resumes (pending chance, bot seats)."""
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")
        self.post(Resume())

    async def _run(self) -> None:
        while not self._stopping and (job := await self.inbox.get()) is not None:
            command, future = job
            try:
                result = await self.handle(command)
            except Exception as exc:
                if future is not None and not future.done():
                    future.set_exception(exc)
                if not isinstance(exc, LobbyError):
                    log.exception("table %s: %s failed", self.id, type(command).__name__)
                if self._lost_ownership(exc):
                    break
            else:
                if future is not None and not future.done():
                    future.set_result(result)
        self._halt()

    async def handle(self, command: Command[Any]) -> Any:
        """Run one command (only ever from the loop: one at a time)."""
        match command:
            case Act():
                return await self._act(command)
            case Attach():
                return self._attach(command.sub, command.token, command.since, command.chat_after)
            case Detach():
                if self.subscribers.pop(command.sub, None) is not None:
                    self._seats_changed()
            case Resync():
                audience = self.subscribers.get(command.sub)
                if audience is not None:
                    command.sub.send(self.welcome(audience))
            case Ready() | ClaimBomb() | Back() if not self._holds(
                command.seat, command.token_hash
            ):
                pass  # sent for a seat its session has lost since (it was told)
            case Say():
                return await self._say(command)
            case Rematch():
                return await self._rematch(command.make)
            case Close():
                await self._close(command.reason)
            case Ready():
                await self._ready(command.seat)
            case TakeSeat() | SetBot() | Leave():
                return await self._change_seat(command)
            case Resume():
                await self._resume()
            case Deal():
                await self._deal()
            case FlushSeats():
                self._flush_seats()
            case BotAnswer():
                await self._bot_answer(command.seat, command.text, command.seen)
            case BotRetry():
                self.bots.forget(command.seat)
                self._schedule_bots()
            case ClockOut():
                await self._clock_out(command.seat, command.since)
            case ClaimBomb():
                await self._claim_bomb(command.seat)
            case HoldOver():
                await self._hold_over(command.seat, command.version)
            case Back():
                self._back(command.seat)
            case _:
                raise TypeError(f"not a table command: {command!r}")
        return None

    def _lost_ownership(self, exc: Exception) -> bool:
        if isinstance(exc, SeqConflict):
            log.error("table %s: another writer owns the log; stopping this actor", self.id)
            return True
        return False

    def _halt(self) -> None:
        self.stopped = True
        self.bots.stop()
        for _, handle in self._clock_timers.values():
            handle.cancel()
        if self.hold is not None:
            self.hold.timer.cancel()
        if self._seats_timer is not None:
            self._seats_timer.cancel()
        self.pause.cancel()
        while not self.inbox.empty():
            job = self.inbox.get_nowait()
            if job is not None and job[1] is not None and not job[1].done():
                job[1].set_exception(ActorStopped(f"table {self.id} is closed"))

    def post(self, command: Command[Any]) -> None:
        """Queue a command without waiting for it."""
        if not self.stopped:
            self.inbox.put_nowait((command, None))

    async def call(self, command: Command[T]) -> T:
        """Queue a command and wait for its result (or its exception)."""
        if self.stopped:
            raise ActorStopped(f"table {self.id} is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((command, future))
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
        return Access(meta.owner_hash, meta.invite_hash, meta.private, meta.hot_seat, meta.rated)

    def seat_infos(self) -> list[SeatInfo]:
        online = {a for a in self.subscribers.values() if isinstance(a, int)}
        away = self.clock.away
        return [msgspec.structs.replace(i, away=True) if i.seat in away else i
                for i in self.seats.infos(online)]  # fmt: skip

    def seats_json(self) -> list[Json]:
        return [msgspec.to_builtins(info) for info in self.seat_infos()]

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
            "hints": self.meta.hints,
            "rated": self.meta.rated,
            "clock": {"move": self.clock.rules.move, "bank": self.clock.rules.bank},
            "pace": self.meta.pace,
        }

    def observation(self, audience: Audience) -> Json:
        """The current observation (memoized with the last version: games can be slow here)."""
        if self.ring and self.ring[-1].v == self.version:
            return self.ring[-1].observation(self.game, audience)
        obs = self.game.observe(self.runner.state, audience).to_json()
        return obs

    def _round(self, state: Any) -> int:
        return round_of(self.game.observe(state, SPECTATOR).to_json())

    def welcome(self, audience: Audience) -> Welcome:
        seat = audience if isinstance(audience, int) else None
        status: Any = self.status  # one of Welcome's literals
        return Welcome(
            self.version, seat, self.id, status, self.observation(audience), self.seat_infos(),
            self.public.to_json(), self.chat.recent(), self.pause.next_deal_in(),
            self.clock.rules.move, self._clock_state(),
            None if self.hold is None else self.hold.seat,
        )  # fmt: skip

    # -- sessions --------------------------------------------------------------------------
    def _attach(
        self, sub: Subscriber, token: str | None, since: int | None, chat_after: str | None = None
    ) -> Outcome[None]:
        """Subscribe ``sub`` as the seat ``token`` holds now (a spectator without one): the
        envelopes after ``since`` if the ring has them all, else a ``welcome`` snapshot; then
        the seat list (which also tells who is online). After envelopes, what a welcome would
        have told and they do not: the clock, the pause before the next deal and a bomb hold as
        they stand (the frames sent while the client was away are lost to it; a hold begins
        without a new version) and the chat lines said after ``chat_after``; after a welcome,
        who is ready for the next deal. The token is checked here, in the actor, so that no
        seat change can slip between the check and the binding."""
        audience: Audience = SPECTATOR
        if token is None and self.sealed:
            return Refused(Refusal.NOT_YOURS, "this table has no spectators (its deals are secret)")
        if token is not None:
            seat = self.seats.for_token(token)
            if seat is None:
                return Refused(Refusal.NOT_YOURS, "this token holds no seat at this table")
            audience = seat
        self.subscribers[sub] = audience
        sub.seated(audience)
        missed = self._since(since, audience)
        if missed is None:
            sub.send(self.welcome(audience))
        for envelope in missed or ():
            sub.send(envelope)
        for frame in self._standing(welcomed=missed is None):
            sub.send(frame)
        if missed is not None:
            for line in self.chat.after(chat_after):
                sub.send(line)
        sub.send(SeatList(self.seat_infos()))
        self._seats_changed()
        return Accepted(None)

    def _standing(self, welcomed: bool) -> list[Frame]:
        """The table's timers as they stand, as the frames that told of each change: the clock,
        the pause before the next deal with its seconds left, the seats ready for that deal, a
        seat's bomb hold. A ``welcome`` carries all but who is ready itself."""
        frames: list[Frame] = []
        if not welcomed and (clock := self._clock_json()) is not None:
            frames.append(msgspec.convert(clock, Clock))
        if self.pause.waiting:
            if not welcomed and (seconds := self.pause.next_deal_in()) is not None:
                frames.append(Pause(seconds))
            if self.pause.ready_seats:
                frames.append(ReadySeats(sorted(self.pause.ready_seats)))
        if self.hold is not None and not welcomed:
            frames.append(Hold(self.hold.seat))
        return frames

    def _since(self, since: int | None, audience: Audience) -> list[Ev] | None:
        """The envelopes after ``since``, or None for a ``welcome``: also when a seat's holder
        asks from before it took the seat (they would show the seat's cards of then)."""
        if since is None or since > self.version or since < 0:
            return None
        if isinstance(audience, int) and since < self.holders.since(audience):
            return None
        if since == self.version:
            return []
        if not self.ring or self.ring[0].v > since + 1:
            return None
        return [e.envelope(self.game, audience) for e in self.ring if e.v > since]

    def _broadcast(self, message: Frame) -> None:
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
        # the timer counts as pending until the flush is handled: a change while the flush
        # waits in the inbox (a busy table) is sent by it, not by a second list at once
        self.post(FlushSeats())

    def _flush_seats(self) -> None:
        self._seats_timer = None
        seats = self.seat_infos()
        if seats != self._seats_sent:
            self._seats_sent, self._seats_at = seats, asyncio.get_running_loop().time()
            self._broadcast(SeatList(seats))

    def _unseat(self, seat: int, reason: str) -> None:
        """Every session bound to ``seat`` becomes a spectator, told so before any later
        message (the seat has a new holder, or none)."""
        for sub, audience in list(self.subscribers.items()):
            if audience == seat:
                self.subscribers[sub] = SPECTATOR
                sub.seated(SPECTATOR)
                sub.send(Unseated(seat, reason))
                sub.send(self.welcome(SPECTATOR))

    # -- actions ---------------------------------------------------------------------------
    async def _act(self, act: Act) -> Outcome[None]:
        outcome = await self._submit(act)
        if isinstance(outcome, Refused) and act.reply is not None:
            act.reply(outcome)
        return outcome

    async def _submit(self, act: Act) -> Outcome[None]:
        """Check and apply one action; ``act.reply`` hears an acceptance right after the new
        state is sent."""
        seat, seen = act.seat, act.seen
        if not self._holds(seat, act.token_hash):
            return not_yours(seat)
        if self.status != "running":
            return Refused(Refusal.NOT_RUNNING, f"the game is {self.status}, not running")
        if seen is not None and seen < self.version and self._changed_since(seen, seat):
            msg = f"the table changed since version {seen} (now {self.version}); look again"
            return Refused(Refusal.STALE, msg)
        hold = self.hold
        if hold is not None and (seat != hold.seat or act.text not in hold.bombs):
            if seat == hold.seat:
                return Refused(Refusal.ILLEGAL, "you pressed Bomb: play one of your bombs")
            bombing = said.message("refusal.table.bombing", who=said.seat(hold.seat))
            return Refused(
                Refusal.ILLEGAL, f"seat {hold.seat} is bombing: the table waits for it", bombing
            )
        try:
            transition = self._propose(seat, act.text, at=utc_now())
        except (IllegalActionError, InvalidNotationError) as exc:
            return Refused(refusal_for(exc), str(exc), exc.said)
        if act.token_hash is not None:  # the player itself (not a bot, not its clock)
            self._back(seat, tell=False)
        if self.clock.rules.on:  # its move is made: the next one it owes starts afresh (the
            self.clock.moved(seat, self._running().time())  # last Grand call, then the exchange)
        if hold is not None:
            self._end_hold()
        reply = act.reply
        after = None if reply is None else (lambda: reply(Accepted(None)))
        try:
            await self._persist_and_publish(transition, after=after)
        except Exception:
            if reply is not None:
                reply(
                    Refused(Refusal.NOT_STORED, "the server could not store this action; try again")
                )
            raise
        return Accepted(None)

    def _holds(self, seat: int, token_hash: str | None) -> bool:
        """Whether the session that sent a command for ``seat`` through ``token_hash`` (None:
        not checked: a bot, the clock) still holds it: the seat may have changed hands while
        the command waited, and nobody acts, bombs or speaks for its new holder."""
        return token_hash is None or self.seats[seat].token_hash == token_hash

    def _propose(self, seat: int, action: Any, **kw: Any) -> Transition[Any]:
        """``runner.propose``, but a step that ends a round leaves the next deal for later
        (``settings.round_pause`` seconds), so players can read the round's summary."""
        if isinstance(action, str):
            action = self.parse(action)
        resolver, self.runner.resolver = self.runner.resolver, None
        try:
            step = self.runner.propose(seat, action, **kw)
        finally:
            self.runner.resolver = resolver
        if self.settings.round_pause > 0 and self._ends_round(step.events):
            return step
        chance = self.runner.propose_chance(step.state, step.records[-1].seq + 1)
        return Transition((*step.records, *chance.records), chance.state,
                          step.events + chance.events)  # fmt: skip

    def _ends_round(self, events: tuple[Any, ...]) -> bool:
        """Whether a step closes a round (the game's ``round_end`` events): pause there."""
        return any(isinstance(e, self.game.round_end) for e in events)

    def _pause_before_deal(self) -> None:
        """After a round's end: deal the next one in ``settings.round_pause`` seconds."""
        if self.pause.waiting or self.game.pending_chance(self.runner.state) is None:
            return
        pause = self.settings.round_pause
        self.pause.start(pause, lambda: self.post(Deal()))
        self._broadcast(Pause(pause))

    async def _ready(self, seat: int) -> None:
        """``seat`` has read the summary; once every human seat has, the next deal comes now."""
        if not self.pause.waiting or self.seats[seat].kind != "human":
            return
        everyone = self.pause.ready(seat, self.seats.humans())
        self._broadcast(ReadySeats(sorted(self.pause.ready_seats)))
        if everyone:
            await self._deal()

    async def _deal(self) -> None:
        self.pause.end()
        if self.status == "running" and not self.stopped:
            await self._persist_and_publish(self.runner.propose_chance())

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
        return any(old.get(k) != new.get(k) for k in new.keys() - NOT_MEANING)

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
        self.holders.record(step.records[-1], partial(self._round, step.state))
        self.history.record(step.events, version.json)
        self.public.record(version.v, step.events, lambda event: version.said(self.game, event))
        for sub, audience in list(self.subscribers.items()):
            sub.send(version.envelope(self.game, audience))

    @property
    def bot_only(self) -> bool:
        """A running game with a bot in every seat: it costs the server and nobody plays."""
        return self.status == "running" and all(r.kind == "bot" for r in self.seats)

    async def _say(self, command: Say) -> Outcome[None]:
        """Store and broadcast a chat line; a spectator may not sign as a seated player."""
        name, audience = command.name, command.audience
        if isinstance(audience, int) and not self._holds(audience, command.token_hash):
            return not_yours(audience)
        seated = [r.name for r in self.seats if r.name]
        if not isinstance(audience, int) and name and any(same_name(name, n) for n in seated):
            return Refused(Refusal.NAME_TAKEN, f"{name!r} is a seated player's name")
        line = signed(self.seats, audience, name, command.text, self.chat.stamp())
        await self.store.add_chat(self.id, line)
        self._broadcast(self.chat.add(line))
        return Accepted(None)

    async def _close(self, reason: str) -> None:
        """End an unfinished game early (a bot-only table whose time is up): finished with no
        winner and ``reason`` in its outcome; every watcher gets the finished table."""
        if self.status == "finished":
            return
        data = {"scores": [0] * self.num_seats, "winners": [], "reason": reason}
        at = utc_now()
        await self.store.finish(self.id, data, at)
        self.meta = replace(self.meta, status="finished", outcome=data, finished_at=at)
        self.lobby_changes += 1
        self.bots.stop()
        log.info("table %s closed at version %d: %s", self.id, self.version, reason)
        for sub, audience in list(self.subscribers.items()):
            sub.send(self.welcome(audience))

    async def _rematch(self, make: Callable[[], Awaitable[tuple[str, str]]]) -> tuple[str, str]:
        """The finished table's rematch (its id and invite secret): made by ``make`` for the
        first who asks, the same one for the others. Its join link goes to the sockets of
        seated humans only: spectators of a private table must not get in by it."""
        if self.status != "finished":
            msg = "a rematch follows a finished game"
            raise LobbyError(msg, Problem.CONFLICT, LobbyCode.REMATCH_FINISHED)
        if self.next_table is None:
            self.next_table = table, invite = await make()
            message = RematchFrame(table, f"/t/{table}#invite={invite}")
            for sub, audience in list(self.subscribers.items()):
                if isinstance(audience, int) and self.seats[audience].kind == "human":
                    sub.send(message)
        return self.next_table

    async def _finish(self) -> None:
        outcome = self.game.outcome(self.runner.state)
        data = outcome.to_json() if outcome is not None else {}
        at = utc_now()
        crash_point("finish.store")
        await self.store.finish(self.id, data, at)
        self.meta = replace(self.meta, status="finished", outcome=data, finished_at=at)
        self.lobby_changes += 1
        log.info("table %s finished at version %d: %s", self.id, self.version, data)
        # a sealed (duplicate) table is no match of the players' records: its result is its
        # room's (the challenge's, the event's), shown as the boards' secrecy allows; in a
        # profile's or a bot's match list it would name the table, its result and counters
        if self.results is not None and not self.sealed:
            try:
                await self.results.finished(self.meta, tuple(self.seats))
            except Exception:  # the players' records must never stop a table
                log.exception("table %s: recording the match result failed", self.id)

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
        elif self.status == "running" and not self.pause.waiting:
            self.runner.resolver = self.deal(self.runner.records)
            await self._persist_and_publish(self.runner.propose_chance())
        self._schedule_bots()

    async def _maybe_start(self) -> None:
        if self.status != "open" or not self.seats.full():
            return
        crash_point("start.status")
        await self.store.set_status(self.id, "running")
        self.meta = replace(self.meta, status="running")
        self.lobby_changes += 1
        log.info("table %s (%s) started", self.id, self.game.name)
        crash_point("start.deal")
        self.runner.resolver = self.deal(self.runner.records)
        await self._persist_and_publish(self.runner.propose_chance())

    def _schedule_bots(self) -> None:
        if self.status != "running" or self.stopped or self.hold is not None:
            return  # a held table waits for the bomb: no bot thinks, no clock runs out
        self._arm_clock()
        state, game = self.runner.state, self.game
        awaited = game.awaited(state)
        armed = self.bots.schedule(
            self.version,
            game.active_seats(state),
            lambda seat: (self.version, self.observation(seat), self.history[seat]),
            lambda seat, text, seen: self.post(BotAnswer(seat, text, seen)),
            awaited,
            lambda seat: legal_texts(game, state, seat),
            self._forced,
        )
        if len(awaited) == 1 and self.ring and self.ring[-1].v == self.version:
            for seat in armed:  # the bot whose turn it is: its view, while this state is warm
                if seat in awaited:
                    self.ring[-1].observation(game, seat)

    def _forced(self, seat: int) -> tuple[int, str] | None:
        """The version now and ``seat``'s only legal action, if the game waits for the seat
        and it has just one (``BotDriver``: a forced move needs no view)."""
        state, game = self.runner.state, self.game
        if seat not in game.awaited(state):
            return None
        last = self.ring[-1] if self.ring and self.ring[-1].v == self.version else None
        built = None if last is None else last.known(seat)
        if built is not None:
            legal = built["legal"]
            return (self.version, legal[0]) if len(legal) == 1 else None
        actions = game.legal_actions(state, seat)  # counted before any is formatted (an
        if len(actions) != 1:  # exchange lists 42, and the view lists them again)
            return None
        return self.version, game.format_action(actions[0])

    async def _bot_answer(self, seat: int, text: str, seen: int) -> None:
        self.bots.done(seat)
        try:
            if text and (self.seats[seat].kind == "bot" or seat in self.clock.away):
                outcome = await self._submit(Act(seat, text))
                if not isinstance(outcome, Refused):
                    return  # stored and published, which scheduled the bots and the clock anew
                log.debug("table %s: bot at seat %d refused: %s", self.id, seat, outcome.reason)
                active = self.game.active_seats(self.runner.state)
                held = self.hold is not None  # refused for the hold, not for the state it saw
                stuck = seen == self.version and seat in active and not held
                if stuck:
                    log.warning("table %s: bot at seat %d plays its default", self.id, seat)
                    await self._default_action(seat)
        except Exception:  # e.g. the store is unreachable: think again in a while
            loop = asyncio.get_running_loop()
            loop.call_later(BOT_RETRY_DELAY, self.post, BotRetry(seat))
            raise
        self._schedule_bots()

    # -- the clock and the bomb hold -----------------------------------------------------------
    def _bot_driver(self, pool: BotPool) -> BotDriver:
        """The table's own pace if its owner chose one: every bot then waits exactly that long
        after each change (no jitter), so how long the table pauses never depends on a seat
        or on what it holds; else the server's ``bot_delay`` with its jitter."""
        pace = self.meta.pace
        if pace is None:
            return BotDriver(self.game.name, self.settings.bot_delay, pool)
        return BotDriver(self.game.name, pace, pool, jitter=0.0)

    def _clock_rules(self) -> ClockRules:
        """The table's own clock if its owner chose one; else ``settings.turn_timeout`` at
        every table; else public tables get the clock (``clock_move`` per move plus a
        ``clock_bank``), private and hot-seat ones none."""
        settings, meta = self.settings, self.meta
        if meta.clock_move is not None:
            return ClockRules(meta.clock_move, meta.clock_bank or 0.0, settings.clock_strikes)
        if settings.turn_timeout > 0:
            return ClockRules(settings.turn_timeout, 0.0, settings.clock_strikes)
        if meta.private or meta.hot_seat:
            return ClockRules()
        return ClockRules(settings.clock_move, settings.clock_bank, settings.clock_strikes)

    def _running(self) -> asyncio.AbstractEventLoop:
        """The loop this table runs on, looked up once: asyncio's lookup makes a ``getpid``
        system call every time, and the clock asks at every record."""
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        return loop

    def _clock_json(self) -> Json | None:
        if not self.clock.rules.on:
            return None
        return self.clock.to_json(self._running().time())

    def _clock_state(self) -> ClockState | None:
        now = self._clock_json()
        return None if now is None else msgspec.convert(now, ClockState)

    def _arm_clock(self) -> None:
        """Every human seat that owes a move (not away: its bot plays) runs its clock; a timer
        per seat fires at its deadline. Pages hear of each change (``clock``)."""
        if not self.clock.rules.on:
            return
        loop = self._running()
        # a seat owes a move exactly when the game awaits it (an awaited seat always has legal
        # actions: the engine's contract, ``engine.testing.check_awaited``), so no seat's
        # observation is built here (a human whose page is closed is sent none)
        awaited, away, seats = self.game.awaited(self.runner.state), self.clock.away, self.seats
        owing = [s for s in awaited if seats[s].kind == "human" and s not in away]
        if self._clock_holds(owing):  # most records: the same seats owe, their timers run
            self._send_clock()
            return
        self.clock.owe(owing, loop.time())
        for seat in range(self.num_seats):
            deadline, since = self.clock.deadline(seat), self.clock.since.get(seat)
            armed = self._clock_timers.get(seat)
            if armed is not None and armed[0] == since:
                continue
            if armed is not None:
                armed[1].cancel()
                del self._clock_timers[seat]
            if deadline is not None and since is not None:
                fire = loop.call_at(deadline, self.post, ClockOut(seat, since))
                self._clock_timers[seat] = (since, fire)
        self._send_clock()

    def _clock_holds(self, owing: list[int]) -> bool:
        """Whether ``owing`` are the seats that owe already, each with its timer armed for the
        move it owes: then ``clock.owe`` and the timers would change nothing."""
        since, timers = self.clock.since, self._clock_timers
        if len(owing) != len(since) or len(timers) != len(since):
            return False
        for seat in owing:
            armed = timers.get(seat)
            if armed is None or armed[0] != since.get(seat):
                return False
        return True

    def _send_clock(self) -> None:
        """Tell the pages when the clock changed: which seats owe since when, the banks (as
        shown, to 0.1 s), who is away. Compared on those, so that the frame (its seconds left
        at this moment) is built only when it is sent (the actor asks after every record);
        and compared only when the clock changed at all since the last look."""
        clock = self.clock
        if not clock.rules.on or clock.changes == self._clock_looked:
            return
        self._clock_looked = clock.changes
        key = (sorted(clock.since.items()), [round(b, 1) for b in clock.bank], sorted(clock.away))
        if key != self._clock_sent:
            self._clock_sent = key
            self._broadcast(msgspec.convert(self._clock_json(), Clock))

    async def _clock_out(self, seat: int, since: float) -> None:
        """``seat``'s time is up: the heuristic moves for it from its own view (the whole
        exchange at once), and after ``clock_strikes`` such timeouts in a row a bot plays
        the seat until its player is back."""
        self._clock_timers.pop(seat, None)
        if self.clock.since.get(seat) != since or self.hold is not None or self.stopped:
            return
        if self.status != "running" or self.seats[seat].kind != "human":
            return
        log.info("table %s: seat %d timed out at version %d", self.id, seat, self.version)
        away = self.clock.timed_out(seat)
        phase = self.observation(seat).get("phase")
        for _ in range(MAX_TIMEOUT_MOVES):  # all the seat owes in this phase (an exchange: 3)
            view = SeatView(self.game.name, seat, self.observation(seat), self.history[seat])
            if not owes_move(view) or view.obs.get("phase") != phase:
                break
            action = timeout_action(view, self.rng)
            if action is None:
                break
            transition = self._propose(seat, action, kind="timeout", auto=True, at=utc_now())
            await self._persist_and_publish(transition)
        if away:
            levels = bot_levels(self.game.name)
            level = self.settings.takeover_level
            self.bots.seat(seat, level if level in levels else "random")
            self._seats_changed()
            self._send_clock()
            self._schedule_bots()

    def _back(self, seat: int, tell: bool = True) -> None:
        """The player of ``seat`` acted or said it is back: no strikes, no bot."""
        was_away = seat in self.clock.away
        self.clock.answered(seat)
        if was_away and self.seats[seat].kind == "human":
            self.bots.seat(seat, None)
            self._seats_changed()
            if tell:
                self._schedule_bots()
                self._send_clock()

    def _bombs(self, seat: int) -> list[str]:
        """``seat``'s legal actions that are bombs (in or out of its turn)."""
        return bomb_actions(self.observation(seat))

    async def _claim_bomb(self, seat: int) -> None:
        """``seat`` pressed Bomb: with one bomb it is played now; with several the table holds
        still (no bot thinks, no clock runs out) until the seat plays one, or for
        ``settings.bomb_pick`` seconds, after which its first bomb is played: a press is
        always followed by a bomb. Everyone hears only that this seat is bombing."""
        if self.hold is not None or self.status != "running" or self.seats[seat].kind != "human":
            return
        bombs = self._bombs(seat)
        if not bombs:
            return
        self._back(seat, tell=False)
        if len(bombs) == 1:
            await self._submit(Act(seat, bombs[0]))
            return
        self.bots.stop()
        for other in range(self.num_seats):
            self.bots.forget(other)
        loop = asyncio.get_running_loop()
        timer = loop.call_later(self.settings.bomb_pick, self.post, HoldOver(seat, self.version))
        self.hold = BombHold(seat, tuple(bombs), self.version, timer)
        self._broadcast(Hold(seat))

    def _end_hold(self) -> None:
        if self.hold is not None:
            self.hold.timer.cancel()
            self.hold = None
            self._broadcast(Hold(None))

    async def _hold_over(self, seat: int, version: int) -> None:
        hold = self.hold
        if hold is None or hold.seat != seat or hold.version != version:
            return
        log.info("table %s: seat %d picked no bomb in time; its first is played", self.id, seat)
        outcome = await self._submit(Act(seat, hold.bombs[0]))
        if isinstance(outcome, Refused):  # cannot happen while held; never leave a table stuck
            self._end_hold()
            self._schedule_bots()

    async def _default_action(self, seat: int) -> None:
        """Play the game's default action for ``seat`` (a timed-out human, or a bot whose
        answer was refused for the very state it saw)."""
        action = self.game.default_action(self.runner.state, seat)
        transition = self._propose(seat, action, kind="timeout", auto=True, at=utc_now())
        await self._persist_and_publish(transition)

    # -- seats -----------------------------------------------------------------------------
    async def _change_seat(self, command: TakeSeat | SetBot | Leave) -> str | Json | None:
        """Decide the change (``Seats``' policy, which raises ``LobbyError``), then apply it.
        Returns what the command's ``call`` promises: the new token, nothing, the new holder."""
        seats, status, access = self.seats, self.status, self.access
        result: str | Json | None = None
        match command:
            case TakeSeat(seat, name, who):
                change, result = seats.take(seat, name, who, status, access)
            case SetBot(seat, level, who, token):
                change = seats.bot(seat, level, who, token, status, access)
            case Leave(seat, token, who):
                takeover = self.settings.takeover_level
                change = seats.leave(seat, token, who, status, access, takeover)
                new = change.row
                result = {"seat": seat, "kind": new.kind}
                if new.level:
                    result["level"] = new.level
        await self._set_seat(change)
        return result

    async def _set_seat(self, change: SeatChange) -> None:
        row = change.row
        await self.store.set_seat(self.id, row)
        self.seats.put(row)
        self._unseat(row.seat, change.reason)
        self.touched = self.now()
        self.bots.seat(row.seat, row.level if row.kind == "bot" else None)
        self.clock.answered(row.seat)  # a new holder starts without strikes
        await self._persist_and_publish(self.runner.propose_seat_change(row.seat, change.text))
        self._seats_changed()
        await self._maybe_start()
        self._schedule_bots()
